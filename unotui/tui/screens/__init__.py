"""The app's screens: title, setup, load, the table, dialogs and summaries."""

from __future__ import annotations

__all__: list[str] = []
