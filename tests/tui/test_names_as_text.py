"""Players' names are text, never markup or a path: a name with square brackets shows as
typed on every screen that shows names and can't break one, and a name with a slash can't
put a saved file anywhere but the saves folder."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from replay_matches import three_player_match
from tui_support import app_for, commands_set_off, position_session, screen_text, sit_down

from unotui.record import encode_msgpack
from unotui.record.replay_cursor import recording_of
from unotui.tui.app import UnoApp
from unotui.tui.faces import COLOR_SYMBOL
from unotui.tui.screens.dialogs import ChallengeDialog, RevealDialog
from unotui.tui.screens.privacy import PrivacyScreen
from unotui.tui.screens.replay import ReplayApp
from unotui.tui.screens.summary import MatchSummary
from unotui.tui.widgets import GameLog

ANN, BO = "Ann[/]", "[b]Bo"
"""A name that is a markup error, and one that would turn bold and lose its brackets."""

SIZE = (120, 40)


async def test_the_table_the_scores_and_the_privacy_screen() -> None:
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=(ANN, BO), humans=(0, 1),
                               scores=(120, 45), results=((0, 45), (120, 0)))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.pause()
        assert BO in screen_text(app)  # its seat box
        await pilot.press("s")
        await pilot.pause()
        assert ANN in screen_text(app) and BO in screen_text(app)
        await pilot.press("escape", "1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert f"Pass the keyboard to {BO}." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert f"{ANN} plays r3." in text and f"{ANN} · 120 pts" in text  # Bo's log and Ann's seat box


async def test_a_challenge_and_what_it_shows() -> None:
    # Bo holds nothing red but its Wild Draw Four, and plays it.
    session = position_session([["r1", "g2"], ["w+4", "b4", "y3"]], discard=["r5"], turn=1, dealer=0,
                               names=("You", BO))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        named = session.table.view(0).color
        assert named is not None
        assert f"{BO} plays a Wild Draw Four on you and names {named.value} {COLOR_SYMBOL[named]}." in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RevealDialog)
        assert f"{BO}'s hand" in screen_text(app)


async def test_the_end_of_a_hand_and_of_the_match() -> None:
    session = position_session([["r3"], ["b2", "b3", "w+4"]], names=(ANN, BO), uno=(0,), scores=(480, 100),
                               results=((0, 100), (300, 0), (180, 0)))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary)
        assert f"{ANN} wins the match!" in screen_text(app)


async def test_title_and_load_screens(saves: Path) -> None:
    position_session([["r3", "g7"], ["r4", "b3"]], names=(ANN, BO), humans=(0, 1), save_dir=saves)
    app = UnoApp(saves, 0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"{ANN} 0 · {BO} 0" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert f"{ANN} 0 · {BO} 0" in screen_text(app)


async def test_the_replay_viewer(tmp_path: Path) -> None:
    replay = three_player_match()
    players = tuple(msgspec.structs.replace(player, name=name) for player, name in zip(replay.header.players, (ANN, BO, "Cy"), strict=True))
    replay = msgspec.structs.replace(replay, header=msgspec.structs.replace(replay.header, players=players))
    path = tmp_path / "brackets.uno"
    path.write_bytes(encode_msgpack(replay))
    async with ReplayApp(recording_of(replay, path.name)).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end", "b")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "BranchDialog"  # from the audit view: play on as whom?
        assert ANN in screen_text(pilot.app) and BO in screen_text(pilot.app)
        await pilot.press("escape")
        # Each seat's view: the status line and the log's title name it.
        for seen in (f"{ANN}'s view", f"{BO}'s view"):
            await pilot.press("v")
            await pilot.pause()
            text = screen_text(pilot.app)
            assert seen in text and f"as {seen[:-7]} saw it" in text


async def test_typed_brackets_are_answered_as_text() -> None:
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("You", BO))
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("colon", *"catch [/]", "enter")
        await pilot.pause(0.2)
        assert "There's nobody called '[/]' at this table" in screen_text(app)  # in the log


@pytest.mark.parametrize("name", [BO, "`Bo`"])
async def test_a_name_in_a_keys_notification_shows_as_typed(name: str) -> None:
    # A typed command is answered in the log alone; a key's answer has a notification too.
    session = position_session([["r3", "g7"], ["b2"]], names=("You", name))
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause(0.2)
        answer = f"the chance to catch {name} passed"
        assert any(answer in str(toast.render()) for toast in app.screen.query("Toast"))
        assert commands_set_off(app) == ([], [])


TICKED = "`Bo`"
"""A name that reads as a command written between backticks."""


async def test_a_name_with_backticks_is_never_set_off_as_a_command() -> None:
    session = position_session([["r9", "b1"], ["b2", "b3", "y7"]], names=("You", TICKED), decision="play_or_keep",
                               drawn="r9")
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.pop_screen()  # the drawn card's dialog: answered in words instead
        await pilot.press("colon", *"look", "enter")
        await pilot.pause()
        pane = " ".join(strip.text.strip() for strip in app.screen.query_one(GameLog).lines)
        assert f"You hold 2 cards; {TICKED} holds 3 cards. You drew r9: play it or keep." in pane
        assert commands_set_off(app) == (["play it", "keep"], [])


@pytest.mark.parametrize("typed", ["catch bo", "catch `Bo`"])
async def test_a_name_with_backticks_is_answered_as_text_and_caught_as_typed(typed: str) -> None:
    session = position_session([["r3", "g7"], ["b2"], ["y1", "y2"]], names=("You", TICKED, "Cy"), uno=(1,))
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("colon", *typed, "enter")
        await pilot.pause(0.2)
        assert f"{TICKED} has said UNO (R-UNO-5)." in screen_text(app)  # in the log
        assert commands_set_off(app) == ([], [])


async def test_a_replay_saved_at_the_end_stays_in_the_saves_folder(saves: Path) -> None:
    session = position_session([["r3"], ["b2", "b3", "w+4"]], names=("AC/DC", "../Bo"), uno=(0,), scores=(480, 100),
                               results=((0, 100), (300, 0), (180, 0)), save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary)
        await pilot.press("s")
        await pilot.pause()
    assert [path.name for path in saves.glob("replay-*")] == ["replay-AC-DC-Bo.uno.json"]
