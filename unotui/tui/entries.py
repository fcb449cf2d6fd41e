"""How saves are shown in lists: menu entries of two lines (what the entry is, then its
details dimmed beneath), a save's date and its players' scores.

The title screen's Resume entry, the Load table and the Replay picker's files read
alike; names in them are text, never markup.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from unotui.record import SaveInfo, is_journal_name
from unotui.record.table import SAVE_SUFFIX

__all__ = ["branch_name", "file_name", "hand_reached", "last_played", "origin_name", "recorded_on", "save_name",
           "score_entries", "shorten", "two_line_entry"]


def last_played(save: SaveInfo, today: date | None = None) -> str:
    """When a move was last played into the save (or it was saved as), in local time to
    the minute: what the lists are sorted by, and what finds last night's game.

    >>> noon = datetime(2026, 12, 7, 12, 30).timestamp()
    >>> [last_played(SaveInfo(path="x.uno", created=None, players=(), hand=1, scores=(), finished=False, modified=noon), date(2026, 12, day))
    ...  for day in (7, 8, 9)]
    ['today 12:30', 'yesterday 12:30', '2026-12-07 12:30']
    """
    played = datetime.fromtimestamp(save.modified)
    days_ago = ((today or date.today()) - played.date()).days
    day = {0: "today", 1: "yesterday"}.get(days_ago, f"{played:%Y-%m-%d}")
    return f"{day} {played:%H:%M}"


def recorded_on(save: SaveInfo) -> str:
    """The day a match was recorded (UTC, as its header says): for the sample matches, whose
    files are as new as the copy of them (empty if not recorded).

    >>> recorded_on(SaveInfo(path="x.uno", created="2025-01-01T12:00:00+00:00", players=(), hand=1, scores=(), finished=True, modified=0))
    '2025-01-01'
    """
    return (save.created or "")[:10]


def hand_reached(save: SaveInfo) -> str:
    """The hand a save stands at, in words: `hand 3`, or `before the first deal` (hand 0).

    >>> hand_reached(SaveInfo(path="x.uno", created=None, players=(), hand=0, scores=(), finished=False, modified=0))
    'before the first deal'
    """
    return f"hand {save.hand}" if save.hand else "before the first deal"


def save_name(save: SaveInfo) -> str:
    """The name a save was given with Save as (`friday-night`), or for the file a match is
    saved into as it is played, `autosave`, or what it branched from (`branch_name`). A
    JSON copy keeps its whole name, which tells it from a `.uno` save of the same stem.

    >>> save_name(SaveInfo(path="/s/friday-night.uno", created=None, players=(), hand=1, scores=(), finished=False, modified=0))
    'friday-night'
    >>> save_name(SaveInfo(path="/s/friday-night.uno.json", created=None, players=(), hand=1, scores=(), finished=False, modified=0))
    'friday-night.uno.json'
    >>> save_name(SaveInfo(path="/s/20261206-032318-22a591.uno", created=None, players=(), hand=1, scores=(), finished=False, modified=0))
    'autosave'
    """
    if not is_journal_name(save.path):
        return Path(save.path).name.removesuffix(SAVE_SUFFIX)
    return branch_name(save) or "autosave"


def branch_name(save: SaveInfo) -> str | None:
    """What a branch's autosave is a branch of, and from which hand; None for any other
    save. The source is named without its suffix, which leaves room for more at 80 columns.

    >>> info = dict(path="/s/20261207-184351-3ff385.uno", created=None, players=(), scores=(), modified=0,
    ...             hand=5, finished=False, origin_hand=3)
    >>> branch_name(SaveInfo(origin="four-players-to-500.uno", **info))
    'branch of four-players-to-500, hand 3'
    >>> branch_name(SaveInfo(origin="20261207-184351-3ff385.uno", **info)), branch_name(SaveInfo(origin=None, **info))
    ('branch of an autosave, hand 3', None)
    """
    if save.origin is None or not is_journal_name(save.path):
        return None
    return f"branch of {origin_name(save.origin)}, hand {save.origin_hand}"


def origin_name(file: str) -> str:
    """What a branch is called a branch of: its source file's name without its suffix, or
    "an autosave", whose name says nothing.

    >>> origin_name("four-players-to-500.uno"), origin_name("script.uno.json"), origin_name("20261207-184351-3ff385.uno")
    ('four-players-to-500', 'script', 'an autosave')
    """
    return "an autosave" if is_journal_name(file) else file.removesuffix(".json").removesuffix(".uno")


def file_name(path: str | Path) -> str:
    """What the Replay picker and the viewer call a file: `autosave` for the file a match
    is saved into as it is played (as `save_name` does), else its whole name, which tells
    `x.uno` and `x.uno.json` apart.

    >>> file_name("/s/20261206-032318-22a591.uno"), file_name("/s/friday-night.uno")
    ('autosave', 'friday-night.uno')
    """
    return "autosave" if is_journal_name(path) else Path(path).name


def score_entries(save: SaveInfo) -> list[str]:
    """Each player's name and score: `["You 120", "Ada 45"]`."""
    return [f"{name} {score}" for name, score in zip(save.players, save.scores, strict=False)]


def shorten(name: str, room: int) -> str:
    """`name` in at most `room` cells, its end cut to `…` when it is longer.

    >>> shorten("Bartholomew", 8), shorten("Bo", 8)
    ('Barthol…', 'Bo')
    """
    return name if cell_len(name) <= room else set_cell_size(name, room - 1) + "…"


def two_line_entry(first: str, second: str, indent: int) -> Text:
    """`first`, then `second` dimmed on a line of its own, `indent` columns in (one line
    when `second` is empty).

    >>> two_line_entry("two.uno · finished", "Ada, Bo", 2).plain
    'two.uno · finished\\n  Ada, Bo'
    """
    if not second:
        return Text(first)
    return Text.assemble(first, "\n", " " * indent, (second, "dim"))
