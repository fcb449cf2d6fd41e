"""SVG snapshots of every screen and dialog, from fixed seeds and positions.

Write them with `pytest tests/tui --snapshot-update`; the report of a failed comparison is
`snapshot_report.html`.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from tui_support import FIXED_TIME, app_for, draw_four_on_green, played_at, position_session, seats

from unotui.engine import PRESETS, RuleSet
from unotui.record import make_header, new_game
from unotui.tui.app import UnoApp
from unotui.tui.launch import quick_session
from unotui.bots import advice

SNAPSHOT_SAVES = Path("/tmp/unotui-snapshot-saves")
"""A fixed folder, because the title and load screens show where saves live."""


def quick_app(seed: int = 7) -> UnoApp:
    args = argparse.Namespace(name="Ann", bots="Dotty,Gran,Rex", players=None, seed=seed, rules="standard", target=None)
    session = quick_session(args, None)
    assert session is not None
    return app_for(session)


def saves_folder() -> Path:
    shutil.rmtree(SNAPSHOT_SAVES, ignore_errors=True)
    SNAPSHOT_SAVES.mkdir(parents=True)
    header = make_header(seats(["Ann", "Dotty", "Gran"]), RuleSet(), seed=3, created=FIXED_TIME)
    table = new_game(SNAPSHOT_SAVES, header, sync=False)
    table.close()
    assert table.path is not None
    played_at(table.path)
    return SNAPSHOT_SAVES


class TestTitleAndSetup:
    """The screens before a match."""

    def test_title(self, snap_compare) -> None:
        assert snap_compare(UnoApp(saves_folder(), 0.0), terminal_size=(80, 24))

    def test_setup(self, snap_compare) -> None:
        assert snap_compare(UnoApp(saves_folder(), 0.0), press=["n"], terminal_size=(100, 40))

    def test_load(self, snap_compare) -> None:
        assert snap_compare(UnoApp(saves_folder(), 0.0), press=["l"], terminal_size=(100, 24))

    def test_load_64_columns(self, snap_compare) -> None:
        """The scores wrap, between one player's and the next."""
        assert snap_compare(UnoApp(saves_folder(), 0.0), press=["l"], terminal_size=(64, 24))


class TestTable:
    """The table itself, small and large."""

    def test_table_80x24(self, snap_compare) -> None:
        assert snap_compare(quick_app(), terminal_size=(80, 24))

    def test_table_120x40(self, snap_compare) -> None:
        assert snap_compare(quick_app(), terminal_size=(120, 40))

    def test_table_after_look(self, snap_compare) -> None:
        assert snap_compare(quick_app(), press=["l"], terminal_size=(100, 30))

    def test_table_ten_players_80x24(self, snap_compare) -> None:
        args = argparse.Namespace(name="Ann", bots=None, players=10, seed=7, rules="standard", target=None)
        session = quick_session(args, None)
        assert session is not None
        app = app_for(session)
        app.speed = 10.0
        assert snap_compare(app, terminal_size=(80, 24))


class TestLightTheme:
    """The table in Textual's light theme: card faces and outlines keep their contrast."""

    @staticmethod
    def light(pilot) -> None:
        pilot.app.theme = "textual-light"

    def test_table_light_80x24(self, snap_compare) -> None:
        assert snap_compare(quick_app(), terminal_size=(80, 24), run_before=self.light)

    def test_table_light_120x40(self, snap_compare) -> None:
        assert snap_compare(quick_app(), terminal_size=(120, 40), run_before=self.light)

    def test_color_dialog_light(self, snap_compare) -> None:
        app = app_for(position_session([["w", "g7", "r1"], ["b2", "b3"]], discard=["y5"]))
        assert snap_compare(app, press=["3", "enter"], terminal_size=(100, 30), run_before=self.light)


