"""House rules the setup screen offers can be played from the keyboard: the seven-o swap and a jump-in."""

from __future__ import annotations

import pytest
from textual.widgets import Button
from tui_support import position_session

from unotui.engine import Card, CustomEffect, DeckEdition, HandsSwapped, JumpedIn, RuleSet
from unotui.tui.app import UnoApp
from unotui.tui.screens.swap import SwapDialog
from unotui.tui.widgets import GameLog, HandView
from unotui.tui.widgets.card import CardFace

SIZE = (100, 32)


@pytest.mark.parametrize("keys", [("2",), ("down", "enter")])  # the second seat offered: Cy
async def test_a_seven_asks_whom_to_swap_with(keys: tuple[str, ...]) -> None:
    """Rule: R-HOUSE-2. By its number, or the arrows and Enter (they did nothing, and Enter chose the first)."""
    session = position_session([["r7", "g1", "b2"], ["y1", "y2", "y3", "y4"], ["b5", "b6"]], discard=["r5"],
                               names=("You", "Bo", "Cy"), rules=RuleSet(seven_o=True))
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SwapDialog)
        await pilot.press(*keys)
        await pilot.pause()
        swaps = [event for event in session.table.match.events if isinstance(event, HandsSwapped)]
        assert [(event.seat, event.other) for event in swaps] == [(0, 2)]


async def test_nine_others_to_swap_with_all_show_on_an_80x24_screen() -> None:
    """Rule: R-HOUSE-2"""
    names = ("You", "Bo", "Cy", "Di", "Everett", "Francesca", "Gil", "Hana", "Ivo", "Jun")
    hands = [["r7", "g1"], *([f"b{number}", f"y{number}"] for number in range(9))]
    session = position_session(hands, discard=["r5"], names=names, rules=RuleSet(seven_o=True))
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SwapDialog)
        dialog = app.screen.query_one(".dialog").content_region
        buttons = list(app.screen.query(Button))
        assert len(buttons) == 9 and all(dialog.contains_region(button.region) for button in buttons)
        await pilot.click("#swap-9")
        await pilot.pause()
        swaps = [event for event in session.table.match.events if isinstance(event, HandsSwapped)]
        assert [(event.seat, event.other) for event in swaps] == [(0, 9)]


async def test_escape_takes_the_seven_back() -> None:
    session = position_session([["r7", "g1", "b2"], ["y1", "y2", "y3"]], discard=["r5"], names=("You", "Bo"),
                               rules=RuleSet(seven_o=True))
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter", "escape")
        await pilot.pause()
        assert session.table.view(0).hand_sizes == (3, 3)


async def test_a_swap_hands_wild_customizable_asks_for_a_colour_then_a_player() -> None:
    """Rule: R-DECK-3"""
    rules = RuleSet(deck=DeckEdition.EDITION_2018, custom_effect=CustomEffect.SWAP_HANDS)
    session = position_session([["wc", "g1"], ["y1", "y2", "y3"]], discard=["r5"], names=("You", "Bo"), rules=rules)
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter", "g")
        await pilot.pause()
        assert isinstance(app.screen, SwapDialog)
        await pilot.press("1")
        await pilot.pause()
        assert any(isinstance(event, HandsSwapped) for event in session.table.match.events)


async def test_you_can_jump_in_by_typing_the_card() -> None:
    """Rule: R-HOUSE-3"""
    session = position_session([["g1", "r5", "b2"], ["y1", "y2", "y3"]], discard=["r5"], names=("You", "Bo"),
                               rules=RuleSet(jump_in=True), turn=1, dealer=0)
    app = UnoApp(None, 10.0, session)  # Bo takes ten seconds: time enough to jump in
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(":", "r", "5", "enter")
        await pilot.pause()
        assert any(isinstance(event, JumpedIn) and event.seat == 0 for event in session.table.match.events)


async def test_the_card_you_could_jump_in_with_is_lit_while_another_plays() -> None:
    """Rule: R-HOUSE-3. Only the top card's twin lights up; other cards wait for your turn."""
    session = position_session([["g1", "r5", "b2"], ["y1", "y2", "y3"]], discard=["r5"], names=("You", "Bo"),
                               rules=RuleSet(jump_in=True), turn=1, dealer=0)
    app = UnoApp(None, 10.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        faces = [face for face in app.screen.query_one(HandView).query(CardFace) if face.display]
        assert [face.card for face in faces if face.has_class("-playable")] == [Card.R5]
        assert str(app.screen.query_one(HandView).border_title).endswith(" · r5 can jump in")
        await pilot.press(":", *"hand", "enter")
        await pilot.pause()
        await pilot.press(*"g1", "enter")
        await pilot.pause()
        told = app.screen.query_one(GameLog).lines_shown
        assert "You hold 3 cards: r5 g1 b2. You can jump in with r5." in told
        assert told[-1] == "It's Bo's turn, not yours."


async def test_u_before_a_jump_in_with_the_second_to_last_card_says_uno_with_it() -> None:
    """Rule: R-HOUSE-3, R-UNO-7. Out of turn UNO can't be said on its own with two cards:
    `u` was refused, and the jump-in left the player on one card without UNO."""
    session = position_session([["b2", "r5"], ["y1", "y2", "y3"]], discard=["r5"], names=("You", "Bo"),
                               rules=RuleSet(jump_in=True), turn=1, dealer=0)
    app = UnoApp(None, 10.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        await pilot.press(":", *"uno", "enter", "escape")
        await pilot.pause()
        assert app.screen.query_one(GameLog).lines_shown[-1] == "UNO goes with your jump-in: `play r5 uno`."
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.query_one(GameLog).lines_shown[-1] == "UNO goes with your jump-in: Enter plays r5."
        assert hand.cards[hand.selected] == Card.R5 and str(hand.border_title).endswith(" · ⏎ plays r5 UNO")
        await pilot.press("enter")
        await pilot.pause()
        assert any(isinstance(event, JumpedIn) and event.seat == 0 for event in session.table.match.events)
        view = session.table.view(0)
        assert view.hand == (Card.B2,) and view.uno_said[0]
