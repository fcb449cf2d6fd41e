"""The command line under the table: forgiving typed commands, tab completion, history."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

from ..commands import complete

__all__ = ["CommandLine"]


class CommandLine(Input):
    """An input with history (up/down) and tab completion of commands, cards and names."""

    BINDINGS = [
        Binding("up", "history(-1)", "Previous", show=False),
        Binding("down", "history(1)", "Next", show=False),
        Binding("tab", "complete", "Complete", show=False),
    ]
    """History and completion; Enter submits (Input's own)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(placeholder="type a command: r7, draw, uno, look, help …  (: or / to type)", id=id)
        self.history: list[str] = []
        """Commands entered, oldest first."""
        self._place = 0
        self.candidates: list[str] = []
        """Words tab completes: commands, the cards held, player names."""

    def remember(self, text: str) -> None:
        """Add a submitted command to the history."""
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._place = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._place = max(0, min(len(self.history), self._place + step))
        self.value = self.history[self._place] if self._place < len(self.history) else ""
        self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        done = complete(self.value, self.candidates)
        if done is not None:
            self.value = done
            self.cursor_position = len(done)
