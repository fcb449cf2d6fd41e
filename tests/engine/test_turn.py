"""Rulebook section R-TURN: playing, drawing, naming colours, reshuffles and blocked hands."""

from __future__ import annotations

from collections import Counter

import pytest

from support import reject, run, scenario

from unotui.engine import (
    Card,
    CardKept,
    CardPlayed,
    CardsDrawn,
    CatchUno,
    Color,
    ColorNamed,
    Decision,
    DiscardsReshuffled,
    DrawCard,
    DrawnCardPlayable,
    DrawReason,
    HandEnded,
    HandStarted,
    KeepCard,
    Phase,
    PlayCard,
    StartHand,
    TurnSkipped,
    TurnStarted,
    UnoCaught,
    parse_card,
)

# R-TURN-1


@pytest.mark.parametrize("card", ["r9", "g5", "w"])
def test_R_TURN_1_play_by_colour_number_or_wild(card: str) -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["r9", "g5", "w", "b1"], ["y1"], ["y2"]], discard=["r5"])
    color = Color.BLUE if card == "w" else None
    events = run(match, PlayCard(seat=0, card=parse_card(card), color=color))
    assert events[0] == CardPlayed(seat=0, card=parse_card(card))
    assert match.state.discard[-1] is parse_card(card) and match.state.turn == 1


@pytest.mark.parametrize("top,card", [("rs", "gs"), ("rr", "br"), ("r+2", "y+2")])
def test_R_TURN_1_symbol_matches_symbol(top: str, card: str) -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[[card, "b1"], ["y1", "y2"], ["y3", "y4"]], discard=[top])
    run(match, PlayCard(seat=0, card=parse_card(card)))
    assert match.state.color is parse_card(card).color


def test_R_TURN_1_a_wild_may_be_played_on_a_wild() -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["w", "b1"], ["y1"]], discard=["r5", "w"], color="green")
    run(match, PlayCard(seat=0, card=Card.WILD, color=Color.RED))
    assert match.state.color is Color.RED


def test_R_TURN_1_after_a_wild_the_named_colour_decides() -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["r5", "g1"], ["y1"]], discard=["r5", "w"], color="green")
    rejected = reject(match, PlayCard(seat=0, card=Card.R5))
    assert rejected.rule == "R-TURN-1" and "doesn't match w (green)" in rejected.reason
    run(match, PlayCard(seat=0, card=Card.G1))


def test_R_TURN_1_non_matching_card_is_rejected() -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["g7", "b1"], ["y1"]], discard=["r5"])
    rejected = reject(match, PlayCard(seat=0, card=Card.G7))
    assert rejected.rule == "R-TURN-1"
    assert rejected.reason == "g7 doesn't match r5 (red): play the same colour, number or symbol, or a wild"


def test_R_TURN_1_card_not_held_is_rejected() -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["g7", "b1"], ["y1"]], discard=["r5"])
    assert reject(match, PlayCard(seat=0, card=Card.R7)).reason == "you don't hold r7"


def test_R_TURN_1_out_of_turn_play_is_rejected() -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["g7", "b1"], ["r1"]], discard=["r5"])
    rejected = reject(match, PlayCard(seat=1, card=Card.R1))
    assert rejected.rule == "R-TURN-1" and rejected.reason == "it is not your turn: seat 0 is to play"
    assert reject(match, DrawCard(seat=1)).rule == "R-TURN-1"


