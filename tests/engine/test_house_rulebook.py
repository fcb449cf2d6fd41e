"""`unotui rules` shows every house option, on or off, with its rule ID."""

from __future__ import annotations

import pytest

from unotui.cli import main
from unotui.columns import join_continuations
from unotui.engine import RULE_OPTIONS, DeckEdition, RuleSet, StartWild
from unotui.rulebook import describe_rules


def test_rules_party_prints_every_house_option_with_its_state(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--preset", "party"]) == 0
    out = "\n".join(join_continuations(capsys.readouterr().out))  # a rule as one line, however it wraps
    for option in RULE_OPTIONS:
        if option.rule.startswith("R-HOUSE-"):
            state = "on " if option.name in ("stacking", "seven_o", "jump_in") else "off"
            assert f"{option.rule:<10} {state}  {option.label}: {option.summary}" in out
    assert "(or stacks: R-HOUSE-1)" in out


def test_rules_describe_the_2018_deck_and_its_custom_effect_when_on_and_name_them_when_off(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = describe_rules(RuleSet(deck=DeckEdition.EDITION_2018))
    assert "R-DECK-3   The 2018 deck" in text and "swap hands with any other player" in text
    # Off, the options are still named, so that `unotui rules 2018` finds them.
    for topic, told in (("R-DECK-3", "Not in play: the 2018 deck"), ("2018", "Not in play: the 2018 deck"),
                        ("R-SCORE-5", "Not in play: penalty scoring")):
        assert main(["rules", topic, "--preset", "party"]) == 0
        assert told in capsys.readouterr().out


def test_rules_name_the_target_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = "\n".join(join_continuations(capsys.readouterr().out))
    assert out.count("500") == 1 and "R-SCORE-4  Totals carry over; the match ends at 500 points." in out


def test_rules_number_a_fixed_dealer_as_the_setup_screen_does() -> None:
    # `dealer: 0` read "seat 0 deals" at a table set up with "seat 1 is yours" dealing.
    [line] = [line for line in join_continuations(describe_rules(RuleSet(dealer=0))) if "R-SETUP-1" in line]
    assert line == "  R-SETUP-1  Dealer: seat 1 deals the first hand; the deal then passes to the left each hand."


@pytest.mark.parametrize(("start_wild", "told"), [
    (StartWild.FIRST_PLAYER_CHOOSES, "Start card: Wild Draw Four goes back and another is turned; a Wild: the first "
                                     "player names the colour, then plays; Draw Two: the first player draws two"),
    (StartWild.REDRAW, "Start card: Wild Draw Four goes back and another is turned; a Wild: it goes back and a new "
                       "start card is turned; Draw Two: the first player draws two"),
    # No action card ever starts: their start effects are not told as if one could.
    (StartWild.REDRAW_UNTIL_NUMBER, "Start card: an action card or a wild goes back and another is turned, until a "
                                    "number card starts."),
])
def test_rules_tell_the_start_card_as_the_rules_in_force_deal_it(start_wild: StartWild, told: str) -> None:
    [line] = [line for line in join_continuations(describe_rules(RuleSet(start_wild=start_wild))) if "R-SETUP-4" in line]
    assert line.startswith(f"  R-SETUP-4  {told}")
    assert ("Draw Two" in line) is (start_wild is not StartWild.REDRAW_UNTIL_NUMBER)


def test_rules_looks_up_a_rule_id_or_a_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "R-UNO-4"]) == 0
    assert capsys.readouterr().out == "  R-UNO-4    Caught: draw 2.\n"
    # A rule is shown whole when any of its lines mentions the word, and only then.
    assert main(["rules", "challenged"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "  R-SCORE-1  The hand ends when a player plays their last card; a last Draw Two",
        "             or Wild Draw Four is still drawn by the next player, and can't be",
        "             challenged."]
    assert main(["rules", "stack", "--preset", "party"]) == 0
    assert "R-HOUSE-1  on " in capsys.readouterr().out


@pytest.mark.parametrize("preset_name", ["standard", "party"])
def test_rules_fit_80_columns_with_each_rule_under_its_own_text(capsys: pytest.CaptureFixture[str],
                                                                 preset_name: str) -> None:
    # Into a pipe the rules are wrapped to 80 columns; a long rule (R-SETUP-1, the house
    # rules) goes on under its text, not back under the rule IDs.
    assert main(["rules", "--preset", preset_name]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    setup = lines.index(next(line for line in lines if line.startswith("  R-SETUP-1 ")))
    assert lines[setup + 1].startswith(" " * 13) and lines[setup + 1][13] != " "
    assert all(line.startswith(("  R-", " " * 13)) for line in lines if line.startswith(" "))


def test_rules_says_in_one_line_when_nothing_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "zebra"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        "unotui rules: no preset or rule mentions 'zebra'. Try a rule ID like R-UNO-4, or a word like challenge, "
        "skip, score. Presets: standard, sheet-42001, beginner, party.\n")
    assert main(["rules", "--preset", "nonsense"]) == 2
    assert capsys.readouterr().err.startswith("unotui rules: unknown rule preset: 'nonsense'")


def test_rules_take_one_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "party", "--preset", "beginner"]) == 2
    assert capsys.readouterr().err == "unotui rules: two presets, party and --preset beginner: name one\n"
    assert main(["rules", "party", "--preset", "party"]) == 0
    assert capsys.readouterr().out.startswith("Rules in force: party\n")


@pytest.mark.parametrize("topic", ["", "  "])
def test_rules_with_a_blank_topic_prints_the_rules_as_with_none(topic: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A blank topic matched every rule: all of them, without the "Rules in force" heading.
    assert main(["rules"]) == 0
    whole = capsys.readouterr().out
    assert main(["rules", topic]) == 0
    assert capsys.readouterr().out == whole


def test_rules_names_a_preset_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    # `rules Party` looked up the word "party" in the standard rules and found nothing.
    for argv in (["rules", "Party"], ["rules", "--preset", "PARTY"], ["rules", "Party", "--preset", "party"]):
        assert main(argv) == 0
        assert capsys.readouterr().out.startswith("Rules in force: party\n")
