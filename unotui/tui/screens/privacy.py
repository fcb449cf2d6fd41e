"""Hot-seat privacy: the table is hidden while the keyboard passes to the next human."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Button, Label, Static

from unotui.record.narrate import YOU

from ..entries import shorten
from .base import Dialog

__all__ = ["PrivacyScreen"]


class ReadyButton(Button):
    """A button that names a player: a name too long for the dialog is shortened with `…`,
    so the rest of the label, and the key that answers it, always shows."""

    DEFAULT_CSS = "ReadyButton { max-width: 100%; }"

    def __init__(self, before: str, name: str, after: str) -> None:
        """
        Args:
            before, name, after: the label, in three parts; only `name` is ever shortened.
        """
        super().__init__(Content(before + name + after), id="ready", variant="primary")
        self.parts = (before, name, after)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        # The whole label, which `max-width` then holds to the dialog: `render` fits the name.
        return cell_len("".join(self.parts)) + 2 * self.styles.line_pad

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1  # the label is fitted to one line, never wrapped

    def render(self) -> Content:
        before, name, after = self.parts
        room = self.content_size.width - 2 * self.styles.line_pad - cell_len(before) - cell_len(after)
        return Content(before + shorten(name, max(1, room)) + after)


class PrivacyScreen(Dialog[bool]):
    """"Pass to Ada, press Enter": covers the whole table, so no one sees another's hand.

    When the player leaving the keyboard has news they have not seen yet (`news`, as a
    drawn card that does not play, whose turn ends at once), it is told to them first,
    and the screen asks for the next player only once they have read it.

    The players may leave the table from here too, as `q` does at the table: asked over
    this screen, so the table stays hidden, and Stay comes back here. It ends in True once
    the named player is at the keyboard, False to leave the table.
    """

    BINDINGS = [Binding("enter", "ready", "Ready"), Binding("q,escape", "leave", "Leave the table")]
    """Enter: the news is read, or the named player is at the keyboard. q or Escape: leave
    the table, once the players say so."""

    def __init__(self, name: str, leaving: str = YOU, news: str | None = None, *,
                 leave: Callable[[], Dialog[bool]]) -> None:
        super().__init__()
        self.player = name
        """Who gets the keyboard next."""
        self.leaving = leaving
        """Who leaves it."""
        self.news = news
        """What the leaving player is told before the keyboard passes; None once read."""
        self.leave = leave
        """Makes the question whether to leave the table, which ends in True to leave."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            if self.news is not None:
                # Not "your turn is over": a player skipped by a Draw Two never had one.
                whose = ("Before you pass the keyboard:" if self.leaving == YOU
                         else f"{self.leaving}, before you pass the keyboard:")
                yield Label(whose, classes="dialog-title", markup=False)
                yield Static(self.news, classes="dialog-text", markup=False)
                yield ReadyButton("Seen it: pass to ", self.player, " (Enter)")
            else:
                stop = "" if self.player.endswith((".", "!", "?")) else "."  # "Pass the keyboard to Bo!"
                yield Label(f"Pass the keyboard to {self.player}{stop}", classes="dialog-title", markup=False)
                yield Static("Everyone else, look away. The table stays hidden until you are ready.", classes="dialog-text")
                yield ReadyButton("I'm ", self.player, ": show my hand (Enter)")
            # Enter is on the button; every other key of the table does nothing here.
            yield Static("q or Escape: leave the table", classes="dialog-hint")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.action_ready()

    async def action_ready(self) -> None:
        if self.news is None:
            self.dismiss(True)
            return
        self.news = None
        await self.recompose()
        self.query_one(Button).focus()

    def action_leave(self) -> None:
        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(False)

        self.app.push_screen(self.leave(), answered)
