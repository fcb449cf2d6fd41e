"""`decide`: a command against the state gives its events or a rejection; `legal_commands`.

`decide` never changes the state and never raises on a player's mistake: it returns
`Rejected(rule, reason)`. Every consequence of an accepted command is its own event,
in order (card played, colour named, next seat draws, turn skipped, next turn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, assert_never, get_args

import msgspec

from .cards import COLOR_OF, COLORS, POINTS_OF, RANK_OF, Card, Color
from .commands import (
    AcceptDrawFour,
    AnyCommand,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    DrawCard,
    KeepCard,
    PlayCard,
    StartHand,
)
from .events import (
    AnyEvent,
    CardKept,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    ColorNamed,
    DealerChosen,
    DealerDraw,
    Decision,
    DeckShuffled,
    DirectionReversed,
    DiscardsReshuffled,
    DrawnCardPlayable,
    DrawReason,
    HandEnded,
    HandStarted,
    MatchWon,
    StartCardReturned,
    StartCardTurned,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from .rng import shuffled
from .rules import Scoring, StartWild, deck_for
from .state import GameState, Phase

__all__ = ["Accepted", "Rejected", "decide", "is_playable", "legal_commands", "legal_plays", "playable_cards"]

# Enum members bound once: `Decision.PLAY` goes through the enum metaclass (about
# 100 ns a time), a module constant is a plain global lookup, and these sit on the
# engine's hottest paths.
_PLAY, _PLAY_OR_KEEP, _CHOOSE_COLOR, _CHALLENGE = Decision.PLAY, Decision.PLAY_OR_KEEP, Decision.CHOOSE_COLOR, Decision.CHALLENGE
_NEW, _PLAYING, _HAND_OVER, _MATCH_OVER = Phase.NEW, Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER
_WILD_DRAW_FOUR, _CHOICE = Card.WILD_DRAW_FOUR, DrawReason.CHOICE
_DRAW_TWO, _DRAW_FOUR = DrawReason.DRAW_TWO, DrawReason.DRAW_FOUR
_BLUFF_CAUGHT, _CHALLENGE_FAILED = DrawReason.BLUFF_CAUGHT, DrawReason.CHALLENGE_FAILED


class Accepted(msgspec.Struct, frozen=True):
    """The command is legal; these are its consequences, in order."""

    events: tuple[AnyEvent, ...]


class Rejected(msgspec.Struct, frozen=True):
    """The command is not legal now. Nothing changed."""

    rule: str
    """The rule ID it breaks, e.g. "R-TURN-3"."""
    reason: str
    """What a player needs to hear, e.g. "you may only play the card you just drew"."""


_MATCHING: dict[tuple[Card, Color | None], frozenset[Card]] = {}

# Events and commands are frozen values, so the common ones are built once and shared:
# building a Struct costs more than looking one up, and these run in every bot playout.
_SEATS = range(10)
_TURN_STARTED = {(seat, decision): TurnStarted(seat=seat, decision=decision) for seat in _SEATS for decision in Decision}
_TURN_TO_PLAY = [_TURN_STARTED[seat, Decision.PLAY] for seat in _SEATS]
_TURN_SKIPPED = [TurnSkipped(seat=seat) for seat in _SEATS]
_UNO_CALLED = [UnoCalled(seat=seat) for seat in _SEATS]
_CARD_KEPT = [CardKept(seat=seat) for seat in _SEATS]
_CARD_PLAYED = [{card: CardPlayed(seat=seat, card=card) for card in Card} for seat in _SEATS]
_COLOR_NAMED = [{color: ColorNamed(seat=seat, color=color) for color in COLORS} for seat in _SEATS]
_PLAYS: list[tuple[dict[Card, tuple[PlayCard, ...]], dict[Card, tuple[PlayCard, ...]]]] = [
    tuple(  # type: ignore[misc]
        {
            card: tuple(PlayCard(seat=seat, card=card, color=color, uno=uno) for color in COLORS)
            if COLOR_OF[card] is None else (PlayCard(seat=seat, card=card, uno=uno),)
            for card in Card
        }
        for uno in (False, True)
    )
    for seat in _SEATS
]
"""`_PLAYS[seat][uno][card]`: every way to play `card`, one per colour for wilds."""
_NUMBERS = frozenset(card for card in Card if RANK_OF[card].isdigit())
_OF_COLOR = {color: frozenset(card for card in Card if COLOR_OF[card] is color) for color in (None, *COLORS)}
"""The faces of each colour (None: the wilds): whether a hand holds the current colour
is one C-level `isdisjoint` instead of a generator over the hand."""
_DREW_ONE = [{card: CardsDrawn(seat=seat, count=1, cards=(card,), reason=DrawReason.CHOICE) for card in Card} for seat in _SEATS]
_DRAWN_PLAYABLE = [{card: DrawnCardPlayable(seat=seat, card=card) for card in Card} for seat in _SEATS]
_DRAW = {seat: DrawCard(seat=seat) for seat in _SEATS}
_KEEP = {seat: KeepCard(seat=seat) for seat in _SEATS}
_CALL_UNO = {seat: CallUno(seat=seat) for seat in _SEATS}

# Whole verdicts for the commonest commands, built on first use and shared from then
# on, so that their path allocates nothing: a number card played on to the next seat
# (most commands of a hand), a draw of a card that can't be played, a kept card.
# `_NUMBER_PLAYED[seat][next seat][card]`, `_DREW_UNPLAYABLE[seat][next seat][card]`,
# `_DREW_PLAYABLE[seat][card]`, `_KEPT[seat][next seat]`.
_NUMBER_PLAYED: list[list[dict[Card, Accepted]]] = [[{} for _ in _SEATS] for _ in _SEATS]
_DREW_UNPLAYABLE: list[list[dict[Card, Accepted]]] = [[{} for _ in _SEATS] for _ in _SEATS]
_DREW_PLAYABLE = [{card: Accepted((_DREW_ONE[seat][card], _DRAWN_PLAYABLE[seat][card])) for card in Card} for seat in _SEATS]
_KEPT = [[Accepted((_CARD_KEPT[seat], _TURN_TO_PLAY[following])) for following in _SEATS] for seat in _SEATS]


def _matching(top: Card, color: Color | None) -> frozenset[Card]:
    """The faces that may be played on `top` when `color` is the current colour (cached)."""
    key = (top, color)
    found = _MATCHING.get(key)
    if found is None:
        rank = RANK_OF[top]
        found = frozenset(
            card for card in Card
            if COLOR_OF[card] is None or COLOR_OF[card] is color or RANK_OF[card] == rank
        )
        _MATCHING[key] = found
    return found


_MATCHES: dict[Card, dict[Color | None, frozenset[Card]]] = {
    top: {color: _matching(top, color) for color in (None, *COLORS)} for top in Card
}
"""`_MATCHES[top][color]`, every `_matching` set built ahead: two plain lookups on the hot
paths instead of building and hashing a tuple key."""


def is_playable(card: Card, top: Card, color: Color | None) -> bool:
    """Rule: R-TURN-1. Colour, number or symbol match, or a wild.

    A Wild Draw Four counts as playable: whether it was a bluff is for a challenge
    to find out (R-WD4-2).

    >>> is_playable(Card.B7, Card.R7, Color.RED), is_playable(Card.B6, Card.R7, Color.RED)
    (True, False)
    """
    return card in _matching(top, color)


def playable_cards(state: GameState, seat: int) -> list[Card]:
    """The distinct cards `seat` may play now, in hand order: the first cards of the plays
    `legal_commands` lists for it. Off its turn only a jump-in (R-HOUSE-3); while it must
    answer a Wild Draw Four, only one of its own when stacking allows (R-HOUSE-1). None
    while a hand is being dealt, before its start card is turned (a replay stops there)."""
    if state.phase is not _PLAYING or not state.discard:
        return []
    if state.house:
        return _house.playable_house_cards(state, seat)
    if seat != state.turn:
        return []
    decision = state.decision
    if decision is _PLAY_OR_KEEP:
        return [state.drawn] if state.drawn is not None else []
    if decision is not _PLAY:
        return []
    matching = _MATCHES[state.discard[-1]][state.color]
    return list(dict.fromkeys([card for card in state.hands[seat] if card in matching]))


def decide(state: GameState, command: AnyCommand) -> Accepted | Rejected:
    """Judge one command against the state.

    Args:
        state: the current state; not changed.
        command: what a seat asks for.

    Returns:
        `Accepted` with the events to apply in order, or `Rejected` naming the rule.
    """
    seat = command.seat
    if not 0 <= seat < state.players:
        return Rejected("R-SETUP-0", f"there is no seat {seat} at this table of {state.players}")
    if state.house:  # a house rule or the 2018 deck: the standard paths below don't know them
        return _house.decide_house(state, command)
    # A table keyed by command type, like apply's: a `match` tests each class in turn.
    return _DECIDERS[type(command)](state, command)


def _counted_cards(count: int) -> str:
    return "no cards" if not count else f"{count} card" if count == 1 else f"{count} cards"


def _uno_too_soon(left: int) -> Rejected:
    """UNO said with a play that leaves `left` cards, not one."""
    return Rejected("R-UNO-7", f"this play would leave you {_counted_cards(left)}: say UNO with the play that leaves you one")


def _not_playing(state: GameState) -> Rejected | None:
    if state.phase is _PLAYING:
        return None
    if state.phase is _MATCH_OVER:
        return Rejected("R-SCORE-4", "the match is over")
    return Rejected("R-SCORE-1", "no hand is being played: start the next hand first")


def _turn_check(state: GameState, seat: int, decision: Decision) -> Rejected | None:
    """Reject unless it is `seat`'s turn and the pending decision is `decision`."""
    if state.phase is _PLAYING and seat == state.turn and state.decision is decision:
        return None
    refused = _not_playing(state)
    if refused is not None:
        return refused
    if seat != state.turn:
        return Rejected("R-TURN-1", f"it is not your turn: seat {state.turn} is to play")
    if state.decision is decision:
        return None
    match state.decision:
        case Decision.CHALLENGE:
            return Rejected("R-WD4-3", "first challenge or accept the Wild Draw Four")
        case Decision.CHOOSE_COLOR:
            return Rejected("R-SETUP-4", "first name the colour of the wild start card")
        case Decision.PLAY_OR_KEEP:
            return Rejected("R-TURN-3", "you have drawn: play the card you just drew or keep it")
        case Decision.STACK:
            return Rejected("R-HOUSE-1", f"{state.pending} cards are pending: stack on them or draw them")
        case Decision.PLAY:
            if decision is _PLAY_OR_KEEP:
                return Rejected("R-TURN-3", "you have not drawn a playable card to keep")
            if decision is _CHALLENGE:
                return Rejected("R-WD4-3", "there is no Wild Draw Four for you to answer")
            return Rejected("R-SETUP-4", "there is no colour to name now")
        case _:
            assert_never(state.decision)


