"""The replay viewer, driven by Pilot: every navigation key, perspectives, the log as index,
marked moments, a tampered file, branching, the picker and the command line."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec
import pytest
from replay_matches import own_match, three_player_match, write_match
from tui_support import screen_text

from unotui.cli import main
from textual.widgets import Button, Input, OptionList, Static

from unotui.engine import AcceptDrawFour, CardPlayed, Color, DrawCard, HandEnded, Phase, view_for
from unotui.record import encode_msgpack, list_saves, read_replay, rebuild
from unotui.record.replay_cursor import MomentKind, Recording, open_recording, recording_of
from unotui.tui.screens.replay import (
    SPEEDS,
    BranchDialog,
    GoToDialog,
    ReplayApp,
    ReplayHand,
    ReplayPicker,
    ReplayScreen,
    ReplayStatus,
    branch_session,
    parse_goto,
    replay_files,
    tell_story,
)
from unotui.tui.screens.table import TableScreen
from unotui.tui.widgets import GameLog, Scoreboard, SeatsBar
from unotui.tui.widgets.audit_hands import AuditHands
from unotui.tui.widgets.replay_log import ReplayLog
from unotui.tui.widgets.timeline import MOMENT_GLYPHS, TimelineBar

SIZE = (120, 40)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def recording() -> Recording:
    return recording_of(three_player_match(), "three-players.uno")


def viewer(app: ReplayApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def viewer_beneath(app: ReplayApp) -> ReplayScreen:
    """The viewer under the dialog on top."""
    screen = app.screen_stack[-2]
    assert isinstance(screen, ReplayScreen)
    return screen


def playhead(timeline: TimelineBar) -> tuple[int, str]:
    """The bar's one cell drawn in reverse video once colour is taken away, and its glyph."""
    from textual.color import Color as ScreenColor
    from textual.filter import NoColor

    strip = timeline.render_line(1)
    assert strip.cell_length == timeline.bar_width
    cells = [(character, segment.style) for segment in NoColor().apply(list(strip), ScreenColor.parse("black"))
             for character in segment.text]
    [column] = [column for column, (_, style) in enumerate(cells) if style is not None and style.reverse]
    return column, cells[column][0]


