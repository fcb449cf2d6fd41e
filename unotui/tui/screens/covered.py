"""A screen whose footer goes blank while a dialog covers it."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["CoveredFooterScreen"]

ResultT = TypeVar("ResultT")


class CoveredFooterScreen(Screen[ResultT]):
    """While another screen is on top (a dialog, a summary), this screen's keys wait behind
    it, so its footer would offer keys that do nothing: it is hidden until this screen is
    active again. The dialog's own keys are on its buttons."""

    DEFAULT_CSS = "CoveredFooterScreen Footer.-covered { visibility: hidden; }"

    def on_screen_suspend(self) -> None:
        self.query(Footer).add_class("-covered")

    def on_screen_resume(self) -> None:
        self.query(Footer).remove_class("-covered")
