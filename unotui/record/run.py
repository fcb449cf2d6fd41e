"""The record subcommands: `unotui verify`, `log`, `export` and `schema`.

Each takes the parsed arguments and returns the exit status; a bad file is one line on
stderr and a non-zero status, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import stat
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

import msgspec

from unotui.columns import wrap_entries
from unotui.engine import HandStarted

from .format import Replay, ReplayError, decode_replay, encode_json, encode_msgpack, is_json_path, json_schema
from .journal import write_atomic
from .narrate import YOU, Narrator, counted, listed, names_seen_by, origin_heading
from .table import file_kind, os_reason, read_replay, read_replay_bytes
from .verify import Rebuilt, Summary, rebuild, summarize

__all__ = ["run_export", "run_log", "run_schema", "run_verify", "verify_file"]

EXIT_FAILED = 1
"""Verification failed or a file could not be read."""

REPORT_WIDTH = 80
"""How wide `unotui verify`'s lines run at most."""


def verify_file(path: str) -> Summary:
    """Read and verify one file; never raises on a bad file: the summary says failed."""
    try:
        decoded = read_replay(path)
        if decoded.torn:
            raise ReplayError(f"{path}: {decoded.torn.replace('; dropped', '')}", len(decoded.replay.records))
        rebuilt = rebuild(decoded.replay, path)
    except ReplayError as error:
        return Summary(file=path, status="failed", failure=str(error), failed_record=error.record)
    return summarize(path, decoded.replay, rebuilt)


def run_verify(args: argparse.Namespace) -> int:
    """`unotui verify FILE... [--json]`: exit 0 only if every file verifies."""
    summaries = [verify_file(path) for path in args.files]
    if args.json:
        sys.stdout.write(json.dumps(msgspec.to_builtins(summaries), indent=2) + "\n")
    else:
        for summary in summaries:
            _print_summary(summary, sys.stdout)
    return 0 if all(summary.status == "ok" for summary in summaries) else EXIT_FAILED


def _print_summary(summary: Summary, out: TextIO) -> None:
    if summary.status != "ok":
        print(f"FAILED {summary.failure}", file=out)
        return
    names = summary.players
    print(f"OK {summary.file}", file=out)
    # Ten players fit 80 columns: the players wrap between entries, the columns are as
    # wide as their names and numbers.
    lead = "  players: "
    players = wrap_entries([f"{name} ({kind})" for name, kind in zip(names, summary.kinds, strict=True)],
                           REPORT_WIDTH - len(lead), ", ")
    print(lead + players.replace("\n", "\n" + " " * len(lead)), file=out)
    print(f"  {counted(summary.records, 'command')}, {counted(summary.events, 'event')}, "
          f"{counted(len(summary.hands), 'hand')} played", file=out)
    if summary.hands:
        winners = [names[hand.winner] if hand.winner is not None else "blocked" for hand in summary.hands]
        rows: list[tuple[str, str, Sequence[object]]] = [("hand", "winner", names)]
        if any(summary.carried):
            # A match branched from another starts with that match's scores: without their
            # row the totals would not add up.
            rows.append(("", "carried", summary.carried))
        rows += [(str(hand.hand), winner, hand.points) for hand, winner in zip(summary.hands, winners, strict=True)]
        rows.append(("", "total", summary.totals))
        first = max(len(label) for _, label, _ in rows)
        width = max(len(str(value)) for _, _, values in rows for value in (*values, "0000"))
        for hand_number, label, values in rows:
            print("  " + f"{hand_number:>4}  {label:<{first}}  " + "  ".join(f"{value:>{width}}" for value in values),
                  file=out)
    if summary.finished:
        print(f"  match won by {' and '.join(names[seat] for seat in summary.winners)}", file=out)
    elif summary.end_turn:
        print(f"  match not finished: the file stops in hand {summary.end_hand}, at turn {summary.end_turn}", file=out)
    elif summary.end_hand:
        print(f"  match not finished: the file stops after hand {summary.end_hand}, before the next is dealt", file=out)
    else:
        print("  match not finished: the file stops before the first deal", file=out)


