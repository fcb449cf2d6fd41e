"""The `unotui` command line: argument parsing only; each subcommand calls one function elsewhere.

Handlers are named as "module:function" and imported only when their subcommand runs,
so `unotui verify` never pays for importing the TUI.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeAlias

__all__ = ["main"]

Handler = Callable[[argparse.Namespace], int]


class CommandParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, as every other unotui error is,
    named by the subcommand they belong to; the usage is a `--help` away."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def parse_command(self, argv: Sequence[str]) -> argparse.Namespace:
        """The arguments of one subcommand, refusing any it doesn't take in its own name:
        argparse's `parse_args` blames them all on the top-level parser."""
        args, unrecognized = self.parse_known_args(argv)
        if not unrecognized:
            return args
        # Before the subcommand's name every argument left is the top level's: it takes
        # only -h and --version, and both exit.
        command_at = list(argv).index(args.command) if args.command is not None else len(argv)
        if command_at > 0:
            self.error(f"unrecognized arguments: {' '.join(argv[:command_at])}")
        subcommands: Subcommands = next(action for action in self._actions
                                        if isinstance(action, argparse._SubParsersAction))
        subcommands.choices[args.command].error(f"unrecognized arguments: {' '.join(unrecognized)}")


def _path(text: str) -> str:
    """A file or folder named on the command line. An empty one is refused: `-o ""` and
    `--save-dir ""` read as no option given, and the default took their place unsaid.

    >>> _path("game.uno")
    'game.uno'
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path")
    return text


def _seed(text: str) -> int:
    """A `--seed`, checked alike for every subcommand: the engine's generator takes 0 to
    2**64-1, and a larger number would wrap around to a smaller seed's deals.

    >>> _seed("7")
    7
    """
    # Imported here: the engine's import is paid only by subcommands that seed it.
    from unotui.engine.rng import MASK64

    try:
        seed: int | None = int(text)
    except ValueError:
        seed = None
    if seed is None or not 0 <= seed <= MASK64:
        raise argparse.ArgumentTypeError(f"{text!r}: a seed is a whole number from 0 to 2**64-1")
    return seed


SHORTEST_TIME_LIMIT_MS = 1.0
"""The smallest `--time-limit-ms`. The strong level reads the clock only between worlds
of play-outs, and one world takes it about 0.6 ms (a searched decision under a limit of
0.0001 ms, or of 0.1 ms, took 0.6-0.7 ms at the median on the 2-core development
machine): any limit under a millisecond plays the same single world, so a smaller figure
is a slip, not a setting."""


def _time_limit_ms(text: str) -> float:
    """A `--time-limit-ms`: a finite number of milliseconds, at least `SHORTEST_TIME_LIMIT_MS`.

    >>> _time_limit_ms("50")
    50.0
    """
    try:
        limit = float(text)
    except ValueError:
        limit = math.nan
    # Written this way round, nan fails it too.
    if not SHORTEST_TIME_LIMIT_MS <= limit < math.inf:
        raise argparse.ArgumentTypeError(f"{text!r}: a number of milliseconds, at least {SHORTEST_TIME_LIMIT_MS:g}")
    return limit


def _preset(text: str) -> str:
    """A rule preset named in any case, as bot names and rule IDs are, spelt as the presets
    are; other text is left as typed, for the subcommand to refuse (or `rules` to look up).

    >>> _preset("Party"), _preset("Parti")
    ('party', 'Parti')
    """
    from unotui.engine import PRESETS

    return {name.casefold(): name for name in PRESETS}.get(text.casefold(), text)


def _preset_or_topic(text: str) -> str | None:
    """`rules`' PRESET|TOPIC, None when blank: every rule mentions the empty word, so a
    blank topic asks for the whole rulebook, as `rules` alone does.

    >>> _preset_or_topic(" challenge "), _preset_or_topic(" PARTY"), _preset_or_topic("  ")
    ('challenge', 'party', None)
    """
    return _preset(text.strip()) if text.strip() else None


class _PrintVersion(argparse.Action):
    """`--version`: the installed package's version, looked up only when asked for:
    reading the installed metadata takes about 20 ms, which every command would pay."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> NoReturn:
        from importlib.metadata import PackageNotFoundError, version

        try:
            installed = version("unotui")
        except PackageNotFoundError:
            # Run from a checkout that was never installed: the source's own version.
            from unotui import __version__

            installed = f"{__version__} (not installed)"
        print(f"{parser.prog} {installed}")
        parser.exit()


