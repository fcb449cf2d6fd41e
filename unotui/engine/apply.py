"""`apply`: fold one event into the state. It checks nothing: `decide` already did."""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from .cards import COLOR_OF, DECK, Card
from .events import (
    AnyEvent,
    CardKept,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    ColorNamed,
    DealerChosen,
    Decision,
    DeckShuffled,
    DirectionReversed,
    DiscardsReshuffled,
    DrawnCardPlayable,
    DrawReason,
    HandEnded,
    HandStarted,
    MatchWon,
    StartCardReturned,
    StartCardTurned,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from .state import GameState, Phase

__all__ = ["apply", "apply_all"]


def apply(state: GameState, event: AnyEvent) -> GameState:
    """Advance the state by one fact, in place.

    The caller's duty: `event` came from `decide` on this very state (or from a
    recording of it); anything else may leave the state inconsistent.

    Returns:
        `state` itself, for folding.
    """
    match event:
        case TurnStarted(seat=seat, decision=decision):
            state.turn, state.decision, state.drawn = seat, decision, None
        case CardPlayed(seat=seat, card=card):
            hand = state.hands[seat]
            hand.remove(card)
            state.discard.append(card)
            state.color = COLOR_OF[card]
            state.passes = 0
            state.drawn = None
            if card is Card.WILD_DRAW_FOUR:  # what a challenge will find out
                state.bluff = event.bluff
            # Playing closes any UNO window (R-UNO-3) and may open this player's own.
            state.uno_window = seat if len(hand) == 1 and not state.uno_said[seat] else None
        case CardsDrawn(seat=seat, count=count, reason=reason):
            if count:
                state.hands[seat] += event.cards
                del state.draw[len(state.draw) - count :]
                state.uno_said[seat] = False
                if state.uno_window == seat:
                    state.uno_window = None
            if reason is DrawReason.CHOICE:
                # Drawing starts a turn, which closes any UNO window (R-UNO-3).
                state.uno_window = None
                state.passes = 0 if count else state.passes + 1
        case ColorNamed(color=color):
            state.color = color
        case TurnSkipped():
            pass
        case DirectionReversed(direction=direction):
            state.direction = direction
        case DrawnCardPlayable(card=card):
            state.decision, state.drawn = Decision.PLAY_OR_KEEP, card
        case CardKept():
            state.decision, state.drawn = Decision.PLAY, None
        case UnoCalled(seat=seat):
            state.uno_said[seat] = True
            if state.uno_window == seat:
                state.uno_window = None
        case UnoCaught():
            state.uno_window = None
        case ChallengeResolved():
            state.bluff = None
        case DiscardsReshuffled(order=order, rng=rng):
            del state.discard[:-1]
            state.draw = list(reversed(order))
            state.rng = rng
        case DealerChosen(dealer=dealer, draws=draws, rng=rng):
            state.dealer = dealer
            if draws:
                state.rng = rng
        case HandStarted(hand=hand, dealer=dealer):
            n = state.players
            state.phase, state.hand, state.dealer = Phase.PLAYING, hand, dealer
            state.hands = [[] for _ in range(n)]
            state.discard = []
            state.draw = list(reversed(DECK))
            state.color, state.direction, state.turn = None, 1, dealer
            state.decision, state.drawn, state.bluff, state.passes = Decision.PLAY, None, None, 0
            state.uno_said, state.uno_window = [False] * n, None
        case DeckShuffled(order=order, rng=rng):
            state.draw = list(reversed(order))
            state.rng = rng
        case CardsDealt(hands=hands):
            state.hands = [list(hand) for hand in hands]
            del state.draw[len(state.draw) - sum(len(hand) for hand in hands) :]
        case StartCardTurned():
            card = state.draw.pop()
            state.discard.append(card)
            state.color = COLOR_OF[card]
        case StartCardReturned():
            state.draw.insert(0, state.discard.pop())
        case HandEnded(totals=totals, points=points):
            state.phase = Phase.HAND_OVER
            state.scores = list(totals)
            state.results.append(points)
            state.uno_window = None
        case MatchWon(winners=winners):
            state.phase, state.winners = Phase.MATCH_OVER, winners
        case _:
            assert_never(event)
    return state


def apply_all(state: GameState, events: Iterable[AnyEvent]) -> GameState:
    """Fold events in order into `state`, in place."""
    for event in events:
        apply(state, event)
    return state
