"""The opponents: each seat's name, card count and card backs, UNO status and score.

The seat whose turn it is is highlighted; a seat that forgot to say UNO flashes a catch
marker, and a click on it asks to catch. When the boxes would be too narrow to read (five
or more opponents at 80 columns), the seats become one-line cells in a grid.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from unotui.engine import Phase, PlayerView

from ..commands import CatchPlayer
from ..entries import shorten
from ..messages import Intended

__all__ = ["SeatBox", "SeatsBar", "seat_cell"]

_BACKS = 8
"""Card backs drawn at most; the count says the rest."""
_BOX_WIDTH = 20
"""Columns a seat box needs to read well; narrower, the seats become grid cells."""
_CELL_WIDTH = 24
"""Columns a one-line grid cell needs."""
_MAX_COLUMNS = 9
"""Grid columns the style sheet has a class for (`-columns-1` ... `-columns-9`)."""


def seat_cell(turn: bool, name: str, count: int, score: int | None, status: str, width: int) -> str:
    """One seat in a line of at most `width` characters, the score left out when None; a
    long name gives way.

    >>> seat_cell(True, "Dotty", 7, 0, "", 26)
    '▶ Dotty · 7 cards · 0 pts'
    >>> seat_cell(False, "Bartholomew", 1, None, "UNO!", 24)
    '  Barthol… · 1 card UNO!'
    """
    mark = "▶ " if turn else "  "
    cards = f"{count} {'card' if count == 1 else 'cards'}{' ' + status if status else ''}"
    tail = f" · {cards}" + (f" · {score} pts" if score is not None else "")
    room = max(width - len(mark) - len(tail), 3)
    return f"{mark}{shorten(name, room)}{tail}"


class SeatBox(Static):
    """One seat at the table."""

    class Clicked(Message):
        """The seat was clicked (a click on a flashing seat catches it)."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int) -> None:
        super().__init__("", classes="seat", markup=False)
        self.seat = seat
        """The seat shown."""
        self._text = ""

    def show(self, text: str, classes: dict[str, bool]) -> None:
        """Change the text and state classes in place, doing nothing when neither changed."""
        if text != self._text:
            self._text = text
            # Boxes and cells have a fixed size: new text never changes the layout.
            self.update(text, layout=False)
        self.update_classes(classes)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.seat))


class SeatsBar(Widget):
    """Every other seat, in turn order after the viewer's own."""

    # The pane draws nothing itself; its children repaint when their text or classes change.
    view: reactive[PlayerView | None] = reactive(None, repaint=False)
    """The seat's view."""
    names: reactive[tuple[str, ...]] = reactive((), repaint=False)
    """Seat names, seat 0 first."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._layout: tuple[bool, int] = (False, 1)
        """Compact (grid cells) or not, and the grid's columns."""

    def compose(self) -> ComposeResult:
        yield Container(id="seat-row")

    def on_mount(self) -> None:
        self.set_interval(0.5, self._flash)
        self._show_seats()

    def watch_view(self) -> None:
        self._show_seats()

    def watch_names(self) -> None:
        self._show_seats()

    def on_resize(self, event: events.Resize) -> None:
        self._show_seats()

    def _flash(self) -> None:
        for box in self.query(".-catchable"):
            box.toggle_class("-flash")

    @staticmethod
    def _seats(view: PlayerView) -> list[int]:
        n, me = view.players, view.seat
        if me is None:
            return list(range(n))
        return [(me + step) % n for step in range(1, n)]

    def _show_seats(self) -> None:
        """Update the boxes in place; they are made again only when the seats shown change."""
        view = self.view
        if not self.is_mounted or view is None or not self.names:
            return
        row = self.query_one("#seat-row", Container)
        seats = self._seats(view)
        boxes = [box for box in row.children if isinstance(box, SeatBox)]
        if [box.seat for box in boxes] != seats:
            row.remove_children(boxes)
            boxes = [SeatBox(seat) for seat in seats]
            row.mount_all(boxes)
        width = self.size.width or self.app.size.width
        compact = width < len(seats) * _BOX_WIDTH
        columns = max(1, min(len(seats), width // _CELL_WIDTH, _MAX_COLUMNS))
        rows = -(-len(seats) // columns)
        columns = -(-len(seats) // rows)  # as few columns as the same rows need: wider cells
        if (compact, columns) != self._layout:
            self._layout = (compact, columns)
            self.update_classes({"-compact": compact, **{f"-columns-{n}": n == columns for n in range(1, _MAX_COLUMNS + 1)}})
        cell = max(width // columns - 2, 12)
        if compact:
            # Scores in every cell or in none, so the grid reads as a table.
            whole = [self._cell(view, box.seat, 10**6, points=True) for box in boxes]
            points = all(len(text) <= cell for text in whole)
            texts = [self._cell(view, box.seat, cell, points=points) for box in boxes]
        else:
            texts = [self._describe(view, box.seat) for box in boxes]
        for box, text in zip(boxes, texts):
            box.show(text, self._seat_classes(view, box.seat))

    def _status(self, view: PlayerView, seat: int, compact: bool) -> str:
        if view.catchable == seat:
            return "⚠ catch (c)" if compact else "⚠ no UNO! (c)"
        if view.hand_sizes[seat] == 1 and view.uno_said[seat]:
            return "UNO!"
        return ""

    def _describe(self, view: PlayerView, seat: int) -> str:
        count = view.hand_sizes[seat]
        turn = "▶ " if view.phase is Phase.PLAYING and view.turn == seat else ""
        backs = "▮" * min(count, _BACKS) + ("+" if count > _BACKS else "")
        noun = "card" if count == 1 else "cards"
        status = self._status(view, seat, compact=False)
        return f"{turn}{self.names[seat]} · {view.scores[seat]} pts\n{count} {noun} {backs} {status}".rstrip()

    def _cell(self, view: PlayerView, seat: int, width: int, *, points: bool) -> str:
        turn = view.phase is Phase.PLAYING and view.turn == seat
        return seat_cell(turn, self.names[seat], view.hand_sizes[seat], view.scores[seat] if points else None,
                         self._status(view, seat, compact=True), width)

    @staticmethod
    def _seat_classes(view: PlayerView, seat: int) -> dict[str, bool]:
        classes = {
            "-turn": view.phase is Phase.PLAYING and view.turn == seat,
            "-catchable": view.catchable == seat,
            "-uno": view.hand_sizes[seat] == 1 and view.uno_said[seat],
        }
        if view.catchable != seat:
            classes["-flash"] = False  # the flashing timer sets it only while catchable
        return classes

    def on_seat_box_clicked(self, message: SeatBox.Clicked) -> None:
        message.stop()
        view = self.view
        if view is not None and view.catchable == message.seat:
            self.post_message(Intended(CatchPlayer(target=message.seat)))