Subcommands: TypeAlias = "argparse._SubParsersAction[CommandParser]"
"""Where each `_add_*` adds its subcommand."""


def _add_play(sub: Subcommands) -> None:
    play = sub.add_parser("play", help="play a match (the default)")
    play.add_argument("--seed", type=_seed, default=None, help="seed the deck for a reproducible match")
    play.add_argument("--players", type=int, default=None, help="seats at the table, 2-10 (default: you and the bots)")
    play.add_argument("--rules", type=_preset, default=None,
                      help="rule preset (default: standard; a wrong name lists them)")
    play.add_argument("--name", default=None, help="your name at the table (default: You)")
    play.add_argument("--bots", default=None, metavar="LIST",
                      help="opponents, comma separated: named ones (Dotty, Gran, Rex, Vera, Sunny, Max, Pip) or levels (random, basic, strong)")
    play.add_argument("--target", type=int, default=None, help="points that win the match (default: the preset's, 500)")
    _add_speed(play)
    play.add_argument("--no-save", action="store_true", help="play without journaling to the saves folder")
    _add_save_dir(play)
    play.set_defaults(handler="unotui.tui.app:run_play")


def _add_rules(sub: Subcommands) -> None:
    rules = sub.add_parser("rules", help="print the rules in force, with rule IDs")
    rules.add_argument("preset", nargs="?", type=_preset_or_topic, default=None, metavar="PRESET|TOPIC",
                       help="a preset name (default: standard), or a rule ID or word to look up: R-UNO-4, challenge")
    rules.add_argument("--preset", dest="preset_option", type=_preset, default=None, metavar="PRESET",
                       help="the preset whose rules to print or look a topic up in (default: standard)")
    rules.set_defaults(handler="unotui.rulebook:print_rules")


def _add_bench(sub: Subcommands) -> None:
    bench = sub.add_parser("bench", help="measure the engine (and RLCard's UNO, if installed)")
    bench.add_argument("what", nargs="?", default="engine", choices=["engine"], help="what to measure")
    bench.add_argument("--hands", type=int, default=2000,
                       help="hands for each side measured (default: 2000); the slow uniform `any` policy plays a tenth")
    bench.add_argument("--players", type=int, default=4, help="seats at each table (default: 4)")
    bench.add_argument("--seed", type=_seed, default=1,
                       help="the random players' deals and choices follow from it (default: 1)")
    bench.add_argument("--no-peer", action="store_true", help="skip RLCard even if installed")
    bench.set_defaults(handler="unotui.bench:run_bench")


def _add_speed(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--speed", default="normal", help="bot delay: instant, fast, normal, slow, or seconds from 0 to 10")


def _add_save_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save-dir", type=_path, default=None, metavar="DIR",
                        help="where saves live (default: $UNOTUI_SAVE_DIR, else the user data folder)")


def _add_load(sub: Subcommands) -> None:
    load = sub.add_parser("load", help="play on from a save or replay file")
    load.add_argument("file", type=_path, metavar="FILE", help="a .uno or .uno.json file")
    _add_speed(load)
    _add_save_dir(load)
    load.set_defaults(handler="unotui.tui.app:run_load")


def _add_resume(sub: Subcommands) -> None:
    resume = sub.add_parser("resume", help="continue the most recent unfinished game")
    _add_speed(resume)
    _add_save_dir(resume)
    resume.set_defaults(handler="unotui.tui.app:run_resume")


def _add_verify(sub: Subcommands) -> None:
    verify = sub.add_parser("verify", help="re-derive replays from their commands and check every record")
    verify.add_argument("files", nargs="+", type=_path, metavar="FILE",
                        help="a .uno or .uno.json replay to check; any number of them")
    verify.add_argument("--json", action="store_true", help="print the summaries as JSON")
    verify.set_defaults(handler="unotui.record.run:run_verify")


