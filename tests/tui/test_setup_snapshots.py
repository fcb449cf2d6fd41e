"""SVG snapshots of the new-game setup screen, small and large.

Write them with `pytest tests/tui/test_setup_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from unotui.engine import PRESETS
from unotui.tui.app import UnoApp
from unotui.tui.screens.setup import LAST_SETUP, LastSetup
from unotui.tui.widgets.setup_seat import BOT, HUMAN, SeatChoice

SNAPSHOT_SAVES = Path("/tmp/unotui-setup-snapshot-saves")
"""A fixed folder, so the remembered setup is the one each test writes."""


def saves_with(setup: LastSetup | None) -> Path:
    shutil.rmtree(SNAPSHOT_SAVES, ignore_errors=True)
    SNAPSHOT_SAVES.mkdir(parents=True)
    if setup is not None:
        (SNAPSHOT_SAVES / LAST_SETUP).write_bytes(msgspec.json.encode(setup))
    return SNAPSHOT_SAVES


HOT_SEAT_PARTY = LastSetup(
    name="Ann",
    preset="party",
    rules=msgspec.structs.replace(PRESETS["party"], stacking=False, target=300),
    others=[SeatChoice(kind=HUMAN, name="Bea"), SeatChoice(kind=BOT, level="strong", personality="Dotty"),
            SeatChoice(kind="Vera")],
    seed=42,
)
"""Four players, two at the keyboard, a bot by level, a changed preset and a seed."""


class TestSetupScreen:
    """The setup screen as it first opens and with a remembered hot-seat party setup."""

    def test_setup_80x24(self, snap_compare) -> None:
        assert snap_compare(UnoApp(saves_with(None), 0.0), press=["n"], terminal_size=(80, 24))

    def test_setup_120x40(self, snap_compare) -> None:
        assert snap_compare(UnoApp(saves_with(None), 0.0), press=["n"], terminal_size=(120, 40))

    def test_remembered_hot_seat_party_120x40(self, snap_compare) -> None:
        assert snap_compare(UnoApp(saves_with(HOT_SEAT_PARTY), 0.0), press=["n", "down", "down"], terminal_size=(120, 40))

    def test_rules_scrolled_into_view_80x24(self, snap_compare) -> None:
        keys = ["n"] + ["down"] * 9
        assert snap_compare(UnoApp(saves_with(HOT_SEAT_PARTY), 0.0), press=keys, terminal_size=(80, 24))
