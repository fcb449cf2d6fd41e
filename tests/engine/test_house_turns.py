"""Draw to match (R-HOUSE-4), force play (R-HOUSE-5), multi-play (R-HOUSE-6), play after
penalty (R-HOUSE-7), no bluffing (R-HOUSE-8) and no action finish (R-HOUSE-9)."""

from __future__ import annotations

from support import cards, reject, run, scenario

from unotui.engine import (
    AcceptDrawFour,
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    Color,
    Decision,
    DrawCard,
    DrawnCardPlayable,
    HandEnded,
    KeepCard,
    PlayCard,
    RuleSet,
    TurnSkipped,
    UnoCalled,
)

DRAW_TO_MATCH = RuleSet(draw_to_match=True)
FORCE_PLAY = RuleSet(force_play=True)
MULTI_PLAY = RuleSet(multi_play=True)


def draws(events: list[object]) -> list[CardsDrawn]:
    return [event for event in events if isinstance(event, CardsDrawn)]


# R-HOUSE-4


def test_R_HOUSE_4_drawing_goes_on_until_a_playable_card_comes() -> None:
    """Rule: R-HOUSE-4. One draw event for the three cards; the last one may be played or kept."""
    match = scenario(hands=[["b1", "g2"], ["y1", "y2"]], discard=["r5"], draw_pile=["b9", "g7", "r9", "r1"],
                     rules=DRAW_TO_MATCH)
    events = run(match, DrawCard(seat=0))
    assert [d.cards for d in draws(events)] == [cards(["b9", "g7", "r9"])]
    assert events[-1] == DrawnCardPlayable(seat=0, card=Card.R9)
    run(match, KeepCard(seat=0))
    assert match.state.turn == 1 and len(match.state.hands[0]) == 5


def test_R_HOUSE_4_off_a_draw_is_one_card() -> None:
    """Rule: R-TURN-2 (draw to match off)"""
    match = scenario(hands=[["b1", "g2"], ["y1", "y2"]], discard=["r5"], draw_pile=["b9", "g7", "r9"])
    events = run(match, DrawCard(seat=0))
    assert [d.cards for d in draws(events)] == [cards(["b9"])] and match.state.turn == 1


def test_R_HOUSE_4_penalty_draws_are_not_affected() -> None:
    """Rule: R-HOUSE-4, R-ACT-3"""
    match = scenario(hands=[["r+2", "b1"], ["y1", "y2"], ["g1", "g2"]], discard=["r5"], draw_pile=["b9", "g7", "r9"],
                     rules=DRAW_TO_MATCH)
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert [d.cards for d in draws(events)] == [cards(["b9", "g7"])]


def test_R_HOUSE_4_with_nothing_playable_left_the_player_keeps_all_and_the_turn_passes() -> None:
    """Rule: R-HOUSE-4, R-TURN-5. The pile runs out, the discards are reshuffled, still nothing."""
    match = scenario(hands=[["b1", "g2"], ["y1", "y2"]], discard=["g9", "b7", "r5"], draw_pile=["b9", "g7"],
                     rules=DRAW_TO_MATCH, rest=1)
    events = run(match, DrawCard(seat=0))
    assert sum(d.count for d in draws(events)) == 4 and match.state.turn == 1
    assert not any(isinstance(event, DrawnCardPlayable) for event in events)


# R-HOUSE-5


def test_R_HOUSE_5_a_player_who_can_play_may_not_draw() -> None:
    """Rule: R-HOUSE-5"""
    match = scenario(hands=[["r1", "g2"], ["y1", "y2"]], discard=["r5"], rules=FORCE_PLAY)
    assert reject(match, DrawCard(seat=0)).rule == "R-HOUSE-5"
    assert DrawCard(seat=0) not in match.legal_commands(0)


def test_R_HOUSE_5_off_a_player_may_draw_instead_of_playing() -> None:
    """Rule: R-TURN-2 (force play off)"""
    match = scenario(hands=[["r1", "g2"], ["y1", "y2"]], discard=["r5"])
    run(match, DrawCard(seat=0))


def test_R_HOUSE_5_a_playable_drawn_card_must_be_played() -> None:
    """Rule: R-HOUSE-5"""
    match = scenario(hands=[["b1", "g2"], ["y1", "y2"]], discard=["r5"], draw_pile=["r9"], rules=FORCE_PLAY)
    run(match, DrawCard(seat=0))
    assert reject(match, KeepCard(seat=0)).rule == "R-HOUSE-5"
    assert match.legal_commands(0) == [PlayCard(seat=0, card=Card.R9)]


