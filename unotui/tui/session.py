"""The match being played at this keyboard: a journaling `Table`, seat names, humans and bots.

`Session` is what the table screen owns. It never changes game state itself: commands go
into `table.submit`, and everything shown comes from the table's view of the seat at the
keyboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from unotui.bots import Bot, StrongBot, brief
from unotui.bots.advice import adviser
from unotui.engine import PlayerView, RuleSet
from unotui.record import PlayerInfo, PlayerKind, Table, make_folder, make_header, new_game

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
    advisers: dict[int, StrongBot] = field(default_factory=dict)
    """A `strong` bot for each human seat that asked for a hint, keeping that seat's notes."""

    @classmethod
    def of(cls, table: Table, save_dir: Path | None = None) -> Session:
        """A session around an existing table: bots rebuilt from the header, told the story so far."""
        session = cls(table=table, save_dir=save_dir, bots=bots_for(table.header.players))
        for seat, bot in session.bots.items():
            if bot.observes:
                session._tell_story(seat, bot)
        return session

    def _tell_story(self, seat: int, bot: Bot) -> None:
        """Give `bot` the match so far as `seat` saw it."""
        brief(bot, self.table.match.setup, seat, self.table.visible_events(seat))

    def adviser(self, seat: int) -> StrongBot:
        """The `strong` bot that weighs the moves of the human in `seat` for a hint (started
        on the first one, and told the story so far); it sees only what that seat sees."""
        if seat not in self.advisers:
            self.advisers[seat] = adviser(seat, self.table.match.setup, self.table.visible_events(seat))
        return self.advisers[seat]

    def observers(self) -> dict[int, Bot]:
        """Every bot that keeps notes, by seat: the players' and the advisers'."""
        return {**{seat: bot for seat, bot in self.bots.items() if bot.observes}, **self.advisers}

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
        make_folder(save_dir)
    table = new_game(save_dir, header) if save_dir is not None else Table.new(header)
    return Session.of(table, save_dir)
