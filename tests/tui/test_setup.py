"""The new-game setup screen: every rule option, presets, seats, names, the remembered setup."""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec
import pytest
from textual.events import Key
from textual.widgets import Input, Label

from unotui.bots import DEFAULT_PERSONALITIES, find_opponent
from unotui.engine import PRESET_NOTES, PRESETS, RULE_OPTIONS, RuleOption, RuleSet
from unotui.record import PlayerInfo, PlayerKind, list_saves, load_game
from unotui.tui.app import UnoApp
from unotui.tui.launch import quick_session
from unotui.tui.screens.setup import (
    LAST_SETUP,
    LastSetup,
    SetupScreen,
    describe_choice,
    preset_summary,
    setup_of,
    stepped_values,
)
from unotui.tui.screens.summary import MatchSummary
from unotui.tui.screens.table import TableScreen
from unotui.tui.widgets.setup_choice import LABEL_WIDTH, ChoiceRow
from unotui.tui.widgets.setup_seat import BOT, HUMAN, SeatChoice, describe_personality

from tui_support import app_for, position_session

SIZE = (100, 40)


def setup_app(saves: Path) -> UnoApp:
    return UnoApp(saves, 0.0)


async def open_setup(pilot) -> SetupScreen:  # type: ignore[no-untyped-def]
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def step(pilot, screen: SetupScreen, selector: str, *keys: str) -> ChoiceRow:  # type: ignore[no-untyped-def]
    row = screen.query_one(selector, ChoiceRow)
    row.focus()
    await pilot.press(*keys)
    return row


async def start(pilot) -> TableScreen:  # type: ignore[no-untyped-def]
    """Press ctrl+g and return the table screen."""
    await pilot.press("ctrl+g")
    await pilot.pause()
    return opened_table(pilot)


def opened_table(pilot) -> TableScreen:  # type: ignore[no-untyped-def]
    """The table screen, wherever it is in the stack: a hot-seat table may be hidden behind
    the privacy screen, and in a randomly dealt game the bots may already have put a
    dialog over it (a Wild Draw Four to answer)."""
    tables = [screen for screen in pilot.app.screen_stack if isinstance(screen, TableScreen)]
    assert tables, f"the table did not open: {pilot.app.screen!r}"
    return tables[0]


def journal_header_rules(saves: Path) -> RuleSet:
    """The rules in the header of the one save on disk, read back from the file."""
    (save,) = list_saves(saves)
    table = load_game(Path(save.path), saves)
    try:
        return table.header.rules
    finally:
        table.close()


