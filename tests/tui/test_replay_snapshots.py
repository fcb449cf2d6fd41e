"""Snapshots of the replay viewer: the start, mid-hand in both perspectives, a flagged bluff,
the file picker.

Write them with `pytest tests/tui/test_replay_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

from replay_matches import three_player_match

from unotui.record.replay_cursor import MomentKind, Recording, recording_of
from unotui.tui.screens.replay import ReplayApp

SIZE = (110, 36)


def recording() -> Recording:
    return recording_of(three_player_match(), "three-players.uno")


def mid_hand(match: Recording) -> int:
    """Turn 9 of hand 2."""
    position = match.cursor.turn_position(2, 9)
    assert position is not None
    return position


class TestReplaySnapshots:
    """How the viewer looks."""

    def test_at_the_start(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(ReplayApp(recording()), terminal_size=SIZE)

    def test_mid_hand_with_all_hands_shown(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        match = recording()

        async def go(pilot) -> None:  # type: ignore[no-untyped-def]
            pilot.app.screen.go(mid_hand(match))
            await pilot.pause()

        assert snap_compare(ReplayApp(match), run_before=go, terminal_size=SIZE)

    def test_mid_hand_as_one_seat_saw_it(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        match = recording()

        async def go(pilot) -> None:  # type: ignore[no-untyped-def]
            pilot.app.screen.go(mid_hand(match))
            await pilot.pause()

        assert snap_compare(ReplayApp(match, seat=1), run_before=go, terminal_size=SIZE)

    def test_on_a_flagged_bluff(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        match = recording()
        bluff = next(m for m in match.cursor.moments if m.kind is MomentKind.BLUFF)

        async def go(pilot) -> None:  # type: ignore[no-untyped-def]
            screen = pilot.app.screen
            screen.go(screen.moment_stop(bluff))  # where `n` lands
            await pilot.pause()

        assert snap_compare(ReplayApp(match), run_before=go, terminal_size=SIZE)

    def test_mid_hand_all_hands_in_the_light_theme_at_80x24(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        match = recording()

        async def go(pilot) -> None:  # type: ignore[no-untyped-def]
            pilot.app.theme = "textual-light"
            pilot.app.screen.go(mid_hand(match))
            await pilot.pause()

        assert snap_compare(ReplayApp(match), run_before=go, terminal_size=(80, 24))

    def test_mid_hand_as_one_seat_saw_it_at_80x24(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        match = recording()

        async def go(pilot) -> None:  # type: ignore[no-untyped-def]
            pilot.app.screen.go(mid_hand(match))
            await pilot.pause()

        assert snap_compare(ReplayApp(match, seat=1), run_before=go, terminal_size=(80, 24))

    def test_the_picker(self, snap_compare, tmp_path) -> None:  # type: ignore[no-untyped-def]
        from tui_support import played_at

        from unotui.record.table import SAVE_SUFFIX

        save = tmp_path / f"friday-night{SAVE_SUFFIX}"
        save.write_bytes((Path(__file__).parents[2] / "replays" / "two-players-to-500.uno").read_bytes())
        played_at(save)
        assert snap_compare(ReplayApp(None, save_dir=tmp_path), terminal_size=(80, 24))
