"""How the table draws itself: panes updated in place, and a layout that fits 80x24 from 2 to 10 players."""

from __future__ import annotations

import argparse
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from tui_support import app_for, position_session, screen_text

from unotui.engine import PRESETS, Card, RuleSet, Scoring
from unotui.tui.app import UnoApp
from unotui.tui.launch import quick_session
from unotui.tui.screens.help import CLOSE_HINT, KEYS, HelpScreen, RulesScreen, help_text
from unotui.tui.screens.table import TableScreen
from unotui.tui.widgets import CardFace, GameLog, HandView, SeatsBar
from unotui.tui.widgets.seats import SeatBox
from unotui.tui.widgets.wrapped import WrappedText


def table_app(players: int, seed: int = 7) -> UnoApp:
    args = argparse.Namespace(name="Ann", bots=None, players=players, seed=seed, rules="standard", target=None)
    session = quick_session(args, None)
    assert session is not None
    app = app_for(session)
    app.speed = 10.0  # the bots wait: the table stays as dealt
    return app



def hand_app(hand: list[str]) -> UnoApp:
    """The table with `hand` in your seat (card notation), your turn on a red 5."""
    app = app_for(position_session([hand, ["b2", "b3"]], discard=["r5"]))
    app.speed = 10.0
    return app

class TestInPlace:
    """A new view changes the widgets already there instead of making new ones."""

    async def test_playing_a_card_keeps_the_other_faces_and_the_seat_boxes(self) -> None:
        session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
        app = app_for(session)
        app.speed = 10.0
        async with app.run_test(size=(100, 32)) as pilot:
            faces = list(app.screen.query(CardFace))
            boxes = list(app.screen.query(SeatBox))
            await pilot.press("1", "enter")
            await pilot.pause()
            assert Card.R3 not in session.table.view(0).hand
            shown = [face for face in app.screen.query(CardFace) if not face.has_class("-spare")]
            assert [face.card for face in shown] == [Card.G7, Card.B9]
            assert all(face in faces for face in shown)
            assert list(app.screen.query(SeatBox)) == boxes
            assert "2 cards" in str(boxes[0].render())

    async def test_a_face_put_away_when_a_card_leaves_is_used_again_for_the_next_card(self) -> None:
        """The spare face keeps its place, so the layout (and a whole-screen render) is not redone."""
        three = position_session([["r3", "g7", "b9"], ["b2", "b3"]]).table.view(0)
        two = position_session([["g7", "b9"], ["b2", "b3"]]).table.view(0)
        three_again = position_session([["g7", "b9", "y1"], ["b2", "b3"]]).table.view(0)

        class HandApp(App[None]):
            def compose(self) -> ComposeResult:
                yield HandView()

        app = HandApp()
        async with app.run_test(size=(80, 6)) as pilot:
            hand = app.query_one(HandView)
            hand.view = three
            await pilot.pause()
            faces = list(hand.query(CardFace))
            regions = [face.region for face in faces]
            hand.view = two
            await pilot.pause()
            assert [face.has_class("-spare") for face in hand.query(CardFace)] == [False, False, True]
            assert [face.region for face in faces] == regions and faces[2].styles.opacity == 0
            assert "2 cards" in str(hand.border_title)
            hand.view = three_again
            await pilot.pause()
            assert list(hand.query(CardFace)) == faces
            assert [face.card for face in faces] == [Card.Y1, Card.G7, Card.B9]
            assert not any(face.has_class("-spare") for face in faces)


class TestLog:
    """The log pane keeps every line whole."""

    async def test_lines_wrap_to_the_width_left_beside_the_scrollbar(self) -> None:
        # RichLog wraps a line once, as it is written: lines written before the scrollbar
        # appeared would otherwise lose their last characters under it.
        session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
        app = app_for(session)
        app.speed = 10.0
        async with app.run_test(size=(100, 30)) as pilot:
            log = app.screen.query_one(GameLog)
            while not log.show_vertical_scrollbar:
                await pilot.press(":", *"look", "enter")
                await pilot.pause()
            assert not log.show_horizontal_scrollbar
            assert log.virtual_size.width <= log.scrollable_content_region.width