def _add_log(sub: Subcommands) -> None:
    log = sub.add_parser("log", help="tell a replay turn by turn in plain language")
    log.add_argument("file", type=_path, metavar="FILE", help="a .uno or .uno.json replay to tell")
    log.add_argument("--seat", type=int, default=None, help="show only what this seat could see")
    log.add_argument("--hand", type=int, default=None, help="only this hand")
    log.set_defaults(handler="unotui.record.run:run_log")


def _add_export(sub: Subcommands) -> None:
    export = sub.add_parser("export", help="convert a replay between msgpack (.uno) and JSON (.uno.json)")
    export.add_argument("file", type=_path, metavar="FILE", help="a .uno or .uno.json replay to convert")
    export.add_argument("--to", required=True, choices=["json", "msgpack"],
                        help="the encoding to write: json (a .uno.json file) or msgpack (.uno)")
    export.add_argument("-o", "--output", type=_path, default=None, metavar="OUT",
                        help="output file, - for stdout (default: beside FILE)")
    export.add_argument("--force", action="store_true",
                        help="replace the output file even if it holds another match, more of this one, or a hand-written script")
    export.set_defaults(handler="unotui.record.run:run_export")


def _add_schema(sub: Subcommands) -> None:
    schema = sub.add_parser("schema", help="print the JSON Schema of the replay format")
    schema.set_defaults(handler="unotui.record.run:run_schema")


def _add_simulate(sub: Subcommands) -> None:
    simulate = sub.add_parser("simulate", help="let bots play many hands and compare them")
    simulate.add_argument("--games", type=int, default=1000,
                          help="hands to play, or matches with --match (default: 1000)")
    simulate.add_argument("--players", type=int, default=None, help="seats, 2-10 (default: one per bot)")
    simulate.add_argument("--bots", default="strong,basic,basic,basic",
                          help="comma-separated levels (random, basic, strong) or named opponents (Pip plays at random; "
                               "Dotty, Gran, Rex at basic; Vera, Max, Sunny at strong), one per seat "
                               "(default: strong,basic,basic,basic)")
    simulate.add_argument("--rules", type=_preset, default="standard", help="rule preset (default: standard)")
    simulate.add_argument("--seed", type=_seed, default=1, help="deals and bots follow from it (default: 1)")
    simulate.add_argument("--jobs", type=int, default=1, help="processes; results do not depend on it (default: 1)")
    simulate.add_argument("--match", action="store_true", help="play whole matches to the target score")
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument("--save-dir", type=_path, default=None, metavar="DIR",
                          help="save every game as a replay file here")
    simulate.add_argument("--playouts", type=int, default=None,
                          help="the strong level's play-outs per decision (default: its own budget)")
    simulate.add_argument("--time-limit-ms", type=_time_limit_ms, default=None,
                          help="the strong level's time per decision, at least 1 ms "
                               "(results then depend on the machine)")
    simulate.add_argument("--parallel-search", action="store_true",
                          help="the strong level searches on two cores, as at a table (with --jobs 1; "
                               "the same results, for timing its decisions)")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(handler="unotui.bots.simulate:run_simulate")


def _add_replay(sub: Subcommands) -> None:
    replay = sub.add_parser("replay", help="step through a recorded match, save or script; branch from any point")
    replay.add_argument("file", nargs="?", type=_path, default=None, metavar="FILE",
                        help="a .uno or .uno.json file (default: pick one from the samples and saves)")
    replay.add_argument("--seat", type=int, default=None, help="open FILE in this seat's view (default: all hands)")
    _add_save_dir(replay)
    replay.set_defaults(handler="unotui.tui.screens.replay:run_replay")


SUBCOMMANDS: list[Callable[[Subcommands], None]] = [
    _add_play,
    _add_rules,
    _add_bench,
    _add_load,
    _add_resume,
    _add_verify,
    _add_log,
    _add_export,
    _add_schema,
    _add_replay,
    _add_simulate,
]
"""Each adds one subcommand whose `handler` default names its function."""


def build_parser() -> CommandParser:
    parser = CommandParser(prog="unotui", description="UNO in the terminal.")
    parser.add_argument("--version", action=_PrintVersion)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    for add in SUBCOMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; returns the exit status."""
    parser = build_parser()
    args = parser.parse_command(list(sys.argv[1:] if argv is None else argv) or ["play"])
    module_name, function_name = args.handler.split(":")
    handler: Handler = getattr(importlib.import_module(module_name), function_name)
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
