"""`hint`: what the strong bot would play in your seat, seeing only what you see."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import msgspec
import pytest
from support import scenario
from tui_support import app_for, position_session, sit_down

from bots.positions import random_positions
from replay_matches import three_player_match
from textual.widgets import Static

from unotui.engine import (
    PRESETS,
    Card,
    DrawCard,
    GameState,
    KeepCard,
    Phase,
    PlayCard,
    RuleSet,
    legal_commands,
    view_for,
)
from unotui.bots import advice
from unotui.tui.commands import Answer, Hint, command_text, parse_command, to_command
from unotui.record.replay_cursor import open_recording, recording_of
from unotui.tui.prose import no_hint
from unotui.tui.screens.replay import ReplayApp, ReplayHand, ReplayScreen, ReplayStatus
from unotui.tui.screens.dialogs import ChallengeDialog, DrawnCardDialog

from test_tui_command_line import SIZE, told, typed

NAMES = ("You", "Bo", "Cy", "Di")
HANDS = [["r3", "g7", "r9", "w", "b5"], ["b2", "b3", "y7"], ["y1", "y2"]]


@pytest.fixture(autouse=True)
def no_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-out counts alone decide a hint here, so that a slow machine gives the same one."""
    monkeypatch.setattr(advice, "HINT_TIME_LIMIT", None)


def hint_line(lines: str) -> str:
    return next(line for line in lines.splitlines() if line.startswith("Hint: "))


async def test_a_hint_names_a_move_you_can_type_and_plays_nothing() -> None:
    session = position_session(HANDS, names=NAMES[:3])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        events = len(session.table.match.events)
        assert parse_command("hint") == Hint()
        await typed(pilot, "hint")
        hint = hint_line(told(app))
        assert len(session.table.match.events) == events and len(session.table.view(0).hand) == 5
        # "Hint: r9. Play-outs won from what you have seen: r9 31%, r3 30%, ..."
        move = hint.removeprefix("Hint: ").split(".")[0].split(",")[0]
        weighed = hint.split("you have seen: ")[1]
        assert weighed.count("%") >= 4
        await typed(pilot, move)
        assert len(session.table.match.events) > events and len(session.table.view(0).hand) == 4


async def test_a_hint_asked_again_is_the_same_and_the_replay_s_analysis_agrees(tmp_path: Path) -> None:
    session = position_session(HANDS, names=NAMES[:3], save_dir=tmp_path)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "b5")  # a move first, so the hint is not the first thing the adviser hears
        await pilot.pause()
        while session.table.view(0).turn != 0:
            await pilot.pause(0.1)
        await pilot.press("escape")  # from the command line back to the hand, where h asks
        for _ in range(3):
            await pilot.press("h")
            await pilot.pause()
        hints = [line for line in told(app).splitlines() if line.startswith("Hint: ")]
        # The log tells an answer to a key again only when it differs from the last one.
        assert len(hints) == 1
        weighed = hints[0].split("what you have seen: ")[1]
    assert session.table.path is not None
    recording = open_recording(session.table.path)
    async with ReplayApp(recording).run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("end", "a")
        await pilot.pause()
        assert f"what you had seen: {weighed}" in list(pilot.app._notifications)[-1].message


async def test_h_at_the_table_gives_the_hint_too() -> None:
    session = position_session(HANDS, names=NAMES[:3])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert hint_line(told(app)).startswith("Hint: ") and len(session.table.match.events) == 0


async def test_a_hint_with_one_move_worth_weighing_says_so() -> None:
    # g7 is the only card that plays, and drawing instead is never worth weighing.
    session = position_session([["g7", "b6", "y3"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=("g5",),
                               names=NAMES[:3])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "hint")
        assert hint_line(told(app)) == "Hint: g7, the only move worth weighing here."


async def test_the_adviser_keeps_up_with_the_table_and_sees_only_your_cards() -> None:
    session = position_session(HANDS, names=NAMES[:3])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "hint")
        adviser = session.advisers[0]
        await typed(pilot, "r3")
        await typed(pilot, "hint")
        # The bots' plays after r3 reached the adviser as seat 0 saw them: their cards hidden.
        assert adviser.memory.top == session.table.view(0).top
        assert session.advisers == {0: adviser} and 0 not in session.bots


def test_a_hint_gives_the_same_advice_whatever_the_others_hold() -> None:
    # The adviser is handed seat 0's view and events only: other hidden hands change nothing.
    hints = []
    for others in ([["b2", "b3", "y7"], ["y1", "y2"]], [["g1", "g9", "gs"], ["r2", "b8"]]):
        session = position_session([HANDS[0], *others], names=NAMES[:3])
        adviser = session.adviser(0)
        view = session.table.view(0)
        hints.append(adviser.weigh(view, session.table.legal_commands(0), adviser.rng))
    assert hints[0] == hints[1]


