"""Fast play-outs for search: a lean basic-like policy straight on a `GameState`.

Play-outs run through the engine's own `decide` and `apply`, so a simulated future
obeys exactly the rules of the real one. The policy skips building views and legal
command lists: it reads the (determinized) state a search owns anyway.
"""

from __future__ import annotations

from unotui.engine import (
    AcceptDrawFour,
    AnyCommand,
    Card,
    Challenge,
    ChooseColor,
    Color,
    Decision,
    DrawCard,
    GameState,
    Phase,
    PlayCard,
    Rng,
    apply,
    decide,
    legal_commands,
)
from unotui.engine.cards import COLOR_OF, COLORS, RANK_OF
from unotui.engine.decide import Accepted

from .memory import coloured_faces

__all__ = ["HAND_WEIGHT", "TURN_WEIGHT", "play_out", "rollout_command", "win_odds"]

HAND_WEIGHT = (1.0, 0.434, 0.284, 0.208, 0.156, 0.128, 0.105, 0.089, 0.081, 0.062, 0.058, 0.04, 0.03, 0.022, 0.018, 0.015)
"""A hand's chance of winning, up to a common factor, by its size (1 card first, 16 or
more last): fitted by maximum likelihood to which seat won 2,000 four-player hands of
the basic level (88,000 positions). About 1 / size ** 1.2: steeper weights overrate
a short hand."""

TURN_WEIGHT = (1.0, 0.891, 0.861, 0.823)
"""The same fit's factor for being to play now, next, and so on: playing first is
worth about a card in a mid-sized hand."""

CHALLENGE_PERCENT = 15
"""How often play-outs challenge a Wild Draw Four: now and then, as people do, so that
a search does not take bluffing for free."""

_HIT = frozenset(card for card in Card if RANK_OF[card] in ("+2", "s"))

def _color_for(hand: list[Card]) -> Color:
    counts = [0, 0, 0, 0]
    for card in hand:
        color = COLOR_OF[card]
        if color is not None:
            counts[COLORS.index(color)] += 1
    return COLORS[counts.index(max(counts))]


def rollout_command(state: GameState, rng: Rng) -> AnyCommand:
    """The play-out policy's command for the turn seat.

    Plays a matching coloured card (a Draw Two or Skip when the next player is close
    to going out, else one of the colour held most, at random); a wild only when stuck; never bluffs;
    challenges now and then; always says UNO.
    """
    seat = state.turn
    hand = state.hands[seat]
    decision = state.decision
    if decision is Decision.PLAY:
        top, color = state.discard[-1], state.color
        matching = coloured_faces(top, color)
        coloured = [card for card in hand if card in matching]
        uno = len(hand) == 2
        if coloured:
            if len(coloured) > 1:
                if len(state.hands[(seat + state.direction) % state.players]) <= 2:
                    hits = [card for card in coloured if card in _HIT]
                    if hits:
                        coloured = hits
                # Keep to the colour held most, as the basic level does.
                counts = dict.fromkeys(COLORS, 0)
                for card in hand:
                    held = COLOR_OF[card]
                    if held is not None:
                        counts[held] += 1
                most = max(counts[COLOR_OF[card]] for card in coloured)  # type: ignore[index]
                coloured = [card for card in coloured if counts[COLOR_OF[card]] == most]  # type: ignore[index]
            return PlayCard(seat=seat, card=coloured[rng.randbelow(len(coloured))], uno=uno)
        if Card.WILD_DRAW_FOUR in hand:
            return PlayCard(seat=seat, card=Card.WILD_DRAW_FOUR, color=_color_for(hand), uno=uno)
        if Card.WILD in hand:
            return PlayCard(seat=seat, card=Card.WILD, color=_color_for(hand), uno=uno)
        return DrawCard(seat=seat)
    if decision is Decision.PLAY_OR_KEEP:
        drawn = state.drawn
        assert drawn is not None
        color = _color_for(hand) if COLOR_OF[drawn] is None else None
        return PlayCard(seat=seat, card=drawn, color=color, uno=len(hand) == 2)
    if decision is Decision.CHALLENGE:
        if rng.randbelow(100) < CHALLENGE_PERCENT:
            return Challenge(seat=seat)
        return AcceptDrawFour(seat=seat)
    return ChooseColor(seat=seat, color=_color_for(hand))


def win_odds(state: GameState, seat: int) -> float:
    """`seat`'s chance of winning the hand in progress, judged from hand sizes and turn
    order (`HAND_WEIGHT`, `TURN_WEIGHT`); the odds of all seats add up to one."""
    players, turn, direction = state.players, state.turn, state.direction
    last = len(HAND_WEIGHT) - 1
    total = mine = 0.0
    for other, hand in enumerate(state.hands):
        order = ((other - turn) * direction) % players
        weight = HAND_WEIGHT[min(len(hand) - 1, last)] * TURN_WEIGHT[min(order, 3)] if hand else 1e9
        total += weight
        if other == seat:
            mine = weight
    return mine / total


def play_out(state: GameState, seat: int, rng: Rng, max_steps: int) -> float:
    """Play the hand on (in place) and score it for `seat`.

    Returns:
        1.0 if `seat` wins the hand, 0.0 if another seat does or the hand is blocked;
        cut off after `max_steps` commands, `seat`'s `win_odds` there.
    """
    steps = 0
    while state.phase is Phase.PLAYING:
        if steps >= max_steps:
            return win_odds(state, seat)
        verdict = decide(state, rollout_command(state, rng))
        if type(verdict) is not Accepted:
            # A house rule the lean policy does not know (force_play, seven_o, ...):
            # fall back on a random legal command.
            legal = legal_commands(state, state.turn)
            verdict = decide(state, legal[rng.randbelow(len(legal))])
        for event in verdict.events:  # type: ignore[union-attr]
            apply(state, event)
        steps += 1
    return 0.0 if state.hands[seat] else 1.0