class _Piles:
    """The draw pile as a command's events will leave it, without touching the state."""

    __slots__ = ("pile", "left", "discard", "card_played", "rng", "events")

    def __init__(self, state: GameState, events: list[AnyEvent], card_played: bool) -> None:
        self.pile = state.draw
        self.left = len(state.draw)
        self.discard: Sequence[Card] = state.discard
        self.card_played = card_played
        self.rng = state.rng
        self.events = events

    def draw(self, seat: int, count: int, reason: DrawReason) -> int:
        """Append the events of `seat` drawing `count` cards; returns how many came.

        Rule: R-TURN-5. An empty draw pile is refilled from the discard pile; a draw
        that needs more cards than exist gives what there is, and a draw with nothing
        to draw is recorded as drawing none.
        """
        events, got = self.events, 0
        while True:
            take = min(count - got, self.left)
            if take:
                left = self.left
                cards = tuple(self.pile[left - take : left][::-1])
                self.left = left - take
                got += take
                events.append(CardsDrawn(seat=seat, count=take, cards=cards, reason=reason))
            if got == count:
                return got
            # What a reshuffle takes: the discard pile under its top card. If this
            # command has played a card, the whole old pile lies under the new top.
            below = self.discard if self.card_played else self.discard[:-1]
            if not below:
                if got == 0:
                    events.append(CardsDrawn(seat=seat, count=0, cards=(), reason=reason))
                return got
            order, self.rng = shuffled(below, self.rng)
            events.append(DiscardsReshuffled(order=tuple(order), rng=self.rng))
            order.reverse()
            self.pile, self.left, self.discard, self.card_played = order, len(order), (), True


