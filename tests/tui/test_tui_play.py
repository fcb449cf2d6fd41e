"""Pilot tests: every interaction at the table, from stacked positions so each is deterministic."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Static
from tui_support import (FIXED_TIME, ScriptedBot, app_for, dialog_text, draw_four_on_green, played_at, position_session,
                          saved_matches, screen_text, seats, sit_down)

from unotui.engine import Card, Color, Phase, PlayCard, RuleSet, UnoCaught
from unotui.record import MAX_STEM_BYTES, holds_match, load_game, most_recent_unfinished
from unotui.tui.app import UnoApp
from unotui.tui.screens.dialogs import ChallengeDialog, ColorDialog, DrawnCardDialog, RevealDialog
from unotui.tui.screens.privacy import PrivacyScreen
from unotui.tui.screens.summary import HandSummary, MatchSummary
from unotui.tui.screens.table import TableScreen
from unotui.tui.session import Session
from unotui.tui.widgets import CommandLine, GameLog, HandView
from unotui.tui.widgets.card import CardFace

SIZE = (100, 32)


async def test_enter_plays_the_selected_card() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        view = session.table.view(0)
        assert Card.R3 not in view.hand
        assert view.discard[-2] == Card.R3 or view.top == Card.R3 or len(view.discard) > 2


async def test_a_click_on_a_card_plays_it() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("CardFace.-playable")
        await pilot.pause()
        assert Card.R3 not in session.table.view(0).hand


async def test_an_unplayable_card_is_refused_with_the_reason() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause()
        assert session.table.view(0).hand_sizes[0] == 3
        notes = [note.message for note in app._notifications]
        assert any("g7 doesn't match r5" in note and "Playable now: r3" in note for note in notes)


async def test_enter_again_on_a_refused_card_is_answered_once_in_the_log_and_in_one_notification() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter", "enter", "enter")
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        assert sum("g7 doesn't match r5" in line for line in log.lines_shown) == 1
        # Each press is answered, by one notification with a fresh timer, not three stacked.
        assert [note.message.split(" doesn't")[0] for note in app._notifications] == ["g7"]
        await pilot.press("3", "enter", "2", "enter")
        await pilot.pause()
        # Another refusal in between: the first is told again, where it now applies.
        assert sum("g7 doesn't match r5" in line for line in log.lines_shown) == 2


async def test_a_keys_refusal_takes_the_place_of_the_last_ones_notification() -> None:
    # Refusals of keys in a row (k, c, Enter on a card) stacked a toast each over the hand.
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k", "c", "2", "enter")
        await pilot.pause()
        assert [note.message.split(" doesn't")[0] for note in app._notifications] == ["g7"]
        told = app.screen.query_one(GameLog).lines_shown
        assert any(line.startswith("There's no drawn card") for line in told)
        assert any(line.startswith("Nobody can be caught") for line in told)


async def test_a_refusal_notification_goes_once_a_command_goes_through() -> None:
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause()
        assert [note.severity for note in app._notifications] == ["warning"]
        await pilot.press("1", "enter")
        await pilot.pause()
        assert Card.R3 not in session.table.view(0).hand
        assert not list(app._notifications)
        assert "g7 doesn't match r5" in "\n".join(app.screen.query_one(GameLog).lines_shown)


async def test_draw_then_play_the_drawn_card() -> None:
    session = position_session([["b9", "g7"], ["b2", "b3"]], discard=["r5"], draw_pile=["r8"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DrawnCardDialog)
        await pilot.press("p")
        await pilot.pause()
        assert session.table.view(0).hand == (Card.B9, Card.G7) or Card.R8 not in session.table.view(0).hand
        assert Card.R8 in session.table.view(None).discard


async def test_draw_then_keep_the_drawn_card() -> None:
    session = position_session([["b9", "g7"], ["b2", "b3"]], discard=["r5"], draw_pile=["r8"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        # Playing it would leave two cards: no UNO to say with it, and `u` does nothing.
        assert [button.id for button in app.screen.query(Button)] == ["play", "keep"]
        assert "Keeping it (k or Escape) ends your turn." in screen_text(app)  # Escape answers too: it says so
        await pilot.press("u", "k")
        await pilot.pause()
        assert Card.R8 in session.table.view(0).hand
        assert isinstance(app.screen, TableScreen)


async def test_from_one_card_the_drawn_card_can_be_played_saying_uno() -> None:
    """Rule: R-UNO-7. Drawing to two cards and playing one leaves one: the dialog was the
    only way to answer, and it had no UNO, so the player was open to a catch."""
    session = position_session([["b9"], ["b2", "b3", "b4"]], discard=["r5"], draw_pile=["r8"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DrawnCardDialog)
        assert [button.id for button in app.screen.query(Button)] == ["play", "uno", "keep"]
        await pilot.press("u")
        await pilot.pause()
        assert "You play r8 and call UNO!" in app.screen.query_one(GameLog).lines_shown
        view = session.table.view(0)
        assert view.hand == (Card.B9,) and view.uno_said[0]


async def test_under_force_play_a_drawn_card_that_plays_is_only_offered_to_play() -> None:
    """Rule: R-HOUSE-5"""
    session = position_session([["b9", "g7"], ["b2", "b3"]], discard=["r5"], draw_pile=["r8"], rules=RuleSet(force_play=True))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DrawnCardDialog)
        assert [button.id for button in app.screen.query(Button)] == ["play"]
        assert "Under force play it must be played (R-HOUSE-5)." in screen_text(app)
        await pilot.press("k", "escape")  # neither keeps it
        await pilot.pause()
        assert isinstance(app.screen, DrawnCardDialog) and Card.R8 in session.table.view(0).hand
        await pilot.press("enter")
        await pilot.pause()
        assert Card.R8 in session.table.view(None).discard


def wild_in_hand() -> tuple[Session, UnoApp]:
    """A Wild to play (the third card, by colour) on a yellow 5."""
    session = position_session([["w", "g7", "r1"], ["b2", "b3"]], discard=["y5"])
    return session, app_for(session)


async def play_the_wild(pilot: Pilot[None]) -> None:
    """Play it: the colour dialog asks."""
    await pilot.press("3", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ColorDialog)


@pytest.mark.parametrize(("keys", "named"), [
    (("g",), Color.GREEN),
    # The arrows move between the buttons: before, they did nothing and Enter named red, the first.
    (("down", "enter"), Color.YELLOW), (("right", "right", "left", "enter"), Color.YELLOW), (("up", "enter"), Color.BLUE),
])
async def test_a_wild_asks_for_a_colour_and_names_it(keys: tuple[str, ...], named: Color) -> None:
    session, app = wild_in_hand()
    async with app.run_test(size=SIZE) as pilot:
        await play_the_wild(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        view = session.table.view(None)
        assert Card.WILD in view.discard and Card.WILD not in session.table.view(0).hand and view.color is named


async def test_ctrl_q_leaves_from_a_dialog_too() -> None:
    # Over a dialog, the hand summary or the pass screen no key left the game.
    _, app = wild_in_hand()
    async with app.run_test(size=SIZE) as pilot:
        await play_the_wild(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0  # exited


async def test_every_colour_button_shows_and_a_click_names_it_on_an_80_column_screen() -> None:
    session, app = wild_in_hand()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_the_wild(pilot)
        dialog = app.screen.query_one(".dialog").content_region
        buttons = list(app.screen.query(Button))
        assert len(buttons) == 4 and all(dialog.contains_region(button.region) for button in buttons)
        await pilot.click("#color-blue")
        await pilot.pause()
        assert session.table.view(0).color is Color.BLUE


async def test_the_colour_dialog_can_take_the_card_back() -> None:
    session, app = wild_in_hand()
    async with app.run_test(size=SIZE) as pilot:
        await play_the_wild(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert Card.WILD in session.table.view(0).hand


async def test_challenge_a_bluff_shows_the_hand_and_the_bluffer_draws() -> None:
    session = position_session([["r1", "g2"], ["w", "b4", "y3", "r8"]], discard=["y5", "w+4"], color="blue",
                               decision="challenge", bluff=True, turn=0, dealer=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RevealDialog)
        # Sorted by colour, as a hand is shown: the y3 that made it a bluff is easy to find.
        assert app.screen.cards == (Card.R8, Card.Y3, Card.B4, Card.WILD)
        assert session.table.view(0).hand_sizes[1] == 8


async def test_a_player_who_forgot_uno_with_a_draw_four_can_be_caught_before_you_answer_it() -> None:
    """R-UNO-3: answering draws or plays, which ends the chance to catch; the dialog offers it first."""
    session = position_session([["r1", "g2"], ["b4"]], discard=["y5", "w+4"], color="blue",
                               decision="challenge", bluff=False, turn=0, dealer=1, uno_window=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        assert "Catch (x): Bo forgot UNO; answering ends the chance." in dialog_text(app)
        assert [button.id for button in app.screen.query(Button)] == ["challenge", "accept", "catch"]
        await pilot.press("x")
        await pilot.pause()
        assert session.table.view(0).hand_sizes[1] == 3
        assert isinstance(app.screen, ChallengeDialog) and "Catch" not in dialog_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert len(session.table.view(0).hand) == 6


@pytest.mark.parametrize(("direction", "by"), [(1, "Cy"), (-1, "Bo")])
async def test_a_match_started_at_a_challenge_names_who_played_the_draw_four(direction: int, by: str) -> None:
    session = position_session([["r1", "g2"], ["b3", "b4"], ["y3", "y4"]], discard=["y5", "w+4"], color="blue",
                               decision="challenge", bluff=True, turn=0, dealer=1, direction=direction)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        told = dialog_text(app)
        assert f"{by} plays a Wild Draw Four on you and names blue ♠." in told and f"if {by} was holding a card of the colour in play before it" in told


async def test_a_draw_four_played_after_a_set_position_names_the_positions_colour() -> None:
    # No start card was turned: the colour before the Wild Draw Four is the position's.
    session = position_session([["r3", "g7"], ["w+4", "b2"]], discard=["y5"], turn=1, dealer=0)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        assert "if Bo was holding a yellow ★ card" in screen_text(app)


REVEALED_HANDS = {
    2: ["r3", "g1"],
    10: ["y3", "r1", "r2", "r3", "r4", "y1", "y2", "y4", "g1", "b2"],
    20: ["r1", "r2", "r3", "r4", "r5", "r6", "y1", "y2", "y3", "y4", "y5", "y6", "g1", "g2", "b1", "b2", "b3", "b4",
         "w", "w+4"],
}


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("count", sorted(REVEALED_HANDS))
async def test_a_revealed_hand_shows_every_card_with_the_bluffs_proof_lit(count: int, size: tuple[int, int]) -> None:
    # Seven faces in one row were all the dialog showed: g1, the proof of the bluff, was
    # among the cards left out.
    bluffer = REVEALED_HANDS[count]
    app = app_for(draw_four_on_green(bluffer))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RevealDialog)
        faces = list(dialog.query(CardFace))
        assert sorted(face.card for face in faces) == sorted(Card(card) for card in bluffer)
        box = dialog.query_one(".dialog")
        assert box.max_scroll_y == 0  # all of it in view, the OK button too
        assert all(box.content_region.contains_region(face.region) for face in faces)
        lit = [face.card.value for face in faces if face.has_class("-playable")]
        assert lit == [card for card in ("g1", "g2") if card in bluffer]
        assert all(face.has_class("-dim") for face in faces if face.card.value not in lit)
        assert f"Green ♣ was in play before the Wild Draw Four: {' '.join(f'{card} ♣' for card in lit)}, lit, made it a bluff." in dialog_text(app)


async def test_a_hand_that_held_none_of_the_colour_is_revealed_with_nothing_lit() -> None:
    app = app_for(draw_four_on_green(["r1", "y2", "b3"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RevealDialog)
        assert all(face.has_class("-dim") for face in app.screen.query(CardFace))
        assert "and not one card here is green: it was played fairly." in dialog_text(app)


async def test_challenge_a_fair_draw_four_costs_six() -> None:
    session = position_session([["r1", "g2"], ["b3", "b4"]], discard=["y5", "w+4"], color="blue",
                               decision="challenge", bluff=False, turn=0, dealer=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RevealDialog)
        assert session.table.view(0).hand_sizes[0] == 8


async def test_accept_a_draw_four() -> None:
    session = position_session([["r1", "g2"], ["b3", "b4"]], discard=["y5", "w+4"], color="blue",
                               decision="challenge", bluff=False, turn=0, dealer=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert session.table.view(0).hand_sizes[0] == 6


async def test_say_uno_before_playing_the_second_to_last_card() -> None:
    session = position_session([["r3", "g7"], ["b2", "b3", "b4"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
        assert session.table.view(0).uno_said[0]
        await pilot.press("1", "enter")
        await pilot.pause()
        view = session.table.view(0)
        assert view.hand_sizes[0] == 1 and view.catchable is None


async def test_catch_a_bot_that_forgot_uno() -> None:
    session = position_session([["r3", "g7"], ["b2"], ["y1", "y2"]], discard=["r5"], names=("You", "Bo", "Cy"),
                               uno_window=1, turn=0, dealer=2)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert session.table.view(0).catchable == 1
        await pilot.press("c")
        await pilot.pause()
        assert session.table.view(0).hand_sizes[1] == 3


async def test_a_click_on_the_flashing_seat_catches() -> None:
    session = position_session([["r3", "g7"], ["b2"]], discard=["r5"], names=("You", "Bo"), uno_window=1, turn=0)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click(".seat.-catchable")
        await pilot.pause()
        assert session.table.view(0).hand_sizes[1] == 3


async def test_a_bot_catches_you_when_you_forget_uno() -> None:
    session = position_session([["r3", "g7"], ["b2", "b3", "b4"]], discard=["r5"], bots={1: ScriptedBot(1, catches=True)})
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.table.view(0).hand_sizes[0] == 3
        assert any("caught" in note.message for note in app._notifications)


@pytest.mark.parametrize(("target", "summary"), [(1, MatchSummary), (500, HandSummary)])
async def test_the_tables_notifications_go_when_a_summary_opens(target: int, summary: type) -> None:
    # "UNO! Bo was caught by Cy without UNO" stayed up over the match summary.
    session = position_session([["r3", "g7"], ["r4", "b2"], ["r6"]], draw_pile=["y1", "y2", "y3"], uno=(2,),
                               rules=RuleSet(target=target),
                               bots={1: ScriptedBot(1, says_uno=False), 2: ScriptedBot(2, catches=True)})
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, summary)
        assert any(isinstance(event, UnoCaught) for event in session.table.match.events)
        assert not app._notifications and not app.screen.query("Toast")


async def test_end_of_hand_shows_the_summary_then_deals_again() -> None:
    session = position_session([["r3"], ["w+4", "b3", "y2"]], discard=["r5"], uno=(0,))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandSummary)
        assert session.table.view(0).scores[0] == 2 + 3 + 50
        assert "y2 b3 w+4 (55)" in screen_text(app)  # by colour, as a hand is shown, with its worth (R-SCORE-2)
        await pilot.press("enter")
        await pilot.pause()
        assert session.table.view(0).hand_number == 2
        assert session.table.view(0).phase in (Phase.PLAYING, Phase.HAND_OVER)


async def test_end_of_match_shows_the_winner_and_chart() -> None:
    session = position_session([["r3"], ["b2", "b3", "w+4"]], discard=["r5"], uno=(0,), scores=(480, 100),
                               results=((480, 100),))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary)
        assert session.table.view(0).phase is Phase.MATCH_OVER
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_a_long_hand_left_wraps_and_keeps_the_points_on_an_80_column_screen() -> None:
    long_hand = [f"{color}{number}" for color in "ryg" for number in range(1, 10)]
    session = position_session([["r3"], [*long_hand, "w+4"], ["b2", "b3"]], discard=["r5"], uno=(0,))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandSummary)
        text = screen_text(app)
        assert "Points  Total" in text and "You     out" in text and "g7 g8 g9 w+4" in text
        assert [line for line in text.splitlines() if "You     out" in line][0].split("out")[1].split()[:2] == ["190", "190"]


TEN = ("You", "Bo", "Cy", "Di", "Everett", "Francesca", "Gil", "Hana", "Ivo", "Jun")
"""Ten players: the most rows a summary shows."""


@pytest.mark.parametrize("match_over", [False, True])
async def test_ten_players_summaries_keep_their_buttons_on_an_80x24_screen(match_over: bool) -> None:
    hands = [["r3"], *([f"b{number}", f"y{number}", f"g{number}"] for number in range(9))]
    scores = {"scores": (490,) + (0,) * 9, "results": ((490,) + (0,) * 9,)} if match_over else {}
    session = position_session(hands, discard=["r5"], names=TEN, uno=(0,), **scores)  # type: ignore[arg-type]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary if match_over else HandSummary)
        # Above the footer's row, and for the hand's summary inside its dialog.
        shown = app.screen.region if match_over else app.screen.query_one(".dialog").content_region
        buttons = list(app.screen.query(Button))
        assert len(buttons) == (3 if match_over else 1)
        assert all(shown.contains_region(button.region) and button.region.bottom <= 23 for button in buttons)


def one_card_from_the_match(card: str, saves: Path | None = None) -> Session:
    """A match to 1 point in which You, on `card` alone (UNO said), win it by playing it."""
    return position_session([[card], ["b2", "b3", "w+4"]], discard=["r5"], uno=(0,), rules=RuleSet(target=1),
                            save_dir=saves)


async def test_a_match_of_one_hand_to_one_point_says_so_in_the_singular() -> None:
    app = app_for(one_card_from_the_match("r3"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary)
        assert "Final scores, playing to 1 point, after 1 hand:" in screen_text(app)


async def test_the_score_chart_says_what_its_bars_are() -> None:
    # A row of blocks per player, one per hand, with nothing to say so.
    app = app_for(position_session([["r3"], ["b2", "b3", "w+4"]], discard=["r5"], uno=(0,), scores=(480, 100),
                                   results=((0, 100), (300, 0), (180, 0))))
    caption = "One bar per hand: each player's running total after it."
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert caption in screen_text(app)  # the scores at the table
        await pilot.press("escape", "1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary) and caption in screen_text(app)


async def test_the_match_summary_saves_the_replay_of_the_whole_match(saves: Path) -> None:
    from unotui.record.run import verify_file

    session = one_card_from_the_match("r3", saves)
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary)
        await pilot.press("s")
        await pilot.pause()
        [replay] = saves.glob("replay-*.uno.json")
        # The toast said "Replay saved as" the whole path, which broke the file's name mid-suffix.
        assert [note.message for note in app._notifications] == [
            f"Replay saved as {replay.name} in the saves folder: Load lists it."]
        assert replay.name in screen_text(app)  # on one line
        summary = verify_file(str(replay))
        assert summary.status == "ok" and summary.finished and summary.winners == (0,)
        assert isinstance(app.screen, MatchSummary)  # still there: a new match or the title next
        await pilot.press("s")  # the same match again: saved over its own copy
        await pilot.pause()
        assert list(saves.glob("replay-*.uno.json")) == [replay]

    # Another match of the same players is saved beside it, not over it.
    other = one_card_from_the_match("r4", saves)
    app = app_for(other)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert {path.name for path in saves.glob("replay-*.uno.json")} == {replay.name, "replay-You-Bo-2.uno.json"}
        assert holds_match(saves / "replay-You-Bo-2.uno.json", other.table.header)
        assert holds_match(replay, session.table.header)


async def test_the_match_summary_saves_the_replay_of_players_with_long_names(saves: Path) -> None:
    # Its name joined every player's: too long for a file, the replay was never saved.
    names = LONG_NAMES["4 bytes a letter"]
    session = position_session([["r3"], *([f"b{seat}", f"g{seat}"] for seat in range(6))], discard=["r5"], uno=(0,),
                               rules=RuleSet(target=1), names=names, save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchSummary)
        await pilot.press("s")
        await pilot.pause()
        [replay] = saves.glob("replay-*.uno.json")
        assert replay.name.startswith(f"replay-{names[0][:10]}") and len(replay.name.encode()) <= MAX_STEM_BYTES + 9
        assert [note.title for note in app._notifications] == ["Saved"]
        assert holds_match(replay, session.table.header)


async def test_without_a_saves_folder_the_match_summary_says_there_is_nowhere_to_save() -> None:
    session = position_session([["r3"], ["b2", "b3", "w+4"]], discard=["r5"], uno=(0,), rules=RuleSet(target=1))
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert [note.message for note in app._notifications] == ["This match was played without a saves folder."]


async def test_a_blocked_hand_is_summed_up_as_blocked() -> None:
    """Rule: R-TURN-6"""
    from textual.app import App

    from unotui.engine import HandEnded

    ended = HandEnded(winner=None, hands=((Card.R3,), (Card.B2, Card.WILD)), points=(0, 0), totals=(0, 0))

    class Blocked(App[None]):
        def on_mount(self) -> None:
            self.push_screen(HandSummary(ended, ("You", "Bo"), 500, seat=0))

    app = Blocked()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "The hand is blocked: nobody can play or draw." in screen_text(app)


async def test_an_answer_before_the_summary_is_shown_is_no_answer() -> None:
    """A key can reach a screen just pushed before it is mounted (a bot went out as Enter
    came): the summary closed then, and its on_mount failed on the table it had taken down."""
    from textual.app import App

    from unotui.engine import HandEnded

    ended = HandEnded(winner=0, hands=((), (Card.B2,)), points=(2, 0), totals=(2, 0))
    summary = HandSummary(ended, ("You", "Bo"), 500, seat=0)

    class Answered(App[None]):
        def on_mount(self) -> None:
            self.push_screen(summary)
            summary.action_next()

    app = Answered()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is summary and "You win the hand and score 2 points." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not summary
    assert app._exception is None


async def test_ctrl_s_saves_a_copy(saves: Path) -> None:
    session = position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"mine", "enter")
        await pilot.pause()
        assert (saves / "mine.uno").exists()
        assert [(note.title, note.message) for note in app._notifications] == [("Saved", "Saved as mine.uno")]
        # A name with nothing a file name can keep gets the suggested one, never a dot file.
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"../..", "enter")
        await pilot.pause()
        assert sorted(path.name for path in saves.glob("*.uno") if path.name != "mine.uno"
                      and not path.name[0].isdigit()) == ["You-Bo-hand1.uno"]


async def test_ctrl_s_with_a_name_and_enter_in_one_burst_saves_under_that_name(saves: Path) -> None:
    # As a terminal hands over `^s dusk⏎` sent by a script: the letters came before the
    # dialog's line had the focus and were lost, and the Enter saved under the suggestion.
    from textual.events import Key

    session = position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, character in [("ctrl+s", None), *((letter, letter) for letter in "dusk"), ("enter", None)]:
            app.post_message(Key(key, character))
        for _ in range(4):
            await pilot.pause()
        assert (saves / "dusk.uno").exists() and not (saves / "You-Bo-hand1.uno").exists()
        assert len(session.table.view(0).hand) == 2  # the d drew nothing: it was part of the name


async def test_ctrl_s_never_offers_the_name_of_another_game_and_asks_before_replacing_one(saves: Path) -> None:
    from textual.widgets import Input

    from unotui.tui.screens.dialogs import ConfirmDialog, SaveAsDialog

    first = position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    async with app_for(first).run_test(size=SIZE) as pilot:
        for name in ("", "mine", ""):  # the offered name twice: the same match, saved over
            await pilot.press("ctrl+s")
            await pilot.pause()
            if name:
                await pilot.press("ctrl+a", "ctrl+k", *name)
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(pilot.app.screen, ConfirmDialog)
    kept = {name: (saves / name).read_bytes() for name in ("You-Bo-hand1.uno", "mine.uno")}

    second = position_session([["r4", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    app = app_for(second)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        assert app.screen.query_one(Input).value == "You-Bo-hand1-2"
        await pilot.press("enter")
        await pilot.pause()
        assert holds_match(saves / "You-Bo-hand1-2.uno", second.table.header)
        # A name typed over another game's: asked, and kept on no.
        for answer in ("n", "y"):
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("ctrl+a", "ctrl+k", *"mine", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            assert dialog_text(app) == "mine.uno holds another game. Replace it with this one?"
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":
                assert (saves / "mine.uno").read_bytes() == kept["mine.uno"]
                assert app.screen.query_one(GameLog).lines_shown[-1] == "Not saved: mine.uno keeps the game it holds."
        assert holds_match(saves / "mine.uno", second.table.header)
    assert (saves / "You-Bo-hand1.uno").read_bytes() == kept["You-Bo-hand1.uno"]


async def test_resume_after_a_crash_shows_the_same_game(saves: Path) -> None:
    session = position_session([["r3", "g7", "b1"], ["b2", "b3", "y4"]], discard=["r5"], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        before = session.table.view(0)
    # No close, no save: the journal alone must hold the game, as after a crash.
    path = most_recent_unfinished(saves)
    assert path is not None
    table = load_game(path, saves)
    assert table.view(0) == before

    resumed = Session.of(table, saves)
    app = app_for(resumed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.view == before


async def test_r_on_the_title_screen_plays_on_from_the_last_unfinished_game(saves: Path) -> None:
    paths = saved_matches(saves, ("Ann", "Bo"), ("Cy", "Di"))
    app = UnoApp(saves, 0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [player.name for player in app.screen.table.header.players] == ["Cy", "Di"]
        assert app.screen.table.path == paths[1]


async def test_resume_entry_keeps_the_title_box_tidy_at_a_full_table(saves: Path) -> None:
    from textual.widgets import OptionList

    from unotui.engine import RuleSet
    from unotui.record import make_header, new_game

    names = ["Ann", "Dotty", "Gran", "Rex", "Vera", "Max", "Sunny", "Pip", "Ada", "Bo"]
    table = new_game(saves, make_header(seats(names), RuleSet(), seed=3, created=FIXED_TIME), sync=False)
    table.close()
    assert table.path is not None
    played_at(table.path)
    app = UnoApp(saves, 0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        resume = menu.get_option("resume")
        lines = [strip.text.rstrip() for strip in menu.render_lines(menu.region.reset_offset)]
        text = "\n".join(lines)
        # Two lines: where the game stands, then the scores, cut short rather than wrapped.
        assert "Resume (r) — before the first deal · 2025-01-02 03:04" in text
        scores_line = next(line for line in lines if "Ann 0 · Dotty 0" in line)
        assert scores_line.rstrip("│ ").endswith("…") and "Bo 0" not in text
        assert menu.option_count == 6 and resume is not None
        assert menu.region.height == 6 + 1 + 2  # the entries, the scores line, the border


async def test_the_title_menu_shrinks_to_a_narrow_terminal(saves: Path) -> None:
    from textual.widgets import OptionList


    app = UnoApp(saves, 0.0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        # The whole box, right border included, where it had run off the screen.
        assert menu.region.x >= 0 and menu.region.right <= 60
        lines = [strip.text for strip in menu.render_lines(menu.region.reset_offset)]
        assert lines[0].endswith("╮") and lines[1].rstrip().endswith("│")


async def test_the_title_footer_offers_resume_and_load_only_with_saves(saves: Path) -> None:
    from unotui.engine import RuleSet
    from unotui.record import make_header, new_game
    from unotui.tui.screens.title import TitleScreen

    app = UnoApp(saves, 0.0)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        shown = {binding.binding.action for binding in app.screen.active_bindings.values()}
        assert "resume" not in shown and "load" not in shown and "new_game" in shown
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)

        new_game(saves, make_header(seats(["Ann", "Dotty"]), RuleSet(), seed=3, created=FIXED_TIME), sync=False).close()
        app.screen.refresh_saves()
        await pilot.pause()
        shown = {binding.binding.action for binding in app.screen.active_bindings.values()}
        assert {"resume", "load"} <= shown


async def test_enter_twice_on_a_wild_asks_for_one_colour() -> None:
    # A burst of keys (a held Enter, fast typing) reaches the hand before the first Enter is
    # answered: the second finds the colour dialog already open and does nothing.
    from textual.events import Key

    session = position_session([["w", "g3"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        for _ in range(2):
            app.post_message(Key("enter", None))
        await pilot.pause()
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack[1:]] == [TableScreen, ColorDialog]
        await pilot.press("b")
        await pilot.pause()
        assert app.screen_stack[-1] is app.screen and isinstance(app.screen, TableScreen)
        assert session.table.view(0).hand == (Card.G3,) and session.table.view(0).color is Color.BLUE


def ada_and_bo(hands: list[list[str]], discard: list[str], **fields: object) -> tuple[Session, UnoApp]:
    """Ada and Bo, both human, at one keyboard (hot-seat), from a position."""
    session = position_session(hands, discard, names=("Ada", "Bo"), humans=(0, 1), **fields)  # type: ignore[arg-type]
    return session, app_for(session)


async def test_hot_seat_hides_the_table_between_humans() -> None:
    session, app = ada_and_bo([["r3", "g7"], ["r4", "b3"]], discard=["r5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen) and table.seat == 0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.seat == 1 and app.screen.view is not None and app.screen.view.hand == session.table.view(1).hand


@pytest.mark.parametrize(("moves", "first"), [(1, "Bo"), (2, "Ada")])
async def test_a_hot_seat_match_under_way_opens_on_the_pass_screen_for_the_player_to_act(moves: int,
                                                                                         first: str) -> None:
    # Loaded or resumed, the table does not know who sits at the keyboard: no hand shows
    # before the player to act says they are there.
    session, app = ada_and_bo([["r3", "g7", "g2"], ["r4", "b3", "b2"]], discard=["r5"])
    for card in (Card.R3, Card.R4)[:moves]:
        session.table.submit(PlayCard(seat=session.table.view(0).turn, card=card))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and f"Pass the keyboard to {first}." in screen_text(app)
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen) and table.view is None
        await pilot.press("enter")
        await pilot.pause()
        seat = 1 if first == "Bo" else 0
        assert app.screen is table and table.seat == seat and table.view is not None
        assert table.view.hand == session.table.view(seat).hand


@pytest.mark.parametrize(("opens", "closes"), [("question_mark", "escape"), ("s", "escape"), ("q", "n")])
async def test_the_bots_wait_while_the_table_is_covered_and_play_on_after(opens: str, closes: str) -> None:
    # A bot moved while help, the scores or the leave prompt was open, and once it closed
    # nothing moved again: the table was stuck on the bot's turn.
    session = position_session([["r3", "g7", "g2"], ["r4", "b3", "b2"]], discard=["r5"])
    app = UnoApp(None, 0.3, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter", opens)  # r3; Bo's turn, after a visible delay
        await pilot.pause(0.6)
        assert not isinstance(app.screen, TableScreen)
        assert session.table.view(0).turn == 1 and len(session.table.view(0).hand_sizes) == 2
        assert session.table.view(1).hand_sizes[1] == 3
        await pilot.press(closes)
        await pilot.pause(0.6)
        assert isinstance(app.screen, TableScreen) and session.table.view(1).hand_sizes[1] == 2
        assert session.table.view(0).turn == 0


async def test_hot_seat_hides_a_refusal_that_names_the_cards_of_the_player_leaving() -> None:
    # "Playable now: r3" names Ada's card: over Bo's pass screen it would show him her hand.
    session, app = ada_and_bo([["r3", "g7"], ["r4", "b3"]], discard=["r5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert any("Playable now: r3" in note.message for note in app._notifications)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert not list(app._notifications)


async def test_hot_seat_keeps_each_players_unsent_command_to_themselves() -> None:
    # Ada types w+4 and, without sending it, plays r3 with a click: Bo's command line is his
    # own, and Ada finds her w+4 again at her next turn. (Escape would drop it: she left it.)
    session, app = ada_and_bo([["r3", "g7", "y1"], ["r4", "b3"]], discard=["r5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("colon", "w", "+", "4")
        r3 = next(face for face in app.screen.query(CardFace) if face.card is Card.R3 and face.display)
        await pilot.click(r3)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1
        assert app.screen.query_one(CommandLine).value == ""
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 0
        assert app.screen.query_one(CommandLine).value == "w+4"


async def test_hot_seat_starts_each_player_on_their_first_card() -> None:
    session, app = ada_and_bo([["g7", "b9", "r3"], ["r4", "b3", "g2"]], discard=["b5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("3", "enter", "enter")  # Ada plays her third card, b9; Bo takes the keyboard
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1
        assert app.screen.query_one(HandView).selected == 0


async def test_hot_seat_players_find_their_own_answers_in_their_log_and_no_one_elses() -> None:
    session, app = ada_and_bo([["g7", "b9", "r3"], ["r4", "b3", "g2"]], discard=["r5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("colon", *"hand", "enter", "escape", "1", "enter", "enter")  # Ada asks, plays r3; Bo's turn
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1
        assert not any("› hand" in line or "g7" in line for line in app.screen.query_one(GameLog).lines_shown)
        await pilot.press("1", "enter", "enter")  # Bo plays r4; Ada's turn again
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 0
        lines = app.screen.query_one(GameLog).lines_shown
        asked = lines.index("› hand")
        assert lines[asked + 1] == "You hold 3 cards: r3 g7 b9. Playable now: r3."
        assert lines.index("You play r3.") > asked and lines.index("Bo plays r4.") > asked


async def test_hot_seat_tells_a_drawn_card_that_does_not_play_before_the_table_is_hidden() -> None:
    # b9 doesn't play, so Bo's turn follows at once: Ada is told what she drew, then Bo is
    # asked for; a plain play goes straight to asking for Bo.
    session, app = ada_and_bo([["g3", "g7"], ["r4", "b3"]], discard=["r5"], draw_pile=["b9"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        told = screen_text(app)
        assert "Ada, before you pass the keyboard:" in told and "You drew b9. You now hold 3 cards: g3 g7 b9." in told
        assert "Bo" not in told.split("You drew")[0] and "Seen it: pass to Bo (Enter)" in told
        await pilot.press("enter")
        await pilot.pause()
        told = screen_text(app)
        assert isinstance(app.screen, PrivacyScreen) and "b9" not in told and "Pass the keyboard to Bo." in told
        await pilot.press("r", "4")  # Bo's keys do nothing until he is at the keyboard
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1
        await pilot.press(*"1", "enter")  # Bo plays r4; Ada had no news since she took the keyboard
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass the keyboard to Ada." in screen_text(app)


async def test_hot_seat_tells_only_the_cards_drawn_since_the_player_last_moved() -> None:
    # Ada draws b9 (seen in her log), Cy skips Bo, Ada draws b8 and Cy's move hands the
    # keyboard to Bo at once: Ada has yet to see b8, not b9.
    session = position_session([["g3", "g7"], ["r4", "b3"], ["rs", "r1", "y9"]], discard=["r5"], draw_pile=["b9", "b8"],
                               names=("Ada", "Bo", "Cy"), humans=(0, 1), direction=-1, dealer=1)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("d")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and "You draw b9." in app.screen.query_one(GameLog).lines_shown
        await pilot.press("d")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert "You drew b8. You now hold 4 cards: g3 g7 b8 b9." in screen_text(app)


async def test_hot_seat_hands_over_on_the_hand() -> None:
    # Ada plays from the command line; Bo starts on his hand, as a table opens, not on her line.
    session, app = ada_and_bo([["r3", "g7"], ["r4", "b3"]], discard=["r5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("colon", *"r3", "enter")
        await pilot.pause()
        table = app.screen_stack[-2]
        assert isinstance(app.screen, PrivacyScreen) and isinstance(table, TableScreen)
        assert isinstance(table.focused, HandView)  # a command run, the focus is back on the hand
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and table.seat == 1 and isinstance(app.focused, HandView)


async def test_hot_seat_players_recall_only_their_own_typed_commands() -> None:
    session, app = ada_and_bo([["r3", "g7", "g2"], ["r4", "b3", "b5"]], discard=["r5"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("colon", *"r3", "enter", "enter")  # Ada plays; Enter: Bo is at the keyboard
        await pilot.pause()
        line = app.screen.query_one(CommandLine)
        await pilot.press("colon", "up")
        assert line.value == ""
        await pilot.press(*"r4", "enter", "enter")  # Bo plays; Ada is back
        await pilot.pause()
        await pilot.press("colon", "up")
        assert line.value == "r3"


async def test_quit_asks_and_keeps_the_journal(saves: Path) -> None:
    session = position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
    assert most_recent_unfinished(saves) is not None


LONG_NAMES = {"latin": [letter * 40 for letter in "abcdefg"],
              "4 bytes a letter": [chr(ord("𝐀") + seat) * 40 for seat in range(7)]}
"""Seven seats of 40-letter names: joined, they are more than a file name may hold."""


@pytest.mark.parametrize("names", LONG_NAMES.values(), ids=LONG_NAMES.keys())
async def test_ctrl_s_offers_a_name_that_fits_a_file_name_however_long_the_players_names(
        saves: Path, names: list[str]) -> None:
    # The name offered joined every player's: "File name too long" ended the program.
    session = position_session([["r3", "g7"], *([f"b{seat}"] for seat in range(6))], names=names, save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):  # the second time, the offered name is the same file's
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        [saved] = [path for path in saves.glob("*.uno") if not path.name[0].isdigit()]
        assert saved.name.startswith(names[0][:10]) and saved.name.endswith("-hand1.uno")
        assert len(saved.stem.encode()) <= MAX_STEM_BYTES
        assert holds_match(saved, session.table.header)
    assert app._exception is None


async def test_a_name_too_long_for_a_file_is_refused_at_the_table(saves: Path) -> None:
    # Typed in the Save-as dialog, 300 letters ended the program with "File name too long".
    from textual.widgets import Input

    from unotui.tui.screens.dialogs import SaveAsDialog

    session = position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)
        app.screen.query_one(Input).value = "x" * 300
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.query_one(GameLog).lines_shown[-1] == (
            f"Not saved: that name takes 300 bytes as a file name, and a save's name at most {MAX_STEM_BYTES}.")
        assert [path.name for path in saves.iterdir() if not path.name[0].isdigit()] == []
    assert app._exception is None


async def test_leaving_the_table_takes_its_notifications_with_it(saves: Path) -> None:
    # "Saved as You-Bo-hand1.uno", said at the table, stayed over the title screen.
    session = position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert [note.title for note in app._notifications] == ["Saved"]
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        assert not app._notifications and not app.screen.query("Toast")


async def test_the_match_summarys_notification_goes_with_it() -> None:
    # Its toast, like the table's, stayed over the title screen.
    app = app_for(one_card_from_the_match("r3"))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("s")  # no saves folder: told so
        await pilot.pause()
        assert app._notifications
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen" and not app._notifications


async def test_the_start_wild_asks_for_its_colour() -> None:
    session = position_session([["r3", "g7"], ["b2", "b3"]], discard=["w"], decision="choose_color", color=None)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ColorDialog)
        # No card to take back: the hint doesn't offer it.
        hint = str(app.screen.query_one(".dialog-hint", Static).render())
        assert "take the card back" not in hint and "R-SETUP-4" in hint
        await pilot.press("b")
        await pilot.pause()
        assert session.table.view(0).color is Color.BLUE


async def test_after_hot_seat_the_log_tells_the_new_player_their_own_cards() -> None:
    # Bo's draw was told to Ada without its cards; once Bo is at the keyboard the log is Bo's:
    # the whole story told again as Bo saw it, the cards Bo drew included.
    session, app = ada_and_bo([["r+2", "r3", "g7"], ["b4", "b3"]], discard=["r5"], draw_pile=["b1", "y2", "g9"])
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        for card in ("r+2", "r3"):
            await pilot.press("colon", *card, "enter")
            await pilot.pause()
        table = app.screen_stack[-2]
        assert isinstance(app.screen, PrivacyScreen) and isinstance(table, TableScreen)
        told = "\n".join(table.query_one(GameLog).lines_shown)
        assert "You play r+2: Bo draws 2 and is skipped." in told
        await pilot.press("enter")
        await pilot.pause()
        drawn = session.table.view(1).hand[-2:]
        told = "\n".join(app.screen.query_one(GameLog).lines_shown)
        assert f"Ada plays r+2: you draw 2 ({' '.join(card.value for card in drawn)}) and are skipped." in told


async def test_scores_before_any_hand_is_finished_say_so() -> None:
    app = app_for(position_session([["r3", "g7"], ["b2", "b3"]], discard=["r5"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Scores · playing to 500" in text and "No hand finished yet" in text


async def test_scores_keep_the_totals_and_the_newest_hands_in_view_on_an_80x24_screen() -> None:
    results = tuple(tuple(10 + hand if seat == hand % 10 else 0 for seat in range(10)) for hand in range(20))
    scores = tuple(sum(result[seat] for result in results) for seat in range(10))
    hands = [["r3", "g7"], *([f"b{number}", f"y{number}"] for number in range(9))]
    app = app_for(position_session(hands, discard=["r5"], names=TEN, scores=scores, results=results))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        rows = [line.split("█")[1].split() for line in screen_text(app).splitlines() if line.count("█") >= 2]
        assert ["Total", *map(str, scores)] in rows  # first, fixed above the hands
        assert ["20", *("0" * 9), "29"] in rows  # the newest hand: Jun's 29


async def test_a_dialog_hides_the_tables_footer_until_it_closes() -> None:
    """The table's keys wait behind a dialog: its footer would offer keys that do nothing."""
    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer_row = screen_text(app).splitlines()[-1]
        assert "d Draw" in footer_row and "q Quit" in footer_row
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        assert not screen_text(app).splitlines()[-1].strip()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert screen_text(app).splitlines()[-1] == footer_row