def test_no_hint_when_there_is_no_move_of_yours() -> None:
    bos_turn = view_for(scenario(hands=HANDS, turn=1).state, 0)
    assert no_hint(bos_turn, NAMES) == "It's Bo's turn, not yours: a hint weighs your own moves."
    your_turn = view_for(scenario(hands=HANDS).state, 0)
    assert no_hint(your_turn, NAMES) is None
    over = msgspec.structs.replace(your_turn, phase=Phase.HAND_OVER)
    assert no_hint(over, NAMES) == "There's no move to weigh: no hand is being played."


def typed_back(state: GameState, seat: int) -> int:
    """Check that each play, draw or keep of `seat` reads back from its typed text; how many."""
    view = view_for(state, seat)
    checked = 0
    for command in legal_commands(state, seat):
        if isinstance(command, PlayCard | DrawCard | KeepCard):
            intent = parse_command(command_text(command, NAMES), view)
            assert not isinstance(intent, Answer), (command, intent)
            assert to_command(intent, view, NAMES) == command  # type: ignore[arg-type]
            checked += 1
    return checked


def test_every_move_a_hint_can_name_types_back_to_itself() -> None:
    # A hint names moves as they are typed (`w+4 blue uno`, `draw`): each reads back as itself.
    checked = sum(typed_back(state, state.turn) for state in random_positions(seed=31, count=150))
    assert checked > 300
    multi_play = scenario(hands=[["r7", "g7", "b7", "y7", "r2"], ["b2", "b3"]], discard=("r5",),
                          rules=RuleSet(multi_play=True))
    assert typed_back(multi_play.state, 0) > 10


async def test_the_challenge_dialog_gives_a_hint_on_h_and_stays_open() -> None:
    # Cy's Wild Draw Four was fair, and you hold one to stack (R-HOUSE-1).
    session = position_session([["r3", "w+4", "b7", "y9"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["y5", "w+4"],
                               color="blue", rules=PRESETS["party"], decision="challenge", pending=4, bluff=False,
                               turn=0, dealer=1, names=NAMES[:3])
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        line = app.screen.query_one("#hint", Static)
        assert str(line.render()) == "h: a hint, what the strong bot would do in your place"
        await pilot.press("h")
        hint = str(line.render())
        assert isinstance(app.screen, ChallengeDialog) and len(session.table.match.events) == 0
        assert hint.startswith("Hint: ") and "accept" in hint
        assert hint.endswith("A challenge was not weighed: in every deal of the unseen cards the Wild Draw Four was legal.")
        await pilot.press("a")
        await pilot.pause()
        assert session.table.view(0).hand_sizes[0] == 8


async def test_the_drawn_card_dialog_gives_a_hint_on_h() -> None:
    session = position_session([["g7", "r3", "b5"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["r5"],
                               decision="play_or_keep", drawn="r3", names=NAMES[:3])
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DrawnCardDialog)
        await pilot.press("h")
        hint = str(app.screen.query_one("#hint", Static).render())
        assert isinstance(app.screen, DrawnCardDialog)
        assert re.fullmatch(r"Hint: (r3|keep)( \(what a good casual player does: .*\))?\. Play-outs won from what you have seen: "
                            r"(r3|keep) \d+%, (r3|keep) \d+%\.", hint), hint


def test_a_dialog_without_a_hint_has_no_h() -> None:
    dialog = DrawnCardDialog(Card.R3)
    assert dialog.check_action("hint", ()) is False and list(dialog.hint_line()) == []


class TestReplayAnalysis:
    """`a` in the replay viewer: strong's weighing of the move to make, from that seat's view."""

    async def test_a_weighs_the_move_and_says_what_was_played(self) -> None:
        recording = recording_of(three_player_match(), "three-players.uno")
        async with ReplayApp(recording).run_test(size=(120, 40), notifications=True) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen)
            await pilot.press("pagedown", "shift+right", "shift+right")
            await pilot.press("a")
            await pilot.pause()
            note = list(pilot.app._notifications)[-1]
            state = recording.cursor.state_at(screen.position)
            name = recording.names[state.turn]
            assert note.title.startswith(f"{name}'s move · hand 1")
            assert note.message.startswith("Strong would play ")
            assert f"Play-outs won from what {name} had seen: " in note.message or "only move" in note.message
            assert note.message.endswith(".") and f" {name} played " in note.message
            # It weighed that move alone: a step away takes it off the screen, over the hand pane.
            await pilot.press("right")
            await pilot.pause()
            assert not list(pilot.app._notifications)

    @pytest.mark.parametrize(("position", "advice"), [
        (15, "Strong would draw, the only move worth weighing here. "),
        (42, "Strong would keep the drawn card. Play-outs won from what Cy had seen: keep "),
        (48, "Strong would accept the Wild Draw Four. Play-outs won from what Ada had seen: accept "),
    ])
    async def test_a_move_that_plays_no_card_is_advised_in_words(self, position: int, advice: str) -> None:
        """It said "Strong would play draw", "Strong would play keep", "Strong would play accept"."""
        recording = open_recording(Path(__file__).resolve().parents[2] / "replays" / "four-players-to-500.uno")
        async with ReplayApp(recording).run_test(size=(120, 40), notifications=True) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen)
            screen.go(position)
            await pilot.press("a")
            await pilot.pause()
            [note] = pilot.app._notifications
            assert note.message.startswith(advice), note.message

    async def test_a_seat_s_view_weighs_only_that_seat_s_moves(self) -> None:
        recording = recording_of(three_player_match(), "three-players.uno")
        async with ReplayApp(recording).run_test(size=(120, 40), notifications=True) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen)
            await pilot.press("pagedown")
            turn = recording.cursor.state_at(screen.position).turn
            other = (turn + 1) % 3
            screen.seat = other
            await pilot.press("a")
            await pilot.pause()
            name = recording.names[turn]
            assert list(pilot.app._notifications)[-1].message == (
                f"This is {name}'s move: weigh it in {name}'s view or the audit view (v).")

    async def test_no_move_to_weigh_before_the_first_deal(self) -> None:
        recording = recording_of(three_player_match(), "three-players.uno")
        async with ReplayApp(recording).run_test(size=(120, 40), notifications=True) as pilot:
            await pilot.press("a")
            await pilot.pause()
            assert list(pilot.app._notifications)[-1].message == (
                "There's no move to weigh: no hand is being played.")


