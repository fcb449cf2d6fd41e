"""Rulebook section R-UNO: saying UNO, the catch window and its penalty."""

from __future__ import annotations

from support import reject, run, scenario

from unotui.engine import (
    AcceptDrawFour,
    CallUno,
    Card,
    CardPlayed,
    CardsDrawn,
    CatchUno,
    Challenge,
    Color,
    DrawCard,
    DrawReason,
    PlayCard,
    StartHand,
    TurnStarted,
    UnoCalled,
    UnoCaught,
    preset,
    view_for,
)

HANDS = [["r1", "r2"], ["y1", "y2", "r7"], ["g1", "g2", "g3"]]
"""Seat 0 is about to play its second-to-last card on a red 5."""

PENALTY = ["b7", "b8", "b9", "b6"]
"""The top of the draw pile: what a caught player draws."""


def test_R_UNO_1_say_uno_with_the_play() -> None:
    """Rule: R-UNO-1"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    events = run(match, PlayCard(seat=0, card=Card.R1, uno=True))
    assert events == [CardPlayed(seat=0, card=Card.R1), UnoCalled(seat=0), TurnStarted(seat=1)]
    assert view_for(match.state, 2).catchable is None and view_for(match.state, 2).uno_said == (True, False, False)
    assert reject(match, CatchUno(seat=2, target=0)).reason == "seat 0 has said UNO"


def test_R_UNO_1_say_uno_just_before_the_play() -> None:
    """Rule: R-UNO-1"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    assert run(match, CallUno(seat=0)) == [UnoCalled(seat=0)]
    assert match.state.turn == 0  # saying it is not the turn
    run(match, PlayCard(seat=0, card=Card.R1))
    assert reject(match, CatchUno(seat=1, target=0)).rule == "R-UNO-5"


def test_R_UNO_1_uno_with_a_play_that_leaves_more_than_one_card_is_rejected() -> None:
    """Rule: R-UNO-1"""
    match = scenario(hands=[["r1", "r2", "r3"], ["y1"]], discard=["r5"])
    rejected = reject(match, PlayCard(seat=0, card=Card.R1, uno=True))
    assert rejected.rule == "R-UNO-7"
    # Says why not yet, where "you say UNO with the play of your second-to-last card" read as
    # if it had been said.
    assert rejected.reason == "this play would leave you 2 cards: say UNO with the play that leaves you one"


def test_R_UNO_2_a_late_call_is_safe() -> None:
    """Rule: R-UNO-2"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R1))
    assert view_for(match.state, 1).catchable == 0
    assert run(match, CallUno(seat=0)) == [UnoCalled(seat=0)]  # not their turn: still accepted
    assert view_for(match.state, 1).catchable is None
    assert reject(match, CatchUno(seat=1, target=0)).reason == "seat 0 has said UNO"


def test_R_UNO_2_a_late_call_after_the_window_is_accepted_too() -> None:
    """Rule: R-UNO-2"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R1), PlayCard(seat=1, card=Card.R7))
    assert run(match, CallUno(seat=0)) == [UnoCalled(seat=0)]


def test_R_UNO_3_any_other_player_may_catch() -> None:
    """Rule: R-UNO-3"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R1))
    # Seat 2 is not the next player; it may catch all the same.
    events = run(match, CatchUno(seat=2, target=0))
    assert events == [
        UnoCaught(seat=0, by=2),
        CardsDrawn(seat=0, count=2, cards=(Card.B7, Card.B8), reason=DrawReason.UNO_PENALTY),
    ]
    assert match.state.turn == 1 and match.state.hands[0] == [Card.R2, Card.B7, Card.B8]
    assert reject(match, CatchUno(seat=1, target=0)).rule == "R-UNO-5"


def test_R_UNO_3_window_closes_when_the_next_player_plays() -> None:
    """Rule: R-UNO-3"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R1), PlayCard(seat=1, card=Card.R7))
    rejected = reject(match, CatchUno(seat=2, target=0))
    assert rejected.rule == "R-UNO-4" and rejected.reason == "too late: the chance to catch seat 0 has passed"


