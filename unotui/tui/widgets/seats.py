"""The opponents: each seat's name, card count and card backs, UNO status and score.

The seat whose turn it is is highlighted; a seat that forgot to say UNO flashes a catch
marker, and a click on it asks to catch.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from unotui.engine import Phase, PlayerView

from ..commands import CatchPlayer
from ..messages import Intended

__all__ = ["SeatBox", "SeatsBar"]

_BACKS = 8
"""Card backs drawn at most; the count says the rest."""


class SeatBox(Static):
    """One seat at the table."""

    class Clicked(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int, text: str, classes: str) -> None:
        super().__init__(text, classes=classes)
        self.seat = seat
        """The seat shown."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.seat))


class SeatsBar(Widget):
    """Every other seat, in turn order after the viewer's own."""

    view: reactive[PlayerView | None] = reactive(None, recompose=True)
    """The seat's view."""
    names: reactive[tuple[str, ...]] = reactive((), recompose=True)
    """Seat names, seat 0 first."""

    def compose(self) -> ComposeResult:
        view = self.view
        with Horizontal(id="seat-row"):
            if view is None or not self.names:
                return
            for seat in self._seats(view):
                yield SeatBox(seat, self._describe(view, seat), self._seat_classes(view, seat))

    def on_mount(self) -> None:
        self.set_interval(0.5, self._flash)

    def _flash(self) -> None:
        for box in self.query(".-catchable"):
            box.toggle_class("-flash")

    @staticmethod
    def _seats(view: PlayerView) -> list[int]:
        n, me = view.players, view.seat
        if me is None:
            return list(range(n))
        return [(me + step) % n for step in range(1, n)]

    def _describe(self, view: PlayerView, seat: int) -> str:
        count = view.hand_sizes[seat]
        turn = "▶ " if view.phase is Phase.PLAYING and view.turn == seat else ""
        backs = "▮" * min(count, _BACKS) + ("+" if count > _BACKS else "")
        if view.catchable == seat:
            status = "⚠ no UNO! (c)"
        elif count == 1 and view.uno_said[seat]:
            status = "UNO!"
        else:
            status = ""
        noun = "card" if count == 1 else "cards"
        return f"{turn}{self.names[seat]} · {view.scores[seat]} pts\n{count} {noun} {backs} {status}".rstrip()

    @staticmethod
    def _seat_classes(view: PlayerView, seat: int) -> str:
        classes = ["seat"]
        if view.phase is Phase.PLAYING and view.turn == seat:
            classes.append("-turn")
        if view.catchable == seat:
            classes.append("-catchable")
        if view.hand_sizes[seat] == 1 and view.uno_said[seat]:
            classes.append("-uno")
        return " ".join(classes)

    def on_seat_box_clicked(self, message: SeatBox.Clicked) -> None:
        message.stop()
        view = self.view
        if view is not None and view.catchable == message.seat:
            self.post_message(Intended(CatchPlayer(target=message.seat)))
