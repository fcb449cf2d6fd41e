"""The load screen: every save with its scores, which wrap to fit a narrow screen rather
than run off its edge; Enter plays on from the save picked, `d` deletes it after asking."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import DataTable
from tui_support import FIXED_TIME, dialog_text, played_at, saved_matches, screen_text, seats

from unotui.engine import RuleSet
from unotui.record import make_header, new_game
from unotui.tui.app import UnoApp
from unotui.tui.screens.dialogs import ConfirmDialog
from unotui.tui.screens.load import LoadScreen
from unotui.tui.screens.table import TableScreen

NAMES = tuple(f"Player{seat}" for seat in range(10))


def full_table_and_a_broken_save(folder: Path) -> None:
    header = make_header(seats(NAMES), RuleSet(), seed=3, created=FIXED_TIME)
    new_game(folder, header, sync=False).close()
    (folder / "broken.uno").write_bytes(b"not a save")


def row_heights(table: DataTable[object]) -> list[int]:
    return [row.height for row in table.rows.values()]


async def test_a_full_tables_scores_wrap_at_64_columns_and_unwrap_when_the_screen_widens(tmp_path: Path) -> None:
    full_table_and_a_broken_save(tmp_path)
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(64, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # nothing to scroll to
        text = screen_text(app)
        assert all(f"{name} 0" in text for name in NAMES)  # a name never parted from its score
        assert "unreadable" in text and "broken.uno" in text
        narrow = row_heights(table)
        assert max(narrow) >= 4
        await pilot.resize_terminal(160, 24)
        await pilot.pause()
        wide = row_heights(table)
        assert len(wide) == len(narrow) == 2 and all(w < n for w, n in zip(wide, narrow, strict=True))
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_the_cursor_keeps_its_row_when_the_screen_is_resized(tmp_path: Path) -> None:
    full_table_and_a_broken_save(tmp_path)
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("l", "down")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.cursor_row == 1
        await pilot.resize_terminal(64, 24)
        await pilot.pause()
        assert table.cursor_row == 1


async def test_a_save_shows_the_name_it_was_given_and_the_journal_shows_autosave(tmp_path: Path) -> None:
    header = make_header(seats(("Ann", "Bo")), RuleSet(), seed=3, created=FIXED_TIME)
    table = new_game(tmp_path, header, sync=False)
    table.save_as(tmp_path / "friday-night.uno")
    table.close()
    assert table.path is not None
    played_at(table.path)
    played_at(tmp_path / "friday-night.uno")
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "friday-night" in text and "autosave" in text
        assert text.count("2025-01-02 03:04") == 2  # each under its name


async def test_a_long_name_wraps_whole_where_it_would_not_fit(tmp_path: Path) -> None:
    # At 80 columns both read "replay-You-Dotty-Gran-Rex…": two files told apart only by
    # their ends could not be told apart at all.
    header = make_header(seats(("You", "Dotty", "Gran", "Rex")), RuleSet(), seed=3, created=FIXED_TIME)
    table = new_game(tmp_path, header, sync=False)
    names = ["replay-You-Dotty-Gran-Rex.uno.json", "replay-You-Dotty-Gran-Rex-2.uno.json"]
    for name in names:
        table.save_as(tmp_path / name)
        played_at(tmp_path / name)
    table.close()
    async with UnoApp(tmp_path, 0.0).run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        grid = pilot.app.screen.query_one(DataTable)
        shown = {"".join(str(grid.get_row_at(row)[0]).splitlines()[:-1]) for row in range(grid.row_count)}
        assert shown == {*names, "autosave"}


async def test_a_branch_is_named_by_what_it_branched_from(tmp_path: Path) -> None:
    # The Load list called a branch `autosave`, like any match saved as it is played,
    # where the replay picker says what it is a branch of.
    from replay_matches import three_player_match

    from unotui.record.replay_cursor import recording_of
    from unotui.tui.screens.replay import branch_session

    recording = recording_of(three_player_match(), "three-players.uno")
    session = branch_session(recording, recording.cursor.turn_stops[40], 1, tmp_path)
    session.table.close()
    hand = recording.cursor.locate(recording.cursor.turn_stops[40])[0]
    async with UnoApp(tmp_path, 0.0).run_test(size=(100, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        # Whole where there is room for it (the name had 20 cells at any width).
        assert f"branch of three-players, hand {hand}" in screen_text(pilot.app)
        assert "autosave" not in screen_text(pilot.app)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        assert f"Delete branch of three-players, hand {hand}, the game of" in dialog_text(pilot.app)


async def test_enter_plays_on_from_the_save_picked(tmp_path: Path) -> None:
    older, _ = saved_matches(tmp_path, ("Ann", "Bo"), ("Cy", "Di"))
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        table = app.screen.table
        assert [player.name for player in table.header.players] == ["Ann", "Bo"]
        assert table.path == older  # the game goes on in its own file


async def test_a_save_that_cant_be_read_says_why_and_the_list_stays(tmp_path: Path) -> None:
    full_table_and_a_broken_save(tmp_path)
    os.utime(tmp_path / "broken.uno", (0, 0))  # the older of the two: the second row
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("l", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        notes = [note.message for note in app._notifications]
        assert len(notes) == 1 and "broken.uno" in notes[0] and "not a unotui replay" in notes[0]


async def test_d_deletes_a_save_only_once_asked_and_answered_yes(tmp_path: Path) -> None:
    older, newer = saved_matches(tmp_path, ("Ann", "Bo"), ("Cy", "Di"))
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("l", "down", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "Delete autosave, the game of Ann, Bo (before the first deal)?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert older.exists() and isinstance(app.screen, LoadScreen)

        await pilot.press("d", "y")
        await pilot.pause()
        assert not older.exists() and newer.exists()
        assert isinstance(app.screen, LoadScreen) and len(app.screen.saves) == 1
        assert "Ann 0" not in screen_text(app) and "Cy 0" in screen_text(app)
        assert [note.message for note in app._notifications] == [f"Deleted {older.name}"]


async def test_a_json_save_is_named_whole_beside_its_uno_twin(tmp_path: Path) -> None:
    # `old.uno.json` was listed as `old.uno`, beside `old.uno` listed as `old`; the Replay
    # picker calls them `old.uno.json` and `old.uno`.
    samples = Path(__file__).parents[2] / "replays"
    for suffix in (".uno", ".uno.json"):
        (tmp_path / f"old{suffix}").write_bytes((samples / f"two-players-to-500{suffix}").read_bytes())
    async with UnoApp(tmp_path, 0.0).run_test(size=(100, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        table = pilot.app.screen.query_one(DataTable)
        names = sorted(str(table.get_row(key)[0]).split("\n")[0] for key in table.rows)
        assert names == ["old", "old.uno.json"]
