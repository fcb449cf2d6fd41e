"""Rulebook sections R-ACT and R-WD4: Skip, Reverse, Draw Two, Wild Draw Four and its challenge."""

from __future__ import annotations

from support import reject, run, scenario

from unotui.engine import (
    AcceptDrawFour,
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    ChallengeResolved,
    Color,
    ColorNamed,
    Decision,
    DirectionReversed,
    DrawCard,
    DrawReason,
    PlayCard,
    TurnSkipped,
    TurnStarted,
    redact,
    validate_position,
    view_for,
    visible_events,
)

THREE = [["rs", "rr", "r+2", "b1"], ["y1", "y2"], ["g1", "g2"]]

# R-ACT


def test_R_ACT_1_skip_makes_the_next_player_lose_the_turn() -> None:
    """Rule: R-ACT-1"""
    match = scenario(hands=THREE, discard=["r5"])
    events = run(match, PlayCard(seat=0, card=Card.R_SKIP))
    assert events == [CardPlayed(seat=0, card=Card.R_SKIP), TurnSkipped(seat=1), TurnStarted(seat=2)]


def test_R_ACT_1_skip_going_backward() -> None:
    """Rule: R-ACT-1"""
    match = scenario(hands=[["y1"], ["g1"], ["rs", "b1"], ["y2"]], discard=["r5"], turn=2, direction=-1)
    events = run(match, PlayCard(seat=2, card=Card.R_SKIP))
    assert events[1:] == [TurnSkipped(seat=1), TurnStarted(seat=0)]


def test_R_ACT_2_reverse_changes_the_direction() -> None:
    """Rule: R-ACT-2"""
    match = scenario(hands=[["y1"], ["gr", "y2"], ["rr", "b1"], ["y3"]], discard=["r5"], turn=2)
    events = run(match, PlayCard(seat=2, card=Card.R_REVERSE))
    assert events == [CardPlayed(seat=2, card=Card.R_REVERSE), DirectionReversed(direction=-1), TurnStarted(seat=1)]
    assert match.state.direction == -1
    events = run(match, PlayCard(seat=1, card=Card.G_REVERSE))
    assert events[1:] == [DirectionReversed(direction=1), TurnStarted(seat=2)]


def test_R_ACT_3_draw_two_next_player_draws_and_loses_the_turn() -> None:
    """Rule: R-ACT-3"""
    match = scenario(hands=[*THREE[:1], ["y+2", "y2"], ["g1", "g2"]], discard=["r5"], draw_pile=["b7", "b8"])
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert events == [
        CardPlayed(seat=0, card=Card.R_DRAW_TWO),
        CardsDrawn(seat=1, count=2, cards=(Card.B7, Card.B8), reason=DrawReason.DRAW_TWO),
        TurnSkipped(seat=1),
        TurnStarted(seat=2),
    ]
    # No stacking: the victim can't answer with their own Draw Two.
    assert reject(match, PlayCard(seat=1, card=Card.Y_DRAW_TWO)).rule == "R-TURN-1"
    assert match.state.hands[1] == [Card.Y_DRAW_TWO, Card.Y2, Card.B7, Card.B8]


def test_R_ACT_4_two_players_reverse_works_as_skip() -> None:
    """Rule: R-ACT-4"""
    match = scenario(hands=[["rr", "r1", "b1"], ["y1"]], discard=["r5"])
    events = run(match, PlayCard(seat=0, card=Card.R_REVERSE))
    assert events == [CardPlayed(seat=0, card=Card.R_REVERSE), TurnSkipped(seat=1), TurnStarted(seat=0)]
    assert match.state.direction == 1
    run(match, PlayCard(seat=0, card=Card.R1))
    assert match.state.turn == 1


def test_R_ACT_4_two_players_skip_plays_again() -> None:
    """Rule: R-ACT-4"""
    match = scenario(hands=[["y1"], ["rs", "r1", "b1"]], discard=["r5"], turn=1)
    events = run(match, PlayCard(seat=1, card=Card.R_SKIP))
    assert events[1:] == [TurnSkipped(seat=0), TurnStarted(seat=1)]


