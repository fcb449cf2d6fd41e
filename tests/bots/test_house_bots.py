"""Bots under house rules: every level gives only legal commands under every option,
and `basic` uses stacking and seven-o to its advantage."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from unotui.bots import LEVELS, make_bot
from unotui.engine import (
    Accepted,
    Card,
    Decision,
    DeckEdition,
    CustomEffect,
    DrawCard,
    GameState,
    Phase,
    PlayCard,
    Rng,
    RuleSet,
    Setup,
    StartHand,
    apply,
    decide,
    initial_state,
    legal_commands,
    view_for,
)

HOUSE = ("stacking", "seven_o", "jump_in", "draw_to_match", "force_play", "multi_play",
         "play_after_penalty", "no_bluff", "no_action_finish")
RULES = [
    *(RuleSet(**{name: True}) for name in HOUSE),  # type: ignore[arg-type]
    *(RuleSet(deck=DeckEdition.EDITION_2018, custom_effect=effect) for effect in CustomEffect),
    RuleSet(**{name: True for name in HOUSE}, deck=DeckEdition.EDITION_2018, uno_penalty=4),  # type: ignore[arg-type]
    RuleSet(stacking=True, seven_o=True, jump_in=True),
]
"""Each house option alone, the 2018 deck with each custom effect, all at once, and party."""
IDS = [*HOUSE, *(f"2018-{effect.value}" for effect in CustomEffect), "everything", "party"]
POSITIONS = {"random": 150, "basic": 150, "strong": 25}


def step(state: GameState, command: object) -> None:
    verdict = decide(state, command)  # type: ignore[arg-type]
    assert isinstance(verdict, Accepted), verdict
    for event in verdict.events:
        apply(state, event)


def house_positions(rules: RuleSet, seed: int, count: int, players: int = 4) -> Iterator[GameState]:
    """`count` turn decisions from seeded random play under `rules`, jump-ins included."""
    rng = Rng(seed)
    made = 0
    while made < count:
        state = initial_state(Setup(players=players, seed=rng.randbelow(1 << 62), rules=rules))
        step(state, StartHand(seat=0))
        while state.phase is Phase.PLAYING and made < count:
            yield state
            made += 1
            seat = state.turn if rng.random() < 0.9 else rng.randbelow(players)
            legal = legal_commands(state, seat) or legal_commands(state, state.turn)
            step(state, legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_every_choice_under_house_rules_is_legal(level: str, rules: RuleSet) -> None:
    for index, state in enumerate(house_positions(rules, seed=LEVELS.index(level) + 7, count=POSITIONS[level])):
        seat = state.turn
        bot = make_bot(level, seed=index, seat=seat, players=state.players, playouts=4)
        legal = legal_commands(state, seat)
        command = bot.choose(view_for(state, seat), legal, bot.rng)
        assert command in legal, (level, command, legal)
        for other in range(state.players):
            reaction = make_bot(level, seed=index, seat=other, players=state.players).react(
                view_for(state, other), bot.rng)
            if reaction is not None:
                assert isinstance(decide(state, reaction.command), Accepted), reaction


def decision_of(level: str, state: GameState) -> object:
    bot = make_bot(level, seed=1, seat=state.turn, players=state.players)
    legal = legal_commands(state, state.turn)
    return bot.choose(view_for(state, state.turn), legal, bot.rng)


def scenario_state(hands: list[list[str]], top: str, rules: RuleSet, **fields: object) -> GameState:
    from support import scenario

    return scenario(hands=hands, discard=[top], rules=rules, **fields).state


def test_basic_stacks_a_draw_two_rather_than_drawing_the_total() -> None:
    """Rule: R-HOUSE-1. Passing the stack on costs nothing; drawing costs the total."""
    rules = RuleSet(stacking=True)
    state = scenario_state([["b1", "b2", "b3"], ["g+2", "g4", "y5"], ["y1", "y2"]], "r+2", rules,
                           turn=1, decision=Decision.STACK, pending=2)
    assert decision_of("basic", state) == PlayCard(seat=1, card=Card.G_DRAW_TWO)


def test_basic_stacks_a_wild_draw_four_on_a_stack_instead_of_accepting() -> None:
    """Rule: R-HOUSE-1."""
    rules = RuleSet(stacking=True)
    state = scenario_state([["b1", "b2", "b3"], ["w+4", "g4", "y5"], ["y1", "y2"]], "w+4", rules,
                           color="red", turn=1, decision=Decision.CHALLENGE, pending=4, bluff=False)
    command = decision_of("basic", state)
    assert isinstance(command, PlayCard) and command.card is Card.WILD_DRAW_FOUR


def test_basic_swaps_its_big_hand_for_the_smallest_one() -> None:
    """Rule: R-HOUSE-2. A 7 takes the hand closest to going out."""
    rules = RuleSet(seven_o=True)
    state = scenario_state([["r7", "b1", "b2", "b3", "g4", "g5"], ["y1", "y2", "y3"], ["g1", "g2"], ["b5", "b6", "b7", "b8"]],
                           "r5", rules)
    assert decision_of("basic", state) == PlayCard(seat=0, card=Card.R7, swap_with=2)


def test_basic_plays_a_seven_to_steal_a_nearly_finished_hand() -> None:
    """Rule: R-HOUSE-2. With an opponent on one card, the 7 beats every other play."""
    rules = RuleSet(seven_o=True)
    state = scenario_state([["r7", "r1", "r2", "r3"], ["y1", "y2", "y3"], ["g1"], ["b5", "b6"]], "r5", rules,
                           uno=(2,))
    assert decision_of("basic", state) == PlayCard(seat=0, card=Card.R7, swap_with=2)


def test_basic_keeps_a_seven_when_its_own_hand_is_the_smallest() -> None:
    """Rule: R-HOUSE-2. Swapping would only make its hand bigger."""
    rules = RuleSet(seven_o=True)
    state = scenario_state([["r7", "r1", "b1"], ["y1", "y2", "y3", "y4"], ["g1", "g2", "g3", "g4"]], "r5", rules)
    command = decision_of("basic", state)
    assert isinstance(command, PlayCard) and command.card is Card.R1


def test_basic_draws_a_stack_only_without_a_card_to_stack() -> None:
    """Rule: R-HOUSE-1."""
    rules = RuleSet(stacking=True)
    state = scenario_state([["b1", "b2", "b3"], ["g4", "y5"], ["y1", "y2"]], "r+2", rules,
                           turn=1, decision=Decision.STACK, pending=2)
    assert decision_of("basic", state) == DrawCard(seat=1)


@pytest.mark.parametrize("level", ["basic", "strong"])
@pytest.mark.parametrize("card", ["r7", "r0"])
def test_no_uno_is_said_for_a_card_the_hand_exchange_gives_away(level: str, card: str) -> None:
    """Rule: R-HOUSE-2, R-UNO-7. Playing a seven-o 7 or 0 from two cards leaves one that
    goes to another player; "Basic plays r7 and calls UNO!" told of a call that meant nothing."""
    rules = RuleSet(seven_o=True)
    state = scenario_state([[card, "b2"], ["y1", "y2", "y3"], ["g1", "g2", "g3", "g4"]], "r5", rules)
    command = decision_of(level, state)
    assert isinstance(command, PlayCard) and command.card is Card(card) and not command.uno
    # A card kept is said UNO with, as ever.
    state = scenario_state([["r3", "b2"], ["y1", "y2", "y3"], ["g1", "g2", "g3", "g4"]], "r5", rules)
    assert decision_of(level, state) == PlayCard(seat=0, card=Card.R3, uno=True)
