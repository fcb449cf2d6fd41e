"""The hand's order and the theme: remembered in the saves folder; sorting keeps the card picked."""

from __future__ import annotations

from pathlib import Path

from tui_support import app_for, position_session, screen_text

from unotui.engine import Card
from unotui.tui.app import UnoApp
from unotui.tui.remembered import PREFERENCES, Preferences
from unotui.tui.widgets.hand import HandView

SIZE = (100, 30)
HANDS = [["g7", "r2", "b7", "r9"], ["b2", "b3"]]


async def test_the_hand_sorted_by_rank_stays_sorted_by_rank_next_time(tmp_path: Path) -> None:
    app = app_for(position_session(HANDS, save_dir=tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        assert [str(card) for card in app.screen.query_one(HandView).cards] == ["r2", "r9", "g7", "b7"]
        await pilot.press("t")
        await pilot.pause()
        assert not app.screen.query_one(HandView).by_color
    assert (tmp_path / PREFERENCES).exists()

    again = app_for(position_session(HANDS, save_dir=tmp_path))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = again.screen.query_one(HandView)
        assert not hand.by_color
        assert [str(card) for card in hand.cards] == ["r2", "g7", "b7", "r9"]
        assert "by rank" in screen_text(again)
        await pilot.press("t")  # and back to by colour, remembered too
        await pilot.pause()
    assert UnoApp(tmp_path).preferences == Preferences(hand_by_rank=False)


async def test_the_theme_picked_is_the_theme_next_time(tmp_path: Path) -> None:
    app = UnoApp(tmp_path, 0.0)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "textual-light"
        await pilot.pause()
    again = UnoApp(tmp_path, 0.0)
    assert again.theme == "textual-light"


def test_an_unreadable_or_unknown_preference_gives_the_defaults(tmp_path: Path) -> None:
    (tmp_path / PREFERENCES).write_bytes(b"{not json")
    assert UnoApp(tmp_path).preferences == Preferences()
    (tmp_path / PREFERENCES).write_bytes(b'{"theme": "no-such-theme", "hand_by_rank": true}')
    app = UnoApp(tmp_path)
    assert app.theme == "textual-dark" and app.preferences.hand_by_rank


async def test_playing_without_saving_writes_nothing(tmp_path: Path) -> None:
    app = app_for(position_session(HANDS))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert not app.screen.query_one(HandView).by_color
    assert not list(tmp_path.iterdir())


async def test_the_card_picked_stays_picked_when_the_hand_is_sorted_the_other_way() -> None:
    # The pick kept its place, not its card: Enter then played another card (or was refused).
    session = position_session([["g7", "r2", "b7", "r9"], ["b2", "b3"]], discard=["b5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        hand = app.screen.query_one(HandView)
        await pilot.press("4")  # by colour r2 r9 g7 b7: the b7
        await pilot.press("t")  # by rank r2 g7 b7 r9
        await pilot.pause()
        assert hand.cards[hand.selected] == Card.B7
        await pilot.press("enter")
        await pilot.pause()
        assert Card.B7 not in session.table.view(0).hand


async def test_the_card_picked_shows_its_heavy_border_in_the_light_theme_too() -> None:
    # Unplayable, the light theme's outline in its colour hid the border that marks the pick.
    from unotui.tui.widgets.card import CardFace

    app = app_for(position_session([["g7", "r2"], ["b2", "b3"]], discard=["b5"]))
    async with app.run_test(size=SIZE) as pilot:
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            picked = next(face for face in app.screen.query(CardFace) if face.has_class("-selected"))
            assert picked.has_class("-dim") and picked.styles.border_top[0] == "heavy", theme
