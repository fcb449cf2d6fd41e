"""How cards and colours read on screen: notation plus a symbol per colour, so colour is never needed.

Red ♥, yellow ★, green ♣, blue ♠, wild ◆: a card reads `r7 ♥` on any terminal, in colour or not.
"""

from __future__ import annotations

from collections.abc import Iterable

from unotui.engine import COLORS, Card, Color
from unotui.record.narrate import YOU

__all__ = ["COLOR_SYMBOL", "WILD_SYMBOL", "card_class", "card_label", "card_name", "color_name", "named", "number_word",
           "possessive", "rank_name", "sort_cards"]

COLOR_SYMBOL: dict[Color, str] = {Color.RED: "♥", Color.YELLOW: "★", Color.GREEN: "♣", Color.BLUE: "♠"}
"""One symbol per colour, shown beside every colour letter."""
WILD_SYMBOL = "◆"

_RANK_NAMES = {
    "0": "zero", "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "s": "Skip", "r": "Reverse", "+2": "Draw Two",
}
_RANK_ORDER = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "r", "+2", "w", "w+4", "wsh", "wc"]
"""Ranks in hand order; the 2018 deck's Wild Shuffle Hands and Wild Customizable come last."""
_WILD_NAMES = {
    Card.WILD: "Wild", Card.WILD_DRAW_FOUR: "Wild Draw Four",
    Card.WILD_SHUFFLE_HANDS: "Wild Shuffle Hands", Card.WILD_CUSTOMIZABLE: "Wild Customizable",
}


def card_label(card: Card) -> str:
    """The notation with its colour symbol.

    >>> card_label(Card.R7), card_label(Card.WILD_DRAW_FOUR)
    ('r7 ♥', 'w+4 ◆')
    """
    color = card.color
    return f"{card.value} {COLOR_SYMBOL[color] if color is not None else WILD_SYMBOL}"


def number_word(count: int) -> str:
    """A count in words up to nine, in digits beyond.

    >>> number_word(4), number_word(12)
    ('four', '12')
    """
    return _RANK_NAMES[str(count)] if 0 <= count <= 9 else str(count)


def named(name: str) -> str:
    """A player's name inside a sentence: "you" for the player called You (the name a seat
    at this keyboard gets by default), which a replay shows like any other name.

    >>> named("Bo"), named("You")
    ('Bo', 'you')
    """
    return "you" if name == YOU else name


def possessive(name: str, start: bool = False) -> str:
    """A player's name owning something: "Bo's", "your" ("Your" at the `start` of a title).

    >>> possessive("Bo"), possessive("You"), possessive("You", start=True)
    ("Bo's", 'your', 'Your')
    """
    if name == YOU:
        return "Your" if start else "your"
    return f"{name}'s"


def rank_name(rank: str) -> str:
    """A coloured card's rank in words, as `card_name` says it.

    >>> rank_name("7"), rank_name("+2")
    ('7', 'Draw Two')
    """
    return rank if rank.isdigit() else _RANK_NAMES[rank]


def card_name(card: Card) -> str:
    """The card in words.

    >>> card_name(Card.R7), card_name(Card.G_SKIP), card_name(Card.WILD_DRAW_FOUR)
    ('red 7', 'green Skip', 'Wild Draw Four')
    """
    color = card.color
    if color is None:
        return _WILD_NAMES[card]
    return f"{color.value} {rank_name(card.rank)}"


def color_name(color: Color | None) -> str:
    """A colour in words with its symbol.

    A wild on top before its colour is named (a Wild start card, or a step through a
    replay between a wild and its colour) has its colour "to be named".

    >>> color_name(Color.BLUE), color_name(None)
    ('blue ♠', 'to be named')
    """
    return "to be named" if color is None else f"{color.value} {COLOR_SYMBOL[color]}"


def card_class(card: Card) -> str:
    """The CSS class of a card face: `-red` ... `-blue`, `-wild`."""
    color = card.color
    return f"-{color.value}" if color is not None else "-wild"


def sort_cards(cards: Iterable[Card], by_color: bool = True) -> list[Card]:
    """Cards by colour then rank (wilds last), or by rank then colour.

    >>> sort_cards([Card.WILD_CUSTOMIZABLE, Card.WILD, Card.B2, Card.R9, Card.R1])
    [<Card.R1: 'r1'>, <Card.R9: 'r9'>, <Card.B2: 'b2'>, <Card.WILD: 'w'>, <Card.WILD_CUSTOMIZABLE: 'wc'>]
    """
    def key(card: Card) -> tuple[int, int]:
        color = COLORS.index(card.color) if card.color is not None else len(COLORS)
        rank = _RANK_ORDER.index(card.rank)
        return (color, rank) if by_color else (rank, color)

    return sorted(cards, key=key)
