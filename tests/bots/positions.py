"""Positions for bot tests: decision points reached by seeded random play."""

from __future__ import annotations

from collections.abc import Iterator

from unotui.engine import GameState, Phase, Rng, Setup, StartHand, apply, decide, initial_state, legal_commands
from unotui.engine.decide import Accepted


def step(state: GameState, command: object) -> tuple[object, ...]:
    """Submit a command that must be legal; returns its events."""
    verdict = decide(state, command)  # type: ignore[arg-type]
    assert isinstance(verdict, Accepted), verdict
    for event in verdict.events:
        apply(state, event)
    return verdict.events


def random_positions(seed: int, count: int, players: int = 4, per_hand: int = 15) -> Iterator[GameState]:
    """`count` states at a turn seat's decision, from hands of seeded random play.

    At most `per_hand` positions come from one hand, spread over its first turns, so
    that many deals (and rarer starts, such as a Wild start card) are seen. Each state
    is yielded before its turn is played; the caller must not change it.
    """
    rng = Rng(seed)
    made = 0
    while made < count:
        state = initial_state(Setup(players=players, seed=rng.randbelow(1 << 62)))
        step(state, StartHand(seat=0))
        taken = 0
        while state.phase is Phase.PLAYING and made < count and taken < per_hand:
            yield state
            made += 1
            taken += 1
            legal = legal_commands(state, state.turn)
            step(state, legal[rng.randbelow(len(legal))])
