"""One card face: notation and colour symbol on the card's colour (`-red` ... `-wild`)."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static

from unotui.engine import Card

from ..faces import card_class, card_label

__all__ = ["CardFace"]


class CardFace(Static):
    """A small card; a click posts `CardFace.Clicked`."""

    DEFAULT_CSS = """
    CardFace { width: 9; height: 3; border: round $foreground 30%; content-align: center middle; text-style: bold; }
    """

    class Clicked(Message):
        """The card at `index` of its hand was clicked."""

        def __init__(self, card: Card, index: int) -> None:
            super().__init__()
            self.card = card
            self.index = index

    def __init__(self, card: Card, index: int = 0, *, classes: str = "") -> None:
        super().__init__(card_label(card), classes=f"card {card_class(card)} {classes}".strip())
        self.card = card
        """The face shown."""
        self.index = index
        """Its place in the hand as shown."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.card, self.index))