def run_log(args: argparse.Namespace) -> int:
    """`unotui log FILE [--seat N] [--hand K]`: the match in plain language."""
    try:
        decoded = read_replay(args.file)
        rebuilt = rebuild(decoded.replay, args.file)
    except ReplayError as error:
        print(f"unotui log: {error}", file=sys.stderr)
        return EXIT_FAILED
    names = decoded.replay.header.names
    if args.seat is not None and not 0 <= args.seat < len(names):
        print(f"unotui log: --seat {args.seat}: the match has seats 0 to {len(names) - 1}", file=sys.stderr)
        return 2
    if args.hand is not None:
        hands = hands_played(decoded.replay, rebuilt)
        if args.hand not in hands:
            if not hands:
                told = "no hand yet"
            elif len(hands) == 1:
                told = f"hand {hands[0]}"
            else:
                told = f"hands {hands[0]} to {hands[-1]}"
            print(f"unotui log: --hand {args.hand}: the match has {told}", file=sys.stderr)
            return 2
    if decoded.torn:
        print(f"unotui log: warning: {args.file}: {decoded.torn}", file=sys.stderr)
    # In a terminal a long turn is wrapped between words, its lines indented under it; into
    # a pipe each sentence group stays one line, for grep.
    width = min(shutil.get_terminal_size().columns, REPORT_WIDTH + 20) if sys.stdout.isatty() else None
    for line in log_lines(decoded.replay, rebuilt, args.seat, args.hand):
        if width is not None:
            line = textwrap.fill(line, width, subsequent_indent="  ", break_on_hyphens=False, break_long_words=False)
        sys.stdout.write(line + "\n")
    return 0


def hands_played(replay: Replay, rebuilt: Rebuilt) -> list[int]:
    """The numbers of the hands the replay tells, in order."""
    position = replay.header.position
    hands = [position.hand] if position is not None else []
    for event in rebuilt.match.events:
        if isinstance(event, HandStarted) and event.hand not in hands:
            hands.append(event.hand)
    return hands


def log_lines(replay: Replay, rebuilt: Rebuilt, seat: int | None, only_hand: int | None = None) -> Iterator[str]:
    """The sentences of the log, command by command, as `seat` saw them (None: all)."""
    header = replay.header
    names = header.names
    narrator = Narrator(names, seat, header.position)
    hand = header.position.hand if header.position is not None else 0
    if only_hand is None:
        # As the seat reads them: the one it speaks to as you, and the player called You by place.
        seen = [f"{name} (you)" if index == seat and name != YOU else name
                for index, name in enumerate(names_seen_by(names, seat))]
        yield f"{listed(seen)} play to {counted(header.rules.target, 'point')}."
        if header.origin is not None:
            yield origin_heading(header)
    opening = narrator.feed([])
    if only_hand is None or hand == only_hand:
        yield from opening
    events = rebuilt.match.events
    bounds = [*rebuilt.match.boundaries, len(events)]
    for begin, end in zip(bounds, bounds[1:]):
        group = events[begin:end]
        for event in group:
            if isinstance(event, HandStarted):
                hand = event.hand
        lines = narrator.feed(group)
        if only_hand is None or hand == only_hand:
            yield from lines


