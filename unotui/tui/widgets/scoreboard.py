"""The scoreboard: hand number, target and every seat's total, leader first."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from unotui.engine import PlayerView

__all__ = ["Scoreboard"]


class Scoreboard(Static):
    """Totals against the target; `s` opens the per-hand history."""

    view: reactive[PlayerView | None] = reactive(None)
    names: reactive[tuple[str, ...]] = reactive(())

    def watch_view(self) -> None:
        self._update_scores()

    def watch_names(self) -> None:
        self._update_scores()

    def _update_scores(self) -> None:
        view = self.view
        if view is None or not self.names:
            self.update("")
            return
        order = sorted(range(view.players), key=lambda seat: (-view.scores[seat], seat))
        lines = [f"hand {max(view.hand_number, 1)} · to {view.rules.target}"]
        for seat in order:
            name = "You" if seat == view.seat else self.names[seat]
            lines.append(f"{name[:10]:<10} {view.scores[seat]:>4}")
        self.update("\n".join(lines))
