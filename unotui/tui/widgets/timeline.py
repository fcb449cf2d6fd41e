"""The replay timeline: where the viewer stands (hand, turn, event of total) and a bar of marked moments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from unotui.record.replay_cursor import Moment, MomentKind

__all__ = ["FLAGGED", "FLAG_GLYPHS", "LEGEND", "MARGIN_ORDER", "MOMENT_GLYPHS", "Mark", "TimelineBar"]

MOMENT_GLYPHS: dict[MomentKind, str] = {
    MomentKind.BLUFF: "⚑",
    MomentKind.CHALLENGE: "!",
    MomentKind.CATCH: "U",
    MomentKind.MISSED_UNO: "?",
    MomentKind.RESHUFFLE: "↻",
    MomentKind.HAND_END: "┃",
}
"""How each kind of moment is drawn on the bar, in the log's margin and on the notes line;
`LEGEND` says the same in words."""

FLAGGED: tuple[MomentKind, ...] = (MomentKind.BLUFF, MomentKind.MISSED_UNO)
"""Moments the audit flags: drawn in the error colour wherever they are marked."""

FLAG_GLYPHS = frozenset(MOMENT_GLYPHS[kind] for kind in FLAGGED)

MARGIN_ORDER: tuple[MomentKind, ...] = (MomentKind.BLUFF, MomentKind.MISSED_UNO, MomentKind.CHALLENGE,
                                        MomentKind.CATCH, MomentKind.RESHUFFLE, MomentKind.HAND_END)
"""Which mark a log line carries when it tells several moments: a flag first."""

_MOMENT_WORDS: dict[MomentKind, str] = {
    MomentKind.BLUFF: "bluff",
    MomentKind.MISSED_UNO: "missed UNO",
    MomentKind.CHALLENGE: "challenge",
    MomentKind.CATCH: "catch",
    MomentKind.RESHUFFLE: "reshuffle",
    MomentKind.HAND_END: "hand end",
}

LEGEND = " ".join(f"{MOMENT_GLYPHS[kind]} {words}" for kind, words in _MOMENT_WORDS.items())
"""The marks in words: beside the place when the line has room, and in the replay's help."""

_PRIORITY = (MomentKind.HAND_END, MomentKind.BLUFF, MomentKind.MISSED_UNO, MomentKind.CHALLENGE, MomentKind.CATCH,
             MomentKind.RESHUFFLE)
"""Which glyph wins when several moments share one cell of the bar: a hand's end first, as
the hands are what PgUp/PgDn step through (a catch at a hand's last card hid its end)."""


