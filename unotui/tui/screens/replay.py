"""The replay viewer: step through a recorded match like a chess game, and branch from any point.

The table is the play screen's, read-only, driven by folding the file's events
(`ReplayCursor`); the log pane is the index. Nothing here changes a recording: a branch
is a new match in a new file whose header names its origin.
"""

from __future__ import annotations

import argparse
import bisect
import gc
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from unotui.bots import LEVELS
from unotui.bots.advice import advice_rng, adviser
from unotui.engine import Phase, PlayerView, SetupError, TurnSkipped, legal_commands, view_for, visible_events
from unotui.record import (
    Header,
    PlayerInfo,
    PlayerKind,
    ReplayError,
    SaveInfo,
    Table,
    is_journal_name,
    list_saves,
    make_folder,
    make_header,
    new_game,
    os_reason,
)
from unotui.record.narrate import YOU, Narrator, by_place, counted, names_seen_by
from unotui.record.replay_cursor import Moment, MomentKind, Recording, ReplayCursor, branch_point, open_recording

from ..app import UnoApp
from ..commands import playable_now
from ..entries import (
    branch_name,
    file_name,
    hand_reached,
    last_played,
    origin_name,
    recorded_on,
    shorten,
    two_line_entry,
)
from ..faces import named, possessive
from ..messages import Intended
from ..prose import command_advised, command_done, describe_hint, no_hint
from ..session import Session
from ..spans import styled_commands
from ..widgets import HandView, PilePane, Scoreboard, SeatsBar
from ..widgets.audit_hands import AuditHands
from ..widgets.footer import WholeKeysFooter
from ..widgets.replay_log import ReplayLog
from ..widgets.timeline import FLAGGED, MARGIN_ORDER, MOMENT_GLYPHS, Mark, TimelineBar
from .base import CoveredFooterScreen, Dialog, LineDialog

__all__ = [
    "SPEEDS",
    "BranchDialog",
    "GoToDialog",
    "LogLine",
    "ReplayHand",
    "ReplayApp",
    "ReplayFile",
    "ReplayPicker",
    "ReplayScreen",
    "ReplayStatus",
    "branch_session",
    "fit_fields",
    "parse_goto",
    "replay_files",
    "run_replay",
    "tell_story",
]

SPEEDS: tuple[float, ...] = (2.0, 1.0, 0.5, 0.25, 0.1, 0.05)
"""Seconds per log line when playing, slowest first; + and - move along it."""



# ------------------------------------------------------------------------- the story


class LogLine:
    """One sentence of the log and the events it tells."""

    __slots__ = ("end", "first", "text")

    def __init__(self, first: int, end: int, text: str) -> None:
        self.first = first
        """The index of its first event."""
        self.end = end
        """The position after its last event: where selecting it takes the viewer."""
        self.text = text


def tell_story(recording: Recording, viewer: int | None) -> list[LogLine]:
    """Every sentence of the match as `viewer` saw it (None: all-seeing), with its events.

    Each record's events are told together, as the narrator needs; a line telling a marked
    moment starts with the moment's mark on the timeline (`MOMENT_GLYPHS`), a flag first.
    """
    cursor = recording.cursor
    narrator = Narrator(recording.names, viewer, recording.header.position)
    # A match started from a position opens with the table as it stood: told before any event.
    lines = [LogLine(0, 0, "  " + text) for text in narrator.feed([])]
    events = cursor.events
    starts = list(cursor.record_starts) or ([0] if events else [])
    ends = list(cursor.record_ends) or ([len(events)] if events else [])
    moments = [moment for moment in cursor.moments if viewer is None or moment.public]
    marked = [moment.event for moment in moments]
    for start, end in zip(starts, ends, strict=True):
        for first, count, text in narrator.feed_spans(events[start:end]):
            begin, stop = start + first, start + first + count
            low, high = bisect.bisect_left(marked, begin), bisect.bisect_left(marked, stop)
            kinds = {moments[index].kind for index in range(low, high)}
            mark = next((MOMENT_GLYPHS[kind] + " " for kind in MARGIN_ORDER if kind in kinds), "  ")
            lines.append(LogLine(begin, stop, mark + text))
    return lines


# ------------------------------------------------------------------------- dialogs


def parse_goto(text: str) -> tuple[str, int, int]:
    """Read a go-to request: `K` (hand K), `K.T` or `K T` (hand K, turn T), `#E` (event E,
    with or without commas, as the timeline writes it: `#1,000`).

    Returns:
        ("hand", K, 0), ("turn", K, T) or ("event", E, 0).

    Raises:
        ValueError: saying what is understood.

    >>> parse_goto("3"), parse_goto("3.12"), parse_goto("hand 2 turn 5"), parse_goto("#400")
    (('hand', 3, 0), ('turn', 3, 12), ('turn', 2, 5), ('event', 400, 0))
    >>> parse_goto("#1,000"), parse_goto("3,12")
    (('event', 1000, 0), ('turn', 3, 12))
    """
    words = text.strip().lower()
    event = re.fullmatch(r"(?:#|e|event)\s*(\d{1,3}(?:,\d{3})+|\d+)", words)
    if event:
        return ("event", int(event.group(1).replace(",", "")), 0)
    numbers = re.fullmatch(r"(?:h|hand)?\s*(\d+)(?:\s*(?:[.,/ ]|t|turn)\s*(?:t|turn)?\s*(\d+))?", words)
    if not numbers:
        raise ValueError(f"{text.strip()!r}: write a hand (3), a hand and turn (3.12) or an event (#400).")
    hand, turn = int(numbers.group(1)), numbers.group(2)
    return ("turn", hand, int(turn)) if turn is not None else ("hand", hand, 0)


