"""Plain text in columns, wrapped to a width: a row of two columns or more (a key or a
rule ID, then what it does) keeps its continuations under its second column instead of
running back to the left margin. Shared by `unotui rules` and the TUI's help and log."""

from __future__ import annotations

import re
import textwrap

__all__ = ["join_continuations", "wrap_hanging"]

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
