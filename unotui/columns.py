"""Plain text in columns, wrapped to a width: a row of two columns or more (a key or a
rule ID, then what it does) keeps its continuations under its second column instead of
running back to the left margin. Shared by `unotui rules` and the TUI's help and log."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from rich.cells import cell_len

__all__ = ["join_continuations", "wrap_entries", "wrap_hanging"]

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


def wrap_entries(entries: Sequence[str], width: int, separator: str = " · ") -> str:
    """`entries` joined by `separator` in lines of at most `width` cells, broken only
    between two entries (the separator, trimmed, ends the line), so that a name stays
    with its score.

    >>> print(wrap_entries(["You 120", "Ada 45", "Bo 0"], 18))
    You 120 · Ada 45 ·
    Bo 0
    >>> print(wrap_entries(["You 120", "Ada 45", "Bo 0"], 23))
    You 120 · Ada 45 · Bo 0
    >>> print(wrap_entries(["Ada (bot)", "Bo (human)", "Cy (bot)"], 22, ", "))
    Ada (bot), Bo (human),
    Cy (bot)
    """
    ending = separator.rstrip()
    lines: list[str] = []
    line = ""
    for index, entry in enumerate(entries):
        longer = f"{line}{separator}{entry}" if line else entry
        # Room is kept for the ending the line would take if it broke after this entry.
        room = 0 if index == len(entries) - 1 else cell_len(ending)
        if line and cell_len(longer) + room > width:
            lines.append(f"{line}{ending}")
            line = entry
        else:
            line = longer
    lines.append(line)
    return "\n".join(lines)
