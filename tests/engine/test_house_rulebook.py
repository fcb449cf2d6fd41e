"""`unotui rules` shows every house option, on or off, with its rule ID."""

from __future__ import annotations

import pytest

from unotui.cli import main
from unotui.engine import RULE_OPTIONS, DeckEdition, RuleSet
from unotui.rulebook import describe_rules


def test_rules_party_prints_every_house_option_with_its_state(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--preset", "party"]) == 0
    out = capsys.readouterr().out
    for option in RULE_OPTIONS:
        if option.rule.startswith("R-HOUSE-"):
            state = "on " if option.name in ("stacking", "seven_o", "jump_in") else "off"
            assert f"{option.rule:<10} {state}  {option.label}: {option.summary}" in out
    assert "(or stacks: R-HOUSE-1)" in out


def test_rules_describe_the_2018_deck_and_its_custom_effect_only_when_on() -> None:
    assert "R-DECK-3" not in describe_rules(RuleSet())
    text = describe_rules(RuleSet(deck=DeckEdition.EDITION_2018))
    assert "R-DECK-3" in text and "swap hands with any other player" in text
