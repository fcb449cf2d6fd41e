"""The replay's log pane, which is also its index: one sentence per line, the current one highlighted.

A match of 10,000 events tells some 5,000 sentences, so the pane renders only the rows in
view (a `ScrollView` drawing its own lines) and wraps each sentence once per width.
"""

from __future__ import annotations

import bisect
import textwrap
from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .timeline import FLAG_GLYPHS

__all__ = ["ReplayLog"]


class ReplayLog(ScrollView, can_focus=False):
    """Every sentence of the match; a click on one posts `ReplayLog.LineSelected`.

    It never takes the focus, so the arrow keys stay the viewer's; the screen moves the
    highlight as the replay moves.
    """

    DEFAULT_CSS = """
    ReplayLog { height: 1fr; border: round $panel-lighten-2; border-title-color: $text-muted; background: $surface;
                overflow-x: hidden; overflow-y: auto; }
    ReplayLog > .replay-log--text { color: $text; }
    ReplayLog > .replay-log--current { background: $accent 45%; color: $text; text-style: bold; }
    ReplayLog > .replay-log--partial { background: $accent 20%; color: $text; text-style: italic; }
    ReplayLog > .replay-log--flag { color: $error; }
    ReplayLog > .replay-log--future { color: $text-muted; }
    """

    COMPONENT_CLASSES = {"replay-log--text", "replay-log--current", "replay-log--partial", "replay-log--flag",
                         "replay-log--future"}
    """Told lines, the current line once the table shows all of it (bold), the current line
    while it shows part of it (italic: stepped into event by event), lines flagged by the
    audit, lines not reached yet."""

    class LineSelected(Message):
        """Line `index` was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[str] = []
        self._rows: list[tuple[int, str]] = []
        """(line index, text) of every row at the current width."""
        self._first_row: list[int] = []
        """The first row of each line."""
        self._width = 0
        self.current: int | None = None
        """The highlighted line; None before the first."""
        self.done = True
        """Whether the table shows all the current line tells; False while stepping through
        its events one at a time, the line then in progress."""

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def show_lines(self, lines: Sequence[str]) -> None:
        """Replace every line (a new perspective tells the story again)."""
        self._lines = list(lines)
        self.current = None
        self.done = True
        self._width = 0
        self._rows, self._first_row = [], []
        self._layout_rows()

    def _layout_rows(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0:
            return  # not laid out yet: the first resize wraps the lines
        if width == self._width and self._rows:
            return
        self._width = width
        rows: list[tuple[int, str]] = []
        first: list[int] = []
        for index, line in enumerate(self._lines):
            first.append(len(rows))
            if len(line) <= width:
                rows.append((index, line))
            else:
                rows += [(index, part) for part in textwrap.wrap(line, width, subsequent_indent="    ") or [""]]
        self._rows, self._first_row = rows, first
        self.virtual_size = Size(width, len(rows))
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._layout_rows()
        self.mark(self.current, self.done)

    def mark(self, index: int | None, done: bool = True) -> None:
        """Highlight line `index` (None: before the first line), as done or in progress, and
        bring it into view."""
        self.current = index
        self.done = done
        self.refresh()
        # `force`: right after the lines change, the scrollbar isn't shown yet, and an
        # unforced scroll would be refused, leaving the current line out of sight.
        if index is None or not self._first_row:
            self.scroll_to(y=0, animate=False, immediate=True, force=True)
            return
        top = self._first_row[index]
        bottom = self._first_row[index + 1] if index + 1 < len(self._first_row) else len(self._rows)
        height = self.scrollable_content_region.height
        scroll = self.scroll_offset.y
        if top < scroll:
            self.scroll_to(y=top, animate=False, immediate=True, force=True)
        elif bottom > scroll + height:
            self.scroll_to(y=max(0, bottom - height), animate=False, immediate=True, force=True)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if width != self._width:
            # A scrollbar came or went: wrap to the width there is, and scroll the current
            # line back into view (the rows it is on have moved).
            self._layout_rows()
            # The highlight as it stands then: a step may come before the refresh.
            self.call_after_refresh(lambda: self.mark(self.current, self.done))
        row = self.scroll_offset.y + y
        if row >= len(self._rows):
            return Strip.blank(width, self.rich_style)
        index, text = self._rows[row]
        style = self._style_for(index, text if self._first_row[index] == row else self._lines[index])
        return Strip([Segment(text[:width].ljust(width), style)], width)

    def _style_for(self, index: int, line: str) -> Style:
        if index == self.current:
            return self.get_component_rich_style("replay-log--current" if self.done else "replay-log--partial")
        base = self.get_component_rich_style("replay-log--text" if self.current is not None and index < self.current
                                             else "replay-log--future")
        if line[:1] in FLAG_GLYPHS:
            return base + self.get_component_rich_style("replay-log--flag", partial=True)
        return base

    def line_at(self, y: int) -> int | None:
        """The line shown at row `y` of the pane, or None below the last."""
        row = self.scroll_offset.y + y
        return self._rows[row][0] if 0 <= row < len(self._rows) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.line_at(offset.y)
        if index is not None:
            event.stop()
            self.post_message(self.LineSelected(index))

    def row_of(self, index: int) -> int:
        """The first row of line `index` at the current width."""
        return self._first_row[index] if 0 <= index < len(self._first_row) else bisect.bisect_left(self._first_row, index)