def test_R_ACT_4_two_players_draw_two_returns_to_the_player() -> None:
    """Rule: R-ACT-4"""
    match = scenario(hands=[["r+2", "b1"], ["y1"]], discard=["r5"], draw_pile=["g1", "g2"])
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert events[1:] == [
        CardsDrawn(seat=1, count=2, cards=(Card.G1, Card.G2), reason=DrawReason.DRAW_TWO),
        TurnSkipped(seat=1),
        TurnStarted(seat=0),
    ]


def test_R_ACT_4_two_players_wild_draw_four_returns_to_the_player() -> None:
    """Rule: R-ACT-4"""
    match = scenario(hands=[["w+4", "b1"], ["y1"]], discard=["r5"], draw_pile=["g1", "g2", "g3", "g4"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    events = run(match, AcceptDrawFour(seat=1))
    assert events[-2:] == [TurnSkipped(seat=1), TurnStarted(seat=0)]
    run(match, PlayCard(seat=0, card=Card.B1))


# R-WD4


def test_R_WD4_1_legal_without_a_card_of_the_current_colour() -> None:
    """Rule: R-WD4-1"""
    # Seat 0 holds a red 5 (same number) and a red Skip: neither is green.
    match = scenario(hands=[["w+4", "r5", "rs"], ["y1"], ["y2"]], discard=["g5"])
    events = run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.RED))
    assert events == [
        CardPlayed(seat=0, card=Card.WILD_DRAW_FOUR, bluff=False),
        ColorNamed(seat=0, color=Color.RED),
        TurnStarted(seat=1, decision=Decision.CHALLENGE),
    ]


def test_R_WD4_1_on_a_wild_the_named_colour_counts() -> None:
    """Rule: R-WD4-1"""
    # The wild on top named yellow; seat 0's red cards don't matter, its yellow one does.
    legal = scenario(hands=[["w+4", "r1"], ["y1"]], discard=["w"], color="yellow")
    assert run(legal, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.RED))[0] == CardPlayed(
        seat=0, card=Card.WILD_DRAW_FOUR, bluff=False)
    bluff = scenario(hands=[["w+4", "y9"], ["y1"]], discard=["w"], color="yellow")
    assert run(bluff, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.RED))[0] == CardPlayed(
        seat=0, card=Card.WILD_DRAW_FOUR, bluff=True)


