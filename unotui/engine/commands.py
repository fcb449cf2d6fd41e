"""Commands: what a seat asks the engine to do. The engine may reject any of them."""

from __future__ import annotations

from typing import Annotated

import msgspec

from .cards import Card, Color

__all__ = [
    "AcceptDrawFour",
    "AnyCommand",
    "CallUno",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Command",
    "DrawCard",
    "KeepCard",
    "PlayCard",
    "Seat",
    "StartHand",
]

Seat = Annotated[int, msgspec.Meta(ge=0, le=9)]
"""A player's fixed place at the table, 0..N-1."""


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """A request from a seat."""

    seat: Seat


class StartHand(Command, frozen=True, tag="start_hand"):
    """Deal the next hand (the first one too). Any seat may ask."""


class PlayCard(Command, frozen=True, tag="play_card"):
    """Play a card from the hand (R-TURN-1), or the card just drawn (R-TURN-3)."""

    card: Card
    color: Color | None = None
    """The colour a wild names (R-TURN-4); required on wilds, refused on other cards."""
    uno: bool = False
    """Say UNO with this play, which leaves one card (R-UNO-1)."""
    swap_with: Seat | None = None
    """The seat to swap hands with: required on a 7 under `seven_o` (R-HOUSE-2) and on a
    Wild Customizable whose effect is swap hands (R-DECK-3), unless the play ends the
    hand; refused otherwise."""
    also: tuple[Card, ...] = ()
    """More number cards of the same number played with `card` under `multi_play`
    (R-HOUSE-6). The last one sets the colour; the ones before it are listed in deck
    order (red, yellow, green, blue), so each way of playing has one spelling."""


class DrawCard(Command, frozen=True, tag="draw_card"):
    """Draw one card instead of playing (R-TURN-2)."""


class KeepCard(Command, frozen=True, tag="keep_card"):
    """Keep the playable card just drawn and end the turn (R-TURN-3)."""


class ChooseColor(Command, frozen=True, tag="choose_color"):
    """Name the colour of a Wild start card (R-SETUP-4)."""

    color: Color


class Challenge(Command, frozen=True, tag="challenge"):
    """Challenge the Wild Draw Four just played on you (R-WD4-3)."""


class AcceptDrawFour(Command, frozen=True, tag="accept"):
    """Take the four cards without challenging (R-WD4-5)."""


class CallUno(Command, frozen=True, tag="call_uno"):
    """Say UNO: before the last-but-one card, or late until caught (R-UNO-7)."""


class CatchUno(Command, frozen=True, tag="catch_uno"):
    """Catch a player who is down to one card and has not said UNO (R-UNO-3)."""

    target: Seat


AnyCommand = (
    StartHand | PlayCard | DrawCard | KeepCard | ChooseColor | Challenge | AcceptDrawFour
    | CallUno | CatchUno
)