def _draw_cards(state: GameState, events: list[AnyEvent], seat: int, count: int, reason: DrawReason,
                card_played: bool) -> None:
    """Append the events of `seat` drawing `count` (at least one) cards, as `_Piles.draw`.

    The common case, a draw pile with enough cards, is one event built here directly:
    `_Piles` is for reshuffles.
    """
    pile = state.draw
    if len(pile) >= count:
        events.append(CardsDrawn(seat=seat, count=count, cards=tuple(pile[: -count - 1 : -1]), reason=reason))
    else:
        _Piles(state, events, card_played).draw(seat, count, reason)


def _step(state: GameState, seat: int, steps: int = 1) -> int:
    return (seat + state.direction * steps) % state.players


def _play(state: GameState, command: PlayCard) -> Accepted | Rejected:
    seat, card = command.seat, command.card
    if state.phase is not _PLAYING or seat != state.turn:
        return _not_playing(state) or Rejected("R-TURN-1", f"it is not your turn: seat {state.turn} is to play")
    hand = state.hands[seat]
    decision = state.decision
    if decision is _PLAY:
        if card not in hand:
            return Rejected("R-TURN-1", f"you don't hold {card.value}")
        top = state.discard[-1]
        if card not in _MATCHES[top][state.color]:
            named = state.color.value if state.color else "no colour"
            return Rejected("R-TURN-1", f"{card.value} doesn't match {top.value} ({named}): play the same colour, number or symbol, or a wild")
    elif decision is _PLAY_OR_KEEP:
        if card is not state.drawn:
            drawn = state.drawn.value if state.drawn else "?"
            return Rejected("R-TURN-3", f"you may only play the card you just drew ({drawn}), or keep it")
    else:
        return _turn_check(state, seat, _PLAY) or Rejected("R-TURN-1", "you can't play now")
    if command.also or command.swap_with is not None:
        if command.also:
            return Rejected("R-HOUSE-6", "one card per turn: multi-play is off")
        return Rejected("R-HOUSE-2", "only a 7 under seven-o or a swap-hands Wild Customizable swaps hands")
    if card in _NUMBERS and command.color is None and not command.uno and len(hand) > 1:
        # The common case, a number card that doesn't end the hand: two events.
        following = (seat + state.direction) % state.players
        verdict = _NUMBER_PLAYED[seat][following].get(card)
        if verdict is None:
            verdict = _NUMBER_PLAYED[seat][following][card] = Accepted((_CARD_PLAYED[seat][card], _TURN_TO_PLAY[following]))
        return verdict
    wild = COLOR_OF[card] is None
    if wild and command.color is None:
        return Rejected("R-TURN-4", "name a colour for the wild")
    if not wild and command.color is not None:
        return Rejected("R-TURN-4", "only a wild names a colour")
    if command.uno and len(hand) != 2:
        return _uno_too_soon(len(hand) - 1)

    events: list[AnyEvent] = []
    if card is _WILD_DRAW_FOUR:
        # A bluff: the player held a card of the current colour (R-WD4-2).
        events.append(CardPlayed(seat=seat, card=card, bluff=not _OF_COLOR[state.color].isdisjoint(hand)))
    else:
        events.append(_CARD_PLAYED[seat][card])
    if command.uno and not state.uno_said[seat]:  # said just before: once is enough
        events.append(_UNO_CALLED[seat])
    if wild:
        assert command.color is not None
        events.append(_COLOR_NAMED[seat][command.color])
    rank = RANK_OF[card]
    players, direction = state.players, state.direction
    following = (seat + direction) % players
    if len(hand) == 1:
        # Rule: R-SCORE-1. The next player still draws the last card's penalty.
        if rank in ("+2", "w+4"):
            piles = _Piles(state, events, card_played=True)
            piles.draw(following, 2 if rank == "+2" else 4,
                       DrawReason.DRAW_TWO if rank == "+2" else DrawReason.DRAW_FOUR)
            hands = _hands_after(state, events)
        else:
            hands = [list(h) for h in state.hands]
            hands[seat] = []
        _end_hand(state, seat, hands, events)
        return Accepted(tuple(events))
    if rank == "s":
        events.append(_TURN_SKIPPED[following])
        events.append(_TURN_TO_PLAY[(following + direction) % players])
    elif rank == "r":
        if players == 2:  # Rule: R-ACT-4, a Reverse works as a Skip.
            events.append(_TURN_SKIPPED[following])
            events.append(_TURN_TO_PLAY[seat])
        else:
            events.append(DirectionReversed(direction=-direction))
            events.append(_TURN_TO_PLAY[(seat - direction) % players])
    elif rank == "+2":
        _draw_cards(state, events, following, 2, _DRAW_TWO, card_played=True)
        events.append(_TURN_SKIPPED[following])
        events.append(_TURN_TO_PLAY[(following + direction) % players])
    elif rank == "w+4":
        events.append(_TURN_STARTED[following, _CHALLENGE])
    else:
        events.append(_TURN_TO_PLAY[following])
    return Accepted(tuple(events))


