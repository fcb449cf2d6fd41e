"""Measure the record layer: file sizes, save, load + verify, verify throughput, journaling.

    python benchmarks/record.py [--repeat N] [--json]

The match measured is `replays/four-players-to-500.uno`, a 4-player match to 500.
Targets: load + full verify under 25 ms; journaling adds under 1 ms a command (fsync
excluded, measured separately).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from unotui.engine import Match
from unotui.record import Table, encode_json, encode_msgpack, read_replay, rebuild
from unotui.record.format import decode_replay
from unotui.record.journal import write_atomic

ROOT = Path(__file__).resolve().parents[1]
MATCH = ROOT / "replays" / "four-players-to-500.uno"


def best(action: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds (the least disturbed by other work)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def measure(repeat: int) -> dict[str, float | int]:
    replay = read_replay(MATCH).replay
    events = sum(len(record.events) for record in replay.records)
    commands = [record.command for record in replay.records]
    packed, text = encode_msgpack(replay), encode_json(replay)
    results: dict[str, float | int] = {
        "commands": len(commands),
        "events": events,
        "msgpack_bytes": len(packed),
        "json_bytes": len(text),
    }
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "save.uno"
        results["save_msgpack_ms"] = 1000 * best(lambda: write_atomic(target, encode_msgpack(replay)), repeat)
        results["save_json_ms"] = 1000 * best(lambda: write_atomic(target.with_suffix(".json"), encode_json(replay)), repeat)
        write_atomic(target, packed)
        results["load_verify_msgpack_ms"] = 1000 * best(lambda: rebuild(read_replay(target).replay), repeat)
        results["load_verify_json_ms"] = 1000 * best(lambda: rebuild(decode_replay(text).replay), repeat)
        results["decode_msgpack_ms"] = 1000 * best(lambda: decode_replay(packed), repeat)

        # Journaling: the same commands through a bare Match and through a journaling
        # Table (fsync off), the difference per command is what the journal adds.
        setup = replay.header.setup()

        def bare() -> None:
            match = Match(setup)
            for command in commands:
                match.submit(command)

        def journaled(sync: bool) -> Callable[[], None]:
            def run() -> None:
                path = Path(folder) / f"journal-{time.perf_counter_ns()}.uno"
                table = Table.new(replay.header, path, sync=sync)
                for command in commands:
                    table.submit(command)
                table.close()
                path.unlink()
            return run

        bare_s = best(bare, repeat)
        journal_s = best(journaled(False), repeat)
        results["journal_overhead_ms_per_command"] = 1000 * (journal_s - bare_s) / len(commands)
        synced = Path(folder) / "synced.uno"
        table = Table.new(replay.header, synced, sync=True)
        fsyncs = []
        for command in commands[:200]:
            started = time.perf_counter()
            table.submit(command)
            fsyncs.append(time.perf_counter() - started)
        table.close()
        results["journal_with_fsync_ms_per_command_median"] = 1000 * statistics.median(fsyncs)

    files = sorted(p for p in (ROOT / "replays").iterdir() if p.name.endswith((".uno", ".uno.json")))
    total_events = 0
    started = time.perf_counter()
    for path in files:
        total_events += len(rebuild(read_replay(path).replay).match.events)
    results["verify_all_files"] = len(files)
    results["verify_all_events"] = total_events
    results["verify_events_per_second"] = total_events / (time.perf_counter() - started)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = measure(args.repeat)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"4-player match to 500: {results['commands']} commands, {results['events']} events ({os.cpu_count()} cores)")
    print(f"  file size         msgpack {results['msgpack_bytes']:>9,} B   json {results['json_bytes']:>9,} B")
    print(f"  save (atomic)     msgpack {results['save_msgpack_ms']:>8.2f} ms   json {results['save_json_ms']:>8.2f} ms")
    print(f"  load + verify     msgpack {results['load_verify_msgpack_ms']:>8.2f} ms   json {results['load_verify_json_ms']:>8.2f} ms"
          "   (target < 25 ms)")
    print(f"  journaling        {results['journal_overhead_ms_per_command']:.4f} ms a command without fsync (target < 1 ms),"
          f" {results['journal_with_fsync_ms_per_command_median']:.3f} ms median with fsync")
    print(f"  verify throughput {results['verify_events_per_second']:,.0f} events/s over {results['verify_all_files']} files"
          f" ({results['verify_all_events']:,} events)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
