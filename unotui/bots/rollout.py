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

__all__ = ["CARD_FACTOR", "HAND_WEIGHT", "TURN_WEIGHT", "play_out", "rollout_command", "win_odds"]

HAND_WEIGHT = (1.0, 0.4269, 0.2542, 0.1693, 0.12, 0.0897, 0.0674, 0.0516, 0.0407, 0.0313, 0.0251, 0.0186, 0.0162,
               0.0092)
"""A hand's chance of winning, up to a common factor, by its size (1 card first, 14 or
more last) when it holds only number cards. This and the next two are fitted by maximum
likelihood to which seat won 20,000 four-player hands of the basic level (324,830
positions: `benchmarks/fit_win_odds.py`)."""

TURN_WEIGHT = (1.0, 0.891, 0.872, 0.849)
"""The factor for being to play now, next, and so on."""

_FACE_FACTOR = {"w": 2.07, "w+4": 2.547, "+2": 1.29, "s": 1.105, "r": 1.039}

CARD_FACTOR: dict[Card, float] = {
    card: _FACE_FACTOR.get(RANK_OF[card], _FACE_FACTOR["w"] if COLOR_OF[card] is None else 1.0) for card in Card
}
"""How much each card held multiplies its hand's weight: a Wild doubles it, which in a
hand of five to ten cards is worth two or three cards fewer; a Draw Two is worth about
one card fewer. (The 2018 deck's other wilds count as a Wild.) Without these the odds
fitted the games worse (held-out log-likelihood per position -1.261 instead of -1.197)
and a play-out cut off with a wild in hand counted it as just another card."""

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
    """`seat`'s chance of winning the hand in progress, judged from hand sizes, turn order
    and the wild and action cards held (`HAND_WEIGHT`, `TURN_WEIGHT`, `CARD_FACTOR`); the
    odds of all seats add up to one."""
    players, turn, direction = state.players, state.turn, state.direction
    last = len(HAND_WEIGHT) - 1
    total = mine = 0.0
    for other, hand in enumerate(state.hands):
        order = ((other - turn) * direction) % players
        if hand:
            weight = HAND_WEIGHT[min(len(hand) - 1, last)] * TURN_WEIGHT[min(order, 3)]
            for card in hand:
                weight *= CARD_FACTOR[card]
        else:
            weight = 1e9
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
