"""Advice: what the `strong` bot would do in a seat, seeing only what that seat saw.

A hint at the table and the replay viewer's analysis both ask `adviser`: a `strong` bot
that has taken the match's notes from the seat's own view, ready to `weigh` its moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from unotui.engine import AnyEvent, Rng, Setup

from .base import brief
from .registry import make_bot
from .strong import DEFAULT_PLAYOUTS, StrongBot

__all__ = ["HINT_PLAYOUTS", "HINT_TIME_LIMIT", "advice_rng", "adviser"]

HINT_PLAYOUTS = 2 * DEFAULT_PLAYOUTS
"""Advice is asked for and waited on: it weighs the moves with twice a bot's play-outs,
so that its shares of play-outs won, which it shows, move less from one time to the next."""

HINT_TIME_LIMIT = 0.5
"""Seconds advice may think, in this process alone (starting the helper processes a
table's searches share would cost more than the search)."""


def adviser(seat: int, setup: Setup, seen: Iterable[AnyEvent]) -> StrongBot:
    """A `strong` bot for `seat` of the match `setup` starts, that has taken note of `seen`,
    the events as that seat saw them (`brief`). Weigh its moves with `advice_rng`, so that
    the same decision gets the same advice.
    """
    bot = make_bot("strong", seed=seat, seat=seat, players=setup.players, playouts=HINT_PLAYOUTS,
                   time_limit=HINT_TIME_LIMIT)
    assert isinstance(bot, StrongBot)
    brief(bot, setup, seat, seen)
    return bot


def advice_rng(seat: int, events: int) -> Rng:
    """The generator advice for `seat` searches with after `events` events of a match: asked
    again at the same decision, a hint names the same move (a search's shares can lie a few
    points apart), and the replay's analysis of that decision gives the hint it gave."""
    return Rng(events << 4 | seat)
