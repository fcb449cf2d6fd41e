"""The pass-the-keyboard screen: it names the next player on its button, however long the
name, and a hot-seat table opens behind it however the table is opened."""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import Button
from tui_support import app_for, position_session, screen_text, sit_down

from unotui.engine import PRESETS, RuleSet
from unotui.tui.app import UnoApp
from unotui.tui.launch import load_session
from unotui.tui.screens.dialogs import ConfirmDialog
from unotui.tui.screens.privacy import PrivacyScreen
from unotui.tui.screens.setup import LAST_SETUP, LastSetup, SetupScreen
from unotui.tui.screens.summary import HandSummary, MatchSummary
from unotui.tui.screens.title import TitleScreen
from unotui.tui.screens.table import TableScreen
from unotui.tui.session import Session
from unotui.tui.widgets.setup_seat import HUMAN, SeatChoice

LONG = "Bartholomew-Maximilian-Fitzgerald-the-Th"
"""As long as a name may be (40 characters)."""


def pass_screen(name: str, news: str | None = None) -> PrivacyScreen:
    """The screen that passes the keyboard from Ada to `name`."""
    return PrivacyScreen(name, "Ada", news, leave=lambda: ConfirmDialog("Leave the table?"))


@pytest.mark.parametrize("news", [None, "You drew b9. You now hold 3 cards: g3 g7 b9."])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_name_gives_way_on_the_button_and_its_key_stays(news: str | None, size: tuple[int, int]) -> None:
    # The button read "I'm Bartholomew-Maximilian-Fitzgerald-the-Th: show my hand (Ent".
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", LONG), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        app.push_screen(pass_screen(LONG, news))
        await pilot.pause()
        button = app.screen.query_one(Button)
        shown = str(button.render())
        assert shown.endswith("(Enter)") and "…" in shown and shown.startswith(("I'm Bartholomew", "Seen it: pass to Bartholomew"))
        assert shown in screen_text(app)  # on one line, whole
        assert app.screen.query_one(".dialog").content_region.contains_region(button.region)


async def test_a_short_name_is_shown_whole() -> None:
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(pass_screen("Bo"))
        await pilot.pause()
        assert str(app.screen.query_one(Button).render()) == "I'm Bo: show my hand (Enter)"
        assert "I'm Bo: show my hand (Enter)" in screen_text(app)


async def test_a_name_that_ends_a_sentence_itself_gets_no_full_stop() -> None:
    # "Pass the keyboard to Bo!." doubled the punctuation.
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo!"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(pass_screen("Bo!"))
        await pilot.pause()
        assert "Pass the keyboard to Bo!" in screen_text(app) and "Bo!." not in screen_text(app)


# ------------------------------------------------------------------ a hot-seat table opens hidden


async def opens_hidden_for_the_player_to_act(pilot: Pilot[None]) -> TableScreen:
    """Check that the table came up behind the pass screen, no hand ever shown, asking for
    the player to act (the first human while a bot is); take the keyboard as that player."""
    await pilot.pause()
    app = pilot.app
    table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
    assert isinstance(app.screen, PrivacyScreen) and table.view is None
    turn = table.table.view(0).turn
    first = turn if table.session.is_human(turn) else table.session.humans[0]
    assert app.screen.player == table.names[first]
    await pilot.press("enter")
    await pilot.pause()
    assert table.seat == first and table.view is not None and table.view.hand == table.table.view(first).hand
    return table


def ann_to_play(hands: list[list[str]] | None = None, saves: Path | None = None, **fields: object) -> Session:
    """Ann and Bob at one keyboard with Gran, a bot; Ann to play, nothing played yet."""
    hands = hands or [["r3", "g7", "g2"], ["r4", "b3", "b2"], ["y1", "y2"]]
    return position_session(hands, discard=["r5"], names=("Ann", "Bob", "Gran"), humans=(0, 1), save_dir=saves,
                            **fields)  # type: ignore[arg-type]


async def test_a_new_hot_seat_match_set_up_opens_on_the_pass_screen(saves: Path) -> None:
    # Ann's hand came up at once, with Bob perhaps looking on.
    saves.mkdir(parents=True)
    setup = LastSetup(name="Ann", others=[SeatChoice(kind=HUMAN, name="Bob"), SeatChoice(kind="Gran")],
                      preset="party", rules=PRESETS["party"], seed=3)
    (saves / LAST_SETUP).write_bytes(msgspec.json.encode(setup))
    async with UnoApp(saves, 0.0).run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SetupScreen)
        await pilot.press("ctrl+g")
        table = await opens_hidden_for_the_player_to_act(pilot)
        assert table.names == ("Ann", "Bob", "Gran")


async def test_a_file_loaded_at_the_first_humans_turn_opens_on_the_pass_screen(saves: Path) -> None:
    # A file with nothing played after its position (`unotui load`) showed Ann's hand at once.
    session = ann_to_play(saves=saves)
    path = session.table.path
    session.table.close()
    assert path is not None
    loaded = load_session(argparse.Namespace(file=str(path)), saves)
    async with UnoApp(saves, 0.0, loaded).run_test(size=(100, 32)) as pilot:
        await opens_hidden_for_the_player_to_act(pilot)


