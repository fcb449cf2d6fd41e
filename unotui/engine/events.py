"""Events: decided facts. Never rejected, never edited; `apply` folds them into the state."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from .cards import Card, Color
from .commands import Seat

__all__ = [
    "AnyEvent",
    "CardKept",
    "CardPlayed",
    "CardsDealt",
    "CardsDrawn",
    "ChallengeResolved",
    "ColorNamed",
    "Decision",
    "DealerChosen",
    "DealerDraw",
    "DeckShuffled",
    "DirectionReversed",
    "DiscardsReshuffled",
    "DrawnCardPlayable",
    "DrawReason",
    "DrawsStacked",
    "Event",
    "HandEnded",
    "HandStarted",
    "HandsRotated",
    "HandsShuffled",
    "HandsSwapped",
    "JumpedIn",
    "MatchWon",
    "StartCardReturned",
    "StartCardTurned",
    "TurnSkipped",
    "TurnStarted",
    "UnoCalled",
    "UnoCaught",
]


class Decision(StrEnum):
    """What the seat whose turn it is must decide next."""

    PLAY = "play"
    """Play a card or draw (R-TURN-1, R-TURN-2)."""
    PLAY_OR_KEEP = "play_or_keep"
    """Play the playable card just drawn, or keep it (R-TURN-3)."""
    CHOOSE_COLOR = "choose_color"
    """Name the colour of a Wild start card (R-SETUP-4)."""
    CHALLENGE = "challenge"
    """Challenge or accept a Wild Draw Four (R-WD4-3); under `stacking` also stack one."""
    STACK = "stack"
    """Answer the pending draw total: stack a Draw Two (or an unchallengeable Wild Draw
    Four) or draw the total (R-HOUSE-1)."""


class DrawReason(StrEnum):
    """Why cards were drawn; the log says it in words."""

    CHOICE = "choice"
    """A draw instead of a play (R-TURN-2)."""
    DRAW_TWO = "draw_two"
    """Hit by a Draw Two (R-ACT-3)."""
    DRAW_FOUR = "draw_four"
    """Hit by a Wild Draw Four and not challenging (R-WD4-5)."""
    BLUFF_CAUGHT = "bluff_caught"
    """Played a Wild Draw Four illegally and was challenged (R-WD4-4)."""
    CHALLENGE_FAILED = "challenge_failed"
    """Challenged a legal Wild Draw Four: four plus two (R-WD4-4)."""
    UNO_PENALTY = "uno_penalty"
    """Caught not saying UNO (R-UNO-4)."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """A decided fact."""


class DealerDraw(msgspec.Struct, frozen=True, kw_only=True):
    """One card drawn to choose the dealer."""

    seat: Seat
    card: Card


class DealerChosen(Event, frozen=True, tag="dealer_chosen"):
    """Rule: R-SETUP-1. Who deals, and the cards drawn to decide it (empty if fixed)."""

    dealer: Seat
    draws: tuple[DealerDraw, ...] = ()
    rng: int = 0


class HandStarted(Event, frozen=True, tag="hand_started"):
    """A new hand begins; the deal passes forward from hand to hand."""

    hand: int
    dealer: Seat


class DeckShuffled(Event, frozen=True, tag="deck_shuffled"):
    """The draw pile is now `order`, top card first (R-SETUP-2, R-SETUP-4)."""

    order: tuple[Card, ...]
    rng: int


class CardsDealt(Event, frozen=True, tag="cards_dealt"):
    """Rule: R-SETUP-2. Each seat's hand, dealt from the top of the draw pile."""

    hands: tuple[tuple[Card, ...], ...]


class StartCardTurned(Event, frozen=True, tag="start_card_turned"):
    """Rule: R-SETUP-3. The top of the draw pile starts the discard pile."""

    card: Card


class StartCardReturned(Event, frozen=True, tag="start_card_returned"):
    """Rule: R-SETUP-4. The start card goes back into the draw pile to be reshuffled."""

    card: Card


class TurnStarted(Event, frozen=True, tag="turn_started"):
    """It is `seat`'s turn, to decide `decision` (PLAY, CHOOSE_COLOR or CHALLENGE)."""

    seat: Seat
    decision: Decision = Decision.PLAY


class DrawnCardPlayable(Event, frozen=True, tag="drawn_card_playable"):
    """Rule: R-TURN-3. `seat` may play the card just drawn, or keep it.

    `card` is None in another seat's view.
    """

    seat: Seat
    card: Card | None


