"""`legal_plays`: the card plays among `legal_commands` (else the turn-ending ones), fast path and all."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from unotui.engine import (
    COLORS,
    AcceptDrawFour,
    AnyCommand,
    Card,
    Challenge,
    ChooseColor,
    Decision,
    DrawCard,
    GameState,
    KeepCard,
    Match,
    Phase,
    PlayCard,
    Position,
    RuleSet,
    Setup,
    deck_for,
    legal_commands,
)
from unotui.engine.decide import legal_plays

from . import test_properties as properties

TURN_ENDING = (DrawCard, KeepCard, Challenge, AcceptDrawFour, ChooseColor)


def expected(state: GameState, seat: int) -> list[AnyCommand]:
    """The definition: card plays saying UNO exactly with two cards held, else what ends the turn."""
    legal = legal_commands(state, seat)
    two = len(state.hands[seat]) == 2
    plays = [command for command in legal if isinstance(command, PlayCard) and command.uno is two]
    return plays or [command for command in legal if isinstance(command, TURN_ENDING)]


def check_every_seat(match: Match) -> None:
    for seat in range(match.state.players):
        assert legal_plays(match.state, seat) == expected(match.state, seat), f"seat {seat}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=properties.SEEDS, players=properties.PLAYERS, choices=properties.SEEDS)
def test_legal_plays_follow_legal_commands_in_random_matches(seed: int, players: int, choices: int) -> None:
    """Standard rules and random house rules, every seat at every step."""
    rng = random.Random(choices)
    match = Match(Setup(players=players, seed=seed, rules=properties.random_rules(rng, players)))
    for _ in range(400):
        if match.state.phase is Phase.MATCH_OVER:
            break
        check_every_seat(match)
        match.submit(properties.choose(rng, match.state))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=properties.PLAYERS, choices=properties.SEEDS)
def test_legal_plays_follow_legal_commands_on_crowded_tables(players: int, choices: int) -> None:
    """Long hands full of duplicate cards, empty draw piles, blocked hands."""
    rng = random.Random(choices)
    match = Match(properties.crowded_setup(rng, players))
    for _ in range(150):
        if match.state.phase is not Phase.PLAYING:
            break
        check_every_seat(match)
        match.submit(properties.choose(rng, match.state, play_rate=0.5))


def at(hand: tuple[Card, ...], top: Card, *, decision: Decision = Decision.PLAY, drawn: Card | None = None) -> Match:
    """Two players, seat 0 to play `hand` on `top`."""
    rest = list(deck_for(RuleSet()))
    for card in (*hand, top):
        rest.remove(card)
    middle = len(rest) // 2
    position = Position(hands=(hand, tuple(rest[:middle])), discard=(top,), draw_pile=tuple(rest[middle:]),
                        color=top.color, turn=0, dealer=1, decision=decision, drawn=drawn)
    return Match(Setup(players=2, position=position))


def test_a_second_copy_is_listed_once_and_a_wild_once_per_colour() -> None:
    match = at((Card.R5, Card.B2, Card.R5, Card.WILD), Card.R7)
    assert legal_plays(match.state, 0) == [
        PlayCard(seat=0, card=Card.R5),
        *(PlayCard(seat=0, card=Card.WILD, color=color) for color in COLORS),
    ]


def test_with_two_cards_every_play_says_uno() -> None:
    match = at((Card.R5, Card.B2), Card.R7)
    assert legal_plays(match.state, 0) == [PlayCard(seat=0, card=Card.R5, uno=True)]


def test_with_nothing_to_play_the_seat_draws_and_others_have_nothing() -> None:
    match = at((Card.B5, Card.B2), Card.R7)
    assert legal_plays(match.state, 0) == [DrawCard(seat=0)]
    assert legal_plays(match.state, 1) == []


def test_after_drawing_a_playable_card_only_it_is_offered() -> None:
    match = at((Card.B5, Card.R1, Card.B2), Card.R7, decision=Decision.PLAY_OR_KEEP, drawn=Card.R1)
    assert legal_plays(match.state, 0) == [PlayCard(seat=0, card=Card.R1)]
