"""The hand pane: your cards, sorted, playable ones highlighted; arrows, number keys or the mouse pick one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalScroll
from textual.reactive import reactive
from textual.widget import Widget

from unotui.engine import Card, Phase, PlayerView

from ..commands import Play, playable_now
from ..faces import sort_cards
from ..messages import Intended
from .card import CardFace

__all__ = ["HandView"]


class HandView(Widget, can_focus=True):
    """The cards of the view's seat; Enter or a click asks to play the selected one."""

    BINDINGS = [
        Binding("left", "select(-1)", "Pick", key_display="←→"),
        Binding("right", "select(1)", "▸", show=False),
        Binding("enter", "play_selected", "Play", tooltip="Play the selected card"),
        Binding("t", "toggle_sort", "Sort", tooltip="Sort by colour or by rank"),
        *[Binding(str(digit), f"pick({digit})", f"Card {digit}", show=False) for digit in range(10)],
    ]
    """Selection and play; number keys 1-9 and 0 (the tenth card) select."""

    view: reactive[PlayerView | None] = reactive(None, recompose=True)
    """The seat's view; None before a game is shown."""
    by_color: reactive[bool] = reactive(True, recompose=True)
    """Sort by colour then rank (True), or by rank then colour."""
    selected: reactive[int] = reactive(0)
    """Index of the selected card among the cards as shown."""

    @property
    def cards(self) -> list[Card]:
        """The hand as shown, sorted."""
        if self.view is None:
            return []
        return sort_cards(self.view.hand, self.by_color)

    def compose(self) -> ComposeResult:
        cards = self.cards
        playable = set(playable_now(self.view)) if self.view is not None else set()
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        with HorizontalScroll(id="hand-cards"):
            for index, card in enumerate(cards):
                state = "-playable" if card in playable else "-dim"
                if index == self.selected:
                    state += " -selected"
                yield CardFace(card, index, classes=state)
        self.border_title = self._hand_title(len(cards))

    def _hand_title(self, count: int) -> str:
        view = self.view
        noun = "card" if count == 1 else "cards"
        order = "by colour" if self.by_color else "by rank"
        if view is None or view.seat is None:
            return f"Your hand · {count} {noun}"
        uno = " · UNO said" if view.uno_said[view.seat] else ""
        turn = " · your turn" if view.turn == view.seat and view.phase is Phase.PLAYING else ""
        return f"Your hand · {count} {noun} · {view.scores[view.seat]} pts · {order}{uno}{turn}"

    def watch_selected(self, old: int, new: int) -> None:
        faces = list(self.query(CardFace))
        for face in faces:
            face.set_class(face.index == new, "-selected")
        if 0 <= new < len(faces):
            faces[new].scroll_visible(animate=False)

    def action_select(self, step: int) -> None:
        count = len(self.cards)
        if count:
            self.selected = (self.selected + step) % count

    def action_pick(self, digit: int) -> None:
        index = 9 if digit == 0 else digit - 1
        if index < len(self.cards):
            self.selected = index

    def action_play_selected(self) -> None:
        cards = self.cards
        if 0 <= self.selected < len(cards):
            self.post_message(Intended(Play(card=cards[self.selected])))

    def action_toggle_sort(self) -> None:
        self.by_color = not self.by_color

    def on_card_face_clicked(self, message: CardFace.Clicked) -> None:
        message.stop()
        self.selected = message.index
        self.post_message(Intended(Play(card=message.card)))
