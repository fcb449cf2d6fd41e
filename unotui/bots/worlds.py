"""Determinization: complete game states consistent with what one seat has seen.

The unseen cards (the deck less the seat's hand and the face-up discards) are dealt
at random to the other hands and the draw pile, honouring the seat's notes: cards a
challenge revealed stay where they were seen, each group of a hand's cards avoids the
faces its owner was seen unable to follow (a draw by choice, a wild played) since the
group came in (`memory.HiddenHand`), as far as the unseen cards allow, and under the
standard rules a hand is kept in proportion to how well it explains the cards its owner
chose to play (`reading`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from unotui.engine import Card, Color, Decision, GameState, PlayerView, Position, Rng, Setup, initial_state
from unotui.engine.cards import COLOR_OF

from .memory import PlayNote, TableMemory
from .reading import misread_odds, misreads, readable
from .tactics import unseen_cards

__all__ = ["READ_TRIES", "WorldSampler", "sample_world"]

READ_TRIES = 12
"""Deals tried per hand when reading a seat's choices."""


def sample_world(view: PlayerView, memory: TableMemory, rng: Rng, bluff: bool | None = None) -> GameState:
    """A full state that agrees with `view` in everything the seat can see.

    Args:
        view: a seat's view of a hand in progress.
        memory: that seat's notes.
        rng: where the random deal comes from.
        bluff: with a Wild Draw Four to answer, whether the world should be one where it
            was a bluff (the player holds the colour that was current); None: as dealt.

    Raises:
        SetupError: if the view and notes can't be completed into a legal position
            (a bug: a real view always can).
    """
    return WorldSampler(view, memory).sample(rng, bluff)


class _SeatDeal(NamedTuple):
    """How one other seat's hidden cards are dealt in every world of a decision."""

    seat: int
    need: int
    """Cards to deal it besides those seen in its hand."""
    groups: tuple[tuple[int, frozenset[Card]], ...]
    """How many of those avoid which faces, the most constrained first."""
    notes: Sequence[PlayNote]
    """Its choices to explain (none when they can't be read)."""
    odds: float


class WorldSampler:
    """Deals the worlds of one decision: what all of them share is worked out once."""

    def __init__(self, view: PlayerView, memory: TableMemory) -> None:
        seat = view.seat
        assert seat is not None
        self.view = view
        self.memory = memory
        unseen = unseen_cards(view)
        pool = [card for card in Card for _ in range(unseen[card])]
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        hands[seat] = list(view.hand)
        others = [other for other in range(view.players) if other != seat]
        for other in others:
            for card in memory.known[other].elements():
                if card in pool and len(hands[other]) < view.hand_sizes[other]:
                    pool.remove(card)
                    hands[other].append(card)
        reading = readable(view.rules)
        deals = []
        for other in others:
            need = view.hand_sizes[other] - len(hands[other])
            notes = memory.plays[other] if reading else ()
            if reading:
                groups = tuple(memory.hidden[other].groups(need))
            else:
                # House rules move cards in ways the finer notes do not follow.
                constrained = min(memory.constrained(other, view.hand_sizes[other]), need)
                groups = ((constrained, memory.voids[other]),) if constrained else ()
            deals.append(_SeatDeal(other, need, groups, notes, misread_odds(memory, other) if notes else 1.0))
        self.pool = pool
        self.seen = hands
        self.deals = deals
        self.template: GameState | None = None

    def sample(self, rng: Rng, bluff: bool | None = None) -> GameState:
        """One world (see `sample_world`)."""
        view, memory = self.view, self.memory
        pool = self.pool
        hands = [list(hand) for hand in self.seen]
        for deal in self.deals:
            held = hands[deal.seat]
            if deal.notes:
                dealt, pool = _read_deal(pool, deal, held, rng, view.players)
            else:
                dealt, pool = _deal(pool, deal.groups, deal.need, rng)
            held += dealt
        pool = rng.shuffle(pool)
        flag = None
        if view.decision is Decision.CHALLENGE:
            challenged = (view.turn - view.direction) % view.players
            color = memory.wd4_color or view.color
            if bluff is not None and color is not None:
                _make_holding(hands[challenged], pool, color, bluff)
            flag = any(COLOR_OF[card] is color for card in hands[challenged])
        seed = rng.spawn().state
        template = self.template
        if template is not None:
            # Every world differs from the first only in the hidden cards: copy that one
            # rather than build and check a whole position again.
            world = template.copy()
            world.hands, world.draw, world.bluff, world.rng = hands, pool[::-1], flag, seed
            return world
        position = Position(
            hands=tuple(tuple(hand) for hand in hands),
            discard=view.discard,
            draw_pile=tuple(pool),
            color=view.color,
            turn=view.turn,
            dealer=view.dealer,
            direction=1 if view.direction == 1 else -1,
            decision=view.decision,
            drawn=view.drawn if view.decision is Decision.PLAY_OR_KEEP else None,
            uno=tuple(other for other, said in enumerate(view.uno_said) if said),
            uno_window=view.catchable,
            bluff=flag,
            pending=view.pending,
            scores=view.scores,
            results=view.results,
            hand=max(1, view.hand_number),
            rng=seed,
        )
        world = initial_state(Setup(players=view.players, rules=view.rules, position=position))
        self.template = world.copy()
        return world


