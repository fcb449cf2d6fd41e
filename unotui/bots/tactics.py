"""Small card-sense helpers shared by the levels: colour counts, unseen cards, odds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from unotui.engine import COLORS, DECK, DECK_2018, AnyCommand, Card, Color, PlayerView, StartHand, deck_for
from unotui.engine.cards import COLOR_OF, POINTS_OF

from .memory import TableMemory

__all__ = [
    "COLOR_INDEX",
    "DECK_COUNTS",
    "best_color",
    "color_counts",
    "color_odds",
    "fallback_command",
    "holds_color_odds",
    "next_seat",
    "unseen_cards",
]

DECK_COUNTS: dict[int, Counter[Card]] = {len(deck): Counter(deck) for deck in (DECK, DECK_2018)}
"""Each edition's cards, by deck size."""

COLOR_INDEX: dict[Card | Color | None, int] = {
    **{color: index for index, color in enumerate(COLORS)}, None: 4,
    **{card: COLORS.index(color) if color is not None else 4 for card, color in COLOR_OF.items()},
}
"""A card's colour (or a colour, or None for the wilds') as an index into a list of
counts, wilds last: the search's inner loops count colours in plain lists.

>>> COLOR_INDEX[Card.G7], COLOR_INDEX[Color.GREEN], COLOR_INDEX[Card.WILD]
(2, 2, 4)
"""


def next_seat(view: PlayerView, seat: int, steps: int = 1) -> int:
    """The seat `steps` places after `seat` in the direction of play."""
    return (seat + view.direction * steps) % view.players


def color_counts(hand: Iterable[Card]) -> dict[Color, int]:
    """How many cards of each colour a hand holds, wilds left out.

    >>> color_counts([Card.R1, Card.R_SKIP, Card.B2, Card.WILD])[Color.RED]
    2
    """
    counts = dict.fromkeys(COLORS, 0)
    for card in hand:
        color = COLOR_OF[card]
        if color is not None:
            counts[color] += 1
    return counts


def best_color(hand: Iterable[Card], prefer: Sequence[Color] = ()) -> Color:
    """The colour to name: the one held most, then by points held, then `prefer` order.

    >>> best_color([Card.G1, Card.G2, Card.R_SKIP]).value
    'green'
    """
    count: dict[Color, int] = dict.fromkeys(COLORS, 0)
    points: dict[Color, int] = dict.fromkeys(COLORS, 0)
    for card in hand:
        color = COLOR_OF[card]
        if color is not None:
            count[color] += 1
            points[color] += POINTS_OF[card]
    order = list(prefer) + [color for color in COLORS if color not in prefer]
    return max(order, key=lambda color: (count[color], points[color], -order.index(color)))


def unseen_cards(view: PlayerView) -> Counter[Card]:
    """Cards this seat has not seen: in other hands or the draw pile.

    Everything in the discard pile was played face up and the seat sees its own hand;
    the rest of the deck is unseen.
    """
    unseen = DECK_COUNTS[len(deck_for(view.rules))].copy()
    unseen.subtract(view.hand)
    unseen.subtract(view.discard)
    return +unseen


def holds_color_odds(view: PlayerView, memory: TableMemory, seat: int, color: Color, held: int) -> float:
    """The chance that `seat`, holding `held` cards, has at least one card of `color`.

    Counts the unseen cards and treats the seat's cards as drawn from them, except
    the cards its notes rule out or reveal.
    """
    known = memory.known[seat]
    if any(COLOR_OF[card] is color for card in known.elements()):
        return 1.0
    void = memory.voids[seat]
    ruled_out = any(COLOR_OF[card] is color for card in void)
    free = held - sum(known.values()) - (memory.constrained(seat, held) if ruled_out else 0)
    return color_odds(unseen_cards(view), color, max(0, free))


def color_odds(unseen: Counter[Card], color: Color, free: int) -> float:
    """The chance that `free` cards dealt at random from `unseen` include one of `color`.

    >>> round(color_odds(Counter({Card.R1: 1, Card.B1: 3}), Color.RED, 2), 2)
    0.5
    """
    total = sum(unseen.values())
    of_color = sum(count for card, count in unseen.items() if COLOR_OF[card] is color)
    if total <= 0:
        return 0.0
    miss = 1.0
    for index in range(free):
        left = total - index
        if left <= 0:
            break
        miss *= max(0.0, (left - of_color) / left)
    return 1.0 - miss


def fallback_command(view: PlayerView, legal: Sequence[AnyCommand]) -> AnyCommand:
    """What any level gives when asked outside its own turn: the first legal command,
    preferring to start a hand."""
    for command in legal:
        if isinstance(command, StartHand):
            return command
    return legal[0]
