"""Pilot tests for the typed command line: every command, completion, history and helpful answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from support import scenario
from tui_support import app_for, commands_set_off, position_session

from unotui.engine import Accepted, Card, CardPlayed, CatchUno, Color, Decision, KeepCard, PlayCard, RuleSet, view_for
from unotui.record import MAX_STEM_BYTES
from unotui.tui.app import UnoApp
from unotui.tui.commands import (
    Accept,
    Answer,
    ChallengeIt,
    Draw,
    Hint,
    Keep,
    Look,
    Play,
    Quit,
    SayUno,
    ShowHand,
    ShowScore,
    command_text,
    given_hands,
    parse_command,
    to_command,
)
from unotui.tui.widgets import CommandLine, GameLog, HandView

SIZE = (100, 32)


async def typed(pilot: Pilot[None], text: str) -> None:
    """Focus the command line with `:`, type `text`, press Enter."""
    await pilot.press("colon")
    line = pilot.app.screen.query_one(CommandLine)
    assert line.has_focus
    line.value = text
    await pilot.press("enter")
    await pilot.pause()


def told(app: UnoApp) -> str:
    return "\n".join(app.screen.query_one(GameLog).lines_shown)


def table_app(**fields: object) -> tuple[UnoApp, object]:
    hands = fields.pop("hands", [["r3", "g7", "w+4", "w"], ["b2", "b3", "y7"], ["y1", "y2"]])
    session = position_session(hands, names=("You", "Bo", "Cy"), **fields)  # type: ignore[arg-type]
    return app_for(session), session


@pytest.mark.parametrize("text", ["play r3", "r3", "red three", "p r3", "red 3", "R3"])
async def test_ways_to_play_a_card(text: str) -> None:
    app, session = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, text)
        assert Card.R3 not in session.table.view(0).hand


@pytest.mark.parametrize("text", ["play w red", "w r", "wild red"])
async def test_a_wild_with_its_colour(text: str) -> None:
    app, session = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, text)
        assert session.table.view(0).color is Color.RED and Card.WILD not in session.table.view(0).hand


async def test_a_wild_draw_four_with_its_colour() -> None:
    app, session = table_app(hands=[["g7", "w+4"], ["b2", "b3", "y7"], ["y1", "y2"]])
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "w+4 b uno")
        view = session.table.view(0)
        assert Card.WILD_DRAW_FOUR not in view.hand and view.uno_said[0]


async def test_draw_then_play_it() -> None:
    app, session = table_app(hands=[["g7", "b1"], ["b2", "b3", "y7"], ["y1", "y2"]], draw_pile=["r9"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        line = app.screen.query_one(CommandLine)
        line.value = "draw"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")  # the play-or-keep dialog: typed instead
        await pilot.pause()
        assert session.table.view(0).decision is Decision.PLAY  # escape kept it


@pytest.mark.parametrize(("drawn", "text", "expected"), [
    ("w", "play it green", PlayCard(seat=0, card=Card.WILD, color=Color.GREEN)),
    ("w+4", "play the drawn card blue uno", PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE, uno=True)),
    ("r9", "play it green", Answer("Only a wild names a colour; r9 is already red.")),
    ("r7", "play it swap with cy", PlayCard(seat=0, card=Card.R7, swap_with=2)),
    ("r7", "play it swap with", Answer("Swap with whom? Say a name: `play it swap with bo`.")),
    ("w", "play it greenish", Answer("After the drawn card I expected another card, a colour (red, yellow, green, "
                                     "blue) or `uno`, not 'greenish'.")),
])
def test_play_it_takes_a_colour_or_a_swap_as_a_card_does(drawn: str, text: str, expected: object) -> None:
    # `play it green` was "'it green' is not a card I know", though help offers `play CARD
    # [COLOUR]` and `play it`; only `play it`, then the colour asked for, played a drawn wild.
    match = scenario(hands=[["g3", "y1", drawn], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["r5"],
                     decision="play_or_keep", drawn=drawn, rules=RuleSet(seven_o=True))
    view = view_for(match.state, 0)
    intent = parse_command(text, view)
    answer = intent if isinstance(intent, Answer) else to_command(intent, view, ("You", "Bo", "Cy"))  # type: ignore[arg-type]
    assert answer == expected


async def test_escape_from_the_command_line_drops_what_was_typed() -> None:
    # `:dra`, Escape, then `:look` ran "dralook": the text left in the line was kept.
    app, _ = table_app(hands=[["g7", "b1"], ["b2", "b3", "y7"], ["y1", "y2"]])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"dra", "escape")
        await pilot.pause()
        assert app.screen.query_one(CommandLine).value == "" and app.screen.query_one(HandView).has_focus
        await pilot.press("colon", *"look", "enter")
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        assert "› look" in log.lines_shown and not any("dralook" in line for line in log.lines_shown)


async def test_draw_and_keep_typed() -> None:
    app, session = table_app(hands=[["g7", "b1"], ["b2", "b3", "y7"], ["y1", "y2"]], draw_pile=["r9"])
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "d")
        await pilot.press("k")
        await pilot.pause()
        assert Card.R9 in session.table.view(0).hand


async def test_play_it_plays_the_drawn_card() -> None:
    app, session = table_app(hands=[["r9", "b1"], ["b2", "b3", "y7"], ["y1", "y2"]], decision="play_or_keep", drawn="r9")
    async with app.run_test(size=SIZE) as pilot:
        app.pop_screen()  # answer in words instead of in the dialog
        await typed(pilot, "play it")
        assert Card.R9 not in session.table.view(0).hand


async def test_keep_typed() -> None:
    app, session = table_app(hands=[["r9", "b1"], ["b2", "b3", "y7"], ["y1", "y2"]], decision="play_or_keep", drawn="r9")
    async with app.run_test(size=SIZE) as pilot:
        app.pop_screen()
        await typed(pilot, "keep")
        assert KeepCard(seat=0) in session.table.match.commands
        assert Card.R9 in session.table.view(0).hand


async def test_uno_typed() -> None:
    app, session = table_app(hands=[["r3", "g7"], ["b2", "b3", "y7"], ["y1", "y2"]])
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "uno")
        assert session.table.view(0).uno_said[0]


async def test_catch_by_name() -> None:
    app, session = table_app(hands=[["r3", "g7"], ["b2"], ["y1", "y2"]], uno_window=1)
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "catch bo")
        assert session.table.view(0).hand_sizes[1] == 3


async def test_catch_nobody_is_answered() -> None:
    app, session = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "catch")
        assert "Nobody can be caught" in told(app)


async def test_a_typed_command_refused_is_answered_under_its_echo_and_in_no_notification() -> None:
    # Each answer was told in the log and again in a toast over the log's right half, the
    # same words twice, overlapped; a few refusals in a row stacked toasts over the hand too.
    app, _ = table_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for text in ("foo bar", "play", "catch", "keep"):
            await typed(pilot, text)
        assert not app._notifications and not app.screen.query("Toast")
        lines = app.screen.query_one(GameLog).lines_shown
        echoes = [at for at, line in enumerate(lines) if line.startswith("› ")]
        assert [lines[at + 1].split()[0] for at in echoes] == ["I", "Play", "Nobody", "There's"]


async def test_a_key_after_a_typed_command_that_only_opened_a_dialog_is_answered_in_a_notification() -> None:
    # `quit` typed and not confirmed left its echo waiting for an answer, and the answer
    # to `k` pressed next was taken for it: told under the echo, and in no notification.
    app, _ = table_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await typed(pilot, "quit")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert [note.message for note in app._notifications] == ["There's no drawn card to keep. Playable now: r3, w, w+4."]


async def test_a_catch_the_rules_refuse_names_the_player_not_a_seat_number() -> None:
    app, session = table_app(hands=[["r3", "g7"], ["b2"], ["y1", "y2"]], uno=(1,))
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "catch bo")
        assert told(app).endswith("Bo has said UNO (R-UNO-5).")


ON_ONE = {"hands": [["r3", "g7", "w+4", "w"], ["b2", "b3", "y7"], ["y1"]]}


@pytest.mark.parametrize(("position", "names", "text", "expected"), [
    ({}, ("You", "Bo", "Cy"), "catch", "Nobody can be caught: no one else is down to one card."),
    ({**ON_ONE, "uno": (2,)}, ("You", "Bo", "Cy"), "catch", "Nobody can be caught: everyone on one card has said UNO."),
    (ON_ONE, ("You", "Bo", "Cy"), "catch",
     "Nobody can be caught now: the chance to catch Cy passed when the next player acted (R-UNO-3)."),
    (ON_ONE, ("You", "Max", "Max 2"), "catch ma", "'ma' could be Max or Max 2: type more of the name."),
])
def test_a_catch_that_finds_nobody_says_why(position: dict[str, object], names: tuple[str, ...], text: str,
                                            expected: str) -> None:
    fields = {"hands": [["r3", "g7", "w+4", "w"], ["b2", "b3", "y7"], ["y1", "y2"]], **position}
    view = view_for(scenario(**fields).state, 0)  # type: ignore[arg-type]
    assert to_command(parse_command(text, view), view, names) == Answer(expected)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "expected"), [
    ("catch bo", "Bo got that card when hands changed places, not by playing: no UNO is owed (R-UNO-7)."),
    ("catch", "Nobody can be caught: Bo got that card when hands changed places, not by playing: "
              "no UNO is owed (R-UNO-7)."),
])
def test_a_player_on_one_card_from_a_swap_is_not_caught_too_late(text: str, expected: str) -> None:
    # Bo plays a 7 and swaps his two cards for Cy's single one (R-HOUSE-2): the engine only
    # knows no catch is open, and "too late" told the player they had missed it.
    match = scenario([["r3", "g7", "b1"], ["r7", "r2", "r3"], ["y1"]], turn=1, rules=RuleSet(seven_o=True))
    assert isinstance(match.submit(PlayCard(seat=1, card=Card.R7, swap_with=2)), Accepted)
    view = view_for(match.state, 0)
    assert view.hand_sizes[1] == 1 and not view.uno_said[1]
    given = given_hands(match.events, 3)
    assert given == {1, 2}
    assert to_command(parse_command(text, view), view, ("You", "Bo", "Cy"), given) == Answer(expected)  # type: ignore[arg-type]


def test_a_name_not_found_between_two_players_names_the_other() -> None:
    # The answer listed every seat, the player's own among those they could catch.
    view = view_for(scenario([["r3", "g7"], ["b2", "b3"]]).state, 0)
    assert to_command(parse_command("catch zed", view), view, ("You", "Bo")) == Answer(  # type: ignore[arg-type]
        "There's nobody called 'zed' at this table; the other player is Bo.")


def test_catch_me_catches_a_player_called_me() -> None:
    # "catch me" is the speaker, unless another player is called that.
    view = view_for(scenario([["r3", "g7"], ["b2"], ["y1", "y2"]], uno_window=1).state, 0)
    assert to_command(parse_command("catch me", view), view, ("You", "me", "Cy")) == CatchUno(seat=0, target=1)  # type: ignore[arg-type]
    assert to_command(parse_command("catch me", view), view, ("You", "Bo", "Cy")) == Answer(  # type: ignore[arg-type]
        "You can't catch yourself: say `uno` instead.")


@pytest.mark.parametrize(("text", "drawn"), [("challenge", 6), ("accept", 4)])
async def test_challenge_and_accept_typed(text: str, drawn: int) -> None:
    app, session = table_app(hands=[["r1", "g2"], ["b3", "b4"], ["y1", "y2"]], discard=["y5", "w+4"], color="blue",
                             decision="challenge", bluff=False, turn=0, dealer=2)
    async with app.run_test(size=SIZE) as pilot:
        app.pop_screen()
        await typed(pilot, text)
        assert session.table.view(0).hand_sizes[0] == 2 + drawn


@pytest.mark.parametrize(("text", "expected"), [
    ("look", "It is your turn. The top card is a red 5"),
    ("hand", "You hold 4 cards: r3 g7 w w+4. Playable now: r3, w, w+4."),
    ("score", "Scores, playing to 500 points: You 0, Bo 0, Cy 0."),
    ("rules R-UNO-4", "R-UNO-4    Caught: draw 2."),
    ("rules challenge", "R-WD4-3"),
    ("help draw", "draw: draw a card instead of playing"),
    ("help", "catch [NAME]"),
    ("drwa", "Did you mean `draw`?"),
    ("r7", "You don't hold a red 7. Playable now: r3, w, w+4."),
    ("g7", "g7 doesn't match r5"),
    ("xyzzy", "I don't know 'xyzzy'"),
    ("draw 2", "`draw` takes nothing after it: type `draw` alone."),
    ("seven", "Which 7? Say the colour too, like `g7` or `green 7`. You hold g7."),
    ("skip", "You hold no Skip. Playable now: r3, w, w+4."),
    ("log many", "`log` takes a number of lines"),
    ("log 1 2", "`log` takes one number of lines, like `log 20`, not '1 2'."),
])
async def test_answers_in_words(text: str, expected: str) -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, text)
        assert expected in told(app)


async def test_log_repeats_the_last_lines() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "r3")
        await typed(pilot, "log 20")
        lines = app.screen.query_one(GameLog).lines_shown
        assert any(line.startswith("You play r3") for line in lines[-12:])


async def test_log_repeats_the_story_not_the_answers() -> None:
    # `log 20` after `help` used to repeat the help: the answers are a command away.
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "r3")
        log = app.screen.query_one(GameLog)
        story = log.story
        await typed(pilot, "help")
        await typed(pilot, "rules R-UNO-4")
        await typed(pilot, "log 1")
        assert log.lines_shown[-1] == story[-1]
        await typed(pilot, "log 20")
        assert log.lines_shown[-len(story[-20:]):] == story[-20:]
        assert log.story == story


async def test_a_colon_typed_again_is_left_out_of_the_echo() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, ":look")
        assert "› look" in app.screen.query_one(GameLog).lines_shown


async def test_save_typed(saves: Path) -> None:
    session = position_session([["r3", "g7"], ["b2", "b3"]], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "save friday night")
        assert (saves / "friday-night.uno").exists()
        # Told under the command alone: a toast said it again over the log.
        assert told(app).endswith(f"› save friday night\nSaved as {saves / 'friday-night.uno'}.")
        assert not app._notifications


async def test_save_typed_with_a_name_too_long_for_a_file_is_refused(saves: Path) -> None:
    # 300 letters ended the program with "File name too long" (and an exit status of 0).
    session = position_session([["r3", "g7"], ["b2", "b3"]], save_dir=saves)
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "save " + "y" * 300)
        assert told(app).endswith(f"Not saved: that name takes 300 bytes as a file name, and a save's name at most {MAX_STEM_BYTES}.")
        assert not list(saves.glob("y*"))
        await typed(pilot, "save " + "z" * MAX_STEM_BYTES)  # the most a name may have: kept whole
        assert (saves / f"{'z' * MAX_STEM_BYTES}.uno").exists()
    assert app._exception is None


async def test_quit_typed_asks_first() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "quit")
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"


async def test_tab_completes_cards_and_names() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        line = app.screen.query_one(CommandLine)
        line.value = "catch b"
        await pilot.press("tab")
        assert line.value == "catch Bo "
        line.value = "play g"
        await pilot.press("tab")
        assert line.value == "play g7 "
        line.value = "chal"
        await pilot.press("tab")
        assert line.value == "challenge "
        # Whom a seven-o 7 swaps with, and the house rules' IDs.
        for typed_text, done in (("r7 swap with b", "r7 swap with Bo "), ("r7 with c", "r7 with Cy "),
                                 ("rules R-H", "rules R-HOUSE-")):
            line.value = typed_text
            await pilot.press("tab")
            assert line.value == done
        for blank in ("", "  "):  # nothing typed yet: every command and card is a candidate
            line.value = blank
            await pilot.press("tab")
            assert line.value == blank and type(app.screen).__name__ == "TableScreen"


async def test_up_and_down_walk_the_history() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "look")
        await typed(pilot, "hand")
        line = app.screen.query_one(CommandLine)
        assert not line.has_focus  # a command run, the hand has the focus again
        await pilot.press("colon", "up")
        assert line.value == "hand"
        await pilot.press("up")
        assert line.value == "look"
        await pilot.press("down")
        assert line.value == "hand"
        await pilot.press("down")
        assert line.value == ""


def test_parsing_is_forgiving() -> None:
    assert parse_command("Play  R7!") == Play(card=Card.R7, uno=True)
    assert parse_command("green draw two") == Play(card=Card.G_DRAW_TWO)
    assert parse_command("blue skip") == Play(card=Card.B_SKIP)
    assert parse_command("wild draw four yellow") == Play(card=Card.WILD_DRAW_FOUR, color=Color.YELLOW)
    assert parse_command("r7 blue") == Answer("Only a wild names a colour; r7 is already red.")
    assert isinstance(parse_command(""), Answer)


@pytest.mark.parametrize(("text", "command"), [
    ("look at me", "look"), ("l around", "look"), ("hand please", "hand"), ("cards now", "hand"),
    ("score now", "score"), ("scores please", "score"), ("hint me", "hint"), ("keep it", "keep"),
    ("pass it", "keep"), ("accept the four", "accept"), ("take four", "accept"), ("challenge him", "challenge"),
    ("quit now", "quit"), ("draw 2", "draw"), ("uno now", "uno"),
])
def test_a_command_that_takes_nothing_refuses_words_after_it(text: str, command: str) -> None:
    # They were taken for the command alone, whatever followed: `keep it` kept, `challenge him` challenged.
    assert parse_command(text) == Answer(f"`{command}` takes nothing after it: type `{command}` alone.")


@pytest.mark.parametrize(("text", "intent"), [
    ("look", Look()), ("l", Look()), ("hand", ShowHand()), ("h", ShowHand()), ("score", ShowScore()),
    ("s", ShowScore()), ("hint", Hint()), ("keep", Keep()), ("k", Keep()), ("accept", Accept()),
    ("challenge", ChallengeIt()), ("quit", Quit()), ("q", Quit()), ("d", Draw()), ("u", SayUno()),
    ("play it uno", Play(card=None, uno=True)), ("r7 uno", Play(card=Card.R7, uno=True)),
    ("UNO!", SayUno()), ("uno !!", SayUno()), ("r7 uno!", Play(card=Card.R7, uno=True)),
])
def test_a_command_that_takes_nothing_is_taken_alone(text: str, intent: object) -> None:
    assert parse_command(text) == intent


async def test_an_answer_sets_off_its_commands_without_backticks() -> None:
    # The log and the notification showed "Did you mean `draw`?", backticks and all: a
    # newcomer read them as stray markdown.
    app, _ = table_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await typed(pilot, "drwa")
        shown = "I don't know 'drwa'. Did you mean draw? Type help for every command."
        assert shown in " ".join(line.strip() for line in pane_lines(app.screen.query_one(GameLog)))
        assert commands_set_off(app) == (["draw", "help"], [])  # a typed command's answer is in the log alone
        # `log N` repeats it as written, and sets the commands off again.
        assert told(app).endswith("Did you mean `draw`? Type `help` for every command.")
    # A key's answer comes in a notification too, its commands set off there as well.
    app, _ = table_app(decision="play_or_keep", drawn="r3")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.pop_screen()  # the drawn card's dialog: answered by a key instead
        await pilot.press("d")
        await pilot.pause()
        shown = "You have drawn already: play it (r3) or keep."
        assert any(shown in str(toast.render()) for toast in app.screen.query("Toast"))
        assert commands_set_off(app)[1] == ["play it", "keep"]


async def test_an_answer_is_wrapped_as_it_is_shown() -> None:
    # The answer is measured as shown, without its backticks: measured with them, a line
    # of `help play` would end a word early.
    app, _ = table_app()
    async with app.run_test(size=(80, 40)) as pilot:
        await typed(pilot, "help play")
        log = app.screen.query_one(GameLog)
        width = log.scrollable_content_region.width
        lines = [line.rstrip() for line in pane_lines(log)[-4:]]
        start = next(index for index, line in enumerate(lines) if line.startswith("play CARD"))
        for line, after in zip(lines[start:], lines[start + 1:]):
            assert len(line) + 1 + len(after.split()[0]) > width, "the next word fitted on the line"
        assert "`" not in "".join(lines)


def test_backticks_typed_are_left_out() -> None:
    # Copied from the help, `look` with its backticks was a word unknown.
    assert parse_command("`look`") == Look()
    assert parse_command("`play r3`") == Play(card=Card.R3)


def footer_keys(app: UnoApp) -> list[str]:
    """What the footer offers now, as "key description"."""
    return [f"{app.get_key_display(active.binding)} {active.binding.description}"
            for active in app.screen.active_bindings.values() if active.binding.show]


async def test_the_footer_offers_the_command_lines_keys_while_typing() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        at_hand = footer_keys(app)
        assert ": Type" in at_hand and "esc Hand" not in at_hand and "⏎ Play" in at_hand
        await pilot.press("colon")
        typing = footer_keys(app)
        # Letters and ':' are text here: the footer shows what Enter, arrows, Tab and Escape do.
        assert typing[:4] == ["↑↓ History", "⏎ Run", "tab Complete", "esc Hand"]
        assert ": Type" not in typing and "d Draw" not in typing
        await pilot.press("escape")
        assert footer_keys(app) == at_hand


async def test_answers_take_the_new_theme_colours() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "look")
        log = app.screen.query_one(GameLog)

        def answer_style() -> object:
            # The last such line is the answer to `look`; the story's opening says it too.
            strip = next(line for line in reversed(log.lines) if "It is your turn" in line.text)
            return next(segment.style for segment in strip if segment.text.strip())

        before = answer_style()
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        assert answer_style() == log.get_component_rich_style("game-log--answer") != before


def pane_lines(log: GameLog) -> list[str]:
    """Every line of the log pane as wrapped for it, scrolled out of sight or not."""
    return [strip.text.rstrip() for strip in log.lines]


@pytest.mark.parametrize("size", [(80, 40), (120, 40)])
async def test_help_rows_wrap_under_their_second_column(size: tuple[int, int]) -> None:
    app, _ = table_app()
    async with app.run_test(size=size) as pilot:
        await typed(pilot, "help")
        log = app.screen.query_one(GameLog)
        lines = pane_lines(log)
        row = next(index for index, line in enumerate(lines) if line.lstrip().startswith("look "))
        column = lines[row].index("describe")
        assert lines[row + 1].strip(), "the row is too long for the pane and wraps"
        assert len(lines[row + 1]) - len(lines[row + 1].lstrip()) == column


@pytest.mark.parametrize(("typed_text", "rule", "text", "ending", "wrapped"), [
    # R-DECK-1 is written on two lines for an 80-column terminal; the pane joins them
    # and wraps the row to its own width, every part under the description.
    ("rules", "R-DECK-1", "108 cards", "four Wild and four Wild Draw Four.", 2),
    # R-SCORE-1 mentions the word on its second line: the rule comes whole, one row.
    ("rules challenged", "R-SCORE-1", "The hand ends", "can't be challenged.", 1),
])
async def test_rules_in_the_log_rewrap_to_the_pane(typed_text: str, rule: str, text: str, ending: str,
                                                   wrapped: int) -> None:
    app, _ = table_app()
    async with app.run_test(size=(80, 40)) as pilot:
        await typed(pilot, typed_text)
        log = app.screen.query_one(GameLog)
        told_row = next(line for line in log.lines_shown if rule in line)
        head, _, body = told_row.strip().partition("  ")
        assert head == rule and body.lstrip().startswith(text) and told_row.endswith(ending)
        lines = pane_lines(log)
        row = next(index for index, line in enumerate(lines) if rule in line)
        column = lines[row].index(text)
        assert all(len(line) - len(line.lstrip()) == column for line in lines[row + 1:row + 1 + wrapped])


YOUR_TURN: dict[str, object] = {}
BOS_TURN: dict[str, object] = {"turn": 1}
DRAWN = {"hands": [["r3", "g7", "r9"], ["b2", "b3", "y7"], ["y1", "y2"]], "decision": "play_or_keep", "drawn": "r9"}
WD4_ON_YOU = {"discard": ["y5", "w+4"], "color": "blue", "decision": "challenge", "bluff": False, "dealer": 2}
WILD_START = {"discard": ["w"], "decision": "choose_color"}
JUMPED_PAST = {"hands": [["r3", "b6", "g7"], ["b2", "b3", "y7"], ["y1", "y2"]], "discard": ["b6", "rs"], "turn": 1,
               "rules": RuleSet(jump_in=True)}
"""Jump-in: b6, held, was the top card a moment ago."""


@pytest.mark.parametrize(("position", "text", "expected"), [
    (YOUR_TURN, "keep", "There's no drawn card to keep. Playable now: r3, w, w+4."),
    (YOUR_TURN, "play it", "You haven't drawn a card to play. Playable now: r3, w, w+4."),
    (YOUR_TURN, "challenge", "There's no Wild Draw Four for you to challenge."),
    (YOUR_TURN, "accept", "There's no Wild Draw Four for you to accept."),
    (YOUR_TURN, "color red", "There's no colour to name now; a wild's colour goes with it: `w red`."),
    (YOUR_TURN, "color", "Name a colour: `colour red`, `colour yellow`, `colour green` or `colour blue`."),
    (YOUR_TURN, "red", "Which red card? Say it like `r7` or `red skip`."),
    # `play it` was offered with no card drawn, and the player was listed among those to catch.
    (YOUR_TURN, "play", "Play what? Say a card, like `play r7`."),
    (DRAWN, "play", "Play what? You just drew r9: `play it`, or `keep` it."),
    (YOUR_TURN, "catch zed", "There's nobody called 'zed' at this table; the others are Bo and Cy."),
    (YOUR_TURN, "catch me", "You can't catch yourself: say `uno` instead."),
    (BOS_TURN, "r3", "It's Bo's turn, not yours."),
    # b6 typed just after rs covered it: the answer was "It's Bo's turn, not yours."
    (JUMPED_PAST, "b6", "Too late to jump in with b6: the top card is now rs."),
    (JUMPED_PAST, "g7", "It's Bo's turn, not yours."),
    (DRAWN, "draw", "You have drawn already: `play it` (r9) or `keep`."),
    (DRAWN, "g7", "You just drew r9: you may play only that card (`play it`), or `keep` it."),
    (WD4_ON_YOU, "r3", "First answer the Wild Draw Four: `challenge` or `accept`."),
    (WILD_START, "r3", "First name the colour of the Wild start card: `red`, `yellow`, `green` or `blue`."),
])
def test_a_command_that_cant_be_played_now_says_why(position: dict[str, object], text: str, expected: str) -> None:
    fields = {"hands": [["r3", "g7", "w+4", "w"], ["b2", "b3", "y7"], ["y1", "y2"]], **position}
    match = scenario(**fields)  # type: ignore[arg-type]
    view = view_for(match.state, 0)
    intent = parse_command(text, view)
    answer = intent if isinstance(intent, Answer) else to_command(intent, view, ("You", "Bo", "Cy"))  # type: ignore[arg-type]
    assert answer == Answer(expected)


@pytest.mark.parametrize("opener", [":", "/"])
async def test_a_command_typed_in_one_burst_after_the_colon_is_run_whole(opener: str) -> None:
    # A paste, or tmux send-keys ':play r3' Enter: every key is handed to the hand before ':'
    # has moved the focus to the command line. Before, the text after ':' was lost.
    from textual.events import Key

    session = position_session([["r3", "g7", "y1"], ["r4", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = [("colon" if opener == ":" else "slash", opener), *((("space" if c == " " else c), c) for c in "play r3"),
                ("enter", None)]
        for key, character in keys:
            app.post_message(Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert Card.R3 not in session.table.view(0).hand
        assert "› play r3" in app.screen.query_one(GameLog).lines_shown
        assert app.screen.query_one(CommandLine).value == ""


@pytest.mark.parametrize(("typed_keys", "played"), [(("g", "3", "enter"), Card.G3), (("W", "plus", "4", "enter"), None)])
async def test_a_card_typed_on_the_hand_goes_into_the_command_line(typed_keys: tuple[str, ...], played: Card | None) -> None:
    # Before, the hand took `g` for nothing and `3` for its third card, and Enter played that.
    session = position_session([["r3", "g7", "g3", "b1", "w+4"], ["r4", "b3"]], discard=["g5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*typed_keys)
        await pilot.pause()
        hand = session.table.view(0).hand
        if played is not None:
            assert played not in hand and Card.G7 in hand
            assert f"› {played.value}" in app.screen.query_one(GameLog).lines_shown
        else:
            # `W+4` and Enter: the Wild Draw Four asks for its colour.
            from unotui.tui.screens.dialogs import ColorDialog

            assert len(hand) == 5 and isinstance(app.screen, ColorDialog) and app.screen.card is Card.WILD_DRAW_FOUR


@pytest.mark.parametrize("after", [("d", "d"), ("s", "s"), ("question_mark", "?"), ("k", "k")])
async def test_a_card_played_by_enter_in_a_burst_is_played_before_the_next_key_acts(after: tuple[str, str]) -> None:
    # `Enter d` sent at once: the draw was taken first and the play then refused; `Enter s`
    # opened the scores and the play was dropped.
    from textual.events import Key

    session = position_session([["g7", "g1", "g2"], ["r4", "b3", "b5"]], discard=["g6"], draw_pile=["b9"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, character in [("enter", None), after]:
            app.post_message(Key(key, character))
        for _ in range(4):
            await pilot.pause()
        played = [event.card for event in session.table.match.events if isinstance(event, CardPlayed)]
        assert played[:1] == [Card.G1] and Card.B9 not in session.table.view(0).hand


async def test_letters_typed_before_the_command_line_had_the_focus_are_not_typed_over() -> None:
    # The terminal hands the first keys of `:hand⏎` to the hand before ':' moves the focus;
    # the line took them, then selected them when its focus came, and the next key
    # replaced them: `:hand` ran as `d` and drew a card.
    from textual.events import Key

    session = position_session([["r3", "g7", "y1"], ["r4", "b3"]], discard=["r5"], draw_pile=["b9"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        for key, character in [("colon", ":"), ("h", "h"), ("a", "a")]:
            hand.post_message(Key(key, character))
        await pilot.pause()
        await pilot.press("n", "d", "enter")
        await pilot.pause()
        assert "› hand" in app.screen.query_one(GameLog).lines_shown
        assert len(session.table.view(0).hand) == 3


@pytest.mark.parametrize("pasted", [":hand", "hand\n", "/ hand"])
async def test_text_pasted_on_the_hand_goes_into_the_command_line(pasted: str) -> None:
    from textual.events import Paste

    session = position_session([["r3", "g7", "y1"], ["r4", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.post_message(Paste(pasted))
        await pilot.pause()
        command_line = app.screen.query_one(CommandLine)
        assert command_line.has_focus and command_line.value == "hand"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one(GameLog).lines_shown[-1].startswith("You hold 3 cards")


SEVEN_O = {"hands": [["y7", "y2", "r7"], ["b2", "b3", "y7"], ["y1", "y2"]], "discard": ["y5"],
           "rules": RuleSet(seven_o=True)}


@pytest.mark.parametrize(("text", "expected"), [
    ("y7 swap with bo", PlayCard(seat=0, card=Card.Y7, swap_with=1)),
    ("play y7 swap cy uno", PlayCard(seat=0, card=Card.Y7, swap_with=2, uno=True)),
    ("y7 with Cy", PlayCard(seat=0, card=Card.Y7, swap_with=2)),
    ("y7 swap", Answer("Swap with whom? Say a name: `y7 swap with bo`.")),
    ("y7 swap with me", Answer("There's nobody called 'me' at this table; the others are Bo and Cy.")),
    ("y7 swap with you", Answer("You can't swap hands with yourself: name another player.")),
    ("y2 swap with bo", Answer("y2 swaps no hands here: play it without `swap` (a 7 does under seven-o, R-HOUSE-2).")),
])
def test_a_seven_typed_with_whom_to_swap(text: str, expected: object) -> None:
    """R-HOUSE-2: the hint's `y7 swap with Bo` can be typed as it reads."""
    view = view_for(scenario(**SEVEN_O).state, 0)  # type: ignore[arg-type]
    intent = parse_command(text, view)
    answer = intent if isinstance(intent, Answer) else to_command(intent, view, ("You", "Bo", "Cy"))  # type: ignore[arg-type]
    assert answer == expected


