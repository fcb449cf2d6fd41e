"""Rulebook section R-SCORE: the end of a hand, card values, totals and the end of a match."""

from __future__ import annotations

import pytest

from support import cards, reject, run, scenario

from unotui.engine import (
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    Color,
    ColorNamed,
    DrawReason,
    HandEnded,
    HandStarted,
    MatchWon,
    Phase,
    PlayCard,
    RuleSet,
    Scoring,
    StartHand,
    card_points,
    view_for,
)


def test_R_SCORE_1_the_hand_ends_with_the_last_card() -> None:
    """Rule: R-SCORE-1"""
    match = scenario(hands=[["r1"], ["g9", "gs"], ["w"]], discard=["r5"], uno=(0,))
    events = run(match, PlayCard(seat=0, card=Card.R1))
    assert events == [
        CardPlayed(seat=0, card=Card.R1),
        HandEnded(winner=0, hands=((), cards(["g9", "gs"]), (Card.WILD,)), points=(79, 0, 0), totals=(79, 0, 0)),
    ]
    assert match.state.phase is Phase.HAND_OVER
    assert reject(match, PlayCard(seat=1, card=Card.G9)).rule == "R-SCORE-1"
    assert match.legal_commands(2) == [StartHand(seat=2)]


@pytest.mark.parametrize("last,color", [("w", Color.BLUE), ("rs", None), ("rr", None)])
def test_R_SCORE_1_any_card_may_be_the_last(last: str, color: Color | None) -> None:
    """Rule: R-SCORE-1"""
    match = scenario(hands=[[last], ["g9"], ["g8"]], discard=["r5"])
    events = run(match, PlayCard(seat=0, card=Card(last), color=color))
    assert isinstance(events[-1], HandEnded) and events[-1].points == (17, 0, 0)
    # A last Skip or Reverse skips or turns nobody: the hand is over.
    named = [ColorNamed] if color is not None else []
    assert [type(event) for event in events] == [CardPlayed, *named, HandEnded]


def test_R_SCORE_1_last_draw_two_is_drawn_and_counted() -> None:
    """Rule: R-SCORE-1"""
    match = scenario(hands=[["r+2"], ["g9"], ["g8"]], discard=["r5"], draw_pile=["w", "b+2"])
    events = run(match, PlayCard(seat=0, card=Card.R_DRAW_TWO))
    assert events == [
        CardPlayed(seat=0, card=Card.R_DRAW_TWO),
        CardsDrawn(seat=1, count=2, cards=(Card.WILD, Card.B_DRAW_TWO), reason=DrawReason.DRAW_TWO),
        HandEnded(winner=0, hands=((), cards(["g9", "w", "b+2"]), (Card.G8,)), points=(87, 0, 0), totals=(87, 0, 0)),
    ]


def test_R_SCORE_1_last_wild_draw_four_is_drawn_counted_and_not_challenged() -> None:
    """Rule: R-SCORE-1"""
    match = scenario(hands=[["w+4"], ["g9"], ["r8"]], discard=["r5"], draw_pile=["b1", "b2", "b3", "b4"])
    events = run(match, PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.GREEN))
    assert events == [
        CardPlayed(seat=0, card=Card.WILD_DRAW_FOUR, bluff=False),
        ColorNamed(seat=0, color=Color.GREEN),
        CardsDrawn(seat=1, count=4, cards=cards(["b1", "b2", "b3", "b4"]), reason=DrawReason.DRAW_FOUR),
        HandEnded(winner=0, hands=((), cards(["g9", "b1", "b2", "b3", "b4"]), (Card.R8,)),
                  points=(27, 0, 0), totals=(27, 0, 0)),
    ]
    assert reject(match, Challenge(seat=1)).rule == "R-SCORE-1"


def test_R_SCORE_2_card_values() -> None:
    """Rule: R-SCORE-2"""
    values = {"r0": 0, "g1": 1, "b5": 5, "y9": 9, "rs": 20, "gr": 20, "b+2": 20, "w": 50, "w+4": 50}
    for text, points in values.items():
        assert Card(text).points == points
    assert card_points(cards(values)) == sum(values.values())


def test_R_SCORE_3_green_nine_skip_and_wild_draw_four_score_79() -> None:
    """Rule: R-SCORE-3"""
    match = scenario(hands=[["b4"], ["g9", "gs", "w+4"]], discard=["b5"])
    events = run(match, PlayCard(seat=0, card=Card.B4))
    assert events[-1] == HandEnded(winner=0, hands=((), cards(["g9", "gs", "w+4"])), points=(79, 0), totals=(79, 0))