def test_R_WD4_1_challenge_after_a_wild_named_colour() -> None:
    """Rule: R-WD4-1"""
    match = scenario(hands=[["w+4", "g3", "b1"], ["y1"], ["y2"]], discard=["r5", "w"], color="green",
                     draw_pile=["r1", "r2", "r3", "r4"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    events = run(match, Challenge(seat=1))
    assert events[0] == ChallengeResolved(challenger=1, challenged=0, succeeded=True, revealed=(Card.G3, Card.B1))
    assert match.state.hands[0] == [Card.G3, Card.B1, Card.R1, Card.R2, Card.R3, Card.R4]


def test_R_WD4_2_a_bluff_is_allowed_and_recorded_for_the_audit_only() -> None:
    """Rule: R-WD4-2"""
    match = scenario(hands=[["w+4", "g3"], ["y1"], ["y2"]], discard=["g5"])
    events = run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert events[0] == CardPlayed(seat=0, card=Card.WILD_DRAW_FOUR, bluff=True)
    for seat in range(3):
        assert redact(events[0], seat) == CardPlayed(seat=0, card=Card.WILD_DRAW_FOUR, bluff=None)
    assert redact(events[0], None) == events[0]
    assert match.state.bluff is True
    assert "bluff" not in view_for(match.state, 1).__struct_fields__


def test_R_WD4_3_only_the_player_who_must_draw_may_challenge() -> None:
    """Rule: R-WD4-3"""
    match = scenario(hands=[["w+4", "g3"], ["y1"], ["y2"]], discard=["g5"])
    assert reject(match, Challenge(seat=0)).rule == "R-WD4-3"  # no Wild Draw Four yet
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert reject(match, Challenge(seat=2)).rule == "R-TURN-1"
    assert reject(match, Challenge(seat=0)).rule == "R-TURN-1"
    # Before drawing: the victim can only challenge or accept.
    assert reject(match, DrawCard(seat=1)).rule == "R-WD4-3"
    assert reject(match, PlayCard(seat=1, card=Card.Y1)).rule == "R-WD4-3"
    run(match, AcceptDrawFour(seat=1))
    assert reject(match, Challenge(seat=1)).rule == "R-TURN-1"


def test_R_WD4_3_the_reveal_is_private() -> None:
    """Rule: R-WD4-3"""
    match = scenario(hands=[["w+4", "g3", "b1"], ["y1"], ["y2"], ["y3"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    resolved = run(match, Challenge(seat=1))[0]
    assert resolved == ChallengeResolved(challenger=1, challenged=0, succeeded=False, revealed=(Card.G3, Card.B1))
    assert redact(resolved, 1) == resolved and redact(resolved, 0) == resolved
    for seat in (2, 3):
        assert redact(resolved, seat) == ChallengeResolved(challenger=1, challenged=0, succeeded=False, revealed=())
        seen = [event for event in visible_events(match.events, seat) if isinstance(event, ChallengeResolved)]
        assert seen == [redact(resolved, seat)]


def test_R_WD4_4_bluff_caught_the_player_draws_four_and_the_challenger_plays() -> None:
    """Rule: R-WD4-4"""
    match = scenario(hands=[["w+4", "g3", "b1"], ["y1", "b9"], ["y2"]], discard=["g5"], draw_pile=["r1", "r2", "r3", "r4"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.YELLOW))
    events = run(match, Challenge(seat=1))
    assert events == [
        ChallengeResolved(challenger=1, challenged=0, succeeded=True, revealed=(Card.G3, Card.B1)),
        CardsDrawn(seat=0, count=4, cards=(Card.R1, Card.R2, Card.R3, Card.R4), reason=DrawReason.BLUFF_CAUGHT),
        TurnStarted(seat=1),
    ]
    # The card stays on the pile and its colour stands.
    assert match.state.discard[-1] is Card.WILD_DRAW_FOUR and match.state.color is Color.YELLOW
    run(match, PlayCard(seat=1, card=Card.Y1))
    assert match.state.turn == 2


def test_R_WD4_4_legal_card_challenger_draws_six_and_loses_the_turn() -> None:
    """Rule: R-WD4-4"""
    six = ["r1", "r2", "r3", "r4", "r6", "r7"]
    match = scenario(hands=[["w+4", "r3", "b1"], ["y1"], ["y2"]], discard=["g5"], draw_pile=six)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.YELLOW))
    events = run(match, Challenge(seat=1))
    assert events == [
        ChallengeResolved(challenger=1, challenged=0, succeeded=False, revealed=(Card.R3, Card.B1)),
        CardsDrawn(seat=1, count=6, cards=tuple(Card(card) for card in six), reason=DrawReason.CHALLENGE_FAILED),
        TurnSkipped(seat=1),
        TurnStarted(seat=2),
    ]
    assert match.state.discard[-1] is Card.WILD_DRAW_FOUR and match.state.color is Color.YELLOW


def test_R_WD4_5_accepting_draws_four_and_loses_the_turn() -> None:
    """Rule: R-WD4-5"""
    match = scenario(hands=[["w+4", "g3", "b1"], ["y1"], ["y2"]], discard=["g5"], draw_pile=["r1", "r2", "r3", "r4"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.YELLOW))
    events = run(match, AcceptDrawFour(seat=1))
    assert events == [
        CardsDrawn(seat=1, count=4, cards=(Card.R1, Card.R2, Card.R3, Card.R4), reason=DrawReason.DRAW_FOUR),
        TurnSkipped(seat=1),
        TurnStarted(seat=2),
    ]
    # The chance to challenge is gone, and with it the bluff flag: the position is valid.
    assert match.state.bluff is None
    validate_position(match.state.position())