def _hands_after(state: GameState, events: list[AnyEvent]) -> list[list[Card]]:
    """Every hand once `events` (plays and draws) have happened, for scoring."""
    hands = [list(hand) for hand in state.hands]
    for event in events:
        if isinstance(event, CardPlayed):
            hands[event.seat].remove(event.card)
        elif isinstance(event, CardsDrawn):
            hands[event.seat].extend(event.cards)
    return hands


def _end_hand(state: GameState, winner: int | None, hands: list[list[Card]], events: list[AnyEvent]) -> None:
    """Rule: R-SCORE-3, R-SCORE-4, R-SCORE-5, R-TURN-6."""
    n = state.players
    points_of = POINTS_OF.__getitem__  # map with a C-level lookup: no generator frame per hand
    values = [sum(map(points_of, hand)) for hand in hands]
    if winner is None:
        points = [0] * n
    elif state.rules.scoring is Scoring.PENALTY:
        points = values
    else:
        points = [0] * n
        points[winner] = sum(values)
    totals = tuple(score + gained for score, gained in zip(state.scores, points, strict=True))
    events.append(HandEnded(winner=winner, hands=tuple(tuple(h) for h in hands),
                            points=tuple(points), totals=totals))
    if winner is None or max(totals) < state.rules.target:
        return
    if state.rules.scoring is Scoring.PENALTY:
        low = min(totals)
        winners = tuple(s for s in range(n) if totals[s] == low)
    else:
        winners = (winner,)
    events.append(MatchWon(winners=winners, totals=totals))


