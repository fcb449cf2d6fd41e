"""Seven-O (R-HOUSE-2) and jump-in (R-HOUSE-3), alone and together, and with stacking."""

from __future__ import annotations

from support import cards, reject, run, scenario

from unotui.engine import (
    Card,
    CatchUno,
    Color,
    Decision,
    DrawCard,
    DrawsStacked,
    HandsRotated,
    HandsSwapped,
    JumpedIn,
    PlayCard,
    RuleSet,
    TurnStarted,
    view_for,
)

SEVEN_O = RuleSet(seven_o=True)
JUMP_IN = RuleSet(jump_in=True)


def hands(match: object) -> list[tuple[Card, ...]]:
    return [tuple(hand) for hand in match.state.hands]  # type: ignore[attr-defined]


# R-HOUSE-2


def test_R_HOUSE_2_a_seven_swaps_hands_with_the_chosen_player() -> None:
    """Rule: R-HOUSE-2"""
    match = scenario(hands=[["r7", "r1", "r2"], ["b1", "b2"], ["g1", "g2", "g3", "g4"]], discard=["r5"], rules=SEVEN_O)
    events = run(match, PlayCard(seat=0, card=Card.R7, swap_with=2))
    assert HandsSwapped(seat=0, other=2) in events
    assert hands(match) == [cards(["g1", "g2", "g3", "g4"]), cards(["b1", "b2"]), cards(["r1", "r2"])]
    assert match.state.turn == 1


def test_R_HOUSE_2_a_seven_needs_another_player_to_swap_with() -> None:
    """Rule: R-HOUSE-2"""
    match = scenario(hands=[["r7", "r1", "r2"], ["b1", "b2"], ["g1", "g2"]], discard=["r5"], rules=SEVEN_O)
    assert reject(match, PlayCard(seat=0, card=Card.R7)).rule == "R-HOUSE-2"
    assert reject(match, PlayCard(seat=0, card=Card.R7, swap_with=0)).rule == "R-HOUSE-2"
    assert reject(match, PlayCard(seat=0, card=Card.R7, swap_with=3)).rule == "R-HOUSE-2"
    assert reject(match, PlayCard(seat=0, card=Card.R1, swap_with=1)).rule == "R-HOUSE-2"
    plays = [c for c in match.legal_commands(0) if isinstance(c, PlayCard) and c.card is Card.R7]
    assert [c.swap_with for c in plays] == [1, 2]


def test_R_HOUSE_2_off_a_seven_is_a_number_card() -> None:
    """Rule: R-TURN-1 (seven-o off)"""
    match = scenario(hands=[["r7", "r1", "r2"], ["b1", "b2"], ["g1", "g2"]], discard=["r5"])
    assert reject(match, PlayCard(seat=0, card=Card.R7, swap_with=2)).rule == "R-HOUSE-2"
    events = run(match, PlayCard(seat=0, card=Card.R7))
    assert not any(isinstance(event, HandsSwapped) for event in events)
    assert hands(match)[2] == cards(["g1", "g2"])


def test_R_HOUSE_2_a_zero_passes_every_hand_on_in_the_direction_of_play() -> None:
    """Rule: R-HOUSE-2"""
    match = scenario(hands=[["r0", "r1"], ["b1", "b2"], ["g1", "g2", "g3"]], discard=["r5"], rules=SEVEN_O)
    events = run(match, PlayCard(seat=0, card=Card.R0))
    assert HandsRotated(direction=1) in events
    assert hands(match) == [cards(["g1", "g2", "g3"]), cards(["r1"]), cards(["b1", "b2"])]


def test_R_HOUSE_2_a_zero_played_backward_passes_hands_backward() -> None:
    """Rule: R-HOUSE-2"""
    match = scenario(hands=[["r0", "r1"], ["b1", "b2"], ["g1", "g2", "g3"]], discard=["r5"], rules=SEVEN_O,
                     direction=-1)
    run(match, PlayCard(seat=0, card=Card.R0))
    assert hands(match) == [cards(["b1", "b2"]), cards(["g1", "g2", "g3"]), cards(["r1"])]
    assert match.state.turn == 2


def test_R_HOUSE_2_a_last_seven_ends_the_hand_without_a_swap() -> None:
    """Rule: R-HOUSE-2, R-SCORE-1"""
    match = scenario(hands=[["r7"], ["b1", "b2"], ["g1", "g2"]], discard=["r5"], rules=SEVEN_O)
    assert reject(match, PlayCard(seat=0, card=Card.R7, swap_with=1)).rule == "R-HOUSE-2"
    run(match, PlayCard(seat=0, card=Card.R7))
    assert match.state.results[-1][0] == 6


def test_R_UNO_7_a_swap_that_leaves_one_card_creates_no_obligation() -> None:
    """Rule: R-UNO-7, R-HOUSE-2. Seat 1 is handed seat 0's last card: nobody may catch them."""
    match = scenario(hands=[["r7", "r1"], ["b1", "b2", "b3"], ["g1", "g2"]], discard=["r5"], rules=SEVEN_O)
    run(match, PlayCard(seat=0, card=Card.R7, uno=True, swap_with=1))
    assert hands(match)[1] == cards(["r1"]) and match.state.uno_said == [False, False, False]
    assert match.state.uno_window is None
    assert reject(match, CatchUno(seat=2, target=1)).rule == "R-UNO-4"


