"""`Match`: the one door through which commands enter a game held in memory."""

from __future__ import annotations

from collections.abc import Iterable

from .apply import _HANDLERS, apply
from .commands import AnyCommand
from .decide import _DECIDERS, Accepted, Rejected, decide, legal_commands
from .events import AnyEvent
from .state import GameState, Setup, initial_state
from .view import PlayerView, view_for, visible_events

__all__ = ["Match", "fold"]


class Match:
    """The current state and everything that happened, in memory.

    Commands go in through `submit`; accepted ones and their events are kept in
    order, so the match can be replayed from `setup` and `commands`.
    """

    __slots__ = ("setup", "state", "commands", "events", "boundaries", "__weakref__")

    def __init__(self, setup: Setup) -> None:
        """Raises: SetupError when the setup can't start a game."""
        self.setup = setup
        self.state: GameState = initial_state(setup)
        self.commands: list[AnyCommand] = []
        """Accepted commands, in order."""
        self.events: list[AnyEvent] = []
        """Every event, in order."""
        self.boundaries: list[int] = []
        """`events[boundaries[i]:boundaries[i+1]]` came from `commands[i]`."""

    def submit(self, command: AnyCommand) -> Accepted | Rejected:
        """Judge a command and, if it is legal, apply its events."""
        state = self.state
        if not state.house and 0 <= command.seat < state.players:
            # `decide` inlined for the standard rules, its seat check then its table:
            # one call less on every command of every playout.
            verdict = _DECIDERS[command.__class__](state, command)
        else:
            verdict = decide(state, command)
        if verdict.__class__ is Accepted:
            events = verdict.events
            handlers = _HANDLERS  # apply_all inlined: this runs for every command of every playout
            for event in events:
                handlers[event.__class__](state, event)
            recorded = self.events  # extended in place: one attribute load, no store back
            self.boundaries.append(len(recorded))
            self.commands.append(command)
            recorded += events
        return verdict

    def legal_commands(self, seat: int) -> list[AnyCommand]:
        return legal_commands(self.state, seat)

    def view(self, seat: int | None) -> PlayerView:
        """The table as `seat` sees it (None: the audit view)."""
        return view_for(self.state, seat)

    def visible_events(self, seat: int | None) -> list[AnyEvent]:
        return visible_events(self.events, seat)

    @classmethod
    def replay(cls, setup: Setup, commands: Iterable[AnyCommand]) -> Match:
        """Run commands from the setup.

        Raises:
            ValueError: naming the index and rule of the first illegal command.
        """
        match = cls(setup)
        for index, command in enumerate(commands):
            verdict = match.submit(command)
            if isinstance(verdict, Rejected):
                raise ValueError(f"command {index} ({type(command).__name__}, seat {command.seat}) is illegal: {verdict.reason} ({verdict.rule})")
        return match


def fold(setup: Setup, events: Iterable[AnyEvent]) -> GameState:
    """The state reached by applying recorded events from the setup's initial state."""
    state = initial_state(setup)
    for event in events:
        apply(state, event)
    return state
