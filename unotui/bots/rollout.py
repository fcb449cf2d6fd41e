"""Fast play-outs for search: a lean basic-like policy straight on a `GameState`.

A simulated future must obey exactly the rules of the real one. Under house rules the
policy's commands go through the engine's own `decide` and `apply`. Under the standard
rules, where a search spends its time, the policy and those rules run fused in one loop
(`_play_out_standard`): no command or event objects, the same hands, piles, reshuffles
and generator draws, held to the engine's path by tests. The policy skips building views
and legal command lists: it reads the (determinized) state a search owns anyway.
"""

from __future__ import annotations

from collections.abc import Callable

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
    apply_all,
    decide,
    legal_commands,
)
from unotui.engine.cards import COLOR_OF, COLORS, RANK_OF
from unotui.engine.decide import Accepted
from unotui.engine.rng import shuffled
from unotui.engine.state import MAX_PLAYERS

from .memory import coloured_faces, matching_faces
from .tactics import COLOR_INDEX

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

# The policy is asked for every command of every play-out (some 14,000 a search): its
# commands are built once, looked up by seat, card and UNO flag (a wild's by the colour
# it names too), and colours are counted by index into a list rather than by `Color`.
_COLOURED_PLAYS: list[tuple[dict[Card, PlayCard], dict[Card, PlayCard]]] = [
    ({card: PlayCard(seat=seat, card=card) for card in Card if COLOR_OF[card] is not None},
     {card: PlayCard(seat=seat, card=card, uno=True) for card in Card if COLOR_OF[card] is not None})
    for seat in range(MAX_PLAYERS)
]
_WILD_PLAYS: list[dict[tuple[Card, int, bool], PlayCard]] = [
    {(card, index, uno): PlayCard(seat=seat, card=card, color=color, uno=uno)
     for card in Card if COLOR_OF[card] is None for index, color in enumerate(COLORS) for uno in (False, True)}
    for seat in range(MAX_PLAYERS)
]
_DRAWS = [DrawCard(seat=seat) for seat in range(MAX_PLAYERS)]
_CHALLENGES = [Challenge(seat=seat) for seat in range(MAX_PLAYERS)]
_ACCEPTS = [AcceptDrawFour(seat=seat) for seat in range(MAX_PLAYERS)]
_PLAY, _PLAY_OR_KEEP, _CHALLENGE = Decision.PLAY, Decision.PLAY_OR_KEEP, Decision.CHALLENGE
_WILD, _WILD_DRAW_FOUR = Card.WILD, Card.WILD_DRAW_FOUR


def _color_counts(hand: list[Card]) -> list[int]:
    """Cards held of each colour, by `COLOR_INDEX` (wilds last)."""
    counts = [0, 0, 0, 0, 0]
    index = COLOR_INDEX
    for card in hand:
        counts[index[card]] += 1
    return counts


def _color_for(hand: list[Card]) -> int:
    """The index in `COLORS` of the colour held most (the first of those on a tie)."""
    counts = _color_counts(hand)[:4]
    return counts.index(max(counts))


def _coloured_choice(coloured: list[Card], hand: list[Card], next_size: int, randbelow: Callable[[int], int]) -> Card:
    """The policy's pick among the matching coloured cards held (`coloured`, in hand
    order): a Draw Two or Skip when the next player holds two cards or fewer, else one of
    the colour held most, at random (one draw from `randbelow`, however many there are)."""
    if len(coloured) > 1:
        if next_size <= 2:
            hits = [card for card in coloured if card in _HIT]
            if hits:
                coloured = hits
        # Keep to the colour held most, as the basic level does.
        index = COLOR_INDEX
        counts = _color_counts(hand)
        most = max([counts[index[card]] for card in coloured])
        coloured = [card for card in coloured if counts[index[card]] == most]
    return coloured[randbelow(len(coloured))]


