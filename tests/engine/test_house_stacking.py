"""Stacking (R-HOUSE-1), with the Wild Draw Four challenge, no bluffing (R-HOUSE-8) and
play after penalty (R-HOUSE-7) where they meet it."""

from __future__ import annotations

from support import reject, run, scenario

from unotui.engine import (
    AcceptDrawFour,
    Card,
    CardsDrawn,
    Challenge,
    Color,
    Decision,
    DrawCard,
    DrawReason,
    DrawsStacked,
    HandEnded,
    PlayCard,
    RuleSet,
    TurnSkipped,
    view_for,
)

STACKING = RuleSet(stacking=True)


def drawn(events: list[object], seat: int) -> int:
    return sum(event.count for event in events if isinstance(event, CardsDrawn) and event.seat == seat)


def test_R_HOUSE_1_a_draw_two_answers_a_draw_two_and_the_total_passes_on() -> None:
    """Rule: R-HOUSE-1"""
    match = scenario(hands=[["r+2", "r1"], ["b+2", "b3"], ["g4", "g5"]], discard=["r5"], rules=STACKING)
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert DrawsStacked(total=2) in events and drawn(events, 1) == 0
    assert (match.state.turn, match.state.decision, match.state.pending) == (1, Decision.STACK, 2)
    run(match, PlayCard(seat=1, card=Card.B_DRAW_TWO))  # any colour of Draw Two stacks
    assert (match.state.turn, match.state.pending) == (2, 4)
    events = run(match, DrawCard(seat=2))
    assert drawn(events, 2) == 4 and TurnSkipped(seat=2) in events
    assert (match.state.turn, match.state.decision, match.state.pending) == (0, Decision.PLAY, 0)
    assert len(match.state.hands[2]) == 6


def test_R_HOUSE_1_off_a_draw_two_is_drawn_at_once() -> None:
    """Rule: R-ACT-3 (stacking off)"""
    match = scenario(hands=[["r+2", "r1"], ["b+2", "b3"], ["g4", "g5"]], discard=["r5"])
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert drawn(events, 1) == 2 and match.state.turn == 2 and match.state.pending == 0
    assert not any(isinstance(event, DrawsStacked) for event in events)


def test_R_HOUSE_1_the_stacked_player_may_only_stack_the_same_kind_or_draw() -> None:
    """Rule: R-HOUSE-1. Draw Two and Wild Draw Four are never mixed."""
    match = scenario(hands=[["r+2", "r1", "r2"], ["w+4", "y+2", "r3"], ["g4", "g5"]], discard=["r5"], rules=STACKING)
    run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert reject(match, PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.RED)).rule == "R-HOUSE-1"
    assert reject(match, PlayCard(seat=1, card=Card.R3)).rule == "R-HOUSE-1"
    legal = match.legal_commands(1)
    assert legal == [PlayCard(seat=1, card=Card.Y_DRAW_TWO), DrawCard(seat=1)]
    # The view says so too: the player sees the Draw Two as its one playable card.
    assert view_for(match.state, 1).playable == (Card.Y_DRAW_TWO,)
    assert view_for(match.state, 0).playable == view_for(match.state, None).playable == ()


def test_R_HOUSE_1_wild_draw_fours_stack_and_the_last_one_decides_the_draw() -> None:
    """Rule: R-HOUSE-1, R-WD4-5. Accepting draws the whole total."""
    match = scenario(hands=[["w+4", "g1"], ["w+4", "b3"], ["y4", "y5"]], discard=["r5"], rules=STACKING)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert (match.state.decision, match.state.pending) == (Decision.CHALLENGE, 4)
    assert reject(match, PlayCard(seat=1, card=Card.B3)).rule == "R-WD4-3"
    assert view_for(match.state, 1).playable == (Card.WILD_DRAW_FOUR,)  # its answer, beside challenge and accept
    run(match, PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.YELLOW))
    assert (match.state.turn, match.state.decision, match.state.pending) == (2, Decision.CHALLENGE, 8)
    events = run(match, AcceptDrawFour(seat=2))
    assert drawn(events, 2) == 8 and match.state.turn == 0 and match.state.pending == 0