class TestNavigation:
    """Each key moves where it says."""

    async def test_right_and_left_step_one_event(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            assert screen.position == 0
            await pilot.press("right", "right")
            assert screen.position == 2
            await pilot.press("right")
            assert screen.position == 4, "past the shuffle before the deal"
            await pilot.press("left")
            assert screen.position == 2
            await pilot.press("left", "left", "left")
            assert screen.position == 0

    @pytest.mark.parametrize(("name", "steps"), [("script-skip-and-draw.uno.json", 19), ("four-players-to-500.uno", 80)])
    async def test_every_step_shows_something_new(self, name: str, steps: int) -> None:
        """A step showed the screen as it was after the shuffle before each deal (events 2
        to 3 in four-players-to-500.uno), the script's first dealer, fixed by its rules
        (0 to 1), and a turn skipped before the next turn started."""
        async with ReplayApp(open_recording(ROOT / "replays" / name)).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            log = screen.query_one(ReplayLog)

            def shown() -> tuple[list[str], int | None, bool]:
                """The screen as it reads but for the timeline, whose count always moves,
                and how the log marks its current line (bold or italics)."""
                return screen_text(pilot.app).splitlines()[:-3], log.current, log.done

            visited, before = [0], shown()
            while screen.position < steps:
                await pilot.press("right")
                await pilot.pause()
                assert shown() != before, screen.position
                visited.append(screen.position)
                before = shown()
            assert len(visited) < steps, "events that show nothing are passed over"
            for position in reversed(visited[:-1]):
                await pilot.press("left")
                assert screen.position == position

    @pytest.mark.parametrize("seat", [0, 1, 2])
    async def test_a_seat_steps_through_a_deal_event_by_event(self, recording: Recording, seat: int) -> None:
        # Between the deal and the start card no card lies on the pile: nothing plays on it.
        first_turn = recording.cursor.turn_stops[0]
        async with ReplayApp(recording, seat).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            for position in range(1, first_turn + 2):
                if screen.shows_nothing_new(position):  # the shuffle: the step passes over it
                    continue
                await pilot.press("right")
                assert screen.position == position and screen.view is not None and screen.view.seat == seat
                assert screen.view.playable == () or screen.view.top is not None

    async def test_shift_arrows_step_one_turn(self, recording: Recording) -> None:
        stops = recording.cursor.turn_stops
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("shift+right")
            assert screen.position == stops[0]
            await pilot.press("shift+right", "shift+right")
            assert screen.position == stops[2]
            await pilot.press("right", "shift+left")
            assert screen.position == stops[2]
            await pilot.press("shift+left")
            assert screen.position == stops[1]

    async def test_page_keys_step_one_hand(self, recording: Recording) -> None:
        cursor = recording.cursor
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("pagedown")
            assert screen.position == cursor.hand_start(1)
            await pilot.press("pagedown")
            assert screen.position == cursor.hand_start(2)
            assert cursor.locate(screen.position) == (2, 1)
            await pilot.press("right", "pageup")
            assert screen.position == cursor.hand_start(2)
            await pilot.press("pageup")
            assert screen.position == cursor.hand_start(1)

    async def test_home_and_end(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("end")
            assert screen.position == recording.cursor.end
            assert screen.view is not None and screen.view.phase is Phase.MATCH_OVER
            await pilot.press("right")
            assert screen.position == recording.cursor.end
            await pilot.press("home")
            assert screen.position == 0 and screen.view is not None and screen.view.phase is Phase.NEW

    async def test_up_and_down_step_one_log_line(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("down", "down")
            assert screen.position == screen.lines[1].end
            assert screen.current_line == 1
            assert pilot.app.screen.query_one(ReplayLog).current == 1
            await pilot.press("up")
            assert screen.position == screen.lines[0].end and screen.current_line == 0

    async def test_g_goes_to_a_hand_a_turn_or_an_event(self, recording: Recording) -> None:
        cursor = recording.cursor
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("g")
            assert isinstance(pilot.app.screen, GoToDialog)
            await pilot.press(*"2.5", "enter")
            assert pilot.app.screen is screen
            assert screen.position == cursor.turn_position(2, 5)
            assert cursor.locate(screen.position) == (2, 5)
            await pilot.press("g", "3", "enter")
            assert screen.position == cursor.hand_start(3)
            await pilot.press("g", *"#77", "enter")
            assert screen.position == 77
            await pilot.press("g", *"99", "enter")
            assert screen.position == 77, "no hand 99: the viewer stays and says so"
            await pilot.press("escape")
            assert pilot.app.screen is screen and screen.position == 77

    async def test_g_in_a_file_that_starts_at_a_later_hand_names_the_hands_it_holds(self, recording: Recording,
                                                                                     tmp_path: Path) -> None:
        from tui_support import dialog_text

        from unotui.tui.screens.replay import branch_session

        branched = branch_session(recording, recording.cursor.turn_position(3, 2) or 0, 0, None)
        path = branched.table.save_as(tmp_path / "branched.uno")
        async with ReplayApp(open_recording(path)).run_test(size=SIZE, notifications=True) as pilot:
            await pilot.press("g")
            assert dialog_text(pilot.app) == "Go to… Now at hand 3 of 3 · turn 1; the file holds hand 3 only."
            await pilot.press("1", "enter")
            dialog = pilot.app.screen
            assert isinstance(dialog, GoToDialog) and dialog.error == "There is no hand 1: the file holds hand 3 only."

    async def test_g_keeps_a_refused_place_in_the_dialog_with_the_reason(self, recording: Recording) -> None:
        """A refused place closed the dialog, the text typed lost, the reason in a notice."""
        cursor = recording.cursor
        turns = sum(1 for stop in cursor.turn_stops if cursor.locate(stop)[0] == 2)
        async with ReplayApp(recording).run_test(size=SIZE, notifications=True) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("g", *"2.999", "enter")
            dialog = pilot.app.screen
            assert isinstance(dialog, GoToDialog) and dialog.query_one(Input).value == "2.999"
            assert dialog.error == f"Hand 2 has no turn 999: it has {turns} turns."
            assert not pilot.app._notifications
            await pilot.press(*["backspace"] * 3, *"5", "enter")
            assert pilot.app.screen is screen and screen.position == cursor.turn_position(2, 5)
            await pilot.press("g", *"#99999", "enter")
            dialog = pilot.app.screen
            assert isinstance(dialog, GoToDialog)
            assert dialog.error == f"There is no event 99,999: the match goes from event 0 to {cursor.end:,}."
            await pilot.press("escape")
            # The timeline writes an event number with commas: so may the reader.
            await pilot.press("g", *"#1,000", "enter")
            assert pilot.app.screen is screen and screen.position == 1000

    async def test_g_before_the_first_deal_says_so_as_a_sentence(self, recording: Recording) -> None:
        from tui_support import dialog_text

        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            await pilot.press("g")
            assert dialog_text(pilot.app) == "Go to… Now before the first deal; the match has 6 hands."
            await pilot.press(*"next", "enter")
            dialog = pilot.app.screen
            assert isinstance(dialog, GoToDialog)
            assert dialog.error == "'next': write a hand (3), a hand and turn (3.12) or an event (#400)."

    async def test_g_with_its_place_and_enter_in_one_burst_goes_there(self, recording: Recording) -> None:
        # As a terminal hands over `g2.5⏎` typed fast or sent by a script: the digits came
        # before the dialog's line had the focus, and only the Enter reached it.
        from textual.events import Key

        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            for key, character in [("g", "g"), ("2", "2"), ("full_stop", "."), ("5", "5"), ("enter", None)]:
                pilot.app.post_message(Key(key, character))
            for _ in range(4):
                await pilot.pause()
            assert pilot.app.screen is screen and screen.position == recording.cursor.turn_position(2, 5)

    async def test_space_plays_and_pauses_and_plus_minus_change_the_speed(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            start = screen.speed
            await pilot.press("minus")
            assert screen.speed == start - 1
            await pilot.press(*["plus"] * len(SPEEDS))
            assert screen.speed == len(SPEEDS) - 1
            await pilot.press("space")
            assert screen.playing
            await pilot.pause(0.4)
            await pilot.press("space")
            assert not screen.playing
            moved = screen.position
            assert moved >= screen.lines[1].end
            await pilot.pause(0.2)
            assert screen.position == moved

    async def test_space_at_the_end_stays_there_and_says_so(self, recording: Recording) -> None:
        """Space at the end started over from event 0 without a word."""
        async with ReplayApp(recording).run_test(size=SIZE, notifications=True) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("end", "space")
            await pilot.pause(0.3)
            assert screen.position == recording.cursor.end and not screen.playing
            assert [note.message for note in pilot.app._notifications] == [
                "This is the end of the match: Home goes back to the start."]

    async def test_n_and_p_jump_between_marked_moments(self, recording: Recording) -> None:
        moments = recording.cursor.moments
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("n")
            first = screen.moment_stop(moments[0])
            assert first > moments[0].event and screen.position == first
            await pilot.press("n")
            second = next(stop for m in moments if (stop := screen.moment_stop(m)) > first)
            assert screen.position == second
            await pilot.press("p")
            assert screen.position == first
            await pilot.press("end", "n")
            assert screen.position == recording.cursor.end, "no moment after the end: it stays"

    async def test_n_lands_where_the_table_shows_all_the_highlighted_line_says(self) -> None:
        """`n` stood just after a moment's event: on a bluff, the line said the colour was
        named while the pile said "colour: to be named"; on a catch, the catch was told
        while the caught player still held one card."""
        four = open_recording(ROOT / "replays" / "four-players-to-500.uno")
        async with ReplayApp(four).run_test(size=(80, 24)) as pilot:
            screen = viewer(pilot.app)
            log = screen.query_one(ReplayLog)
            for _ in range(12):
                await pilot.press("n")
                line = screen.current_line
                assert line is not None and screen.position == screen.lines[line].end
                assert log.current == line and log.done
            await pilot.press("home", "n")
            assert "plays w+4 (a bluff) and names yellow" in screen.lines[screen.current_line or 0].text
            assert screen.view is not None and screen.view.color is Color.YELLOW

    async def test_a_line_stepped_into_event_by_event_shows_as_in_progress(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            log = screen.query_one(ReplayLog)
            index, line = next((i, line) for i, line in enumerate(screen.lines) if line.end - line.first > 1)
            screen.go(line.first)
            await pilot.pause()
            await pilot.press("right")
            assert screen.current_line == log.current == index and not log.done
            in_progress = log._style_for(index, line.text)
            for _ in range(line.end - line.first - 1):
                await pilot.press("right")
            assert screen.position == line.end and log.current == index and log.done
            assert log._style_for(index, line.text) != in_progress
            assert in_progress.italic and not in_progress.bold and log._style_for(index, line.text).bold

    async def test_every_hand_end_shows_on_the_bar_over_other_moments(self, recording: Recording) -> None:
        # A catch at a hand's last card drew its `U` over the hand's end.
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            timeline = viewer(pilot.app).query_one(TimelineBar)
            width = timeline.bar_width
            bar = "".join(segment.text for segment in timeline.render_line(1))
            ends = {timeline._column(mark.stop, width) for mark in timeline.marks if mark.kind is MomentKind.HAND_END}
            assert len(ends) > 1 and all(bar[column] == "┃" for column in ends)

    @pytest.mark.parametrize("name", ["script-skip-and-draw.uno.json", "four-players-to-500.uno"])
    async def test_the_playhead_is_seen_without_colour_and_at_the_end_at_the_right_edge(self, name: str) -> None:
        """The script's End stood three cells short of the edge; on a mark (the last hand's
        end, at the four players' End) the playhead was a background colour alone, unseen
        without colour."""
        async with ReplayApp(open_recording(ROOT / "replays" / name)).run_test(size=(80, 24)) as pilot:
            screen = viewer(pilot.app)
            timeline = screen.query_one(TimelineBar)
            await pilot.press("end")
            assert playhead(timeline) == (timeline.bar_width - 1, "●")
            await pilot.press("home")
            assert playhead(timeline) == (0, "●")
            ends = [mark.stop for mark in timeline.marks if mark.kind is MomentKind.HAND_END]
            if ends:  # the script's hand doesn't end
                screen.go(ends[-1])
                await pilot.pause()
                assert playhead(timeline)[1] == "┃"

    @pytest.mark.parametrize("size", [(100, 30), (120, 40)])
    async def test_a_mark_on_the_bar_stands_where_n_and_p_go_and_a_click_on_it_goes_there(
            self, size: tuple[int, int]) -> None:
        """A click on the first ⚑ went to event 44, the first event of its cell, though the
        bluff is told by events 46-48 and `n` goes to 48; the playhead showed the mark
        anywhere in its cell, as if the moment were on the table, and a bluff in a hand
        end's cell never showed."""
        four = open_recording(ROOT / "replays" / "four-players-to-500.uno")
        async with ReplayApp(four).run_test(size=size) as pilot:
            screen = viewer(pilot.app)
            timeline = screen.query_one(TimelineBar)
            stops: list[int] = []
            await pilot.press("n")
            while screen.position not in stops:  # `n` after the last moment stays there
                stops.append(screen.position)
                await pilot.press("n")
            marks = [(screen.moment_stop(moment), moment.kind) for moment in four.cursor.moments]
            assert sorted({stop for stop, _ in marks}) == stops

            def glyphs_at(stop: int) -> set[str]:
                return {MOMENT_GLYPHS[kind] for at, kind in marks if at == stop}

            bar = "".join(segment.text for segment in timeline.render_line(1))
            for column, glyph in enumerate(bar):
                if glyph != "─":
                    await pilot.click(TimelineBar, offset=(1 + column, 1))
                    assert screen.position in stops and glyph in glyphs_at(screen.position), column
                    assert playhead(timeline) == (column, glyph)
            under_hand_ends: set[str] = set()
            for stop in stops:
                screen.go(stop)
                await pilot.pause()
                column, glyph = playhead(timeline)
                assert glyph in glyphs_at(stop)
                if bar[column] == "┃":
                    under_hand_ends.add(glyph)
                if stop - 1 not in stops:
                    # Short of the stop the moment isn't on the table yet: the playhead is no mark.
                    screen.go(stop - 1)
                    await pilot.pause()
                    assert playhead(timeline)[1] == "●", stop
            if size == (120, 40):
                assert "⚑" in under_hand_ends, "at 118 cells a bluff shares the cell of a hand's end"

    async def test_a_click_on_the_timeline_goes_there(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            timeline = screen.query_one(TimelineBar)
            await pilot.click(TimelineBar, offset=(1 + timeline.size.width // 2, 1))
            expected = timeline.column_position(timeline.size.width // 2)
            assert screen.position == expected and 0 < expected < recording.cursor.end


class TestHelp:
    """`?` lists every key, where the footer has room for the first few."""

    # How the help writes each key: a key bound in the viewer and missing here is undocumented.
    SHOWN_AS = {"right": "→", "left": "←", "shift+right": "⇧→", "shift+left": "⇧←", "pagedown": "PgDn",
                "pageup": "PgUp", "home": "Home", "end": "End", "down": "↓", "up": "↑", "n": "n", "p": "p",
                "g": "g", "space": "space", "plus": "+", "minus": "-", "v": "v", "b": "b", "a": "a",
                "q": "q", "escape": "Esc", "question_mark": "?"}

    def test_the_help_names_every_key_of_the_viewer(self) -> None:
        from textual.binding import Binding

        from unotui.tui.screens.help import REPLAY_KEYS

        keys_column = [line[:17].split() for line in REPLAY_KEYS.splitlines() if line.startswith("  ")]
        listed = {key for row in keys_column for key in row}
        for binding in ReplayScreen.BINDINGS:
            assert isinstance(binding, Binding)
            first = binding.key.split(",")[0]
            assert self.SHOWN_AS[first] in listed, first

    @pytest.mark.parametrize("width", [80, 100, 120])
    async def test_the_help_wraps_its_paragraphs_to_the_width(self, recording: Recording, width: int) -> None:
        """At 80 columns a paragraph broke early, written on lines for 90 columns and wrapped
        again: "…all it tells, and" / "in italics while" / "→ ← step through…"."""
        from unotui.tui.widgets.wrapped import WrappedText

        async with ReplayApp(recording).run_test(size=(width, 30)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            text = pilot.app.screen.query_one(WrappedText)
            room = text.content_region.width
            lines = str(text.content).splitlines()
            for opening in ("The current line", "The same mark"):
                first = next(index for index, line in enumerate(lines) if line.strip().startswith(opening))
                rows = [lines[first]]
                for line in lines[first + 1:]:
                    if not line.strip():
                        break
                    rows.append(line)
                for row, following in zip(rows, rows[1:]):
                    assert len(row) + 1 + len(following.lstrip(" ").split(" ")[0]) > room, (row, following)
                    assert not row.endswith("→"), "a key pair stays on one line"

    async def test_the_footer_shows_whole_keys_at_any_width(self, recording: Recording) -> None:
        """At 100 columns the footer showed "+/- Fa", at 83 "g G": a key that does not fit
        is left out whole, and comes back when the terminal grows."""
        async with ReplayApp(recording).run_test(size=(160, 30)) as pilot:
            await pilot.pause()
            every_key = screen_text(pilot.app).splitlines()[-1].rstrip()
            assert every_key.endswith("+/- Speed")
            for width in (83, 100, 119, 160):
                await pilot.resize_terminal(width, 30)
                await pilot.pause()
                footer = screen_text(pilot.app).splitlines()[-1].rstrip()
                assert every_key.startswith(footer) and every_key[len(footer):][:1] in ("", " "), (width, footer)
                assert "space Play" in footer and (width < 160 or footer == every_key)

    async def test_escape_dismisses_a_notice_and_leaves_the_viewer_open(self, recording: Recording) -> None:
        """Escape closed the replay at once, losing the place: pressed out of habit to dismiss
        a notice. q closes it."""
        async with ReplayApp(recording).run_test(size=(80, 24), notifications=True) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("pagedown", "v", "a")  # Ada's view, on Bo's move: a notice says so
            await pilot.pause()
            assert pilot.app._notifications
            position = screen.position
            await pilot.press("escape")
            await pilot.pause()
            assert pilot.app.is_running and pilot.app.screen is screen and screen.position == position
            assert not pilot.app._notifications
            footer = screen_text(pilot.app).splitlines()[-1]
            assert "q Close" in footer and "Esc" not in footer
            await pilot.press("q")
            await pilot.pause()
            assert not pilot.app.is_running

    async def test_question_mark_opens_the_keys_and_marks_and_closes_them(self, recording: Recording) -> None:
        from unotui.tui.screens.help import ReplayHelpScreen
        from unotui.tui.widgets.timeline import LEGEND

        async with ReplayApp(recording).run_test(size=(80, 24)) as pilot:
            footer = screen_text(pilot.app).splitlines()[-1]
            # Every key shown is shown whole: the footer cut `space Play` to "spa".
            assert "q Close" in footer and "? Keys" in footer and footer.rstrip().endswith("space Play")
            await pilot.press("space", "question_mark")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayHelpScreen)
            assert not viewer_beneath(pilot.app).playing  # the match waits while the help is read
            assert LEGEND in pilot.app.screen.text and "branch" in screen_text(pilot.app)
            position = viewer_beneath(pilot.app).position
            await pilot.press("question_mark")
            await pilot.pause()
            assert viewer(pilot.app).position == position


class TestPerspective:
    """All hands, or what one seat saw."""

    async def test_v_cycles_from_the_audit_view_through_every_seat(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("pagedown")
            assert screen.seat is None and screen.view is not None and screen.view.hands is not None
            assert screen.query_one(AuditHands).display and not screen.query_one(ReplayHand).display
            await pilot.press("v")
            assert screen.seat == 0 and screen.view is not None and screen.view.hands is None
            assert screen.query_one(ReplayHand).view == screen.view
            assert screen.query_one(SeatsBar).display and not screen.query_one(AuditHands).display
            await pilot.press("v", "v")
            assert screen.seat == 2
            await pilot.press("v")
            assert screen.seat is None

    async def test_the_audit_view_says_when_a_hand_is_empty(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            rows = str(screen.query_one(AuditHands).render()).splitlines()
            assert len(rows) == 3 and all(row.endswith("pts · no cards") for row in rows), "before the deal"
            ended = next(i for i, event in enumerate(recording.cursor.events) if isinstance(event, HandEnded))
            screen.go(ended + 1)
            await pilot.pause()
            rows = str(screen.query_one(AuditHands).render()).splitlines()
            assert sum(row.endswith("pts · no cards") for row in rows) == 1, "the player who went out"

    async def test_a_seat_sees_no_bluff_and_only_its_own_cards(self, recording: Recording) -> None:
        bluff = next(m for m in recording.cursor.moments if m.kind is MomentKind.BLUFF)
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            screen.go(bluff.event + 1)
            await pilot.pause()
            assert any(m.kind is MomentKind.BLUFF for m in screen.current_moments())
            assert "bluff" in screen.lines[screen.current_line or 0].text
            await pilot.press("v")
            assert screen.position == bluff.event + 1
            assert not any(m.kind is MomentKind.BLUFF for m in screen.current_moments())
            assert all("bluff" not in line.text for line in screen.lines)
            assert MomentKind.BLUFF not in {mark.kind for mark in screen.query_one(TimelineBar).marks}

    async def test_seat_option_opens_in_that_view(self, recording: Recording) -> None:
        async with ReplayApp(recording, seat=1).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            assert screen.seat == 1 and screen.view is not None and screen.view.seat == 1


    async def test_a_seat_view_names_the_seat_in_every_pane(self, recording: Recording) -> None:
        """Nobody at a replay is "you": the pile, the hand and the scoreboard name the seat alike."""
        name = recording.names[1]
        cursor = recording.cursor
        own_turn = next(stop for stop in cursor.turn_stops
                        if (state := view_for(cursor.state_at(stop), 1)).turn == 1 and state.phase is Phase.PLAYING)
        async with ReplayApp(recording, seat=1).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            screen.go(own_turn)
            await pilot.pause()
            pile = str(screen.query_one("#pile-info", Static).content)
            assert f"{name}'s turn" in pile and "your turn" not in pile
            assert f"{name}'s turn" in str(screen.query_one(ReplayHand).border_title)
            board = screen.query_one(Scoreboard).render()
            assert name in board and "You" not in board

    async def test_a_seat_that_went_out_has_no_uno_said_in_its_hand_title(self, recording: Recording) -> None:
        """At the match's end the winner's title said "0 cards · … · UNO said"."""
        cursor = recording.cursor
        winner = cursor.state_at(cursor.end).hands.index([])
        assert cursor.state_at(cursor.end).uno_said[winner], "UNO said with the second-to-last card"
        async with ReplayApp(recording, seat=winner).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("end")
            title = str(screen.query_one(ReplayHand).border_title)
            assert " 0 cards" in title and "UNO" not in title

    async def test_while_a_hand_is_dealt_the_pile_names_the_dealer_not_a_turn(self, recording: Recording) -> None:
        cursor = recording.cursor
        first_turn = cursor.hand_start(1)
        assert first_turn is not None and cursor.locate(first_turn - 1) == (1, 0)
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            screen.go(first_turn - 1)
            await pilot.pause()
            state = cursor.state_at(first_turn - 1)
            pile = str(screen.query_one("#pile-info", Static).content)
            assert pile.endswith(f"{recording.names[state.dealer]} deals") and "turn" not in pile
            screen.go(first_turn)
            await pilot.pause()
            turn = cursor.state_at(first_turn).turn
            assert str(screen.query_one("#pile-info", Static).content).endswith(f"{recording.names[turn]}'s turn")

    async def test_the_dealer_is_named_before_the_start_card_is_turned(self, recording: Recording) -> None:
        """From the hand's start to its start card the pile said "no card" and nothing else."""
        cursor = recording.cursor
        first_turn = cursor.hand_start(1)
        assert first_turn is not None
        dealing = [position for position in range(first_turn) if cursor.locate(position) == (1, 0)]
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            for position in dealing:
                screen.go(position)
                await pilot.pause()
                state = cursor.state_at(position)
                pile = str(screen.query_one("#pile-info", Static).content)
                assert pile.endswith(f"{recording.names[state.dealer]} deals"), (position, pile)
                if state.discard:
                    continue
                assert str(screen.query_one("#top-card", Static).content) == "no card"
                assert f"{len(state.draw)} to draw" in pile


class TestLogIndex:
    """The log pane is the index."""

    async def test_a_click_on_a_log_line_jumps_there_and_highlights_it(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            log = screen.query_one(ReplayLog)
            target = log.line_at(5)
            assert target is not None
            await pilot.click(ReplayLog, offset=(4, 6))
            assert screen.position == screen.lines[target].end
            assert log.current == target == screen.current_line

    async def test_stepping_moves_the_highlight_with_the_events(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("pagedown", "pagedown", "pagedown")
            line = screen.lines[screen.current_line or 0]
            assert line.first < screen.position
            log = screen.query_one(ReplayLog)
            assert log.current == screen.current_line
            top = log.scroll_offset.y
            assert top <= log.row_of(log.current or 0) < top + log.scrollable_content_region.height


class TestAudit:
    """Flags, the verify status, tampered files."""

    async def test_a_bluff_and_a_missed_uno_are_flagged(self, recording: Recording) -> None:
        cursor = recording.cursor
        bluff = next(m for m in cursor.moments if m.kind is MomentKind.BLUFF)
        missed = next(m for m in cursor.moments if m.kind is MomentKind.MISSED_UNO)
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            for moment, words in ((bluff, "illegal Wild Draw Four"), (missed, "nobody catches it")):
                screen.go(moment.event + 1)
                await pilot.pause()
                notes = screen.query_one("#replay-notes")
                assert words in str(notes.render()) and notes.has_class("-flag")
                assert screen.lines[screen.current_line or 0].text.startswith(MOMENT_GLYPHS[moment.kind])

    async def test_a_mark_means_the_same_in_the_log_the_notes_and_the_timeline(self, recording: Recording) -> None:
        """The log's margin and the notes line put ⚑, the timeline's bluff, on missed UNOs
        too, and marked other moments with a • that nothing explained."""
        from unotui.tui.screens.help import REPLAY_KEYS

        cursor = recording.cursor
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            for kind in MomentKind:
                moment = next(m for m in cursor.moments if m.kind is kind)
                screen.go(moment.event + 1)
                await pilot.pause()
                glyph = MOMENT_GLYPHS[kind]
                line = screen.lines[screen.current_line or 0].text
                notes = str(screen.query_one("#replay-notes").render())
                assert f"{glyph} {moment.describe(recording.names)}" in notes, kind
                # A line telling two moments carries the first of them in this order, a flag first.
                order = [MomentKind.BLUFF, MomentKind.MISSED_UNO, MomentKind.CHALLENGE, MomentKind.CATCH,
                         MomentKind.RESHUFFLE, MomentKind.HAND_END]
                first = min((m.kind for m in screen.current_moments()), key=order.index)
                assert line[:2] == f"{MOMENT_GLYPHS[first]} ", kind
            margins = {line.text[:2] for line in screen.lines}
            assert margins <= {"  ", *(f"{glyph} " for glyph in MOMENT_GLYPHS.values())}
        assert "the log's margin" in REPLAY_KEYS

    async def test_the_header_shows_the_verify_status(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            status = str(viewer(pilot.app).query_one("#replay-status").render())
            assert "✓ commitment, ✓ chain, ✓ legality" in status

    @pytest.mark.parametrize("size", [(80, 24), (100, 30)])
    @pytest.mark.parametrize(("name", "verdict"), [
        ("four-players-to-500.uno", "✓ legality"), ("script-skip-and-draw.uno.json", "(a script), ✓ legality"),
        ("ten-players-one-hand.uno", "✓ legality"), ("four-players-to-500-damaged.uno", "✗ chain"),
        ("friday-night-with-the-whole-family-at-grandmas-house-2026.uno", "✓ commitment"),
        ("autosave", "✓ legality · branch"),
    ])
    async def test_the_header_ends_with_the_whole_file_name(self, recording: Recording, tmp_path: Path, name: str,
                                                            verdict: str, size: tuple[int, int]) -> None:
        """The line was cut at its end, the file's name with it: `… · 896 records ·
        four-players-t…`, `… · FAILED at record 15 · 15 rec…`, `… · branched from fo…`."""
        from unotui.tui.entries import file_name

        if name == "autosave":  # a branch, a few moves into it
            table = branch_session(recording, recording.cursor.turn_position(3, 2) or 0, 0, tmp_path).table
            for _ in range(5):
                table.submit(table.legal_commands(table.state.turn)[0])
            table.close()
            assert table.path is not None
            path = table.path
        else:
            sample = ROOT / "replays" / name
            data = bytearray((sample if sample.exists() else ROOT / "replays" / "four-players-to-500.uno").read_bytes())
            if "damaged" in name:
                data[5000] ^= 1  # a bit flipped in record 16
            path = tmp_path / name
            path.write_bytes(bytes(data))
        async with ReplayApp(open_recording(path)).run_test(size=size) as pilot:
            status = viewer(pilot.app).query_one("#replay-status")
            shown = "".join(segment.text for segment in status.render_line(0)).strip()
            assert shown.endswith(f" · {file_name(path)}") and verdict in shown, shown
            assert "FAILED at record 16" in shown or "damaged" not in name

    async def test_a_tampered_file_opens_at_its_first_bad_record_with_the_reason(self, tmp_path: Path) -> None:
        replay = three_player_match()
        records = list(replay.records)
        index = next(i for i in range(60, len(records)) if isinstance(records[i].events[0], CardPlayed))
        played = records[index].events[0]
        assert isinstance(played, CardPlayed)
        forged = msgspec.structs.replace(played, seat=(played.seat + 1) % 3)
        records[index] = msgspec.structs.replace(records[index], events=(forged, *records[index].events[1:]))
        path = tmp_path / "forged.uno"
        path.write_bytes(encode_msgpack(msgspec.structs.replace(replay, records=tuple(records))))
        forged_recording = open_recording(path)
        async with ReplayApp(forged_recording).run_test(size=(80, 24)) as pilot:
            screen = viewer(pilot.app)
            assert screen.position == forged_recording.cursor.end
            assert len(forged_recording.records) == index
            # At the narrowest supported width the verdict is in sight, not cut off.
            status = pilot.app.screen.get_widget_at(0, 0)[0]
            assert status.id == "replay-status"
            shown = "".join(segment.text for segment in status.render_line(0))
            assert "✗ legality" in shown and f"FAILED at record {index}" in shown
            # The reason, however long, is there whole: it wraps where the screen ends.
            failure = screen.query_one("#replay-failure")
            reason = str(forged_recording.verification.failure)
            assert "differs in seat" in reason and len(reason) > 80
            lines = [strip.text.strip() for strip in failure.render_lines(failure.region.reset_offset)]
            assert failure.display and 1 < len(lines) <= 4
            assert " ".join(lines) == f"✗ verification stops here: {reason}"
            assert pilot.app.screen.region.contains_region(failure.region)
            await pilot.press("home", "right")
            assert screen.position == 1
            await pilot.pause()
            assert not failure.display


    async def test_a_damaged_file_opens_at_its_damaged_record_with_the_reason(self, tmp_path: Path) -> None:
        data = bytearray((ROOT / "replays" / "four-players-to-500.uno").read_bytes())
        data[5000] ^= 1  # a bit flipped in record 16
        path = tmp_path / "damaged.uno"
        path.write_bytes(bytes(data))
        async with ReplayApp(open_recording(path)).run_test(size=(80, 24)) as pilot:
            screen = viewer(pilot.app)
            assert screen.recording is not None and len(screen.recording.records) == 16
            assert screen.position == screen.cursor.end > 0
            status = str(screen.query_one("#replay-status").render())
            assert "✓ commitment, ✗ chain, · legality · FAILED at record 16" in status
            failure = screen.query_one("#replay-failure")
            assert failure.display
            assert "verification stops here: record 16 at byte 4844 is damaged (checksum mismatch)" in " ".join(
                strip.text.strip() for strip in failure.render_lines(failure.region.reset_offset))
            await pilot.press("home", "right")
            assert screen.position == 1

    async def test_a_script_says_it_has_no_commitment_or_chain_to_check(self) -> None:
        script = open_recording(ROOT / "replays" / "script-skip-and-draw.uno.json")
        async with ReplayApp(script).run_test(size=SIZE) as pilot:
            status = str(viewer(pilot.app).query_one("#replay-status").render())
            assert "audit view · — commitment, — chain (a script), ✓ legality" in status

    async def test_a_branch_left_before_its_first_move_is_not_called_a_script(self, recording: Recording,
                                                                              tmp_path: Path) -> None:
        # Its header alone, nothing recorded: the header said "— chain (a script)".
        table = branch_session(recording, recording.cursor.turn_position(3, 2) or 0, 0, tmp_path).table
        table.close()
        assert table.path is not None
        async with ReplayApp(open_recording(table.path)).run_test(size=(120, 30)) as pilot:
            status = str(viewer(pilot.app).query_one("#replay-status").render())
            assert "— chain (nothing recorded yet), ✓ legality" in status

class TestBranch:
    """A new game from any point, saved with its origin."""

    async def test_b_in_a_seat_view_starts_a_game_from_this_position(self, recording: Recording, tmp_path: Path) -> None:
        saves = tmp_path / "saves"
        cursor = recording.cursor
        async with ReplayApp(recording, seat=1, save_dir=saves).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            screen.go(cursor.turn_stops[40])
            await pilot.pause()
            expected = cursor.state_at(screen.position).position()
            await pilot.press("b")
            await pilot.pause()
            table_screen = pilot.app.screen_stack[-1]
            if not isinstance(table_screen, TableScreen):
                table_screen = next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))
            table = table_screen.table
            origin = table.header.origin
            assert origin is not None and origin.file == "three-players.uno" and origin.events == screen.position
            assert origin.hash == recording.records[origin.records - 1].hash
            assert table.header.position == expected
            assert table.header.players[1].kind.value == "human"
            assert all(p.kind.value == "bot" for seat, p in enumerate(table.header.players) if seat != 1)
            assert table.path is not None and table.path.parent == saves
            hand, turn = cursor.locate(screen.position)
            heading, opening = table_screen.query_one(GameLog).lines_shown[:2]
            assert heading == f"Branched from three-players.uno at hand {hand}, turn {turn} (after its first {origin.records} records)."
            # The story before the branch is not in the new file: the log opens with the table as it stood.
            held = " ".join(card.value for card in expected.hands[1])
            assert opening.startswith(f"Hand {hand} goes on from a set position.") and f"you hold {held};" in opening
            table_screen.workers.cancel_group(table_screen, "bots")
        saved = read_replay(table.path).replay
        assert saved.header.origin == origin
        rebuild(saved)
        story = tell_story(open_recording(table.path), 1)
        assert story[0].text == "  " + opening and (story[0].first, story[0].end) == (0, 0)

    async def test_b_in_the_audit_view_asks_for_the_seat(self, recording: Recording, tmp_path: Path) -> None:
        async with ReplayApp(recording, save_dir=tmp_path / "saves").run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("pagedown", "shift+right")
            await pilot.press("b")
            assert isinstance(pilot.app.screen, BranchDialog)
            await pilot.press("down", "enter")
            await pilot.pause()
            table_screen = next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))
            assert table_screen.table.header.players[1].kind.value == "human"
            assert table_screen.table.header.origin is not None
            table_screen.workers.cancel_group(table_screen, "bots")
            assert screen in pilot.app.screen_stack

    async def test_an_analysis_shown_does_not_stay_over_the_branch(self, recording: Recording, tmp_path: Path) -> None:
        async with ReplayApp(recording, seat=1, save_dir=tmp_path / "saves").run_test(size=SIZE, notifications=True) as pilot:
            screen = viewer(pilot.app)
            screen.go(recording.cursor.turn_stops[40])
            await pilot.press("a")
            await pilot.pause()
            assert any("would play" in note.message for note in pilot.app._notifications)
            await pilot.press("b")
            await pilot.pause()
            table_screen = next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))
            table_screen.workers.cancel_group(table_screen, "bots")
            assert [note.title for note in pilot.app._notifications] == ["Branch"]

    async def test_b_at_the_end_of_a_finished_match_says_there_is_nothing_to_play(self, recording: Recording, tmp_path: Path) -> None:
        async with ReplayApp(recording, seat=0, save_dir=tmp_path / "saves").run_test(size=SIZE,
                                                                                    notifications=True) as pilot:
            screen = viewer(pilot.app)
            await pilot.press("end", "b")
            await pilot.pause()
            assert pilot.app.screen is screen
            assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())
            assert [note.message for note in pilot.app._notifications] == [
                "Can't branch here: the match is over, so there is nothing left to play."]

    async def test_leaving_a_branch_goes_back_to_the_viewer_where_it_branched(self, recording: Recording,
                                                                              tmp_path: Path) -> None:
        from unotui.tui.screens.dialogs import ConfirmDialog

        async with ReplayApp(recording, seat=1, save_dir=tmp_path / "saves").run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            screen.go(recording.cursor.turn_stops[40])
            await pilot.pause()
            at = screen.position
            await pilot.press("b")
            await pilot.pause()
            assert isinstance(pilot.app.screen, TableScreen)
            # Not the journal's file name, which no list shows.
            assert [note.message for note in pilot.app._notifications] == [
                "A new game from here, saved as you play: Resume and Load find it."]
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ConfirmDialog)
            await pilot.press("y")
            await pilot.pause()
            assert pilot.app.screen is screen and screen.position == at
            assert not any(isinstance(s, TableScreen) for s in pilot.app.screen_stack)
            await pilot.press("right")  # the viewer's keys work again
            assert screen.position == at + 1

    async def test_a_branch_played_to_its_end_goes_back_to_the_viewer(self, recording: Recording, tmp_path: Path) -> None:
        from unotui.tui.screens.summary import MatchSummary

        async with ReplayApp(recording, seat=0, save_dir=tmp_path / "saves").run_test(size=SIZE) as pilot:
            pilot.app.speed = 0.0
            screen = viewer(pilot.app)
            await pilot.press("end", "left")
            at = screen.position
            await pilot.press("b")  # Bo, a bot, is to play his last card
            for _ in range(20):
                await pilot.pause(0.05)
                if isinstance(pilot.app.screen, MatchSummary):
                    break
            summary = pilot.app.screen
            assert isinstance(summary, MatchSummary)
            assert "Back to the replay (t)" in [str(button.label) for button in summary.query(Button)]
            assert "Title (t)" not in [str(button.label) for button in summary.query(Button)]
            await pilot.press("t")
            await pilot.pause()
            assert pilot.app.screen is screen and screen.position == at

    async def test_a_bot_to_move_waits_its_delay_once_the_branch_table_is_shown(self, recording: Recording, tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
        # One step before the end, with Bo (a bot) to play his last card: his delay was
        # counted from when the table was made, so a table slow to come up (a busy machine)
        # was never seen: the match summary opened straight away.
        import time

        from unotui.tui.screens.summary import MatchSummary

        speed = 0.6
        shown: list[float] = []
        mount = TableScreen.on_mount

        def slow_mount(table: TableScreen) -> None:
            time.sleep(speed)  # the table takes its time to come up
            shown.append(time.monotonic())
            mount(table)

        monkeypatch.setattr(TableScreen, "on_mount", slow_mount)
        async with ReplayApp(recording, seat=0, save_dir=tmp_path / "saves").run_test(size=SIZE) as pilot:
            pilot.app.speed = speed
            await pilot.press("end", "left", "b")
            for _ in range(100):
                if shown:
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            table_screen = pilot.app.screen
            assert isinstance(table_screen, TableScreen) and not table_screen.table.records
            for _ in range(40):
                await pilot.pause(0.05)
                if table_screen.table.records:
                    break
            played = time.monotonic()
            assert table_screen.table.records and played - shown[0] >= speed
            await pilot.pause()
            assert isinstance(pilot.app.screen, MatchSummary)

    async def test_a_seat_called_you_that_a_bot_takes_over_is_named_by_place(self, tmp_path: Path) -> None:
        # Branching as Dotty from one's own match: seat 0, called You, is a bot now. It
        # kept the name, and the table, the summary and the saves list had two players
        # called You (the scoreboard's "You" at the keyboard and the bot).
        own = recording_of(own_match(), "mine.uno")
        saves = tmp_path / "saves"
        async with ReplayApp(own, seat=2, save_dir=saves).run_test(size=SIZE) as pilot:
            screen = viewer(pilot.app)
            screen.go(own.cursor.turn_stops[40])
            await pilot.press("b")
            await pilot.pause()
            table_screen = pilot.app.screen
            assert isinstance(table_screen, TableScreen)
            table_screen.workers.cancel_group(table_screen, "bots")
            assert table_screen.table.header.names == ["Player 1", "Bo", "Dotty"]
            assert table_screen.names == ("Player 1", "Bo", "Dotty")
            board = str(table_screen.query_one(Scoreboard).render())
            assert board.count("You") == 1 and "Player 1" in board
        [save] = list_saves(saves)
        assert save.players == ("Player 1", "Bo", "Dotty")

    async def test_the_seat_taken_keeps_its_name_and_so_does_you_when_taken(self, tmp_path: Path) -> None:
        own = recording_of(own_match(), "mine.uno")
        for seat, names in ((1, ["Player 1", "Bo", "Dotty"]), (0, ["You", "Bo", "Dotty"])):
            session = branch_session(own, own.cursor.turn_stops[40], seat, None)
            assert session.names == tuple(names) and session.humans == (seat,)

    @pytest.mark.parametrize("key", ["g", "b"])
    async def test_an_analysis_goes_when_the_go_to_or_branch_dialog_opens(self, recording: Recording,
                                                                        key: str) -> None:
        """The dialogs cover part of the viewer: its toasts stayed in sight around them."""
        from textual.widgets._toast import Toast

        async with ReplayApp(recording).run_test(size=SIZE, notifications=True) as pilot:
            await pilot.press("g", *"3.5", "enter", "a")
            await pilot.pause()
            assert any("would play" in note.message for note in pilot.app._notifications)
            assert viewer(pilot.app).query(Toast)
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            assert isinstance(pilot.app.screen, GoToDialog if key == "g" else BranchDialog)
            assert not pilot.app._notifications and not viewer_beneath(pilot.app).query(Toast)

    @pytest.mark.parametrize(("command", "done"), [(DrawCard, "drew."), (AcceptDrawFour, "accepted the Wild Draw Four.")])
    async def test_the_analysis_says_what_was_played_in_words(self, recording: Recording, command: type,
                                                               done: str) -> None:
        """It said "Ada played draw." and "Ada played accept."."""
        cursor = recording.cursor
        record = next(index for index, record in enumerate(recording.records) if isinstance(record.command, command)
                      and cursor.state_at(cursor.record_starts[index]).turn == record.command.seat)
        seat = recording.records[record].command.seat
        async with ReplayApp(recording).run_test(size=SIZE, notifications=True) as pilot:
            viewer(pilot.app).go(cursor.record_starts[record])
            await pilot.press("a")
            await pilot.pause()
            [note] = pilot.app._notifications
            assert note.message.endswith(f" {recording.names[seat]} {done}"), note.message

    async def test_an_analysis_does_not_stay_over_the_help(self, recording: Recording) -> None:
        async with ReplayApp(recording, seat=1).run_test(size=SIZE, notifications=True) as pilot:
            viewer(pilot.app).go(recording.cursor.turn_stops[40])
            await pilot.press("a")
            await pilot.pause()
            assert any("would play" in note.message for note in pilot.app._notifications)
            await pilot.press("question_mark")
            await pilot.pause()
            assert not isinstance(pilot.app.screen, ReplayScreen) and not pilot.app._notifications


class TestOpening:
    """The picker, the title screen's Replay entry and the command line."""

    async def test_the_title_screen_replay_entry_picks_a_file(self, tmp_path: Path) -> None:

        from unotui.tui.app import UnoApp
        from unotui.tui.screens.title import TitleScreen

        saves = tmp_path / "saves"
        saves.mkdir()
        write_match(saves)
        async with UnoApp(saves).run_test(size=SIZE) as pilot:
            assert isinstance(pilot.app.screen, TitleScreen)
            menu = pilot.app.screen.query_one(OptionList)
            index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "replay")
            menu.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayPicker)
            picker = pilot.app.screen
            files = picker.query_one(OptionList)
            save = next(str(index) for index, file in enumerate(picker.files) if file.path.parent == saves)
            files.highlighted = files.get_option_index(save)
            await pilot.press("enter")
            await pilot.pause()
            screen = viewer(pilot.app)  # type: ignore[arg-type]
            assert screen.recording is not None and screen.recording.path.name == "three-players.uno"
            # Each step back retraces a step in: the picker (on the file just closed), then the title.
            await pilot.press("q")
            await pilot.pause()
            picker = pilot.app.screen
            assert isinstance(picker, ReplayPicker)
            files = picker.query_one(OptionList)
            assert files.highlighted is not None and picker.files[int(str(files.get_option_at_index(files.highlighted).id))].path == screen.recording.path
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(pilot.app.screen, TitleScreen)

    async def test_p_on_the_title_screen_opens_the_replay_picker(self, tmp_path: Path) -> None:
        from unotui.tui.app import UnoApp
        from unotui.tui.screens.title import TitleScreen

        async with UnoApp(tmp_path).run_test(size=SIZE) as pilot:
            assert isinstance(pilot.app.screen, TitleScreen)
            menu = pilot.app.screen.query_one(OptionList)
            assert "Replay (p)" in [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayPicker)

    async def test_picker_entries_take_two_lines_at_80_columns(self, tmp_path: Path) -> None:
        async with ReplayApp(None, save_dir=tmp_path).run_test(size=(80, 24)) as pilot:
            picker = pilot.app.screen
            assert isinstance(picker, ReplayPicker)
            menu = picker.query_one(OptionList)
            lines = [strip.text.rstrip("▎ ").rstrip() for strip in menu.render_lines(menu.region.reset_offset)]
            ten = next(index for index, line in enumerate(lines) if "ten-players-one-hand.uno" in line)
            assert lines[ten].endswith("· finished · recorded 2025-01-01")  # name, standing and date: one line
            assert lines[ten + 1].lstrip("▊ ") == "Ada, Bo, Cy, Di, Ed, Flo, Gus, Hal, Ivy, Jo"
            assert "ten-players-one-hand.uno" not in lines[ten + 2]

    def test_the_picker_calls_a_game_saved_as_it_is_played_autosave(self, tmp_path: Path) -> None:
        from tui_support import played_at

        (tmp_path / "20261206-032318-22a591.uno").write_bytes((ROOT / "replays" / "two-players-to-500.uno").read_bytes())
        played_at(tmp_path / "20261206-032318-22a591.uno")
        [(_, about, players, _)] = [entry for entry in replay_files(tmp_path) if entry.path.parent == tmp_path]
        assert about == "autosave · finished · 2025-01-02 03:04" and players == "Ada, Bo"

    def test_the_picker_says_why_a_file_cannot_be_read(self, tmp_path: Path) -> None:
        # "bad.uno · unreadable", even for a file damaged part way that the viewer opens.
        damaged = bytearray((ROOT / "replays" / "four-players-to-500.uno").read_bytes())
        damaged[3000] ^= 0xFF
        (tmp_path / "damaged.uno").write_bytes(damaged)
        (tmp_path / "notes.uno").write_text("my notes")
        files = {file.path.name: file for file in replay_files(tmp_path)}
        assert (files["damaged.uno"].about, files["damaged.uno"].players) == (
            "damaged.uno", "record 8 at byte 2918 is damaged (checksum mismatch)")
        assert files["notes.uno"].players.startswith("not a unotui replay")

    def test_the_picker_dates_a_save_when_last_played_and_a_sample_when_recorded(self, tmp_path: Path) -> None:
        from tui_support import played_at

        save = tmp_path / "friday-night.uno"
        save.write_bytes((ROOT / "replays" / "two-players-to-500.uno").read_bytes())
        played_at(save, datetime.now(UTC).replace(hour=21, minute=5) - timedelta(days=1))  # recorded 2025-01-01
        files = {file.path.name: file for file in replay_files(tmp_path)}
        assert files["friday-night.uno"].about == "friday-night.uno · finished · yesterday 21:05"
        assert not files["friday-night.uno"].is_sample
        assert files["ten-players-one-hand.uno"].about == "ten-players-one-hand.uno · finished · recorded 2025-01-01"
        assert files["ten-players-one-hand.uno"].is_sample

    async def test_the_picker_heads_the_saves_and_the_samples(self, tmp_path: Path) -> None:
        from tui_support import played_at

        (tmp_path / "friday-night.uno").write_bytes((ROOT / "replays" / "two-players-to-500.uno").read_bytes())
        played_at(tmp_path / "friday-night.uno", datetime.now(UTC).replace(hour=9, minute=30))
        async with ReplayApp(None, save_dir=tmp_path).run_test(size=(80, 40)) as pilot:
            menu = pilot.app.screen.query_one(OptionList)
            prompts = [str(menu.get_option_at_index(index).prompt).split("\n")[0] for index in range(menu.option_count)]
            assert prompts[:3] == ["Your saved games", "friday-night.uno · finished · today 09:30", "Sample matches"]
            assert menu.highlighted == 1  # the cursor starts on a file, not a heading
            await pilot.press("down")
            assert menu.highlighted == 3
            await pilot.press("up", "enter")
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen) and screen.recording is not None
            assert screen.recording.path == tmp_path / "friday-night.uno"

    def test_the_picker_lists_the_saves_newest_first_then_the_samples_by_name(self, tmp_path: Path) -> None:
        from tui_support import FIXED_TIME, played_at

        for age, name in enumerate(("newer.uno", "older.uno")):
            path = tmp_path / name
            path.write_bytes((ROOT / "replays" / "two-players-to-500.uno").read_bytes())
            played_at(path, FIXED_TIME - timedelta(minutes=age))
        folders = [file.path.parent for file in replay_files(tmp_path)]
        names = [file.path.name for file in replay_files(tmp_path)]
        assert names[:2] == ["newer.uno", "older.uno"]
        assert folders[2:] and all(folder.resolve() == (ROOT / "replays").resolve() for folder in folders[2:])
        assert names[2:] == sorted([*(path.name for path in (ROOT / "replays").glob("*.uno")), "script-skip-and-draw.uno.json"])

    def test_the_picker_lists_json_replays_and_scripts_and_a_match_kept_both_ways_once(self, tmp_path: Path) -> None:
        # Only `*.uno` was listed: the sample script and a match summary's Save replay
        # (`.uno.json`) were missing. A sample kept as `.uno` and `.uno.json` is one entry.
        from tui_support import played_at

        kept = tmp_path / "replay-Ada-Bo.uno.json"
        kept.write_bytes((ROOT / "replays" / "two-players-to-500.uno.json").read_bytes())
        played_at(kept)
        files = {file.path.name: file for file in replay_files(tmp_path)}
        assert files["replay-Ada-Bo.uno.json"].about == "replay-Ada-Bo.uno.json · finished · 2025-01-02 03:04"
        assert not files["replay-Ada-Bo.uno.json"].is_sample
        script = files["script-skip-and-draw.uno.json"]
        assert script.is_sample and script.about == "script-skip-and-draw.uno.json · hand 1" and script.players == "Ada, Bo"
        assert "four-players-to-500.uno" in files and "four-players-to-500.uno.json" not in files

    def test_the_picker_says_what_a_branch_is_a_branch_of(self, recording: Recording, tmp_path: Path) -> None:
        # Every save read `autosave · …`: branches of one match were four alike entries.
        from tui_support import played_at

        cursor = recording.cursor
        made = [branch_session(recording, position, 1, tmp_path) for position in (cursor.turn_stops[40], cursor.hand_start(2) + 5)]
        for session in made:
            session.table.close()
            assert session.table.path is not None
            played_at(session.table.path)
        about = sorted(file.about for file in replay_files(tmp_path) if file.path.parent == tmp_path)
        hands = sorted(cursor.locate(position)[0] for position in (cursor.turn_stops[40], cursor.hand_start(2) + 5))
        assert about == [f"branch of three-players, hand {hand} · 2025-01-02 03:04" for hand in hands]

    async def test_the_viewer_calls_an_autosave_autosave(self, recording: Recording, tmp_path: Path) -> None:
        # The status line ended with the journal's file name (`20261207-184351-….uno`),
        # where the picker and the Load screen say `autosave`.
        session = branch_session(recording, recording.cursor.turn_stops[40], 1, tmp_path)
        session.table.close()
        assert session.table.path is not None
        async with ReplayApp(open_recording(session.table.path)).run_test(size=(200, 40)) as pilot:
            status = str(viewer(pilot.app).query_one(ReplayStatus).render())
            assert status.endswith("branched from three-players.uno at record "
                                   f"{session.table.header.origin.records} · autosave")  # type: ignore[union-attr]
            assert session.table.path.name not in status

    def test_the_picker_says_a_save_not_yet_dealt_stands_before_the_first_deal(self, tmp_path: Path) -> None:
        from tui_support import FIXED_TIME, played_at, seats

        from unotui.engine import RuleSet
        from unotui.record import make_header, new_game

        table = new_game(tmp_path, make_header(seats(["Ann", "Bo"]), RuleSet(), seed=3, created=FIXED_TIME), sync=False)
        table.close()
        assert table.path is not None
        played_at(table.path)
        [(_, about, players, _)] = [entry for entry in replay_files(tmp_path) if entry.path.parent == tmp_path]
        assert about == "autosave · before the first deal · 2025-01-02 03:04" and players == "Ann, Bo"

    async def test_an_empty_picker_sets_off_the_command_to_type(self) -> None:
        from unotui.tui.app import UnoApp

        async with UnoApp(None).run_test(size=SIZE) as pilot:
            await pilot.app.push_screen(ReplayPicker([]))
            await pilot.pause()
            said = pilot.app.screen.query_one(".dialog-text", Static).render()
            assert str(said) == "No saved games or sample replays here yet. Run unotui replay FILE to open any file."
            assert [str(said)[span.start : span.end] for span in getattr(said, "spans", [])] == ["unotui replay FILE"]

    async def test_escape_in_the_picker_of_unotui_replay_leaves_the_app(self, tmp_path: Path) -> None:
        async with ReplayApp(None, save_dir=tmp_path).run_test(size=SIZE) as pilot:
            assert isinstance(pilot.app.screen, ReplayPicker)
            await pilot.press("escape")
            await pilot.pause()
            assert pilot.app.return_code == 0

    async def test_q_in_a_file_picked_by_unotui_replay_goes_back_to_the_picker(self, tmp_path: Path) -> None:
        # `unotui replay` with no FILE: q in the viewer comes back to the picker, where it
        # went on to the game's title screen, a screen never opened; the picker's Escape
        # then leaves, as q does in `unotui replay FILE`.
        write_match(tmp_path)
        async with ReplayApp(None, save_dir=tmp_path).run_test(size=SIZE) as pilot:
            picker = pilot.app.screen
            assert isinstance(picker, ReplayPicker)
            files = picker.query_one(OptionList)
            files.highlighted = files.get_option_index(next(str(index) for index, file in enumerate(picker.files)
                                                            if file.path.parent == tmp_path))
            await pilot.press("enter")
            await pilot.pause()
            assert viewer(pilot.app).recording is not None
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayPicker) and pilot.app.return_code is None
            await pilot.press("escape")
            await pilot.pause()
            assert pilot.app.return_code == 0

    async def test_q_in_the_viewer_of_unotui_replay_file_leaves_the_app(self, recording: Recording) -> None:
        async with ReplayApp(recording).run_test(size=SIZE) as pilot:
            await pilot.press("q")
            await pilot.pause()
            assert pilot.app.return_code == 0

    async def test_enter_twice_on_a_picked_file_opens_it_once(self, tmp_path: Path) -> None:
        # The second Enter picks again before the first is answered: the picker is closed
        # once, where it used to close the screen beneath it too, and then find none.
        from textual.events import Key

        from unotui.tui.app import UnoApp
        from unotui.tui.screens.title import TitleScreen

        async with UnoApp(tmp_path).run_test(size=SIZE) as pilot:
            await pilot.press("p")
            await pilot.pause()
            for _ in range(2):
                pilot.app.post_message(Key("enter", None))
            await pilot.pause()
            await pilot.pause()
            assert [type(screen) for screen in pilot.app.screen_stack[1:]] == [TitleScreen, ReplayScreen, ReplayScreen]
            assert viewer(pilot.app).recording is not None

    async def test_two_title_entries_in_one_burst_of_keys_open_one_screen(self, tmp_path: Path) -> None:
        # Enter (New game) and p (Replay) reach the title before either is answered: p's
        # viewer opens and the Enter finds the title covered. Before, the setup opened above
        # the viewer, and closing the picker closed the setup and left a viewer with no match.
        from textual.events import Key

        from unotui.tui.app import UnoApp
        from unotui.tui.screens.title import TitleScreen

        async with UnoApp(tmp_path).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in ("enter", "p"):
                pilot.app.post_message(Key(key, None if key == "enter" else key))
            await pilot.pause()
            await pilot.pause()
            assert [type(screen) for screen in pilot.app.screen_stack[1:]] == [TitleScreen, ReplayScreen, ReplayPicker]
            await pilot.press("escape", "pagedown")
            await pilot.pause()
            assert isinstance(pilot.app.screen, TitleScreen) and pilot.app.is_running

    def test_the_command_line_names_a_bad_file_or_seat(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["replay", str(tmp_path / "missing.uno")]) == 1
        assert "missing.uno: no such file" in capsys.readouterr().err
        path = write_match(tmp_path)
        assert main(["replay", str(path), "--seat", "7"]) == 2
        assert "--seat 7: the match has seats 0 to 2" in capsys.readouterr().err
        junk = tmp_path / "junk.uno"
        junk.write_bytes(b"not a replay")
        assert main(["replay", str(junk)]) == 1
        assert "not a unotui replay" in capsys.readouterr().err

    def test_the_command_line_refuses_a_saves_folder_that_is_a_file(self, tmp_path: Path, saves: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
        # The viewer opened, and its branches went nowhere; `load` and `resume` refused the folder.
        monkeypatch.setattr(ReplayApp, "run", lambda self: pytest.fail("the viewer opened"))
        a_file = tmp_path / "a-file"
        a_file.write_text("")
        path = write_match(tmp_path)
        for argv in (["replay", str(path), "--save-dir", str(a_file)], ["replay", "--save-dir", str(a_file)]):
            assert main(argv) == 2
            assert capsys.readouterr().err == f"unotui replay: {a_file} is a file, not a folder\n"

    def test_the_command_line_refuses_a_seat_without_a_file(self, saves: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
        # The picker opened and every file picked showed all hands: the seat went unused.
        monkeypatch.setattr(ReplayApp, "run", lambda self: pytest.fail("the picker opened"))
        assert main(["replay", "--seat", "2"]) == 2
        assert capsys.readouterr().err == ("unotui replay: --seat 2: name a FILE to view as a seat "
                                           "(a file picked from the list opens with all hands shown)\n")


def test_parse_goto_reads_hands_turns_and_events() -> None:
    assert parse_goto("hand 4") == ("hand", 4, 0)
    assert parse_goto("4 7") == ("turn", 4, 7)
    assert parse_goto("h4 t7") == ("turn", 4, 7)
    assert parse_goto("event 12") == ("event", 12, 0)
    with pytest.raises(ValueError, match="write a hand"):
        parse_goto("next")


def test_the_replay_subcommand_is_registered() -> None:
    from unotui.cli import build_parser

    args = build_parser().parse_args(["replay", "x.uno", "--seat", "2"])
    assert isinstance(args, argparse.Namespace) and args.file == "x.uno" and args.seat == 2
    assert args.handler == "unotui.tui.screens.replay:run_replay"
