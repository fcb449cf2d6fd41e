"""Measure the TUI: start-up to first frame in a real terminal, and key press to updated screen.

    python benchmarks/tui_latency.py            # both, 7 runs each
    python benchmarks/tui_latency.py --runs 15

**Start-up**: `unotui play --seed 1 --bots Dotty,Gran` runs in tmux at 80x24; the time is
from launching the tmux session until capture-pane first shows the table (the hand pane's
title), polled every 5 ms. The package is byte-compiled first (`compileall`), as an
installed package is; without it Python compiles every module on each start (when
PYTHONDONTWRITEBYTECODE is set, as on the development machine) and start-up takes about
0.2 s longer.

**Key press**: in-process, at 80x24, with Textual's headless driver. The key is posted to
the app as the terminal driver posts it (no Pilot: Pilot's own waiting costs about 40 ms
a key), each run in its own process; the time runs until the first frame showing the card played has been composed
and turned into the bytes a terminal would be sent. That includes Textual's frame pacing
(at most 1/60 s) but not the terminal's own drawing.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "tui")]


def startup(runs: int) -> list[float]:
    """Seconds from launching `unotui play` in tmux to the first frame showing the table."""
    tmux = shutil.which("tmux")
    if tmux is None:
        raise SystemExit("tmux is needed to measure start-up")
    compileall.compile_dir(ROOT / "unotui", quiet=1)
    unotui = str(Path(sys.executable).with_name("unotui"))
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            socket = str(Path(folder) / f"sock{run}")
            started = time.perf_counter()
            subprocess.run([tmux, "-S", socket, "new-session", "-d", "-s", "b", "-x", "80", "-y", "24",
                            f"env -u COLUMNS -u LINES {unotui} play --seed 1 --bots Dotty,Gran "
                            "--no-save --speed instant"], check=True)
            while True:
                screen = subprocess.run([tmux, "-S", socket, "capture-pane", "-p", "-t", "b"], capture_output=True, text=True).stdout
                if "Your hand" in screen:
                    break
                time.sleep(0.005)
            times.append(time.perf_counter() - started)
            subprocess.run([tmux, "-S", socket, "kill-server"], check=False)
    return times


async def _one_play() -> float:
    from textual import events
    from tui_support import app_for, position_session

    from unotui.engine import Card
    from unotui.tui.widgets import CardFace, HandView, PilePane

    session = position_session([["r3", "g7", "b9", "y1", "y2", "g4", "b5"], ["b2", "b3", "g1", "g2", "y3", "y4", "y5"]])
    app = app_for(session)
    app.speed = 10.0  # the bot waits: only the card play itself is timed
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # select r3, the one playable card
        await pilot.pause(0.2)
        screen = app.screen
        hand, pile = screen.query_one(HandView), screen.query_one(PilePane)
        shown: list[float] = []
        display = app._display

        def timed_display(shown_screen: Any, renderable: Any) -> None:
            display(shown_screen, renderable)
            if renderable is None or shown:
                return
            # The headless driver sends nothing: make the bytes a terminal would get.
            renderable.render_segments(app.console)
            faces = [face for face in hand.query(CardFace) if face.display and not face.has_class("-spare")]
            if len(faces) == 6 and pile.view is not None and pile.view.top is Card.R3:
                shown.append(time.perf_counter())

        app._display = timed_display  # type: ignore[method-assign]
        started = time.perf_counter()
        app.post_message(events.Key("enter", "\r"))
        while not shown:
            await asyncio.sleep(0.001)
            if time.perf_counter() - started > 5:
                raise SystemExit("the card play never reached the screen")
        return shown[0] - started


def key_to_frame(runs: int) -> list[float]:
    """Seconds from pressing Enter on a card to the frame showing it played, each run in a
    fresh process: one app per process, as when playing (garbage from earlier runs' apps
    would otherwise be collected inside a measured key press)."""
    times = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, __file__, "--one-play"], capture_output=True, text=True, check=True)
        times.append(float(done.stdout.strip()))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--one-play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_play:
        print(asyncio.run(_one_play()))
        return 0
    os.environ.pop("NO_COLOR", None)
    first = startup(args.runs)
    print("start-up to first frame (80x24, tmux): "
          f"median {statistics.median(first) * 1000:.0f} ms, "
          f"best {min(first) * 1000:.0f} ms, worst {max(first) * 1000:.0f} ms over {args.runs} runs")
    keys = key_to_frame(args.runs)
    print(f"key press to updated screen (play a card, 80x24): median {statistics.median(keys) * 1000:.1f} ms, "
          f"best {min(keys) * 1000:.1f} ms, worst {max(keys) * 1000:.1f} ms over {args.runs} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
