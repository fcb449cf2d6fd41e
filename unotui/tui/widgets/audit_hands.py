"""Every hand face up, one seat a line: the replay viewer's audit view of the table."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from unotui.engine import Phase, PlayerView

from ..faces import sort_cards

__all__ = ["AuditHands"]


class AuditHands(Static):
    """Every seat in the audit view: name, score, its cards sorted by colour, UNO status; the
    turn seat marked ▶. It stands where the play screen has the seats row and the hand."""

    DEFAULT_CSS = """
    AuditHands { height: auto; max-height: 12; border-top: solid $panel-lighten-2; border-title-color: $text; border-title-align: left; padding: 0 1; }
    AuditHands > .audit-hands--red { color: #ef5350; text-style: bold; }
    AuditHands > .audit-hands--yellow { color: #fdd835; text-style: bold; }
    AuditHands > .audit-hands--green { color: #66bb6a; text-style: bold; }
    AuditHands > .audit-hands--blue { color: #42a5f5; text-style: bold; }
    AuditHands > .audit-hands--wild { color: $text; text-style: bold reverse; }
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

    def watch_view(self) -> None:
        self._update_hands()

    def watch_names(self) -> None:
        self._update_hands()

    def _update_hands(self) -> None:
        view, names = self.view, self.names
        if view is None or view.hands is None or not names:
            self.update("")
            return
        self.border_title = "All hands (audit view)"
        # One line a seat, the number of seats fixed per match: the size never changes.
        self.update(self.describe(view, names), layout=not self.size.height)

    def describe(self, view: PlayerView, names: Sequence[str]) -> Text:
        assert view.hands is not None
        width = max(len(name) for name in names[: view.players])
        text = Text(no_wrap=True, overflow="ellipsis")
        for seat, hand in enumerate(view.hands):
            if seat:
                text.append("\n")
            turn = view.phase is Phase.PLAYING and view.turn == seat
            style = "audit-hands--turn" if turn else "audit-hands--name"
            text.append(f"{'▶' if turn else ' '} {names[seat]:<{width}} {view.scores[seat]:>4} pts · {len(hand):>2}: ",
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