def test_R_HOUSE_5_with_draw_to_match_the_card_that_comes_must_be_played() -> None:
    """Rule: R-HOUSE-4, R-HOUSE-5. A player who can't play draws until a card fits and plays it."""
    rules = RuleSet(draw_to_match=True, force_play=True)
    match = scenario(hands=[["b1", "g2"], ["y1", "y2"]], discard=["r5"], draw_pile=["b9", "r9"], rules=rules)
    run(match, DrawCard(seat=0))
    assert match.legal_commands(0) == [PlayCard(seat=0, card=Card.R9)]
    assert reject(match, KeepCard(seat=0)).rule == "R-HOUSE-5"


def test_R_HOUSE_5_does_not_force_answering_a_stack() -> None:
    """Rule: R-HOUSE-1, R-HOUSE-5. Drawing a pending total stays a choice."""
    rules = RuleSet(force_play=True, stacking=True)
    match = scenario(hands=[["r+2", "r1"], ["b+2", "b3"], ["g4", "g5"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    run(match, DrawCard(seat=1))
    assert len(match.state.hands[1]) == 4


# R-HOUSE-6


def test_R_HOUSE_6_number_cards_of_one_number_go_together_and_the_last_sets_the_colour() -> None:
    """Rule: R-HOUSE-6"""
    match = scenario(hands=[["r5", "b5", "g5", "y1"], ["y2", "y3"]], discard=["r3"], rules=MULTI_PLAY)
    events = run(match, PlayCard(seat=0, card=Card.R5, also=(Card.B5, Card.G5)))
    assert tuple(e.card for e in events if isinstance(e, CardPlayed)) == cards(["r5", "b5", "g5"])
    assert match.state.color is Color.GREEN and match.state.hands[0] == [Card.Y1] and match.state.turn == 1


def test_R_HOUSE_6_the_first_card_must_match_and_the_rest_show_its_number() -> None:
    """Rule: R-HOUSE-6"""
    match = scenario(hands=[["r5", "b5", "g5", "b6", "rs", "rs"], ["y2", "y3"]], discard=["r3"], rules=MULTI_PLAY)
    assert reject(match, PlayCard(seat=0, card=Card.B5, also=(Card.R5,))).rule == "R-TURN-1"
    assert reject(match, PlayCard(seat=0, card=Card.R5, also=(Card.B6,))).rule == "R-HOUSE-6"
    assert reject(match, PlayCard(seat=0, card=Card.R5, also=(Card.Y5,))).rule == "R-HOUSE-6"
    assert reject(match, PlayCard(seat=0, card=Card.R_SKIP, also=(Card.R_SKIP,))).rule == "R-HOUSE-6"
    # Before the last card the cards are listed in deck order: one spelling per play.
    assert reject(match, PlayCard(seat=0, card=Card.R5, also=(Card.G5, Card.B5, Card.B5))).rule == "R-HOUSE-6"


def test_R_HOUSE_6_legal_commands_list_every_combination_once() -> None:
    """Rule: R-HOUSE-6. r5 alone, with g5, with b5, with both (b5 or g5 last); UNO with both."""
    match = scenario(hands=[["r5", "b5", "g5", "y1"], ["y2", "y3"]], discard=["r3"], rules=MULTI_PLAY)
    plays = [(c.also, c.uno) for c in match.legal_commands(0) if isinstance(c, PlayCard)]
    both, other = (Card.B5, Card.G5), (Card.G5, Card.B5)
    assert plays == [((), False), ((Card.G5,), False), ((Card.B5,), False),
                     (both, False), (both, True), (other, False), (other, True)]


def test_R_HOUSE_6_off_one_card_per_turn() -> None:
    """Rule: R-TURN-1 (multi-play off)"""
    match = scenario(hands=[["r5", "b5", "y1"], ["y2", "y3"]], discard=["r3"])
    assert reject(match, PlayCard(seat=0, card=Card.R5, also=(Card.B5,))).rule == "R-HOUSE-6"


def test_R_UNO_6_going_out_from_two_cards_needs_no_uno() -> None:
    """Rule: R-UNO-6, R-HOUSE-6"""
    match = scenario(hands=[["r5", "b5"], ["y2", "y3"]], discard=["r3"], rules=MULTI_PLAY)
    rejected = reject(match, PlayCard(seat=0, card=Card.R5, also=(Card.B5,), uno=True))
    assert (rejected.rule, rejected.reason) == ("R-UNO-7", "this play would leave you no cards: say UNO with the play that leaves you one")
    events = run(match, PlayCard(seat=0, card=Card.R5, also=(Card.B5,)))
    assert next(e for e in events if isinstance(e, HandEnded)).winner == 0
    assert not any(isinstance(e, UnoCalled) for e in events)


def test_R_UNO_1_a_multi_play_that_leaves_one_card_says_uno() -> None:
    """Rule: R-UNO-1, R-HOUSE-6. Three cards, two played: UNO goes with the play, else catchable."""
    match = scenario(hands=[["r5", "b5", "g1"], ["y2", "y3"]], discard=["r3"], rules=MULTI_PLAY)
    events = run(match, PlayCard(seat=0, card=Card.R5, also=(Card.B5,), uno=True))
    assert UnoCalled(seat=0) in events and match.state.uno_window is None


# R-HOUSE-7


def test_R_HOUSE_7_after_accepting_a_wild_draw_four_the_player_plays() -> None:
    """Rule: R-HOUSE-7"""
    match = scenario(hands=[["w+4", "g1"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"],
                     rules=RuleSet(play_after_penalty=True))
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    events = run(match, AcceptDrawFour(seat=1))
    assert not any(isinstance(e, TurnSkipped) for e in events)
    assert (match.state.turn, match.state.decision, len(match.state.hands[1])) == (1, Decision.PLAY, 6)


def test_R_HOUSE_7_off_the_penalty_costs_the_turn() -> None:
    """Rule: R-WD4-5 (play after penalty off)"""
    match = scenario(hands=[["w+4", "g1"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    run(match, AcceptDrawFour(seat=1))
    assert match.state.turn == 2


def test_R_HOUSE_7_a_failed_challenge_and_a_draw_two_still_cost_the_turn() -> None:
    """Rule: R-HOUSE-7, R-WD4-4, R-ACT-3. Only the Wild Draw Four penalty itself is covered."""
    rules = RuleSet(play_after_penalty=True)
    match = scenario(hands=[["w+4", "g1"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    run(match, Challenge(seat=1))
    assert match.state.turn == 2
    match = scenario(hands=[["r+2", "g1"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert match.state.turn == 2


# R-HOUSE-8


def test_R_HOUSE_8_wild_draw_four_only_without_the_current_colour_and_no_challenge() -> None:
    """Rule: R-HOUSE-8"""
    rules = RuleSet(no_bluff=True)
    match = scenario(hands=[["w+4", "r1", "g1"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"], rules=rules)
    assert reject(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE)).rule == "R-HOUSE-8"
    assert all(c.card is not Card.WILD_DRAW_FOUR for c in match.legal_commands(0) if isinstance(c, PlayCard))
    match = scenario(hands=[["w+4", "g1", "g2"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"], rules=rules)
    events = run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert sum(d.count for d in draws(events) if d.seat == 1) == 4 and TurnSkipped(seat=1) in events
    assert (match.state.turn, match.state.decision) == (2, Decision.PLAY)
    assert reject(match, Challenge(seat=2)).rule == "R-HOUSE-8"


def test_R_HOUSE_8_a_drawn_wild_draw_four_is_playable_only_when_legal() -> None:
    """Rule: R-HOUSE-8, R-TURN-3"""
    match = scenario(hands=[["r1", "g2"], ["y1", "y2"]], discard=["r5"], draw_pile=["w+4"], rules=RuleSet(no_bluff=True))
    events = run(match, DrawCard(seat=0))
    assert not any(isinstance(e, DrawnCardPlayable) for e in events) and match.state.turn == 1


def test_R_HOUSE_8_off_a_bluff_is_allowed_and_challengeable() -> None:
    """Rule: R-WD4-2 (no bluffing off)"""
    match = scenario(hands=[["w+4", "r1", "g1"], ["b1", "b3"], ["y4", "y5"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE))
    assert match.state.decision is Decision.CHALLENGE and match.state.bluff is True


# R-HOUSE-9


def test_R_HOUSE_9_the_last_card_may_not_be_an_action_or_wild_card() -> None:
    """Rule: R-HOUSE-9"""
    rules = RuleSet(no_action_finish=True)
    for last in ["rs", "r+2", "w", "w+4"]:
        match = scenario(hands=[[last], ["b1", "b3"]], discard=["r5"], rules=rules, uno=(0,))
        color = Color.RED if last.startswith("w") else None
        assert reject(match, PlayCard(seat=0, card=cards([last])[0], color=color)).rule == "R-HOUSE-9"
        assert match.legal_commands(0) == [DrawCard(seat=0)]
    match = scenario(hands=[["r1"], ["b1", "b3"]], discard=["r5"], rules=rules)
    run(match, PlayCard(seat=0, card=Card.R1))
    assert match.state.results[-1][0] == 4


def test_R_HOUSE_9_off_any_card_may_be_the_last() -> None:
    """Rule: R-SCORE-1 (no action finish off)"""
    match = scenario(hands=[["rs"], ["b1", "b3"]], discard=["r5"])
    run(match, PlayCard(seat=0, card=Card.R_SKIP))
    assert match.state.results[-1][0] == 4
