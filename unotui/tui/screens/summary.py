"""End of a hand, end of the match, and the score history on demand."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Button, DataTable, Label, Static

from unotui.engine import HandEnded, PlayerView, card_points
from unotui.record import os_reason, save_path, short_stem
from unotui.record.narrate import YOU, counted

from ..faces import sort_cards
from ..session import Session
from ..widgets.footer import WholeKeysFooter
from .base import CoveredFooterScreen, Dialog

__all__ = ["HandSummary", "MatchSummary", "ScoresDialog", "score_chart"]

_BARS = "▁▂▃▄▅▆▇█"


def score_chart(results: Sequence[Sequence[int]], names: Sequence[str], target: int, width: int = 3) -> str:
    """Each player's running total after every hand, as a row of bars scaled to the target;
    no points yet is a blank, so that it does not look like a few (0 and 53 drew the same bar).

    >>> print(score_chart([(0, 250), (53, 0), (447, 0)], ["Ada", "Bo"], 500, width=1))
    Ada   ▁█  500
    Bo   ▄▄▄  250
    """
    players = len(names)
    totals = [0] * players
    rows: list[list[int]] = [[] for _ in range(players)]
    for result in results:
        for seat, points in enumerate(result):
            totals[seat] += points
            rows[seat].append(totals[seat])
    top = max([target, *totals]) or 1
    pad = max(len(name) for name in names) + 2
    lines = []
    for seat, name in enumerate(names):
        bars = "".join((_BARS[min(len(_BARS) - 1, (total * len(_BARS) - 1) // top)] if total else " ") * width
                       for total in rows[seat])
        lines.append(f"{name:<{pad}}{bars}  {totals[seat]}")
    return "\n".join(lines)


CHART_CAPTION = "One bar per hand: each player's running total after it."
"""What the bars of `score_chart` are, said under it."""


def _chart(view: PlayerView, names: Sequence[str]) -> ComposeResult:
    """The score chart of the finished hands, and its caption."""
    yield Static(score_chart(view.results, names, view.rules.target), id="score-chart", markup=False)
    yield Static(CHART_CAPTION, id="score-caption", classes="dialog-hint")


_CARDS_WIDTH = 30
"""How wide the cards left run before they wrap: a long hand must not push the points
off an 80-column screen."""


def _standings(table: DataTable[str | Text], ended: HandEnded, names: Sequence[str]) -> None:
    table.add_columns("Player", "Cards left", "Points", "Total")
    for seat, name in enumerate(names):
        hand = sort_cards(ended.hands[seat])
        # What each hand is worth, so that the points scored add up in plain sight (R-SCORE-2).
        left = f"{' '.join(card.value for card in hand)} ({card_points(hand)})" if hand else "out"
        table.add_row(Text(name), textwrap.fill(left, _CARDS_WIDTH), str(ended.points[seat]), str(ended.totals[seat]),
                      height=None)


class HandSummary(Dialog[None]):
    """Every hand's remaining cards and points, who scored, and the totals."""

    BINDINGS = [Binding("enter", "next", "Next hand")]
    """Deal the next hand (Enter only, so keys typed as the hand ends don't skip the summary)."""

    def __init__(self, ended: HandEnded, names: Sequence[str], target: int, seat: int | None = None) -> None:
        super().__init__()
        self.ended = ended
        self.names = tuple(names)
        self.target = target
        self.seat = seat

    def compose(self) -> ComposeResult:
        ended = self.ended
        if ended.winner is None:
            headline = "The hand is blocked: nobody can play or draw."
        else:
            who = "You win" if ended.winner == self.seat else f"{self.names[ended.winner]} wins"
            headline = f"{who} the hand and score{'' if ended.winner == self.seat else 's'} {counted(ended.points[ended.winner], 'point')}."
        with Vertical(classes="dialog wide"):
            yield Label(headline, classes="dialog-title", markup=False)
            yield DataTable(id="hand-table", cursor_type="none", zebra_stripes=True)
            # The target beside the button, not on a line of its own: ten players' rows and
            # the button then fit an 80x24 screen.
            with Horizontal(classes="dialog-buttons", id="hand-buttons"):
                yield Button("Next hand (Enter)", id="next", variant="primary")
                yield Static(f"Playing to {counted(self.target, 'point')}.", classes="dialog-hint", id="hand-target")

    def on_mount(self) -> None:
        _standings(self.query_one(DataTable), self.ended, self.names)
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_next(self) -> None:
        self.dismiss(None)


