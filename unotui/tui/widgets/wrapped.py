"""Text that wraps under its own columns: help rows keep their second column when a line
is too long for the pane, instead of running back to the left margin."""

from __future__ import annotations

import re
import textwrap

from textual.events import Resize
from textual.widgets import Static

__all__ = ["WrappedText", "join_continuations", "wrap_hanging"]

_COLUMNS = re.compile(r" +\S+(?: \S+)* {2,}(?=\S)")
"""An indented row of two columns or more (a key or usage, two spaces or more, what it does)."""

NARROWEST = 20
"""The fewest columns a continuation keeps: narrower than this, it indents 4 at most."""


def wrap_hanging(line: str, width: int) -> str:
    """`line` wrapped to `width`, continuations indented as far as its own text starts:
    under the second column of an indented row (the help's), else under its first word.

    >>> print(wrap_hanging("  look    describe the table: whose turn, top card", 30))
      look    describe the table:
              whose turn, top card
    >>> print(wrap_hanging("  u    say UNO before your second-to-last card", 32))
      u    say UNO before your
           second-to-last card
    >>> print(wrap_hanging("Max plays y2 and says UNO.", 12))
    Max plays y2
    and says
    UNO.
    """
    if len(line) <= width:
        return line
    columns = _COLUMNS.match(line)
    indent = columns.end() if columns else len(line) - len(line.lstrip(" "))
    if width - indent < NARROWEST:
        indent = min(indent, 4)
    body = textwrap.wrap(line[indent:], max(1, width - indent), break_on_hyphens=False) or [""]
    return "\n".join([line[:indent] + body[0], *(" " * indent + part for part in body[1:])])


def join_continuations(text: str) -> list[str]:
    """The lines of `text`, with lines already wrapped for a fixed width (indented exactly
    under the second column of the row above) joined back onto their row.

    >>> join_continuations("  R-1  Play a card\\n       or draw.\\n  R-2  Say UNO.")
    ['  R-1  Play a card or draw.', '  R-2  Say UNO.']
    """
    lines: list[str] = []
    for line in text.splitlines():
        if lines and line.strip():
            row = _COLUMNS.match(lines[-1])
            if row is not None and len(line) - len(line.lstrip(" ")) == row.end():
                lines[-1] += " " + line.strip()
                continue
        lines.append(line)
    return lines


class WrappedText(Static):
    """A `Static` of plain text whose rows wrap with `wrap_hanging` to the width it gets
    (rows written for another width are joined first: `join_continuations`)."""

    def __init__(self, text: str, *, classes: str | None = None, id: str | None = None) -> None:
        super().__init__(text, markup=False, classes=classes, id=id)
        self.rows = join_continuations(text)
        """The text's lines, unwrapped."""

    def on_resize(self, event: Resize) -> None:
        width = self.content_region.width
        if width:
            self.update("\n".join(wrap_hanging(line, width) for line in self.rows))
