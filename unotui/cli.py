"""The `unotui` command line: argument parsing only; each subcommand calls one function elsewhere.

Handlers are named as "module:function" and imported only when their subcommand runs,
so `unotui verify` never pays for importing the TUI.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

__all__ = ["main"]

Handler = Callable[[argparse.Namespace], int]


def _add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = sub.add_parser("play", help="play a match (the default)")
    play.add_argument("--seed", type=int, default=None, help="seed the deck for a reproducible match")
    play.add_argument("--players", type=int, default=4, help="seats at the table, 2-10")
    play.add_argument("--rules", default="standard", help="rule preset")
    play.set_defaults(handler="unotui.tui.app:run_play")


def _add_rules(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rules = sub.add_parser("rules", help="print the rules in force, with rule IDs")
    rules.add_argument("preset", nargs="?", default=None, help="a preset name (default: standard)")
    rules.add_argument("--preset", dest="preset_option", default=None, help="same as the positional preset")
    rules.set_defaults(handler="unotui.rulebook:print_rules")


def _add_bench(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bench = sub.add_parser("bench", help="measure the engine (and RLCard's UNO, if installed)")
    bench.add_argument("what", nargs="?", default="engine", choices=["engine"], help="what to measure")
    bench.add_argument("--hands", type=int, default=2000, help="hands to play per side")
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--no-peer", action="store_true", help="skip RLCard even if installed")
    bench.set_defaults(handler="unotui.bench:run_bench")


SUBCOMMANDS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    _add_play,
    _add_rules,
    _add_bench,
]
"""Each adds one subcommand whose `handler` default names its function."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="unotui", description="UNO in the terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv) or ["play"])
    module_name, function_name = args.handler.split(":")
    handler: Handler = getattr(importlib.import_module(module_name), function_name)
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