async def test_the_tables_footer_shows_every_key_again_after_a_narrow_spell() -> None:
    """At 62 columns the footer cut "? Help" to "? He"; the table is no longer drawn under
    80 columns (a notice covers it), and laid out anew at 100 its footer holds every key."""
    from unotui.tui.screens.too_small import TooSmallScreen

    session = position_session([["r3", "g7", "b9"], ["b2", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        every_key = screen_text(app).splitlines()[-1].rstrip()
        assert every_key.endswith("q Quit")
        await pilot.resize_terminal(62, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and screen_text(app).splitlines()[-1].rstrip() == every_key


@pytest.mark.parametrize(("option", "screen"), [
    ("new", "SetupScreen"), ("resume", "TableScreen"), ("load", "LoadScreen"), ("replay", "ReplayPicker"),
    ("rules", "RulesScreen"), ("quit", None)])
async def test_each_title_menu_entry_opens_its_screen_on_enter(saves: Path, option: str, screen: str | None) -> None:
    from textual.widgets import OptionList

    from unotui.record import make_header, new_game

    new_game(saves, make_header(seats(["Ann", "Dotty"]), RuleSet(), seed=3, created=FIXED_TIME), sync=False).close()
    app = UnoApp(saves, 0.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        menu.focus()
        menu.highlighted = menu.get_option_index(option)
        await pilot.press("enter")
        await pilot.pause()
        if screen is None:
            assert app.return_code == 0 and not app.is_running
        else:
            assert type(app.screen).__name__ == screen


async def test_the_rules_over_the_title_hide_its_footer(saves: Path) -> None:
    from unotui.tui.screens.title import TitleScreen

    app = UnoApp(saves, 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer_row = screen_text(app).splitlines()[-1]
        assert "n New game" in footer_row
        await pilot.press("u")
        await pilot.pause()
        assert not screen_text(app).splitlines()[-1].strip()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and screen_text(app).splitlines()[-1] == footer_row