class CardKept(Event, frozen=True, tag="card_kept"):
    """Rule: R-TURN-3. `seat` keeps the playable card just drawn; the turn passes."""

    seat: Seat


class CardPlayed(Event, frozen=True, tag="card_played"):
    """Rule: R-TURN-1. A card leaves `seat`'s hand for the top of the discard pile."""

    seat: Seat
    card: Card
    bluff: bool | None = None
    """On a Wild Draw Four: whether it was played while holding the current colour
    (R-WD4-2). Hidden (None) in a player's view."""


class ColorNamed(Event, frozen=True, tag="color_named"):
    """Rule: R-TURN-4. The colour a wild names; it is the current colour now."""

    seat: Seat
    color: Color


class TurnSkipped(Event, frozen=True, tag="turn_skipped"):
    """Rule: R-ACT-1. `seat` loses the turn."""

    seat: Seat


class DirectionReversed(Event, frozen=True, tag="direction_reversed"):
    """Rule: R-ACT-2. `direction` is the new direction: 1 forward, -1 backward."""

    direction: int


class CardsDrawn(Event, frozen=True, tag="cards_drawn"):
    """`seat` takes `count` cards from the draw pile; `cards` is empty in another seat's view."""

    seat: Seat
    count: int
    cards: tuple[Card, ...]
    reason: DrawReason


class DiscardsReshuffled(Event, frozen=True, tag="discards_reshuffled"):
    """Rule: R-TURN-5. The discard pile but its top card becomes the draw pile `order`."""

    order: tuple[Card, ...]
    rng: int


class UnoCalled(Event, frozen=True, tag="uno_called"):
    """Rule: R-UNO-1. `seat` says UNO."""

    seat: Seat


class UnoCaught(Event, frozen=True, tag="uno_caught"):
    """Rule: R-UNO-4. `by` catches `seat`, who draws the penalty next."""

    seat: Seat
    by: Seat


class ChallengeResolved(Event, frozen=True, tag="challenge_resolved"):
    """Rule: R-WD4-3, R-WD4-4. `revealed` is shown to the challenger only."""

    challenger: Seat
    challenged: Seat
    succeeded: bool
    revealed: tuple[Card, ...]


class HandEnded(Event, frozen=True, tag="hand_ended"):
    """Rule: R-SCORE-1, R-SCORE-3. `points[s]` is added to seat s's total.

    `winner` is None when the hand was blocked (R-TURN-6).
    """

    winner: Seat | None
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


class MatchWon(Event, frozen=True, tag="match_won"):
    """Rule: R-SCORE-4, R-SCORE-5. More than one winner only in a shared penalty-mode win."""

    winners: tuple[Seat, ...]
    totals: tuple[int, ...]


class DrawsStacked(Event, frozen=True, tag="draws_stacked"):
    """Rule: R-HOUSE-1. The draw total now pending on the next player is `total`."""

    total: int


class JumpedIn(Event, frozen=True, tag="jumped_in"):
    """Rule: R-HOUSE-3. `seat` plays out of turn; the card follows, play goes on from them."""

    seat: Seat


class HandsSwapped(Event, frozen=True, tag="hands_swapped"):
    """Rule: R-HOUSE-2, R-DECK-3. `seat` and `other` exchange their whole hands."""

    seat: Seat
    other: Seat


class HandsRotated(Event, frozen=True, tag="hands_rotated"):
    """Rule: R-HOUSE-2. Every hand passes to the next seat in `direction` (1 or -1)."""

    direction: int


class HandsShuffled(Event, frozen=True, tag="hands_shuffled"):
    """Rule: R-DECK-3. Every hand was collected, shuffled and dealt out again.

    `hands` is the new deal (only the viewer's own hand in a player's view); `sizes`
    says how many cards each seat now holds.
    """

    hands: tuple[tuple[Card, ...], ...]
    sizes: tuple[int, ...]
    rng: int


AnyEvent = (
    DealerChosen | HandStarted | DeckShuffled | CardsDealt | StartCardTurned | StartCardReturned
    | TurnStarted | DrawnCardPlayable | CardKept | CardPlayed | ColorNamed | TurnSkipped | DirectionReversed | CardsDrawn
    | DiscardsReshuffled | UnoCalled | UnoCaught | ChallengeResolved | HandEnded | MatchWon
    | DrawsStacked | JumpedIn | HandsSwapped | HandsRotated | HandsShuffled
)