def _deal(pool: list[Card], groups: Sequence[tuple[int, frozenset[Card]]], count: int,
          rng: Rng, allowed: list[int] | None = None) -> tuple[list[Card], list[Card]]:
    """A random hand of `count` cards from `pool`, and the cards left.

    The first cards dealt are `groups`' (so many avoiding such faces, in turn), as far as
    the pool allows; `allowed`, when given, lists where in `pool` the cards the first
    group may have are.
    """
    rest = pool[:]
    dealt: list[Card] = []
    for number, (size, void) in enumerate(groups):
        size = min(size, count - len(dealt))
        if size <= 0:
            break
        places = allowed[:] if number == 0 and allowed is not None else _outside(rest, void)
        take = min(size, len(places))
        for step in range(take):
            pick = step + rng.randbelow(len(places) - step)
            places[step], places[pick] = places[pick], places[step]
        for index in sorted(places[:take], reverse=True):
            dealt.append(rest.pop(index))
    for _ in range(count - len(dealt)):
        pick = rng.randbelow(len(rest))
        rest[pick], rest[-1] = rest[-1], rest[pick]
        dealt.append(rest.pop())
    return dealt, rest


def _outside(pool: list[Card], void: frozenset[Card]) -> list[int]:
    """The places in `pool` of the cards that are not in `void`."""
    return [index for index, card in enumerate(pool) if card not in void]


def _read_deal(pool: list[Card], deal: _SeatDeal, held: list[Card], rng: Rng,
               players: int) -> tuple[list[Card], list[Card]]:
    """Like `_deal`, but a hand is kept with probability `deal.odds` to the power of the
    noted choices it does not explain (rejection sampling, `READ_TRIES` deals at most;
    then the deal that explained most)."""
    notes, odds = deal.notes, deal.odds
    best: tuple[int, list[Card], list[Card]] | None = None
    # Every try deals from the same pool: where the cards its first group may have lie is found once.
    allowed = _outside(pool, deal.groups[0][1]) if deal.groups else None
    for _ in range(READ_TRIES):
        chance = 1.0 - rng.random()
        limit = len(notes) if odds >= 1.0 else int(math.log(chance) / math.log(odds))
        dealt, rest = _deal(pool, deal.groups, deal.need, rng, allowed)
        wrong = misreads(notes, deal.seat, players, held + dealt, limit)
        if wrong <= limit:
            return dealt, rest
        if best is None or wrong < best[0]:
            best = (wrong, dealt, rest)
    assert best is not None
    return best[1], best[2]


def _make_holding(hand: list[Card], pool: list[Card], color: Color, holding: bool) -> None:
    """Swap cards between `hand` and `pool` until the hand holds `color` iff `holding`."""
    if holding:
        if any(COLOR_OF[card] is color for card in hand):
            return
        for index, card in enumerate(pool):
            if COLOR_OF[card] is color and hand:
                pool[index], hand[0] = hand[0], card
                return
        return
    for position, held in enumerate(hand):
        if COLOR_OF[held] is not color:
            continue
        for index, card in enumerate(pool):
            if COLOR_OF[card] is not color:
                pool[index], hand[position] = held, card
                break