class TestDialogs:
    """Every decision and question."""

    def test_color(self, snap_compare) -> None:
        app = app_for(position_session([["w", "g7", "r1"], ["b2", "b3"]], discard=["y5"]))
        assert snap_compare(app, press=["3", "enter"], terminal_size=(100, 30))

    def test_drawn_card(self, snap_compare) -> None:
        app = app_for(position_session([["b9", "g7"], ["b2", "b3"]], discard=["r5"], draw_pile=["r8"]))
        assert snap_compare(app, press=["d"], terminal_size=(100, 30))

    def test_drawn_card_with_its_hint_at_80x24(self, snap_compare, monkeypatch) -> None:
        # Play-out counts alone decide the hint, so that a slow machine shows the same one.
        monkeypatch.setattr(advice, "HINT_TIME_LIMIT", None)
        app = app_for(position_session([["b9", "g7", "r2"], ["b2", "b3"]], discard=["r5"], draw_pile=["r8"]))
        assert snap_compare(app, press=["d", "h"], terminal_size=(80, 24))

    def test_challenge(self, snap_compare) -> None:
        app = app_for(position_session([["r1", "g2"], ["y3", "b4"]], discard=["y5", "w+4"], color="blue",
                                       decision="challenge", bluff=True, turn=0, dealer=1))
        assert snap_compare(app, terminal_size=(100, 30))

    def test_challenge_a_stack_at_80x24(self, snap_compare) -> None:
        """Rule: R-HOUSE-1. Eight cards at stake, and a Wild Draw Four of your own to stack."""
        app = app_for(position_session([["r3", "w+4", "b7"], ["b2", "b3"], ["y1", "y2"]], discard=["y5", "w+4", "w+4"],
                                       color="blue", rules=PRESETS["party"], decision="challenge", pending=8, bluff=False,
                                       turn=0, dealer=1))
        assert snap_compare(app, terminal_size=(80, 24))

    def test_stacked_draw_twos_at_80x24(self, snap_compare) -> None:
        """Rule: R-HOUSE-1. Only the Draw Two that stacks is lit; the total is beside the draw pile."""
        app = app_for(position_session([["r3", "g+2", "b7", "y9"], ["b2", "b3", "y7"], ["y1", "y2"]],
                                       discard=["r5", "r+2"], rules=PRESETS["party"], decision="stack", pending=2))
        assert snap_compare(app, terminal_size=(80, 24))

    def test_reveal(self, snap_compare) -> None:
        """The cards of the colour in play before the Wild Draw Four are lit: the bluff's proof."""
        app = app_for(draw_four_on_green(["y3", "g1", "b4", "r8", "g6"]))
        assert snap_compare(app, press=["c"], terminal_size=(100, 30))

    def test_reveal_twenty_cards_at_80x24(self, snap_compare) -> None:
        """Too many for two rows of faces: compact ones, every card in view."""
        bluffer = ["r1", "r2", "r3", "r4", "r5", "r6", "y1", "y2", "y3", "y4", "y5", "y6", "g1", "g2", "b1", "b2",
                   "b3", "b4", "w", "w+4"]
        assert snap_compare(app_for(draw_four_on_green(bluffer)), press=["c"], terminal_size=(80, 24))

    def test_privacy(self, snap_compare) -> None:
        """Ada has played: Bo is asked for (the match opened on Ada's, taken with Enter)."""
        app = app_for(position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo"), humans=(0, 1)))
        assert snap_compare(app, press=["enter", "1", "enter"], terminal_size=(100, 30))

    def test_help(self, snap_compare) -> None:
        app = app_for(position_session([["r3", "g7"], ["r4", "b3"]]))
        assert snap_compare(app, press=["question_mark"], terminal_size=(120, 40))

    def test_scores(self, snap_compare) -> None:
        app = app_for(position_session([["r3", "g7"], ["r4", "b3"]], scores=(120, 45), results=((0, 45), (120, 0))))
        assert snap_compare(app, press=["s"], terminal_size=(100, 30))

    def test_quit(self, snap_compare) -> None:
        app = app_for(position_session([["r3", "g7"], ["r4", "b3"]]))
        assert snap_compare(app, press=["q"], terminal_size=(100, 30))


class TestSummaries:
    """The end of a hand and of the match."""

    def test_hand_summary(self, snap_compare) -> None:
        app = app_for(position_session([["r3"], ["b2", "b3", "w+4"], ["g1", "y9"]], names=("You", "Bo", "Cy"), uno=(0,)))
        assert snap_compare(app, press=["1", "enter"], terminal_size=(100, 30))

    def test_match_summary(self, snap_compare) -> None:
        app = app_for(position_session([["r3"], ["b2", "b3", "w+4"]], uno=(0,), scores=(480, 100),
                                       results=((0, 100), (300, 0), (180, 0))))
        assert snap_compare(app, press=["1", "enter"], terminal_size=(100, 30))


class TestTooSmall:
    """A terminal smaller than the table needs: the notice, over it."""

    def test_table_at_70x20(self, snap_compare) -> None:
        assert snap_compare(quick_app(), terminal_size=(70, 20))
