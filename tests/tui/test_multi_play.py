"""Multi-play at the table (R-HOUSE-6): several cards of one number in one turn, by key, click and typed command."""

from __future__ import annotations

from textual.pilot import Pilot
from tui_support import app_for, position_session

from unotui.engine import Card, Color, RuleSet
from unotui.tui.app import UnoApp
from unotui.tui.commands import Answer, Play, parse_command, to_command
from unotui.tui.screens.help import help_text
from unotui.tui.session import Session
from unotui.tui.widgets import CommandLine, GameLog, HandView
from unotui.tui.widgets.card import CardFace

SIZE = (100, 32)
MULTI = RuleSet(multi_play=True)


def multi_table(hand: list[str], discard: str = "r5", **fields: object) -> tuple[UnoApp, Session]:
    """Seat 0 to play `hand` on `discard` under multi-play; Bo holds two cards that can't go out at once."""
    rules = fields.pop("rules", MULTI)
    session = position_session([hand, ["b2", "b3"]], discard=[discard], names=("You", "Bo"), rules=rules, **fields)  # type: ignore[arg-type]
    return app_for(session), session


def played(session: Session) -> list[Card]:
    """The cards seat 0 played from its last command, in order."""
    events = session.table.match.events[session.table.match.boundaries[-1] :]
    return [event.card for event in events if type(event).__name__ == "CardPlayed" and event.seat == 0]  # type: ignore[attr-defined]


def told(app: UnoApp) -> str:
    return "\n".join(app.screen.query_one(GameLog).lines_shown)


async def typed(pilot: Pilot[None], text: str) -> None:
    await pilot.press("colon")
    line = pilot.app.screen.query_one(CommandLine)
    line.value = text
    await pilot.press("enter")
    await pilot.pause()


def first_action(session: Session) -> list[Card]:
    """Seat 0's cards played in the first command after the table opened."""
    match = session.table.match
    events = match.events[match.boundaries[0] : match.boundaries[1] if len(match.boundaries) > 1 else None]
    return [event.card for event in events if type(event).__name__ == "CardPlayed" and event.seat == 0]  # type: ignore[attr-defined]