async def test_hot_seat_players_each_get_advice_from_their_own_seat() -> None:
    # Under seven-o you swap hands with Bo: your adviser knows Bo holds your old hand, and
    # Bo's adviser, asked at Bo's turn, starts from Bo's own sight of the table.
    session = position_session([["r7", "b2", "y9"], ["g1", "g2", "g3", "g4"], ["y1", "y2", "y3", "y4", "y5"]],
                               names=NAMES[:3], humans=(0, 1), rules=RuleSet(seven_o=True))
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        await pilot.press("h")
        await typed(pilot, "r7")
        await pilot.press("1")  # swap with Bo, the first seat the dialog offers
        await pilot.pause()
        assert session.table.view(1).hand == (Card.B2, Card.Y9)
        assert session.advisers[0].memory.known[1] == Counter({Card.B2: 1, Card.Y9: 1})
        await pilot.press("enter", "enter")  # you have seen your new hand; Bo sits down at the keyboard
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert set(session.advisers) == {0, 1}
        assert session.advisers[1].memory.mine == Counter(session.table.view(1).hand)


async def test_the_player_called_you_is_spoken_to_in_the_analysis(tmp_path: Path) -> None:
    # A save's own player is called You by default: "Your move", "what you had seen".
    session = position_session(HANDS, names=NAMES[:3], save_dir=tmp_path)
    assert session.table.path is not None
    recording = open_recording(session.table.path)
    async with ReplayApp(recording).run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("a")
        await pilot.pause()
        note = list(pilot.app._notifications)[-1]
        assert note.title.startswith("Your move · hand 1")
        assert "Play-outs won from what you had seen: " in note.message
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        assert str(screen.query_one("#pile-info", Static).content).endswith("\nyour turn")
        # Each seat's view in turn, then the audit view, then You's own: its hand is "Your hand".
        for seat, owner in [(0, "Your"), (1, "Bo's"), (2, "Cy's"), (None, None), (0, "Your")]:
            await pilot.press("v")
            await pilot.pause()
            assert screen.seat == seat
            if owner is not None:
                assert screen.query_one(ReplayHand).owner == owner
                assert str(screen.query_one(ReplayStatus).render()).startswith(f"{owner} view · ")
            # It is You's turn. In Bo's or Cy's view "you" is that seat, so You is "Player 1".
            turn = "your turn" if seat in (0, None) else "Player 1's turn"
            assert str(screen.query_one("#pile-info", Static).content).endswith(f"\n{turn}")
            assert screen.names[0] == ("You" if seat in (0, None) else "Player 1")
