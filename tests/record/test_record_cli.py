"""`unotui verify`, `log`, `export`, `schema`, and the sample files in `replays/`."""

from __future__ import annotations

import importlib.util
import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from unotui.cli import main
from unotui.engine import ChallengeResolved, DiscardsReshuffled, DrawCard, UnoCaught
from unotui.record import Replay, encode_json, make_header, read_replay, rebuild
from unotui.record.replay_cursor import branch_point, open_recording

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(p for p in (ROOT / "replays").iterdir() if p.name.endswith((".uno", ".uno.json")))


def test_there_are_samples_in_both_encodings_and_a_script() -> None:
    names = {p.name for p in SAMPLES}
    for base in ("two-players-to-500", "four-players-to-500", "ten-players-one-hand"):
        assert {f"{base}.uno", f"{base}.uno.json"} <= names
    assert any(not read_replay(p).replay.records and read_replay(p).replay.commands for p in SAMPLES)


def test_verify_counts_one_hand_and_one_command_in_the_singular(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(ROOT / "replays" / "ten-players-one-hand.uno")]) == 0
    assert "events, 1 hand played" in capsys.readouterr().out
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_text())
    doc["commands"] = doc["commands"][:1]
    (tmp_path / "one.uno.json").write_text(json.dumps(doc))
    assert main(["verify", str(tmp_path / "one.uno.json")]) == 0
    assert "  1 command, 6 events, 0 hands played" in capsys.readouterr().out.splitlines()


def test_verify_fits_ten_players_in_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(ROOT / "replays" / "ten-players-one-hand.uno")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    # The players wrap between entries, under the first.
    assert lines[1].startswith("  players: Ada (bot, habits), ") and lines[2].startswith(" " * 11 + "Di (bot, habits)")


def test_verify_keeps_a_blocked_hand_in_its_columns() -> None:
    import io

    from unotui.record.run import _print_summary
    from unotui.record.verify import HandResult, Summary

    summary = Summary(file="x.uno", status="ok", players=("Ada", "Bo"), kinds=("human", "bot"), records=9, events=30,
                      hands=(HandResult(hand=1, winner=None, points=(0, 0), totals=(0, 0)),
                             HandResult(hand=2, winner=1, points=(0, 1234), totals=(0, 1234))),
                      totals=(0, 1234))
    out = io.StringIO()
    _print_summary(summary, out)
    table = out.getvalue().splitlines()[3:6]
    assert table == ["  hand  winner    Ada    Bo",
                     "     1  blocked     0     0",
                     "     2  Bo          0  1234"]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_verifies(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"OK {path}")


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_exports_losslessly_both_ways(path: Path, tmp_path: Path) -> None:
    original = read_replay(path).replay
    json_copy, msgpack_copy = tmp_path / "a.uno.json", tmp_path / "a.uno"
    assert main(["export", str(path), "--to", "json", "-o", str(json_copy)]) == 0
    assert main(["export", str(json_copy), "--to", "msgpack", "-o", str(msgpack_copy)]) == 0
    assert read_replay(json_copy).replay == read_replay(msgpack_copy).replay == original
    again = tmp_path / "b.uno.json"
    assert main(["export", str(msgpack_copy), "--to", "json", "-o", str(again)]) == 0
    assert again.read_bytes() == json_copy.read_bytes()


def test_the_samples_show_what_the_issue_asks_for() -> None:
    events = rebuild(read_replay(ROOT / "replays" / "four-players-to-500.uno").replay).match.events
    results = {e.succeeded for e in events if isinstance(e, ChallengeResolved)}
    assert results == {True, False}
    assert any(isinstance(e, UnoCaught) for e in events) and any(isinstance(e, DiscardsReshuffled) for e in events)
    assert len(events) >= 2000
    two = rebuild(read_replay(ROOT / "replays" / "two-players-to-500.uno").replay).match
    assert two.state.players == 2 and max(two.state.scores) >= 500
    ten = rebuild(read_replay(ROOT / "replays" / "ten-players-one-hand.uno").replay).match
    assert ten.state.players == 10 and len(ten.state.results) == 1