def _draw(state: GameState, seat: int) -> Accepted | Rejected:
    if state.phase is not _PLAYING or seat != state.turn or state.decision is not _PLAY:
        return _turn_check(state, seat, _PLAY) or Rejected("R-TURN-2", "you can't draw now")
    matching = _MATCHES[state.discard[-1]][state.color]
    if state.draw:  # the common case: no reshuffle, so no need for _Piles
        drawn = state.draw[-1]
        if drawn in matching:
            return _DREW_PLAYABLE[seat][drawn]
        following = (seat + state.direction) % state.players
        verdict = _DREW_UNPLAYABLE[seat][following].get(drawn)
        if verdict is None:
            verdict = _DREW_UNPLAYABLE[seat][following][drawn] = Accepted((_DREW_ONE[seat][drawn], _TURN_TO_PLAY[following]))
        return verdict
    events: list[AnyEvent] = []
    got = _Piles(state, events, card_played=False).draw(seat, 1, _CHOICE)
    if got:
        drawn = events[-1].cards[0]  # type: ignore[union-attr]
        if drawn in matching:
            events.append(_DRAWN_PLAYABLE[seat][drawn])
            return Accepted(tuple(events))
    elif state.passes + 1 >= state.players:
        # Rule: R-TURN-6. Everyone passed in turn with nothing to play or draw.
        _end_hand(state, None, [list(h) for h in state.hands], events)
        return Accepted(tuple(events))
    events.append(_TURN_TO_PLAY[_step(state, seat)])
    return Accepted(tuple(events))


def _keep(state: GameState, seat: int) -> Accepted | Rejected:
    if state.phase is not _PLAYING or seat != state.turn or state.decision is not _PLAY_OR_KEEP:
        return _turn_check(state, seat, _PLAY_OR_KEEP) or Rejected("R-TURN-3", "you can't keep a card now")
    return _KEPT[seat][(seat + state.direction) % state.players]


