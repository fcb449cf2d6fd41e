"""How saves are shown in lists: menu entries of two lines (what the entry is, then its
details dimmed beneath), a save's date and its players' scores.

The title screen's Resume entry, the Load table and the Replay picker's files read
alike; names in them are text, never markup.
"""

from __future__ import annotations

from rich.text import Text

from unotui.record import SaveInfo

__all__ = ["save_date", "score_entries", "two_line_entry"]


def save_date(save: SaveInfo) -> str:
    """When the match began, to the minute: `2025-01-02 03:04` (empty if not recorded)."""
    return (save.created or "")[:16].replace("T", " ")


def score_entries(save: SaveInfo) -> list[str]:
    """Each player's name and score: `["You 120", "Ada 45"]`."""
    return [f"{name} {score}" for name, score in zip(save.players, save.scores, strict=False)]


def two_line_entry(first: str, second: str, indent: int) -> Text:
    """`first`, then `second` dimmed on a line of its own, `indent` columns in (one line
    when `second` is empty).

    >>> two_line_entry("two.uno · finished", "Ada, Bo", 2).plain
    'two.uno · finished\\n  Ada, Bo'
    """
    if not second:
        return Text(first)
    return Text.assemble(first, "\n", " " * indent, (second, "dim"))
