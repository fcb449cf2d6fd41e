"""Card reading: which hands explain the cards a seat chose to play.

A player's choices show its hand. The `basic` habits stand for a casual player's: it
plays a wild only when no coloured card matches, keeps to the colour it holds most and
names the colour it holds most. While a seat has drawn nothing since, the hand it chose
each noted card from is the hand it holds now plus the cards it played since, so a
hand dealt to it in a determinized world can be checked against every such choice.

Not every player plays like that, so a choice a hand does not explain only makes the
hand less likely (`misread_odds`), and each seat's record of finished hands tells how
far its choices can be read.
"""

from __future__ import annotations

from collections.abc import Sequence

from unotui.engine import Card, PlayerView, RuleSet
from unotui.engine.cards import COLOR_OF

from .basic import PlayContext, card_value, color_to_name, pick_card
from .memory import PlayNote, TableMemory, matching_faces
from .tactics import color_counts

__all__ = ["PRIOR_MISREADS", "explains", "misread_odds", "misreads", "read_wild_draw_four", "readable",
           "score_readings"]

PRIOR_MISREADS = (1, 10)
"""Before a seat's finished hands say more: one choice in ten not explained by its hand."""


def explains(note: PlayNote, seat: int, players: int, held: Sequence[Card]) -> bool:
    """Whether the basic habits, holding `held` (the played card included), play `note`'s card
    (or one they like exactly as much) and name its colour."""
    matching = matching_faces(note.top, note.current)
    cards = [card for card in dict.fromkeys(held) if card in matching]
    context = note.context
    if context is None:
        context = note.context = _context(note, seat, players)
    chosen = pick_card(cards, held, context)
    played = note.card
    if COLOR_OF[played] is not None:
        if COLOR_OF[chosen] is None:
            return False
        if chosen is played:
            return True
        counts = color_counts(held)
        return card_value(chosen, counts, context) == card_value(played, counts, context)
    if chosen is not played:
        return False
    if note.color is None:
        return True
    rest = list(held)
    rest.remove(played)
    return color_to_name(rest, note.void) is note.color


def read_wild_draw_four(view: PlayerView, memory: TableMemory) -> bool:
    """Whether the Wild Draw Four this seat must answer was a noted choice: then the
    worlds dealt by reading say how likely a bluff it is, and no outside guess is needed."""
    assert view.seat is not None
    challenged = (view.seat - view.direction) % view.players
    notes = memory.plays[challenged]
    return readable(view.rules) and bool(notes) and notes[-1].card is Card.WILD_DRAW_FOUR


def readable(rules: RuleSet) -> bool:
    """Whether choices can be read under `rules`: the habits model the standard game only
    (house rules change what may be played and how a hand changes)."""
    return not rules.has_house_rules


def _context(note: PlayNote, seat: int, players: int) -> PlayContext:
    sizes, following = note.sizes, note.following
    previous = (2 * seat - following) % players
    return PlayContext(
        color=note.current,
        next_size=sizes[following],
        previous_size=sizes[previous],
        closing=min(size for other, size in enumerate(sizes) if other != seat) <= 2,
        two=players == 2,
        void=note.void,
    )


def misreads(notes: Sequence[PlayNote], seat: int, players: int, hand: Sequence[Card], limit: int) -> int:
    """How many of `seat`'s `notes` holding `hand` now does not explain; counting stops
    once more than `limit` are found."""
    held = list(hand)
    wrong = 0
    for note in reversed(notes):
        held.append(note.card)
        if not explains(note, seat, players, held):
            wrong += 1
            if wrong > limit:
                break
    return wrong


def misread_odds(memory: TableMemory, seat: int) -> float:
    """How much less likely a hand is for each of `seat`'s choices it does not explain."""
    right, wrong = memory.readings[seat]
    prior_wrong, prior_total = PRIOR_MISREADS
    return min(1.0, (wrong + prior_wrong) / (right + wrong + prior_total))


def score_readings(memory: TableMemory, hands: Sequence[Sequence[Card]]) -> None:
    """At a hand's end, with every hand shown: count how many of each seat's noted choices
    its final hand explains, for `misread_odds`."""
    for seat, notes in enumerate(memory.plays):
        if seat == memory.seat or not notes:
            continue
        wrong = misreads(notes, seat, memory.players, hands[seat], len(notes))
        memory.readings[seat][0] += len(notes) - wrong
        memory.readings[seat][1] += wrong
