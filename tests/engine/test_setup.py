"""Rulebook sections R-DECK and R-SETUP: the deck, the table, the dealer, the deal, the start card."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from support import reject, run, stacked_deal

from unotui.engine import (
    COLORS,
    DECK,
    Card,
    CardParseError,
    CardsDealt,
    CardsDrawn,
    ChooseColor,
    Color,
    ColorNamed,
    DealerChosen,
    DealerDraw,
    Decision,
    DeckShuffled,
    DirectionReversed,
    DrawCard,
    DrawReason,
    HandStarted,
    Match,
    Phase,
    PlayCard,
    RuleSet,
    Setup,
    SetupError,
    StartCardReturned,
    StartCardTurned,
    StartHand,
    StartWild,
    TurnSkipped,
    TurnStarted,
    parse_card,
    preset,
)

SEVEN = {
    0: ["r1", "r2", "r3", "r4", "r6", "r7", "r8"],
    1: ["g1", "g2", "g3", "g4", "g6", "g7", "g8"],
    2: ["b1", "b2", "b3", "b4", "b6", "b7", "b8"],
    3: ["y1", "y2", "y3", "y4", "y6", "y7", "y8"],
}
"""Number-card hands with no 5, so no hand holds a copy of a stacked start card."""


def hands_for(players: int) -> list[list[str]]:
    return [SEVEN[seat] for seat in range(players)]


def after_deal(match: Match) -> list[object]:
    """The events that followed the deal of the first hand."""
    events = match.events
    dealt = next(i for i, event in enumerate(events) if isinstance(event, CardsDealt))
    return events[dealt + 1 :]


# R-DECK


def test_R_DECK_1_the_deck_has_108_cards() -> None:
    """Rule: R-DECK-1"""
    assert len(DECK) == 108
    counts = Counter(DECK)
    for color in COLORS:
        faces = [card for card in counts if card.color is color]
        assert sum(counts[card] for card in faces) == 25
        assert counts[parse_card(f"{color.letter}0")] == 1
        for rank in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "r", "+2"]:
            assert counts[parse_card(f"{color.letter}{rank}")] == 2
    assert counts[Card.WILD] == 4 and counts[Card.WILD_DRAW_FOUR] == 4
    assert sum(count for card, count in counts.items() if card.color is not None) == 100


def test_R_DECK_2_blank_cards_are_not_in_play() -> None:
    """Rule: R-DECK-2"""
    assert len(set(DECK)) == 54 and len(Card) == 56  # the 2018 deck's two wilds are faces too (R-DECK-3)
    with pytest.raises(CardParseError, match="unknown card: 'blank'"):
        parse_card("blank")
    assert all(card in Card for card in DECK)


# R-SETUP-0


@pytest.mark.parametrize("players", [1, 11, 0])
def test_R_SETUP_0_player_count_outside_2_to_10_is_rejected(players: int) -> None:
    """Rule: R-SETUP-0"""
    with pytest.raises(SetupError, match=f"UNO is for 2 to 10 players, not {players}"):
        Match(Setup(players=players))


def test_R_SETUP_0_decoded_setup_checks_the_player_count() -> None:
    """Rule: R-SETUP-0"""
    with pytest.raises(msgspec.ValidationError, match="players"):
        msgspec.json.decode(b'{"players": 11}', type=Setup)


@pytest.mark.parametrize("players", [2, 10])
def test_R_SETUP_0_two_and_ten_players_can_play(players: int) -> None:
    """Rule: R-SETUP-0"""
    match = Match(Setup(players=players, seed=3))
    run(match, StartHand(seat=0))
    assert [len(hand) for hand in match.state.hands] == [7] * players


def test_R_SETUP_0_command_from_a_seat_not_at_the_table_is_rejected() -> None:
    """Rule: R-SETUP-0"""
    match = Match(Setup(players=3, seed=1))
    run(match, StartHand(seat=0))
    assert reject(match, StartHand(seat=3)).rule == "R-SETUP-0"


# R-SETUP-1


def test_R_SETUP_1_highest_card_deals_and_ties_draw_again() -> None:
    """Rule: R-SETUP-1"""
    match = Match(Setup(players=3, seed=5))
    run(match, StartHand(seat=0))
    chosen = match.events[0]
    assert isinstance(chosen, DealerChosen)
    # Seats 0 and 2 tie with 20 (a Skip and a Draw Two); only they draw again.
    assert chosen.draws == (
        DealerDraw(seat=0, card=Card.Y_SKIP),
        DealerDraw(seat=1, card=Card.G0),
        DealerDraw(seat=2, card=Card.Y_DRAW_TWO),
        DealerDraw(seat=0, card=Card.G5),
        DealerDraw(seat=2, card=Card.Y_SKIP),
    )
    assert chosen.dealer == 2
    assert match.events[1] == HandStarted(hand=1, dealer=2)
    assert match.state.dealer == 2


@pytest.mark.parametrize("seed", range(40))
def test_R_SETUP_1_dealer_won_the_last_round_of_draws(seed: int) -> None:
    """Rule: R-SETUP-1"""
    players = 2 + seed % 9
    match = Match(Setup(players=players, seed=seed))
    run(match, StartHand(seat=0))
    chosen = match.events[0]
    assert isinstance(chosen, DealerChosen)
    draws = list(chosen.draws)
    contenders = list(range(players))
    while True:
        round_, draws = draws[: len(contenders)], draws[len(contenders) :]
        assert [draw.seat for draw in round_] == contenders
        best = max(draw.card.points for draw in round_)
        contenders = [draw.seat for draw in round_ if draw.card.points == best]
        if len(contenders) == 1:
            break
    assert draws == [] and contenders == [chosen.dealer]


def test_R_SETUP_1_fixed_dealer_draws_nothing_and_the_deal_passes_forward() -> None:
    """Rule: R-SETUP-1"""
    match = stacked_deal(3, 2, hands_for(3), "r5")
    assert match.events[0] == DealerChosen(dealer=2)
    for _ in range(3):
        before = match.state.dealer
        _end_hand_quickly(match)
        events = run(match, StartHand(seat=1))
        assert events[0] == HandStarted(hand=match.state.hand, dealer=(before + 1) % 3)


def _end_hand_quickly(match: Match) -> None:
    """Play the turn player's cards until someone goes out (every command the first legal play)."""
    while match.state.phase is Phase.PLAYING:
        seat = match.state.turn
        commands = match.legal_commands(seat)
        plays = [c for c in commands if isinstance(c, PlayCard) and not c.uno]
        run(match, plays[0] if plays else commands[0])