def hands_held(hands: Sequence[int]) -> str:
    """Which hands a file holds, by their numbers: a match branched or set up mid-way starts
    at a later hand than 1.

    >>> hands_held([1, 2, 3]), hands_held([3]), hands_held([3, 4]), hands_held([])
    ('the match has 3 hands', 'the file holds hand 3 only', 'the file holds hands 3 to 4', 'the match has no hand yet')
    """
    if not hands:
        return "the match has no hand yet"
    if hands[0] == 1:
        return f"the match has {counted(len(hands), 'hand')}"
    if len(hands) == 1:
        return f"the file holds hand {hands[0]} only"
    return f"the file holds hands {hands[0]} to {hands[-1]}"


class GoToDialog(LineDialog[int | None]):
    """Ask where to go: a hand, a hand and turn, or an event; answered with the position.

    A place that isn't in the match is refused in the dialog, the text kept to be mended.
    """

    DEFAULT_CSS = """
    GoToDialog #goto-error { display: none; color: $error; width: 100%; margin-top: 1; }
    GoToDialog #goto-error.-shown { display: block; }
    """

    def __init__(self, held: str, here: str, resolve: Callable[[str], int]) -> None:
        """
        Args:
            held: which hands there are (`hands_held`).
            here: where the viewer stands, in words.
            resolve: the position a request names; raises ValueError saying why not.
        """
        super().__init__()
        self.held = held
        """Which hands there are (`hands_held`)."""
        self.here = here
        self.resolve = resolve

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Go to…", classes="dialog-title")
            # "Now at hand 3 of 11 · turn 5", but "Now before the first deal".
            at = "" if self.here.startswith("before") else "at "
            yield Static(f"Now {at}{self.here}; {self.held}.", classes="dialog-text")
            yield Input(placeholder="3 = hand 3 · 3.12 = hand 3, turn 12 · #400 = event 400", id="goto-input")
            yield Static(id="goto-error", markup=False)
            yield Static("Enter: go · Escape: cancel", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self.dismiss(None)
            return
        try:
            position = self.resolve(event.value)
        except ValueError as error:
            shown = self.query_one("#goto-error", Static)
            shown.update(str(error))
            shown.add_class("-shown")
            return
        self.dismiss(position)

    @property
    def error(self) -> str:
        """Why the last request was refused; empty when none was."""
        shown = self.query_one("#goto-error", Static)
        return str(shown.content) if shown.has_class("-shown") else ""


class BranchDialog(Dialog[int | None]):
    """Choose the seat to play when branching; the others become bots."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    """Escape keeps watching."""

    def __init__(self, names: Sequence[str], where: str) -> None:
        super().__init__()
        self.names = tuple(names)
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Branch from here ({self.where}): play on as…", classes="dialog-title")
            yield OptionList(*[Option(name, id=str(seat)) for seat, name in enumerate(self.names)], id="branch-seats",
                             markup=False)
            yield Static("The other seats are played by bots. Enter: start · Escape: cancel", classes="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayFile(NamedTuple):
    """A file the Replay picker offers."""

    path: Path
    about: str
    """Its name, standing and date: `autosave · hand 3 · today 18:40`."""
    players: str
    is_sample: bool
    """One of the sample matches that come with the game, not a save of the player's."""


def replay_files(save_dir: Path | None) -> list[ReplayFile]:
    """The files the Replay picker offers: the saves, newest first (a match just played is
    the one most often looked at again), then the sample matches by name.

    A save is dated when it was last played, as on the Load screen; a sample match, whose
    file is as new as the copy of it, by the day it was recorded. A file may be a `.uno`
    or a `.uno.json` (a match summary's Save replay, a hand-written script); of a match
    kept both ways under one name, as the samples are, the `.uno` is listed alone. A
    branch's autosave says what it is a branch of (`branch_name`).
    """
    folders: list[Path] = []
    for folder in (save_dir, Path.cwd() / "replays", Path(__file__).resolve().parents[3] / "replays"):
        if folder is not None and folder.is_dir() and folder.resolve() not in [f.resolve() for f in folders]:
            folders.append(folder)
    found: list[ReplayFile] = []
    for folder in folders:
        is_sample = folder != save_dir
        saves = list_saves(folder)
        held = {(Path(save.path).name, save.match) for save in saves}
        saves = [save for save in saves
                 if not (save.path.endswith(".uno.json") and (Path(save.path).name.removesuffix(".json"), save.match) in held)]
        if is_sample:
            saves.sort(key=lambda save: Path(save.path).name)  # their files' dates say nothing
        for save in saves:
            path = Path(save.path)
            if save.error is not None:
                # The reason, not "unreadable": a file damaged part way opens up to the
                # damage, and the viewer says the same there.
                found.append(ReplayFile(path, path.name, save.error, is_sample))
                continue
            players = ", ".join(save.players)
            state = "finished" if save.finished else hand_reached(save)
            # The file a game is saved into as it is played is `autosave`, as on the Load
            # screen; a branch's says what it branched from, where the branches of one
            # match were each an `autosave` of the same players.
            branch = branch_name(save)
            name = branch or file_name(save.path)
            if branch is not None and not save.finished:
                state = f"now hand {save.hand}" if save.hand != save.origin_hand else ""
            recorded = recorded_on(save)
            when = last_played(save) if not is_sample else f"recorded {recorded}" if recorded else ""
            found.append(ReplayFile(path, " · ".join(filter(None, (name, state, when))), players, is_sample))
    return found


class ReplayPicker(Dialog[Path | None]):
    """Pick a file to replay: the player's saves, then the sample matches, each with its
    players and date."""

    DEFAULT_CSS = """
    ReplayPicker #replay-files { text-wrap: nowrap; text-overflow: ellipsis; max-height: 55vh; }
    """
    """An entry's lines are cut short rather than wrapped: ten players' names run long. The
    list scrolls within the dialog, so that the title and the keys stay in sight."""

    BINDINGS = [Binding("escape", "cancel", "Back")]
    """Escape goes back."""

    HEADINGS = {False: "Your saved games", True: "Sample matches"}
    """Above each group of files, so that a sample is not taken for a game of one's own."""

    def __init__(self, files: Sequence[ReplayFile], current: Path | None = None) -> None:
        """
        Args:
            files: what to offer (`replay_files`).
            current: the file to start the cursor on: the one whose viewer was just closed.
        """
        super().__init__()
        self.files = list(files)
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("Replay a match", classes="dialog-title")
            if self.files:
                yield OptionList(*self._entries(), id="replay-files")
            else:
                yield Static(styled_commands("No saved games or sample replays here yet. Run "
                                             "`unotui replay FILE` to open any file.", Style(), Style(bold=True)),
                             classes="dialog-text")
            yield Static("Enter: open · Escape: back", classes="dialog-hint")

    def _entries(self) -> list[Option]:
        """Each file under its group's heading (a line the cursor passes over)."""
        entries: list[Option] = []
        for index, file in enumerate(self.files):
            if index == 0 or file.is_sample != self.files[index - 1].is_sample:
                entries.append(Option(Text(self.HEADINGS[file.is_sample], style="bold"), disabled=True))
            entries.append(Option(two_line_entry(file.about, file.players, 2), id=str(index)))
        return entries

    def on_mount(self) -> None:
        chosen = [index for index, file in enumerate(self.files) if file.path == self.current]
        if chosen:
            menu = self.query_one(OptionList)
            menu.highlighted = menu.get_option_index(str(chosen[0]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        self.dismiss(self.files[int(event.option.id)].path)

    def action_cancel(self) -> None:
        self.dismiss(None)


# ------------------------------------------------------------------------- branching


def _branch_players(header: Header, seat: int, salt: int) -> list[PlayerInfo]:
    """The branch's seats: `seat` is played here, every other seat by a bot of its recorded
    level when that is a bot level, else a basic bot.

    Every seat keeps its name, the one played here too (the table speaks to that player
    as you, as to anyone at the keyboard), but for a seat called You that a bot now plays:
    it is named by place ("Player 1"), as the viewer names it in the other seats' views,
    so that the table, the summary and the saves list have one player called You at most.
    """
    players: list[PlayerInfo] = []
    for index, info in enumerate(header.players):
        if index == seat:
            players.append(PlayerInfo(name=info.name, kind=PlayerKind.HUMAN))
            continue
        recorded = info.kind is PlayerKind.BOT and info.level in LEVELS
        players.append(PlayerInfo(
            name=by_place(index) if info.name == YOU else info.name, kind=PlayerKind.BOT,
            level=info.level if recorded else "basic",
            personality=info.personality if recorded else None,
            seed=((info.seed or 0) * 31 + salt * 7 + index) & 0xFFFFFFFF))
    return players


def branch_session(recording: Recording, position: int, seat: int, save_dir: Path | None) -> Session:
    """A new match from the position at `position`: the same hands, piles and generator
    state, `seat` played at this keyboard against bots, journaled as a new file in
    `save_dir` (in memory when None) whose header names its origin.

    Raises:
        ValueError: there is nothing to play on from there, in one line.
    """
    branch = branch_point(recording, position)
    header = recording.header
    players = _branch_players(header, seat, branch.origin.events)
    try:
        new_header = make_header(players, header.rules, seed=branch.position.rng, position=branch.position,
                                 origin=branch.origin)
        if save_dir is not None:
            table = new_game(make_folder(save_dir), new_header)
        else:
            table = Table.new(new_header)
    except SetupError as error:
        raise ValueError(str(error)) from None
    except OSError as error:
        raise ValueError(f"the new game can't be saved in {save_dir} ({os_reason(error)})") from None
    session = Session.of(table, save_dir)
    hand, turn = recording.cursor.locate(branch.origin.events)
    # Between hands the branch starts at the next hand's first turn: no turn to name.
    session.origin_turn = turn if turn and hand == branch.position.hand else None
    return session


# ------------------------------------------------------------------------- the viewer


def fit_fields(versions: Sequence[Sequence[str]], width: int) -> str:
    """The fields of the first of `versions` that fits in `width` cells, joined by " · ".

    Each version is shorter than the one before and ends with the same field, the one to
    be read whole however narrow the line. When no version fits, the last gives way from
    its first field on: that field is cut short, or left out when less than a word of it
    would show; the last field is cut only when it is wider than the line on its own.

    >>> versions = [["audit view", "✓ chain", "12 records", "game.uno"], ["✓ chain", "FAILED", "game.uno"]]
    >>> fit_fields(versions, 80), fit_fields(versions, 27)
    ('audit view · ✓ chain · 12 records · game.uno', '✓ chain · FAILED · game.uno')
    >>> fit_fields(versions, 25), fit_fields(versions, 20), fit_fields(versions, 6)
    ('✓ ch… · FAILED · game.uno', 'FAILED · game.uno', 'game.…')
    """
    for fields in versions:
        line = " · ".join(fields)
        if cell_len(line) <= width:
            return line
    fields = list(versions[-1])
    while len(fields) > 1:
        room = width - cell_len(" · ".join(["", *fields[1:]]))
        if room >= 4:  # a field cut to fewer cells says nothing
            return " · ".join([shorten(fields[0], room), *fields[1:]])
        fields.pop(0)
    return shorten(fields[0], width)


class ReplayStatus(Widget):
    """The viewer's header: the verification, the file's name last, fitted to the width."""

    versions: reactive[tuple[tuple[str, ...], ...]] = reactive((), layout=False)
    """What the line says, then shorter ways of saying it (`fit_fields`)."""

    def render(self) -> Content:
        if not self.versions:
            return Content()
        return Content(fit_fields(self.versions, self.content_size.width))


class ReplayHand(HandView, can_focus=False):
    """The play screen's hand pane, showing the perspective seat's cards; it never takes
    the focus, so the arrow keys stay the viewer's, and marks no card as selected."""

    SHOWS_SELECTION = False


class ReplayScreen(CoveredFooterScreen[None]):
    """A recorded match, read-only, one event at a time; without a file it asks for one,
    opens it over itself, and asks again when that viewer is closed."""

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #replay-status { height: 1; padding: 0 1; background: $primary-background; color: $text; }
    ReplayScreen #replay-status.-failed { background: $error 40%; }
    ReplayScreen #replay-notes { height: 1; padding: 0 1; color: $warning; text-wrap: nowrap; text-overflow: ellipsis; }
    ReplayScreen #replay-notes.-flag { color: $error; text-style: bold; }
    ReplayScreen #replay-failure { display: none; height: auto; max-height: 4; padding: 0 1; color: $error;
                                   text-style: bold; }
    ReplayScreen #replay-failure.-shown { display: block; }
    ReplayScreen #hand { height: 4; }
    """

    AUTO_FOCUS = None

    BINDINGS = [
        Binding("right", "step(1)", "Event", key_display="←→"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("shift+right", "turn(1)", "Turn", key_display="⇧←→"),
        Binding("shift+left", "turn(-1)", "Turn back", show=False),
        Binding("pagedown", "hand(1)", "Hand", key_display="Pg↑↓"),
        Binding("pageup", "hand(-1)", "Hand back", show=False),
        Binding("home", "home", "Start", show=False),
        Binding("end", "end", "End", show=False),
        Binding("down", "line(1)", "Next line", show=False),
        Binding("up", "line(-1)", "Previous line", show=False),
        Binding("v", "perspective", "View"),
        Binding("b", "branch", "Branch"),
        Binding("a", "analyse", "Analyse", tooltip="What strong would play here, seeing what that seat saw"),
        Binding("q", "close", "Close"),
        # Not Escape: pressed out of habit to dismiss a notice, it lost the place in the match.
        Binding("escape", "dismiss_notices", "Dismiss", show=False),
        Binding("question_mark,f1", "help", "Keys", key_display="?"),
        Binding("space", "play", "Play"),
        # From here on the footer cuts them at 80 columns: `?` lists them, and a click on
        # the timeline or the log goes there too.
        Binding("g", "goto", "Go", tooltip="Go to a hand, turn or event"),
        Binding("n", "moment(1)", "Mark", key_display="n/p", tooltip="The next marked moment"),
        Binding("p", "moment(-1)", "Previous moment", show=False),
        Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+/-", tooltip="Faster (+) or slower (-)"),
        Binding("minus", "speed(-1)", "Slower", show=False),
    ]
    """Every move through the match has a key; the log and the timeline take clicks too."""

    # The screen draws nothing itself: a step repaints the panes that change, not the whole screen.
    position: reactive[int] = reactive(0, init=False, repaint=False)
    """Events folded so far: 0 is the setup, `cursor.end` the last event."""
    seat: reactive[int | None] = reactive(None, init=False, repaint=False)
    """Whose view is shown; None for the audit view (every hand face up)."""
    playing: reactive[bool] = reactive(False, init=False, repaint=False)
    """Whether the replay moves on by itself."""
    speed: reactive[int] = reactive(2, init=False, repaint=False)
    """Index into `SPEEDS`."""

    def __init__(self, recording: Recording | None = None, seat: int | None = None, *, exit_on_close: bool = False) -> None:
        """
        Args:
            recording: the match to show; None opens the file picker first.
            seat: the perspective to start in (None: the audit view).
            exit_on_close: leaving quits the app: the viewer (`unotui replay FILE`), or
                without a recording, the file picker (`unotui replay`).
        """
        super().__init__()
        self.recording = recording
        self.exit_on_close = exit_on_close
        self._stories: dict[int | None, list[LogLine]] = {}
        self._starts: list[int] = []
        self._timer: Timer | None = None
        self._highlighted: tuple[int | None, bool] | None = None
        """The log line last highlighted, and whether the table showed all of it."""
        self._ready = False
        """Whether the widgets are there to be updated."""
        self._notes = ""
        self._analysed = False
        """Whether an analysis is on screen: it is about this position alone."""
        self._shown: dict[int, tuple[object, ...]] = {}
        """What each pane was last given to show, by widget id."""
        self.view: PlayerView | None = None
        """What the table shows now."""
        if recording is not None and seat is not None and 0 <= seat < len(recording.names):
            self.set_reactive(ReplayScreen.seat, seat)
        if recording is not None and not recording.verification.ok:
            self.set_reactive(ReplayScreen.position, recording.cursor.end)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        if self.recording is None:
            yield WholeKeysFooter(compact=True, show_command_palette=False)
            return
        # Names and file names are text, not markup, in these two and in the titles.
        yield ReplayStatus(id="replay-status")
        yield SeatsBar(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                # A seat's view names that seat: in a replay nobody at this screen is "you".
                yield PilePane(second_person=False, id="pile")
                yield Scoreboard(second_person=False, id="scoreboard")
            yield ReplayLog(id="replay-log")
        yield Static(id="replay-notes", markup=False)
        # Why verification stopped, whole (it wraps): shown at the last event it could check.
        failure = self.recording.verification.failure
        yield Static(f"✗ verification stops here: {failure}" if failure else "", id="replay-failure", markup=False)
        yield ReplayHand(id="hand")
        yield AuditHands(id="audit-hands")
        yield TimelineBar(id="timeline")
        yield WholeKeysFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if self.recording is None:
            self._pick()
            return
        self._name_panes()
        timeline = self.query_one(TimelineBar)
        timeline.end = self.recording.cursor.end
        self._ready = True
        self._update_status()
        self._tell()
        self._show()
        # The recording stays for as long as the viewer does: keep its many objects out of
        # the collector's full passes, which would otherwise stall a step for 50-100 ms.
        gc.freeze()

    def on_unmount(self) -> None:
        if self._ready:
            gc.unfreeze()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing until a match is open: keys typed ahead of the picker reach this screen
        while it goes too (closed by the picker, it must not close twice)."""
        return self._ready and super().check_action(action, parameters)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Nothing in the viewer takes the focus: every key moves through the match."""
        self.set_focus(None)

    def _pick(self, current: Path | None = None) -> None:
        """Ask for a file, the cursor on `current` (the one just closed) if it is listed."""
        self.app.push_screen(ReplayPicker(replay_files(getattr(self.app, "save_dir", None)), current), self._picked)

    def _picked(self, path: Path | None) -> None:
        if path is None:
            self._leave()
            return
        try:
            recording = open_recording(path)
        except ReplayError as error:
            self.notify(str(error), severity="error", timeout=8, markup=False)
            self._pick(path)
            return
        # The viewer goes over this screen: closing it comes back to the picker, as a step
        # back from where the file was picked.
        self.app.push_screen(ReplayScreen(recording), lambda _: self._pick(path))

    # ------------------------------------------------------------------ state out

    @property
    def cursor(self) -> ReplayCursor:
        assert self.recording is not None
        return self.recording.cursor

    @property
    def lines(self) -> list[LogLine]:
        """The log as the current perspective tells it."""
        return self._stories.get(self.seat, [])

    def _tell(self) -> None:
        """(Re)write the log for the current perspective; each is told once and kept."""
        assert self.recording is not None
        if self.seat not in self._stories:
            self._stories[self.seat] = tell_story(self.recording, self.seat)
        lines = self._stories[self.seat]
        self._starts = [line.first for line in lines]
        log = self.query_one(ReplayLog)
        log.show_lines([line.text for line in lines])
        who = "all hands" if self.seat is None else f"as {self.names[self.seat]} saw it"
        log.border_title = Content(f"Log · {who} · click a line to go there")
        moments = TimelineBar.moments_for(self.cursor.moments, self.seat is None)
        self.query_one(TimelineBar).marks = tuple(Mark(self.moment_stop(moment), moment.kind) for moment in moments)
        self._highlighted = None

    def _show(self) -> None:
        """Put the table at `position`: fold, view, highlight, annotate."""
        if self.recording is None or not self._ready:
            return
        cursor = self.cursor
        position = self.position
        state = cursor.state_at(position)
        view = view_for(state, self.seat)
        self.view = view
        hand, audit, seats = self.query_one(ReplayHand), self.query_one(AuditHands), self.query_one(SeatsBar)
        # A seat's view is the play screen's layout; the audit view shows every seat, its
        # cards face up, in one pane where the play screen has the seats and the hand.
        if audit.display != (self.seat is None) or hand.display != (self.seat is not None):
            hand.display = seats.display = self.seat is not None
            audit.display = self.seat is None
        pile = self.query_one(PilePane)
        number, turn = cursor.locate(position)
        pile.dealing = number > 0 and turn == 0
        # A widget gets the new view only when what it shows changes: most steps change
        # one or two panes, and re-rendering the others would cost the step its speed.
        panes: list[tuple[Widget, tuple[object, ...]]] = [
            (seats, (view.seat, view.hand_sizes, view.turn, view.phase, view.catchable,
                                        view.uno_said, view.scores)),
            (pile, (view.seat, view.top, view.color, view.direction, view.draw_count, view.phase, view.turn)),
            (self.query_one(Scoreboard), (view.seat, view.scores, view.hand_number)),
        ]
        if self.seat is None:
            panes.append((audit, (view.hands, view.turn, view.phase, view.uno_said, view.catchable, view.scores)))
        else:
            seat = self.seat
            assert self.recording is not None
            hand.owner = possessive(self.names[seat], start=True)
            panes.append((hand, (seat, view.hand, tuple(playable_now(view)), view.uno_said[seat],
                                 view.turn == seat and view.phase is Phase.PLAYING, view.scores[seat])))
        for widget, key in panes:
            if widget.display and self._shown.get(id(widget)) != key:
                self._shown[id(widget)] = key
                widget.view = view  # type: ignore[attr-defined]
        line = self.current_line
        # Stepped into a line event by event, the table shows only part of what it says.
        highlight = (line, line is None or position >= self.lines[line].end)
        if highlight != self._highlighted:
            self.query_one(ReplayLog).mark(*highlight)
            self._highlighted = highlight
        timeline = self.query_one(TimelineBar)
        timeline.position = position
        timeline.place = self.place_words(number, turn)
        timeline.status = self._play_words()
        self._update_notes()

    def place_words(self, hand: int, turn: int) -> str:
        if hand == 0:
            return "before the first deal"
        total = max(self.cursor.hands, default=hand)
        return f"hand {hand} of {total} · turn {turn}" if turn else f"hand {hand} of {total} · dealing"

    def _play_words(self) -> str:
        state = "▶ playing" if self.playing else "paused"
        return f"{state} · {SPEEDS[self.speed]:g} s a line"

    @property
    def current_line(self) -> int | None:
        """The log line the position is in or just after; None before the first."""
        index = bisect.bisect_left(self._starts, self.position) - 1
        return index if index >= 0 else None

    def current_moments(self) -> list[Moment]:
        """The marked moments among the events of the current log line."""
        line = self.current_line
        if line is None:
            return []
        told = self.lines[line]
        return [moment for moment in self.cursor.moments
                if told.first <= moment.event < told.end and (self.seat is None or moment.public)]

    def _update_notes(self) -> None:
        assert self.recording is not None
        notes = self.query_one("#replay-notes", Static)
        moments = self.current_moments()
        parts = [f"{MOMENT_GLYPHS[moment.kind]} {moment.describe(self.recording.names, self.seat)}" for moment in moments]
        text = " · ".join(parts)
        if text != self._notes:
            self._notes = text
            notes.update(text, layout=False)
        notes.set_class(any(moment.kind in FLAGGED for moment in moments), "-flag")
        verification = self.recording.verification
        stopped = not verification.ok and self.position == self.cursor.end
        self.query_one("#replay-failure", Static).set_class(stopped, "-shown")

    def _update_status(self) -> None:
        assert self.recording is not None
        recording = self.recording
        check = recording.verification
        status = self.query_one(ReplayStatus)

        def mark(part: bool | None, applies: bool = True) -> str:
            # ✓ checked and holds, ✗ fails, · not reached (verification stopped before),
            # — nothing in the file to check it against.
            return "✓" if part else "✗" if part is False else "·" if applies else "—"

        # A hand-written script commits to nothing and records no hashes: only its legality is checked.
        # Without records there is no chain: a script's commands are played now, and a file
        # saved before its first move (a branch left at once) holds nothing yet.
        unchained = " (a script)" if recording.script else " (nothing recorded yet)"
        chain = f"{mark(check.chain, check.recorded)} chain" + ("" if check.recorded else unchained)
        parts = [f"{mark(check.commitment, check.committed)} commitment", chain, f"{mark(check.legal)} legality"]
        perspective = "audit view" if self.seat is None else f"{possessive(self.names[self.seat], start=True)} view"
        verdict = [", ".join(parts)]
        if not check.ok:
            verdict.append(f"FAILED at record {check.failed_record}" if check.failed_record is not None else "FAILED")
        records = f"{len(recording.records)} records"
        torn = ["torn tail dropped"] if recording.warnings else []
        origin = recording.header.origin
        branched = [] if origin is None else [f"branched from {origin.file} at record {origin.records}"]
        branch = [] if origin is None else [f"branch of {origin_name(origin.file)}"]
        name = file_name(recording.path)
        # The verdict first and the file's name last, whole: on a narrow line the
        # perspective gives way first (the log's title says it too), then the count of
        # records, then where a branch was made.
        status.versions = (
            (perspective, *verdict, records, *torn, *branched, name),
            (*verdict, records, *torn, *branched, name),
            (*verdict, *torn, *branched, name),
            (*verdict, *torn, *branch, name),
        )
        status.set_class(not check.ok, "-failed")

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as the current perspective reads them (`names_seen_by`): in
        another seat's view the player called You is "Player 1", as the log says."""
        assert self.recording is not None
        return tuple(names_seen_by(self.recording.names, self.seat))

    def _name_panes(self) -> None:
        names = self.names
        for widget in (self.query_one(SeatsBar), self.query_one(PilePane), self.query_one(Scoreboard),
                       self.query_one(AuditHands)):
            widget.names = names

    # ------------------------------------------------------------------ watchers

    def watch_position(self) -> None:
        self._forget_analysis()
        self._show()

    def watch_seat(self) -> None:
        if self.recording is None or not self._ready:
            return
        self._forget_analysis()
        self._name_panes()
        self._update_status()
        self._tell()
        self._show()

    def watch_playing(self, playing: bool) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if playing:
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self._show()

    def watch_speed(self) -> None:
        if self.playing:
            self.watch_playing(True)
        else:
            self._show()

    def _tick(self) -> None:
        if not self.is_active:
            return  # covered by the notice that the terminal is too small: play waits, and goes on after
        if self.position >= self.cursor.end:
            self.playing = False
            return
        self.action_line(1)

    # ------------------------------------------------------------------ moves

    def go(self, position: int) -> None:
        """Stand at `position` (clamped to the match)."""
        self.position = max(0, min(position, self.cursor.end))

    def action_step(self, step: int) -> None:
        """One event on or back, passing over the events after which the screen shows
        nothing new (`shows_nothing_new`): the event count says how far the step went."""
        position = self.position + step
        while 0 < position < self.cursor.end and self.shows_nothing_new(position):
            position += step
        self.go(position)

    def shows_nothing_new(self, position: int) -> bool:
        """Whether the screen at `position` reads as one event before: after an event the
        log does not tell (the shuffle before a deal, a first dealer the rules fix), or a
        turn skipped within the line telling it, seen once the next turn starts."""
        line = self.line_of(position - 1)
        return line is None or (isinstance(self.cursor.events[position - 1], TurnSkipped) and position < line.end)

    def action_turn(self, step: int) -> None:
        stops = self.cursor.turn_stops
        self.go(_next_stop(stops, self.position, step, self.cursor.end))

    def action_hand(self, step: int) -> None:
        stops = sorted(self.cursor.hand_stops.values())
        self.go(_next_stop(stops, self.position, step, self.cursor.end))

    def action_home(self) -> None:
        self.go(0)

    def action_end(self) -> None:
        self.go(self.cursor.end)

    def action_line(self, step: int) -> None:
        """Move to the end of the next (or previous) log line."""
        ends = [line.end for line in self.lines]
        self.go(_next_stop(ends, self.position, step, self.cursor.end))

    def line_of(self, event: int) -> LogLine | None:
        """The log line that tells event `event`, or None when no line tells it (a shuffle)."""
        index = bisect.bisect_right(self._starts, event) - 1
        if index >= 0 and event < self.lines[index].end:
            return self.lines[index]
        return None

    def moment_stop(self, moment: Moment) -> int:
        """Where `n` and `p` take the viewer for a moment: the end of the log line telling
        it, so that the table shows all the highlighted line says."""
        line = self.line_of(moment.event)
        return line.end if line is not None else moment.event + 1

    def action_moment(self, step: int) -> None:
        stops = sorted({mark.stop for mark in self.query_one(TimelineBar).marks})
        target = _next_stop(stops, self.position, step, -1)
        if target < 0 or target == self.position:
            self.notify("No marked moment " + ("after" if step > 0 else "before") + " this point.", severity="information", markup=False)
            return
        self.go(target)

    def action_play(self) -> None:
        if not self.playing and self.position >= self.cursor.end:
            # As on a chess site, play at the end stays there: starting over lost the place.
            self.notify("This is the end of the match: Home goes back to the start.", severity="information",
                        markup=False)
            return
        self.playing = not self.playing

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))

    def action_perspective(self) -> None:
        """Audit view, then each seat's view in turn, then the audit view again."""
        assert self.recording is not None
        players = len(self.recording.names)
        self.seat = 0 if self.seat is None else (self.seat + 1 if self.seat + 1 < players else None)

    def action_goto(self) -> None:
        # Gone before the dialog opens: once the viewer is covered, clearing the
        # notifications clears only the top screen's toasts, and the dialog leaves the
        # viewer's in sight around it.
        self._forget_analysis()
        hand, turn = self.cursor.locate(self.position)

        def chosen(position: int | None) -> None:
            if position is not None:
                self.go(position)

        held = hands_held(self.cursor.hands)
        self.app.push_screen(GoToDialog(held, self.place_words(hand, turn), self.resolve_goto), chosen)

    def resolve_goto(self, text: str) -> int:
        """The position `text` names (see `parse_goto`).

        Raises:
            ValueError: a sentence saying why there is no such place, numbers written as the
                timeline writes them.
        """
        kind, first, second = parse_goto(text)
        cursor = self.cursor
        if kind == "event":
            if not 0 <= first <= cursor.end:
                raise ValueError(f"There is no event {first:,}: the match goes from event 0 to {cursor.end:,}.")
            return first
        target = cursor.hand_start(first)
        if target is None:
            raise ValueError(f"There is no hand {first:,}: {hands_held(cursor.hands)}.")
        if kind == "turn":
            target = cursor.turn_position(first, second)
            if target is None:
                turns = counted(cursor.turns_in(first), "turn")
                raise ValueError(f"Hand {first:,} has no turn {second:,}: it has {turns}.")
        return target

    def goto(self, text: str) -> bool:
        """Go where `text` says (see `parse_goto`); say why not when it can't."""
        try:
            target = self.resolve_goto(text)
        except ValueError as error:
            self.notify(str(error), severity="warning", markup=False)
            return False
        self.go(target)
        return True

    def on_replay_log_line_selected(self, message: ReplayLog.LineSelected) -> None:
        """Selecting a log line jumps to the moment after its events."""
        message.stop()
        self.playing = False
        self.go(self.lines[message.index].end)

    def on_click(self, event: events.Click) -> None:
        timeline = self.query_one(TimelineBar)
        if event.widget is timeline and event.y == 1:
            self.go(timeline.column_position(event.x - 1))

    def on_intended(self, message: Intended) -> None:
        """The table's widgets ask to play; a replay is read-only."""
        message.stop()
        self.notify("This is a replay: press b to branch from here and play on.", severity="information", markup=False)

    def action_analyse(self) -> None:
        """Weigh the move of the seat to act, as `strong` would from what that seat had seen
        (the last whole command's position), and say what was played there."""
        assert self.recording is not None
        self.playing = False
        cursor, names = self.cursor, self.names
        ends = [0, *cursor.record_ends]
        at = ends[bisect.bisect_right(ends, self.position) - 1]
        state = cursor.state_at(at)
        seat = state.turn
        view = view_for(state, seat)
        refusal = no_hint(view, names)
        if refusal is not None:
            self.notify(refusal, severity="information", markup=False)
            return
        name = names[seat]
        if self.seat is not None and self.seat != seat:
            whose = possessive(name)
            self.notify(f"This is {whose} move: weigh it in {whose} view or the audit view (v).",
                        severity="information", markup=False)
            return
        bot = adviser(seat, cursor.setup, visible_events(cursor.events[:at], seat))
        weighed = bot.weigh(view, legal_commands(state, seat), advice_rng(seat, at))
        text = describe_hint(weighed, names, seen=f"what {named(name)} had seen", lead="Strong would",
                             say=command_advised)
        record = bisect.bisect_left(cursor.record_starts, at)
        if record < len(self.recording.records) and cursor.record_starts[record] == at:
            played = self.recording.records[record].command
            if played.seat == seat:
                text += " " + command_done(played, names)
        hand, turn = cursor.locate(at)
        self.notify(text, title=f"{possessive(name, start=True)} move · {self.place_words(hand, turn)}", timeout=20, markup=False)
        self._analysed = True

    def on_screen_suspend(self) -> None:
        # Whatever covers the viewer (the help, a dialog, a branch's table) would have the
        # analysis over it for the rest of its 20 s.
        self._forget_analysis()
    def _forget_analysis(self) -> None:
        """Take the analysis away once the screen has moved on from the move it weighed."""
        if self._analysed:
            self._analysed = False
            self.app.clear_notifications()

    def action_branch(self) -> None:
        assert self.recording is not None
        self.playing = False
        self._forget_analysis()  # before a dialog covers the viewer, as for `g`
        hand, turn = self.cursor.locate(self.position)
        try:
            branch_point(self.recording, self.position)
        except ValueError as error:
            self.notify(f"Can't branch here: {error}.", severity="warning", markup=False)
            return
        if self.seat is not None:
            self.branch(self.seat)
            return

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.branch(seat)

        self.app.push_screen(BranchDialog(self.recording.names, self.place_words(hand, turn)), chosen)

    def branch(self, seat: int) -> Session | None:
        """Start a new match from here with `seat` at this keyboard, and sit down at it."""
        assert self.recording is not None
        save_dir: Path | None = getattr(self.app, "save_dir", None)
        try:
            session = branch_session(self.recording, self.position, seat, save_dir)
        except ValueError as error:
            self.notify(f"Can't branch here: {error}.", severity="warning", markup=False)
            return None
        saved = "saved as you play: Resume and Load find it" if session.table.path is not None else "not saved"
        self.notify(f"A new game from here, {saved}.", title="Branch", markup=False)
        # Over the viewer, which stays where it is: leaving the table comes back here.
        opener = getattr(self.app, "open_table", None)
        if callable(opener):
            opener(session, from_replay=True)
        else:
            from .table import TableScreen

            self.app.push_screen(TableScreen(session, from_replay=True))
        return session

    def action_help(self) -> None:
        from .help import ReplayHelpScreen

        # The help covers the table: the match waits for its reader, as for an analysis.
        self.playing = False
        self.app.push_screen(ReplayHelpScreen())

    def action_dismiss_notices(self) -> None:
        """Take every notice away, the analysis with them; the viewer stays."""
        self._analysed = False
        self.app.clear_notifications()

    def action_close(self) -> None:
        self.playing = False
        self._leave()

    def _leave(self) -> None:
        """Go back where this screen was opened from: the shell for `exit_on_close`."""
        if self.exit_on_close:
            self.app.exit()
        else:
            self.dismiss()


