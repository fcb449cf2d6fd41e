"""Play-outs: the fused standard-rules path against the engine's, and the cut-off odds
(what a position is worth when a play-out stops early)."""

from __future__ import annotations

from collections import Counter

import pytest
from support import scenario

from unotui.bots.rollout import _house_command, _play_out_engine, _play_out_standard, rollout_command, win_odds
from unotui.engine import DECK, Card, DrawCard, GameState, Phase, PlayCard, Rng, RuleSet

from .positions import random_positions

DECK_COUNT = Counter(DECK)


def test_odds_of_all_seats_add_up_to_one() -> None:
    state = scenario(hands=[["r1", "w", "g+2"], ["b2", "b3"], ["y4", "y5", "y6", "w+4"], ["g7"]],
                     discard=["r5"], turn=2).state
    assert sum(win_odds(state, seat) for seat in range(4)) == pytest.approx(1.0)


def test_a_wild_held_is_worth_more_than_a_number_card() -> None:
    plain = scenario(hands=[["r1", "g2", "b3"], ["y1", "y2", "y3"]], discard=["r5"], turn=1).state
    wild = scenario(hands=[["r1", "g2", "w"], ["y1", "y2", "y3"]], discard=["r5"], turn=1).state
    draw_four = scenario(hands=[["r1", "g2", "w+4"], ["y1", "y2", "y3"]], discard=["r5"], turn=1).state
    assert win_odds(plain, 0) < win_odds(wild, 0) < win_odds(draw_four, 0)


def test_a_wild_is_worth_more_than_a_card_fewer() -> None:
    # Three cards with a wild are worth more than two plain cards, less than one.
    with_wild = scenario(hands=[["r1", "g2", "w"], ["y1", "y2", "y3", "y4"]], discard=["r5"], turn=1).state
    two = scenario(hands=[["r1", "g2"], ["y1", "y2", "y3", "y4"]], discard=["r5"], turn=1).state
    one = scenario(hands=[["r1"], ["y1", "y2", "y3", "y4"]], discard=["r5"], turn=1).state
    assert win_odds(two, 0) < win_odds(with_wild, 0) < win_odds(one, 0)


def test_playing_first_and_fewer_cards_count() -> None:
    to_play = scenario(hands=[["r1", "g2"], ["b1", "b2"]], discard=["r5"], turn=0).state
    assert win_odds(to_play, 0) > 0.5
    shorter = scenario(hands=[["r1"], ["b1", "b2", "b3"]], discard=["r5"], turn=1).state
    assert win_odds(shorter, 0) > 0.5


@pytest.mark.parametrize("players", [2, 4, 7])
def test_standard_play_outs_are_the_engine_s_play_outs(players: int) -> None:
    """The fused play-out gives, command for command, what `decide` and `apply` give the
    policy's commands: the same hands, piles, turn and generator states, the same winner,
    and all 108 cards still there."""
    reshuffled = ended = 0
    for index, position in enumerate(random_positions(players, 400, players=players, per_hand=8)):
        for max_steps in (24, 10_000):
            engine, fused = position.copy(), position.copy()
            engine_rng, fused_rng = Rng(index), Rng(index)
            _play_out_engine(engine, engine_rng, max_steps)
            _play_out_standard(fused, fused_rng, max_steps)
            assert fused_rng.state == engine_rng.state
            assert fused.phase is engine.phase
            assert Counter(fused.draw + fused.discard + [card for hand in fused.hands for card in hand]) == DECK_COUNT
            reshuffled += fused.rng != position.rng
            if engine.phase is Phase.PLAYING:
                assert _piles_and_turn(fused) == _piles_and_turn(engine)
            else:
                ended += 1
                assert [not hand for hand in fused.hands] == [not hand for hand in engine.hands]
    assert reshuffled and ended


def _piles_and_turn(state: GameState) -> tuple[object, ...]:
    return (state.hands, state.draw, state.discard, state.color, state.turn, state.direction, state.decision,
            state.drawn, state.bluff, state.passes, state.rng)


def test_under_house_rules_a_play_out_passes_a_stack_on() -> None:
    """Rule: R-HOUSE-1. The lean policy knows no stack: a play-out plays the habit's
    answer, the Draw Two that passes it on, not a random legal command."""
    state = scenario(hands=[["r3", "g+2", "b7"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["r5", "r+2"],
                     rules=RuleSet(stacking=True), decision="stack", pending=2).state
    for seed in range(20):
        assert _house_command(state, rollout_command(state, Rng(seed)), Rng(seed)) == PlayCard(seat=0, card=Card.G_DRAW_TWO)
    stuck = scenario(hands=[["r3", "b7"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["r5", "r+2"],
                     rules=RuleSet(stacking=True), decision="stack", pending=2).state
    assert _house_command(stuck, rollout_command(stuck, Rng(0)), Rng(0)) == DrawCard(seat=0)


def test_under_seven_o_a_play_out_swaps_with_the_smallest_hand() -> None:
    """Rule: R-HOUSE-2. A 7 needs a seat to swap with: the smallest other hand, as the habit picks."""
    state = scenario(hands=[["r7", "b2", "y9"], ["b2", "b3", "y7"], ["y1", "y2"], ["g1", "g2", "g3", "g4"]],
                     discard=["r5"], rules=RuleSet(seven_o=True)).state
    refused = rollout_command(state, Rng(0))
    assert refused == PlayCard(seat=0, card=Card.R7)
    assert _house_command(state, refused, Rng(0)) == PlayCard(seat=0, card=Card.R7, swap_with=2)
    _play_out_engine(state, Rng(0), 1)
    assert state.hands[0] == [Card.Y1, Card.Y2] and len(state.hands[2]) == 2
