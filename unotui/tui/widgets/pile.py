"""The pile pane: the top discard large, the colour in words, direction, draw pile, whose turn."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from unotui.engine import Phase, PlayerView

from ..faces import card_class, card_label, card_name, color_name
from ..prose import direction_words

__all__ = ["PilePane"]

_CARD_CLASSES = ("-red", "-yellow", "-green", "-blue", "-wild")


class PilePane(Widget):
    """The discard pile and the state of play around it."""

    view: reactive[PlayerView | None] = reactive(None)
    """The seat's view."""
    names: reactive[tuple[str, ...]] = reactive(())
    """Seat names, seat 0 first."""

    def compose(self) -> ComposeResult:
        yield Static(id="top-card")
        yield Static(id="pile-info")

    def on_mount(self) -> None:
        self._update_pile()

    def watch_view(self) -> None:
        self._update_pile()

    def watch_names(self) -> None:
        self._update_pile()

    def _update_pile(self) -> None:
        if not self.is_mounted:
            return
        top = self.query_one("#top-card", Static)
        info = self.query_one("#pile-info", Static)
        view = self.view
        top.remove_class(*_CARD_CLASSES)
        if view is None or view.top is None:
            top.update("no card")
            info.update("")
            return
        top.add_class(card_class(view.top))
        top.update(card_label(view.top))
        arrow = direction_words(view.direction).split()[0]
        lines = [card_name(view.top), f"colour: {color_name(view.color)}", f"{arrow} {view.draw_count} to draw"]
        if view.phase is Phase.PLAYING and self.names:
            lines.append("your turn" if view.turn == view.seat else f"{self.names[view.turn]}'s turn")
        info.update("\n".join(lines))
        top.set_class(view.color is not None and view.top.is_wild, "-named")
        if view.top.is_wild and view.color is not None:
            top.remove_class("-wild")
            top.add_class(f"-{view.color.value}")
