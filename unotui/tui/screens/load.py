"""Load: every save with its name, when it was last played, its players, hand and scores; Enter plays on, `d` deletes (after asking)."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import DataTable, Static

from unotui.columns import wrap_entries
from unotui.record import ReplayError, SaveInfo, delete_save, list_saves, load_game

from ..entries import hand_reached, last_played, save_name, score_entries, two_line_entry
from ..session import Session
from ..widgets.footer import WholeKeysFooter
from .base import CoveredFooterScreen
from .dialogs import ConfirmDialog

__all__ = ["LoadScreen"]

HEADERS = ("Save", "Hand", "State", "Scores")
"""A save's name with when it was last played beneath; the players' scores go last: the
one column whose cells wrap."""

NAME_WIDTH = 20
"""The least room a save's name gets; a longer one wraps when the scores need the room
(`name_room`)."""

NARROWEST_WRAP = 16
"""Below this many columns the last cell stops wrapping and the table scrolls sideways."""


def name_room(width: int) -> int:
    """The cells a save's name may take in a table `width` wide: half of what the hand and
    the state leave, at least `NAME_WIDTH`, so that a branch's name ("branch of
    four-players-to-500, hand 3") reads whole on a wide screen and the scores still fit a
    narrow one.

    >>> name_room(64), name_room(80), name_room(100)
    (20, 28, 38)
    """
    return max(NAME_WIDTH, (width - 24) // 2)


def _cells(cell: str | Text) -> int:
    """How wide a cell is: its widest line."""
    return max(cell_len(line) for line in str(cell).split("\n"))


class LoadScreen(CoveredFooterScreen[None]):
    """The saves folder as a table."""

    BINDINGS = [
        # Priority, so that the footer shows it: the table's own Enter (select) is hidden.
        Binding("enter", "open", "Play on", key_display="⏎", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]
    """Open, delete, or go back."""
    MINIMUM_SIZE = Size(60, 16)
    """The scores wrap between players, so the saves read whole below 80 columns too."""

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static("Saved games, most recent first", classes="dialog-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="load-note", classes="dialog-hint", markup=False)
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*HEADERS)
        self.refresh_saves()
        table.focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fill_table()

    def refresh_saves(self) -> None:
        folder = self.app.save_dir  # type: ignore[attr-defined]
        self.saves = list_saves(folder) if folder is not None else []
        self._fill_table()
        note = f"{len(self.saves)} in {folder}" if self.saves else f"No saved games in {folder}."
        self.query_one("#load-note", Static).update(note)

    def _fill_table(self) -> None:
        """One row a save, the last cell wrapped to what the screen leaves it, so that a
        full table's scores are seen without scrolling sideways."""
        table = self.query_one(DataTable)
        rows: list[tuple[Text, str, str, Text | list[str]]] = []
        for save in self.saves:
            # Names and file names are text, not markup. A long name wraps rather than lose its
            # end: `replay-…-2.uno.json` and `replay-….uno.json` differ only there.
            room = name_room(table.size.width)
            name = "\n".join(str(line) for line in Text(save_name(save)).wrap(self.app.console, room))
            if save.error is not None:
                rows.append((Text(name), "", "unreadable", Text(f"{Path(save.path).name}: {save.error}")))
                continue
            rows.append((two_line_entry(name, last_played(save), 0), str(save.hand or "–"),
                         "finished" if save.finished else "in play", score_entries(save)))
        heads = [row[:-1] for row in rows]
        fixed = sum(max(_cells(cell) for cell in (header, *(head[column] for head in heads))) + 2 * table.cell_padding
                    for column, header in enumerate(HEADERS[:-1]))
        scrollbar = table.styles.scrollbar_size_vertical
        width = max(NARROWEST_WRAP, table.size.width - fixed - 2 * table.cell_padding - scrollbar)
        row = table.cursor_row
        table.clear()
        for *cells, last in rows:
            wrapped = Text("\n").join(last.wrap(self.app.console, width)) if isinstance(last, Text) else Text(wrap_entries(last, width))
            table.add_row(*cells, wrapped, height=None)
        if rows:
            table.move_cursor(row=min(row, len(rows) - 1))

    def _chosen(self) -> SaveInfo | None:
        row = self.query_one(DataTable).cursor_row
        return self.saves[row] if 0 <= row < len(self.saves) else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        save = self._chosen()
        if save is None:
            return
        folder = self.app.save_dir  # type: ignore[attr-defined]
        try:
            table = load_game(save.path, folder)
        except (ReplayError, OSError) as error:
            self.notify(str(error), severity="error", markup=False)
            return
        for warning in table.warnings:
            self.notify(warning, severity="warning", markup=False)
        self.dismiss(None)
        self.app.open_table(Session.of(table, folder))  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        save = self._chosen()
        if save is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_save(save.path)
            except ReplayError as error:
                self.notify(str(error), severity="error", markup=False)
                return
            self.notify(f"Deleted {Path(save.path).name}", markup=False)
            self.refresh_saves()

        players = ", ".join(save.players) or Path(save.path).name
        self.app.push_screen(ConfirmDialog(f"Delete {save_name(save)}, the game of {players} ({hand_reached(save)})? "
                                           "This can't be undone.", yes="Delete", no="Keep"), answered)

    def action_back(self) -> None:
        self.dismiss(None)