def test_the_sample_maker_regenerates_the_samples_byte_for_byte(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "replays" / "make_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for written in module.write_samples(tmp_path):
        assert written.read_bytes() == (ROOT / "replays" / written.name).read_bytes(), written.name


def test_verify_says_where_a_file_cut_at_a_record_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Records cut off the end leave a chain that holds: verify passes the file, and all it
    # said was "match not finished", not how far the match goes.
    from unotui.engine import HandEnded, TurnStarted

    doc = json.loads((ROOT / "replays" / "four-players-to-500.uno.json").read_text())
    records = read_replay(ROOT / "replays" / "four-players-to-500.uno.json").replay.records
    first_end = next(index for index, record in enumerate(records)
                     if any(isinstance(event, HandEnded) for event in record.events))
    turns = sum(isinstance(event, TurnStarted) for record in records[first_end + 1:100] for event in record.events)
    assert not any(isinstance(event, HandEnded) for record in records[first_end + 1:100] for event in record.events)
    for kept, told, hand, turn in (
        (100, f"the file stops in hand 2, at turn {turns}", 2, turns),
        (first_end + 1, "the file stops after hand 1, before the next is dealt", 1, 0),
        (0, "the file stops before the first deal", 0, 0),
    ):
        cut = tmp_path / f"cut-{kept}.uno.json"
        cut.write_text(json.dumps({**doc, "records": doc["records"][:kept]}))
        assert main(["verify", str(cut)]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == f"  match not finished: {told}"
        assert main(["verify", "--json", str(cut)]) == 0
        [summary] = json.loads(capsys.readouterr().out)
        assert (summary["finished"], summary["end_hand"], summary["end_turn"]) == (False, hand, turn)


def test_verify_numbers_a_branch_s_hand_as_its_position_and_shows_the_scores_carried_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A match branched at hand 11 had its hand numbered 0 (log calls it Hand 11), and its
    # totals took in the scores carried from the position with no row showing them.
    import random

    from unotui.engine import HandEnded
    from unotui.record import Table

    source = ROOT / "replays" / "four-players-to-500.uno"
    recording = open_recording(source)
    branch = branch_point(recording, recording.cursor.hand_stops[11] + 5)
    table = Table.new(make_header(read_replay(source).replay.header.players, seed=branch.position.rng,
                                  position=branch.position, origin=branch.origin))
    chooser = random.Random(1)
    while not any(isinstance(event, HandEnded) for event in table.match.events):
        table.submit(chooser.choice([command for seat in range(4) for command in table.legal_commands(seat)]))
    branched = table.save_as(tmp_path / "branched.uno.json")
    assert main(["verify", str(branched)]) == 0
    assert capsys.readouterr().out.splitlines()[4:] == [
        "  hand  winner    Ada    Bo    Cy    Di",
        "        carried   393    31   171   444",
        "    11  Cy          0     0   130     0",
        "        total     393    31   301   444",
        "  match not finished: the file stops after hand 11, before the next is dealt",
    ]
    assert main(["verify", "--json", str(branched)]) == 0
    [summary] = json.loads(capsys.readouterr().out)
    assert [hand["hand"] for hand in summary["hands"]] == [11] and summary["carried"] == [393, 31, 171, 444]
    # A bad record is placed in the hand as numbered there too.
    doc = json.loads(branched.read_text())
    doc["records"][3]["hash"] = "0" * 64
    branched.write_text(json.dumps(doc))
    assert main(["verify", str(branched)]) == 1
    assert capsys.readouterr().out.startswith(f"FAILED {branched}: record 3 (hand 11, turn ")


def test_verify_json_gives_hands_totals_and_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--json", str(ROOT / "replays" / "two-players-to-500.uno")]) == 0
    [summary] = json.loads(capsys.readouterr().out)
    assert summary["status"] == "ok" and summary["finished"]
    assert summary["hands"][0].keys() >= {"hand", "winner", "points", "totals"}
    assert summary["totals"] == summary["hands"][-1]["totals"]


def _flipped(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 1]) + data[at + 1:]


def _a_seat_made_a_word(data: bytes) -> bytes:
    doc = json.loads(data)
    doc["records"][12]["events"][0]["seat"] = "one"
    return json.dumps(doc).encode()


@pytest.mark.parametrize(("name", "damage", "record"), [
    ("four-players-to-500.uno", lambda data: _flipped(data, 5000), 16),
    ("four-players-to-500.uno", lambda data: data[:-3], 895),
    ("four-players-to-500.uno.json", _a_seat_made_a_word, 12),
], ids=["checksum", "torn-tail", "wrong-shape"])
def test_verify_json_names_the_record_a_damaged_file_fails_at(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              name: str, damage: Callable[[bytes], bytes],
                                                              record: int) -> None:
    bad = tmp_path / name
    bad.write_bytes(damage((ROOT / "replays" / name).read_bytes()))
    assert main(["verify", "--json", str(bad)]) == 1
    [summary] = json.loads(capsys.readouterr().out)
    assert summary["failed_record"] == record
    assert f"record {record} " in summary["failure"] or f"$.records[{record}]" in summary["failure"]


def test_verify_names_the_first_bad_record_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((ROOT / "replays" / "two-players-to-500.uno.json").read_text())
    doc["records"][30]["events"][0]["seat"] = 1 - doc["records"][30]["events"][0].get("seat", 0)
    bad = tmp_path / "bad.uno.json"
    bad.write_text(json.dumps(doc))
    good = ROOT / "replays" / "ten-players-one-hand.uno"
    assert main(["verify", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"OK {good}" in out and f"FAILED {bad}: record 30 (hand" in out


def test_verify_says_where_a_cut_short_json_replay_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cut = tmp_path / "cut.uno.json"
    cut.write_bytes((ROOT / "replays" / "two-players-to-500.uno.json").read_bytes()[:3000])
    lines = cut.read_text().split("\n")
    assert main(["verify", str(cut)]) == 1
    assert capsys.readouterr().out == (f"FAILED {cut}: a damaged replay (input data was truncated: the file ends "
                                       f"at byte 3000 (line {len(lines)}, column {len(lines[-1]) + 1}))\n")


def test_verify_refuses_a_misspelt_rule_of_a_recorded_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((ROOT / "replays" / "four-players-to-500.uno.json").read_text())
    doc["header"]["rules"]["stacknig"] = True
    bad = tmp_path / "typo.uno.json"
    bad.write_text(json.dumps(doc))
    assert main(["verify", str(bad)]) == 1
    assert capsys.readouterr().out == f"FAILED {bad}: unknown field `$.header.rules.stacknig` (did you mean `stacking`?)\n"


@pytest.mark.parametrize("content", [b"", b"garbage", b"\x89UNO\r\n\x1a\n\x00\x00"], ids=["empty", "garbage", "cut"])
def test_bad_files_give_one_line_and_a_non_zero_exit(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.uno"
    path.write_bytes(content)
    for command in (["verify", str(path)], ["log", str(path)], ["export", str(path), "--to", "json"]):
        result = subprocess.run([sys.executable, "-m", "unotui", *command], capture_output=True, text=True)
        assert result.returncode == 1, command
        text = (result.stdout + result.stderr).strip()
        assert "Traceback" not in text and len(text.splitlines()) == 1 and str(path) in text


def _run_limited(*args: str) -> str:
    """`unotui ARGS` in a child that fails at 2 GiB rather than swapping, or at 20 seconds
    rather than hanging the run; its output, which must be one line and a non-zero exit."""
    import resource

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))

    result = subprocess.run([sys.executable, "-m", "unotui", *args], capture_output=True, text=True, timeout=20,
                            preexec_fn=limit_memory)
    text = (result.stdout + result.stderr).strip()
    assert result.returncode in (1, 2) and len(text.splitlines()) == 1, (args, result.returncode, text)
    return text


@pytest.mark.parametrize("command", [["verify"], ["log"], ["export", "--to", "json"], ["load"], ["replay"]],
                         ids=lambda command: command[0])
def test_a_file_that_is_not_a_regular_one_is_refused_in_one_line(tmp_path: Path, saves: Path,
                                                                   command: list[str]) -> None:
    # A FIFO was waited on for ever, and /dev/zero read until memory ran out: a device's
    # size, which the size limit was checked against, is 0.
    fifo = tmp_path / "pipe.uno"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a named pipe"), (Path("/dev/zero"), "a device")):
        told = _run_limited(command[0], str(path), *command[1:])
        assert f"{path}: not a regular file ({kind})" in told


def test_resume_names_a_special_file_in_the_saves_folder_as_unreadable(saves: Path) -> None:
    # Listing the saves waited for ever on a FIFO among them.
    saves.mkdir()
    os.mkfifo(saves / "pipe.uno")
    told = _run_limited("resume")
    assert told.endswith("pipe.uno can't be read: not a regular file (a named pipe)")


def test_log_tells_the_match_in_plain_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", str(ROOT / "replays" / "script-skip-and-draw.uno.json"), "--seat", "0"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Ada (you) and Bo play to 500 points.",
        "Hand 1. You deal.",
        "Each player is dealt 7; you get g1 g2 g3 g4 g5 g6 r9.",
        "Start card r7.",
        "Bo plays r1.",
        "You play r9.",
        "Bo plays rs: you are skipped.",
        "Bo plays r2.",
        "You draw b1.",
        "Bo plays r3.",
    ]


def test_log_by_seat_names_the_players_as_that_seat_reads_them(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from unotui.record import PlayerInfo, PlayerKind, Table, make_header

    players = [PlayerInfo(name="You", kind=PlayerKind.HUMAN), PlayerInfo(name="Bo", kind=PlayerKind.HUMAN)]
    path = Table.new(make_header(players, seed=3)).save_as(tmp_path / "yours.uno")
    for seat, heading in ((None, "You and Bo"), (0, "You and Bo"), (1, "Player 1 and Bo (you)")):
        assert main(["log", str(path), *(["--seat", str(seat)] if seat is not None else [])]) == 0
        assert capsys.readouterr().out.splitlines()[0] == f"{heading} play to 500 points."


def test_a_name_the_file_repeats_is_numbered_in_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_text())
    doc["header"]["players"][1]["name"] = doc["header"]["players"][0]["name"] = "Ada"
    path = tmp_path / "twins.uno.json"
    path.write_text(json.dumps(doc))
    assert main(["log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Ada and Ada 2 play to 500 points." and "Ada 2 plays rs: Ada is skipped." in lines


def test_log_by_seat_hides_other_hands_and_by_hand_shows_one(capsys: pytest.CaptureFixture[str]) -> None:
    four = str(ROOT / "replays" / "four-players-to-500.uno")
    assert main(["log", four, "--seat", "1", "--hand", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Hand 2. Cy deals." or lines[0].startswith("Hand 2.")
    assert not any(line.startswith("Hand 3.") for line in lines)
    assert any("you get" in line for line in lines) and not any("(a bluff)" in line for line in lines)
    assert main(["log", four]) == 0
    assert any("(a bluff)" in line for line in capsys.readouterr().out.splitlines())


def test_log_rejects_a_seat_not_at_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", str(ROOT / "replays" / "two-players-to-500.uno"), "--seat", "5"]) == 2
    assert "seats 0 to 1" in capsys.readouterr().err


def test_log_rejects_a_hand_the_match_did_not_play(capsys: pytest.CaptureFixture[str]) -> None:
    replays = ROOT / "replays"
    assert main(["log", str(replays / "two-players-to-500.uno"), "--hand", "99"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "unotui log: --hand 99: the match has hands 1 to 18\n" and not captured.out
    assert main(["log", str(replays / "ten-players-one-hand.uno"), "--hand", "0"]) == 2
    assert "the match has hand 1\n" in capsys.readouterr().err


def test_schema_prints_the_generated_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["$ref"] == "#/$defs/Replay"


def test_export_names_the_output_beside_the_input(tmp_path: Path) -> None:
    source = tmp_path / "game.uno"
    source.write_bytes((ROOT / "replays" / "ten-players-one-hand.uno").read_bytes())
    assert main(["export", str(source), "--to", "json"]) == 0
    assert (tmp_path / "game.uno.json").exists()


def test_export_refuses_a_folder_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "typo" / "game.uno.json"
    assert main(["export", str(ROOT / "replays" / "ten-players-one-hand.uno"), "--to", "json", "-o", str(output)]) == 1
    assert capsys.readouterr().err == f"unotui export: {output}: can't write it (no folder {output.parent})\n"
    assert not output.parent.exists()


def test_a_file_export_cant_write_says_why_in_lowercase(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The reason came as the system words it, capitalised: "(File name too long)".
    output = tmp_path / ("x" * 300 + ".uno.json")
    assert main(["export", str(ROOT / "replays" / "ten-players-one-hand.uno"), "--to", "json", "-o", str(output)]) == 1
    assert capsys.readouterr().err == f"unotui export: {output}: can't write it (file name too long)\n"


def test_export_to_stdout_and_a_torn_tail_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = ROOT / "replays" / "ten-players-one-hand.uno"
    assert main(["export", str(source), "--to", "json", "-o", "-"]) == 0
    assert capsys.readouterr().out.encode() == encode_json(read_replay(source).replay)
    torn = tmp_path / "torn.uno"
    torn.write_bytes(source.read_bytes()[:-3])
    warnings = []
    for command in (["export", str(torn), "--to", "json", "-o", str(tmp_path / "t.uno.json")], ["log", str(torn)]):
        assert main(command) == 0
        warning = capsys.readouterr().err
        assert warning.startswith(f"unotui {command[0]}: warning: {torn}: ") and "interrupted write" in warning
        warnings.append(warning.removeprefix(f"unotui {command[0]}: "))
    assert warnings[0] == warnings[1]


def test_export_refuses_a_file_that_fails_verification(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Written out again, its records would make a file that verifies: the damage laundered.
    doc = json.loads((ROOT / "replays" / "two-players-to-500.uno.json").read_text())
    doc["records"][30]["events"][0]["seat"] = 1 - doc["records"][30]["events"][0].get("seat", 0)
    bad = tmp_path / "bad.uno.json"
    bad.write_text(json.dumps(doc))
    assert main(["log", str(bad)]) == 1
    refused = capsys.readouterr().err.removeprefix("unotui log: ")
    assert refused.startswith(f"{bad}: record 30 (hand ") and refused.count("\n") == 1
    assert main(["export", str(bad), "--to", "msgpack"]) == 1
    assert capsys.readouterr().err == f"unotui export: {refused}"
    assert not (tmp_path / "bad.uno").exists()


def test_export_refuses_to_write_over_its_own_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A torn tail would be dropped from the file itself, and a failing file would then verify.
    torn = tmp_path / "torn.uno"
    torn.write_bytes((ROOT / "replays" / "ten-players-one-hand.uno").read_bytes()[:-3])
    script = tmp_path / "script.uno.json"
    script.write_bytes((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    for source, to in ((torn, "msgpack"), (script, "json")):
        before = source.read_bytes()
        assert main(["export", str(source), "--to", to]) == 2
        assert capsys.readouterr().err == f"unotui export: {source} is already {to}: name another file with -o\n"
        other = "json" if to == "msgpack" else "msgpack"
        assert main(["export", str(source), "--to", other, "-o", str(source)]) == 2
        assert capsys.readouterr().err == f"unotui export: -o {source} is the file read: name another file with -o\n"
        assert source.read_bytes() == before


def test_export_replaces_no_other_file_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "four.uno"
    source.write_bytes((ROOT / "replays" / "four-players-to-500.uno").read_bytes())
    other = (ROOT / "replays" / "two-players-to-500.uno.json").read_bytes()
    beside = tmp_path / "four.uno.json"
    beside.write_bytes(other)
    assert main(["export", str(source), "--to", "json"]) == 2
    assert capsys.readouterr().err == (f"unotui export: {beside} holds another match: "
                                       "name another file with -o, or replace it with --force\n")
    assert beside.read_bytes() == other
    notes = tmp_path / "notes.uno.json"
    notes.write_text("my notes\n")
    assert main(["export", str(source), "--to", "json", "-o", str(notes)]) == 2
    assert f"{notes} exists and is not a replay unotui can read: " in capsys.readouterr().err
    assert notes.read_text() == "my notes\n"
    # A copy of the same match is written again, and a longer one is kept from a shorter.
    copy = tmp_path / "copy.uno.json"
    for _ in range(2):
        assert main(["export", str(source), "--to", "json", "-o", str(copy)]) == 0
    torn = tmp_path / "torn.uno"
    torn.write_bytes(source.read_bytes()[:-3])
    assert main(["export", str(torn), "--to", "json", "-o", str(copy)]) == 2
    records = len(read_replay(source).replay.records)
    assert f"{copy} holds more of this match ({records} commands where {torn} has {records - 1})" in capsys.readouterr().err
    assert len(read_replay(copy).replay.records) == records
    assert main(["export", str(source), "--to", "json", "--force"]) == 0
    assert read_replay(beside).replay == read_replay(source).replay


def test_export_keeps_a_hand_written_script_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Exported to .uno and back to JSON, a script replaced its own hand-written file with
    # one line of JSON: it held the same match, so it was taken for an earlier copy.
    written = (ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes()
    script, binary, copy = tmp_path / "script.uno.json", tmp_path / "script.uno", tmp_path / "copy.uno.json"
    script.write_bytes(written)
    for _ in range(2):  # the .uno is export's copy: written again unasked
        assert main(["export", str(script), "--to", "msgpack"]) == 0
        assert main(["export", str(binary), "--to", "json", "-o", str(copy)]) == 0
    capsys.readouterr()
    assert main(["export", str(binary), "--to", "json"]) == 2
    assert capsys.readouterr().err == (f"unotui export: {script} is a hand-written script, not a copy export made: "
                                       "name another file with -o, or replace it with --force\n")
    assert script.read_bytes() == written
    assert main(["export", str(binary), "--to", "json", "--force"]) == 0
    assert script.read_bytes() == copy.read_bytes()


def test_export_replaces_nothing_but_a_regular_file_even_forced(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # --force replaced a FIFO or a device node with a plain file, and without it /dev/null
    # was refused as a file that "is not a replay unotui can read".
    source = str(ROOT / "replays" / "ten-players-one-hand.uno")
    fifo = tmp_path / "pipe.uno.json"
    os.mkfifo(fifo)
    folder = tmp_path / "out.uno.json"
    folder.mkdir()
    for output, kind in ((fifo, "a named pipe"), (Path("/dev/null"), "a device"), (folder, "a folder")):
        for force in ([], ["--force"]):
            assert main(["export", source, "--to", "json", "-o", str(output), *force]) == 2
            assert capsys.readouterr().err == (f"unotui export: {output}: not a regular file ({kind}): "
                                               "name another file with -o, or - for stdout\n")
    assert stat.S_ISFIFO(fifo.stat().st_mode) and folder.is_dir()


def test_export_through_a_symbolic_link_writes_the_file_it_names(tmp_path: Path) -> None:
    # The link was replaced by a plain file, and the file it named kept the old copy.
    source = str(ROOT / "replays" / "ten-players-one-hand.uno")
    kept = tmp_path / "kept"
    kept.mkdir()
    target = kept / "match.uno.json"
    target.write_text("old notes\n")
    link = tmp_path / "match.uno.json"
    link.symlink_to(target)
    assert main(["export", source, "--to", "json", "-o", str(link), "--force"]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert read_replay(target).replay == read_replay(Path(source)).replay
    assert sorted(path.name for path in kept.iterdir()) == ["match.uno.json"]  # no temporary file left
    # A link into a folder that is not there: the folders were made, unasked.
    dangling = tmp_path / "dangling.uno.json"
    dangling.symlink_to(tmp_path / "nowhere" / "deep" / "match.uno.json")
    assert main(["export", source, "--to", "json", "-o", str(dangling)]) == 1
    assert not (tmp_path / "nowhere").exists()


def test_verify_fails_a_torn_tail_that_load_would_drop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    torn = tmp_path / "torn.uno"
    torn.write_bytes((ROOT / "replays" / "ten-players-one-hand.uno").read_bytes()[:-3])
    assert main(["verify", str(torn)]) == 1
    assert "cut short by an interrupted write" in capsys.readouterr().out


def test_log_says_one_point_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", str(ROOT / "replays" / "ten-players-one-hand.uno")]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Ada, Bo, Cy, Di, Ed, Flo, Gus, Hal, Ivy and Jo play to 1 point."


def test_log_of_a_match_started_from_a_position_opens_with_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The story before a branch point is not in the file: the log starts from the table as it
    # stood, after where it came from (which the log never said, where the table's log does).
    source = ROOT / "replays" / "four-players-to-500.uno"
    recording = open_recording(source)
    branch = branch_point(recording, recording.cursor.turn_stops[7])
    header = make_header(read_replay(source).replay.header.players, position=branch.position, origin=branch.origin)
    spot = branch.position
    branched = tmp_path / "branched.uno.json"
    branched.write_bytes(encode_json(Replay(header=header, commands=(DrawCard(seat=spot.turn),))))
    assert main(["log", str(branched), "--seat", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert branch.origin is not None
    assert lines[1] == (f"Branched from four-players-to-500.uno in hand {spot.hand} "
                        f"(after its first {branch.origin.records} records).")
    opening = lines[2]
    assert opening.startswith(f"Hand {spot.hand} goes on from a set position. The top card is {spot.discard[-1].value},")
    assert f"You hold {' '.join(card.value for card in spot.hands[0])};" in opening
    assert f"Bo holds {len(spot.hands[1])} cards;" in opening and f"; the draw pile holds {len(spot.draw_pile)} cards." in opening
    assert opening.endswith(f"It is {header.names[spot.turn]}'s turn.") and "draw" in lines[3]
    assert main(["log", str(branched), "--hand", str(spot.hand)]) == 0
    everything = capsys.readouterr().out.splitlines()[0]
    assert all(f"holds {' '.join(card.value for card in hand)}" in everything for hand in spot.hands[1:])


def test_log_wraps_long_turns_in_a_terminal_and_not_into_a_pipe(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import os

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    source = str(ROOT / "replays" / "ten-players-one-hand.uno")
    assert main(["log", source]) == 0
    piped = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in piped) > 100
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    monkeypatch.setattr("shutil.get_terminal_size", lambda: os.terminal_size((60, 24)))
    assert main(["log", source]) == 0
    shown = terminal.getvalue().splitlines()
    assert max(len(line) for line in shown) <= 60
    # Each sentence group starts at the margin and its continuations are indented under it.
    joined: list[str] = []
    for line in shown:
        if line.startswith("  "):
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    assert joined == piped


def test_a_script_played_on_saves_a_match_that_verifies_resumes_and_tells_its_story(
        saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The new save kept the script's header, which commits to no deck: with records after
    # it the save failed `verify`, and `resume`, `load` and `log` refused it.
    from argparse import Namespace

    from unotui.engine import Accepted, Card, PlayCard
    from unotui.record import load_game
    from unotui.tui.launch import resume_session

    script = ROOT / "replays" / "script-skip-and-draw.uno.json"
    table = load_game(script, saves)
    assert isinstance(table.submit(PlayCard(seat=0, card=Card.G3)), Accepted)
    table.close()
    assert table.path is not None and table.path.parent == saves
    assert main(["verify", str(table.path)]) == 0
    assert capsys.readouterr().out.startswith(f"OK {table.path}\n")
    assert main(["log", str(script), "--seat", "0"]) == 0
    story = capsys.readouterr().out.splitlines()
    assert main(["log", str(table.path), "--seat", "0"]) == 0
    assert capsys.readouterr().out.splitlines() == [*story, "You play g3."]
    resumed = resume_session(Namespace(), saves).table
    assert resumed.path == table.path and resumed.records == table.records
    resumed.close()


def test_verify_and_log_refuse_a_name_that_would_fake_a_line_in_one_line(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # The name was printed raw: its line break made a line of its own in the report.
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_text())
    doc["header"]["players"][0]["name"] = "Ann\nFAILED x"
    path = tmp_path / "names.uno.json"
    path.write_text(json.dumps(doc))
    told = f"{path}: `name` can't hold U+000A (a control character) - at `$.header.players[0]`"
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().out == f"FAILED {told}\n"
    assert main(["log", str(path)]) == 1
    assert capsys.readouterr().err == f"unotui log: {told}\n"
