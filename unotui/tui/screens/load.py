"""Load: every save with its date, players, hand and scores; Enter plays on, `d` deletes (after asking)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from unotui.record import ReplayError, SaveInfo, delete_save, list_saves, load_game

from ..session import Session
from .dialogs import ConfirmDialog

__all__ = ["LoadScreen"]


class LoadScreen(Screen[None]):
    """The saves folder as a table."""

    BINDINGS = [
        Binding("enter", "open", "Play on"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]
    """Open, delete, or go back."""

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static("Saved games, most recent first", classes="dialog-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="load-note", classes="dialog-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # The state before the scores: a row too wide for the screen loses its end, and
        # an unreadable file's reason (the longest cell) goes last.
        table.add_columns("Date", "Players", "Hand", "State", "Scores")
        self.refresh_saves()
        table.focus()

    def refresh_saves(self) -> None:
        folder = self.app.save_dir  # type: ignore[attr-defined]
        self.saves = list_saves(folder) if folder is not None else []
        table = self.query_one(DataTable)
        table.clear()
        for save in self.saves:
            # Names and file names are text, not markup.
            if save.error is not None:
                table.add_row("?", Text(Path(save.path).name), "", "unreadable", Text(save.error))
                continue
            when = (save.created or "")[:16].replace("T", " ")
            table.add_row(when, Text(", ".join(save.players)), str(save.hand or "–"), "finished" if save.finished else "in play",
                          " · ".join(str(score) for score in save.scores))
        note = f"{len(self.saves)} in {folder}" if self.saves else f"No saved games in {folder}."
        self.query_one("#load-note", Static).update(note)

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
        self.app.push_screen(ConfirmDialog(f"Delete the game of {players} (hand {save.hand})? This can't be undone.", yes="Delete", no="Keep"), answered)

    def action_back(self) -> None:
        self.dismiss(None)
