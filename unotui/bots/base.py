"""The bot interface: a seat's view and legal commands in, one command out.

A bot never sees the game state. It gets what the player at its seat would see (the
`PlayerView` and, if it keeps notes, the events redacted for its seat), the commands
the engine would accept, and its own seeded generator.

Some commands are real-time at a table: saying UNO late, catching a forgotten UNO and,
under the jump-in house rule, playing a card identical to the top card out of turn.
So besides `choose` every bot answers `react`: given its view at a moment when acting
out of turn may be possible, whether it acts, and after how many seconds.
`table_reactions` asks a whole table at once.

How a driver (the simulator, the TUI) uses reactions:
- after every accepted command, if `reaction_moment(view)` holds for the new state, ask
  `table_reactions` once for that state (a catch window is asked about once: the view
  after a command that did not open it may be passed with `catchable=None`);
- submit the reactions in order, each at its delay, before the turn player's own
  command if they come first;
- a reaction is planned for the state it was asked about. Once any command has been
  accepted since (another reaction, the turn player's play), the reactions still waiting
  may be stale: re-check each one at submit time with `still_valid` and drop it
  silently when it is not (no longer legal, or a jump-in by a seat whose own turn it
  has become), then ask again for the new state. A dropped reaction changes nothing;
  had it been sent anyway, the engine would refuse it (R-HOUSE-3, R-UNO-3) or take it
  as an ordinary play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

import msgspec

from unotui.engine import (
    AnyCommand,
    AnyEvent,
    CallUno,
    CatchUno,
    Decision,
    Phase,
    PlayCard,
    PlayerView,
    Rng,
    Setup,
    initial_state,
    view_for,
)
from unotui.engine.cards import COLOR_OF

from .memory import TableMemory
from .personality import Personality

__all__ = ["Bot", "BotBase", "Reaction", "brief", "reaction_moment", "still_valid", "table_reactions"]


class Reaction(msgspec.Struct, frozen=True, kw_only=True):
    """A real-time command a bot wants to give, `delay` seconds after the moment it was
    asked about: a late UNO, a catch, or a jump-in play (R-HOUSE-3)."""

    command: CallUno | CatchUno | PlayCard
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
        """At a reaction moment (`reaction_moment`): catch, call UNO late, jump in, or (None)
        do nothing."""
        ...

    def begin(self, view: PlayerView) -> None:
        """Take note of the table as this seat saw it when a match began from a set position
        (a branch): there was no deal to take notes from. Before any `observe`."""
        ...

    def observe(self, events: Iterable[AnyEvent]) -> None:
        """Take note of events as this seat saw them (`visible_events(events, seat)`)."""
        ...


def brief(bot: Bot, setup: Setup, seat: int, seen: Iterable[AnyEvent]) -> None:
    """Tell `bot`, playing `seat`, the match so far: the position it began from, if it
    did (`Bot.begin`), then `seen`, the events as that seat saw them."""
    if setup.position is not None:
        bot.begin(view_for(initial_state(setup), seat))
    bot.observe(seen)


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

    def begin(self, view: PlayerView) -> None:
        self.memory.begin(view)

    def observe(self, events: Iterable[AnyEvent]) -> None:
        self.memory.observe(events)

    def choose(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        self.memory.see_hand(view.hand)
        command = self.decide_turn(view, legal, rng)
        if isinstance(command, PlayCard) and command.uno and self.personality.forget_uno:
            if rng.random() < self.personality.forget_uno:
                forgot = msgspec.structs.replace(command, uno=False)
                if forgot in legal:
                    return forgot
        return command

    def decide_turn(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        raise NotImplementedError

    @property
    def reacts(self) -> bool:
        """Whether `react` can ever return something (drivers may skip asking otherwise)."""
        return self.personality.reacts

    def react(self, view: PlayerView, rng: Rng) -> Reaction | None:
        """Rule: R-UNO-2, R-UNO-3, R-HOUSE-3. Late call for oneself, a catch of another
        seat, or a jump-in.

        Every call draws the same amount from `rng` (one more under the jump-in rule), so
        what a bot does later does not depend on whether a moment happened to concern it.
        A bot on one card that can jump in with it goes out rather than call UNO late.
        """
        if not self.personality.reacts:
            return None
        roll, pace = rng.random(), rng.random()
        jumping = view.rules.jump_in
        spot = rng.random() if jumping else 1.0
        target, seat = view.catchable, view.seat
        if seat is None:
            return None
        low, high = self.personality.reaction
        delay = low + (high - low) * pace
        jump = self.jump_in(view) if jumping and spot < self.personality.jump_in else None
        if target is not None and target != seat and roll < self.personality.catch_rate:
            return Reaction(command=CatchUno(seat=seat, target=target), delay=delay)
        if jump is not None:
            return Reaction(command=jump, delay=delay)
        if target == seat and roll < self.personality.late_call:
            return Reaction(command=CallUno(seat=seat), delay=delay)
        return None

    def jump_in(self, view: PlayerView) -> PlayCard | None:
        """The jump-in play this level would make now, if any (R-HOUSE-3); the caller has
        already decided that the personality spotted the chance."""
        return None

def reaction_moment(view: PlayerView) -> bool:
    """Whether acting out of turn may be possible now: a UNO catch window is open, or
    (under the jump-in rule) a coloured top card could be matched by an identical one
    while the turn player has a play or stack decision.

    Drivers ask `table_reactions` only at such moments; bots answer None otherwise.
    """
    if view.phase is not Phase.PLAYING:
        return False
    if view.catchable is not None:
        return True
    return (view.rules.jump_in and view.decision in (Decision.PLAY, Decision.STACK)
            and view.top is not None and COLOR_OF[view.top] is not None)


def still_valid(reaction: Reaction, view: PlayerView, legal: Sequence[AnyCommand]) -> bool:
    """Whether a reaction planned earlier may still be submitted now.

    Args:
        reaction: what a bot planned at an earlier moment.
        view: the reacting seat's view now.
        legal: that seat's legal commands now.
    """
    command = reaction.command
    if command not in legal:
        return False
    # A jump-in is out of turn by definition: on the seat's own turn its play is a choice.
    return not (isinstance(command, PlayCard) and view.turn == command.seat)


def table_reactions(bots: Mapping[int, Bot], view_of: Callable[[int], PlayerView]) -> list[Reaction]:
    """Ask every bot at a table what it does out of turn at this moment; earliest first.

    Args:
        bots: the bots by seat (human seats left out).
        view_of: the view of a seat, e.g. `table.view`.

    Returns:
        The reactions, by delay, ties to the lower seat. A driver submits them in that
        order at their times; once one is accepted the others are stale (re-check each
        at submit time and drop the refused ones), and the new state is a new moment.
    """
    found = []
    for seat in sorted(bots):
        bot = bots[seat]
        reaction = bot.react(view_of(seat), bot.rng)
        if reaction is not None:
            found.append((reaction.delay, seat, reaction))
    found.sort(key=lambda item: (item[0], item[1]))
    return [reaction for _, _, reaction in found]

