"""Recorded matches for the replay viewer's tests, played by the sample maker's seeded players."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

from unotui.engine import RuleSet
from unotui.record import PlayerInfo, PlayerKind, Replay, Table, encode_msgpack, make_header

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


@cache
def own_match() -> Replay:
    """The 3-player match as a save of one's own: seat 0 is the player at the keyboard,
    called You, against Bo and Dotty (every seat played by the sample maker's players)."""
    maker = sample_maker()
    players = [PlayerInfo(name="You"), *(PlayerInfo(name=name, kind=PlayerKind.BOT, level="basic", seed=seat)
                                         for seat, name in enumerate(("Bo", "Dotty"), start=1))]
    header = make_header(players, RuleSet(target=150), seed=THREE_SEED, created=maker.CREATED)
    return maker.play_match(Table.new(header), seed=THREE_SEED).replay()


def write_match(folder: Path, name: str = "three-players.uno") -> Path:
    """The 3-player match saved as `name` in `folder`."""
    path = folder / name
    path.write_bytes(encode_msgpack(three_player_match()))
    return path