def rollout_command(state: GameState, rng: Rng) -> AnyCommand:
    """The play-out policy's command for the turn seat.

    Plays a matching coloured card (a Draw Two or Skip when the next player is close
    to going out, else one of the colour held most, at random); a wild only when stuck; never bluffs;
    challenges now and then; always says UNO.
    """
    seat = state.turn
    hand = state.hands[seat]
    decision = state.decision
    if decision is _PLAY:
        matching = coloured_faces(state.discard[-1], state.color)
        coloured = [card for card in hand if card in matching]
        uno = len(hand) == 2
        if coloured:
            next_size = len(state.hands[(seat + state.direction) % state.players])
            return _COLOURED_PLAYS[seat][uno][_coloured_choice(coloured, hand, next_size, rng.randbelow)]
        if _WILD_DRAW_FOUR in hand:
            return _WILD_PLAYS[seat][_WILD_DRAW_FOUR, _color_for(hand), uno]
        if _WILD in hand:
            return _WILD_PLAYS[seat][_WILD, _color_for(hand), uno]
        return _DRAWS[seat]
    if decision is _PLAY_OR_KEEP:
        drawn = state.drawn
        assert drawn is not None
        uno = len(hand) == 2
        if COLOR_OF[drawn] is None:
            return _WILD_PLAYS[seat][drawn, _color_for(hand), uno]
        return _COLOURED_PLAYS[seat][uno][drawn]
    if decision is _CHALLENGE:
        if rng.randbelow(100) < CHALLENGE_PERCENT:
            return _CHALLENGES[seat]
        return _ACCEPTS[seat]
    return ChooseColor(seat=seat, color=COLORS[_color_for(hand)])


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

    Under the standard rules the policy and the rules run fused (`_play_out_standard`:
    the same effects and generator draws as going through `decide` and `apply`, in
    about half the time); under house rules each command goes through
    the engine.

    Returns:
        1.0 if `seat` wins the hand, 0.0 if another seat does or the hand is blocked;
        cut off after `max_steps` commands, `seat`'s `win_odds` there.
    """
    if state.phase is Phase.PLAYING:
        if state.house:
            _play_out_engine(state, rng, max_steps)
        else:
            _play_out_standard(state, rng, max_steps)
    if state.phase is Phase.PLAYING:
        return win_odds(state, seat)
    return 0.0 if state.hands[seat] else 1.0


def _play_out_engine(state: GameState, rng: Rng, max_steps: int) -> None:
    """Up to `max_steps` of the policy's commands, each judged by `decide` and folded in by `apply`."""
    playing = Phase.PLAYING
    for _ in range(max_steps):
        if state.phase is not playing:
            break
        command = rollout_command(state, rng)
        verdict = decide(state, command)
        if type(verdict) is not Accepted:
            verdict = decide(state, _house_command(state, command, rng))
        apply_all(state, verdict.events)  # type: ignore[union-attr]


def _house_command(state: GameState, refused: AnyCommand, rng: Rng) -> AnyCommand:
    """A command for a house rule the lean policy does not know, which refused `refused`.

    As the `basic` habits play them: a stack on the turn seat is passed on when a card can
    (R-HOUSE-1), and a 7 under seven-o swaps with the smallest other hand (R-HOUSE-2).
    Anything else (force play, multi-play, ...) gets a random legal command.
    """
    seat = state.turn
    legal = legal_commands(state, seat)
    if state.decision is Decision.STACK:
        return next((command for command in legal if isinstance(command, PlayCard)), _DRAWS[seat])
    if isinstance(refused, PlayCard) and state.rules.seven_o and RANK_OF[refused.card] == "7":
        hands = state.hands
        smallest = min((other for other in range(state.players) if other != seat), key=lambda other: len(hands[other]))
        swap = PlayCard(seat=seat, card=refused.card, color=refused.color, uno=refused.uno, swap_with=smallest)
        if swap in legal:
            return swap
    return legal[rng.randbelow(len(legal))]


# What `_play_out_standard` needs of a card, as small ints and plain lookups.
_NUMBER, _SKIP, _REVERSE, _DRAW_TWO, _WILD_KIND, _WILD_DRAW_FOUR_KIND = range(6)
_KIND: dict[Card, int] = {
    card: {"s": _SKIP, "r": _REVERSE, "+2": _DRAW_TWO, "w": _WILD_KIND, "w+4": _WILD_DRAW_FOUR_KIND}.get(
        RANK_OF[card], _NUMBER)
    for card in Card
}
_COLOURED_ON: dict[Card, dict[Color | None, frozenset[Card]]] = {
    top: {color: coloured_faces(top, color) for color in (None, *COLORS)} for top in Card
}
_PLAYABLE_ON: dict[Card, dict[Color | None, frozenset[Card]]] = {
    top: {color: matching_faces(top, color) for color in (None, *COLORS)} for top in Card
}