def _next_stop(stops: Sequence[int], position: int, step: int, end: int) -> int:
    """The first stop after `position` (step > 0) or the last before it; when there is
    none, `end` going forward and 0 going back (or -1 both ways when `end` is -1).

    >>> _next_stop([5, 9], 5, 1, 20), _next_stop([5, 9], 5, -1, 20), _next_stop([5, 9], 9, 1, -1)
    (9, 0, -1)
    """
    if step > 0:
        index = bisect.bisect_right(stops, position)
        return stops[index] if index < len(stops) else end
    index = bisect.bisect_left(stops, position) - 1
    if index >= 0:
        return stops[index]
    return -1 if end < 0 else 0


# ------------------------------------------------------------------------- entry point


class ReplayApp(UnoApp):
    """The app opened on the viewer, or on the file picker without a file; closing it
    leaves the app. The title screen is behind it, where a branch's New match goes."""

    CSS_PATH = str(Path(__file__).resolve().parents[1] / "unotui.tcss")
    """The app's own style sheet (a relative path would be looked up beside this module)."""

    def __init__(self, recording: Recording | None, seat: int | None = None, save_dir: Path | None = None) -> None:
        super().__init__(save_dir)
        self.recording = recording
        """The match to show; None opens the file picker."""
        self.seat = seat

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        # The event is taken to stop `UnoApp.on_mount` from also pushing its own screens.
        event.prevent_default()
        from .title import TitleScreen

        self.push_screen(TitleScreen())
        self.push_screen(ReplayScreen(self.recording, self.seat, exit_on_close=True))


def run_replay(args: argparse.Namespace) -> int:
    """`unotui replay [FILE] [--seat N]`: the viewer on a file, or the picker without one."""
    from unotui.record.run import EXIT_FAILED

    from ..launch import LaunchError, saves_folder

    recording: Recording | None = None
    seat: int | None = getattr(args, "seat", None)
    path = getattr(args, "file", None)
    if path is None and seat is not None:
        # The picker opens every file it lists in the audit view: the seat would go unused.
        print(f"unotui replay: --seat {seat}: name a FILE to view as a seat "
              "(a file picked from the list opens with all hands shown)", file=sys.stderr)
        return 2
    try:
        save_dir = saves_folder(args)
    except LaunchError as error:
        print(f"unotui replay: {error}", file=sys.stderr)
        return 2
    if path is not None:
        try:
            recording = open_recording(path)
        except ReplayError as error:
            print(f"unotui replay: {error}", file=sys.stderr)
            return EXIT_FAILED
        if seat is not None and not 0 <= seat < len(recording.names):
            print(f"unotui replay: --seat {seat}: the match has seats 0 to {len(recording.names) - 1}", file=sys.stderr)
            return 2
    ReplayApp(recording, seat, save_dir).run()
    return 0