class TestHelpScreen:
    """The help and rules screens wrap to the dialog's width, keeping their columns."""

    async def test_a_long_row_wraps_under_its_description(self) -> None:
        session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
        app = app_for(session)
        app.speed = 10.0
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            text = app.screen.query_one(WrappedText)
            lines = str(text.render()).splitlines()
            row = next(index for index, line in enumerate(lines) if "say UNO (before" in line)
            column = lines[row].index("say UNO")
            assert lines[row + 1].startswith(" " * column) and lines[row + 1][column] != " "
            assert max(len(line) for line in lines) <= text.content_region.width
            # Brackets are text, not markup.
            assert any(line.lstrip().startswith("catch [NAME]") for line in lines)


    async def test_the_help_says_how_to_close_it_however_far_it_scrolls(self) -> None:
        app = app_for(position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"]))
        app.speed = 10.0
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("end")
            await pilot.pause()
            assert CLOSE_HINT in screen_text(app)

    async def test_the_rules_from_the_title_say_how_to_close_them_however_far_they_scroll(self, tmp_path: Path) -> None:
        async with UnoApp(tmp_path, 0.0).run_test(size=(80, 24)) as pilot:
            await pilot.press("u")
            await pilot.pause()
            assert isinstance(pilot.app.screen, RulesScreen)
            await pilot.press("end")
            await pilot.pause()
            assert CLOSE_HINT in screen_text(pilot.app)

    def test_every_key_of_the_table_is_in_the_help(self) -> None:
        keys = [line.split()[0] for line in KEYS.splitlines()[1:]]
        for binding in TableScreen.BINDINGS:
            assert isinstance(binding, Binding)
            shown = binding.key_display or binding.key.split(",")[0]
            assert shown.replace("escape", "Esc") in keys, binding.description


    def test_the_help_names_the_house_rules_in_force_and_how_to_jump_in(self) -> None:
        party = help_text(PRESETS["party"])
        assert "House rules at this table" in party
        for label in ("Stacking", "Seven-O", "Jump-in"):
            assert f"  {label}: " in party
        assert "Multi-play:" not in party and "a jump-in" in party
        standard = help_text(RuleSet())
        assert "House rules" not in standard and "a jump-in" not in standard

    def test_the_help_says_how_playable_cards_look_as_the_readme_does(self) -> None:
        # The help said "Bright cards play now; dimmed ones don't.": playable faces are filled
        # with their colour, the others outlined (`CardFace.-dim`), as the README says.
        line = "Playable cards are filled with their colour; the others are drawn in outline"
        assert line in help_text(RuleSet())
        readme = Path(__file__).parents[2] / "README.md"
        assert line in " ".join(readme.read_text(encoding="utf-8").split())

    def test_the_help_tells_the_scoring_in_force(self) -> None:
        assert "first to 300 wins the match" in help_text(RuleSet(target=300))
        penalty = help_text(RuleSet(scoring=Scoring.PENALTY))
        assert "the lowest total wins the match" in penalty and "scores what the others hold" not in penalty


class TestSmallTerminal:
    """At 80x24 nothing that matters is cut off."""

    async def test_the_turn_line_of_the_pile_is_on_screen_with_four_players(self) -> None:
        app = table_app(4)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            info = app.screen.query_one("#pile-info")
            assert str(info.render()).splitlines()[-1] in ("your turn", *(f"{name}'s turn" for name in app.screen.names))
            last_row = info.region.y + info.region.height - 1
            assert info.region.height == 4
            assert app.screen.get_widget_at(info.region.x + 1, last_row)[0] is info

    async def test_ten_players_fit_in_compact_rows_with_every_name_readable(self) -> None:
        app = table_app(10)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seats = app.screen.query_one(SeatsBar)
            assert seats.has_class("-compact")
            boxes = list(seats.query(SeatBox))
            assert len(boxes) == 9
            assert {box.region.height for box in boxes} == {1} and seats.region.height <= 4
            for box in boxes:
                name = app.screen.names[box.seat]
                assert str(box.render()).strip().lstrip("▶ ").startswith(name)
                assert box.region.right <= 80

    async def test_four_opponents_keep_their_boxes_at_80_columns(self) -> None:
        app = table_app(5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seats = app.screen.query_one(SeatsBar)
            assert not seats.has_class("-compact")
            assert {box.region.height for box in seats.query(SeatBox)} == {4}

    async def test_a_long_hand_narrows_the_faces(self) -> None:
        app = hand_app(["r1", "r2", "r3", "r4", "r6", "r7", "r8", "r9", "g1", "g2"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            view = app.screen.query_one(HandView)
            assert view.has_class("-narrow")
            assert all(face.region.width == 7 for face in view.query(CardFace))

    async def test_a_hand_too_long_for_narrow_faces_shows_every_card_compact(self) -> None:
        # Thirteen cards at 80 columns: narrow faces would leave the last two off the edge.
        hand = ["r1", "r2", "r3", "r4", "r6", "r7", "r8", "r9", "g1", "g2", "g+2", "y5", "w+4"]
        app = hand_app(hand)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            view = app.screen.query_one(HandView)
            assert view.has_class("-compact") and not view.has_class("-narrow")
            faces = list(view.query(CardFace))
            assert len(faces) == 13
            assert all(face.region.width == 5 and face.region.right <= 80 for face in faces)
            # The notation alone, whole: the colour is in the letter and the face's colours.
            assert sorted(str(face.render()).strip() for face in faces) == sorted(hand)
            # Room enough again, and the faces grow back with their colour symbols.
            await pilot.resize_terminal(120, 24)
            await pilot.pause()
            assert not view.has_class("-compact") and not view.has_class("-narrow")
            assert all(face.region.width == 9 for face in faces)
            assert "w+4 ◆" in {str(face.render()).strip() for face in faces}

    async def test_a_hand_longer_than_the_row_says_how_many_cards_are_off_each_edge(self) -> None:
        # Twenty cards at 80 columns: sixteen compact faces fit, four are out of sight.
        hand = ["r1", "r2", "r3", "r4", "r6", "r7", "r8", "r9", "y5", "y7", "y9", "g1", "g2", "gs", "g+2", "b1", "b2",
                "b3", "b4", "w+4"]
        app = hand_app(hand)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            view = app.screen.query_one(HandView)
            assert "20 cards · 4 more ▸ · 0 pts" in str(view.border_title)
            await pilot.press("left")  # round to the last card: the row scrolls to the end
            await pilot.pause()
            assert "20 cards · ◂ 4 more · 0 pts" in str(view.border_title)
            await pilot.press(*["left"] * 17)  # the third card: the row scrolls back to it
            await pilot.pause()
            assert "20 cards · ◂ 2 more · 2 more ▸ · 0 pts" in str(view.border_title)
            await pilot.resize_terminal(110, 24)
            await pilot.pause()
            assert "more" not in str(view.border_title)

    async def test_a_selected_card_is_outlined_whether_or_not_it_can_be_played(self) -> None:
        app = hand_app(["r3", "g7", "b9"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            faces = {face.card: face for face in app.screen.query(CardFace)}
            assert faces[Card.R3].styles.border_top[0] == "heavy"
            await pilot.press("right")  # g7 can't go on a red 5
            await pilot.pause()
            assert faces[Card.G7].has_class("-dim")
            assert faces[Card.G7].styles.border_top[0] == "heavy"
            assert faces[Card.R3].styles.border_top[0] == "round"
