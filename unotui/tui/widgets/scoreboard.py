"""The scoreboard: hand number, target and every seat's total, leader first."""

from __future__ import annotations

from rich.cells import set_cell_size
from textual.reactive import reactive
from textual.widget import Widget

from unotui.engine import PlayerView

from ..entries import shorten

__all__ = ["Scoreboard", "score_lines"]


def score_lines(view: PlayerView, names: tuple[str, ...], rows: int, *, second_person: bool = True) -> list[str]:
    """The scoreboard in at most `rows` lines: when the seats don't all fit, the leaders
    and a last line saying how many more there are (the scores dialog shows them all);
    with room for one seat only, the leader with that count on its line.
    The view's own seat is "You", or named when not `second_person` (a replay).

    >>> from unotui.engine import Match, Setup, RuleSet
    >>> view = Match(Setup(players=4, rules=RuleSet(), seed=1)).view(0)
    >>> score_lines(view, ("Ann", "Bo", "Cy", "Di"), 4)
    ['hand 1 · to 500', 'You           0', 'Bo            0', '+2 more']
    >>> score_lines(view, ("Ann", "Bo", "Cy", "Di"), 3, second_person=False)
    ['hand 1 · to 500', 'Ann           0', '+3 more']
    >>> score_lines(view, ("Ann", "Bo", "Cy", "Di"), 2)
    ['hand 1 · to 500', 'You         0 · 3 more']
    >>> score_lines(view, ("Ann", "Bartholomew", "李小龍", "Di"), 5)[2:4]
    ['Bartholom…    0', '李小龍        0']
    """
    order = sorted(range(view.players), key=lambda seat: (-view.scores[seat], seat))
    heading = f"hand {max(view.hand_number, 1)} · to {view.rules.target}"
    named = ["You" if seat == view.seat and second_person else names[seat] for seat in order]
    scores = [view.scores[seat] for seat in order]
    seat_lines = [f"{_name_cell(name, 10)} {score:>4}" for name, score in zip(named, scores)]
    if len(order) < rows:
        return [heading, *seat_lines]
    if rows <= 2:
        return [heading, f"{_name_cell(named[0], 8)} {scores[0]:>4} · {len(order) - 1} more"]
    return [heading, *seat_lines[: rows - 2], f"+{len(order) - rows + 2} more"]


def _name_cell(name: str, room: int) -> str:
    """`name` in exactly `room` cells: cut short (`…`) or padded, wide letters counted as two."""
    return set_cell_size(shorten(name, room), room)


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
