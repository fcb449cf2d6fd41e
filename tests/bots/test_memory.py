"""A seat's notes from the public record: voids, revealed hands, bluff records."""

from __future__ import annotations

from collections import Counter

from unotui.bots import make_bot
from unotui.bots.memory import HiddenHand, TableMemory
from unotui.engine import (
    Card,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    DrawnCardPlayable,
    Decision,
    DrawReason,
    HandStarted,
    HandsRotated,
    HandsSwapped,
    Match,
    Phase,
    Setup,
    StartCardTurned,
    StartHand,
    TurnStarted,
    visible_events,
)
from unotui.engine.cards import COLOR_OF
from unotui.engine.decide import Accepted


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


def _dealt(memory: TableMemory, size: int = 7) -> None:
    hands = tuple(() for _ in range(memory.players))
    memory.observe([CardsDealt(hands=hands[:memory.seat] + ((Card.B1,) * size,) + hands[memory.seat + 1:])])


def test_a_card_drawn_on_another_colour_avoids_only_what_matched_then() -> None:
    """The finer notes the worlds deal from: the older cards avoid both draws' faces, the
    card drawn second only what matched when it was drawn."""
    memory = TableMemory(0, 3)
    _dealt(memory)
    _drew_on_red_five(memory)
    memory.observe([TurnStarted(seat=1), CardPlayed(seat=2, card=Card.Y8),
                    CardsDrawn(seat=1, count=1, cards=(), reason=DrawReason.CHOICE), TurnStarted(seat=2)])
    (older, both), (drawn, then) = memory.hidden[1].groups(9)
    assert (older, drawn) == (8, 1)
    assert Card.R1 in both and Card.Y1 in both
    assert Card.Y1 in then and Card.R1 not in then


def test_a_card_played_comes_from_the_most_constrained_group_that_allows_it() -> None:
    hidden = HiddenHand()
    red, yellow = frozenset({Card.R1, Card.R2}), frozenset({Card.Y1})
    hidden.note(red, drawn=1)
    hidden.settle(yellow)
    hidden.free = 2
    assert hidden.groups(8) == [(5, red), (1, yellow)]
    hidden.take(Card.R1, 8)  # only the group of one avoids no red: it goes
    assert hidden.groups(7) == [(5, red)] and hidden.free == 2
    hidden.take(Card.G5, 7)  # allowed everywhere: the oldest cards lose one
    assert hidden.groups(6) == [(4, red)]
    hidden.take(Card.R2, 6)
    hidden.take(Card.R2, 5)
    assert hidden.free == 0 and not hidden.misfit
    hidden.take(Card.R2, 4)  # nothing could have held it: the notes do not fit this player
    assert hidden.misfit and hidden.groups(3) == []
    hidden.note(red)
    assert hidden.groups(3) == []


def test_a_wild_draw_four_at_a_player_about_to_go_out_says_only_the_colour_was_lacked() -> None:
    """`basic` plays it there holding a card of the same number in another colour."""
    memory = TableMemory(0, 3)
    _dealt(memory)
    memory.sizes[2] = 2
    memory.observe([StartCardTurned(card=Card.R5), TurnStarted(seat=1, decision=Decision.PLAY),
                    CardPlayed(seat=1, card=Card.WILD_DRAW_FOUR)])
    ((_, lacked),) = memory.hidden[1].groups(6)
    assert Card.R1 in lacked and Card.G5 not in lacked


def test_the_notes_never_rule_out_the_hand_a_basic_player_holds() -> None:
    """Under `basic`'s habits the finer notes are exact: after every command of 60 hands,
    each seat's unseen cards can be split into the groups its notes describe. The groups
    are nested (an older one avoids all a newer one does), so it is enough that for every
    group as many cards avoid its faces as it and the older groups hold."""
    for index in range(60):
        match = Match(Setup(players=4, seed=5_000 + index))
        bots = [make_bot("basic", seed=index * 4 + seat, seat=seat, players=4) for seat in range(4)]
        command = StartHand(seat=0)
        while True:
            verdict = match.submit(command)
            assert isinstance(verdict, Accepted)
            for bot in bots:
                bot.observe(visible_events(verdict.events, bot.seat))
            state = match.state
            for bot in bots:
                memory = bot.memory
                for other in range(4):
                    if other == bot.seat:
                        continue
                    hand = list(state.hands[other])
                    for card in memory.known[other].elements():
                        hand.remove(card)
                    hidden = memory.hidden[other]
                    assert not hidden.misfit
                    needed = 0
                    for count, faces in hidden.groups(len(hand)):
                        needed += count
                        assert sum(card not in faces for card in hand) >= needed, (index, other, hand, faces)
            if state.phase is not Phase.PLAYING:
                break
            turn = state.turn
            command = bots[turn].choose(match.view(turn), match.legal_commands(turn), bots[turn].rng)


def _dealt_to(memory: TableMemory, hand: list[Card]) -> None:
    players = memory.players
    memory.observe([HandStarted(hand=1, dealer=players - 1),
                    CardsDealt(hands=tuple(tuple(hand) if seat == memory.seat else () for seat in range(players))),
                    StartCardTurned(card=Card.R5)])


def test_the_seat_that_takes_your_hand_holds_what_you_held() -> None:
    """Rule: R-HOUSE-2. After your 7 swaps hands with Bo, Bo holds your old hand, to the card;
    and what was noted of a hand goes with it to its new owner."""
    memory = TableMemory(0, 3)
    _dealt_to(memory, [Card.R7, Card.B2, Card.Y9])
    _drew_on_red_five(memory, seat=2)
    voids_of_cy = memory.voids[2]
    memory.observe([CardPlayed(seat=0, card=Card.R7), HandsSwapped(seat=0, other=1)])
    assert memory.known[1] == Counter({Card.B2: 1, Card.Y9: 1}) and memory.voids[1] == frozenset()
    assert memory.mine is None and memory.sizes == [3, 2, 4]
    # Cy plays a 7 and takes Bo's hand (yours, before): Cy holds it now, and Bo holds Cy's.
    memory.observe([CardPlayed(seat=2, card=Card.G7), HandsSwapped(seat=2, other=1)])
    assert memory.known[2] == Counter({Card.B2: 1, Card.Y9: 1}) and memory.known[1] == Counter()
    assert memory.voids[1] == voids_of_cy and memory.sizes == [3, 3, 2]


def test_a_zero_passes_every_hand_on_with_its_notes() -> None:
    """Rule: R-HOUSE-2. Under seven-o a 0 passes each hand to the next seat in the direction of play."""
    memory = TableMemory(0, 3)
    _dealt_to(memory, [Card.R0, Card.B2, Card.Y9, Card.G3])
    memory.see_hand([Card.R0, Card.B2, Card.Y9, Card.G3])
    _drew_on_red_five(memory, seat=1)
    voids_of_bo = memory.voids[1]
    memory.observe([CardPlayed(seat=0, card=Card.R0), HandsRotated(direction=1)])
    assert memory.known[1] == Counter({Card.B2: 1, Card.Y9: 1, Card.G3: 1})
    assert memory.voids[2] == voids_of_bo and memory.sizes == [4, 3, 5]