def test_R_UNO_3_window_closes_when_the_next_player_draws() -> None:
    """Rule: R-UNO-3"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R1), DrawCard(seat=1))
    assert reject(match, CatchUno(seat=2, target=0)).rule == "R-UNO-4"


def test_R_UNO_3_penalty_draws_forced_by_a_card_leave_the_window_open() -> None:
    """Rule: R-UNO-3"""
    match = scenario(hands=[["r+2", "r2"], ["y1", "y2"], ["g1", "g2"]], discard=["r5"], draw_pile=[*PENALTY, "b1", "b2"])
    run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert match.state.turn == 2 and len(match.state.hands[1]) == 4
    events = run(match, CatchUno(seat=1, target=0))
    assert events[1] == CardsDrawn(seat=0, count=2, cards=(Card.B9, Card.B6), reason=DrawReason.UNO_PENALTY)


def test_R_UNO_3_wild_draw_four_penalties_leave_the_window_open() -> None:
    """Rule: R-UNO-3"""
    hands = [["w+4", "b2"], ["y1", "y2"], ["g1", "g2"]]
    for answer in (AcceptDrawFour(seat=1), Challenge(seat=1)):
        match = scenario(hands=hands, discard=["r5"], draw_pile=[*PENALTY, "g7", "g8", "g9", "g6"])
        run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.GREEN), answer)
        assert match.state.turn == 2
        assert run(match, CatchUno(seat=2, target=0))[0] == UnoCaught(seat=0, by=2)


def test_R_UNO_4_a_caught_player_draws_the_penalty() -> None:
    """Rule: R-UNO-4"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY, rules=preset("sheet-42001"))
    run(match, PlayCard(seat=0, card=Card.R1))
    events = run(match, CatchUno(seat=1, target=0))
    assert events[1] == CardsDrawn(seat=0, count=4, cards=tuple(Card(card) for card in PENALTY), reason=DrawReason.UNO_PENALTY)


def test_R_UNO_4_no_penalty_after_the_window_closes() -> None:
    """Rule: R-UNO-4"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R1), PlayCard(seat=1, card=Card.R7))
    assert reject(match, CatchUno(seat=1, target=0)).rule == "R-UNO-4"
    assert match.state.hands[0] == [Card.R2]


def test_R_UNO_5_rejected_catches_change_nothing() -> None:
    """Rule: R-UNO-5"""
    match = scenario(hands=HANDS, discard=["r5"], draw_pile=PENALTY)
    assert reject(match, CatchUno(seat=1, target=0)).reason == "seat 0 holds 2 cards, not one"
    run(match, PlayCard(seat=0, card=Card.R1))
    assert reject(match, CatchUno(seat=0, target=0)).reason == "you can't catch yourself: say UNO instead"
    assert reject(match, CatchUno(seat=1, target=7)).reason == "there is no seat 7 at this table"
    assert reject(match, CatchUno(seat=1, target=2)).rule == "R-UNO-5"
    run(match, CallUno(seat=0))
    rejected = reject(match, CatchUno(seat=1, target=0))
    assert rejected.rule == "R-UNO-5" and rejected.reason == "seat 0 has said UNO"


def test_R_UNO_6_without_multi_play_going_out_passes_through_one_card() -> None:
    """Rule: R-UNO-6"""
    # Two players: a Skip lets seat 0 play again, but it held one card in between,
    # so it had to say UNO and can be caught before its last card.
    match = scenario(hands=[["rs", "r2"], ["y1", "y2"]], discard=["r5"], draw_pile=PENALTY)
    run(match, PlayCard(seat=0, card=Card.R_SKIP))
    assert match.state.turn == 0 and view_for(match.state, 1).catchable == 0
    run(match, CatchUno(seat=1, target=0))
    assert match.state.hands[0] == [Card.R2, Card.B7, Card.B8]


def test_R_UNO_7_when_saying_uno_is_accepted() -> None:
    """Rule: R-UNO-7"""
    match = scenario(hands=[["r1", "r2", "r3"], ["y1", "y2"], ["g1"]], discard=["r5"], draw_pile=PENALTY, uno_window=2)
    assert reject(match, CallUno(seat=0)).reason.startswith("you hold 3 cards: say UNO as you play")
    assert reject(match, CallUno(seat=1)).rule == "R-UNO-7"  # two cards, not their turn
    assert run(match, CallUno(seat=2)) == [UnoCalled(seat=2)]  # one card, not yet said
    assert reject(match, CallUno(seat=2)).reason == "you have already said UNO"
    run(match, PlayCard(seat=0, card=Card.R1))
    assert run(match, CallUno(seat=1)) == [UnoCalled(seat=1)]  # two cards on own turn


def test_R_UNO_7_two_cards_while_answering_a_wild_draw_four_is_rejected() -> None:
    """Rule: R-UNO-7"""
    match = scenario(hands=[["w+4", "r2", "r3"], ["y1", "y2"], ["g1", "g2"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert reject(match, CallUno(seat=1)).rule == "R-UNO-7"


def test_R_UNO_7_saying_uno_after_drawing_a_playable_card() -> None:
    """Rule: R-UNO-7"""
    match = scenario(hands=[["r1"], ["y1", "y2"]], discard=["r5"], draw_pile=["r9"], uno=(0,))
    run(match, DrawCard(seat=0))
    assert match.state.uno_said[0] is False  # drawing ends the earlier call
    events = run(match, PlayCard(seat=0, card=Card.R9, uno=True))
    assert events[:2] == [CardPlayed(seat=0, card=Card.R9), UnoCalled(seat=0)]


def test_R_UNO_7_no_call_between_hands() -> None:
    """Rule: R-UNO-7"""
    match = scenario(hands=[["r1"], ["y1"]], discard=["r5"], uno=(0,))
    run(match, PlayCard(seat=0, card=Card.R1))
    assert reject(match, CallUno(seat=1)).rule == "R-SCORE-1"
    run(match, StartHand(seat=1))
