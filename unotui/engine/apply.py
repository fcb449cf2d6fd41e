"""`apply`: fold one event into the state. It checks nothing: `decide` already did.

Events are dispatched through a table keyed by event type rather than a `match`
statement: a `match` over twenty class patterns tests them in turn, and `apply` runs
a few hundred thousand times a second in bot search. `_HANDLERS` is checked at import
to cover every event of `AnyEvent`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, get_args

from .cards import COLOR_OF, Card
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
    DrawsStacked,
    HandEnded,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    HandStarted,
    JumpedIn,
    MatchWon,
    StartCardReturned,
    StartCardTurned,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from .rules import deck_for
from .state import GameState, Phase

__all__ = ["apply", "apply_all"]

# Enum members bound once: `Decision.PLAY` goes through the enum metaclass (about
# 100 ns a time), a module constant is a plain global lookup, and these sit on the
# engine's hottest paths.
_PLAY, _PLAY_OR_KEEP, _CHOOSE_COLOR, _CHALLENGE = Decision.PLAY, Decision.PLAY_OR_KEEP, Decision.CHOOSE_COLOR, Decision.CHALLENGE
_NEW, _PLAYING, _HAND_OVER, _MATCH_OVER = Phase.NEW, Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER
_WILD_DRAW_FOUR, _CHOICE, _UNO_PENALTY = Card.WILD_DRAW_FOUR, DrawReason.CHOICE, DrawReason.UNO_PENALTY


def apply(state: GameState, event: AnyEvent) -> GameState:
    """Advance the state by one fact, in place.

    The caller's duty: `event` came from `decide` on this very state (or from a
    recording of it); anything else may leave the state inconsistent.

    Returns:
        `state` itself, for folding.
    """
    _HANDLERS[type(event)](state, event)
    return state


def apply_all(state: GameState, events: Iterable[AnyEvent]) -> GameState:
    """Fold events in order into `state`, in place."""
    handlers = _HANDLERS
    for event in events:
        handlers[type(event)](state, event)
    return state


def _turn_started(state: GameState, event: TurnStarted) -> None:
    state.turn, state.decision, state.drawn = event.seat, event.decision, None


def _card_played(state: GameState, event: CardPlayed) -> None:
    seat, card = event.seat, event.card
    hand = state.hands[seat]
    hand.remove(card)
    state.discard.append(card)
    state.color = COLOR_OF[card]
    state.passes = 0
    state.drawn = None
    if card is _WILD_DRAW_FOUR:  # what a challenge will find out
        state.bluff = event.bluff
    # Playing closes any UNO window (R-UNO-3) and may open this player's own.
    state.uno_window = seat if len(hand) == 1 and not state.uno_said[seat] else None


def _cards_drawn(state: GameState, event: CardsDrawn) -> None:
    seat, count = event.seat, event.count
    if count:
        state.hands[seat] += event.cards
        del state.draw[len(state.draw) - count :]
        state.uno_said[seat] = False
        if state.uno_window == seat:
            state.uno_window = None
    reason = event.reason
    if reason is _CHOICE:
        # Drawing starts a turn, which closes any UNO window (R-UNO-3).
        state.uno_window = None
        state.passes = 0 if count else state.passes + 1
        return
    if reason is not _UNO_PENALTY:
        # A card's penalty is being drawn: whatever a stack had built up is paid (R-HOUSE-1).
        state.pending = 0
    if reason is DrawReason.DRAW_FOUR:
        # The Wild Draw Four was taken unchallenged: no bluff is left to find out.
        state.bluff = None


def _color_named(state: GameState, event: ColorNamed) -> None:
    state.color = event.color


def _nothing(state: GameState, event: AnyEvent) -> None:
    """The fact changes nothing that the next events don't set themselves."""


def _direction_reversed(state: GameState, event: DirectionReversed) -> None:
    state.direction = event.direction


def _drawn_card_playable(state: GameState, event: DrawnCardPlayable) -> None:
    state.decision, state.drawn = _PLAY_OR_KEEP, event.card


def _card_kept(state: GameState, event: CardKept) -> None:
    state.decision, state.drawn = _PLAY, None
    # An UNO said just before a play that did not come holds no more (R-UNO-7).
    state.uno_said[event.seat] = False


def _uno_called(state: GameState, event: UnoCalled) -> None:
    state.uno_said[event.seat] = True
    if state.uno_window == event.seat:
        state.uno_window = None


def _uno_caught(state: GameState, event: UnoCaught) -> None:
    state.uno_window = None