def test_R_SCORE_3_eight_reverse_and_wild_score_78_across_opponents() -> None:
    """Rule: R-SCORE-3"""
    match = scenario(hands=[["y8"], ["w"], ["b4"], ["gr"]], discard=["b5"], turn=2, scores=(5, 0, 3, 0))
    events = run(match, PlayCard(seat=2, card=Card.B4))
    assert events[-1] == HandEnded(winner=2, hands=(cards(["y8"]), (Card.WILD,), (), cards(["gr"])),
                                   points=(0, 0, 78, 0), totals=(5, 0, 81, 0))
    assert match.state.results == [(0, 0, 78, 0)]


def test_R_SCORE_4_totals_carry_over_and_the_deal_passes_forward() -> None:
    """Rule: R-SCORE-4"""
    match = scenario(hands=[["y8"], ["b4"], ["r2"]], discard=["b5"], turn=1, dealer=0, hand=3,
                     scores=(100, 200, 300), results=((100, 0, 0), (0, 200, 0), (0, 0, 300)))
    run(match, PlayCard(seat=1, card=Card.B4))
    assert match.state.scores == [100, 210, 300] and match.state.phase is Phase.HAND_OVER
    events = run(match, StartHand(seat=2))
    assert events[0] == HandStarted(hand=4, dealer=1)
    assert match.state.scores == [100, 210, 300]
    assert view_for(match.state, 0).results == ((100, 0, 0), (0, 200, 0), (0, 0, 300), (0, 10, 0))


def test_R_SCORE_4_reaching_the_target_wins_the_match() -> None:
    """Rule: R-SCORE-4"""
    match = scenario(hands=[["y8"], ["b4"], ["r2"]], discard=["b5"], turn=1, scores=(100, 490, 300))
    events = run(match, PlayCard(seat=1, card=Card.B4))
    assert events[-2:] == [
        HandEnded(winner=1, hands=(cards(["y8"]), (), cards(["r2"])), points=(0, 10, 0), totals=(100, 500, 300)),
        MatchWon(winners=(1,), totals=(100, 500, 300)),
    ]
    assert match.state.phase is Phase.MATCH_OVER and match.state.winners == (1,)
    assert reject(match, StartHand(seat=0)).rule == "R-SCORE-4"
    assert all(match.legal_commands(seat) == [] for seat in range(3))


def test_R_SCORE_4_target_option() -> None:
    """Rule: R-SCORE-4"""
    match = scenario(hands=[["y8"], ["b4"]], discard=["b5"], turn=1, rules=RuleSet(target=8))
    assert run(match, PlayCard(seat=1, card=Card.B4))[-1] == MatchWon(winners=(1,), totals=(0, 8))


def test_R_SCORE_4_below_the_target_the_match_goes_on() -> None:
    """Rule: R-SCORE-4"""
    match = scenario(hands=[["y8"], ["b4"]], discard=["b5"], turn=1, scores=(0, 491))
    events = run(match, PlayCard(seat=1, card=Card.B4))
    assert isinstance(events[-1], HandEnded) and events[-1].totals == (0, 499)
    assert match.state.phase is Phase.HAND_OVER


PENALTY_RULES = RuleSet(scoring=Scoring.PENALTY)


def test_R_SCORE_5_penalty_scoring_adds_own_cards() -> None:
    """Rule: R-SCORE-5"""
    match = scenario(hands=[["b4"], ["g9", "gs"], ["w"]], discard=["b5"], rules=PENALTY_RULES, scores=(7, 8, 9))
    events = run(match, PlayCard(seat=0, card=Card.B4))
    assert events[-1] == HandEnded(winner=0, hands=((), cards(["g9", "gs"]), (Card.WILD,)),
                                   points=(0, 29, 50), totals=(7, 37, 59))


def test_R_SCORE_5_lowest_total_wins_when_someone_reaches_the_target() -> None:
    """Rule: R-SCORE-5"""
    match = scenario(hands=[["b4"], ["g9", "gs"], ["w"]], discard=["b5"], rules=PENALTY_RULES, scores=(40, 480, 30))
    events = run(match, PlayCard(seat=0, card=Card.B4))
    assert events[-1] == MatchWon(winners=(0,), totals=(40, 509, 80))


def test_R_SCORE_5_a_tie_for_lowest_is_a_shared_win() -> None:
    """Rule: R-SCORE-5"""
    match = scenario(hands=[["b4"], ["g9", "gs"], ["w"]], discard=["b5"], rules=PENALTY_RULES, scores=(60, 480, 10))
    events = run(match, PlayCard(seat=0, card=Card.B4))
    assert events[-1] == MatchWon(winners=(0, 2), totals=(60, 509, 60))
    assert match.state.winners == (0, 2)
