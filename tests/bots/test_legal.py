"""Every level only ever gives commands the engine accepts."""

from __future__ import annotations

import pytest

from unotui.bots import LEVELS, bot_from_spec, make_bot
from unotui.engine import Accepted, Decision, decide, legal_commands, view_for

from .positions import random_positions

POSITIONS = {"random": 3000, "basic": 3000, "strong": 600}
"""Positions per level; the strong level searches each one, so it gets fewer."""


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_legal(level: str) -> None:
    decisions: set[Decision] = set()
    for index, state in enumerate(random_positions(seed=LEVELS.index(level) + 1, count=POSITIONS[level])):
        seat = state.turn
        bot = make_bot(level, seed=index, seat=seat, players=state.players, playouts=6)
        legal = legal_commands(state, seat)
        command = bot.choose(view_for(state, seat), legal, bot.rng)
        assert command in legal, (level, command, legal)
        assert isinstance(decide(state, command), Accepted)
        decisions.add(state.decision)
    # Random play reaches every kind of decision: plays, kept draws, challenges, colours.
    assert {Decision.PLAY, Decision.PLAY_OR_KEEP, Decision.CHALLENGE, Decision.CHOOSE_COLOR} <= decisions


def _reactions(spec: str) -> int:
    """How many reactions bots of `spec` make at UNO windows; each must be accepted."""
    reactions = 0
    for index, state in enumerate(random_positions(seed=99, count=20000, per_hand=100000)):
        window = state.uno_window
        if window is None or state.uno_said[window]:
            continue
        for seat in range(state.players):
            bot = bot_from_spec(spec, seed=index * 10 + seat, seat=seat, players=state.players)
            reaction = bot.react(view_for(state, seat), bot.rng)
            if reaction is not None:
                assert isinstance(decide(state, reaction.command), Accepted), reaction
                reactions += 1
    return reactions


@pytest.mark.parametrize("spec", ["Pip", "basic", "strong"])
def test_every_reaction_is_legal(spec: str) -> None:
    """With a UNO window open, what a bot says or catches is accepted."""
    assert _reactions(spec) > 20


def test_the_bare_random_level_never_acts_out_of_turn() -> None:
    """Asked only for its turn's uniformly random command: the engine benchmark's workload."""
    assert _reactions("random") == 0