def test_a_swap_as_a_hint_writes_it_is_typed_back_to_the_same_command() -> None:
    view = view_for(scenario(**SEVEN_O).state, 0)  # type: ignore[arg-type]
    names = ("You", "Bo", "Cy")
    command = PlayCard(seat=0, card=Card.Y7, swap_with=2, uno=False)
    assert command_text(command, names) == "y7 swap with Cy"
    assert to_command(parse_command(command_text(command, names), view), view, names) == command  # type: ignore[arg-type]


def test_a_save_name_and_a_rule_looked_up_are_kept_as_typed() -> None:
    from unotui.tui.commands import Rules, Save

    assert parse_command(": save Friday Night") == Save(name="Friday Night")
    assert parse_command("rules R-FOO-9") == Rules(topic="R-FOO-9")


async def test_a_rule_not_found_is_named_as_typed() -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, "rules R-FOO-9")
        assert "No rule mentions 'R-FOO-9'." in told(app)
        await typed(pilot, "rules R-UNO-4")
        assert "R-UNO-4" in told(app).splitlines()[-1]


async def test_an_answer_taller_than_the_log_is_shown_from_its_echo() -> None:
    # Shown from its end, the end of `help` looked like any other end of the log, and the
    # reader started at the bottom.
    session = position_session([["r3", "g7", "y1"], ["r4", "b3"]], discard=["r5"])
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        await typed(pilot, "help")
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        assert log.lines[int(log.scroll_y)].text.startswith("› help")
        await typed(pilot, "hand")  # a short answer: the log is at its end again
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


@pytest.mark.parametrize(("word", "told"), [
    ("play", "play CARD [COLOUR] [uno]: play a card: `r7`, `red seven`, `w+4 red`, `play it` or `play it green` "
             "(the card just drawn), `r7 swap with bo` (seven-o), `b+2` or `w+4 red` on a stack (stacking); add `uno` "
             "for UNO."),
    # The dialog offers "Stack (s)", and help said nothing of stacking.
    # Facing Draw Twos, `accept` is refused: `draw` takes them.
    ("stack", "There's no command 'stack'; `help play`, `help draw` or `help accept` tells of it."),
    ("color", "colour COLOUR: name the colour of a Wild start card: `colour red`, or just `red`."),
    ("swap", "There's no command 'swap'; `help play` tells of it."),
    ("dance", "There's no command 'dance'. Commands: play, draw, keep, uno, catch, challenge, accept, colour, look, "
              "hand, score, hint, log, save, rules, help, quit."),
])
async def test_help_on_a_command_an_alias_or_a_word(word: str, told: str) -> None:
    app, _ = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await typed(pilot, f"help {word}")
        assert app.screen.query_one(GameLog).lines_shown[-1] == told
