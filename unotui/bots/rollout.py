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

from .memory import matching_faces

__all__ = ["play_out", "rollout_command"]

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
        matching = matching_faces(state.discard[-1], state.color)
        coloured = [card for card in hand if card in matching and COLOR_OF[card] is not None]
        uno = len(hand) == 2
        if coloured:
            if len(coloured) > 1:
                if len(state.hands[(seat + state.direction) % state.players]) <= 2:
                    hits = [card for card in coloured if card in _HIT]
                    if hits:
                        coloured = hits
                # Keep to the colour held most, as the basic level does.
                counts = {color: 0 for color in COLORS}
                for card in hand:
                    color = COLOR_OF[card]
                    if color is not None:
                        counts[color] += 1
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


def play_out(state: GameState, seat: int, rng: Rng, max_steps: int) -> float:
    """Play the hand on (in place) and score it for `seat`.

    Returns:
        1.0 if `seat` wins the hand, 0.0 if another seat does or the hand is blocked;
        cut off after `max_steps` commands, `seat`'s share of the inverse hand sizes.
    """
    steps = 0
    while state.phase is Phase.PLAYING:
        if steps >= max_steps:
            inverse = [1.0 / len(hand) for hand in state.hands]
            return inverse[seat] ** 2 / sum(value * value for value in inverse)
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