class Mark(NamedTuple):
    """A marked moment on the bar, at the position `n` and `p` take the viewer to for it."""

    stop: int
    kind: MomentKind


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
    marks: reactive[tuple[Mark, ...]] = reactive(())
    """The moments marked on the bar, in the order they happen."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._track: tuple[tuple[int, int, tuple[Mark, ...]], list[tuple[str, Style]]] | None = None
        """The bar without its cursor as runs of one style, and the width, end and marks it was drawn for."""
        self._stop_kinds: dict[int, MomentKind] = {}
        """The kind of mark the playhead shows at each stop: the first in `_PRIORITY` of those there."""

    def watch_marks(self, marks: tuple[Mark, ...]) -> None:
        self._stop_kinds = {}
        for stop, kind in sorted(marks, key=lambda mark: _PRIORITY.index(mark.kind)):
            self._stop_kinds.setdefault(stop, kind)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._track = None  # a new theme: draw the track in its colours

    @property
    def bar_width(self) -> int:
        """Cells in the bar: the content width."""
        return max(self.size.width, 10)

    def render_line(self, y: int) -> Strip:
        # Drawn as strips, not as Text: the bar has a span per moment, and converting
        # those on every step cost the replay a few milliseconds a frame.
        width = self.bar_width
        if y == 0:
            return self._place_line(width)
        if y == 1:
            return self._bar(width)
        return Strip.blank(width, self.rich_style)

    def _place_line(self, width: int) -> Strip:
        place = self.get_component_rich_style("timeline--place")
        top = Text.assemble((self.place, place), f" · event {self.position:,} of {self.end:,}", style=self.rich_style)
        if self.status:
            top.append(f" · {self.status}")
        legend = f"  {LEGEND}"
        if top.cell_len + len(legend) <= width:
            top.append(legend, self.get_component_rich_style("timeline--track"))
        top.truncate(width, overflow="ellipsis")
        return Strip(top.render(self.app.console)).extend_cell_length(width, self.rich_style)

    def _bar(self, width: int) -> Strip:
        key = (width, self.end, self.marks)
        kept = self._track
        if kept is None or kept[0][:2] != key[:2] or kept[0][2] is not key[2]:
            self._track = kept = (key, self._draw_track(width))
        cursor = self._column(self.position, width)
        # A mark's glyph only where `n` and `p` stop for it, even one hidden under another
        # in its cell: anywhere else in the cell the table does not show that moment yet.
        kind = self._stop_kinds.get(self.position)
        glyph = "●" if kind is None else MOMENT_GLYPHS[kind]
        # Drawn in reverse video, its colours swapped to look the same: without colour
        # (NO_COLOR, a monochrome terminal) a background alone left the playhead unseen
        # on a moment's mark.
        theme = self.get_component_rich_style("timeline--cursor")
        cursor_style = theme + Style(color=theme.bgcolor, bgcolor=theme.color, reverse=True)
        # Only the cursor's cell differs from step to step: the runs are kept.
        segments: list[Segment] = []
        start = 0
        for text, style in kept[1]:
            stop = start + len(text)
            if start <= cursor < stop:
                offset = cursor - start
                if offset:
                    segments.append(Segment(text[:offset], style))
                segments.append(Segment(glyph, cursor_style))
                if offset + 1 < len(text):
                    segments.append(Segment(text[offset + 1 :], style))
            else:
                segments.append(Segment(text, style))
            start = stop
        return Strip(segments, width)

    def _draw_track(self, width: int) -> list[tuple[str, Style]]:
        """The bar without the cursor, one cell a column, as runs of one style."""
        cells = self._cells(width)
        track = self.get_component_rich_style("timeline--track")
        flag = self.get_component_rich_style("timeline--flag")
        moment = self.get_component_rich_style("timeline--moment")
        runs: list[tuple[str, Style]] = []
        for kinds in cells:
            kind = next((k for k in _PRIORITY if k in kinds), None)
            if kind is None:
                glyph, style = "─", track
            else:
                glyph, style = MOMENT_GLYPHS[kind], flag if kind in FLAGGED else moment
            if runs and runs[-1][1] is style:
                runs[-1] = (runs[-1][0] + glyph, style)
            else:
                runs.append((glyph, style))
        return runs

    def _column(self, position: int, width: int) -> int:
        """The bar cell a position falls in: the setup in the first, the end in the last."""
        if self.end <= 0:
            return 0
        return max(0, min(width - 1, position * (width - 1) // self.end))

    def _cells(self, width: int) -> list[set[MomentKind]]:
        cells: list[set[MomentKind]] = [set() for _ in range(width)]
        for stop, kind in self.marks:
            cells[self._column(stop, width)].add(kind)
        return cells

    def column_position(self, column: int) -> int:
        """Where a click on a bar cell goes: the stop of the mark the cell shows (the first
        of its kind there), as `n` and `p` go; in a cell without marks, its first position."""
        width = self.bar_width
        column = max(0, min(column, width - 1))
        shown = [mark for mark in self.marks if self._column(mark.stop, width) == column]
        if shown:
            return min(shown, key=lambda mark: (_PRIORITY.index(mark.kind), mark.stop)).stop
        return min(self.end, -(-column * self.end // (width - 1)))

    @staticmethod
    def moments_for(moments: Sequence[Moment], audit: bool) -> tuple[Moment, ...]:
        """The moments a perspective may see: a seat's view does not know who bluffed."""
        return tuple(moment for moment in moments if audit or moment.public)
