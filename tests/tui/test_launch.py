"""`unotui play OPTIONS`: which options sit down at once, and a one-line error for each bad one;
`unotui load FILE` with players this program doesn't have; `unotui resume`."""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec
import pytest

from unotui.bots.basic import BasicBot
from unotui.engine import PRESETS, RuleSet
from unotui.record import PlayerInfo, PlayerKind, make_header, most_recent_unfinished, new_game
from unotui.tui.launch import LaunchError, load_session, quick_session, resume_session, unique_names

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def options(**given: object) -> argparse.Namespace:
    fields: dict[str, object] = dict.fromkeys(("name", "bots", "players", "seed", "rules", "target"))
    return argparse.Namespace(**{**fields, "speed": "fast", **given})


def test_no_match_option_opens_the_title_screen() -> None:
    assert quick_session(options(), None) is None


@pytest.mark.parametrize("given", [{"rules": "party"}, {"name": "Ann"}, {"target": 250}, {"seed": 3}])
def test_any_match_option_sits_down_at_once(given: dict[str, object]) -> None:
    session = quick_session(options(**given), None)
    assert session is not None
    rules = PRESETS[str(given.get("rules", "standard"))]
    if "target" in given:
        rules = msgspec.structs.replace(rules, target=given["target"])
    assert session.table.header.rules == rules
    assert session.names[0] == given.get("name", "You") and len(session.names) == 4


@pytest.mark.parametrize(("given", "message"), [
    ({"rules": "nonsense"}, "unknown rule preset: 'nonsense' (known: standard, sheet-42001, beginner, party)"),
    ({"target": 0}, "--target 0: between 1 and 1000000"),
    ({"name": "x" * 41}, "--name: 41 characters, at most 40"),
    # A name with a line break or an escape code was taken, then printed raw by `verify` and `log`.
    ({"name": "Ann\nFAILED x"}, "--name: can't hold U+000A (a control character)"),
    ({"name": "Ann\x1b[31m"}, "--name: can't hold U+001B (a control character)"),
    ({"name": "\u202eAnn"}, "--name: can't hold U+202E (a format character)"),
    # --bots takes only known opponents and levels, and quotes a word it doesn't know escaped.
    ({"bots": "Rex,Dotty\x1b[31m"}, "unknown bot 'Dotty\\x1b[31m': name an opponent (Pip, Dotty, Gran, Rex, Vera, "
                                     "Max, Sunny) or a level (random, basic, strong)"),
    ({"players": 11}, "--players 11: UNO is for 2 to 10 players"),
    ({"players": 3, "bots": "Rex,Gran,Dotty"}, "3 bots don't fit at a table of 3 with you"),
])
def test_a_bad_option_is_named(given: dict[str, object], message: str) -> None:
    with pytest.raises(LaunchError) as error:
        quick_session(options(**given), None)
    assert str(error.value) == message


def test_a_save_whose_bots_this_program_lacks_loads_with_basic_bots(tmp_path: Path) -> None:
    # The sample matches were recorded with another program's `habits` players.
    players = [PlayerInfo(name="Ann", kind=PlayerKind.HUMAN),
               PlayerInfo(name="Ada", kind=PlayerKind.BOT, level="habits", personality="Nobody", seed=1)]
    new_game(tmp_path, make_header(players, RuleSet(), seed=3), sync=False).close()
    session = load_session(argparse.Namespace(file=str(most_recent_unfinished(tmp_path))), tmp_path)
    assert isinstance(session.bots[1], BasicBot)
    sample = load_session(argparse.Namespace(file=str(REPLAYS / "two-players-to-500.uno")), tmp_path)
    assert sorted(sample.bots) == [0, 1] and all(isinstance(bot, BasicBot) for bot in sample.bots.values())


def test_resume_plays_on_from_the_newest_unfinished_game_or_says_there_is_none(tmp_path: Path) -> None:
    with pytest.raises(LaunchError) as error:
        resume_session(argparse.Namespace(), tmp_path)
    assert str(error.value) == f"no unfinished game in {tmp_path}: start one with `unotui play`"
    # A save that can't be read may be the game wanted: it is named, with why.
    (tmp_path / "20261207-0000-torn.uno").write_bytes(b"UNO")
    with pytest.raises(LaunchError) as error:
        resume_session(argparse.Namespace(), tmp_path)
    assert str(error.value).startswith(f"no unfinished game in {tmp_path} to resume: 20261207-0000-torn.uno "
                                       "can't be read: ")
    players = [PlayerInfo(name="Ann", kind=PlayerKind.HUMAN), PlayerInfo(name="Bo", kind=PlayerKind.BOT, level="basic", seed=1)]
    new_game(tmp_path, make_header(players, RuleSet(), seed=3), sync=False).close()
    session = resume_session(argparse.Namespace(), tmp_path)
    assert session.names == ("Ann", "Bo") and session.table.path == most_recent_unfinished(tmp_path)


