"""Hot-seat privacy: the table is hidden while the keyboard passes to the next human."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from unotui.record.narrate import YOU

from .base import Dialog

__all__ = ["PrivacyScreen"]


class PrivacyScreen(Dialog[None]):
    """"Pass to Ada, press Enter": covers the whole table, so no one sees another's hand.

    When the player leaving the keyboard has news they have not seen yet (`news`, as a
    drawn card that does not play, whose turn ends at once), it is told to them first,
    and the screen asks for the next player only once they have read it.
    """

    BINDINGS = [Binding("enter", "ready", "Ready")]
    """Enter: the news is read, or the named player is at the keyboard."""

    def __init__(self, name: str, leaving: str = YOU, news: str | None = None) -> None:
        super().__init__()
        self.player = name
        """Who gets the keyboard next."""
        self.leaving = leaving
        """Who leaves it."""
        self.news = news
        """What the leaving player is told before the keyboard passes; None once read."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            if self.news is not None:
                # Not "your turn is over": a player skipped by a Draw Two never had one.
                whose = ("Before you pass the keyboard:" if self.leaving == YOU
                         else f"{self.leaving}, before you pass the keyboard:")
                yield Label(whose, classes="dialog-title", markup=False)
                yield Static(self.news, classes="dialog-text", markup=False)
                yield Button(Content(f"Seen it: pass to {self.player} (Enter)"), id="ready", variant="primary")
            else:
                yield Label(f"Pass the keyboard to {self.player}.", classes="dialog-title", markup=False)
                yield Static("Everyone else, look away. The table stays hidden until you are ready.", classes="dialog-text")
                yield Button(Content(f"I'm {self.player}: show my hand (Enter)"), id="ready", variant="primary")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.action_ready()

    async def action_ready(self) -> None:
        if self.news is None:
            self.dismiss(None)
            return
        self.news = None
        await self.recompose()
        self.query_one(Button).focus()
