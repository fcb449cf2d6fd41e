"""The simulator: deterministic for a seed whatever the job count; the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unotui.bots.simulate import SimulationConfig, game_seed, play_game, simulate, wilson_interval
from unotui.cli import main
from unotui.engine import DeckEdition, Phase, RuleSet, preset

CONFIG = SimulationConfig(bots=("strong", "basic", "random"), games=8, seed=5, playouts=8)


def _figures(results: list) -> list[tuple[object, ...]]:
    return [(r.index, r.hands, r.winners, r.points, r.match_winners, r.commands) for r in results]


def test_same_seed_same_games() -> None:
    _, first = simulate(CONFIG)
    _, again = simulate(CONFIG)
    assert _figures(first) == _figures(again)


def test_job_count_does_not_change_the_games() -> None:
    report_one, one = simulate(CONFIG, jobs=1)
    report_two, two = simulate(CONFIG, jobs=2)
    assert _figures(one) == _figures(two)
    assert [(t.wins, t.points_per_hand) for t in report_one.bots] == [(t.wins, t.points_per_hand) for t in report_two.bots]


def test_a_parallel_search_does_not_change_the_games() -> None:
    config = SimulationConfig(bots=CONFIG.bots, games=4, seed=CONFIG.seed, playouts=CONFIG.playouts)
    _, serial = simulate(config)
    _, parallel = simulate(SimulationConfig(bots=CONFIG.bots, games=4, seed=CONFIG.seed, playouts=CONFIG.playouts,
                                            parallel_search=True))
    assert _figures(serial) == _figures(parallel)


def test_another_seed_gives_other_games() -> None:
    _, first = simulate(CONFIG)
    _, other = simulate(SimulationConfig(bots=CONFIG.bots, games=8, seed=6, playouts=8))
    assert _figures(first) != _figures(other)


def test_seats_rotate_so_every_bot_sits_everywhere(tmp_path: Path) -> None:
    """Over `players` games each bot has had each seat once (seen in the saved files)."""
    from unotui.record import read_replay

    config = SimulationConfig(bots=("basic", "random", "strong"), games=3, seed=1, playouts=4,
                              save_dir=str(tmp_path))
    simulate(config)
    seatings = [tuple(player.level for player in read_replay(path).replay.header.players)
                for path in sorted(tmp_path.iterdir())]
    assert seatings == [("basic", "random", "strong"), ("random", "strong", "basic"), ("strong", "basic", "random")]
    assert read_replay(sorted(tmp_path.iterdir())[0]).replay.header.names == ["Basic 0", "Random 1", "Strong 2"]


def test_game_seeds_are_distinct() -> None:
    assert len({game_seed(1, index) for index in range(1000)}) == 1000
    assert play_game(SimulationConfig(bots=("basic", "random"), seed=1), 0) == \
        play_game(SimulationConfig(bots=("basic", "random"), seed=1), 0)


def test_a_match_plays_to_the_target() -> None:
    config = SimulationConfig(bots=("basic", "random"), games=1, seed=3, match=True,
                              rules=preset("standard"))
    report, results = simulate(config)
    assert results[0].hands >= 1 and len(results[0].match_winners) == 1
    assert max(results[0].points) >= 500
    assert report.bots[results[0].match_winners[0]].matches_won == 1


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson_interval(700, 1000)
    assert low < 0.7 < high and high - low < 0.06


def test_cli_prints_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "6", "--bots", "basic,random", "--seed", "2", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    bots = data["report"]["bots"]
    assert [bot["bot"] for bot in bots] == ["basic", "random"]
    assert sum(bot["wins"] for bot in bots) + data["report"]["blocked_hands"] == 6
    assert data["report"]["hands_per_second"] > 0


@pytest.mark.parametrize(("typed", "named"), [("Basic,RANDOM", ["basic", "random"]), ("pip,dotty", ["Pip", "Dotty"])])
def test_cli_names_the_bots_as_the_levels_and_opponents_are_spelt(typed: str, named: list[str],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # They were shown as typed, `RANDOM` and `dotty`, in the table and the JSON.
    assert main(["simulate", "--games", "2", "--bots", typed, "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["config"]["bots"] == named and [bot["bot"] for bot in data["report"]["bots"]] == named


def test_cli_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "4", "--bots", "Vera,Pip", "--playouts", "8", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "Vera" in out and "hands/s" in out and "Vera decisions: median" in out


def test_the_table_tells_bots_of_one_name_apart_by_slot_as_the_json_does(capsys: pytest.CaptureFixture[str]) -> None:
    # Three rows read `basic`, with no way to tell which was which; only the JSON had `slot`.
    argv = ["simulate", "--games", "2", "--bots", "random,basic,random,random,random,random,random,random,random,random",
            "--quiet"]
    assert main(argv) == 0
    rows = capsys.readouterr().out.splitlines()[3:13]
    assert [row.split("  ")[0] for row in rows] == [
        "random (slot 0)", "basic", *(f"random (slot {slot})" for slot in range(2, 10))]
    assert len({row.index("%") for row in rows}) == 1  # the columns stay in line
    assert main([*argv, "--json"]) == 0
    assert [(bot["slot"], bot["bot"]) for bot in json.loads(capsys.readouterr().out)["report"]["bots"]] == [
        (0, "random"), (1, "basic"), *((slot, "random") for slot in range(2, 10))]


@pytest.mark.parametrize(("argv", "matches"), [([], False), (["--match"], True)])
def test_the_table_has_matches_won_only_for_matches(argv: list[str], matches: bool,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--bots", "basic,random", "--seed", "3", "--quiet", *argv]) == 0
    header, basic = capsys.readouterr().out.splitlines()[2:4]
    assert header.endswith("matches won") is matches
    assert basic.endswith(" 2") is matches  # basic wins both matches of seed 3


@pytest.mark.parametrize(("argv", "headline"), [
    (["--games", "1"], "1 hand, 2 players"),
    (["--games", "1", "--match"], "1 match ("),
    (["--games", "2"], "2 hands, 2 players"),
])
def test_the_table_counts_in_the_singular_for_one(argv: list[str], headline: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "random,random", "--quiet", *argv]) == 0
    assert capsys.readouterr().out.startswith(headline)


@pytest.mark.parametrize(("argv", "message"), [
    (["--bots", "basic,wizard"], "unknown bot: 'wizard'"),
    (["--bots", "basic,random", "--players", "3"], "--bots names 2 bots for --players 3"),
    (["--bots", "basic,random", "--players", "11"], "--players must be 2 to 10, not 11"),
    (["--games", "0", "--bots", "basic,random"], "--games must be at least 1"),
    (["--rules", "nope", "--bots", "basic,random"], "unknown rule preset"),
    (["--bots", "wizard"], "unknown bot: 'wizard'"),
    (["--bots", "strong"], "--bots strong names one bot: add --players N"),
    (["--bots", " , "], "--bots names no bot"),
    (["--bots", "basic,,random"], "--bots basic,,random: bot 2 has no name (a comma too many?)"),
    (["--bots", ",".join(["random"] * 11)], "--bots names 11 bots: a table seats 2 to 10"),
    (["--jobs", "2", "--parallel-search"], "--parallel-search needs --jobs 1"),
])
def test_cli_bad_options_get_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_save_dir_writes_replays_that_verify(tmp_path: Path) -> None:
    from unotui.record import read_replay, rebuild

    config = SimulationConfig(bots=("basic", "random"), games=2, seed=4, save_dir=str(tmp_path))
    _, results = simulate(config)
    files = sorted(tmp_path.iterdir())
    assert [path.name for path in files] == ["game-00000.uno", "game-00001.uno"]
    decoded = read_replay(files[0])
    assert len(decoded.replay.records) == results[0].commands
    rebuilt = rebuild(decoded.replay)  # checks every recorded event and hash
    assert rebuilt.match.state.phase is Phase.HAND_OVER


def test_save_dir_must_be_a_folder_without_another_runs_games(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # Each run numbers its games from 0: a second run would replace some files and leave others.
    argv = ["simulate", "--bots", "basic,random", "--games", "2", "--quiet", "--save-dir"]
    assert main([*argv, str(tmp_path / "runs")]) == 0
    capsys.readouterr()
    assert main([*argv, str(tmp_path / "runs")]) == 2
    assert capsys.readouterr().err == (f"unotui simulate: error: --save-dir {tmp_path / 'runs'} already holds games of "
                                       "another run (game-00000.uno and 1 more): name a new or empty folder\n")
    (tmp_path / "a-file").write_text("")
    assert main([*argv, str(tmp_path / "a-file")]) == 2
    assert capsys.readouterr().err == f"unotui simulate: error: --save-dir: {tmp_path / 'a-file'} is a file, not a folder\n"


@pytest.mark.parametrize("rules", [
    preset("party"),
    RuleSet(deck=DeckEdition.EDITION_2018, seven_o=True, jump_in=True, stacking=True, draw_to_match=True,
            multi_play=True, play_after_penalty=True, no_action_finish=True),
    RuleSet(force_play=True, no_bluff=True, uno_penalty=4),
])
def test_bots_play_house_rules_to_the_end(rules: RuleSet) -> None:
    """Every level gets through hands under house rules without an illegal command."""
    report, results = simulate(SimulationConfig(bots=("strong", "basic", "random"), games=6, seed=2,
                                                playouts=6, rules=rules))
    assert report.hands == 6 and all(result.hands == 1 for result in results)


def test_ctrl_c_ends_the_run_in_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import unotui.bots.simulate as simulate_module

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "simulate", interrupted)
    assert main(["simulate", "--bots", "random,random", "--quiet"]) == 130
    assert capsys.readouterr().err == "unotui simulate: interrupted\n"


def test_the_help_tells_each_named_opponents_level(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from unotui.bots import OPPONENTS

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    told = " ".join(capsys.readouterr().out.split())
    groups = re.search(r"named opponents \((.*?)\)", told)
    assert groups is not None
    for opponent in OPPONENTS:
        [group] = [group for group in groups.group(1).split(";") if opponent.name in group]
        assert group.endswith(f"at {opponent.level}")