def _challenge_resolved(state: GameState, event: ChallengeResolved) -> None:
    state.bluff = None


def _discards_reshuffled(state: GameState, event: DiscardsReshuffled) -> None:
    del state.discard[:-1]
    state.draw = list(reversed(event.order))
    state.rng = event.rng


def _dealer_chosen(state: GameState, event: DealerChosen) -> None:
    state.dealer = event.dealer
    if event.draws:
        state.rng = event.rng


def _hand_started(state: GameState, event: HandStarted) -> None:
    n = state.players
    state.phase, state.hand, state.dealer = _PLAYING, event.hand, event.dealer
    state.hands = [[] for _ in range(n)]
    state.discard = []
    state.draw = list(reversed(deck_for(state.rules)))
    state.color, state.direction, state.turn = None, 1, event.dealer
    state.decision, state.drawn, state.bluff, state.passes = _PLAY, None, None, 0
    state.pending = 0
    state.uno_said, state.uno_window = [False] * n, None


def _deck_shuffled(state: GameState, event: DeckShuffled) -> None:
    state.draw = list(reversed(event.order))
    state.rng = event.rng


def _cards_dealt(state: GameState, event: CardsDealt) -> None:
    state.hands = [list(hand) for hand in event.hands]
    del state.draw[len(state.draw) - sum(len(hand) for hand in event.hands) :]


def _start_card_turned(state: GameState, event: StartCardTurned) -> None:
    card = state.draw.pop()
    state.discard.append(card)
    state.color = COLOR_OF[card]


def _start_card_returned(state: GameState, event: StartCardReturned) -> None:
    state.draw.insert(0, state.discard.pop())


def _hand_ended(state: GameState, event: HandEnded) -> None:
    state.phase = _HAND_OVER
    state.scores = list(event.totals)
    state.results.append(event.points)
    state.uno_window = None


def _draws_stacked(state: GameState, event: DrawsStacked) -> None:
    state.pending = event.total


def _jumped_in(state: GameState, event: JumpedIn) -> None:
    # The turn player's pending choice is void; the card that follows decides what's next.
    state.turn, state.drawn = event.seat, None


def _forget_uno(state: GameState) -> None:
    """Hands changed owners: nobody has said UNO for the hand they now hold (R-UNO-7)."""
    state.uno_said = [False] * state.players
    state.uno_window = None


def _hands_swapped(state: GameState, event: HandsSwapped) -> None:
    hands = state.hands
    hands[event.seat], hands[event.other] = hands[event.other], hands[event.seat]
    # Only the two hands changed owners (R-UNO-7); the play before closed any window.
    state.uno_said[event.seat] = state.uno_said[event.other] = False
    state.uno_window = None


def _hands_rotated(state: GameState, event: HandsRotated) -> None:
    n, step = state.players, event.direction
    old = state.hands
    state.hands = [old[(seat - step) % n] for seat in range(n)]
    _forget_uno(state)


def _hands_shuffled(state: GameState, event: HandsShuffled) -> None:
    state.hands = [list(hand) for hand in event.hands]
    state.rng = event.rng
    _forget_uno(state)


def _match_won(state: GameState, event: MatchWon) -> None:
    state.phase, state.winners = _MATCH_OVER, event.winners


_HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    TurnStarted: _turn_started,
    CardPlayed: _card_played,
    CardsDrawn: _cards_drawn,
    ColorNamed: _color_named,
    TurnSkipped: _nothing,
    DirectionReversed: _direction_reversed,
    DrawnCardPlayable: _drawn_card_playable,
    CardKept: _card_kept,
    UnoCalled: _uno_called,
    UnoCaught: _uno_caught,
    ChallengeResolved: _challenge_resolved,
    DiscardsReshuffled: _discards_reshuffled,
    DealerChosen: _dealer_chosen,
    HandStarted: _hand_started,
    DeckShuffled: _deck_shuffled,
    CardsDealt: _cards_dealt,
    StartCardTurned: _start_card_turned,
    StartCardReturned: _start_card_returned,
    HandEnded: _hand_ended,
    MatchWon: _match_won,
    DrawsStacked: _draws_stacked,
    JumpedIn: _jumped_in,
    HandsSwapped: _hands_swapped,
    HandsRotated: _hands_rotated,
    HandsShuffled: _hands_shuffled,
}
if set(_HANDLERS) != set(get_args(AnyEvent)):
    raise AssertionError("every event type needs exactly one apply handler")
