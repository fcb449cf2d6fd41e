"""A screen whose footer goes blank, and whose keys do nothing, while another covers it."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["CoveredFooterScreen"]

ResultT = TypeVar("ResultT")


class CoveredFooterScreen(Screen[ResultT]):
    """While another screen is on top (a dialog, a summary), this screen's keys wait behind
    it, so its footer would offer keys that do nothing: it is hidden until this screen is
    active again. The dialog's own keys are on its buttons.

    Keys typed in a burst (fast typing, a held key, a paste) are handed to the screen on top
    before the first of them is answered: those after the one that opened another screen
    reach this one once it is covered. They do nothing, as if they had come a moment later;
    a subclass's `check_action` asks this one first.
    """

    DEFAULT_CSS = "CoveredFooterScreen Footer.-covered { visibility: hidden; }"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_active

    def on_screen_suspend(self) -> None:
        self.query(Footer).add_class("-covered")

    def on_screen_resume(self) -> None:
        self.query(Footer).remove_class("-covered")
