"""A seat's notes from the public record: voids, revealed hands, bluff records."""

from __future__ import annotations

from collections import Counter

from unotui.bots.memory import TableMemory
from unotui.engine import (
    Card,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    DrawnCardPlayable,
    DrawReason,
    HandStarted,
    StartCardTurned,
    TurnStarted,
)


def _drew_on_red_five(memory: TableMemory, seat: int = 1) -> None:
    memory.observe([StartCardTurned(card=Card.R5),
                    CardsDrawn(seat=seat, count=1, cards=(), reason=DrawReason.CHOICE),
                    TurnStarted(seat=(seat + 1) % memory.players)])


def test_a_draw_by_choice_notes_what_the_seat_could_not_follow() -> None:
    memory = TableMemory(0, 3)
    _drew_on_red_five(memory)
    assert Card.R1 in memory.voids[1] and Card.G5 in memory.voids[1] and Card.WILD in memory.voids[1]
    assert Card.G1 not in memory.voids[1]
    # The drawn card did not fit either (no drawn_card_playable): all of the hand is noted.
    assert memory.fresh[1] == 0 and memory.constrained(1, 8) == 8


def test_a_card_drawn_on_another_colour_is_held_to_the_older_voids_too() -> None:
    """The sharper reading, kept on purpose (see `TableMemory._fold`): usually right,
    and leaving the card free won no more hands."""
    memory = TableMemory(0, 3)
    _drew_on_red_five(memory)
    memory.observe([TurnStarted(seat=1), CardPlayed(seat=2, card=Card.Y8),
                    CardsDrawn(seat=1, count=1, cards=(), reason=DrawReason.CHOICE), TurnStarted(seat=2)])
    assert Card.R1 in memory.voids[1] and Card.Y1 in memory.voids[1]
    assert memory.fresh[1] == 0 and memory.constrained(1, 9) == 9


def test_a_playable_drawn_card_is_fresh() -> None:
    memory = TableMemory(0, 2)
    memory.observe([StartCardTurned(card=Card.R5), CardsDrawn(seat=1, count=1, cards=(), reason=DrawReason.CHOICE),
                    DrawnCardPlayable(seat=1, card=None)])
    assert memory.fresh[1] == 1 and memory.constrained(1, 8) == 7


def test_penalty_cards_are_fresh() -> None:
    memory = TableMemory(0, 2)
    _drew_on_red_five(memory)
    memory.observe([CardsDrawn(seat=1, count=2, cards=(), reason=DrawReason.DRAW_TWO)])
    assert memory.constrained(1, 10) == 8


def test_playing_a_card_it_lacked_makes_a_seats_draws_unreadable() -> None:
    memory = TableMemory(0, 2)
    _drew_on_red_five(memory)
    memory.observe([CardPlayed(seat=1, card=Card.R2)])
    assert memory.unreadable[1] and not memory.voids[1]
    _drew_on_red_five(memory)
    assert not memory.voids[1]


def test_a_challenge_shows_the_challenger_the_hand() -> None:
    memory = TableMemory(0, 2)
    revealed = (Card.B1, Card.B1, Card.G7)
    memory.observe([ChallengeResolved(challenger=0, challenged=1, succeeded=True, revealed=revealed)])
    assert memory.known[1] == Counter(revealed)
    assert memory.bluffs_found[1] == 1 and memory.challenged[1] == 1
    memory.observe([CardPlayed(seat=1, card=Card.B1)])
    assert memory.known[1] == Counter({Card.B1: 1, Card.G7: 1})


def test_a_bluff_record_raises_the_odds() -> None:
    memory = TableMemory(0, 2)
    before = memory.bluff_odds(1)
    memory.observe([ChallengeResolved(challenger=0, challenged=1, succeeded=True, revealed=())] * 2)
    assert memory.bluff_odds(1) > before


def test_a_new_hand_forgets_the_hand_but_not_the_record() -> None:
    memory = TableMemory(0, 2)
    _drew_on_red_five(memory)
    memory.observe([ChallengeResolved(challenger=0, challenged=1, succeeded=True, revealed=())])
    memory.observe([HandStarted(hand=2, dealer=0)])
    assert not memory.voids[1] and memory.bluffs_found[1] == 1 and memory.color is None
    assert memory.wd4_color is None and memory.fresh[1] == 0
