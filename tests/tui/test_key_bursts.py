"""Keys in bursts, as a terminal delivers fast typing, a held key or a paste: whatever they
ask, from any screen, the app answers or refuses and goes on, never with a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from textual.events import Key
from tui_support import app_for, position_session

from unotui.engine import PRESETS
from unotui.record import PlayerInfo, PlayerKind
from unotui.tui.app import UnoApp
from unotui.tui.session import start_session

KEYS = ["left", "right", "up", "down", "enter", "enter", "escape", "tab", "space", "backspace", "home", "end", "pageup",
        "pagedown", "shift+right", "ctrl+g", "colon", "question_mark", "plus", "minus", *"dkucl1234stpahgnvbyrwe"]
"""Every screen's keys: the title's entries, the table's, the replay's, the dialogs' answers."""

PARTY_WITH_EVERYTHING = msgspec.structs.replace(PRESETS["party"], seven_o=True, jump_in=True, multi_play=True)


async def press_bursts(app: UnoApp, seed: int, bursts: int, size: tuple[int, int] = (80, 24)) -> None:
    rng = random.Random(seed)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(bursts):
            for key in rng.choices(KEYS, k=rng.randint(1, 6)):
                character = {"space": " ", "colon": ":", "question_mark": "?", "plus": "+", "minus": "-"}.get(key)
                app.post_message(Key(key, character if character else key if len(key) == 1 else None))
            await pilot.pause()
            if not app.is_running:
                break


@pytest.mark.parametrize(("seed", "size"), [(13, (80, 24)), (24, (80, 24)), (33, (80, 24)), (80, (60, 20))])
async def test_bursts_from_the_title_through_every_screen(tmp_path: Path, seed: int, size: tuple[int, int]) -> None:
    # Each of these ended in a traceback once: a replay seat's view stepped into a deal
    # (13), the setup opened above the replay viewer from one burst at the title (24), a
    # game started before its number of players was answered (13), Tab on a blank command
    # line (33), the replay picker closed twice (80). 40 seeds pass at 80x24, 32 at
    # 120x40 and 28 at 60x20.
    await press_bursts(UnoApp(tmp_path, 0.0), seed, 120, size)


async def test_bursts_at_a_hot_seat_party_table(tmp_path: Path) -> None:
    players = [PlayerInfo(name="Ann", kind=PlayerKind.HUMAN), PlayerInfo(name="Bea", kind=PlayerKind.HUMAN),
               PlayerInfo(name="Max", kind=PlayerKind.BOT, level="basic", seed=2)]
    session = start_session(players, PARTY_WITH_EVERYTHING, 5, tmp_path)
    await press_bursts(UnoApp(tmp_path, 0.0, session), 3, 120)


@pytest.mark.parametrize("key", ["k", "enter"])
async def test_a_refusal_repeated_in_one_burst_shows_one_notification(key: str) -> None:
    # Four presses in one burst left two identical toasts stacked over the hand: the
    # clearing before each answer missed the toasts still on their way.
    session = position_session([["g7", "r3"], ["b2", "b4"]], names=("You", "Bo"))
    app = app_for(session)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        for _ in range(4):
            app.post_message(Key(key, "k" if key == "k" else None))
        await pilot.pause(0.2)
        toasts = list(app.screen.query("Toast"))
        assert len(toasts) == 1
        assert len(app._notifications) == 1
