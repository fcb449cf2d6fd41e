"""The replay timeline: where the viewer stands (hand, turn, event of total) and a bar of marked moments."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from unotui.record.replay_cursor import Moment, MomentKind

__all__ = ["MOMENT_GLYPHS", "TimelineBar"]

MOMENT_GLYPHS: dict[MomentKind, str] = {
    MomentKind.BLUFF: "⚑",
    MomentKind.CHALLENGE: "!",
    MomentKind.CATCH: "U",
    MomentKind.MISSED_UNO: "?",
    MomentKind.RESHUFFLE: "↻",
    MomentKind.HAND_END: "┃",
}
"""How each kind of moment is drawn on the bar; the legend under it says the same in words."""

_PRIORITY = (MomentKind.BLUFF, MomentKind.MISSED_UNO, MomentKind.CHALLENGE, MomentKind.CATCH,
             MomentKind.RESHUFFLE, MomentKind.HAND_END)
"""Which glyph wins when several moments share one cell of the bar."""


class TimelineBar(Widget):
    """Two lines: the place in words, then the whole match as a bar with the cursor on it."""

    DEFAULT_CSS = """
    TimelineBar { height: 2; padding: 0 1; background: $surface; }
    TimelineBar > .timeline--track { color: $text-muted; }
    TimelineBar > .timeline--cursor { background: $accent; color: $text; text-style: bold; }
    TimelineBar > .timeline--flag { color: $error; text-style: bold; }
    TimelineBar > .timeline--moment { color: $warning; }
    TimelineBar > .timeline--place { color: $text; text-style: bold; }
    """

    COMPONENT_CLASSES = {"timeline--track", "timeline--cursor", "timeline--flag", "timeline--moment", "timeline--place"}
    """Track, cursor, flagged moments (bluffs, missed UNOs), other moments, the place in words."""

    position: reactive[int] = reactive(0)
    """Events folded so far."""
    end: reactive[int] = reactive(0)
    """Events in the match."""
    place: reactive[str] = reactive("")
    """Hand and turn in words."""
    status: reactive[str] = reactive("")
    """Play/pause and speed in words."""
    moments: reactive[tuple[Moment, ...]] = reactive(())
    """The moments marked on the bar."""

    def render(self) -> Text:
        width = max(self.size.width - 2, 10)
        place = self.get_component_rich_style("timeline--place")
        top = Text.assemble((self.place, place), f" · event {self.position:,} of {self.end:,}")
        if self.status:
            top.append(f" · {self.status}")
        legend = "  ⚑ bluff ? missed UNO ! challenge U catch ↻ reshuffle ┃ hand end"
        if top.cell_len + len(legend) <= width:
            top.append(legend, self.get_component_rich_style("timeline--track"))
        return Text.assemble(top, "\n", self._bar(width))

    def _bar(self, width: int) -> Text:
        cells = self._cells(width)
        cursor = self._column(self.position, width)
        bar = Text()
        track = self.get_component_rich_style("timeline--track")
        for column, kinds in enumerate(cells):
            kind = next((k for k in _PRIORITY if k in kinds), None)
            glyph = MOMENT_GLYPHS[kind] if kind is not None else "─"
            if column == cursor:
                bar.append(glyph if kind is not None else "●", self.get_component_rich_style("timeline--cursor"))
            elif kind in (MomentKind.BLUFF, MomentKind.MISSED_UNO):
                bar.append(glyph, self.get_component_rich_style("timeline--flag"))
            elif kind is not None:
                bar.append(glyph, self.get_component_rich_style("timeline--moment"))
            else:
                bar.append(glyph, track)
        return bar

    def _column(self, position: int, width: int) -> int:
        """The bar cell a position falls in."""
        if self.end <= 0:
            return 0
        return min(width - 1, position * width // (self.end + 1))

    def _cells(self, width: int) -> list[set[MomentKind]]:
        cells: list[set[MomentKind]] = [set() for _ in range(width)]
        for moment in self.moments:
            cells[self._column(moment.event + 1, width)].add(moment.kind)
        return cells

    def column_position(self, column: int) -> int:
        """The first position shown in a bar cell (for a click on the bar)."""
        width = max(self.size.width - 2, 10)
        column = max(0, min(column, width - 1))
        return min(self.end, -(-column * (self.end + 1) // width))

    @staticmethod
    def moments_for(moments: Sequence[Moment], audit: bool) -> tuple[Moment, ...]:
        """The moments a perspective may see: a seat's view does not know who bluffed."""
        return tuple(moment for moment in moments if audit or moment.public)