class TestKeyboard:
    """Space marks cards of the selected card's number; Enter plays them together."""

    async def test_space_marks_and_enter_plays_in_the_order_marked(self) -> None:
        app, session = multi_table(["r7", "g7", "b7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            # By colour: r7 y3 g7 b7. Pick r7, mark b7 then g7: g7, the last, sets the colour.
            await pilot.press("1", "4", "space", "3", "space", "1")
            hand = app.screen.query_one(HandView)
            assert [hand.cards[index] for index in hand.marked] == [Card.B7, Card.G7]
            assert "⏎ plays r7 b7 g7" in str(hand.border_title)
            await pilot.press("enter")
            await pilot.pause()
            assert first_action(session) == [Card.R7, Card.B7, Card.G7]
            view = session.table.view(0)
            assert view.hand == (Card.Y3,) and view.color is Color.GREEN

    async def test_marked_faces_show_their_place(self) -> None:
        app, _ = multi_table(["r7", "g7", "b7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("4", "space", "3", "space")
            faces = {face.card: face for face in app.screen.query(CardFace)}
            assert faces[Card.B7].has_class("-marked") and faces[Card.B7].border_title == "#1"
            assert faces[Card.G7].border_title == "#2" and not faces[Card.R7].has_class("-marked")
            await pilot.press("space")
            assert not faces[Card.G7].has_class("-marked")

    async def test_marks_follow_their_cards_when_the_hand_is_sorted_again(self) -> None:
        app, session = multi_table(["r7", "g7", "b7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("4", "space", "3", "space", "t")  # by colour r7 y3 g7 b7, then by rank
            await pilot.pause()
            hand = app.screen.query_one(HandView)
            assert not hand.by_color and hand.cards[0] is Card.Y3
            assert [hand.cards[index] for index in hand.marked] == [Card.B7, Card.G7]
            faces = {face.card: face for face in app.screen.query(CardFace)}
            assert faces[Card.B7].border_title == "#1" and faces[Card.G7].border_title == "#2"
            await pilot.press("2", "enter")  # r7 first, then the marked ones in the order marked
            await pilot.pause()
            assert first_action(session) == [Card.R7, Card.B7, Card.G7]

    async def test_u_says_uno_with_a_play_that_leaves_one_card(self) -> None:
        app, session = multi_table(["r7", "g7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "3", "space", "1", "u")
            assert "UNO" in str(app.screen.query_one(HandView).border_title)
            await pilot.press("enter")
            await pilot.pause()
            view = session.table.view(0)
            assert view.hand == (Card.Y3,) and view.uno_said[0]

    async def test_a_card_of_another_number_is_not_marked(self) -> None:
        app, _ = multi_table(["r7", "g7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("3", "space", "2", "space")
            hand = app.screen.query_one(HandView)
            assert [hand.cards[index] for index in hand.marked] == [Card.G7]
            assert "y3 doesn't go with the marked 7s" in told(app)

    async def test_space_does_nothing_without_the_rule(self) -> None:
        app, session = multi_table(["r7", "g7", "y3"], rules=RuleSet())
        async with app.run_test(size=SIZE) as pilot:
            hand = app.screen.query_one(HandView)
            assert hand.check_action("mark", ()) is False
            await pilot.press("1", "space", "enter")
            await pilot.pause()
            assert hand.marked == [] and first_action(session) == [Card.R7]


class TestMouse:
    """Shift+click marks; a click plays the clicked card with the marked ones."""

    async def test_shift_click_marks_and_a_click_plays(self) -> None:
        app, session = multi_table(["r7", "g7", "b7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            faces = {face.card: face for face in app.screen.query(CardFace)}
            await pilot.click(faces[Card.G7], shift=True)
            await pilot.click(faces[Card.B7], control=True)
            assert session.table.view(0).hand_sizes[0] == 4
            await pilot.click(faces[Card.R7])
            await pilot.pause()
            assert first_action(session) == [Card.R7, Card.G7, Card.B7]
            assert session.table.view(0).color is Color.BLUE


class TestCommandLine:
    """`play r7 g7 b7`: the first matches the pile, the last sets the colour."""

    async def test_play_several_cards_typed(self) -> None:
        app, session = multi_table(["r7", "g7", "b7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            await typed(pilot, "play r7 b7 g7")
            assert first_action(session) == [Card.R7, Card.B7, Card.G7]
            assert session.table.view(0).color is Color.GREEN

    async def test_middle_cards_in_any_order_with_uno(self) -> None:
        app, session = multi_table(["r7", "g7", "b7", "y7", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            # The engine takes the middle cards in deck order only; the order typed is kept where it counts.
            await typed(pilot, "r7 b7 g7 y7 uno")
            assert first_action(session) == [Card.R7, Card.G7, Card.B7, Card.Y7]
            view = session.table.view(0)
            assert view.hand == (Card.Y3,) and view.uno_said[0] and view.color is Color.YELLOW

    async def test_a_refused_combination_names_the_card_and_why(self) -> None:
        app, session = multi_table(["r7", "g7", "g8", "y3"])
        async with app.run_test(size=SIZE) as pilot:
            await typed(pilot, "play r7 g8")
            assert session.table.view(0).hand_sizes[0] == 4
            assert "g8 is an 8, not a 7: cards played together show one number (R-HOUSE-6)" in told(app)
            await typed(pilot, "play g7 r7")
            assert "g7 doesn't match r5" in told(app) and "`play r7 g7`" in told(app)
            await typed(pilot, "play r7 b7")
            assert "You don't hold a blue 7" in told(app)


def test_refusals_before_the_engine() -> None:
    """Each illegal combination gets its own reason."""
    session = position_session([["r7", "g7", "rs", "y3"], ["b2", "b3"]], discard=["r5"], names=("You", "Bo"), rules=MULTI)
    view, names = session.table.view(0), session.names

    def answer(text: str) -> str:
        intent = parse_command(text, view)
        assert isinstance(intent, Play)
        result = to_command(intent, view, names)
        assert isinstance(result, Answer)
        return result.text

    assert "rs is a red Skip: only number cards" in answer("rs r7")
    assert "You hold one red 7, not two" in answer("r7 r7")
    assert "g7 doesn't match r5 on a red pile. The first card must match the pile: `play r7 g7`" in answer("g7 r7")
    two = position_session([["r7", "g7"], ["b2", "b3"]], discard=["r5"], names=("You", "Bo"), rules=MULTI).table.view(0)
    intent = parse_command("play r7 g7 uno", two)
    assert isinstance(intent, Play)
    going_out = to_command(intent, two, names)
    assert isinstance(going_out, Answer) and "leaves you none: no UNO to say" in going_out.text
    standard = position_session([["r7", "g7"], ["b2", "b3"]], discard=["r5"], names=("You", "Bo")).table.view(0)
    intent = parse_command("r7 g7", standard)
    assert isinstance(intent, Play)
    refused = to_command(intent, standard, names)
    assert isinstance(refused, Answer) and "Multi-play is off" in refused.text


def test_help_tells_multi_play_only_when_it_is_on() -> None:
    assert "shift+click" in help_text(MULTI) and "play r7 g7 b7" in help_text(MULTI)
    assert "shift+click" not in help_text(RuleSet()) and "play r7 g7 b7" not in help_text(RuleSet())
