"""Measure the replay viewer: open time and step latency on a long match.

    python benchmarks/replay.py [--events N] [--file FILE] [--repeat N] [--json]

Without `--file` it plays a 4-player match of at least `--events` events (10,000 by
default) with the sample maker's players (`replays/make_samples.py`) and saves it to a
temporary file first. Targets: open under 300 ms; any step under 30 ms.

- **open**: in a running app (as the title screen's Replay entry opens a file): read the
  file, verify it in full, fold it with cached states, index its turns, hands and moments
  (`open_recording`), tell the log, and render the viewer's first frame. Starting Python
  and Textual (`unotui replay FILE` from the shell) adds its own fixed cost, not counted.
- **step_nothing**: a key that changes nothing: what waiting for every widget's message
  queue to drain and rendering costs on its own (the floor under every step).
- **step**: one key's work, from the key to a rendered frame: folding to the new
  position, the view, every pane that changes, the log highlight, the timeline, and the
  screen's re-render (Textual's frame timer, at most 1/60 s, is not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from unotui.record import Table
from unotui.record.replay_cursor import open_recording

ROOT = Path(__file__).resolve().parents[1]
TARGET_OPEN_MS = 300.0
TARGET_STEP_MS = 30.0


def sample_maker() -> ModuleType:
    """`replays/make_samples.py`, whose seeded players make realistic matches."""
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "replays" / "make_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def long_match(folder: Path, events: int) -> Path:
    """A finished 4-player match of at least `events` events, saved in `folder`."""
    maker = sample_maker()
    target = 500
    while True:
        table: Table = maker.play_match(Table.new(maker.header(4, seed=3, target=target)), seed=3, max_commands=200_000)
        if table.finished and len(table.match.events) >= events:
            return table.save_as(folder / f"four-players-to-{target}.uno")
        target += 500


async def measure_viewer(path: Path, repeat: int, clock: Callable[[], float], seat: int | None = None) -> dict[str, float | int]:
    from unotui.tui.app import UnoApp
    from unotui.tui.screens.replay import ReplayScreen

    app = UnoApp(None)
    results: dict[str, float | int] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot._wait_for_screen()
        # Open as the title screen's Replay entry does: in a running app, file to first frame.
        started = clock()
        recording = open_recording(path)
        opened = clock()
        screen = ReplayScreen(recording, seat)
        await app.push_screen(screen)
        await pilot._wait_for_screen()
        screen._on_timer_update()
        shown = clock()
        results.update({"events": recording.cursor.end, "records": len(recording.records),
                        "hands": len(recording.cursor.hands)})
        results["open_file_ms"] = 1000 * (opened - started)
        results["open_ms"] = 1000 * (shown - started)

        async def step(action: str, *args: int) -> float:
            began = clock()
            getattr(screen, f"action_{action}")(*args)
            await pilot._wait_for_screen()
            screen._on_timer_update()
            return 1000 * (clock() - began)

        end = recording.cursor.end
        kinds = {"nothing": ("step", 0), "event": ("step", 1), "event_back": ("step", -1), "turn": ("turn", 1), "hand": ("hand", 1),
                 "hand_back": ("hand", -1), "line": ("line", 1), "moment": ("moment", 1)}
        for name, (action, arg) in kinds.items():
            times = []
            for index in range(repeat):
                screen.go(end * (index + 1) // (repeat + 2))
                await pilot._wait_for_screen()
                screen._on_timer_update()
                times.append(await step(action, arg))
            results[f"step_{name}_median_ms"] = statistics.median(times)
            results[f"step_{name}_max_ms"] = max(times)
        ends, homes = [], []
        for _ in range(repeat):
            screen.go(end // 3)
            await pilot._wait_for_screen()
            ends.append(await step("end"))
            homes.append(await step("home"))
        results["step_end_median_ms"], results["step_end_max_ms"] = statistics.median(ends), max(ends)
        results["step_home_median_ms"], results["step_home_max_ms"] = statistics.median(homes), max(homes)
        timings = []
        for position in range(end // 2, end // 2 + 4 * repeat):
            began = time.perf_counter()
            recording.cursor.state_at(position)
            timings.append(time.perf_counter() - began)
        jumps = []
        for index in range(repeat):
            began = time.perf_counter()
            recording.cursor.state_at((index * 7919) % end)
            jumps.append(time.perf_counter() - began)
        results["fold_step_us"] = 1e6 * statistics.median(timings)
        results["fold_jump_max_us"] = 1e6 * max(jumps)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000, help="events in the generated match")
    parser.add_argument("--file", type=Path, default=None, help="measure this replay instead")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seat", type=int, default=None, help="measure this seat's view (default: the audit view)")
    parser.add_argument("--wall", action="store_true",
                        help="wall-clock time instead of this process's CPU time (counts other programs' load too)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.file or long_match(Path(folder), args.events)
        clock = time.perf_counter if args.wall else time.process_time
        results = asyncio.run(measure_viewer(path, args.repeat, clock, args.seat))
    worst_step = max(value for key, value in results.items()
                     if key.startswith("step_") and key.endswith("_max_ms") and not key.startswith("step_nothing"))
    results["worst_step_ms"] = worst_step
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{path.name}: {results['events']:,} events, {results['records']:,} records, {results['hands']} hands")
        for key, value in results.items():
            if key.endswith("_ms") or key.endswith("_us"):
                print(f"  {key:<26} {value:8.2f}")
        print(f"open {results['open_ms']:.0f} ms (target < {TARGET_OPEN_MS:.0f}); "
              f"worst step {worst_step:.1f} ms (target < {TARGET_STEP_MS:.0f})")
    return 0 if results["open_ms"] < TARGET_OPEN_MS and worst_step < TARGET_STEP_MS else 1


if __name__ == "__main__":
    sys.exit(main())
