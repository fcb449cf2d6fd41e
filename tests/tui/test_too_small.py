"""Pilot tests: a terminal smaller than the screens need is told so, and the game waits under the notice."""

from __future__ import annotations

from pathlib import Path

import pytest
from replay_matches import three_player_match
from textual.app import App
from textual.widgets import Static
from tui_support import app_for, position_session, screen_text, sit_down

from unotui.engine import Card, Color
from unotui.record.replay_cursor import recording_of
from unotui.tui.app import UnoApp
from unotui.tui.screens.dialogs import ColorDialog, ConfirmDialog
from unotui.tui.screens.privacy import PrivacyScreen
from unotui.tui.screens.replay import ReplayApp, ReplayScreen
from unotui.tui.screens.setup import SetupScreen
from unotui.tui.screens.table import TableScreen
from unotui.tui.screens.title import TitleScreen
from unotui.tui.screens.too_small import TooSmallScreen

SIZE = (100, 32)


def notices(app: App[None]) -> list[TooSmallScreen]:
    return [screen for screen in app.screen_stack if isinstance(screen, TooSmallScreen)]


def notice_text(app: App[None]) -> str:
    return str(app.screen.query_one("#too-small-text", Static).render())


async def test_a_terminal_under_80x24_is_told_takes_no_game_key_and_plays_on_once_big_enough() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and app.screen_stack[-2] is table
        assert "at least 80×24; this one is 70×20" in notice_text(app)
        events = len(session.table.match.events)
        await pilot.press("d", "1", "enter", "colon", "d", "r", "a", "w", "enter", "ctrl+p")
        await pilot.pause()
        assert len(session.table.match.events) == events and session.table.view(0).hand == (Card.R3, Card.G7, Card.B9)
        assert isinstance(app.screen, TooSmallScreen)  # ctrl+p opened no command palette over it
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert app.screen is table and not notices(app)
        await pilot.press("d")
        await pilot.pause()
        assert len(session.table.view(0).hand) == 4


async def test_the_bots_wait_under_the_notice_and_play_on_once_it_goes() -> None:
    session = position_session([["r3", "g7", "g2"], ["r4", "b3", "b2"]], discard=["r5"])
    app = UnoApp(None, 0.3, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")  # r3; Bo's turn, after a visible delay
        await pilot.resize_terminal(80, 23)
        await pilot.pause(0.6)
        assert isinstance(app.screen, TooSmallScreen)
        assert session.table.view(0).turn == 1 and session.table.view(1).hand_sizes[1] == 3
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.6)
        assert isinstance(app.screen, TableScreen) and session.table.view(1).hand_sizes[1] == 2
        assert session.table.view(0).turn == 0


async def test_a_dialog_up_when_the_terminal_shrinks_is_up_again_after_and_answers() -> None:
    session = position_session([["w", "g7", "r1"], ["b2", "b3"]], discard=["y5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ColorDialog)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.press("g", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and Card.WILD in session.table.view(0).hand
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and session.table.view(0).color is Color.GREEN


async def test_resizes_while_too_small_keep_one_notice_saying_the_size_now() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        for width, height in [(70, 20), (60, 18), (120, 20), (79, 40)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert len(notices(app)) == 1 and app.screen is notices(app)[0]
            assert f"this one is {width}×{height}." in notice_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack[1:]] == [TableScreen]


async def test_a_hot_seat_match_opened_too_small_waits_on_its_pass_screen_under_the_notice() -> None:
    session = position_session([["r3", "g7"], ["r4", "b3"]], discard=["r5"], names=("Ada", "Bo"), humans=(0, 1))
    session.table.submit(session.table.legal_commands(0)[0])
    app = app_for(session)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack[1:]] == [TableScreen, PrivacyScreen, TooSmallScreen]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1


async def test_a_screen_opened_while_the_notice_is_up_opens_beneath_it() -> None:
    # A screen can open with no key pressed (a table opening its pass screen or a dialog as
    # it mounts): over the notice it would be drawn cut short, and take the keys.
    session = position_session([["r3", "g7"], ["r4", "b3"]], discard=["r5"], names=("Ada", "Bo"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        app.push_screen(PrivacyScreen("Bo", leave=lambda: ConfirmDialog("Leave the table?")))
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack[1:]] == [TableScreen, PrivacyScreen, TooSmallScreen]
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)


async def test_the_title_needs_less_than_a_table_and_the_notice_comes_with_the_setup(tmp_path: Path) -> None:
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)  # its menu narrows: 60x16 will do
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and isinstance(app.screen_stack[-2], SetupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(50, 20)
        await pilot.pause()
        assert "at least 80×24; this one is 50×20" in notice_text(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0  # quit from under the notice


async def test_the_title_below_its_own_minimum_is_told_too(tmp_path: Path) -> None:
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "Needs 60×16; this is 50×12." in notice_text(app)
        await pilot.resize_terminal(60, 16)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and "New game" in screen_text(app)


async def test_the_replay_viewer_opened_too_small_is_told_too() -> None:
    async with ReplayApp(recording_of(three_player_match(), "three-players.uno")).run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, TooSmallScreen) and isinstance(pilot.app.screen_stack[-2], ReplayScreen)


async def test_a_replay_playing_waits_under_the_notice_and_plays_on_after() -> None:
    async with ReplayApp(recording_of(three_player_match(), "three-players.uno")).run_test(size=SIZE) as pilot:
        viewer = pilot.app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press(*["plus"] * 5, "space")  # the fastest speed
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        stood = viewer.position
        await pilot.pause(0.4)
        assert isinstance(pilot.app.screen, TooSmallScreen) and viewer.position == stood and viewer.playing
        await pilot.resize_terminal(*SIZE)
        await pilot.pause(0.4)
        assert pilot.app.screen is viewer and viewer.position > stood


async def test_a_notification_showing_when_the_terminal_shrinks_goes_with_the_notice() -> None:
    app = app_for(position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k")  # a key that can't act: its answer is a notification too
        await pilot.pause()
        assert app._notifications
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and not app._notifications


@pytest.mark.parametrize("size", [(30, 8), (79, 10), (24, 24)])
async def test_a_tiny_terminal_is_told_the_sizes_whole(size: tuple[int, int]) -> None:
    # At 30x8 the notice showed "The terminal is too small / unotui needs a" and a
    # scrollbar: the sizes needed and had were cut off.
    app = app_for(position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        shown = " ".join(" ".join(line.strip("█▀▄ ").split()) for line in screen_text(app).splitlines())
        width, height = size
        assert f"Needs 80×24; this is {width}×{height}. ctrl+q quits." in shown