def test_R_TURN_1_only_one_card_per_turn() -> None:
    """Rule: R-TURN-1"""
    match = scenario(hands=[["r7", "r8", "b1"], ["y1"], ["y2"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.R7))
    assert reject(match, PlayCard(seat=0, card=Card.R8)).rule == "R-TURN-1"


# R-TURN-2


def test_R_TURN_2_may_draw_while_holding_a_playable_card() -> None:
    """Rule: R-TURN-2"""
    match = scenario(hands=[["r7", "b1"], ["y1"], ["y2"]], discard=["r5"], draw_pile=["g3"])
    events = run(match, DrawCard(seat=0))
    assert events == [
        CardsDrawn(seat=0, count=1, cards=(Card.G3,), reason=DrawReason.CHOICE),
        TurnStarted(seat=1),
    ]
    assert match.state.hands[0] == [Card.R7, Card.B1, Card.G3]


# R-TURN-3


def test_R_TURN_3_only_the_drawn_card_may_be_played() -> None:
    """Rule: R-TURN-3"""
    match = scenario(hands=[["r1", "b2"], ["y1"], ["y2"]], discard=["r5"], draw_pile=["r9"])
    events = run(match, DrawCard(seat=0))
    assert events[-1] == DrawnCardPlayable(seat=0, card=Card.R9)
    assert match.state.decision is Decision.PLAY_OR_KEEP
    rejected = reject(match, PlayCard(seat=0, card=Card.R1))
    assert rejected.rule == "R-TURN-3" and "(r9)" in rejected.reason
    assert reject(match, DrawCard(seat=0)).rule == "R-TURN-3"
    run(match, PlayCard(seat=0, card=Card.R9))
    assert match.state.discard[-1] is Card.R9 and match.state.turn == 1


def test_R_TURN_3_drawn_card_may_be_kept() -> None:
    """Rule: R-TURN-3"""
    match = scenario(hands=[["r1", "b2"], ["y1"], ["y2"]], discard=["r5"], draw_pile=["w"])
    run(match, DrawCard(seat=0))
    events = run(match, KeepCard(seat=0))
    assert events == [CardKept(seat=0), TurnStarted(seat=1)]
    assert match.state.hands[0] == [Card.R1, Card.B2, Card.WILD]
    assert match.state.decision is Decision.PLAY


def test_R_TURN_3_unplayable_drawn_card_passes_the_turn() -> None:
    """Rule: R-TURN-3"""
    match = scenario(hands=[["r1", "b2"], ["y1"], ["y2"]], discard=["r5"], draw_pile=["g9"])
    events = run(match, DrawCard(seat=0))
    assert events[-1] == TurnStarted(seat=1)
    assert reject(match, KeepCard(seat=0)).rule == "R-TURN-1"


def test_R_TURN_3_keep_without_a_drawn_card_is_rejected() -> None:
    """Rule: R-TURN-3"""
    match = scenario(hands=[["r1", "b2"], ["y1"]], discard=["r5"])
    assert reject(match, KeepCard(seat=0)).rule == "R-TURN-3"


# R-TURN-4


def test_R_TURN_4_a_wild_must_name_a_colour() -> None:
    """Rule: R-TURN-4"""
    match = scenario(hands=[["w", "w+4", "r1"], ["y1"]], discard=["g5"])
    assert reject(match, PlayCard(seat=0, card=Card.WILD)).rule == "R-TURN-4"
    assert reject(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR)).rule == "R-TURN-4"


def test_R_TURN_4_only_a_wild_names_a_colour() -> None:
    """Rule: R-TURN-4"""
    match = scenario(hands=[["g1", "r1"], ["y1"]], discard=["g5"])
    rejected = reject(match, PlayCard(seat=0, card=Card.G1, color=Color.RED))
    assert rejected.rule == "R-TURN-4"


@pytest.mark.parametrize("color", list(Color))
def test_R_TURN_4_any_colour_may_be_named_also_the_current_one(color: Color) -> None:
    """Rule: R-TURN-4"""
    match = scenario(hands=[["w", "r1"], ["y1"], ["y2"]], discard=["g5"])
    events = run(match, PlayCard(seat=0, card=Card.WILD, color=color))
    assert events == [CardPlayed(seat=0, card=Card.WILD), ColorNamed(seat=0, color=color), TurnStarted(seat=1)]
    assert match.state.color is color


# R-TURN-5


def test_R_TURN_5_empty_draw_pile_reshuffles_all_but_the_top() -> None:
    """Rule: R-TURN-5"""
    below = ["r1", "w", "g2", "w+4", "b3"]
    match = scenario(hands=[["y9", "b2"], ["y1"], ["y2"]], discard=[*below, "w"], color="green", rest=2)
    assert match.state.draw == []
    events = run(match, DrawCard(seat=0))
    reshuffle = events[0]
    assert isinstance(reshuffle, DiscardsReshuffled)
    assert Counter(reshuffle.order) == Counter(parse_card(card) for card in below)
    assert events[1] == CardsDrawn(seat=0, count=1, cards=(reshuffle.order[0],), reason=DrawReason.CHOICE)
    # The top card stays, and so does the colour its wild named.
    assert match.state.discard == [Card.WILD] and match.state.color is Color.GREEN
    assert match.state.draw == list(reversed(reshuffle.order[1:]))


def test_R_TURN_5_reshuffled_wilds_lose_their_named_colour() -> None:
    """Rule: R-TURN-5"""
    # The reshuffled wild is a bare face again: playing it names a colour afresh.
    match = scenario(hands=[["y9", "b2"], ["y1"], ["y2"]], discard=["w", "r5"], rest=2)
    events = run(match, DrawCard(seat=0))
    assert events[0] == DiscardsReshuffled(order=(Card.WILD,), rng=events[0].rng)  # type: ignore[union-attr]
    assert events[-1] == DrawnCardPlayable(seat=0, card=Card.WILD)
    assert reject(match, PlayCard(seat=0, card=Card.WILD)).rule == "R-TURN-4"
    run(match, PlayCard(seat=0, card=Card.WILD, color=Color.YELLOW))
    assert match.state.color is Color.YELLOW