async def test_a_match_resumed_from_the_title_opens_on_the_pass_screen(saves: Path) -> None:
    ann_to_play(saves=saves).table.close()
    async with UnoApp(saves, 0.0).run_test(size=(100, 32)) as pilot:
        await pilot.press("r")
        await opens_hidden_for_the_player_to_act(pilot)


async def test_a_new_match_from_the_match_summary_opens_on_the_pass_screen(saves: Path) -> None:
    session = ann_to_play([["r3"], ["b2", "b3", "w+4"], ["g1", "g2"]], saves, uno=(0,), rules=RuleSet(target=1))
    async with app_for(session).run_test(size=(100, 40)) as pilot:
        await sit_down(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, MatchSummary)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SetupScreen)
        await pilot.press("ctrl+g")
        table = await opens_hidden_for_the_player_to_act(pilot)
        assert table.session is not session and table.names == ("Ann", "Bob", "Gran")


async def test_the_next_hand_is_dealt_behind_the_pass_screen() -> None:
    # Everyone may read the scores: the new hand of whoever holds the keyboard then came up at once.
    session = ann_to_play([["r3"], ["b2", "b3", "w+4"], ["g1", "g2"]], uno=(0,))
    async with app_for(session).run_test(size=(100, 40)) as pilot:
        await sit_down(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()
        table = pilot.app.screen_stack[-2]
        assert isinstance(pilot.app.screen, HandSummary) and isinstance(table, TableScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert session.table.view(0).hand_number == 2 and isinstance(pilot.app.screen, PrivacyScreen)
        turn = session.table.view(0).turn
        first = turn if turn in (0, 1) else 0
        assert pilot.app.screen.player == ("Ann", "Bob")[first]
        assert table.view is not None and not table.view.hand  # what shows beneath is the hand played out
        await pilot.press("enter")
        await pilot.pause()
        assert table.seat == first and table.view is not None and len(table.view.hand) == 7


# ------------------------------------------------------------------ its keys


@pytest.mark.parametrize("news", [None, "You drew b9. You now hold 3 cards: g3 g7 b9."])
async def test_the_pass_screen_tells_its_keys(news: str | None) -> None:
    # Enter alone worked, and nothing said so but its button; q, Escape, ? and d did nothing.
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        app.push_screen(pass_screen("Bo", news))
        await pilot.pause()
        assert "q or Escape: leave the table" in screen_text(app)


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_q_or_escape_on_the_pass_screen_offers_to_leave_with_the_table_hidden(key: str, saves: Path) -> None:
    ann_to_play(saves=saves).table.close()
    async with UnoApp(saves, 0.0).run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        table = next(screen for screen in pilot.app.screen_stack if isinstance(screen, TableScreen))
        privacy = pilot.app.screen
        assert isinstance(privacy, PrivacyScreen)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog) and pilot.app.screen_stack[-2] is privacy
        assert "Leave the table? The game is saved as you play" in screen_text(pilot.app)
        await pilot.press("n")  # Stay: back on the pass screen, no hand shown
        await pilot.pause()
        assert pilot.app.screen is privacy and table.view is None
        # Escape, then Enter, the pass screen's own key, by reflex: that left the table.
        await pilot.press(key, "enter")
        await pilot.pause()
        assert pilot.app.screen is privacy and table.view is None
        await pilot.press(key, "y")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TitleScreen) and table not in pilot.app.screen_stack
        assert table.view is None


async def test_keys_pressed_as_the_keyboard_passes_are_let_go_by(monkeypatch: pytest.MonkeyPatch) -> None:
    # Enter twice: the second dismissed the pass screen, showing Bo's hand to Ada; pressed
    # again there, it played Bo's first card before he had seen it.
    monkeypatch.setattr(UnoApp, "KEY_HOLD", 0.3)
    session = position_session([["r3", "g7", "y1"], ["r4", "b3", "y2"]], names=("Ada", "Bo"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.35)
        await pilot.press("enter")  # Ada takes the keyboard
        await pilot.pause(0.35)
        await pilot.press("1", "enter", "enter")  # plays r3; the second Enter comes as the keyboard passes
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and session.table.view(0).hand_sizes == (2, 3)
        await pilot.pause(0.35)
        await pilot.press("enter", "enter")  # Bo takes the keyboard; the second Enter is let go by
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1
        assert session.table.view(1).hand_sizes == (2, 3)
        await pilot.pause(0.35)
        await pilot.press("enter")  # seen his hand: now Enter plays
        await pilot.pause()
        assert session.table.view(1).hand_sizes == (2, 2)


async def test_other_keys_on_the_pass_screen_do_nothing() -> None:
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        privacy = app.screen
        await pilot.press("question_mark", "d", "1", "s", "colon")
        await pilot.pause()
        assert app.screen is privacy and session.table.view(0).hand_sizes == (2, 2)
