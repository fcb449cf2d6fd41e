"""`Table`: journaling every accepted command, and the saves folder."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from unotui.engine import DECK, Accepted, DrawCard, PlayCard, Rejected, StartHand
from unotui.record import (
    MAX_STEM_BYTES,
    ReplayError,
    Table,
    default_save_dir,
    delete_save,
    list_saves,
    load_game,
    most_recent_unfinished,
    new_game,
    read_replay,
    save_path,
    save_stem,
    short_stem,
)

from unotui.record.format import encode_record_frame

from record_support import header_for, play_random


def test_every_accepted_command_is_on_disk_when_submit_returns(saves: Path) -> None:
    table = new_game(saves, header_for())
    assert table.path is not None and table.path.parent == saves
    assert isinstance(table.submit(StartHand(seat=0)), Accepted)
    on_disk = read_replay(table.path).replay
    assert on_disk.records == tuple(table.records)
    assert len(on_disk.records) == 1


def test_a_rejected_command_writes_nothing(saves: Path) -> None:
    table = new_game(saves, header_for())
    size = table.path.stat().st_size  # type: ignore[union-attr]
    assert isinstance(table.submit(DrawCard(seat=0)), Rejected)
    assert table.path.stat().st_size == size  # type: ignore[union-attr]
    assert table.records == []


def test_load_game_goes_on_where_the_journal_ended(saves: Path) -> None:
    table = new_game(saves, header_for(seed=8), sync=False)
    play_random(table, 60, seed=3)
    path, view, events = table.path, table.view(None), table.match.events
    table.close()
    again = load_game(path, saves)  # type: ignore[arg-type]
    assert again.path == path
    assert again.view(None) == view and again.match.events == events
    play_random(again, 20, seed=5)
    again.close()
    assert load_game(path).records == again.records  # type: ignore[arg-type]


def test_a_torn_last_record_is_dropped_and_everything_before_kept(saves: Path) -> None:
    table = new_game(saves, header_for(seed=8))
    play_random(table, 40, seed=3)
    path, kept = table.path, list(table.records)
    table.close()
    assert path is not None
    size = path.stat().st_size
    frame = encode_record_frame(msgspec.structs.replace(kept[-1], seq=len(kept)))
    with open(path, "ab") as file:  # the next write stopped halfway
        file.write(frame[: len(frame) // 2])
    again = load_game(path, saves)
    assert again.records == kept
    assert again.warnings and "dropped" in again.warnings[0]
    assert path.stat().st_size == size  # the torn tail was cut off before appending
    play_random(again, 5, seed=1)
    again.close()
    assert read_replay(path).torn is None


def test_loading_a_file_outside_the_saves_folder_leaves_it_untouched(saves: Path, tmp_path: Path) -> None:
    table = Table.new(header_for(seed=4))
    play_random(table, 30, seed=2)
    outside = table.save_as(tmp_path / "puzzle.uno.json")
    before = outside.read_bytes()
    loaded = load_game(outside, saves)
    assert loaded.path is not None and loaded.path.parent == saves
    loaded.submit(loaded.legal_commands(loaded.state.turn)[0])
    loaded.close()
    assert outside.read_bytes() == before
    copied = read_replay(loaded.path).replay
    assert copied.header == table.header and len(copied.records) == len(table.records) + 1


def test_save_as_writes_both_encodings_atomically(tmp_path: Path) -> None:
    table = Table.new(header_for(seed=4))
    play_random(table, 50, seed=2)
    for name in ("copy.uno", "copy.uno.json"):
        path = table.save_as(tmp_path / name)
        assert read_replay(path).replay == table.replay()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.uno", "copy.uno.json"]


def test_saves_are_listed_newest_first_and_resume_finds_the_unfinished_one(saves: Path) -> None:
    import os

    finished = new_game(saves, header_for(players=2, seed=3, target=50), sync=False)
    play_random(finished, 5000, seed=1)
    assert finished.finished
    unfinished = new_game(saves, header_for(players=3, seed=4), sync=False)
    play_random(unfinished, 10, seed=1)
    os.utime(finished.path, (2_000_000_000, 2_000_000_000))  # type: ignore[arg-type]
    os.utime(unfinished.path, (1_900_000_000, 1_900_000_000))  # type: ignore[arg-type]
    listed = list_saves(saves)
    assert [Path(s.path) for s in listed] == [finished.path, unfinished.path]
    assert listed[0].finished and not listed[1].finished
    assert listed[0].players == ("Ada", "Bo") and max(listed[0].scores) >= 50
    assert listed[1].hand == 1
    assert most_recent_unfinished(saves) == unfinished.path
    delete_save(unfinished.path)  # type: ignore[arg-type]
    assert most_recent_unfinished(saves) is None


def test_a_copy_saved_part_way_through_a_match_since_finished_is_not_resumed(saves: Path) -> None:
    table = new_game(saves, header_for(players=2, seed=3, target=50), sync=False)
    play_random(table, 10, seed=1)
    copy = table.save_as(saves / "part-way.uno")
    assert most_recent_unfinished(saves) in (copy, table.path)
    play_random(table, 5000, seed=1)
    assert table.finished
    assert most_recent_unfinished(saves) is None
    assert [save.finished for save in list_saves(saves) if Path(save.path) == copy] == [False]  # Load still lists it


def test_a_copy_saved_under_a_name_stays_as_saved_and_resume_goes_on_in_the_journal(saves: Path) -> None:
    # `resume` took the newest file, the copy saved with ctrl+s, and played on inside it:
    # the copy moved on and the journal was left behind, to be offered later as the game.
    import os

    table = new_game(saves, header_for(players=3, seed=4), sync=False)
    play_random(table, 10, seed=1)
    copy = table.save_as(saves / "friday-night.uno")
    table.close()
    os.utime(table.path, (1_600_000_000, 1_600_000_000))  # type: ignore[arg-type]
    os.utime(copy, (1_700_000_000, 1_700_000_000))  # the copy is the newer file
    assert most_recent_unfinished(saves) == table.path
    kept = copy.read_bytes()
    loaded = load_game(copy, saves, sync=False)
    assert loaded.path is not None and loaded.path not in (copy, table.path) and loaded.path.parent == saves
    play_random(loaded, 5, seed=2)
    loaded.close()
    assert copy.read_bytes() == kept
    assert most_recent_unfinished(saves) == loaded.path


def test_a_damaged_save_is_listed_with_its_error(saves: Path) -> None:
    saves.mkdir(parents=True)
    (saves / "junk.uno").write_bytes(b"\x00\x01 not a save")
    [save] = list_saves(saves)
    # The list names the file.
    assert save.error == "not a unotui replay (neither a .uno file nor JSON: it starts with '\\x00\\x01 not a save')"


def test_json_replays_are_saves_too_a_script_at_the_hand_its_commands_reach(saves: Path) -> None:
    # Load left out a match summary's Save replay (`replay-….uno.json`) from the folder
    # it was saved in.
    saves.mkdir(parents=True)
    root = Path(__file__).resolve().parents[2] / "replays"
    (saves / "script.uno.json").write_bytes((root / "script-skip-and-draw.uno.json").read_bytes())
    (saves / "game.uno").write_bytes((root / "two-players-to-500.uno").read_bytes())
    listed = {Path(save.path).name: save for save in list_saves(saves)}
    assert sorted(listed) == ["game.uno", "script.uno.json"]
    assert listed["script.uno.json"].hand == 1 and listed["script.uno.json"].error is None
    assert listed["game.uno"].origin is None


def test_a_branch_is_listed_with_the_file_and_hand_it_branched_from(saves: Path) -> None:
    from unotui.record import Origin, make_header

    source = Table.new(header_for(players=3, seed=4))
    play_random(source, 30, seed=1)
    position = source.match.state.position()
    origin = Origin(file="friday.uno", records=len(source.records), events=len(source.match.events))
    players = source.header.players
    new_game(saves, make_header(players, seed=source.match.state.rng, position=position, origin=origin), sync=False).close()
    [save] = list_saves(saves)
    assert save.origin == "friday.uno" and save.origin_hand == position.hand == save.hand


def test_the_save_dir_comes_from_the_option_then_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("UNOTUI_SAVE_DIR", str(tmp_path / "env"))
    assert default_save_dir(str(tmp_path / "opt")) == tmp_path / "opt"
    assert default_save_dir() == tmp_path / "env"
    monkeypatch.delenv("UNOTUI_SAVE_DIR")
    assert default_save_dir().name == "saves"


def test_missing_file_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="no such file"):
        load_game(tmp_path / "nope.uno", tmp_path)


def test_an_illegal_play_is_rejected_by_the_table(saves: Path) -> None:
    table = new_game(saves, header_for())
    table.submit(StartHand(seat=0))
    turn = table.state.turn
    not_held = next(card for card in DECK if card not in table.view(turn).hand and card.color is not None)
    records = len(table.records)
    verdict = table.submit(PlayCard(seat=turn, card=not_held))
    assert isinstance(verdict, Rejected) and verdict.rule == "R-TURN-1"
    assert len(table.records) == records


def test_a_script_in_the_saves_folder_is_not_resumed_once_the_match_played_on_from_it_is_over(saves: Path) -> None:
    # The save played on from a script commits to its deck where the script does not; read
    # as another match, the script was offered to resume after that match was over.
    import json

    saves.mkdir(parents=True)
    script = json.loads((Path(__file__).resolve().parents[2] / "replays" / "script-skip-and-draw.uno.json").read_text())
    script["header"]["rules"]["target"] = 50
    (saves / "script.uno.json").write_text(json.dumps(script))
    table = load_game(saves / "script.uno.json", saves, sync=False)
    play_random(table, 5000, seed=1)
    assert table.finished
    table.close()
    assert most_recent_unfinished(saves) is None
    assert len({save.match for save in list_saves(saves)}) == 1


@pytest.mark.parametrize("name", ["a" * 300, "𝐀" * 100, "é" * 100 + "-" + "b" * 100, "a" * 116 + " " + "b" * 50],
                         ids=["latin", "4 bytes", "cut mid-letter", "cut at a dash"])
def test_a_save_stem_made_from_long_names_fits_a_file_name(name: str) -> None:
    # Seven 40-letter names made a 290-byte stem: ctrl+s crashed on "File name too long".
    stem = short_stem(name)
    assert 0 < len(stem.encode()) <= MAX_STEM_BYTES - len("-99")  # room for save_path's -2 ... -99
    assert name.startswith(stem)  # cut at a character, never mid-letter
    assert not stem.endswith("-")
    assert short_stem("friday night") == "friday-night"  # short names as they were
    assert save_stem(name) == name.replace(" ", "-")  # a typed name is never cut, only refused


def test_save_path_takes_a_name_too_long_to_look_up_as_free(saves: Path) -> None:
    # `exists()` raised "File name too long" out of save_path; the write now reports it.
    saves.mkdir()
    path = save_path(saves, "y" * 300, ".uno", header_for())
    assert path == saves / f"{'y' * 300}.uno"