def test_R_TURN_5_penalty_draws_reshuffle_too() -> None:
    """Rule: R-TURN-5"""
    match = scenario(hands=[["r+2", "b2"], ["y1"], ["y2"]], discard=["g4", "g5", "r5"], draw_pile=["b9"], rest=2)
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert events[1] == CardsDrawn(seat=1, count=1, cards=(Card.B9,), reason=DrawReason.DRAW_TWO)
    reshuffle = events[2]
    assert isinstance(reshuffle, DiscardsReshuffled)
    # The Draw Two is the new top; everything under it is reshuffled.
    assert Counter(reshuffle.order) == Counter([Card.G4, Card.G5, Card.R5])
    assert events[3] == CardsDrawn(seat=1, count=1, cards=(reshuffle.order[0],), reason=DrawReason.DRAW_TWO)
    assert events[4:] == [TurnSkipped(seat=1), TurnStarted(seat=2)]
    assert match.state.discard == [Card.R_DRAW_TWO] and len(match.state.draw) == 2


def test_R_TURN_5_a_draw_gives_what_there_is() -> None:
    """Rule: R-TURN-5"""
    match = scenario(hands=[["r+2", "b2"], ["y1"], ["y2"]], discard=["r5"], draw_pile=["b9"], rest=2)
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    # One card in the pile, one under the new top: two cards after one reshuffle.
    assert [type(event) for event in events] == [CardPlayed, CardsDrawn, DiscardsReshuffled, CardsDrawn, TurnSkipped, TurnStarted]
    assert match.state.hands[1] == [Card.Y1, Card.B9, Card.R5]
    match = scenario(hands=[["r+2", "b2"], ["y1"], ["y2"]], discard=["r5"], draw_pile=[], rest=2)
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert events[1] == DiscardsReshuffled(order=(Card.R5,), rng=events[1].rng)  # type: ignore[union-attr]
    assert events[2] == CardsDrawn(seat=1, count=1, cards=(Card.R5,), reason=DrawReason.DRAW_TWO)
    assert match.state.hands[1] == [Card.Y1, Card.R5] and match.state.draw == []


def test_R_TURN_5_nothing_to_draw_gives_no_card_and_the_turn_passes() -> None:
    """Rule: R-TURN-5"""
    match = scenario(hands=[["y9", "b2"], ["y1"], ["y2"]], discard=["r5"], rest=2)
    events = run(match, DrawCard(seat=0))
    assert events == [CardsDrawn(seat=0, count=0, cards=(), reason=DrawReason.CHOICE), TurnStarted(seat=1)]
    assert match.state.hands[0] == [Card.Y9, Card.B2]


def test_R_TURN_5_uno_penalty_with_nothing_to_draw_gives_nothing() -> None:
    """Rule: R-TURN-5"""
    match = scenario(hands=[["y9"], ["y1", "g1"], ["y2"]], discard=["r5"], turn=1, rest=2, uno_window=0)
    events = run(match, CatchUno(seat=2, target=0))
    assert events == [UnoCaught(seat=0, by=2), CardsDrawn(seat=0, count=0, cards=(), reason=DrawReason.UNO_PENALTY)]


# R-TURN-6


def test_R_TURN_6_everyone_passing_blocks_the_hand() -> None:
    """Rule: R-TURN-6"""
    match = scenario(hands=[["y9", "b2"], ["y1"], ["w"]], discard=["r5"], rest=0, dealer=1, turn=2,
                     scores=(10, 20, 30))
    hands = [list(hand) for hand in match.state.hands]
    run(match, DrawCard(seat=2))  # a wild was playable: passing is still a choice
    run(match, DrawCard(seat=0))
    assert match.state.passes == 2
    events = run(match, DrawCard(seat=1))
    assert events == [
        CardsDrawn(seat=1, count=0, cards=(), reason=DrawReason.CHOICE),
        HandEnded(winner=None, hands=tuple(tuple(hand) for hand in hands), points=(0, 0, 0), totals=(10, 20, 30)),
    ]
    assert match.state.phase is Phase.HAND_OVER and match.state.scores == [10, 20, 30]
    # The deal passes on.
    assert run(match, StartHand(seat=0))[0] == HandStarted(hand=2, dealer=2)


def test_R_TURN_6_a_play_between_passes_starts_the_count_again() -> None:
    """Rule: R-TURN-6"""
    match = scenario(hands=[["y9", "b2"], ["r1", "y3"], ["w"]], discard=["r5"], rest=0, turn=2)
    run(match, DrawCard(seat=2), DrawCard(seat=0), PlayCard(seat=1, card=Card.R1))
    assert match.state.passes == 0 and match.state.phase is Phase.PLAYING
    # The play put r5 under the top, so there is something to draw again.
    events = run(match, DrawCard(seat=2))
    assert events[1] == CardsDrawn(seat=2, count=1, cards=(Card.R5,), reason=DrawReason.CHOICE)