class TestRuleOptions:
    """Every option in RULE_OPTIONS is on the screen, changeable, and ends up in the match."""

    async def test_every_option_has_a_row_with_its_rule_and_summary(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            for option in RULE_OPTIONS:
                row = screen.query_one(f"#rule-{option.name}", ChoiceRow)
                assert (row.label, row.tag, row.summary) == (option.label, option.rule, option.summary)
                assert row.value == getattr(RuleSet(), option.name)

    async def test_each_option_changed_once_is_in_the_new_games_rules(self, saves: Path) -> None:
        def after_default(option: RuleOption) -> object:
            """The value → gives first: numbers step up from the default (7, 8), others go as listed."""
            values = stepped_values(option)
            return values[(values.index(getattr(RuleSet(), option.name)) + 1) % len(values)]

        expected = msgspec.structs.replace(RuleSet(), **{option.name: after_default(option) for option in RULE_OPTIONS})
        assert (expected.hand_size, expected.target) == (8, 1000)
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            for option in RULE_OPTIONS:
                await step(pilot, screen, f"#rule-{option.name}", "right")
            assert screen.query_one("#preset", ChoiceRow).has_class("-changed") is False
            table = await start(pilot)
            assert table.table.header.rules == expected
        assert journal_header_rules(saves) == expected

    async def test_typed_target_and_left_arrow(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#rule-target", "2", "5", "0")
            await step(pilot, screen, "#rule-hand_size", "left")
            table = await start(pilot)
            rules = table.table.header.rules
            assert (rules.target, rules.hand_size) == (250, 6)  # ← steps down from 7

    @pytest.mark.parametrize(("selector", "typed", "key", "expected"),
                             [("#rule-target", "250", "right", 300), ("#rule-target", "250", "left", 200),
                              ("#rule-target", "750", "right", 1000), ("#rule-target", "750", "left", 500),
                              ("#players", "1", "right", 2), ("#players", "1", "left", 10)])
    async def test_arrows_step_from_the_number_typed(self, saves: Path, selector: str, typed: str, key: str,
                                                     expected: int) -> None:
        # They stepped from the choice shown before the digits: 250 then → gave 200, 750
        # then ← gave 100, and an invalid 1 player then → gave 5 (from the hidden 4).
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            row = await step(pilot, screen, selector, *typed, key)
            assert row.value == expected and row._text() == str(expected)

    async def test_a_typed_target_shows_the_value_the_summary_names(self, saves: Path) -> None:
        # A leading 0 was shown (`◂ 0 ▸`, then `◂ 00000 ▸`) while the summary said "to 500";
        # a digit past 1000000 started a new number ("0") while 250000 stayed in force.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            row = screen.query_one("#rule-target", ChoiceRow)
            row.focus()
            summary = screen.query_one("#setup-summary", Label)
            for key in "02500000":
                await pilot.press(key)
                await pilot.pause()
                target = row.value
                assert row._text() == str(target)
                assert str(summary.render()).endswith(f" {target}"), (key, str(summary.render()))
                assert not row.has_class("-invalid")
            assert row.value == 250000
            table = await start(pilot)
            assert table.table.header.rules.target == 250000

    async def test_digits_that_make_no_number_in_range_are_not_taken(self, saves: Path) -> None:
        # 3 then 5 for the number of players gave 5 (the digit started a new number).
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            players = await step(pilot, screen, "#players", "3", "5")
            assert (players._text(), players.value) == ("3", 3)
            hand = await step(pilot, screen, "#rule-hand_size", "0", "1", "0", "5")
            assert (hand._text(), hand.value) == ("10", 10)

    async def test_erasing_every_typed_digit_gives_back_the_value_before(self, saves: Path) -> None:
        # The row showed "…" (no number) while the target typed last stayed in force.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            row = await step(pilot, screen, "#rule-target", "2", "5", "backspace", "backspace")
            await pilot.pause()
            assert (row._text(), row.value, row.problem) == ("500", 500, None)
            assert str(screen.query_one("#setup-summary", Label).render()).endswith("to 500")

    async def test_the_summary_names_digits_on_their_way_to_a_number(self, saves: Path) -> None:
        # "1" on its way to 10 players was on show while the summary said "4 players".
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#players", "1")
            await pilot.pause()
            summary = screen.query_one("#setup-summary", Label)
            assert str(summary.render()) == "Number of players: 1 is not a whole number from 2 to 10"
            await pilot.press("0")
            await pilot.pause()
            assert str(summary.render()).startswith("10 players")

    async def test_the_seed_takes_no_leading_zero_sign_or_digits_past_its_range(self, saves: Path) -> None:
        # The seed took "-", "007" and any number of digits, refused only at ctrl+g.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            seed = screen.query_one("#seed", Input)
            seed.focus()
            await pilot.press("-", "0", "0", "7")
            assert seed.value == "0"
            await pilot.press("backspace", *"9" * 25)
            assert seed.value == "9" * 19  # 2**64-1 has 20 digits, 18446744073709551615

    async def test_the_first_dealer_is_a_seat_named_as_the_screen_numbers_seats(self, saves: Path) -> None:
        # The value beside "draw" was a bare 0, the engine's first seat.
        async with setup_app(saves).run_test(size=SIZE, notifications=True) as pilot:
            screen = await open_setup(pilot)
            row = await step(pilot, screen, "#rule-dealer", "right")
            assert (row.value, row._text()) == (0, "seat 1")
            assert screen.query_one("#preset", ChoiceRow)._text() == "standard + first dealer seat 1"
            shown = []
            for _ in range(4):
                await pilot.press("right")
                shown.append(row._text())
            assert shown == ["seat 2", "seat 3", "seat 4", "draw"]  # the seats at a table of 4
            await pilot.press("left", "3")  # no digits: seat 4 stays
            assert (row.value, row._text()) == (3, "seat 4")
            await step(pilot, screen, "#players", "3")
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert pilot.app.screen is screen
            assert [note.message for note in pilot.app._notifications] == ["First dealer: seat 4 is not at a table of 3"]
            await step(pilot, screen, "#rule-dealer", "left")  # the seat below: the last at the table
            assert row._text() == "seat 3"
            table = await start(pilot)
            assert table.table.header.rules.dealer == 2

    async def test_a_first_dealer_the_table_no_longer_has_is_flagged_at_once(self, saves: Path) -> None:
        # Seat 6, chosen at a table of 10, stayed on show unmarked at a table of 4, and the
        # line under the form said nothing of it: only ctrl+g refused it.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#players", "1", "0")
            row = await step(pilot, screen, "#rule-dealer", *["right"] * 6)
            assert row._text() == "seat 6" and not row.has_class("-invalid")
            await step(pilot, screen, "#players", "backspace", "backspace", "4")
            await pilot.pause()
            summary = screen.query_one("#setup-summary", Label)
            assert row._text() == "seat 6" and row.has_class("-invalid")
            assert str(summary.render()) == "First dealer: seat 6 is not at a table of 4"
            await step(pilot, screen, "#players", "backspace", "6")  # the seat is back at the table
            await pilot.pause()
            assert not row.has_class("-invalid") and str(summary.render()).startswith("6 players")

    async def test_the_first_seat_as_dealer_is_not_called_you_at_a_hot_seat_table(self, saves: Path) -> None:
        # It read "seat 1 (you)" where the setup names that seat "Player 1".
        saves.mkdir(parents=True)
        (saves / LAST_SETUP).write_bytes(msgspec.json.encode(LastSetup(others=[SeatChoice(kind=HUMAN)])))
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await pilot.pause()
            assert screen.query_one("#name", Input).placeholder == "Player 1"
            row = await step(pilot, screen, "#rule-dealer", "right")
            assert row._text() == "seat 1"

    async def test_a_number_out_of_bounds_is_refused_with_the_setting_named(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            row = await step(pilot, screen, "#players", "1")
            assert row.problem == "Number of players: 1 is not a whole number from 2 to 10"
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert pilot.app.screen is screen
            await pilot.press("backspace", "3")
            await pilot.pause()
            assert row.problem is None and row.value == 3
            table = await start(pilot)
            assert len(table.table.header.players) == 3

    async def test_the_uno_penalty_is_2_or_4_and_takes_no_typed_number(self, saves: Path) -> None:
        # Digits typed there made a penalty of 3 (anything from 0 to 10), which the rules don't have.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            row = await step(pilot, screen, "#rule-uno_penalty", "3")
            assert row.value == 2 and row.problem is None
            await pilot.press("right")
            assert row.value == 4

    async def test_mouse_clicks_step_a_value_both_ways(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            row = screen.query_one("#rule-stacking", ChoiceRow)
            row.scroll_visible(animate=False)
            await pilot.pause()
            await pilot.click(row, offset=(1 + LABEL_WIDTH + 2, 0))
            assert row.value is True and row.has_focus
            await pilot.click(row, offset=(1 + LABEL_WIDTH, 0))
            assert row.value is False
            await pilot.click(row, offset=(1 + LABEL_WIDTH + 2, 0))
            await pilot.click("#start")
            await pilot.pause()
            assert opened_table(pilot).table.header.rules == RuleSet(stacking=True)

    async def test_down_arrow_moves_through_every_setting(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            chain = [widget.id for widget in screen.focus_chain]
            wanted = [f"rule-{option.name}" for option in RULE_OPTIONS] + ["name", "players", "preset", "seed", "start"]
            assert set(wanted) <= set(chain)
            await pilot.press("down", "down")
            assert pilot.app.focused is screen.query_one("#seat-1 .seat-kind")
            await pilot.press("up")
            assert pilot.app.focused is screen.query_one("#players")
            # Start and Back are below the form: the arrows go on from them too.
            screen.query_one("#start").focus()
            await pilot.press("up")
            assert pilot.app.focused is not None and pilot.app.focused.id != "start"
            await pilot.press("down", "down")
            assert pilot.app.focused is screen.query_one("#back")


class TestPresets:
    """A preset sets every option; a change afterwards is named against it."""

    async def test_party_then_stacking_off(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            preset = await step(pilot, screen, "#preset", "right", "right", "right")
            assert preset.value == "party"
            for option in RULE_OPTIONS:
                assert screen.query_one(f"#rule-{option.name}", ChoiceRow).value == getattr(PRESETS["party"], option.name)
            stacking = await step(pilot, screen, "#rule-stacking", "right")
            assert stacking.has_class("-changed")
            assert preset._text() == "party + stacking off"
            # The line under the row said only what party is, as if nothing were changed.
            assert preset.summary == "1 rule changed from party, marked below; ←→ picks a preset again."
            await step(pilot, screen, "#rule-stacking", "left")
            assert preset.summary.startswith(PRESET_NOTES["party"]) and "rules you change are marked" in preset.summary
            await step(pilot, screen, "#rule-stacking", "right")
            table = await start(pilot)
            assert table.table.header.rules == msgspec.structs.replace(PRESETS["party"], stacking=False)

    @pytest.mark.parametrize(("size", "summary"), [
        ((80, 24), "4 players · standard + 3 changes · to 500"),
        ((120, 40), "4 players · standard + hand size 8, wild start card redraw, UNO penalty 4 · to 500"),
    ])
    async def test_several_changes_are_shown_whole(self, saves: Path, size: tuple[int, int], summary: str) -> None:
        # The line beside Start lost "· to 500" off its end, the preset row's value wrapped
        # over the line under it, and only a colour said which rules were changed.
        async with setup_app(saves).run_test(size=size) as pilot:
            screen = await open_setup(pilot)
            for selector in ("#rule-hand_size", "#rule-start_wild", "#rule-uno_penalty"):
                await step(pilot, screen, selector, "right")
            await pilot.pause()
            assert str(screen.query_one("#setup-summary", Label).render()) == summary
            preset = screen.query_one("#preset", ChoiceRow)
            shown = [line.strip() for line in str(preset.render()).splitlines()]
            value_lines = next(index for index, line in enumerate(shown) if line.endswith("▸")) + 1
            assert value_lines > 1 and preset.size.height == len(shown)
            assert " ".join(shown[:value_lines]).endswith("UNO penalty 4 ▸")
            assert " ".join(shown[value_lines:]) == "3 rules changed from standard, marked below; ←→ picks a preset again."
            for option in RULE_OPTIONS:
                row = screen.query_one(f"#rule-{option.name}", ChoiceRow)
                first = str(row.render()).splitlines()[0]
                assert ("▸  changed " in first) is (option.name in ("hand_size", "start_wild", "uno_penalty"))

    async def test_rules_that_make_up_another_preset_put_it_in_force(self, saves: Path) -> None:
        # "◂ beginner ▸" over "1 rule changed from standard", the Wild start card marked changed.
        async with setup_app(saves).run_test(size=(120, 40)) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#rule-start_wild", "right", "right")  # redraw until a number
            await pilot.pause()
            preset = screen.query_one("#preset", ChoiceRow)
            assert (preset.value, preset._text(), preset.summary) == ("beginner", "beginner", preset_summary("beginner"))
            assert not screen.query(".-changed")
            await step(pilot, screen, "#rule-uno_penalty", "right")
            assert preset._text() == "beginner + UNO penalty 4"

    @pytest.mark.parametrize("width", [100, 110, 115, 120])
    async def test_a_changed_rule_keeps_its_whole_description(self, saves: Path, width: int) -> None:
        # At 110 to 119 columns "changed" ran past the row's width onto a line of its own,
        # and the description's last line was lost.
        async with setup_app(saves).run_test(size=(width, 40)) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#preset", "right")  # sheet-42001: redraw
            row = await step(pilot, screen, "#rule-start_wild", "right")  # redraw until number
            await pilot.pause()
            assert row.has_class("-changed")
            shown = str(row.render()).splitlines()
            assert len(shown) == row.size.height and all(len(line) <= row.content_size.width for line in shown)
            closed = next(index for index, line in enumerate(shown) if "▸" in line)  # the value may wrap
            assert "▸  changed" in shown[closed] and " ".join(line.strip() for line in shown[closed + 1:]) == row.summary

    async def test_every_preset_is_reachable(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            for name in list(PRESETS)[1:] + [next(iter(PRESETS))]:
                await step(pilot, screen, "#preset", "right")
                assert screen._current_rules() == PRESETS[name]

    def test_described_choices(self) -> None:
        assert describe_choice(RuleSet(), "party") == "standard"
        many = RuleSet(stacking=True, force_play=True, no_bluff=True, multi_play=True)
        assert describe_choice(many, "standard") == "custom"
        assert describe_choice(RuleSet(target=300), "standard") == "standard + target 300"


class TestSeats:
    """Names and seat kinds end up in the header's players; the setup is remembered."""

    def test_manners_say_what_a_bluff_figure_means_at_each_level(self) -> None:
        # A strong bot's own manners said "bluffs 100%": it weighs a bluff every turn and
        # makes it only when its search says it pays.
        strong = describe_personality(DEFAULT_PERSONALITIES["strong"], "strong")
        assert strong.endswith(" · weighs a bluff every turn, makes it when it pays") and "100%" not in strong.split("·")[-1]
        max_ = find_opponent("Max").personality
        assert describe_personality(max_, "strong").endswith(" · weighs a bluff on 35% of turns, makes it when it pays")
        assert describe_personality(max_, "basic").endswith(" · bluffs 35% of the times the next player is about to go out")
        assert describe_personality(max_, "random").endswith(" · bluffs at random")
        assert describe_personality(max_, "random").startswith("says UNO at random · ")
        assert describe_personality(DEFAULT_PERSONALITIES["basic"], "basic").endswith(" · never bluffs")

    async def choose_seats(self, pilot, screen: SetupScreen) -> None:  # type: ignore[no-untyped-def]
        name = screen.query_one("#name", Input)
        name.value = ""
        name.focus()
        await pilot.press(*"Ann")
        await step(pilot, screen, "#players", "5")
        await step(pilot, screen, "#seat-1 .seat-kind", "left", "left")  # Dotty -> Pip -> human
        seat_name = screen.query_one("#seat-1 .seat-name-input", Input)
        seat_name.focus()
        await pilot.press(*"Bea")
        await step(pilot, screen, "#seat-2 .seat-kind", "right", "right", "right", "right", "right")  # Gran -> bot by level
        await step(pilot, screen, "#seat-2 .seat-level", "right")  # basic -> strong
        await step(pilot, screen, "#seat-2 .seat-manners", "right", "right")  # its own -> Pip -> Dotty
        await step(pilot, screen, "#seat-3 .seat-kind", "right")  # Rex -> Vera
        await step(pilot, screen, "#seat-4 .seat-kind", "left", "left", "left", "left", "left")  # Vera -> human, unnamed

    async def test_a_name_takes_as_many_characters_as_a_file_holds(self, saves: Path) -> None:
        # The setup cut names at 24 characters without a word, where `--name` takes 40.
        from unotui.record.format import MAX_NAME

        name = "Bartholomew-Fitzgerald Montgomery-Smythe"
        assert len(name) == MAX_NAME
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            screen.query_one("#name", Input).focus()
            await pilot.press("ctrl+a", "ctrl+k", *(("space" if c == " " else c) for c in name + "xyz"))
            assert screen.query_one("#name", Input).value == name

    async def test_a_name_past_the_limit_is_refused_and_said_so_once(self, saves: Path) -> None:
        # The characters past 40 were dropped with nothing on the screen to say so.
        from unotui.record.format import MAX_NAME

        name = "Bartholomew-Maximilian-Fitzgerald-the-Third-of-Somewhere-Very-Far-Away-Indeed"
        async with setup_app(saves).run_test(size=SIZE, notifications=True) as pilot:
            screen = await open_setup(pilot)
            screen.query_one("#name", Input).focus()
            await pilot.press("ctrl+a", "ctrl+k", *name)
            assert screen.query_one("#name", Input).value == name[:MAX_NAME]
            assert [note.message for note in pilot.app._notifications] == [
                f"A name has at most {MAX_NAME} characters: the rest was not taken."]

    async def test_a_remembered_long_name_shows_its_start(self, saves: Path) -> None:
        # The field opened on the end of the name: "-Maximilian-Fitzgerald-the-Th".
        long = "Bartholomew-Maximilian-Fitzgerald-the-Th"
        saves.mkdir(parents=True)
        remembered = LastSetup(name=long, others=[SeatChoice(kind=HUMAN, name=long[::-1])])
        (saves / LAST_SETUP).write_bytes(msgspec.json.encode(remembered))
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await pilot.pause()
            name = screen.query_one("#name", Input)
            assert name.has_focus and name.selected_text == long
            assert (name.cursor_position, name.scroll_offset.x) == (0, 0)
            seat_name = screen.query_one("#seat-1 .seat-name-input", Input)
            seat_name.focus()
            await pilot.pause()
            assert (seat_name.cursor_position, seat_name.scroll_offset.x) == (0, 0)

    async def test_names_and_kinds_reach_the_header_and_come_back_next_time(self, saves: Path) -> None:
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await self.choose_seats(pilot, screen)
            await step(pilot, screen, "#preset", "right", "right", "right")
            await step(pilot, screen, "#rule-seven_o", "right")
            screen.query_one("#seed", Input).value = "42"
            table = await start(pilot)
            players = [msgspec.structs.replace(info, seed=None) for info in table.table.header.players]
        assert players == [
            PlayerInfo(name="Ann", kind=PlayerKind.HUMAN),
            PlayerInfo(name="Bea", kind=PlayerKind.HUMAN),
            PlayerInfo(name="Strong", kind=PlayerKind.BOT, level="strong", personality="Dotty"),
            PlayerInfo(name="Vera", kind=PlayerKind.BOT, level="strong", personality="Vera"),
            PlayerInfo(name="Player 5", kind=PlayerKind.HUMAN),
        ]
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            setup = screen.read_setup()
            assert setup.name == "Ann" and setup.seed == 42 and setup.preset == "party"
            assert setup.rules == msgspec.structs.replace(PRESETS["party"], seven_o=False)
            assert [(seat.kind, seat.name, seat.level, seat.personality) for seat in setup.other_seats()] == [
                ("human", "Bea", "basic", None), ("bot", "", "strong", "Dotty"), ("Vera", "", "basic", None),
                ("human", "", "basic", None),
            ]
            assert screen.query_one("#preset", ChoiceRow)._text() == "party + seven-o off"

    async def test_the_default_name_at_a_hot_seat_table_is_player_1(self, saves: Path) -> None:
        # "You" would name someone else once the keyboard passes: "You plays r3".
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            name = screen.query_one("#name", Input)
            name.value = "You"
            await step(pilot, screen, "#players", "2")
            await step(pilot, screen, "#seat-1 .seat-kind", "left", "left")  # Dotty -> Pip -> human
            # The screen shows the name the table will use: "You" gives way to "Player 1".
            assert (name.value, name.placeholder) == ("", "Player 1")
            table = await start(pilot)
            assert table.names == ("Player 1", "Player 2")

    async def test_two_humans_of_one_name_are_refused_naming_both_seats(self, saves: Path) -> None:
        # Seat 3 typed "Player 2", Seat 2's default: the typed name became "Player 2 2", and
        # the pass screen said "Pass the keyboard to Player 2." for either.
        async with setup_app(saves).run_test(size=SIZE, notifications=True) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#players", "3")
            await step(pilot, screen, "#seat-1 .seat-kind", "left", "left")  # Dotty -> Pip -> human
            await step(pilot, screen, "#seat-2 .seat-kind", "left", "left", "left")  # Gran -> Dotty -> Pip -> human
            screen.query_one("#seat-2 .seat-name-input", Input).value = "player 2"
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert pilot.app.screen is screen
            assert [note.message for note in pilot.app._notifications] == [
                "Names: Seat 2 and Seat 3 are Player 2 and player 2, the same name; give one of them another name"]
            screen.query_one("#name", Input).value = "Bea"
            screen.query_one("#seat-2 .seat-name-input", Input).value = "bea"
            screen.action_start()
            await pilot.pause()
            assert pilot.app.screen is screen
            assert [note.message for note in pilot.app._notifications][-1] == (
                "Names: Seat 1 (yours) and Seat 3 are Bea and bea, the same name; give one of them another name")
            screen.query_one("#seat-2 .seat-name-input", Input).value = "Bea"
            screen.action_start()
            await pilot.pause()
            assert [note.message for note in pilot.app._notifications][-1] == (
                "Names: Seat 1 (yours) and Seat 3 are both Bea; give one of them another name")

    async def test_a_bot_gives_its_name_way_to_a_human_of_that_name(self, saves: Path) -> None:
        # The human typed in after the bot was the one numbered: "Dotty 2".
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            await step(pilot, screen, "#players", "3")
            await step(pilot, screen, "#seat-2 .seat-kind", "left", "left", "left")  # Gran -> Dotty -> Pip -> human
            screen.query_one("#seat-2 .seat-name-input", Input).value = "Dotty"
            table = await start(pilot)
            assert table.names == ("Player 1", "Dotty 2", "Dotty")

    async def test_players_changed_faster_than_the_screen_answers_keep_every_seat(self, saves: Path) -> None:
        # 4, 3, 2, then round to 10 in one burst of keys: the first change is answered once
        # the count is already 10, whose seats are not made yet.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            screen.query_one("#players", ChoiceRow).focus()
            for _ in range(3):
                pilot.app.post_message(Key("left", None))  # as a terminal delivers a burst of keys
            await pilot.pause()
            await pilot.pause()
            assert pilot.app.screen is screen
            assert len(screen.read_setup().other_seats()) == 9
            assert str(screen.query_one("#setup-summary", Label).render()).startswith("10 players")

    async def test_start_before_a_new_number_of_players_is_answered_seats_them_all(self, saves: Path) -> None:
        # ctrl+g can be answered before the change a key just made to the number of players:
        # the seats that number needs are not there yet.
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            screen.query_one("#players", ChoiceRow).set_value(7)
            screen.action_start()
            await pilot.pause()
            assert len(opened_table(pilot).names) == 7

    @pytest.mark.parametrize("seed", ["-5", str(2**64)])
    async def test_a_seed_out_of_range_is_refused_and_the_setup_stays(self, saves: Path, seed: str) -> None:
        async with setup_app(saves).run_test(size=SIZE, notifications=True) as pilot:
            screen = await open_setup(pilot)
            screen.query_one("#seed", Input).value = seed
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert pilot.app.screen is screen
            assert [note.message for note in pilot.app._notifications] == ["Seed: use a whole number from 0 to 2**64-1"]

    async def test_a_name_that_would_act_on_the_terminal_is_refused_and_the_setup_stays(self, saves: Path) -> None:
        # A pasted escape code or bidi override went into the file, and `verify` and `log`
        # printed it raw.
        async with setup_app(saves).run_test(size=SIZE, notifications=True) as pilot:
            screen = await open_setup(pilot)
            screen.query_one("#name", Input).value = "Ann\x1b[31m"
            await pilot.press("ctrl+g")
            await pilot.pause()
            screen.query_one("#name", Input).value = "Ann"
            await step(pilot, screen, "#seat-1 .seat-kind", "left", "left")  # Dotty -> Pip -> human
            screen.query_one("#seat-1 .seat-name-input", Input).value = "\u202eoB"
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert pilot.app.screen is screen
            assert [note.message for note in pilot.app._notifications] == [
                "Your name: can't hold U+001B (a control character)",
                "Seat 2 name: can't hold U+202E (a format character)",
            ]
            assert not list_saves(saves)

    async def test_an_unreadable_remembered_setup_gives_the_default_one(self, saves: Path) -> None:
        saves.mkdir(parents=True)
        (saves / LAST_SETUP).write_bytes(b"{not json")
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            assert screen.read_setup().other_seats() == LastSetup().other_seats()

    async def test_a_setup_saved_by_an_older_build_still_loads(self, saves: Path) -> None:
        saves.mkdir(parents=True)
        old = {"name": "Ann", "seats": ["human", "strong", "Gran"], "preset": "beginner",
               "rules": {"target": 300, "start_wild": "redraw_until_number"}, "seed": 5}
        (saves / LAST_SETUP).write_bytes(msgspec.json.encode(old))
        async with setup_app(saves).run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            setup = screen.read_setup()
            assert [seat.spec for seat in setup.other_seats()] == ["human", "strong", "Gran"]
            assert setup.rules.target == 300 and setup.seed == 5
            table = await start(pilot)
            kinds = [(info.kind, info.level) for info in table.table.header.players]
            assert kinds == [(PlayerKind.HUMAN, None), (PlayerKind.HUMAN, None), (PlayerKind.BOT, "strong"),
                             (PlayerKind.BOT, "basic")]


class TestNewMatch:
    """New match on the match summary sets up the match just played again, with a new deal."""

    async def test_new_match_offers_the_match_played_not_the_setup_remembered(self, saves: Path) -> None:
        # It opened the setup remembered from an earlier New game: other names, hot-seat
        # seats, seed 7.
        saves.mkdir(parents=True)
        earlier = LastSetup(name="Ann", others=[SeatChoice(kind=HUMAN, name="Bea")], seed=7)
        (saves / LAST_SETUP).write_bytes(msgspec.json.encode(earlier))
        rules = RuleSet(target=1, stacking=True)
        session = position_session([["r3"], ["b2", "b3", "w+4"], ["g1", "g2"]], names=("Cy", "Bo", "Di"), uno=(0,),
                                   rules=rules, save_dir=saves)
        async with app_for(session).run_test(size=SIZE) as pilot:
            await pilot.press("1", "enter")
            await pilot.pause()
            assert isinstance(pilot.app.screen, MatchSummary)
            await pilot.press("n")
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, SetupScreen)
            setup = screen.read_setup()
        assert (setup.name, setup.rules, setup.seed) == ("Cy", rules, None)
        assert setup.other_seats() == [SeatChoice(kind=BOT, name="Bo"), SeatChoice(kind=BOT, name="Di")]

    def test_a_match_from_the_command_line_is_set_up_as_its_options_said(self) -> None:
        args = argparse.Namespace(seed=3, rules="party", target=100, name=None, bots=None, players=None)
        session = quick_session(args, None)
        assert session is not None
        header = session.table.header
        setup = setup_of(header.players, header.rules)
        assert (setup.name, setup.preset, setup.seed) == ("You", "party", None)
        assert setup.rules == msgspec.structs.replace(PRESETS["party"], target=100)
        assert setup.other_seats() == [SeatChoice(kind="Dotty"), SeatChoice(kind="Gran"), SeatChoice(kind="Rex")]

    def test_default_names_stay_defaults_and_typed_ones_are_kept(self) -> None:
        players = [
            PlayerInfo(name="Player 1", kind=PlayerKind.HUMAN),
            PlayerInfo(name="Player 2", kind=PlayerKind.HUMAN),
            PlayerInfo(name="Bea", kind=PlayerKind.HUMAN),
            PlayerInfo(name="Dotty", kind=PlayerKind.BOT, level="basic", personality="Dotty"),
            PlayerInfo(name="Dotty 2", kind=PlayerKind.BOT, level="basic", personality="Dotty"),
            PlayerInfo(name="Strong", kind=PlayerKind.BOT, level="strong", personality="Dotty"),
            PlayerInfo(name="Strong 2", kind=PlayerKind.BOT, level="strong"),
            PlayerInfo(name="Hal", kind=PlayerKind.BOT, level="habits", personality="cautious"),
        ]
        setup = setup_of(players, PRESETS["beginner"])
        assert (setup.name, setup.preset) == ("You", "beginner")
        assert setup.other_seats() == [
            SeatChoice(kind=HUMAN), SeatChoice(kind=HUMAN, name="Bea"), SeatChoice(kind="Dotty"), SeatChoice(kind="Dotty"),
            SeatChoice(kind=BOT, level="strong", personality="Dotty"), SeatChoice(kind=BOT, level="strong"),
            SeatChoice(kind=BOT, name="Hal", level="basic"),
        ]