def test_R_HOUSE_1_a_challenge_of_a_stack_judges_the_last_wild_draw_four_only() -> None:
    """Rule: R-HOUSE-1, R-WD4-4. Seat 0 bluffed, seat 1 did not: the challenge fails."""
    match = scenario(hands=[["w+4", "r1"], ["w+4", "g3"], ["y4", "y5"]], discard=["r5"], rules=STACKING)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))  # a bluff: holds r1
    run(match, PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.GREEN))  # legal: no blue held
    events = run(match, Challenge(seat=2))
    assert drawn(events, 2) == 10 and drawn(events, 0) == 0 and match.state.turn == 0


def test_R_HOUSE_1_a_caught_stacked_bluff_draws_the_whole_total() -> None:
    """Rule: R-HOUSE-1, R-WD4-4. The last player bluffed: they draw the total, the challenger plays."""
    match = scenario(hands=[["w+4", "g1"], ["w+4", "b3"], ["y4", "y5"]], discard=["r5"], rules=STACKING)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    run(match, PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.GREEN))  # a bluff: holds b3
    events = run(match, Challenge(seat=2))
    reasons = {event.reason for event in events if isinstance(event, CardsDrawn)}
    assert drawn(events, 1) == 8 and reasons == {DrawReason.BLUFF_CAUGHT}
    assert (match.state.turn, match.state.decision) == (2, Decision.PLAY)


def test_R_HOUSE_1_a_last_draw_two_on_a_stack_makes_the_next_player_draw_the_total() -> None:
    """Rule: R-HOUSE-1, R-SCORE-1."""
    match = scenario(hands=[["r+2", "r1"], ["b+2"], ["g4", "g5"]], discard=["r5"], rules=STACKING)
    run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    events = run(match, PlayCard(seat=1, card=Card.B_DRAW_TWO))
    ended = next(event for event in events if isinstance(event, HandEnded))
    assert drawn(events, 2) == 4 and ended.winner == 1 and len(ended.hands[2]) == 6


def test_R_HOUSE_7_after_drawing_a_stacked_wild_draw_four_the_player_plays() -> None:
    """Rule: R-HOUSE-1, R-HOUSE-7."""
    rules = RuleSet(stacking=True, play_after_penalty=True)
    match = scenario(hands=[["w+4", "g1"], ["w+4", "b3"], ["y4", "y5"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    run(match, PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.YELLOW))
    events = run(match, AcceptDrawFour(seat=2))
    assert drawn(events, 2) == 8 and not any(isinstance(event, TurnSkipped) for event in events)
    assert (match.state.turn, match.state.decision) == (2, Decision.PLAY)


def test_R_HOUSE_8_with_stacking_a_wild_draw_four_stack_has_no_challenge() -> None:
    """Rule: R-HOUSE-1, R-HOUSE-8. The stacked player stacks legally or draws."""
    rules = RuleSet(stacking=True, no_bluff=True)
    match = scenario(hands=[["w+4", "g1", "g2"], ["w+4", "b3", "y1"], ["y4", "y5"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert (match.state.decision, match.state.pending) == (Decision.STACK, 4)
    assert reject(match, Challenge(seat=1)).rule == "R-HOUSE-8"
    # Seat 1 holds blue: stacking its Wild Draw Four would be a bluff.
    assert reject(match, PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.RED)).rule == "R-HOUSE-8"
    assert match.legal_commands(1) == [DrawCard(seat=1)]
    assert view_for(match.state, 1).playable == ()
    events = run(match, DrawCard(seat=1))
    assert drawn(events, 1) == 4 and match.state.turn == 2


def test_R_HOUSE_1_without_stacking_a_wild_draw_four_is_answered_only_by_challenge_or_accept() -> None:
    """Rule: R-WD4-3. The view offers no card to play on it."""
    match = scenario(hands=[["w+4", "g1"], ["w+4", "b3"], ["y4", "y5"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert match.state.decision is Decision.CHALLENGE and view_for(match.state, 1).playable == ()
