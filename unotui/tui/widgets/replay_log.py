"""The replay's log pane, which is also its index: one line per sentence, the current one highlighted."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import OptionList
from textual.widgets.option_list import Option

__all__ = ["ReplayLog"]


class ReplayLog(OptionList, can_focus=False):
    """Every sentence of the match; a click on one posts `OptionSelected` with its index.

    It never takes the focus, so the viewer's arrow keys stay the viewer's; the screen
    moves the highlight as the replay moves.
    """

    DEFAULT_CSS = """
    ReplayLog { height: 1fr; border: round $panel-lighten-2; border-title-color: $text-muted; background: $surface; padding: 0 0; }
    ReplayLog > .option-list--option-highlighted { background: $accent 40%; color: $text; text-style: bold; }
    """

    def show_lines(self, lines: Sequence[str]) -> None:
        """Replace every line (a new perspective tells the story again)."""
        self.clear_options()
        self.add_options([Option(line) for line in lines])

    def mark(self, index: int | None) -> None:
        """Highlight line `index` (None: before the first line) and bring it into view."""
        if index is None:
            self.highlighted = None
            self.scroll_to(y=0, animate=False)
            return
        if index != self.highlighted:
            self.highlighted = index
        self.scroll_to_highlight(top=False)
