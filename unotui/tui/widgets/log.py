"""The log pane: every event this seat saw, in the sentences `unotui log` prints, newest at the bottom.

Answers to typed commands are written in between, in their own style, the commands they
name set off (`styled_commands`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import RichLog

from unotui.columns import join_continuations, wrap_hanging
from unotui.engine import AnyEvent, Position
from unotui.record.narrate import Narrator

from ..spans import styled_commands

__all__ = ["GameLog"]


class GameLog(RichLog):
    """The turn-by-turn story of the match, as the viewer saw it."""

    COMPONENT_CLASSES = {"game-log--answer", "game-log--command", "game-log--echo", "game-log--heading"}
    """Styles for answers to typed commands, for a command an answer names (written between
    backticks, shown without them), for the echoed command and for the heading."""

    events: reactive[tuple[AnyEvent, ...]] = reactive(())
    """Every event so far, as recorded (redacted here for the viewer)."""
    names: reactive[tuple[str, ...]] = reactive(())
    viewer: reactive[int | None] = reactive(None)
    """The seat at the keyboard: "You" in the sentences."""

    def __init__(self, *, heading: str = "", position: Position | None = None, id: str | None = None) -> None:
        """
        Args:
            heading: a first line kept above the story (where a branched match came from).
            position: where a match started mid-hand starts: the story opens with the
                table as it stood.
            id: the widget's id.
        """
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, id=id)
        self.heading = heading
        self.position = position
        self._narrator: Narrator | None = None
        self._told = 0
        self._last_event: AnyEvent | None = None
        self._entries: list[tuple[str, str | None]] = []
        """Every line written: its text and component class (None for narration)."""
        self._asides: list[tuple[int | None, int, list[tuple[str, str]]]] = []
        """Every answer to a typed command, with its echo: the viewer it was told to, how
        many events had been told then, and its lines. A hot-seat player finds their own
        in place when the keyboard comes back, and never sees another's."""
        self._echo_at: int | None = None
        """The first row of the last echoed command still waiting for its answer."""

    def watch_events(self, old: tuple[AnyEvent, ...], new: tuple[AnyEvent, ...]) -> None:
        self._catch_up(new)

    def watch_names(self) -> None:
        self._restart()

    def watch_viewer(self) -> None:
        self._restart()

    def _restart(self) -> None:
        """Tell the whole story again: a new viewer sees other cards."""
        self._start_over()
        self._narrator, self._told = None, 0
        self._catch_up(self.events)

    def _start_over(self) -> None:
        """An empty log but for its heading."""
        self.clear()
        self._entries = []
        if self.heading:
            self._entry(self.heading, "game-log--heading")

    def _catch_up(self, events: Sequence[AnyEvent]) -> None:
        if not self.names:
            return
        stale = self._narrator is not None and (
            len(events) < self._told or bool(self._told and events[self._told - 1] != self._last_event))
        if stale:
            # Another story: the answers told in the old one have no place in it.
            self._asides = []
        if self._narrator is None or stale:
            self._start_over()
            self._narrator, self._told = Narrator(self.names, self.viewer, self.position), 0
            # A match started from a position opens with the table as it stood, before any event.
            for line in self._narrator.feed([]):
                self._entry(line, None)
            for viewer, told, lines in self._asides:
                if viewer == self.viewer and told <= len(events):
                    self._narrate(events[self._told : told])
                    for text, kind in lines:
                        self._entry(text, kind)
        self._narrate(events[self._told :])

    def _narrate(self, fresh: Sequence[AnyEvent]) -> None:
        """Tell `fresh`, the events after those told so far."""
        if not fresh:
            return
        assert self._narrator is not None
        self._echo_at = None  # the command was played: what follows is the story, not its answer
        for line in self._narrator.feed(fresh):
            self._entry(line, None)
        self._told += len(fresh)
        self._last_event = fresh[-1]

    def tell(self, text: str, command: str | None = None) -> None:
        """Answer a typed command, under an echo of it, unless the log's last lines
        already say it (below)."""
        lines = [(f"› {command}", "game-log--echo")] if command is not None else []
        lines += [(line, "game-log--answer") for line in join_continuations(text)]
        if command is None and self._asides and self._asides[-1] == (self.viewer, self._told, lines):
            # The same answer to the same key at the same point (Enter again on a card that
            # can't be played): the log's last lines say it already.
            return
        self._asides.append((self.viewer, self._told, lines))
        rows = len(self.lines)
        for line, kind in lines:
            self._entry(line, kind)
        if command is not None:
            # Where the answer's echo starts, unless the pane had no width yet to write it.
            self._echo_at = rows if len(self.lines) > rows else None
        elif self._echo_at is not None:
            self.call_after_refresh(self._show_answer, self._echo_at)
            self._echo_at = None

    def _show_answer(self, echo_at: int) -> None:
        """An answer taller than the pane is shown from its echo down: the end of `help`
        or `rules` looks like any other end of the log, and the reader starts at the top."""
        if len(self.lines) - echo_at > self.scrollable_content_region.height:
            self.scroll_to(y=echo_at, animate=False, immediate=True)

    def _entry(self, text: str, kind: str | None) -> None:
        """Write a line of `kind` (a component class; None for narration) and keep it."""
        self._entries.append((text, kind))
        self._write(text, kind)

    def _write(self, text: str, kind: str | None) -> None:
        # RichLog would wrap to the margin, measuring against the app's console rather
        # than the pane; a help row keeps its columns instead. Before the pane has a width
        # RichLog holds the line back, and `on_resize` writes every line again anyway.
        width = self.scrollable_content_region.width or None
        if kind == "game-log--answer":
            # Measured and wrapped as shown: its commands without their backticks.
            command = self.get_component_rich_style("game-log--command", partial=True)
            line = styled_commands(text, self.get_component_rich_style(kind), command, self.names, width)
        else:
            if width is not None:
                text = wrap_hanging(text, width)
            line = Text(text, style=self.get_component_rich_style(kind)) if kind else Text(text)
        self.write(line, width=width)

    @property
    def lines_shown(self) -> list[str]:
        """Every line in the pane, the heading first, oldest first."""
        return [text for text, _ in self._entries]

    @property
    def story(self) -> list[str]:
        """Every sentence of the match so far, oldest first (for `log N`): the narration,
        without the answers to typed commands, which are a command away."""
        return [text for text, kind in self._entries if kind is None]

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._rewrite)

    def on_resize(self, event: Resize) -> None:
        self._rewrite()

    def _rewrite(self, _theme: object = None) -> None:
        """Write every line again: RichLog fixes a line's wrapping and colours as it is
        written, so a new width or theme needs them written anew."""
        self.clear()
        for text, kind in self._entries:
            self._write(text, kind)