class MatchSummary(CoveredFooterScreen[str | None]):
    """The winner, the last hand, the score chart; then save the replay, a new match, or the title."""

    BINDINGS = [
        Binding("s", "save_replay", "Save replay"),
        Binding("n", "finish('new')", "New match"),
        Binding("t,enter,escape", "finish('title')", "Title"),
        Binding("t,enter,escape", "finish('back')", "Back to the replay"),
    ]
    """What to do after the match: a branch goes back to the replay it was made in, where
    any other match goes to the title screen (one of the last two is offered)."""

    def __init__(self, session: Session, ended: HandEnded, *, from_replay: bool = False) -> None:
        super().__init__()
        self.session = session
        self.ended = ended
        self.from_replay = from_replay
        """The match is a branch played over the replay viewer: its last choice goes back there."""

    def compose(self) -> ComposeResult:
        view = self.session.table.view(None)
        names = self.session.names
        winners = " and ".join(names[seat] for seat in view.winners) or "Nobody"
        # The buttons follow the summary and stay in view: ten players' chart and last hand
        # scroll above them (see `on_resize`).
        with VerticalScroll(id="match-summary"):
            # "You" (the default name at the keyboard) takes the plural verb, as two winners do.
            singular = len(view.winners) == 1 and winners != YOU
            yield Label(f"{winners} win{'s' if singular else ''} the match!", classes="dialog-title", markup=False)
            played = counted(len(view.results), "hand")
            yield Static(f"Final scores, playing to {counted(view.rules.target, 'point')}, after {played}:", classes="dialog-text")
            yield from _chart(view, names)
            yield Label("The last hand", classes="dialog-text")
            yield DataTable(id="hand-table", cursor_type="none", zebra_stripes=True)
        with Horizontal(classes="dialog-buttons", id="match-buttons"):
            yield Button("Save replay (s)", id="save")
            yield Button("New match (n)", id="new")
            if self.from_replay:
                yield Button("Back to the replay (t)", id="back", variant="primary")
            else:
                yield Button("Title (t)", id="title", variant="primary")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        _standings(self.query_one(DataTable), self.ended, self.session.names)

    def on_resize(self, event: Resize) -> None:
        # As tall as it needs, up to what leaves room for the buttons and the footer.
        reserved = self.query_one("#match-buttons").outer_size.height + self.query_one(WholeKeysFooter).outer_size.height
        self.query_one("#match-summary").styles.max_height = max(3, event.size.height - reserved)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save_replay()
        else:
            self.dismiss(event.button.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "finish" and parameters in (("title",), ("back",)):
            return (parameters == ("back",)) == self.from_replay
        return True

    def action_finish(self, where: str) -> None:
        self.dismiss(where)

    def action_save_replay(self) -> None:
        folder = self.session.save_dir
        if folder is None:
            self.notify("This match was played without a saves folder.", severity="warning", markup=False)
            return
        try:
            table = self.session.table
            stem = f"replay-{short_stem('-'.join(self.session.names), room=len('replay-'))}"
            path = table.save_as(save_path(folder, stem, ".uno.json", table.header))
        except OSError as error:
            self.notify(f"Couldn't save the replay: {os_reason(error)}", severity="error", markup=False)
            return
        # The name alone, as the table's copies are told: a toast broke the whole path
        # wherever its width ran out, mid-name. The title screen names the folder.
        self.notify(f"Replay saved as {path.name} in the saves folder: Load lists it.", title="Saved", markup=False)


class ScoresDialog(Dialog[None]):
    """Totals, target and every finished hand's points."""

    BINDINGS = [Binding("escape,s,enter,q", "close", "Close")]

    def __init__(self, view: PlayerView, names: Sequence[str]) -> None:
        super().__init__()
        self.view_ = view
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        # Many hands and ten players don't fit a short screen: the dialog scrolls.
        with VerticalScroll(classes="dialog wide"):
            yield Label(f"Scores · playing to {counted(self.view_.rules.target, 'point')}", classes="dialog-title")
            yield DataTable(id="scores-table", cursor_type="none", zebra_stripes=True)
            if self.view_.results:
                yield from _chart(self.view_, self.names)
            else:
                yield Static("No hand finished yet: points come when a player goes out.", id="no-hands")
            yield Static("Escape closes.", classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Hand", *(Text(name) for name in self.names))
        # The totals first and fixed, and the newest hands in view, however many there are.
        table.add_row(Text("Total", style="bold"), *(Text(str(total), style="bold") for total in self.view_.scores))
        table.fixed_rows = 1
        for number, result in enumerate(self.view_.results, start=1):
            table.add_row(str(number), *(str(points) for points in result))
        table.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
