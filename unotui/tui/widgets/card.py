"""One card face: notation and colour symbol on the card's colour (`-red` ... `-wild`)."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static

from unotui.engine import Card

from ..faces import card_class, card_label

__all__ = ["CardFace"]

_COLOR_CLASSES = ("-red", "-yellow", "-green", "-blue", "-wild")


class CardFace(Static):
    """A small card; a click posts `CardFace.Clicked`.

    The hand reuses its faces from view to view: `show` changes the card and its state
    classes in place, which costs a restyle of one small widget instead of a new one.
    """

    DEFAULT_CSS = """
    CardFace { width: 9; height: 3; border: round $foreground 30%; content-align: center middle; text-style: bold; }
    CardFace.-spare { opacity: 0; border: blank; }
    """
    """A spare face (`put_away`) keeps its place and size in the row, blank and unseen, so
    the layout stays as it is."""

    class Clicked(Message):
        """The card at `index` of its hand was clicked; `marking` with shift or ctrl held."""

        def __init__(self, card: Card, index: int, marking: bool = False) -> None:
            super().__init__()
            self.card = card
            self.index = index
            self.marking = marking
            """Shift or ctrl was held: mark the card (multi-play) rather than play it."""

    def __init__(self, card: Card, index: int = 0, *, classes: str = "", compact: bool = False) -> None:
        super().__init__(_face_text(card, compact), classes=f"card {card_class(card)} {classes}".strip())
        self.card = card
        """The face shown."""
        self.index = index
        """Its place in the hand as shown."""
        self.compact = compact
        """Whether the face shows the notation alone (a hand too long for the row): its
        colour is still in its letter, its background or outline."""

    def show(self, card: Card, index: int, *, playable: bool, selected: bool, marked: int = 0,
             compact: bool = False) -> None:
        """Show `card` at `index`, bright when playable, outlined when selected, and when
        `marked` (its place among the marked cards, from 1) with that number on its border;
        `compact` without the colour symbol."""
        self.index = index
        if card is not self.card or compact != self.compact or self.has_class("-spare"):
            self.card, self.compact = card, compact
            # A face is a fixed box, sized by its pane's class: new text never changes its size.
            self.update(_face_text(card, compact), layout=False)
        color = card_class(card)
        classes = {name: name == color for name in _COLOR_CLASSES}
        classes.update({"-playable": playable, "-dim": not playable, "-selected": selected, "-marked": marked > 0,
                        "-spare": False})
        # One restyle, and none at all when nothing changed.
        self.update_classes(classes)
        title = f"#{marked}" if marked else None
        if self.border_title != title:
            self.border_title = title

    def put_away(self) -> None:
        """Keep the face in its place but show nothing: a spare for the next card drawn."""
        if self.has_class("-spare"):
            return
        self.update("", layout=False)
        self.update_classes({"-spare": True, "-playable": False, "-dim": False, "-selected": False, "-marked": False,
                             **dict.fromkeys(_COLOR_CLASSES, False)})
        if self.border_title is not None:
            self.border_title = None

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.has_class("-spare"):
            return
        self.post_message(self.Clicked(self.card, self.index, marking=event.shift or event.ctrl))


def _face_text(card: Card, compact: bool) -> str:
    """What a face says: the notation with its colour symbol, or the notation alone."""
    return card.value if compact else card_label(card)
