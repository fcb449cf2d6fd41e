"""Measure the TUI: start-up to first frame in a real terminal, and key press to updated screen.

    python benchmarks/tui_latency.py            # both, 5 runs each
    python benchmarks/tui_latency.py --runs 10

Start-up: `unotui play --seed 1 ...` runs in tmux; the time is from launch until
capture-pane first shows the table (the hand pane's title). Key press: in-process with
Textual's Pilot at 80x24, the time from pressing Enter on a playable card until the new
frame has been rendered (the hand widget has recomposed and the screen refreshed).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "tui")]


def startup(runs: int) -> list[float]:
    """Seconds from launching `unotui play` in tmux to the first frame showing the table."""
    tmux = shutil.which("tmux")
    if tmux is None:
        raise SystemExit("tmux is needed to measure start-up")
    unotui = str(Path(sys.executable).with_name("unotui"))
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            socket = str(Path(folder) / f"sock{run}")
            started = time.perf_counter()
            subprocess.run([tmux, "-S", socket, "new-session", "-d", "-s", "b", "-x", "80", "-y", "24",
                            f"env -u COLUMNS -u LINES {unotui} play --seed 1 --bots Dotty,Gran --no-save --speed instant"], check=True)
            while True:
                screen = subprocess.run([tmux, "-S", socket, "capture-pane", "-p", "-t", "b"], capture_output=True, text=True).stdout
                if "Your hand" in screen:
                    break
                time.sleep(0.005)
            times.append(time.perf_counter() - started)
            subprocess.run([tmux, "-S", socket, "kill-server"], check=False)
    return times


async def _key_to_frame(runs: int) -> tuple[list[float], list[float]]:
    from tui_support import app_for, position_session

    from unotui.tui.widgets import HandView

    times, idle = [], []
    for _ in range(runs):
        session = position_session([["r3", "g7", "b9", "y1", "y2", "g4", "b5"], ["b2", "b3", "g1", "g2", "y3", "y4", "y5"]])
        app = app_for(session)
        app.speed = 10.0  # the bot waits: only the card play itself is timed
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            hand = app.screen.query_one(HandView)
            await pilot.press("1")
            await pilot.pause()
            started = time.perf_counter()
            await pilot.press("x")  # bound to nothing: what Pilot itself costs per key
            idle.append(time.perf_counter() - started)
            started = time.perf_counter()
            # `press` returns once the app has handled the key and the screen is idle again.
            await pilot.press("enter")
            while len(hand.query("CardFace")) != 6:
                await pilot.pause()
            times.append(time.perf_counter() - started)
    return times, idle


def key_to_frame(runs: int) -> tuple[list[float], list[float]]:
    """Seconds from pressing Enter on a card to the frame showing it played."""
    return asyncio.run(_key_to_frame(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    first = startup(args.runs)
    print(f"start-up to first frame (80x24, tmux): median {statistics.median(first) * 1000:.0f} ms, "
          f"best {min(first) * 1000:.0f} ms, worst {max(first) * 1000:.0f} ms over {args.runs} runs")
    keys, idle = key_to_frame(args.runs)
    print(f"key press to updated screen (play a card): median {statistics.median(keys) * 1000:.1f} ms, "
          f"worst {max(keys) * 1000:.1f} ms over {args.runs} runs "
          f"(an unbound key costs {statistics.median(idle) * 1000:.1f} ms through Pilot)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
