"""Menu entries of two lines: what the entry is, then its details dimmed beneath.

The title screen's Resume entry and the Replay picker's files read alike; names in them
are text, never markup.
"""

from __future__ import annotations

from rich.text import Text

__all__ = ["two_line_entry"]


def two_line_entry(first: str, second: str, indent: int) -> Text:
    """`first`, then `second` dimmed on a line of its own, `indent` columns in (one line
    when `second` is empty).

    >>> two_line_entry("two.uno · finished", "Ada, Bo", 2).plain
    'two.uno · finished\\n  Ada, Bo'
    """
    if not second:
        return Text(first)
    return Text.assemble(first, "\n", " " * indent, (second, "dim"))
