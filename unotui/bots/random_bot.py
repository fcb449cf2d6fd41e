"""The `random` level: a uniformly random legal command, every time.

The engine lists drawing as legal whenever a seat may play (R-TURN-2), and lists
every play with and without UNO, so this bot draws often and forgets UNO half the
time: the baseline every other level is measured against.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from unotui.engine import AnyCommand, AnyEvent, PlayerView, Rng

from .base import BotBase

__all__ = ["RandomBot"]


class RandomBot(BotBase):
    """Picks uniformly among the legal commands; keeps no notes."""

    level = "random"
    observes = False

    def observe(self, events: Iterable[AnyEvent]) -> None:
        return None

    def choose(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        return self.pick(legal, rng)

    @staticmethod
    def pick(legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        """`choose` without the view it does not read: the simulator's fast path."""
        return legal[rng.randbelow(len(legal))]