def _choose_color(state: GameState, seat: int, color: Color) -> Accepted | Rejected:
    refused = _turn_check(state, seat, _CHOOSE_COLOR)
    if refused is not None:
        return refused
    return Accepted((ColorNamed(seat=seat, color=color), TurnStarted(seat=seat)))


def _answer_draw_four(state: GameState, seat: int, challenge: bool) -> Accepted | Rejected:
    """Rule: R-WD4-3, R-WD4-4, R-WD4-5."""
    refused = _turn_check(state, seat, _CHALLENGE)
    if refused is not None:
        return refused
    events: list[AnyEvent] = []
    players, direction = state.players, state.direction
    following = (seat + direction) % players
    if not challenge:
        _draw_cards(state, events, seat, 4, _DRAW_FOUR, card_played=False)
        events += (_TURN_SKIPPED[seat], _TURN_TO_PLAY[following])
        return Accepted(tuple(events))
    challenged = (seat - direction) % players
    caught = bool(state.bluff)
    events.append(ChallengeResolved(challenger=seat, challenged=challenged, succeeded=caught,
                                    revealed=tuple(state.hands[challenged])))
    if caught:
        _draw_cards(state, events, challenged, 4, _BLUFF_CAUGHT, card_played=False)
        events.append(_TURN_TO_PLAY[seat])
    else:
        _draw_cards(state, events, seat, 6, _CHALLENGE_FAILED, card_played=False)
        events += (_TURN_SKIPPED[seat], _TURN_TO_PLAY[following])
    return Accepted(tuple(events))


def _call_uno(state: GameState, seat: int) -> Accepted | Rejected:
    """Rule: R-UNO-7."""
    refused = _not_playing(state)
    if refused is not None:
        return refused
    if state.uno_said[seat]:
        return Rejected("R-UNO-7", "you have already said UNO")
    held = len(state.hands[seat])
    if held == 1:
        return Accepted((UnoCalled(seat=seat),))
    if held == 2 and seat == state.turn and state.decision in (_PLAY, _PLAY_OR_KEEP):
        return Accepted((UnoCalled(seat=seat),))
    return Rejected("R-UNO-7", f"you hold {_counted_cards(held)}: say UNO as you play your second-to-last card, "
                               "or while you hold one card")


def _catch_uno(state: GameState, seat: int, target: int) -> Accepted | Rejected:
    """Rule: R-UNO-3, R-UNO-4, R-UNO-5."""
    refused = _not_playing(state)
    if refused is not None:
        return refused
    if not 0 <= target < state.players:
        return Rejected("R-UNO-5", f"there is no seat {target} at this table")
    if target == seat:
        return Rejected("R-UNO-5", "you can't catch yourself: say UNO instead")
    if state.uno_said[target]:
        return Rejected("R-UNO-5", f"seat {target} has said UNO")
    if len(state.hands[target]) != 1:
        return Rejected("R-UNO-5", f"seat {target} holds {len(state.hands[target])} cards, not one")
    if state.uno_window != target:
        return Rejected("R-UNO-4", f"too late: the chance to catch seat {target} has passed")
    events: list[AnyEvent] = [UnoCaught(seat=target, by=seat)]
    _Piles(state, events, card_played=False).draw(target, state.rules.uno_penalty, DrawReason.UNO_PENALTY)
    return Accepted(tuple(events))


