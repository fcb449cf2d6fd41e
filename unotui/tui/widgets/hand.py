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

_FACE_WIDTH = 9
"""Columns a card face takes (`CardFace`'s width); `-narrow` faces take 7."""


class HandView(Widget, can_focus=True):
    """The cards of the view's seat; Enter or a click asks to play the selected one."""

    BINDINGS = [
        Binding("left", "select(-1)", "Pick", key_display="←→", show=False),
        Binding("right", "select(1)", "▸", show=False),
        Binding("enter", "play_selected", "Play", tooltip="Play the selected card"),
        Binding("t", "toggle_sort", "Sort", show=False, tooltip="Sort by colour or by rank"),
        *[Binding(str(digit), f"pick({digit})", f"Card {digit}", show=False) for digit in range(10)],
    ]
    """Selection and play; number keys 1-9 and 0 (the tenth card) select. Only Play is in the
    footer, so that Quit still fits at 80 columns; Help lists the rest."""

    SHOWS_SELECTION = True
    """Whether the selected card is marked (a replay's hand only shows the cards)."""

    view: reactive[PlayerView | None] = reactive(None)
    """The seat's view; None before a game is shown."""
    owner: reactive[str] = reactive("Your")
    """Whose hand, as the pane's title says it: "Your", or a name with 's in a replay."""
    by_color: reactive[bool] = reactive(True)
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
        yield HorizontalScroll(id="hand-cards")

    def on_mount(self) -> None:
        self._show_cards()

    def watch_view(self) -> None:
        self._show_cards()

    def watch_by_color(self) -> None:
        self._show_cards()

    def _show_cards(self) -> None:
        """Show the hand by changing the faces already there, adding or removing only the difference.

        A new view per command would otherwise rebuild every face: new widgets to style and
        lay out, the slowest part of a key press.
        """
        if not self.is_mounted:
            return
        cards = self.cards
        playable = set(playable_now(self.view)) if self.view is not None else set()
        selected = min(self.selected, max(len(cards) - 1, 0))
        self.set_reactive(HandView.selected, selected)
        if not self.SHOWS_SELECTION:
            selected = -1
        row = self.query_one("#hand-cards", HorizontalScroll)
        faces = [face for face in row.children if isinstance(face, CardFace)]
        for index, (face, card) in enumerate(zip(faces, cards)):
            face.show(card, index, playable=card in playable, selected=index == selected)
            if not face.display:
                face.display = True
        if len(cards) > len(faces):
            row.mount_all([
                CardFace(card, index, classes=self._state(card in playable, index == selected))
                for index, card in enumerate(cards[len(faces) :], start=len(faces))
            ])
        # Faces not needed now are hidden, not removed: the next card drawn reuses one.
        for face in faces[len(cards) :]:
            if face.display:
                face.display = False
            face.update_classes({"-playable": False, "-selected": False})
        # Narrower faces when the hand would not fit across: more cards in sight.
        self.set_class(len(cards) * _FACE_WIDTH > (self.size.width or self.app.size.width), "-narrow")
        self.border_title = self._hand_title(len(cards))

    def on_resize(self) -> None:
        self._show_cards()

    @staticmethod
    def _state(playable: bool, selected: bool) -> str:
        return ("-playable" if playable else "-dim") + (" -selected" if selected else "")

    def _hand_title(self, count: int) -> str:
        view = self.view
        noun = "card" if count == 1 else "cards"
        order = "by colour" if self.by_color else "by rank"
        if view is None or view.seat is None:
            return f"{self.owner} hand · {count} {noun}"
        uno = " · UNO said" if view.uno_said[view.seat] else ""
        turn = " · to play" if view.turn == view.seat and view.phase is Phase.PLAYING else ""
        if self.owner == "Your":
            turn = turn and " · your turn"
        return f"{self.owner} hand · {count} {noun} · {view.scores[view.seat]} pts · {order}{uno}{turn}"

    def watch_owner(self) -> None:
        self._show_cards()

    def watch_selected(self, old: int, new: int) -> None:
        if not self.SHOWS_SELECTION:
            return
        faces = [face for face in self.query(CardFace) if face.display]
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
