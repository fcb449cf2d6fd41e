"""The pass-the-keyboard screen names the next player on its button, however long the name."""

from __future__ import annotations

import pytest
from textual.widgets import Button
from tui_support import app_for, position_session, screen_text

from unotui.tui.screens.privacy import PrivacyScreen

LONG = "Bartholomew-Maximilian-Fitzgerald-the-Th"
"""As long as a name may be (40 characters)."""


@pytest.mark.parametrize("news", [None, "You drew b9. You now hold 3 cards: g3 g7 b9."])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_name_gives_way_on_the_button_and_its_key_stays(news: str | None, size: tuple[int, int]) -> None:
    # The button read "I'm Bartholomew-Maximilian-Fitzgerald-the-Th: show my hand (Ent".
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", LONG), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        app.push_screen(PrivacyScreen(LONG, "Ada", news))
        await pilot.pause()
        button = app.screen.query_one(Button)
        shown = str(button.render())
        assert shown.endswith("(Enter)") and "…" in shown and shown.startswith(("I'm Bartholomew", "Seen it: pass to Bartholomew"))
        assert shown in screen_text(app)  # on one line, whole
        assert app.screen.query_one(".dialog").content_region.contains_region(button.region)


async def test_a_short_name_is_shown_whole() -> None:
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PrivacyScreen("Bo", "Ada"))
        await pilot.pause()
        assert str(app.screen.query_one(Button).render()) == "I'm Bo: show my hand (Enter)"
        assert "I'm Bo: show my hand (Enter)" in screen_text(app)


async def test_a_name_that_ends_a_sentence_itself_gets_no_full_stop() -> None:
    # "Pass the keyboard to Bo!." doubled the punctuation.
    session = position_session([["r3", "g7"], ["r4", "b3"]], names=("Ada", "Bo!"), humans=(0, 1))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PrivacyScreen("Bo!", "Ada"))
        await pilot.pause()
        assert "Pass the keyboard to Bo!" in screen_text(app) and "Bo!." not in screen_text(app)
