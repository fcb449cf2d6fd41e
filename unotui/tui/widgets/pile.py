"""The pile pane: the top discard large, the colour in words, direction, draw pile, whose turn."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from unotui.engine import Phase, PlayerView
from unotui.record.narrate import YOU

from ..faces import card_label, card_name, color_name
from ..prose import direction_words

__all__ = ["PilePane"]

_CARD_CLASSES = ("-red", "-yellow", "-green", "-blue", "-wild")


class PilePane(Widget):
    """The discard pile and the state of play around it."""

    # The pane draws nothing itself; its children repaint when their text or classes change.
    view: reactive[PlayerView | None] = reactive(None, repaint=False)
    """The seat's view."""
    names: reactive[tuple[str, ...]] = reactive((), repaint=False)
    """Seat names, seat 0 first."""
    dealing: reactive[bool] = reactive(False, repaint=False)
    """Whether the hand is still being dealt (a replay stepping through the deal): the
    dealer is at work, though no turn has started."""

    def __init__(self, *, second_person: bool = True, id: str | None = None) -> None:
        """
        Args:
            second_person: the view's own turn is "your turn" (at the table); False names
                the seat ("Bo's turn", but "your turn" for the player called You), as a
                replay does.
        """
        super().__init__(id=id)
        self.second_person = second_person

    def compose(self) -> ComposeResult:
        yield Static(id="top-card")
        yield Static(id="pile-info", markup=False)

    def on_mount(self) -> None:
        self._update_pile()

    def watch_view(self) -> None:
        self._update_pile()

    def watch_names(self) -> None:
        self._update_pile()

    def watch_dealing(self) -> None:
        self._update_pile()

    def _update_pile(self) -> None:
        if not self.is_mounted:
            return
        top = self.query_one("#top-card", Static)
        info = self.query_one("#pile-info", Static)
        view = self.view
        # The top card is a fixed box and the lines below are always four: nothing here
        # changes the layout, so an update repaints just these two widgets.
        if view is None or view.top is None:
            top.update_classes(dict.fromkeys(_CARD_CLASSES, False))
            top.update("no card", layout=False)
            # A hand being dealt has no start card yet, but has a dealer at work.
            if view is not None and self.dealing and view.phase is Phase.PLAYING and self.names:
                arrow = direction_words(view.direction).split()[0]
                info.update("\n".join(["", "", f"{arrow} {view.draw_count} to draw", self._whose(view)]), layout=False)
            else:
                info.update("", layout=False)
            return
        shown = view.top.color if not view.top.is_wild else view.color
        face = f"-{shown.value}" if shown is not None else "-wild"
        top.update_classes({**{name: name == face for name in _CARD_CLASSES},
                            "-named": view.color is not None and view.top.is_wild})
        top.update(card_label(view.top), layout=False)
        arrow = direction_words(view.direction).split()[0]
        turn = self._whose(view) if view.phase is Phase.PLAYING and self.names else ""
        # A stacked draw total waiting for the turn seat (R-HOUSE-1): "→ 80 to draw · +4".
        stacked = f" · +{view.pending}" if view.pending and view.phase is Phase.PLAYING else ""
        lines = [card_name(view.top), f"colour: {color_name(view.color)}", f"{arrow} {view.draw_count} to draw{stacked}", turn]
        info.update("\n".join(lines), layout=False)

    def _whose(self, view: PlayerView) -> str:
        """Who is at work: the dealer while the hand is dealt, else the turn seat."""
        seat = view.dealer if self.dealing else view.turn
        # At the table the view's own seat is you; a replay names every seat, and the
        # player called You reads as you there, as in the audit view's log.
        you = seat == view.seat if self.second_person else self.names[seat] == YOU
        if self.dealing:
            return "you deal" if you else f"{self.names[seat]} deals"
        return "your turn" if you else f"{self.names[seat]}'s turn"