def _start_hand(state: GameState) -> Accepted | Rejected:
    """Rule: R-SETUP-1, R-SETUP-2, R-SETUP-3, R-SETUP-4, R-SETUP-5."""
    if state.phase is _PLAYING:
        return Rejected("R-SCORE-1", "a hand is being played")
    if state.phase is _MATCH_OVER:
        return Rejected("R-SCORE-4", "the match is over")
    n, rules, rng = state.players, state.rules, state.rng
    events: list[AnyEvent] = []
    if state.phase is _NEW:
        if rules.dealer == "draw":
            dealer, draws, rng = _draw_for_dealer(n, rng, deck_for(rules))
            events.append(DealerChosen(dealer=dealer, draws=draws, rng=rng))
        else:
            dealer = int(rules.dealer)
            events.append(DealerChosen(dealer=dealer))
    else:
        dealer = (state.dealer + 1) % n
    events.append(HandStarted(hand=state.hand + 1, dealer=dealer))
    stacked = state.stacked if state.phase is _NEW else None
    deck = deck_for(rules)
    if stacked:
        rest = list(deck)
        for card in stacked:
            rest.remove(card)
        tail, rng = shuffled(rest, rng)
        order = [*stacked, *tail]
    else:
        order, rng = shuffled(deck, rng)
    events.append(DeckShuffled(order=tuple(order), rng=rng))
    size = rules.hand_size
    # One card at a time from the dealer's left: seat `dealer + 1 + k` gets the cards
    # at k, k + n, k + 2n, ... of the first `size * n`, a slice apiece.
    dealt = size * n
    events.append(CardsDealt(hands=tuple(tuple(order[(seat - dealer - 1) % n : dealt : n]) for seat in range(n))))
    pile = order[dealt:]
    while True:
        start = pile[0]
        events.append(StartCardTurned(card=start))
        rank = RANK_OF[start]
        if not _must_redraw(start, rank, rules.start_wild):
            break
        events.append(StartCardReturned(card=start))
        pile, rng = shuffled(pile, rng)
        events.append(DeckShuffled(order=tuple(pile), rng=rng))
    first = (dealer + 1) % n
    if COLOR_OF[start] is None:  # a Wild, or a 2018 wild, that stays: no effect but the colour
        events.append(TurnStarted(seat=first, decision=_CHOOSE_COLOR))
    elif rank == "+2":
        # The pile is fresh: two cards are always there to draw.
        drawn = tuple(pile[1:3])
        events.append(CardsDrawn(seat=first, count=2, cards=drawn, reason=DrawReason.DRAW_TWO))
        events += (TurnSkipped(seat=first), TurnStarted(seat=(first + 1) % n))
    elif rank == "s":
        events += (TurnSkipped(seat=first), TurnStarted(seat=(first + 1) % n))
    elif rank == "r":
        if n == 2:
            events += (TurnSkipped(seat=first), TurnStarted(seat=dealer))
        else:
            events += (DirectionReversed(direction=-1), TurnStarted(seat=(dealer - 1) % n))
    else:
        events.append(TurnStarted(seat=first))
    return Accepted(tuple(events))


def _must_redraw(card: Card, rank: str, start_wild: StartWild) -> bool:
    """Rule: R-SETUP-4."""
    if rank == "w+4":
        return True
    if start_wild is StartWild.REDRAW_UNTIL_NUMBER:
        return not rank.isdigit()
    return rank in _START_WILDS and start_wild is StartWild.REDRAW


_START_WILDS = ("w", "wsh", "wc")
"""Wilds that act as a plain Wild when turned as the start card (R-SETUP-4, R-DECK-3)."""


def _draw_for_dealer(n: int, rng: int, deck: tuple[Card, ...]) -> tuple[int, tuple[DealerDraw, ...], int]:
    """Rule: R-SETUP-1. Highest card deals; tied players draw again."""
    pile, rng = shuffled(deck, rng)
    draws: list[DealerDraw] = []
    contenders = list(range(n))
    while True:
        values: dict[int, int] = {}
        for seat in contenders:
            card = pile.pop()
            draws.append(DealerDraw(seat=seat, card=card))
            values[seat] = POINTS_OF[card]
        best = max(values.values())
        contenders = [seat for seat in contenders if values[seat] == best]
        if len(contenders) == 1:
            return contenders[0], tuple(draws), rng
        if len(pile) < len(contenders):  # more ties than cards: practically never
            return contenders[0], tuple(draws), rng


_DECIDERS: dict[type, Callable[[GameState, Any], Accepted | Rejected]] = {
    PlayCard: _play,
    DrawCard: lambda state, command: _draw(state, command.seat),
    KeepCard: lambda state, command: _keep(state, command.seat),
    CallUno: lambda state, command: _call_uno(state, command.seat),
    CatchUno: lambda state, command: _catch_uno(state, command.seat, command.target),
    Challenge: lambda state, command: _answer_draw_four(state, command.seat, True),
    AcceptDrawFour: lambda state, command: _answer_draw_four(state, command.seat, False),
    ChooseColor: lambda state, command: _choose_color(state, command.seat, command.color),
    StartHand: lambda state, command: _start_hand(state),
}
if set(_DECIDERS) != set(get_args(AnyCommand)):
    raise AssertionError("every command type needs exactly one decider")


