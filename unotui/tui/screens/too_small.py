"""The notice that covers the app while the terminal is smaller than its screens need."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, Static

from .base import ClosesOnce

__all__ = ["TooSmallScreen", "is_too_small", "needed_size"]

COMPACT_BELOW = Size(40, 13)
"""The least terminal the whole notice fits in: in a smaller one it is the sizes alone
(cut short, the whole notice hid them under its heading)."""


def needed_size(screens: Iterable[Screen[Any]]) -> Size:
    """The least terminal in which every one of `screens` is drawn whole: the widest and
    the tallest any of them asks for (`ClosesOnce.MINIMUM_SIZE`)."""
    sizes = [screen.MINIMUM_SIZE for screen in screens if isinstance(screen, ClosesOnce)]
    return Size(max((size.width for size in sizes), default=0), max((size.height for size in sizes), default=0))


def is_too_small(size: Size, needed: Size) -> bool:
    """Whether a terminal of `size` is narrower or shorter than `needed`.

    >>> is_too_small(Size(100, 20), Size(80, 24)), is_too_small(Size(80, 24), Size(80, 24))
    (True, False)
    """
    return size.width < needed.width or size.height < needed.height


class TooSmallScreen(ModalScreen[None]):
    """"unotui needs a terminal of at least 80×24": over whatever screen is up, until the
    terminal is big enough again (`UnoApp.fit_to_terminal` puts it up and takes it away).

    It hides the screens beneath, cut short as they are, and takes every key (a modal
    screen): only the app's priority keys get past it, and of those only ctrl+q acts
    (`UnoApp.check_action`). The screens beneath are covered, so they wait as they do
    behind a dialog: the table's bots don't play, a replay doesn't run on. The screen or
    dialog that was up is up again, as it was, once the notice goes.
    """

    def __init__(self, needed: Size, size: Size) -> None:
        super().__init__()
        self.needed = needed
        """The least terminal the screens beneath need."""
        self.terminal = size
        """The terminal's size now."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog too-small"):
            yield Label("The terminal is too small", classes="dialog-title")
            yield Static(id="too-small-text", classes="dialog-text", markup=False)
            yield Static("Everything waits as it is until then. ctrl+q quits.", classes="dialog-hint", markup=False)

    def on_mount(self) -> None:
        self._show()

    @property
    def is_compact(self) -> bool:
        """Whether the terminal is too small for the whole notice: it then says the sizes
        alone, under a border titled "Too small"."""
        return is_too_small(self.terminal, COMPACT_BELOW)

    def tell(self, needed: Size, size: Size) -> None:
        """Say what is needed and what there is, after a resize."""
        self.needed, self.terminal = needed, size
        if self.is_mounted:
            self._show()

    def _show(self) -> None:
        compact = self.is_compact
        self.set_class(compact, "-compact")
        self.query_one(".too-small").border_title = "Too small" if compact else None
        self.query_one("#too-small-text", Static).update(self._text())

    def _text(self) -> str:
        needed, size = self.needed, self.terminal
        if self.is_compact:
            return f"Needs {needed.width}×{needed.height}; this is {size.width}×{size.height}.\nctrl+q quits."
        return (f"unotui needs a terminal of at least {needed.width}×{needed.height}; this one is "
                f"{size.width}×{size.height}. Enlarge the window (or zoom out) to play on.")
