"""What one seat may know: `view_for` and `redact`. The audit view (seat None) sees all."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from .cards import Card, Color
from .commands import Seat
from .decide import playable_cards
from .events import (
    AnyEvent,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    DealerChosen,
    Decision,
    DeckShuffled,
    DiscardsReshuffled,
    DrawnCardPlayable,
    HandsShuffled,
)
from .rules import RuleSet
from .state import GameState, Phase

__all__ = ["PlayerView", "redact", "view_for", "visible_events"]


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """The table as one seat sees it; the audit view (seat None) also shows every hand."""

    seat: Seat | None
    """Whose view this is; None for the all-seeing audit view."""
    players: int
    rules: RuleSet
    phase: Phase
    hand_number: int
    dealer: int
    hand: tuple[Card, ...]
    """This seat's cards (empty in the audit view)."""
    hands: tuple[tuple[Card, ...], ...] | None
    """Every seat's cards, in the audit view only."""
    hand_sizes: tuple[int, ...]
    top: Card | None
    color: Color | None
    """The current colour: the top card's, or the one a wild named."""
    direction: int
    """1 forward (to the dealer's left), -1 backward."""
    turn: int
    decision: Decision
    drawn: Card | None
    """The card the turn player just drew and may play; only that player (or audit) sees it."""
    uno_said: tuple[bool, ...]
    catchable: int | None
    """A seat on one card that has not said UNO and may be caught now."""
    draw_count: int
    discard: tuple[Card, ...]
    """The discard pile, bottom first: every card in it was played face up."""
    scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    """Points each seat scored in each finished hand."""
    winners: tuple[int, ...]
    pending: int = 0
    """Under stacking: the draw total waiting for the turn player (R-HOUSE-1)."""
    playable: tuple[Card, ...] = ()
    """The distinct cards of `hand` this seat may play now, as the rules in force allow
    (on a stack only what stacks, R-HOUSE-1; off its turn only a jump-in, R-HOUSE-3)."""


def view_for(state: GameState, seat: int | None) -> PlayerView:
    """The view of `seat`, or the audit view when `seat` is None."""
    window = state.uno_window
    catchable = window if window is not None and not state.uno_said[window] and len(state.hands[window]) == 1 else None
    sees_drawn = seat is None or seat == state.turn
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        phase=state.phase,
        hand_number=state.hand,
        dealer=state.dealer,
        hand=tuple(state.hands[seat]) if seat is not None else (),
        hands=tuple(tuple(hand) for hand in state.hands) if seat is None else None,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        top=state.discard[-1] if state.discard else None,
        color=state.color,
        direction=state.direction,
        turn=state.turn,
        decision=state.decision,
        drawn=state.drawn if sees_drawn else None,
        uno_said=tuple(state.uno_said),
        catchable=catchable,
        draw_count=len(state.draw),
        discard=tuple(state.discard),
        scores=tuple(state.scores),
        results=tuple(state.results),
        winners=state.winners,
        pending=state.pending,
        playable=tuple(playable_cards(state, seat)) if seat is not None else (),
    )


def redact(event: AnyEvent, seat: int | None) -> AnyEvent:
    """The event as `seat` saw it: others' cards, the deck order and bluffs hidden.

    The audit view (None) sees everything.
    """
    if seat is None:
        return event
    match event:
        case CardsDrawn(seat=drawer) if drawer != seat and event.cards:
            return msgspec.structs.replace(event, cards=())
        case CardsDealt(hands=hands):
            return CardsDealt(hands=tuple(hand if i == seat else () for i, hand in enumerate(hands)))
        case HandsShuffled(hands=hands):
            return msgspec.structs.replace(
                event, hands=tuple(hand if i == seat else () for i, hand in enumerate(hands)), rng=0)
        case DeckShuffled() | DiscardsReshuffled():
            return msgspec.structs.replace(event, order=(), rng=0)
        case DealerChosen() if event.draws:
            return msgspec.structs.replace(event, rng=0)
        case CardPlayed() if event.bluff is not None:
            return msgspec.structs.replace(event, bluff=None)
        case DrawnCardPlayable(seat=drawer) if drawer != seat:
            return msgspec.structs.replace(event, card=None)
        case ChallengeResolved(challenger=challenger, challenged=challenged) if seat not in (challenger, challenged):
            return msgspec.structs.replace(event, revealed=())
    return event


def visible_events(events: Iterable[AnyEvent], seat: int | None) -> list[AnyEvent]:
    """The events `seat` saw, redacted, in order."""
    return [redact(event, seat) for event in events]