def legal_commands(state: GameState, seat: int) -> list[AnyCommand]:
    """Every command `seat` may give now; `decide` accepts exactly these.

    Wilds come once per colour; with two cards in hand each play also comes with
    `uno=True`. Saying UNO and catching are listed for any seat when allowed.
    """
    phase = state.phase
    if phase is not _PLAYING:
        return [StartHand(seat=seat)] if phase is not _MATCH_OVER else []
    if state.house:
        return _house.legal_house_commands(state, seat)
    commands: list[AnyCommand] = []
    hand = state.hands[seat]
    if seat == state.turn:
        decision = state.decision
        if decision is _PLAY or decision is _PLAY_OR_KEEP:
            two = len(hand) == 2
            plays, plays_saying_uno = _PLAYS[seat]
            if decision is _PLAY:
                matching = _MATCHES[state.discard[-1]][state.color]
                for card in hand:
                    if card in matching:
                        options = plays[card]
                        # A second copy of a card is listed once. Scanning the short list
                        # built so far is cheaper than deduplicating the hand first.
                        if options[0] not in commands:
                            commands += options
                            if two:
                                commands += plays_saying_uno[card]
            else:
                drawn: Card = state.drawn  # type: ignore[assignment]  # set whenever play_or_keep is
                commands += plays[drawn]
                if two:
                    commands += plays_saying_uno[drawn]
            if decision is _PLAY:
                commands.append(_DRAW[seat])
            else:
                commands.append(_KEEP[seat])
            if two and not state.uno_said[seat]:
                commands.append(_CALL_UNO[seat])
        elif decision is _CHALLENGE:
            commands += (Challenge(seat=seat), AcceptDrawFour(seat=seat))
        else:
            commands += [ChooseColor(seat=seat, color=color) for color in COLORS]
    if len(hand) == 1 and not state.uno_said[seat]:
        commands.append(_CALL_UNO[seat])
    window = state.uno_window
    if window is not None and window != seat and not state.uno_said[window] and len(state.hands[window]) == 1:
        commands.append(CatchUno(seat=seat, target=window))
    return commands


_TURN_ENDING = (DrawCard, KeepCard, Challenge, AcceptDrawFour, ChooseColor)


def legal_plays(state: GameState, seat: int) -> list[AnyCommand]:
    """The card plays `seat` may make now, else the commands that end its turn.

    What a player who plays whenever it can chooses among, and what RLCard's UNO lists
    as its legal actions: every playable card once (a wild once per colour), saying UNO
    with the second-to-last card; with nothing to play, drawing (or keeping the drawn
    card, answering a Wild Draw Four, naming the start card's colour). Exactly the
    `PlayCard`s of `legal_commands` whose `uno` says whether `seat` holds two cards, in
    the same order, or else its turn-ending commands; empty for a seat that is not to
    play. `unotui bench` plays by it, so the standard turn has its own fast path.
    """
    if state.house or state.phase is not _PLAYING or seat != state.turn:
        legal = legal_commands(state, seat)
        two = len(state.hands[seat]) == 2
        return ([command for command in legal if type(command) is PlayCard and command.uno is two]
                or [command for command in legal if type(command) in _TURN_ENDING])
    hand = state.hands[seat]
    decision = state.decision
    if decision is _PLAY:
        plays = _PLAYS[seat][len(hand) == 2]
        matching = _MATCHES[state.discard[-1]][state.color]
        commands: list[AnyCommand] = []
        for card in hand:
            if card in matching:
                options = plays[card]
                if options[0] not in commands:  # a second copy of a card is listed once
                    commands += options
        return commands or [_DRAW[seat]]
    if decision is _PLAY_OR_KEEP:
        return list(_PLAYS[seat][len(hand) == 2][state.drawn])  # type: ignore[index]  # set whenever play_or_keep is
    if decision is _CHALLENGE:
        return [Challenge(seat=seat), AcceptDrawFour(seat=seat)]
    return [ChooseColor(seat=seat, color=color) for color in COLORS]


# Imported last: the house module builds on the helpers above (`_Piles`, `_end_hand`, the
# shared events), and only `decide` and `legal_commands` call into it.
from . import house as _house  # noqa: E402
