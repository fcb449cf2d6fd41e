"""Determinization: complete game states consistent with what one seat has seen.

The unseen cards (the deck less the seat's hand and the face-up discards) are dealt
at random to the other hands and the draw pile, honouring the seat's notes: cards a
challenge revealed stay where they were seen, and a hand's older cards avoid the faces
its owner was seen unable to follow, as far as the unseen cards allow.
"""

from __future__ import annotations

from unotui.engine import Card, Color, Decision, GameState, PlayerView, Position, Rng, Setup, initial_state
from unotui.engine.cards import COLOR_OF

from .memory import TableMemory
from .tactics import unseen_cards

__all__ = ["sample_world"]


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
    seat = view.seat
    assert seat is not None
    unseen = unseen_cards(view)
    pool = rng.shuffle([card for card in Card for _ in range(unseen[card])])
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[seat] = list(view.hand)
    others = [other for other in range(view.players) if other != seat]
    for other in others:
        for card in memory.known[other].elements():
            if card in pool and len(hands[other]) < view.hand_sizes[other]:
                pool.remove(card)
                hands[other].append(card)
    for other in others:
        need = min(memory.constrained(other, view.hand_sizes[other]), view.hand_sizes[other] - len(hands[other]))
        void = memory.voids[other]
        index = 0
        while need > 0 and index < len(pool):
            if pool[index] in void:
                index += 1
                continue
            hands[other].append(pool.pop(index))
            need -= 1
    for other in others:
        missing = view.hand_sizes[other] - len(hands[other])
        hands[other] += pool[:missing]
        del pool[:missing]
    flag = None
    if view.decision is Decision.CHALLENGE:
        challenged = (view.turn - view.direction) % view.players
        color = memory.wd4_color or view.color
        if bluff is not None and color is not None:
            _make_holding(hands[challenged], pool, color, bluff)
        flag = any(COLOR_OF[card] is color for card in hands[challenged])
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
        rng=rng.spawn().state,
    )
    return initial_state(Setup(players=view.players, rules=view.rules, position=position))


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
