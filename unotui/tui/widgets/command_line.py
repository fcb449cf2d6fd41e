"""The command line under the table: forgiving typed commands, tab completion, history."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

from ..commands import complete

__all__ = ["CommandLine"]


class CommandLine(Input):
    """An input with history (up/down) and tab completion of commands, cards and names."""

    BINDINGS = [
        Binding("enter", "submit", "Run", key_display="⏎"),
        Binding("up", "history(-1)", "History", key_display="↑↓"),
        Binding("down", "history(1)", "Next", show=False),
        Binding("tab", "complete", "Complete"),
    ]
    """History and completion; Enter submits (Input's action, shown in the footer here:
    while typing, letters are text, and these are the keys that do something)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(placeholder="type a command: r7, draw, uno, look, help …  (: or / to type)", id=id,
                         # Not selected on focus: letters of `:hand⏎` typed before the focus
                         # came are in the line by then, and the next key would replace them.
                         select_on_focus=False)
        self.history: list[str] = []
        """Commands entered, oldest first."""
        self._place = 0
        self.commands: list[str] = []
        """Command words tab completes first."""
        self.cards: list[str] = []
        """The cards held, in notation."""
        self.names: list[str] = []
        """The other players' names."""

    def remember(self, text: str) -> None:
        """Add a submitted command to the history."""
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._place = len(self.history)

    def use_history(self, history: list[str]) -> None:
        """Recall from `history` from now on (kept in place: `remember` adds to it)."""
        self.history = history
        self._place = len(history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._place = max(0, min(len(self.history), self._place + step))
        self.value = self.history[self._place] if self._place < len(self.history) else ""
        self.cursor_position = len(self.value)

    def candidates(self, text: str) -> list[str]:
        """What the last word of `text` may become, from the words before it."""
        words = text.lower().split()
        if not words or len(words) == 1 and not text.endswith(" "):
            return [*self.commands, *self.cards]
        head = words[0]
        if head in ("catch", "c"):
            return self.names
        if head in ("help", "?"):
            return self.commands
        if head in ("rules", "rule"):
            return ["R-DECK-", "R-SETUP-", "R-TURN-", "R-ACT-", "R-WD4-", "R-UNO-", "R-SCORE-", "R-HOUSE-"]
        before = words if text.endswith(" ") else words[:-1]
        if before[-1] in ("swap", "with"):
            return self.names  # `r7 swap with bo` (R-HOUSE-2)
        colours = ["red", "yellow", "green", "blue"]
        if head in ("play", "p") and (len(words) == 1 or (len(words) == 2 and not text.endswith(" "))):
            return [*self.cards, "it"]
        return [*colours, "uno"]

    def action_complete(self) -> None:
        done = complete(self.value, self.candidates(self.value))
        if done is not None:
            self.value = done
            self.cursor_position = len(done)