def test_the_largest_seed_is_journaled_and_verifies(tmp_path: Path) -> None:
    from unotui.record.run import verify_file

    session = quick_session(options(seed=2**64 - 1), tmp_path)
    assert session is not None and session.table.path is not None
    session.table.close()
    assert verify_file(str(session.table.path)).status == "ok"


def test_bots_at_a_table_started_from_a_position_take_their_notes_from_it() -> None:
    # A branch has no deal to count the hands from, nor a start card to set the pile.
    from support import scenario
    from tui_support import FIXED_TIME, seats

    from unotui.bots import BotBase
    from unotui.engine import Card, Color
    from unotui.record import Table
    from unotui.tui.session import Session

    position = scenario([["r1", "g2"], ["b3", "b4", "y5"], ["g6", "g7", "g8", "g9"]], discard=["r5"], direction=-1,
                        turn=2, dealer=0).setup.position
    header = make_header(seats(["Ann", "Bo", "Cy"]), RuleSet(), seed=0, position=position, created=FIXED_TIME)
    session = Session.of(Table.new(header))
    for seat in (1, 2):
        bot = session.bots[seat]
        assert isinstance(bot, BotBase)
        memory = bot.memory
        assert (memory.top, memory.color, memory.sizes) == (Card.R5, Color.RED, [2, 3, 4])
        assert (memory.direction, memory.turn) == (-1, 2)


def test_the_command_line_says_a_launch_error_on_stderr(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from unotui.cli import main

    assert main(["play", "--players", "11"]) == 2
    assert capsys.readouterr().err == "unotui play: --players 11: UNO is for 2 to 10 players\n"
    (saves.parent / "a-file").write_text("")
    assert main(["play", "--seed", "1", "--save-dir", str(saves.parent / "a-file")]) == 2
    assert capsys.readouterr().err == f"unotui play: {saves.parent / 'a-file'} is a file, not a folder\n"
    assert main(["resume", "--save-dir", str(saves.parent / "a-file")]) == 2
    assert capsys.readouterr().err == f"unotui resume: {saves.parent / 'a-file'} is a file, not a folder\n"
    assert main(["play", "--seed", "1", "--save-dir", "/proc/no-such/folder"]) == 2
    assert capsys.readouterr().err == ("unotui play: can't create the folder /proc/no-such/folder "
                                       "(no such file or directory)\n")
    # A name the system can't even look up stopped `play` with a traceback.
    too_long = saves.parent / ("x" * 300)
    for command in ("play", "resume", "replay"):
        assert main([command, "--save-dir", str(too_long)]) == 2
        assert capsys.readouterr().err == f"unotui {command}: {too_long}: not a folder unotui can use (file name too long)\n"
    saves.mkdir()
    assert main(["resume"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"unotui resume: no unfinished game in {saves}")


def test_resume_says_a_saves_folder_that_does_not_exist_does_not(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # It said "no unfinished game in" the folder, as if the folder were there and empty.
    from unotui.cli import main

    missing = tmp_path / "nope"
    assert main(["resume", "--save-dir", str(missing)]) == 2
    assert capsys.readouterr().err == f"unotui resume: {missing}: no such folder, so no game to resume\n"


@pytest.mark.parametrize("command", [["resume"], ["load", "game.uno"]])
def test_resume_and_load_take_the_bots_speed_as_play_does(command: list[str], saves: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from unotui.cli import main

    assert main([*command, "--speed", "warp"]) == 2
    assert capsys.readouterr().err.startswith(f"unotui {command[0]}: --speed warp: ")


def test_a_bot_is_never_numbered_into_the_name_a_player_has() -> None:
    # `--name 'Dotty 2' --bots Dotty,Dotty` stored "Dotty 2" twice, and the table showed "Dotty 2 2".
    session = quick_session(options(name="Dotty 2", bots="Dotty,Dotty", seed=1), None)
    assert session is not None
    assert [player.name for player in session.table.header.players] == ["Dotty 2", "Dotty", "Dotty 3"]
    assert session.names == ("Dotty 2", "Dotty", "Dotty 3")  # as the table shows them
    bots = [PlayerInfo(name="Dotty", kind=PlayerKind.BOT), PlayerInfo(name="Dotty", kind=PlayerKind.BOT)]
    assert [player.name for player in unique_names([*bots, PlayerInfo(name="dotty 2")])] == ["Dotty", "Dotty 3", "dotty 2"]
