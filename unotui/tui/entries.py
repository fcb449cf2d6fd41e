"""How saves are shown in lists: menu entries of two lines (what the entry is, then its
details dimmed beneath), a save's date and its players' scores.

The title screen's Resume entry, the Load table and the Replay picker's files read
alike; names in them are text, never markup.
"""

from __future__ import annotations

import re
from pathlib import Path

from rich.text import Text

from unotui.record import SaveInfo

__all__ = ["save_date", "save_name", "score_entries", "two_line_entry"]

_JOURNAL_STEM = re.compile(r"\d{8}-\d{6}-[0-9a-f]{6}")
"""How `new_game` names the file a match is journaled into: its start time and a token."""


def save_date(save: SaveInfo) -> str:
    """When the match began, to the minute: `2025-01-02 03:04` (empty if not recorded)."""
    return (save.created or "")[:16].replace("T", " ")


def save_name(save: SaveInfo) -> str:
    """The name a save was given with Save as (`friday-night`), or `autosave` for the file a
    match is saved into as it is played.

    >>> save_name(SaveInfo(path="/s/friday-night.uno", created=None, players=(), hand=1, scores=(), finished=False, modified=0))
    'friday-night'
    >>> save_name(SaveInfo(path="/s/20261206-032318-22a591.uno", created=None, players=(), hand=1, scores=(), finished=False, modified=0))
    'autosave'
    """
    stem = Path(save.path).name.removesuffix(".uno")
    return "autosave" if _JOURNAL_STEM.fullmatch(stem) else stem


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
