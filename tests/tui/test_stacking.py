"""Stacking at the table (R-HOUSE-1): what a stack on you lets you play, and a Wild Draw
Four of your own as an answer to one played on you."""

from __future__ import annotations

from tui_support import app_for, dialog_text, position_session, screen_text

from unotui.engine import PRESETS, Card
from unotui.tui.screens.dialogs import ChallengeDialog, ColorDialog, RevealDialog
from unotui.tui.session import Session
from unotui.tui.widgets import CommandLine, GameLog, HandView
from unotui.tui.widgets.card import CardFace

PARTY = PRESETS["party"]  # stacking, and challenges (no `no_bluff`)
SIZE = (80, 24)


def wild_draw_four_on_you() -> Session:
    """Cy has played a fair Wild Draw Four on you; you hold one too, and b7 of the colour before it."""
    return position_session([["r3", "w+4", "b7", "y9"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["y5", "w+4"],
                            color="blue", rules=PARTY, decision="challenge", pending=4, bluff=False, turn=0, dealer=1)


async def test_u_on_a_stack_with_two_cards_says_uno_with_the_draw_two() -> None:
    """Rule: R-HOUSE-1, R-UNO-7. UNO on its own is for a turn to play: on a stack `u` was
    refused, and stacking the second-to-last card left the player on one card without it."""
    session = position_session([["b7", "g+2"], ["b2", "b3", "y7"]], discard=["r5", "r+2"], names=("You", "Bo"),
                               rules=PARTY, decision="stack", pending=2)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        await pilot.press(":", *"uno", "enter", "escape")
        await pilot.pause()
        assert log.lines_shown[-1] == "UNO goes with your stack: `play g+2 uno`."
        await pilot.press("u")
        await pilot.pause()
        assert log.lines_shown[-1] == "UNO goes with your stack: Enter plays g+2."
        hand = app.screen.query_one(HandView)
        assert str(hand.border_title).endswith(" · ⏎ plays g+2 UNO")
        # Moved to b7, the title still said Enter played g+2, and Enter tried b7.
        await pilot.press("left")
        await pilot.pause()
        assert hand.cards[hand.selected] == Card.B7 and str(hand.border_title).endswith(" · ⏎ plays b7 UNO")
        await pilot.press("right")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        # "4 cards are stacked up for the next player": after a jump-in, not the one it was.
        assert "You play g+2 and call UNO! Then Bo faces 4 cards." in log.lines_shown
        assert session.table.view(0).uno_said[0]


async def test_a_draw_two_stacked_on_you_lights_only_the_draw_two_you_can_stack() -> None:
    session = position_session([["r3", "g+2", "b7", "y9"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["r5", "r+2"],
                               rules=PARTY, decision="stack", pending=2)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        faces = {face.card: face for face in app.screen.query_one(HandView).query(CardFace) if face.display}
        # r3 matches the red pile but can't answer a stack: only the Draw Two plays.
        assert [card for card, face in faces.items() if face.has_class("-playable")] == [Card.G_DRAW_TWO]
        assert "→ 97 to draw · +2" in screen_text(app)
        line = app.screen.query_one(CommandLine)
        for text, answer in [
            ("look", "2 cards are stacked on you: stack a Draw Two on them or `draw` them."),
            ("hand", "You hold 4 cards: r3 y9 g+2 b7. Playable now: g+2."),
            ("r3", "2 cards are stacked on you: stack a Draw Two on them or `draw` them. Playable now: g+2."),
        ]:
            await pilot.press("colon")  # each command from the hand, where Enter leaves the focus
            line.value = text
            await pilot.press("enter")
            await pilot.pause()
            assert answer in "\n".join(app.screen.query_one(GameLog).lines_shown[-3:])
        await pilot.press("colon")
        line.value = "g+2"
        await pilot.press("enter")
        await pilot.pause()
        view = session.table.view(0)
        assert Card.G_DRAW_TWO not in view.hand and view.hand_sizes[1] == 3 + 4  # Bo had no Draw Two to stack


async def test_a_wild_draw_four_of_your_own_answers_one_played_on_you() -> None:
    session = wild_draw_four_on_you()
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        text = screen_text(app)
        assert "Stack (s): play your Wild Draw Four on it and name a colour; Bo" in text and "then faces 8." in text
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ColorDialog)
        await pilot.press("escape")  # taken back: the question is asked again
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog) and Card.WILD_DRAW_FOUR in session.table.view(0).hand
        await pilot.press("s", "g")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Bo (the first legal command: a challenge) catches the bluff (b7 was blue): 8 cards.
        assert isinstance(app.screen, RevealDialog)
        assert "Bo challenges and catches your bluff: you draw eight." in screen_text(app)
        assert len(session.table.view(0).hand) == 3 + 8


async def test_a_stacked_total_is_what_the_challenge_dialog_puts_at_stake() -> None:
    session = position_session([["r3", "b7"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["y5", "w+4", "w+4"],
                               color="green", rules=PARTY, decision="challenge", pending=8, bluff=False, turn=0, dealer=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        text = dialog_text(app)
        assert "Cy plays a Wild Draw Four on you and names green ♣: 8 cards are stacked." in text
        assert "draws 8 and you play on; if not, you draw 10" in text and "Accept (a or Escape): you draw 8" in text
        assert "Stack (s)" not in text  # no Wild Draw Four to stack
        await pilot.press("s")  # not offered: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)


async def test_typed_a_wild_draw_four_answers_one_played_on_you_and_anything_else_is_explained() -> None:
    session = wild_draw_four_on_you()
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.pop_screen()  # the dialog: typed instead
        await pilot.press("colon")
        line = app.screen.query_one(CommandLine)
        line.value = "r3"
        await pilot.press("enter")
        await pilot.pause()
        told = "\n".join(app.screen.query_one(GameLog).lines_shown[-2:])
        assert "First answer the Wild Draw Four: `challenge`, `accept`, or stack yours on it (`w+4 red`)." in told
        await pilot.press("colon")
        line.value = "w+4 red"
        await pilot.press("enter")
        await pilot.pause()
        view = session.table.view(0)
        assert Card.WILD_DRAW_FOUR not in view.hand and view.turn != 0


async def test_u_stacks_and_says_uno_when_stacking_leaves_one_card() -> None:
    """Rule: R-HOUSE-1, R-UNO-1. No UNO call is open before answering, so the dialog offers it with the stack."""
    session = position_session([["r3", "w+4"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["y5", "w+4"], color="blue",
                               rules=PARTY, decision="challenge", pending=4, bluff=False, turn=0, dealer=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "With u, say UNO as you play it." in screen_text(app)
        # A click does it too: the answer had a key and no button.
        await pilot.click("#stack-uno")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        view = session.table.view(0)
        assert view.hand == (Card.R3,) and view.uno_said[0]


async def test_u_is_no_answer_when_stacking_would_leave_more_than_one_card() -> None:
    app = app_for(wild_draw_four_on_you())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "say UNO" not in screen_text(app) and not app.screen.query("#stack-uno")
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
