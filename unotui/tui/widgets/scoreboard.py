"""The scoreboard: hand number, target and every seat's total, leader first."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widget import Widget

from unotui.engine import PlayerView

__all__ = ["Scoreboard", "score_lines"]


def score_lines(view: PlayerView, names: tuple[str, ...], rows: int, *, second_person: bool = True) -> list[str]:
    """The scoreboard in at most `rows` lines: when the seats don't all fit, the leaders
    and a last line saying how many more there are (the scores dialog shows them all).
    The view's own seat is "You", or named when not `second_person` (a replay).

    >>> from unotui.engine import Match, Setup, RuleSet
    >>> view = Match(Setup(players=4, rules=RuleSet(), seed=1)).view(0)
    >>> score_lines(view, ("Ann", "Bo", "Cy", "Di"), 4)
    ['hand 1 · to 500', 'You           0', 'Bo            0', '+2 more']
    >>> score_lines(view, ("Ann", "Bo", "Cy", "Di"), 3, second_person=False)
    ['hand 1 · to 500', 'Ann           0', '+3 more']
    """
    order = sorted(range(view.players), key=lambda seat: (-view.scores[seat], seat))
    lines = [f"hand {max(view.hand_number, 1)} · to {view.rules.target}"]
    for seat in order:
        name = "You" if seat == view.seat and second_person else names[seat]
        lines.append(f"{name[:10]:<10} {view.scores[seat]:>4}")
    if len(lines) > rows:
        shown = max(rows - 1, 1)
        lines = [*lines[:shown], f"+{len(lines) - shown} more"]
    return lines


class Scoreboard(Widget):
    """Totals against the target; `s` opens the per-hand history."""

    view: reactive[PlayerView | None] = reactive(None)
    names: reactive[tuple[str, ...]] = reactive(())

    def __init__(self, *, second_person: bool = True, id: str | None = None) -> None:
        """
        Args:
            second_person: the view's own seat is "You" (at the table); False names it,
                as a replay of one seat's view does.
        """
        super().__init__(id=id, markup=False)
        self.second_person = second_person

    def render(self) -> str:
        view = self.view
        if view is None or not self.names:
            return ""
        rows = self.content_size.height or view.players + 1
        return "\n".join(score_lines(view, self.names, rows, second_person=self.second_person))
