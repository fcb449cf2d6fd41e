"""The `unotui` command line itself: how it refuses what it can't parse."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

from unotui.cli import build_parser, main

REPLAYS = Path(__file__).resolve().parents[1] / "replays"


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What the command line says on stderr when it refuses `argv` with exit status 2."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    return capsys.readouterr().err


def test_a_value_argparse_refuses_is_one_line_naming_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    # The subcommand's whole usage block came first, four lines of it.
    assert refused(["simulate", "--games", "abc"], capsys) == (
        "unotui simulate: error: argument --games: invalid int value: 'abc' (see unotui simulate --help)\n")


def test_an_argument_no_subcommand_takes_is_named_against_that_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    # It was blamed on the top-level `unotui`, under its usage, without naming `rules`.
    assert refused(["rules", "draw", "two"], capsys) == (
        "unotui rules: error: unrecognized arguments: two (see unotui rules --help)\n")


def test_an_unknown_subcommand_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["nonsense"], capsys)
    assert err.startswith("unotui: error: argument COMMAND: invalid choice: 'nonsense'")
    assert err.endswith(" (see unotui --help)\n") and err.count("\n") == 1


def test_an_argument_before_the_subcommand_is_the_top_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(["--bogus", "rules"], capsys) == "unotui: error: unrecognized arguments: --bogus (see unotui --help)\n"


@pytest.mark.parametrize("command", [["play"], ["simulate", "--quiet"], ["bench", "--hands", "1", "--no-peer"]])
@pytest.mark.parametrize("seed", ["-1", str(2**64), "18446744073709551617", "abc"])
def test_every_seed_option_takes_the_same_range(command: list[str], seed: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # `bench` took any int and wrapped it: 2**64 + 1 ran the same hands as seed 1.
    assert refused([*command, "--seed", seed], capsys) == (
        f"unotui {command[0]}: error: argument --seed: {seed!r}: a seed is a whole number from 0 to 2**64-1 "
        f"(see unotui {command[0]} --help)\n")


@pytest.mark.parametrize("limit", ["nan", "inf", "-inf", "1e-300", "0.5", "0", "-3", "soon"])
def test_a_time_limit_is_a_finite_number_of_milliseconds_from_one(limit: str, capsys: pytest.CaptureFixture[str]) -> None:
    # nan, inf and 1e-300 were taken, and `--json` then gave the time limit as null.
    assert refused(["simulate", "--quiet", "--games", "1", f"--time-limit-ms={limit}"], capsys) == (
        f"unotui simulate: error: argument --time-limit-ms: {limit!r}: a number of milliseconds, at least 1 "
        "(see unotui simulate --help)\n")


@pytest.mark.parametrize(("argv", "field"), [
    (["play", "--rules"], "rules"), (["simulate", "--rules"], "rules"),
    (["rules", "--preset"], "preset_option"), (["rules"], "preset"),
])
@pytest.mark.parametrize("typed", ["Party", "PARTY", "Sheet-42001"])
def test_a_preset_is_named_in_any_case(argv: list[str], field: str, typed: str) -> None:
    # Presets were case-sensitive where bot names and rule IDs are not: `--rules Party` was refused.
    assert getattr(build_parser().parse_command([*argv, typed]), field) == typed.lower()


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    # There was no --version: it was refused as an unrecognized argument.
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"unotui {importlib.metadata.version('unotui')}\n"


def help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """`argv --help`, its lines run together as one."""
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("command", "told"), [
    ("verify", "FILE a .uno or .uno.json replay to check; any number of them"),
    ("log", "FILE a .uno or .uno.json replay to tell"),
    ("export", "FILE a .uno or .uno.json replay to convert"),
    ("export", "--to {json,msgpack} the encoding to write: json (a .uno.json file) or msgpack (.uno)"),
    ("load", "FILE a .uno or .uno.json file"),
])
def test_the_help_tells_what_each_argument_is(command: str, told: str, capsys: pytest.CaptureFixture[str]) -> None:
    # FILE and export's --to were listed with nothing beside them.
    assert told in help_text([command], capsys)


def test_the_rules_help_calls_the_preset_option_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    # It read `--preset PRESET_OPTION`, after the name the value is kept under.
    told = help_text(["rules"], capsys)
    assert "--preset PRESET" in told and "PRESET_OPTION" not in told


@pytest.mark.parametrize(("argv", "argument"), [
    (["export", "{game}", "--to", "json", "-o", ""], "-o/--output"),
    (["export", "", "--to", "json"], "FILE"),
    (["simulate", "--games", "1", "--bots", "random,random", "--quiet", "--save-dir", ""], "--save-dir"),
    (["resume", "--save-dir", " "], "--save-dir"),
    (["load", ""], "FILE"),
    (["verify", "{game}", ""], "FILE"),
    (["log", ""], "FILE"),
    (["replay", ""], "FILE"),
])
def test_an_empty_path_is_refused(argv: list[str], argument: str, tmp_path: Path, saves: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    # `export -o ""` wrote beside FILE and `simulate --save-dir ""` saved nothing, both without a word.
    game = tmp_path / "game.uno"
    game.write_bytes((REPLAYS / "ten-players-one-hand.uno").read_bytes())
    command = argv[0]
    assert refused([arg.replace("{game}", str(game)) for arg in argv], capsys) == (
        f"unotui {command}: error: argument {argument}: an empty path (see unotui {command} --help)\n")
    assert sorted(tmp_path.iterdir()) == [game]


@pytest.mark.parametrize("command", [["verify"], ["log"], ["export", "--to", "json"], ["load"], ["replay"]])
@pytest.mark.parametrize("content", [b"not a replay", None])
def test_a_file_that_fails_exits_1_whichever_command_reads_it(command: list[str], content: bytes | None, tmp_path: Path,
                                                              saves: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # `load` and `replay` gave 2, the status of a command line refused, where `verify`, `log` and `export` gave 1.
    from textual.app import App

    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the app opened"))
    path = tmp_path / "game.uno"
    if content is not None:
        path.write_bytes(content)
    assert main([*command, str(path)]) == 1
    captured = capsys.readouterr()
    said = captured.out + captured.err  # verify reports on stdout, beside the files that pass
    assert str(path) in said and said.count("\n") == 1


def test_resume_exits_1_when_the_game_to_resume_cant_be_read(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves.mkdir()
    (saves / "game.uno").write_bytes(b"not a replay")
    assert main(["resume"]) == 1
    assert capsys.readouterr().err.startswith(f"unotui resume: no unfinished game in {saves} to resume: "
                                              "game.uno can't be read")
