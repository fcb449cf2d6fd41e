"""The Textual app: the table seen from the seat at the keyboard, with a text-adventure command line."""

from __future__ import annotations

__all__: list[str] = []
