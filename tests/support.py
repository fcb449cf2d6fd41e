"""Scenario builders for tests: positions from card notation, stacked deals, checked commands.

pytest puts `tests/` on the import path (through `tests/conftest.py`), so any test may
write `from support import scenario, stacked_deal, run, reject`.

    match = scenario(hands=[["r1", "g2"], ["b2"]], discard=["r5"], draw_pile=["r9"])
    run(match, DrawCard(seat=0))            # asserts Accepted, returns the new events
    rejected = reject(match, KeepCard(seat=1))
    assert rejected.rule == "R-TURN-1"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

from unotui.engine import (
    DECK,
    Accepted,
    AnyCommand,
    AnyEvent,
    Card,
    Color,
    Decision,
    Match,
    Position,
    Rejected,
    RuleSet,
    Setup,
    StartHand,
    deck_for,
    parse_card,
    parse_color,
)

__all__ = ["cards", "deck_rest", "reject", "run", "scenario", "stacked_deal", "stacked_deck"]

Cards = Iterable[str | Card]
"""Cards as notation strings (`"r7"`, `"w+4"`) or `Card` values."""


def cards(items: Cards) -> tuple[Card, ...]:
    """Cards from notation (or `Card` values), in order.

    >>> cards(["r7", "W+4"])
    (<Card.R7: 'r7'>, <Card.WILD_DRAW_FOUR: 'w+4'>)
    """
    return tuple(item if isinstance(item, Card) else parse_card(item) for item in items)


def deck_rest(*used: Iterable[Card], deck: Sequence[Card] = DECK) -> list[Card]:
    """The cards of `deck` (the 108-card deck by default) not in `used`, in its fixed order.

    Raises:
        ValueError: naming a card used more often than the deck holds it.

    >>> len(deck_rest([Card.R0, Card.WILD]))
    106
    """
    rest = Counter(deck)
    for group in used:
        rest.subtract(group)
    over = [card.value for card, count in rest.items() if count < 0]
    if over:
        raise ValueError(f"more copies than the deck holds of: {' '.join(over)}")
    return [card for card in dict.fromkeys(deck) for _ in range(rest[card])]


def scenario(
    hands: Sequence[Cards],
    discard: Cards = ("r5",),
    draw_pile: Cards = (),
    *,
    turn: int = 0,
    dealer: int | None = None,
    color: Color | str | None = None,
    rules: RuleSet | None = None,
    rest: Literal["draw", "discard"] | int = "draw",
    **position_fields: object,
) -> Match:
    """A match starting mid-hand from a position written in card notation.

    Args:
        hands: each seat's cards, seat 0 first; the table has `len(hands)` players.
        discard: the discard pile bottom first; the last card is the top.
        draw_pile: the top of the draw pile, top card first.
        turn: the seat to act.
        dealer: the dealer; by default the seat before `turn`.
        color: the current colour; by default the top card's colour. Required when a
            wild is on top (except while a Wild start card awaits its colour).
        rules: the rule set (default: the standard rules).
        rest: where the rest of the 108-card deck goes, in the deck's fixed order:
            "draw" under the listed draw cards (the default), "discard" under the listed
            discard pile (so an empty draw pile reshuffles them), or a seat number (added
            to that seat's hand, leaving nothing anywhere else).
        **position_fields: any other `Position` field (decision, drawn, uno,
            uno_window, bluff, passes, scores, results, direction, hand, rng).

    Returns:
        A `Match` whose state is that position (validated by the engine).

    Raises:
        SetupError: when the position is not one a game could reach.
    """
    table = [list(cards(hand)) for hand in hands]
    below, pile = list(cards(discard)), list(cards(draw_pile))
    leftover = deck_rest(*table, below, pile, deck=deck_for(rules or RuleSet()))
    if rest == "draw":
        pile += leftover
    elif rest == "discard":
        below = leftover + below
    else:
        table[rest] += leftover
    if color is None and below and below[-1].color is not None:
        color = below[-1].color
    if isinstance(color, str) and not isinstance(color, Color):
        color = parse_color(color)
    n = len(table)
    fields: dict[str, object] = {
        "hands": tuple(tuple(hand) for hand in table),
        "discard": tuple(below),
        "draw_pile": tuple(pile),
        "color": color,
        "turn": turn,
        "dealer": (turn - 1) % n if dealer is None else dealer,
    }
    fields.update(position_fields)
    if isinstance(fields.get("drawn"), str):
        fields["drawn"] = parse_card(str(fields["drawn"]))
    if isinstance(fields.get("decision"), str):
        fields["decision"] = Decision(fields["decision"])
    position = Position(**fields)  # type: ignore[arg-type]
    return Match(Setup(players=n, rules=rules or RuleSet(), position=position))


def stacked_deck(players: int, dealer: int, hands: Sequence[Cards], start: str | Card, draw_pile: Cards = ()) -> tuple[Card, ...]:
    """The deck order, top first, that deals exactly `hands`, turns `start`, then `draw_pile`.

    The engine deals one card at a time, starting with the seat to the dealer's left
    (R-SETUP-2), then turns the next card (R-SETUP-3); the rest of the deck follows in
    the order the seed shuffles it.

    >>> stacked_deck(2, 1, [["r1", "r2"], ["b1", "b2"]], "g5")
    (<Card.R1: 'r1'>, <Card.B1: 'b1'>, <Card.R2: 'r2'>, <Card.B2: 'b2'>, <Card.G5: 'g5'>)

    Raises:
        ValueError: when the hands are not `players` hands of one size.
    """
    table = [cards(hand) for hand in hands]
    sizes = {len(hand) for hand in table}
    if len(table) != players or len(sizes) != 1:
        raise ValueError(f"need {players} hands of one size, got sizes {[len(hand) for hand in table]}")
    (size,) = sizes
    order = [table[(dealer + 1 + index) % players][index // players] for index in range(size * players)]
    return (*order, *cards([start]), *cards(draw_pile))


def stacked_deal(
    players: int,
    dealer: int,
    hands: Sequence[Cards],
    start: str | Card,
    draw_pile: Cards = (),
    rules: RuleSet | None = None,
    *,
    seed: int = 0,
    deal: bool = True,
) -> Match:
    """A match whose first deal gives exactly `hands`, start card `start`, then `draw_pile`.

    The rules get a fixed dealer (`dealer`) and a hand size of the given hands.

    Args:
        deal: submit the first `StartHand` (from seat 0) before returning.

    Returns:
        The match, dealt unless `deal` is False.
    """
    table = [cards(hand) for hand in hands]
    rules = msgspec.structs.replace(rules or RuleSet(), dealer=dealer, hand_size=len(table[0]))
    deck = stacked_deck(players, dealer, table, start, draw_pile)
    match = Match(Setup(players=players, rules=rules, seed=seed, deck=deck))
    if deal:
        run(match, StartHand(seat=0))
    return match


def run(match: Match, *commands: AnyCommand) -> list[AnyEvent]:
    """Submit commands in order, asserting each is accepted.

    Returns:
        The events of all these commands, in order.
    """
    events: list[AnyEvent] = []
    for command in commands:
        verdict = match.submit(command)
        assert isinstance(verdict, Accepted), f"{command!r} was rejected: {verdict.reason} ({verdict.rule})"
        events += verdict.events
    return events


def reject(match: Match, command: AnyCommand) -> Rejected:
    """Submit a command that must be rejected, asserting that nothing changed.

    Returns:
        The rejection, for checking its rule and reason.
    """
    before, count = match.state.snapshot(), len(match.events)
    verdict = match.submit(command)
    assert isinstance(verdict, Rejected), f"{command!r} was accepted: {verdict.events!r}"
    assert match.state.snapshot() == before and len(match.events) == count, "a rejected command changed the match"
    return verdict