def run_export(args: argparse.Namespace) -> int:
    """`unotui export FILE --to json|msgpack [-o OUT] [--force]`: the same replay, other encoding.

    A file that fails verification is refused, as `log` refuses it: written out again, its
    records would get a fresh file that verifies, and the damage would be gone from sight.
    A torn tail is dropped with a warning, as `load` and `log` drop it.
    """
    try:
        decoded = read_replay(args.file)
        rebuild(decoded.replay, args.file)
    except ReplayError as error:
        print(f"unotui export: {error}", file=sys.stderr)
        return EXIT_FAILED
    output = None if args.output == "-" else Path(args.output) if args.output else _export_name(Path(args.file), args.to)
    if output is not None and output.resolve() == Path(args.file).resolve():
        # Written over, the file would be gone, and a torn tail dropped from it without a word.
        why = f"-o {args.output} is the file read" if args.output else f"{args.file} is already {args.to}"
        print(f"unotui export: {why}: name another file with -o", file=sys.stderr)
        return 2
    kind = _special_kind(output) if output is not None else None
    if kind is not None:
        # Not even --force replaces it: a device or a FIFO would become a plain file in its place.
        print(f"unotui export: {output}: not a regular file ({kind}): name another file with -o, or - for stdout",
              file=sys.stderr)
        return 2
    # `os.path.exists`, not `Path.exists`: a name too long to look up is nothing to keep,
    # where `Path.exists` raised; writing it then says why.
    if output is not None and not args.force and os.path.exists(output):
        # Replaced, another match's file would be gone: only a copy this export extends is
        # replaced unasked, as ctrl+s replaces a copy of its own match.
        held = _what_it_holds(output, decoded.replay, args.file)
        if held is not None:
            print(f"unotui export: {output} {held}: name another file with -o, or replace it with --force",
                  file=sys.stderr)
            return 2
    if decoded.torn:
        print(f"unotui export: warning: {args.file}: {decoded.torn}", file=sys.stderr)
    data = encode_json(decoded.replay) if args.to == "json" else encode_msgpack(decoded.replay)
    if output is None:
        sys.stdout.buffer.write(data)
        return 0
    if not output.parent.is_dir():
        # A mistyped folder is refused rather than made.
        print(f"unotui export: {output}: can't write it (no folder {output.parent})", file=sys.stderr)
        return EXIT_FAILED
    try:
        write_atomic(output, data)
    except OSError as error:
        print(f"unotui export: {output}: can't write it ({os_reason(error)})", file=sys.stderr)
        return EXIT_FAILED
    print(output)
    return 0


def _special_kind(path: Path) -> str | None:
    """What the file at `path` is when it exists and is not a regular file (`file_kind`), else None."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # not there, or not to be looked at: writing it says why
    return None if stat.S_ISREG(mode) else file_kind(mode)


def _what_it_holds(path: Path, replay: Replay, source: str) -> str | None:
    """What replacing the file at `path` with `replay` (read from `source`) would lose, as
    the end of a sentence naming it; None when nothing: it is a copy of the same match
    that `replay` extends."""
    try:
        data = read_replay_bytes(path)
        held = decode_replay(data, str(path)).replay
    except ReplayError:
        return "exists and is not a replay unotui can read"
    if not held.records and data not in (encode_json(held), encode_msgpack(held)):
        # Nothing recorded, and not byte for byte as export writes it: a script someone
        # wrote and laid out as they chose, which export's one line of JSON would replace.
        return "is a hand-written script, not a copy export made"
    if held.header != replay.header:
        return "holds another match"
    if replay.records[: len(held.records)] == held.records and replay.commands[: len(held.commands)] == held.commands:
        return None
    if held.records[: len(replay.records)] == replay.records and held.commands[: len(replay.commands)] == replay.commands:
        return (f"holds more of this match ({counted(len(held.records) + len(held.commands), 'command')} "
                f"where {source} has {len(replay.records) + len(replay.commands)})")
    return "holds this match played another way"


def _export_name(source: Path, to: str) -> Path:
    """`a.uno` -> `a.uno.json` and back."""
    name = source.name
    base = name[: -len(".json")] if is_json_path(name) else name
    if not base.endswith(".uno"):
        base += ".uno"
    return source.with_name(base + ".json" if to == "json" else base)


def run_schema(args: argparse.Namespace) -> int:
    """`unotui schema`: the JSON Schema of the JSON form, generated from the types."""
    sys.stdout.write(schema_text())
    return 0


def schema_text() -> str:
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
