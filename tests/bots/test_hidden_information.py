"""Bots see what a player at the table sees, and nothing more."""

from __future__ import annotations

import inspect

import pytest
from support import scenario

from unotui.bots import LEVELS, BotBase, make_bot
from unotui.bots.base import brief
from unotui.bots.memory import HiddenHand, TableMemory
from unotui.bots.worlds import WorldSampler, sample_world
from unotui.engine import (
    Card,
    CardKept,
    CardPlayed,
    CardsDrawn,
    Color,
    DrawCard,
    DrawReason,
    GameState,
    KeepCard,
    Match,
    Position,
    Rng,
    Setup,
    StartCardTurned,
    TurnStarted,
    initial_state,
    legal_commands,
    view_for,
    visible_events,
)

from .positions import random_positions


def _with_seat_cards_changed(state: GameState, seat: int) -> GameState:
    """The same position, but `seat`'s hand swapped with cards from the draw pile."""
    position: Position = state.position()
    hands = [list(hand) for hand in position.hands]
    pile = list(position.draw_pile)
    count = min(len(hands[seat]), len(pile))
    hands[seat][:count], pile[:count] = pile[:count], hands[seat][:count]
    changed = Position(**{**{field: getattr(position, field) for field in Position.__struct_fields__},
                          "hands": tuple(tuple(hand) for hand in hands), "draw_pile": tuple(pile)})
    return initial_state(Setup(players=state.players, rules=state.rules, position=changed))


def test_choose_is_handed_only_the_view_the_legal_commands_and_a_generator() -> None:
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert list(inspect.signature(bot.choose).parameters) == ["view", "legal", "rng"]


@pytest.mark.parametrize("level", LEVELS)
def test_changing_another_seats_cards_changes_no_decision(level: str) -> None:
    """A bot deciding from a state where someone else's hand differs decides the same."""
    checked = 0
    for state in random_positions(seed=11, count=60, players=3):
        seat = state.turn
        other = (seat + 1) % state.players
        changed = _with_seat_cards_changed(state, other)
        if changed.hands[other] == state.hands[other]:
            continue
        assert view_for(changed, seat) == view_for(state, seat)
        legal = legal_commands(state, seat)
        first = make_bot(level, seed=5, seat=seat, players=state.players, playouts=12)
        second = make_bot(level, seed=5, seat=seat, players=state.players, playouts=12)
        assert first.choose(view_for(state, seat), legal, first.rng) == \
            second.choose(view_for(changed, seat), legal, second.rng)
        checked += 1
    assert checked > 40


def test_a_sampled_world_shows_the_seat_exactly_its_own_view() -> None:
    """Determinized worlds agree with everything the seat can see (and deal the rest)."""
    for state in random_positions(seed=3, count=300):
        seat = state.turn
        view = view_for(state, seat)
        world = sample_world(view, TableMemory(seat, state.players), Rng(9))
        assert view_for(world, seat) == view


def test_worlds_respect_a_seat_noted_unable_to_follow() -> None:
    """Seat 1 drew on a red 5: the worlds give its older cards no red and no 5."""
    match = scenario(hands=[["b1", "b2", "g3"], ["y1", "y2", "y3", "g7"]], discard=["r5"], turn=0)
    memory = TableMemory(0, 2)
    memory.observe([StartCardTurned(card=Card.R5), CardsDrawn(seat=1, count=0, cards=(), reason=DrawReason.CHOICE)])
    view = match.view(0)
    for seed in range(30):
        world = sample_world(view, memory, Rng(seed))
        held = world.hands[1]
        assert all(card.color is not Color.RED and card.rank != "5" and not card.is_wild for card in held)


def test_worlds_hold_a_card_drawn_later_to_its_own_note_only() -> None:
    """Seat 1 drew on a red 5, then on a yellow 8, and neither card fitted: its older cards
    are never red, yellow, a 5 or an 8, the newer one is never yellow or an 8 but may be red."""
    match = scenario(hands=[["b1", "b2", "g3"], ["g1", "g2", "g3", "g4", "b7"]], discard=["y8"], turn=0)
    memory = TableMemory(0, 2)
    memory.observe([StartCardTurned(card=Card.R5), CardsDrawn(seat=1, count=1, cards=(), reason=DrawReason.CHOICE),
                    CardPlayed(seat=0, card=Card.Y5),
                    CardPlayed(seat=0, card=Card.Y8), CardsDrawn(seat=1, count=1, cards=(), reason=DrawReason.CHOICE),
                    TurnStarted(seat=0)])
    view = match.view(0)
    reds = 0
    for seed in range(200):
        held = sample_world(view, memory, Rng(seed)).hands[1]
        assert not any(card.color is Color.YELLOW or card.rank == "8" or card.is_wild for card in held)
        red = sum(card.color is Color.RED or card.rank == "5" for card in held)
        assert red <= 1
        reds += red
    assert reds > 10


def test_every_world_of_a_sampler_is_a_legal_position() -> None:
    """Worlds after the first are copies with the hidden cards dealt anew: each one is
    still exactly the state its position builds, and still agrees with the view."""
    for state in random_positions(seed=5, count=60):
        seat = state.turn
        view = view_for(state, seat)
        sampler = WorldSampler(view, TableMemory(seat, state.players))
        rng = Rng(4)
        for _ in range(3):
            world = sampler.sample(rng)
            assert world == initial_state(Setup(players=world.players, rules=world.rules, position=world.position()))
            assert view_for(world, seat) == view


@pytest.mark.parametrize("level", LEVELS)
def test_a_drawn_card_kept_tells_the_others_no_more_than_one_that_could_not_be_played(level: str) -> None:
    """R-TURN-3: seat 1 draws and keeps a card that could be played (r9 on r5), or draws
    one that could not (b9): the others see a card drawn and not played either way."""

    def after_seat_1_draws(drawn: str) -> tuple[Match, BotBase]:
        match = scenario(hands=[["g1", "r2", "y3"], ["b1", "b2", "g4"], ["y1", "y2", "r3"]], discard=["r5"],
                         draw_pile=[drawn, "g8", "g9"], turn=1)
        bot = make_bot(level, seed=5, seat=2, players=3, playouts=12)
        assert isinstance(bot, BotBase)
        for command in (DrawCard(seat=1), KeepCard(seat=1)):
            if command in match.legal_commands(1):
                match.submit(command)
        brief(bot, match.setup, 2, visible_events(match.events, 2))
        return match, bot

    kept, kept_bot = after_seat_1_draws("r9")
    passed, passed_bot = after_seat_1_draws("b9")
    assert any(isinstance(event, CardKept) for event in kept.events)  # the record keeps what happened
    view = kept.view(2)
    assert view == passed.view(2) and view.turn == 2
    legal = kept.legal_commands(2)
    assert kept_bot.choose(view, legal, kept_bot.rng) == passed_bot.choose(view, legal, passed_bot.rng)
    notes, other_notes = kept_bot.memory, passed_bot.memory
    assert notes.voids == other_notes.voids and notes.fresh == other_notes.fresh
    assert [getattr(notes.hidden[1], slot) for slot in HiddenHand.__slots__] == \
        [getattr(other_notes.hidden[1], slot) for slot in HiddenHand.__slots__]
