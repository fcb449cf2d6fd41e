"""Personalities: the human side of a bot (forgetting UNO, catching others, bluffing).

A level decides how well a bot plays; a personality decides how it behaves at the
table. The named opponents offered by the setup screen are a level plus a personality.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

__all__ = ["DEFAULT_PERSONALITIES", "OPPONENTS", "Opponent", "Personality", "find_opponent"]

Probability = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
Seconds = Annotated[float, msgspec.Meta(ge=0.0, le=60.0)]


class Personality(msgspec.Struct, frozen=True, kw_only=True):
    """How a bot behaves where rules leave room for people to be people."""

    forget_uno: Probability = 0.0
    """Chance of not saying UNO with the second-to-last card (R-UNO-1)."""
    late_call: Probability = 0.8
    """Chance, having forgotten, of noticing and saying UNO late (R-UNO-2)."""
    catch_rate: Probability = 0.9
    """Chance of catching another player who forgot to say UNO (R-UNO-3)."""
    reaction: tuple[Seconds, Seconds] = (0.6, 1.6)
    """Fastest and slowest reaction, in seconds, for a catch or a late call."""
    bluff: Probability = 0.0
    """Chance of bluffing a Wild Draw Four while holding the current colour (R-WD4-2):
    `basic` plays it at a player close to going out; `strong` weighs it among its moves
    and plays it when its search says it pays."""
    jump_in: Probability = 0.9
    """Under the jump-in house rule (R-HOUSE-3): chance of spotting a card identical to
    the top card in its hand, and jumping in with it when its level says it helps."""

    @property
    def reacts(self) -> bool:
        """Whether this personality ever acts out of turn (a catch, a late UNO, a jump-in)."""
        return bool(self.catch_rate or self.late_call or self.jump_in)


DEFAULT_PERSONALITIES: dict[str, Personality] = {
    "random": Personality(forget_uno=0.0, late_call=0.0, catch_rate=0.0, jump_in=0.0),
    "basic": Personality(),
    "strong": Personality(forget_uno=0.0, late_call=1.0, catch_rate=1.0, reaction=(0.4, 1.0), bluff=1.0),
}
"""What a level does when no personality is given. `random` ignores `forget_uno` and
`bluff`: its commands are uniformly random, UNO variants included. The bare `random`
level never acts out of turn: it is asked for a uniformly random legal command on its
turn and nothing else (reacting is a personality: see Pip). It never jumps in."""


class Opponent(msgspec.Struct, frozen=True, kw_only=True):
    """A named opponent for the setup screen: a level with a personality."""

    name: str
    level: str
    personality: Personality
    blurb: str
    """One line for the setup screen."""


OPPONENTS: tuple[Opponent, ...] = (
    Opponent(name="Pip", level="random",
             personality=Personality(late_call=0.5, catch_rate=0.5, reaction=(0.2, 2.0), jump_in=0.0),
             blurb="Plays whatever comes to hand. Sometimes draws for the fun of it."),
    Opponent(name="Dotty", level="basic",
             personality=Personality(forget_uno=0.35, late_call=0.4, catch_rate=0.3, reaction=(1.2, 3.0)),
             blurb="Knows the game, forgets to say UNO, rarely notices when you do."),
    Opponent(name="Gran", level="basic",
             personality=Personality(forget_uno=0.05, catch_rate=1.0, reaction=(0.3, 0.9)),
             blurb="Plays it safe and catches every forgotten UNO, fast."),
    Opponent(name="Rex", level="basic",
             personality=Personality(forget_uno=0.1, catch_rate=0.8, reaction=(0.5, 1.5), bluff=0.6),
             blurb="Loves a Wild Draw Four, legal or not: challenge it."),
    Opponent(name="Vera", level="strong",
             personality=Personality(forget_uno=0.0, catch_rate=0.9, reaction=(0.5, 1.4)),
             blurb="Counts cards and reads your draws. Honest to a fault."),
    Opponent(name="Max", level="strong",
             personality=Personality(forget_uno=0.02, catch_rate=1.0, reaction=(0.25, 0.7), bluff=0.35),
             blurb="Counts cards, bluffs when it pays, misses nothing."),
    Opponent(name="Sunny", level="strong",
             personality=Personality(forget_uno=0.2, late_call=0.9, catch_rate=0.2, reaction=(1.5, 3.5)),
             blurb="Plays sharp cards but is too nice to catch you out."),
)
"""The opponents the TUI offers, weakest first."""


def find_opponent(name: str) -> Opponent:
    """The named opponent, case-insensitively.

    >>> find_opponent("vera").level
    'strong'

    Raises:
        ValueError: naming the known opponents, when there is none by that name.
    """
    for opponent in OPPONENTS:
        if opponent.name.lower() == name.strip().lower():
            return opponent
    known = ", ".join(opponent.name for opponent in OPPONENTS)
    raise ValueError(f"unknown opponent: {name!r} (known: {known})")
