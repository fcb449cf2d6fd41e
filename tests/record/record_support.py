"""Helpers for the record tests: headers, and tables played by a seeded random-legal player."""

from __future__ import annotations

import random
from pathlib import Path

from unotui.engine import Phase, RuleSet, StartHand
from unotui.record import PlayerInfo, Table, make_header

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def header_for(players: int = 3, seed: int = 5, target: int = 500, **kwargs: object):  # type: ignore[no-untyped-def]
    return make_header([PlayerInfo(name=name) for name in NAMES[:players]],
                       RuleSet(target=target), seed=seed, **kwargs)  # type: ignore[arg-type]


def play_random(table: Table, commands: int, seed: int = 1) -> None:
    """Submit up to `commands` legal commands chosen at random from every seat's list."""
    rng = random.Random(seed)
    for _ in range(commands):
        if table.finished:
            return
        if table.state.phase is not Phase.PLAYING:
            table.submit(StartHand(seat=0))
            continue
        legal = [c for seat in range(table.state.players) for c in table.legal_commands(seat)]
        table.submit(rng.choice(legal))
