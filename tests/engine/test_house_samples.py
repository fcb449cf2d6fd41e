"""The house-rules samples in `replays/`: they verify, regenerate byte for byte, and show
the house rules at work."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from unotui.cli import main
from unotui.engine import DeckEdition
from unotui.record.table import read_replay
from unotui.record.verify import rebuild

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
NAMES = ["party-four-players", "house-2018-every-option"]


def sample_maker() -> ModuleType:
    sys.path.insert(0, str(REPLAYS))  # it imports its sibling, make_samples
    try:
        spec = importlib.util.spec_from_file_location("make_house_samples", REPLAYS / "make_house_samples.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(REPLAYS))


@pytest.mark.parametrize("name", [f"{name}{suffix}" for name in NAMES for suffix in (".uno", ".uno.json")])
def test_every_house_sample_verifies(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(REPLAYS / name)]) == 0, capsys.readouterr().out


def test_the_house_samples_regenerate_byte_for_byte(tmp_path: Path) -> None:
    for written in sample_maker().write_samples(tmp_path):
        assert written.read_bytes() == (REPLAYS / written.name).read_bytes(), written.name


def test_the_house_samples_show_every_house_rule_at_work() -> None:
    maker = sample_maker()
    party = rebuild(read_replay(REPLAYS / "party-four-players.uno").replay).match
    assert party.setup.rules.stacking and party.setup.rules.seven_o and party.setup.rules.jump_in
    every = rebuild(read_replay(REPLAYS / "house-2018-every-option.uno").replay).match
    assert every.setup.rules.deck is DeckEdition.EDITION_2018 and every.setup.rules.no_action_finish
    for match, wanted in [(party, {"stack", "swap", "rotate", "jump-in"}),
                          (every, {"stack", "swap", "rotate", "jump-in", "multi-play", "shuffle hands", "customizable"})]:
        found = maker.features(match)
        assert wanted <= found, wanted - found
