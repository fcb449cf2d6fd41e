"""The scoreboard: hand number, target and every seat's total, leader first."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widget import Widget

from unotui.engine import PlayerView

__all__ = ["Scoreboard", "score_lines"]


def score_lines(view: PlayerView, names: tuple[str, ...], rows: int) -> list[str]:
    """The scoreboard in at most `rows` lines: when the seats don't all fit, the leaders
    and a last line saying how many more there are (the scores dialog shows them all).

    >>> from unotui.engine import Match, Setup, RuleSet
    >>> view = Match(Setup(players=4, rules=RuleSet(), seed=1)).view(0)
    >>> score_lines(view, ("Ann", "Bo", "Cy", "Di"), 4)
    ['hand 1 · to 500', 'You           0', 'Bo            0', '+2 more']
    """
    order = sorted(range(view.players), key=lambda seat: (-view.scores[seat], seat))
    lines = [f"hand {max(view.hand_number, 1)} · to {view.rules.target}"]
    for seat in order:
        name = "You" if seat == view.seat else names[seat]
        lines.append(f"{name[:10]:<10} {view.scores[seat]:>4}")
    if len(lines) > rows:
        shown = max(rows - 1, 1)
        lines = [*lines[:shown], f"+{len(lines) - shown} more"]
    return lines


class Scoreboard(Widget):
    """Totals against the target; `s` opens the per-hand history."""

    view: reactive[PlayerView | None] = reactive(None)
    names: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> str:
        view = self.view
        if view is None or not self.names:
            return ""
        return "\n".join(score_lines(view, self.names, self.content_size.height or view.players + 1))