def _play_out_standard(state: GameState, rng: Rng, max_steps: int) -> None:
    """`_play_out_engine` under the standard rules, with `rollout_command`'s choices and
    the engine's rules for them fused into one loop over the state's own lists.

    Every command has the effect `decide` and `apply` give it: the same hands and piles
    in the same order, the same reshuffles from the state's generator, the same draws
    from `rng` (tests compare the two on 1,200 positions, to the cut-off and to the
    end). Only what no play-out reads is left as it was: the UNO calls and windows, and
    at the hand's end the scores.
    """
    hands, draw, discard = state.hands, state.draw, state.discard
    players, direction, turn = state.players, state.direction, state.turn
    color, decision, drawn, bluff, passes = state.color, state.decision, state.drawn, state.bluff, state.passes
    deck_rng = state.rng
    randbelow = rng.randbelow
    kind_of, colour_of = _KIND, COLOR_OF
    coloured_on, playable_on = _COLOURED_ON, _PLAYABLE_ON
    play, play_or_keep, challenge = _PLAY, _PLAY_OR_KEEP, _CHALLENGE
    ended = False

    def take(seat: int, count: int) -> int:
        """`seat` draws `count` cards (R-TURN-5): the pile refilled once from the
        discards under the top card if it runs out; returns how many came."""
        nonlocal deck_rng
        hand = hands[seat]
        got = 0
        while got < count:
            if draw:
                hand.append(draw.pop())
                got += 1
                continue
            below = discard[:-1]
            if not below:
                break  # refilled once already, or nothing to refill from
            order, deck_rng = shuffled(below, deck_rng)
            del discard[:-1]
            draw.extend(reversed(order))
        return got

    for _ in range(max_steps):
        hand = hands[turn]
        following = (turn + direction) % players
        if decision is play:
            top = discard[-1]
            matching = coloured_on[top][color]
            coloured = [card for card in hand if card in matching]
            if coloured:
                card, named = _coloured_choice(coloured, hand, len(hands[following]), randbelow), None
            elif _WILD_DRAW_FOUR in hand:
                card, named = _WILD_DRAW_FOUR, COLORS[_color_for(hand)]
            elif _WILD in hand:
                card, named = _WILD, COLORS[_color_for(hand)]
            else:
                # Draw (R-TURN-2, R-TURN-3): a playable card is played next, else the turn passes.
                playable = playable_on[top][color]
                if take(turn, 1):
                    passes = 0
                    if hand[-1] in playable:
                        decision, drawn = play_or_keep, hand[-1]
                        continue
                elif passes + 1 >= players:
                    ended = True  # R-TURN-6: nobody could play or draw
                    break
                else:
                    passes += 1
                turn = following
                continue
        elif decision is play_or_keep:
            card = drawn  # type: ignore[assignment]
            named = COLORS[_color_for(hand)] if colour_of[card] is None else None
        elif decision is challenge:
            if randbelow(100) < CHALLENGE_PERCENT:
                if bluff:
                    take((turn - direction) % players, 4)
                    decision = play
                else:
                    take(turn, 6)
                    turn, decision = following, play
            else:
                take(turn, 4)
                turn, decision = following, play
            bluff = None
            continue
        else:
            # A Wild start card to name a colour for (R-SETUP-4).
            color, decision = COLORS[_color_for(hand)], play
            continue
        # Play `card` (R-TURN-1, R-ACT-*): the turn seat sheds it and its action follows.
        kind = kind_of[card]
        if kind == _WILD_DRAW_FOUR_KIND:
            bluff = any(colour_of[held] is color for held in hand)  # R-WD4-2: it held the colour
        hand.remove(card)
        discard.append(card)
        passes, drawn = 0, None
        color = colour_of[card] if named is None else named
        if not hand:
            ended = True  # R-SCORE-1: the turn seat went out
            break
        decision = play
        if kind == _NUMBER or kind == _WILD_KIND:
            turn = following
        elif kind == _SKIP:
            turn = (following + direction) % players
        elif kind == _REVERSE:
            if players != 2:  # R-ACT-4: with two players a Reverse skips
                direction = -direction
                turn = (turn + direction) % players
        elif kind == _DRAW_TWO:
            take(following, 2)
            turn = (following + direction) % players
        else:
            turn, decision = following, challenge
    state.direction, state.turn, state.color, state.decision = direction, turn, color, decision
    state.drawn, state.bluff, state.passes, state.rng = drawn, bluff, passes, deck_rng
    if ended:
        state.phase = Phase.HAND_OVER
