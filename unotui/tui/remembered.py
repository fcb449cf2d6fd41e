"""Choices kept in the saves folder between runs: the last setup, and how the game looks.

Remembering is a convenience: a file that can't be read or written is passed over, and the
game goes on with the defaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import msgspec

__all__ = ["PREFERENCES", "Preferences", "recall", "remember"]

T = TypeVar("T")

PREFERENCES = "preferences.json"
"""The file in the saves folder that keeps the player's `Preferences`."""


class Preferences(msgspec.Struct, kw_only=True):
    """How the player likes the game to look."""

    theme: str | None = None
    """The colour theme picked (`ctrl+p` → theme); None for the app's default."""
    hand_by_rank: bool = False
    """The hand sorted by rank then colour (`t`), instead of by colour then rank."""


def recall(folder: Path | None, name: str, kind: type[T]) -> T | None:
    """What the file `name` in the saves folder remembers, or None when there is none (or
    it can't be read)."""
    if folder is None:
        return None
    try:
        return msgspec.json.decode((folder / name).read_bytes(), type=kind)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def remember(folder: Path | None, name: str, value: object) -> None:
    """Keep `value` in the file `name` in the saves folder, for the next run."""
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(msgspec.json.encode(value))
    except OSError:
        pass  # the game itself doesn't depend on it
