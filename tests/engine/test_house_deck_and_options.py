"""The 2018 deck (R-DECK-3) with its custom effects, and the rule options as data."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest
from support import reject, run, scenario, stacked_deal

from unotui.engine import (
    DECK,
    DECK_2018,
    PRESETS,
    RULE_OPTIONS,
    Card,
    CardsDrawn,
    Color,
    CustomEffect,
    DeckEdition,
    Decision,
    DirectionReversed,
    HandsShuffled,
    HandsSwapped,
    Match,
    PlayCard,
    RuleSet,
    Setup,
    SetupError,
    StartHand,
    TurnSkipped,
    deck_for,
    parse_card,
    preset,
)

EDITION_2018 = RuleSet(deck=DeckEdition.EDITION_2018)


def custom(effect: CustomEffect) -> RuleSet:
    return RuleSet(deck=DeckEdition.EDITION_2018, custom_effect=effect)


def test_R_DECK_3_the_2018_deck_adds_shuffle_hands_and_three_customizable() -> None:
    """Rule: R-DECK-3"""
    assert len(DECK) == 108 and len(DECK_2018) == 112
    assert Counter(DECK_2018) - Counter(DECK) == Counter({Card.WILD_CUSTOMIZABLE: 3, Card.WILD_SHUFFLE_HANDS: 1})
    assert deck_for(RuleSet()) is DECK and deck_for(EDITION_2018) is DECK_2018
    assert Card.WILD_SHUFFLE_HANDS.points == Card.WILD_CUSTOMIZABLE.points == 50
    assert parse_card("WSH") is Card.WILD_SHUFFLE_HANDS and parse_card(" Wc ") is Card.WILD_CUSTOMIZABLE


def test_R_DECK_3_a_match_deals_from_the_112_cards() -> None:
    """Rule: R-DECK-3"""
    match = Match(Setup(players=4, seed=3, rules=EDITION_2018))
    run(match, StartHand(seat=0))
    state = match.state
    assert Counter([*state.draw, *state.discard, *(c for hand in state.hands for c in hand)]) == Counter(DECK_2018)


def test_R_DECK_3_positions_and_stacked_decks_are_checked_against_the_rules_deck() -> None:
    """Rule: R-DECK-3. A 108-card position is not a 2018 one, and the other way round."""
    position = scenario(hands=[["r1"], ["b1"]]).state.position()
    with pytest.raises(SetupError, match="missing wsh wc wc wc"):
        Match(Setup(players=2, rules=EDITION_2018, position=position))
    with pytest.raises(SetupError, match="1 wsh more"):
        Match(Setup(players=2, deck=(Card.WILD_SHUFFLE_HANDS,)))


def test_R_DECK_3_shuffle_hands_deals_every_hand_again_from_the_next_player() -> None:
    """Rule: R-DECK-3. 2 + 4 + 5 cards left, dealt one at a time from seat 1: 4, 4, 3."""
    match = scenario(hands=[["wsh", "r1", "r2"], ["b1", "b2", "b3", "b4"], ["g1", "g2", "g3", "g4", "g5"]],
                     discard=["r5"], rules=EDITION_2018, uno=())
    before = Counter(c for hand in match.state.hands for c in hand) - Counter([Card.WILD_SHUFFLE_HANDS])
    events = run(match, PlayCard(seat=0, card=Card.WILD_SHUFFLE_HANDS, color=Color.BLUE))
    shuffled = next(e for e in events if isinstance(e, HandsShuffled))
    assert shuffled.sizes == (3, 4, 4) and [len(hand) for hand in match.state.hands] == [3, 4, 4]
    assert Counter(c for hand in match.state.hands for c in hand) == before
    assert match.state.color is Color.BLUE and match.state.turn == 1


def test_R_DECK_3_a_customizable_swaps_hands_by_default() -> None:
    """Rule: R-DECK-3"""
    match = scenario(hands=[["wc", "r1"], ["b1", "b2", "b3"], ["g1", "g2"]], discard=["r5"], rules=EDITION_2018)
    assert reject(match, PlayCard(seat=0, card=Card.WILD_CUSTOMIZABLE, color=Color.RED)).rule == "R-DECK-3"
    events = run(match, PlayCard(seat=0, card=Card.WILD_CUSTOMIZABLE, color=Color.RED, swap_with=2))
    assert HandsSwapped(seat=0, other=2) in events and match.state.hands[2] == [Card.R1]


@pytest.mark.parametrize(("effect", "turn"), [(CustomEffect.SKIP, 2), (CustomEffect.REVERSE, 2),
                                              (CustomEffect.DRAW_TWO, 2)])
def test_R_DECK_3_the_chosen_custom_effect_applies_to_every_customizable(effect: CustomEffect, turn: int) -> None:
    """Rule: R-DECK-3. Skip, reverse (at three players the turn goes back) and draw two."""
    match = scenario(hands=[["wc", "r1"], ["b1", "b2", "b3"], ["g1", "g2"]], discard=["r5"], rules=custom(effect))
    assert reject(match, PlayCard(seat=0, card=Card.WILD_CUSTOMIZABLE, color=Color.RED, swap_with=1)).rule == "R-HOUSE-2"
    events = run(match, PlayCard(seat=0, card=Card.WILD_CUSTOMIZABLE, color=Color.RED))
    assert match.state.turn == turn and match.state.color is Color.RED
    assert (TurnSkipped(seat=1) in events) == (effect is not CustomEffect.REVERSE)
    assert any(isinstance(e, DirectionReversed) for e in events) == (effect is CustomEffect.REVERSE)
    assert sum(e.count for e in events if isinstance(e, CardsDrawn)) == (2 if effect is CustomEffect.DRAW_TWO else 0)


def test_R_DECK_3_a_wild_shuffle_hands_start_card_acts_as_a_wild() -> None:
    """Rule: R-DECK-3, R-SETUP-4"""
    match = stacked_deal(2, 1, [["r1"], ["b1"]], "wsh", rules=EDITION_2018)
    assert match.state.decision is Decision.CHOOSE_COLOR and match.state.turn == 0


def test_R_DECK_3_off_the_new_wilds_are_not_in_the_deck() -> None:
    """Rule: R-DECK-1"""
    assert Card.WILD_SHUFFLE_HANDS not in DECK and Card.WILD_CUSTOMIZABLE not in DECK


def test_rule_options_describe_every_rule_set_field_once_default_first() -> None:
    """Every option has a rule ID, a one-line summary and its values, the default first."""
    assert [option.name for option in RULE_OPTIONS] == list(dict.fromkeys(o.name for o in RULE_OPTIONS))
    assert {option.name for option in RULE_OPTIONS} == set(RuleSet.__struct_fields__)
    default = RuleSet()
    for option in RULE_OPTIONS:
        assert option.values[0] == getattr(default, option.name), option.name
        assert option.rule.startswith("R-") and "\n" not in option.summary and option.summary.endswith(".")
        for value in option.values:
            msgspec.structs.replace(default, **{option.name: value})


def test_the_party_preset_is_stacking_seven_o_and_jump_in() -> None:
    """Rule: RULES.md, "Presets"."""
    party = preset("party")
    assert party == RuleSet(stacking=True, seven_o=True, jump_in=True) and "party" in PRESETS
    assert not RuleSet().has_house_rules and party.has_house_rules and EDITION_2018.has_house_rules


def test_house_options_default_off_and_old_rule_documents_still_decode() -> None:
    """A header written before the house rules existed decodes to the standard rules."""
    old = b'{"hand_size":7,"start_wild":"first_player_chooses","uno_penalty":2,"target":500,"scoring":"standard","dealer":"draw"}'
    assert msgspec.json.decode(old, type=RuleSet) == RuleSet()
