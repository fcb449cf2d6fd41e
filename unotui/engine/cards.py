"""Card faces, colours, the decks and the card notation (`r7`, `gr`, `y+2`, `w+4`, `wsh`, `wc`)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

__all__ = [
    "COLORS",
    "DECK",
    "DECK_2018",
    "Card",
    "CardParseError",
    "Color",
    "card_points",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_color",
]


class Color(StrEnum):
    """The four suit colours; the value is what files show."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        """The one-letter form used in the card notation."""
        return self.value[0]


COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)


class Card(StrEnum):
    """One card face, written in the card notation; the value is what files and logs show.

    Two red sevens are the same card in UNO, so a card is its face.
    """

    R0 = "r0"; R1 = "r1"; R2 = "r2"; R3 = "r3"; R4 = "r4"  # noqa: E702
    R5 = "r5"; R6 = "r6"; R7 = "r7"; R8 = "r8"; R9 = "r9"  # noqa: E702
    R_SKIP = "rs"; R_REVERSE = "rr"; R_DRAW_TWO = "r+2"  # noqa: E702
    Y0 = "y0"; Y1 = "y1"; Y2 = "y2"; Y3 = "y3"; Y4 = "y4"  # noqa: E702
    Y5 = "y5"; Y6 = "y6"; Y7 = "y7"; Y8 = "y8"; Y9 = "y9"  # noqa: E702
    Y_SKIP = "ys"; Y_REVERSE = "yr"; Y_DRAW_TWO = "y+2"  # noqa: E702
    G0 = "g0"; G1 = "g1"; G2 = "g2"; G3 = "g3"; G4 = "g4"  # noqa: E702
    G5 = "g5"; G6 = "g6"; G7 = "g7"; G8 = "g8"; G9 = "g9"  # noqa: E702
    G_SKIP = "gs"; G_REVERSE = "gr"; G_DRAW_TWO = "g+2"  # noqa: E702
    B0 = "b0"; B1 = "b1"; B2 = "b2"; B3 = "b3"; B4 = "b4"  # noqa: E702
    B5 = "b5"; B6 = "b6"; B7 = "b7"; B8 = "b8"; B9 = "b9"  # noqa: E702
    B_SKIP = "bs"; B_REVERSE = "br"; B_DRAW_TWO = "b+2"  # noqa: E702
    WILD = "w"
    WILD_DRAW_FOUR = "w+4"
    WILD_SHUFFLE_HANDS = "wsh"
    """Only in the 2018 deck (R-DECK-3): every hand is collected, shuffled and dealt again."""
    WILD_CUSTOMIZABLE = "wc"
    """Only in the 2018 deck (R-DECK-3): does the effect the table chose before the match."""

    @property
    def color(self) -> Color | None:
        """None on wilds: the colour a wild names is game state, not part of the card."""
        return COLOR_OF[self]

    @property
    def rank(self) -> str:
        """What the card shows besides its colour: `0`-`9`, `s`, `r`, `+2`, `w`, `w+4`, `wsh`, `wc`."""
        return RANK_OF[self]

    @property
    def is_wild(self) -> bool:
        return COLOR_OF[self] is None

    @property
    def is_number(self) -> bool:
        return RANK_OF[self].isdigit()

    @property
    def is_action(self) -> bool:
        """Skip, Reverse, Draw Two and the wilds: every card that is not a number."""
        return not RANK_OF[self].isdigit()

    @property
    def points(self) -> int:
        """Rule: R-SCORE-2."""
        return POINTS_OF[self]


SKIP, REVERSE, DRAW_TWO, WILD_RANK, WILD_DRAW_FOUR_RANK = "s", "r", "+2", "w", "w+4"

COLOR_BY_LETTER: dict[str, Color] = {color.letter: color for color in COLORS}
COLOR_OF: dict[Card, Color | None] = {
    card: None if card.value.startswith("w") else COLOR_BY_LETTER[card.value[0]] for card in Card
}
RANK_OF: dict[Card, str] = {
    card: card.value if COLOR_OF[card] is None else card.value[1:] for card in Card
}
POINTS_OF: dict[Card, int] = {
    card: int(RANK_OF[card]) if RANK_OF[card].isdigit() else 50 if COLOR_OF[card] is None else 20
    for card in Card
}


EDITION_2018_WILDS: tuple[Card, ...] = (
    Card.WILD_SHUFFLE_HANDS, Card.WILD_CUSTOMIZABLE, Card.WILD_CUSTOMIZABLE, Card.WILD_CUSTOMIZABLE,
)
"""Rule: R-DECK-3. What the 2018 deck adds to the original 108 cards."""


def _build_deck() -> tuple[Card, ...]:
    """Rule: R-DECK-1. One 0, two of every other coloured face, four of each wild."""
    deck: list[Card] = []
    for card in Card:
        if card in EDITION_2018_WILDS:
            continue
        if card.is_wild:
            deck += [card] * 4
        else:
            deck += [card] * (1 if RANK_OF[card] == "0" else 2)
    return tuple(deck)


DECK: tuple[Card, ...] = _build_deck()
"""The 108 faces of the original deck, duplicates included, in a fixed canonical order."""

DECK_2018: tuple[Card, ...] = DECK + EDITION_2018_WILDS
"""Rule: R-DECK-3. The 112 faces of the 2018 deck: the original plus Wild Shuffle Hands
and three Wild Customizable."""


class CardParseError(ValueError):
    """Text that is not a card (or colour) in the notation."""


def card_points(cards: Iterable[Card]) -> int:
    """Total value of some cards (R-SCORE-2).

    >>> card_points([Card.G9, Card.G_SKIP, Card.WILD_DRAW_FOUR])
    79
    """
    return sum(POINTS_OF[card] for card in cards)


def parse_card(text: str) -> Card:
    """Read one card in the notation, case-insensitively.

    >>> parse_card("R7"), parse_card("gr"), parse_card("W+4")
    (<Card.R7: 'r7'>, <Card.G_REVERSE: 'gr'>, <Card.WILD_DRAW_FOUR: 'w+4'>)

    Raises:
        CardParseError: quoting the text, when it names no card.
    """
    try:
        return Card(text.strip().lower())
    except ValueError:
        raise CardParseError(f"unknown card: {text!r} (cards look like r7, gr, bs, y+2, w, w+4, wsh, wc)") from None


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, or an iterable of card texts.

    >>> parse_cards("r7, g+2 w")
    (<Card.R7: 'r7'>, <Card.G_DRAW_TWO: 'g+2'>, <Card.WILD: 'w'>)
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(parse_card(item) for item in items)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, space separated.

    >>> format_cards([Card.R7, Card.WILD])
    'r7 w'
    """
    return " ".join(card.value for card in cards)


def parse_color(text: str) -> Color:
    """Read a colour by name or letter, case-insensitively.

    >>> parse_color("R"), parse_color("blue")
    (<Color.RED: 'red'>, <Color.BLUE: 'blue'>)

    Raises:
        CardParseError: quoting the text, when it names no colour.
    """
    word = text.strip().lower()
    for color in COLORS:
        if word in (color.value, color.letter):
            return color
    raise CardParseError(f"unknown colour: {text!r} (colours are red, yellow, green, blue)")
