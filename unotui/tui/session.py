"""The match being played at this keyboard: a journaling `Table`, seat names, humans and bots.

`Session` is what the table screen owns. It never changes game state itself: commands go
into `table.submit`, and everything shown comes from the table's view of the seat at the
keyboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from unotui.bots import Bot
from unotui.engine import PlayerView, RuleSet, initial_state, view_for
from unotui.record import PlayerInfo, PlayerKind, Table, make_header, new_game

from .seats import bots_for

__all__ = ["Session", "start_session"]


@dataclass
class Session:
    """One match at this keyboard."""

    table: Table
    """The match, journaled: every accepted command is on disk."""
    save_dir: Path | None = None
    """The saves folder; None plays without saving (tests, practice)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    """The computer player of every bot seat."""
    origin_turn: int | None = None
    """For a match just branched from a recording: the source's turn it starts at (the
    file itself records the hand and the records played, not the turn)."""

    @classmethod
    def of(cls, table: Table, save_dir: Path | None = None) -> Session:
        """A session around an existing table: bots rebuilt from the header, told the story so far."""
        session = cls(table=table, save_dir=save_dir, bots=bots_for(table.header.players))
        start = initial_state(table.match.setup) if table.header.position is not None else None
        for seat, bot in session.bots.items():
            if bot.observes:
                if start is not None:
                    bot.begin(view_for(start, seat))
                bot.observe(table.visible_events(seat))
        return session

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.table.header.names)

    @property
    def humans(self) -> tuple[int, ...]:
        """Seats played at this keyboard (more than one: hot-seat)."""
        return tuple(seat for seat, info in enumerate(self.table.header.players) if info.kind is PlayerKind.HUMAN)

    @property
    def players(self) -> int:
        return len(self.table.header.players)

    def is_human(self, seat: int) -> bool:
        return self.table.header.players[seat].kind is PlayerKind.HUMAN

    def view(self, seat: int) -> PlayerView:
        return self.table.view(seat)


def start_session(players: Sequence[PlayerInfo], rules: RuleSet, seed: int | None, save_dir: Path | None) -> Session:
    """A new match, journaled in `save_dir` (or in memory only when it is None).

    Raises:
        ValueError: a bad name, seed or number of players, in one line.
    """
    header = make_header(players, rules, seed=seed)
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    table = new_game(save_dir, header) if save_dir is not None else Table.new(header)
    return Session.of(table, save_dir)