# R-SETUP-2 and R-SETUP-3


def test_R_SETUP_2_deal_one_at_a_time_from_the_dealers_left() -> None:
    """Rule: R-SETUP-2"""
    match = Match(Setup(players=4, seed=11, rules=RuleSet(dealer=1)))
    run(match, StartHand(seat=0))
    shuffled = next(e for e in match.events if isinstance(e, DeckShuffled))
    dealt = next(e for e in match.events if isinstance(e, CardsDealt))
    order = shuffled.order
    assert dealt.hands[2] == order[0:28:4]
    assert dealt.hands[3] == order[1:28:4]
    assert dealt.hands[0] == order[2:28:4]
    assert dealt.hands[1] == order[3:28:4]
    assert [len(hand) for hand in match.state.hands] == [7, 7, 7, 7]


def test_R_SETUP_2_hand_size_option() -> None:
    """Rule: R-SETUP-2"""
    match = Match(Setup(players=3, seed=2, rules=RuleSet(hand_size=5)))
    run(match, StartHand(seat=0))
    assert [len(hand) for hand in match.state.hands] == [5, 5, 5]


def test_R_SETUP_2_stacked_deck_deals_the_given_hands() -> None:
    """Rule: R-SETUP-2"""
    match = stacked_deal(4, 0, hands_for(4), "r5", ["g9", "b9"])
    for seat in range(4):
        assert match.state.hands[seat] == [parse_card(text) for text in SEVEN[seat]]


def test_R_SETUP_3_the_next_card_starts_the_discard_pile() -> None:
    """Rule: R-SETUP-3"""
    match = stacked_deal(3, 0, hands_for(3), "r5", ["g9", "b9"])
    assert match.state.discard == [Card.R5]
    assert match.state.color is Color.RED
    assert len(match.state.draw) == 108 - 21 - 1
    assert match.state.draw[-2:] == [Card.B9, Card.G9]  # the top is at the end
    assert Counter(match.state.draw) + Counter(match.state.discard) + sum(
        (Counter(hand) for hand in match.state.hands), Counter()
    ) == Counter(DECK)


# R-SETUP-4


def test_R_SETUP_4_wild_draw_four_start_card_is_returned_and_reshuffled() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(3, 0, hands_for(3), "w+4", ["g9"])
    events = after_deal(match)
    assert events[0] == StartCardTurned(card=Card.WILD_DRAW_FOUR)
    assert events[1] == StartCardReturned(card=Card.WILD_DRAW_FOUR)
    reshuffle = events[2]
    assert isinstance(reshuffle, DeckShuffled)
    assert len(reshuffle.order) == 108 - 21 and Card.WILD_DRAW_FOUR in reshuffle.order
    assert events[3] == StartCardTurned(card=reshuffle.order[0])
    assert reshuffle.order[0] is not Card.WILD_DRAW_FOUR
    assert match.state.discard == [reshuffle.order[0]]


