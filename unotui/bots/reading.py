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

from unotui.engine import COLORS, Card, PlayerView, RuleSet
from unotui.engine.cards import COLOR_OF, RANK_OF

from .basic import PlayContext, card_value, color_to_name
from .memory import PlayNote, TableMemory, matching_faces
from .tactics import COLOR_INDEX

__all__ = ["PRIOR_MISREADS", "explains", "misread_odds", "misreads", "read_wild_draw_four", "readable",
           "score_readings"]

PRIOR_MISREADS = (1, 10)
"""Before a seat's finished hands say more: one choice in ten not explained by its hand."""


def explains(note: PlayNote, seat: int, players: int, held: Sequence[Card]) -> bool:
    """Whether the basic habits, holding `held` (the played card included), play `note`'s card
    (or one they like exactly as much) and name its colour.

    The habits' choice (`pick_card`) is worked out from the note's own scores of the cards
    it could have played (`_card_scores`): reading asks this of every dealt hand, some
    hundred thousand times a search.
    """
    scores = note.scores
    if scores is None:
        scores = note.scores = _card_scores(note, seat, players)
    slot = COLOR_INDEX
    counts = [0, 0, 0, 0, 0]
    for card in held:
        counts[slot[card]] += 1
    # The coloured card liked most, the first of equals (as `max` in `pick_card`).
    chosen = None
    best = -1 << 30
    for card in held:
        score = scores.get(card)
        if score is not None:
            score += 1000 * counts[slot[card]]
            if score > best:
                chosen, best = card, score
    played = note.card
    draw_four = Card.WILD_DRAW_FOUR in held
    if chosen is None:
        # Stuck: a Wild Draw Four first, then a plain wild.
        chosen = Card.WILD_DRAW_FOUR if draw_four else Card.WILD
    elif draw_four and note.threat and chosen not in _HITS[players == 2] and not counts[slot[note.current]]:
        # Honest at a next player about to go out when the best card does not hit them.
        chosen = Card.WILD_DRAW_FOUR
    if COLOR_OF[played] is not None:
        if COLOR_OF[chosen] is None:
            return False
        return chosen is played or scores[played] + 1000 * counts[slot[played]] == best
    if chosen is not played:
        return False
    if note.color is None:
        return True
    rest = list(held)
    rest.remove(played)
    return color_to_name(rest, note.void) is note.color


_HITS = (frozenset(card for card in Card if RANK_OF[card] in ("+2", "s")),
         frozenset(card for card in Card if RANK_OF[card] in ("+2", "s", "r")))
"""The cards that hit the next player (`pick_card`), at a larger table and at a table of two."""


def _card_scores(note: PlayNote, seat: int, players: int) -> dict[Card, int]:
    """How much the habits like each coloured card they could have played on `note`'s
    top card, less what the colour held adds (a thousand a card held of it): `card_value`
    in hundredths, which are whole numbers. Also fills in the note's context and threat."""
    context = note.context
    if context is None:
        context = note.context = _context(note, seat, players)
    note.threat = context.next_size <= 2
    one_each = dict.fromkeys(COLORS, 1)
    return {card: round(card_value(card, one_each, context) * 100) - 1000
            for card in matching_faces(note.top, note.current) if COLOR_OF[card] is not None}


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
