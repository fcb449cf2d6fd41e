"""Hot-seat privacy: the table is hidden while the keyboard passes to the next human."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

__all__ = ["PrivacyScreen"]


class PrivacyScreen(ModalScreen[None]):
    """"Pass to Ada, press Enter": covers the whole table, so no one sees another's hand."""

    BINDINGS = [Binding("enter", "ready", "Ready")]
    """Enter: the named player is at the keyboard."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name
        """Who gets the keyboard next."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            yield Label(f"Pass the keyboard to {self.player}.", classes="dialog-title", markup=False)
            yield Static("Everyone else, look away. The table stays hidden until you are ready.", classes="dialog-text")
            yield Button(Content(f"I'm {self.player}: show my hand (Enter)"), id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
