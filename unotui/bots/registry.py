"""Building bots by level name: `make_bot` and the list of levels."""

from __future__ import annotations

from unotui.engine.rng import MASK64

from .base import Bot
from .basic import BasicBot
from .personality import DEFAULT_PERSONALITIES, Personality, find_opponent
from .random_bot import RandomBot
from .strong import INTERACTIVE_TIME_LIMIT, StrongBot

__all__ = ["LEVELS", "bot_from_spec", "bot_name", "make_bot"]

LEVELS: tuple[str, ...] = ("random", "basic", "strong")
"""Bot levels, weakest first."""


def make_bot(level: str, personality: Personality | None = None, seed: int = 0, *, seat: int = 0,
             players: int = 4, playouts: int | None = None,
             time_limit: float | None = INTERACTIVE_TIME_LIMIT, parallel: bool = False) -> Bot:
    """A bot of `level` for `seat` at a table of `players`.

    Args:
        level: one of `LEVELS`.
        personality: its table manners; the level's default when None.
        seed: seeds the bot's own generator (`bot.rng`).
        seat: the seat it plays.
        players: how many seats the table has.
        playouts: the `strong` level's play-outs per decision (its deterministic budget).
        time_limit: the `strong` level's seconds per decision, on top of `playouts`: by
            default `INTERACTIVE_TIME_LIMIT`, for play at a table; None for none, so that
            the play-out count alone decides (reproducible, as the simulator needs).
        parallel: whether the `strong` level searches on two cores (`StrongBot.parallel`):
            the same moves, in about 40% less time on a machine with a core to spare.

    Raises:
        ValueError: naming the known levels, for an unknown one.
    """
    chosen = personality if personality is not None else DEFAULT_PERSONALITIES.get(level)
    seed &= MASK64
    match level:
        case "random":
            return RandomBot(seat, players, chosen or Personality(), seed)
        case "basic":
            return BasicBot(seat, players, chosen or Personality(), seed)
        case "strong":
            return StrongBot(seat, players, chosen or Personality(), seed, playouts=playouts, time_limit=time_limit,
                             parallel=parallel)
    raise ValueError(f"unknown bot level: {level!r} (known: {', '.join(LEVELS)})")


def bot_name(spec: str) -> str:
    """A level (`strong`) or a named opponent (`Vera`) spelt as it is shown, however typed.

    >>> bot_name(" STRONG"), bot_name("vera")
    ('strong', 'Vera')

    Raises:
        ValueError: when the spec names neither.
    """
    name = spec.strip()
    if name.lower() in LEVELS:
        return name.lower()
    try:
        return find_opponent(name).name
    except ValueError:
        raise ValueError(f"unknown bot: {spec!r} (levels: {', '.join(LEVELS)}; or a named opponent)") from None


def bot_from_spec(spec: str, seed: int = 0, *, seat: int = 0, players: int = 4, playouts: int | None = None,
                  time_limit: float | None = None, parallel: bool = False) -> Bot:
    """A bot from a level name (`strong`) or a named opponent (`Vera`), for simulations:
    without `time_limit` its decisions depend on play-out counts alone.

    Raises:
        ValueError: when the spec names neither.
    """
    name = bot_name(spec)
    if name in LEVELS:
        return make_bot(name, None, seed, seat=seat, players=players, playouts=playouts, time_limit=time_limit,
                        parallel=parallel)
    opponent = find_opponent(name)
    return make_bot(opponent.level, opponent.personality, seed, seat=seat, players=players, playouts=playouts,
                    time_limit=time_limit, parallel=parallel)
