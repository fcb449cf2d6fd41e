"""Text that wraps under its own columns: help rows keep their second column when a line
is too long for the pane, instead of running back to the left margin. Commands written
between backticks are shown bold, without them, as in the log's answers."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

from unotui.columns import join_continuations

from ..spans import styled_commands

__all__ = ["WrappedText"]


class WrappedText(Static):
    """A `Static` of plain text whose rows wrap with `wrap_hanging` to the width it gets
    (rows written for another width are joined first: `join_continuations`), its commands
    set off (`styled_commands`)."""

    def __init__(self, text: str, *, classes: str | None = None, id: str | None = None) -> None:
        super().__init__(text, markup=False, classes=classes, id=id)
        self.rows = join_continuations(text)
        """The text's lines, unwrapped."""

    def on_resize(self, event: Resize) -> None:
        width = self.content_region.width
        if width:
            self.update(Text("\n").join(styled_commands(line, Style(), Style(bold=True), width=width) for line in self.rows))
