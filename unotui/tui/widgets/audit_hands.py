"""Every hand face up, one seat a line: the replay viewer's audit view of the table."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from unotui.engine import Phase, PlayerView

from ..faces import sort_cards

__all__ = ["AuditHands"]


class AuditHands(Widget):
    """Every seat in the audit view: name, score, its cards sorted by colour, UNO status; the
    turn seat marked ▶. It stands where the play screen has the seats row and the hand."""

    SCOPED_CSS = False
    """Unscoped, so the light theme's rules (under the app's `-light-mode`) can match."""

    DEFAULT_CSS = """
    AuditHands { height: auto; max-height: 12; border-top: solid $panel-lighten-2; border-title-color: $text; border-title-align: left; padding: 0 1; }
    AuditHands > .audit-hands--red { color: #ef5350; text-style: bold; }
    AuditHands > .audit-hands--yellow { color: #fdd835; text-style: bold; }
    AuditHands > .audit-hands--green { color: #66bb6a; text-style: bold; }
    AuditHands > .audit-hands--blue { color: #42a5f5; text-style: bold; }
    AuditHands > .audit-hands--wild { color: $text; text-style: bold reverse; }
    .-light-mode AuditHands > .audit-hands--red { color: #b71c1c; }
    .-light-mode AuditHands > .audit-hands--yellow { color: #6d5200; }
    .-light-mode AuditHands > .audit-hands--green { color: #1b5e20; }
    .-light-mode AuditHands > .audit-hands--blue { color: #0d47a1; }
    AuditHands > .audit-hands--name { color: $text-muted; }
    AuditHands > .audit-hands--turn { color: $accent; text-style: bold; }
    """

    COMPONENT_CLASSES = {
        "audit-hands--red", "audit-hands--yellow", "audit-hands--green", "audit-hands--blue", "audit-hands--wild",
        "audit-hands--name", "audit-hands--turn",
    }
    """Card colours (the notation stays readable without them), seat names, the turn seat."""

    view: reactive[PlayerView | None] = reactive(None)
    """The audit view (seat None), whose `hands` are all shown."""
    names: reactive[tuple[str, ...]] = reactive(())

    def watch_view(self, old: PlayerView | None, new: PlayerView | None) -> None:
        self.border_title = "All hands (audit view)" if new is not None else ""
        # One line a seat, the number of seats fixed per match: only the first view sizes the pane.
        self.refresh(layout=old is None or new is None or old.players != new.players)

    def watch_names(self) -> None:
        self.refresh(layout=True)

    def render(self) -> Text:
        # Made at each repaint, not kept: the colours come from the theme in force (the
        # light theme has its own), and a step repaints this pane anyway.
        view, names = self.view, self.names
        if view is None or view.hands is None or not names:
            return Text()
        return self.describe(view, names)

    def describe(self, view: PlayerView, names: Sequence[str]) -> Text:
        assert view.hands is not None
        width = max(len(name) for name in names[: view.players])
        text = Text(no_wrap=True, overflow="ellipsis")
        for seat, hand in enumerate(view.hands):
            if seat:
                text.append("\n")
            turn = view.phase is Phase.PLAYING and view.turn == seat
            style = "audit-hands--turn" if turn else "audit-hands--name"
            # Before the deal and after going out a hand is empty: say so, not "0:" and nothing.
            count = f"{len(hand):>2}: " if hand else "no cards"
            text.append(f"{'▶' if turn else ' '} {names[seat]:<{width}} {view.scores[seat]:>4} pts · {count}",
                        self.get_component_rich_style(style))
            for card in sort_cards(hand):
                color = card.color
                text.append(card.value, self.get_component_rich_style(f"audit-hands--{color.value if color else 'wild'}"))
                text.append(" ")
            if view.uno_said[seat] and len(hand) == 1:
                text.append("UNO!", self.get_component_rich_style("audit-hands--turn"))
            elif view.catchable == seat:
                text.append("⚠ no UNO", self.get_component_rich_style("audit-hands--red"))
        return text