# R-HOUSE-3


def test_R_HOUSE_3_an_identical_card_jumps_in_and_play_goes_on_from_the_jumper() -> None:
    """Rule: R-HOUSE-3. Seat 1, whose turn it was, loses it."""
    match = scenario(hands=[["b1", "b2"], ["g1", "g2"], ["r5", "y2"], ["y1", "y3"]], discard=["r5"], rules=JUMP_IN)
    assert [view_for(match.state, seat).playable for seat in range(4)] == [(), (), (Card.R5,), ()]
    events = run(match, PlayCard(seat=2, card=Card.R5))
    assert events[:2] == [JumpedIn(seat=2), events[1]] and events[-1] == TurnStarted(seat=3)
    assert match.state.turn == 3


def test_R_HOUSE_3_only_the_very_same_card_may_jump_in() -> None:
    """Rule: R-HOUSE-3. Same colour and same number or symbol; never a wild."""
    match = scenario(hands=[["b1", "b2"], ["g1", "g2"], ["b5", "r6", "w"], ["y1", "y3"]], discard=["r5"], rules=JUMP_IN)
    assert reject(match, PlayCard(seat=2, card=Card.B5)).rule == "R-HOUSE-3"
    assert reject(match, PlayCard(seat=2, card=Card.R6)).rule == "R-HOUSE-3"
    assert reject(match, PlayCard(seat=2, card=Card.WILD, color=Color.RED)).rule == "R-HOUSE-3"
    assert [c for c in match.legal_commands(2) if isinstance(c, PlayCard)] == []


def test_R_HOUSE_3_off_playing_out_of_turn_is_refused() -> None:
    """Rule: R-TURN-1 (jump-in off)"""
    match = scenario(hands=[["b1", "b2"], ["g1", "g2"], ["r5", "y2"]], discard=["r5"])
    assert reject(match, PlayCard(seat=2, card=Card.R5)).rule == "R-TURN-1"


def test_R_HOUSE_3_no_jumping_in_while_the_turn_player_decides_on_a_drawn_card() -> None:
    """Rule: R-HOUSE-3"""
    match = scenario(hands=[["b1", "b2"], ["g1", "g2"], ["r5", "y2"]], discard=["r5"], draw_pile=["r9"], rules=JUMP_IN)
    run(match, DrawCard(seat=0))
    assert match.state.decision is Decision.PLAY_OR_KEEP
    assert reject(match, PlayCard(seat=2, card=Card.R5)).rule == "R-HOUSE-3"


def test_R_HOUSE_3_a_jump_in_closes_the_uno_window() -> None:
    """Rule: R-HOUSE-3, R-UNO-3. A jump-in is a play: the chance to catch the last player passes."""
    match = scenario(hands=[["b1", "r5"], ["g1", "g2"], ["r5", "y2", "y3"]], discard=["r4"], rules=JUMP_IN)
    run(match, PlayCard(seat=0, card=Card.R5))  # seat 0 forgets UNO
    assert match.state.uno_window == 0
    run(match, PlayCard(seat=2, card=Card.R5))
    assert reject(match, CatchUno(seat=1, target=0)).rule == "R-UNO-4"


def test_R_HOUSE_3_with_stacking_an_identical_draw_two_jumps_onto_the_stack() -> None:
    """Rule: R-HOUSE-1, R-HOUSE-3. The total passes on from the jumper; the stacked seat draws nothing."""
    rules = RuleSet(stacking=True, jump_in=True)
    match = scenario(hands=[["r+2", "b1"], ["g1", "g2"], ["y1", "y2"], ["r+2", "y3"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert (match.state.turn, match.state.decision) == (1, Decision.STACK)
    events = run(match, PlayCard(seat=3, card=Card.R_DRAW_TWO))
    assert DrawsStacked(total=4) in events
    assert (match.state.turn, match.state.decision, match.state.pending) == (0, Decision.STACK, 4)
    assert len(match.state.hands[1]) == 2


def test_R_HOUSE_3_with_seven_o_a_jumped_in_seven_swaps() -> None:
    """Rule: R-HOUSE-2, R-HOUSE-3. The card has its full effect, played by the jumper."""
    rules = RuleSet(seven_o=True, jump_in=True)
    match = scenario(hands=[["b1", "b2"], ["g1", "g2", "g3"], ["r7", "y2"]], discard=["r7"], rules=rules)
    assert reject(match, PlayCard(seat=2, card=Card.R7)).rule == "R-HOUSE-2"
    run(match, PlayCard(seat=2, card=Card.R7, swap_with=1))
    assert hands(match)[2] == cards(["g1", "g2", "g3"]) and hands(match)[1] == cards(["y2"])
    assert match.state.turn == 0


def test_R_HOUSE_9_a_last_action_card_may_not_jump_in() -> None:
    """Rule: R-HOUSE-3, R-HOUSE-9. A jump-in is a play: a last Skip can't go out on it."""
    rules = RuleSet(jump_in=True, no_action_finish=True)
    match = scenario(hands=[["b1", "b2"], ["g1", "g2"], ["rs"], ["y1", "y3"]], discard=["rs"], rules=rules)
    assert reject(match, PlayCard(seat=2, card=Card.R_SKIP)).rule == "R-HOUSE-9"
    assert view_for(match.state, 2).playable == ()
