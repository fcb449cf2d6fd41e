"""The bot interface: a seat's view and legal commands in, one command out.

A bot never sees the game state. It gets what the player at its seat would see (the
`PlayerView` and, if it keeps notes, the events redacted for its seat), the commands
the engine would accept, and its own seeded generator.

Saying UNO and catching are real-time at a table, so besides `choose` every bot
answers `react`: given a view with a UNO catch window open, whether it acts, and
after how many seconds. `uno_reactions` asks a whole table at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

import msgspec

from unotui.engine import AnyCommand, AnyEvent, CallUno, CatchUno, PlayCard, PlayerView, Rng

from .memory import TableMemory
from .personality import Personality

__all__ = ["Bot", "BotBase", "Reaction", "uno_reactions"]


class Reaction(msgspec.Struct, frozen=True, kw_only=True):
    """A real-time command a bot wants to give, `delay` seconds after the window opened."""

    command: CallUno | CatchUno
    delay: float


@runtime_checkable
class Bot(Protocol):
    """What the simulator and the TUI need from a bot."""

    level: str
    personality: Personality
    rng: Rng
    """The bot's own generator; drivers pass it to `choose` and `react`."""
    observes: bool
    """Whether `observe` does anything (drivers may skip redacting events otherwise)."""

    def choose(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        """One of `legal` for the seat's pending decision. `legal` is never empty."""
        ...

    def react(self, view: PlayerView, rng: Rng) -> Reaction | None:
        """With a UNO catch window open: catch, call UNO late, or (None) do nothing."""
        ...

    def observe(self, events: Iterable[AnyEvent]) -> None:
        """Take note of events as this seat saw them (`visible_events(events, seat)`)."""
        ...


class BotBase:
    """Shared behaviour: the personality's UNO habits and reactions, and note keeping.

    Subclasses implement `decide_turn`, which should always say UNO; `choose` then lets
    the personality forget it.
    """

    level = "base"
    observes = True

    def __init__(self, seat: int, players: int, personality: Personality, seed: int) -> None:
        self.seat = seat
        self.players = players
        self.personality = personality
        self.rng = Rng(seed)
        self.memory = TableMemory(seat, players)

    def observe(self, events: Iterable[AnyEvent]) -> None:
        self.memory.observe(events)

    def choose(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        command = self.decide_turn(view, legal, rng)
        if isinstance(command, PlayCard) and command.uno and self.personality.forget_uno:
            if rng.random() < self.personality.forget_uno:
                forgot = msgspec.structs.replace(command, uno=False)
                if forgot in legal:
                    return forgot
        return command

    def decide_turn(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        raise NotImplementedError

    def react(self, view: PlayerView, rng: Rng) -> Reaction | None:
        """Rule: R-UNO-2, R-UNO-3. Late call for oneself, or a catch of another seat.

        Every call draws the same amount from `rng`, so what a bot does later does not
        depend on whether a window happened to concern it.
        """
        roll, pace = rng.random(), rng.random()
        target, seat = view.catchable, view.seat
        if target is None or seat is None:
            return None
        low, high = self.personality.reaction
        delay = low + (high - low) * pace
        if target == seat:
            if roll < self.personality.late_call:
                return Reaction(command=CallUno(seat=seat), delay=delay)
            return None
        if roll < self.personality.catch_rate:
            return Reaction(command=CatchUno(seat=seat, target=target), delay=delay)
        return None


def uno_reactions(bots: Mapping[int, Bot], view_of: Callable[[int], PlayerView]) -> list[Reaction]:
    """Ask every bot at a table with a UNO window open what it does; earliest first.

    Args:
        bots: the bots by seat (human seats left out).
        view_of: the view of a seat, e.g. `table.view`.

    Returns:
        The reactions, by delay, ties to the lower seat. A driver submits them in that
        order at their times until one is accepted (the window then closes) or the
        window closes by play.
    """
    found = []
    for seat in sorted(bots):
        bot = bots[seat]
        reaction = bot.react(view_of(seat), bot.rng)
        if reaction is not None:
            found.append((reaction.delay, seat, reaction))
    found.sort(key=lambda item: (item[0], item[1]))
    return [reaction for _, _, reaction in found]