def test_R_SETUP_4_wild_start_card_first_player_names_the_colour() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(3, 0, hands_for(3), "w")
    assert after_deal(match) == [
        StartCardTurned(card=Card.WILD),
        TurnStarted(seat=1, decision=Decision.CHOOSE_COLOR),
    ]
    assert match.state.color is None
    assert reject(match, PlayCard(seat=1, card=Card.G1)).rule == "R-SETUP-4"
    assert reject(match, ChooseColor(seat=2, color=Color.RED)).rule == "R-TURN-1"
    events = run(match, ChooseColor(seat=1, color=Color.GREEN))
    assert events == [ColorNamed(seat=1, color=Color.GREEN), TurnStarted(seat=1)]
    # Then the first player takes the turn as normal, on the named colour.
    assert reject(match, PlayCard(seat=1, card=Card.R1)).rule == "R-TURN-1"  # not theirs
    run(match, PlayCard(seat=1, card=Card.G4))
    assert match.state.turn == 2


def test_R_SETUP_4_wild_start_card_redraw_option() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(3, 0, hands_for(3), "w", rules=preset("sheet-42001"))
    events = after_deal(match)
    assert events[:2] == [StartCardTurned(card=Card.WILD), StartCardReturned(card=Card.WILD)]
    assert isinstance(events[2], DeckShuffled)
    new_start = match.state.discard[-1]
    assert new_start.rank not in ("w", "w+4") and events[3] == StartCardTurned(card=new_start)


@pytest.mark.parametrize("start", ["w", "w+4", "rs", "rr", "r+2"])
def test_R_SETUP_4_redraw_until_number_option(start: str) -> None:
    """Rule: R-SETUP-4"""
    assert preset("beginner").start_wild is StartWild.REDRAW_UNTIL_NUMBER
    match = stacked_deal(3, 0, hands_for(3), start, rules=preset("beginner"))
    events = after_deal(match)
    turned = [event.card for event in events if isinstance(event, StartCardTurned)]
    returned = [event.card for event in events if isinstance(event, StartCardReturned)]
    assert turned[0] is parse_card(start)
    assert returned == turned[:-1] and all(card.is_action for card in returned)
    assert turned[-1].is_number and match.state.discard == [turned[-1]]
    assert events[-1] == TurnStarted(seat=1)


def test_R_SETUP_4_draw_two_start_card() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(3, 0, hands_for(3), "r+2", ["g9", "b9", "y9"])
    assert after_deal(match) == [
        StartCardTurned(card=Card.R_DRAW_TWO),
        CardsDrawn(seat=1, count=2, cards=(Card.G9, Card.B9), reason=DrawReason.DRAW_TWO),
        TurnSkipped(seat=1),
        TurnStarted(seat=2),
    ]
    assert match.state.hands[1][-2:] == [Card.G9, Card.B9]
    assert match.state.draw[-1] is Card.Y9


def test_R_SETUP_4_skip_start_card() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(4, 3, hands_for(4), "bs")
    assert after_deal(match) == [StartCardTurned(card=Card.B_SKIP), TurnSkipped(seat=0), TurnStarted(seat=1)]


def test_R_SETUP_4_reverse_start_card_dealers_right_starts() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(4, 1, hands_for(4), "gr", ["y9"])
    assert after_deal(match) == [
        StartCardTurned(card=Card.G_REVERSE),
        DirectionReversed(direction=-1),
        TurnStarted(seat=0),
    ]
    assert match.state.direction == -1
    run(match, DrawCard(seat=0))  # y9 doesn't match: the turn passes, backward
    assert match.state.turn == 3


def test_R_SETUP_4_reverse_start_card_with_two_players_skips_the_non_dealer() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(2, 0, hands_for(2), "rr")
    assert after_deal(match) == [StartCardTurned(card=Card.R_REVERSE), TurnSkipped(seat=1), TurnStarted(seat=0)]
    assert match.state.direction == 1


def test_R_SETUP_4_number_start_card_has_no_effect() -> None:
    """Rule: R-SETUP-4"""
    match = stacked_deal(3, 2, hands_for(3), "y5")
    assert after_deal(match) == [StartCardTurned(card=Card.Y5), TurnStarted(seat=0)]


# R-SETUP-5


@pytest.mark.parametrize("players,dealer", [(2, 0), (2, 1), (5, 4), (10, 6)])
def test_R_SETUP_5_player_left_of_dealer_starts_forward(players: int, dealer: int) -> None:
    """Rule: R-SETUP-5"""
    hands = [[f"{'rgby'[seat % 4]}{1 + seat // 4}"] for seat in range(players)]
    match = stacked_deal(players, dealer, hands, "r9")
    assert match.state.turn == (dealer + 1) % players
    assert match.state.direction == 1
    assert match.state.discard == [Card.R9]
