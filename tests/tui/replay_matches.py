"""Recorded matches for the replay viewer's tests, played by the sample maker's seeded players."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

from unotui.record import Replay, Table, encode_msgpack

ROOT = Path(__file__).resolve().parents[2]

THREE_SEED = 24
"""A 3-player match to 150 with every kind of marked moment: a bluff, challenges, UNO
catches, a missed UNO nobody caught, a reshuffle and hand ends (about 1,300 events)."""


def sample_maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "replays" / "make_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def three_player_match() -> Replay:
    maker = sample_maker()
    table = maker.play_match(Table.new(maker.header(3, seed=THREE_SEED, target=150)), seed=THREE_SEED)
    return table.replay()


def write_match(folder: Path, name: str = "three-players.uno") -> Path:
    """The 3-player match saved as `name` in `folder`."""
    path = folder / name
    path.write_bytes(encode_msgpack(three_player_match()))
    return path
