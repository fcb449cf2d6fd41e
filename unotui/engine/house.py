"""House rules (R-HOUSE-1..9) and the 2018 deck (R-DECK-3): the engine's paths when any is on.

`decide` and `legal_commands` come here when `state.house` is set (the rules hold a
house rule or the 2018 deck), so standard play keeps its fast paths untouched. Every
decision below is written down in docs/house-rules.md; the short version:

- A jump-in is played as if it were the jumper's turn: the card has its full effect
  (a Draw Two joins a pending stack, a 7 swaps, a 0 rotates) and play goes on from the
  jumper. It is allowed while the turn player has a play or stack decision.
- A stack passes its total on; drawing it ends the turn. A challenge of a stacked Wild
  Draw Four judges only the last one, and the loser draws the whole total (+2 for a
  failed challenge).
- Multi-play lists the cards after the first in `PlayCard.also`; the last sets the colour.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from .cards import COLOR_OF, COLORS, RANK_OF, Card, Color
from .commands import AcceptDrawFour, AnyCommand, CatchUno, Challenge, ChooseColor, DrawCard, KeepCard, PlayCard
# decide.py imports this module last, once everything named here exists.
from .decide import (
    _CALL_UNO,
    _CARD_PLAYED,
    _COLOR_NAMED,
    _DECIDERS,
    _DRAWN_PLAYABLE,
    _MATCHING,
    _TURN_SKIPPED,
    _TURN_TO_PLAY,
    _UNO_CALLED,
    Accepted,
    Rejected,
    _end_hand,
    _hands_after,
    _keep as _keep_standard,
    _matching,
    _not_playing,
    _Piles,
    _turn_check,
    _uno_too_soon,
)
from .events import (
    AnyEvent,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    Decision,
    DirectionReversed,
    DrawReason,
    DrawsStacked,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    TurnSkipped,
    TurnStarted,
)
from .rng import shuffled
from .rules import CustomEffect, RuleSet
from .state import GameState, Phase

__all__ = ["decide_house", "legal_house_commands", "passes_hand_on", "playable_house_cards"]

_PLAY, _PLAY_OR_KEEP, _CHALLENGE, _STACK = Decision.PLAY, Decision.PLAY_OR_KEEP, Decision.CHALLENGE, Decision.STACK
_CHOOSE_COLOR = Decision.CHOOSE_COLOR
_WILD_DRAW_FOUR, _SHUFFLE_HANDS, _CUSTOMIZABLE = Card.WILD_DRAW_FOUR, Card.WILD_SHUFFLE_HANDS, Card.WILD_CUSTOMIZABLE
_ORDER = {card: index for index, card in enumerate(Card)}
"""The deck order that `PlayCard.also` lists its middle cards in."""



def decide_house(state: GameState, command: AnyCommand) -> Accepted | Rejected:
    """`decide` under house rules; the caller has checked the seat is at the table."""
    kind = type(command)
    if kind is PlayCard:
        return _play(state, command)  # type: ignore[arg-type]
    if kind is DrawCard:
        return _draw(state, command.seat)
    if kind is KeepCard:
        return _keep(state, command.seat)
    if kind is Challenge or kind is AcceptDrawFour:
        return _answer_draw_four(state, command.seat, kind is Challenge)
    return _DECIDERS[kind](state, command)


# --- what may be played ---------------------------------------------------------------


def _holds_color(hand: list[Card], color: Color | None) -> bool:
    return any(COLOR_OF[held] is color for held in hand)


def _can_play(state: GameState, hand: list[Card], card: Card) -> bool:
    """Whether `card` from `hand` may start a play on the pile (decision play).

    Rule: R-TURN-1, R-HOUSE-8 (no bluffing), R-HOUSE-9 (no action finish).
    """
    top, color = state.discard[-1], state.color
    if card not in (_MATCHING.get((top, color)) or _matching(top, color)):
        return False
    rules = state.rules
    if card is _WILD_DRAW_FOUR and rules.no_bluff and _holds_color(hand, color):
        return False
    return not (rules.no_action_finish and len(hand) == 1 and RANK_OF[card] not in _DIGITS)


def _can_stack(state: GameState, hand: list[Card], card: Card) -> bool:
    """Whether `card` answers the pending stack (R-HOUSE-1): same kind, never mixed."""
    kind = RANK_OF[state.discard[-1]]
    if RANK_OF[card] != kind:
        return False
    if card is _WILD_DRAW_FOUR and state.rules.no_bluff and _holds_color(hand, state.color):
        return False
    return not (state.rules.no_action_finish and len(hand) == 1)


def _can_play_drawn(state: GameState, hand: list[Card], card: Card) -> bool:
    """Whether a card just drawn may be played (R-TURN-3); `hand` may or may not hold it yet."""
    top, color = state.discard[-1], state.color
    if card not in (_MATCHING.get((top, color)) or _matching(top, color)):
        return False
    return not (card is _WILD_DRAW_FOUR and state.rules.no_bluff and _holds_color(hand, color))


_DIGITS = frozenset("0123456789")


def _may_jump_in(state: GameState, seat: int) -> bool:
    """Rule: R-HOUSE-3. Out of turn, during a play or stack decision, identical card held."""
    top = state.discard[-1]
    return (seat != state.turn and state.rules.jump_in and state.decision in (_PLAY, _STACK)
            and COLOR_OF[top] is not None and top in state.hands[seat])


def passes_hand_on(rules: RuleSet, card: Card) -> bool:
    """Whether playing `card`, not as the last card, gives the player's hand away: a 7 or a
    0 under seven-o (R-HOUSE-2), a Wild Shuffle Hands or a swap-hands Wild Customizable
    (R-DECK-3). The card left is then another's, and no UNO is owed for it (R-UNO-7).

    >>> passes_hand_on(RuleSet(seven_o=True), Card.R0), passes_hand_on(RuleSet(), Card.R7)
    (True, False)
    """
    if card is _SHUFFLE_HANDS:
        return True
    if card is _CUSTOMIZABLE:
        return rules.custom_effect is CustomEffect.SWAP_HANDS
    return rules.seven_o and RANK_OF[card] in ("7", "0")


def _swaps(state: GameState, card: Card) -> bool:
    """Whether playing `card` (not as the last card) swaps hands with a chosen seat."""
    rules = state.rules
    if card is _CUSTOMIZABLE:
        return rules.custom_effect is CustomEffect.SWAP_HANDS
    return rules.seven_o and RANK_OF[card] == "7"


def playable_house_cards(state: GameState, seat: int) -> list[Card]:
    """`playable_cards` under house rules: the distinct cards `seat` may play now, which
    are the first cards of the plays `legal_house_commands` lists for it."""
    hand = state.hands[seat]
    if seat != state.turn:
        # A jump-in (R-HOUSE-3) is a play like any other: not a last action card under
        # `no_action_finish` (R-HOUSE-9).
        top = state.discard[-1]
        return [top] if _may_jump_in(state, seat) and _can_play(state, hand, top) else []
    decision = state.decision
    if decision is _PLAY:
        return [card for card in dict.fromkeys(hand) if _can_play(state, hand, card)]
    if decision is _PLAY_OR_KEEP:
        drawn = state.drawn
        return [drawn] if drawn is not None and _can_play_drawn(state, hand, drawn) else []
    if decision is _STACK:
        return [card for card in dict.fromkeys(hand) if _can_stack(state, hand, card)]
    if decision is _CHALLENGE and state.rules.stacking and _WILD_DRAW_FOUR in hand and _can_stack(state, hand, _WILD_DRAW_FOUR):
        return [_WILD_DRAW_FOUR]
    return []


# --- legal commands -------------------------------------------------------------------


def _also_options(hand: list[Card], card: Card) -> list[tuple[Card, ...]]:
    """Every `also` that may go with `card` under multi-play (R-HOUSE-6), one spelling each.

    >>> _also_options([Card.R5, Card.B5, Card.G5, Card.R1], Card.R5)
    [(<Card.G5: 'g5'>,), (<Card.B5: 'b5'>,), (<Card.B5: 'b5'>, <Card.G5: 'g5'>), (<Card.G5: 'g5'>, <Card.B5: 'b5'>)]
    """
    rank = RANK_OF[card]
    extras = Counter(held for held in hand if RANK_OF[held] == rank)
    extras[card] -= 1
    faces = sorted((face for face, count in extras.items() if count > 0), key=_ORDER.__getitem__)
    selections: list[list[Card]] = [[]]
    for face in faces:
        selections = [chosen + [face] * times for chosen in selections for times in range(extras[face] + 1)]
    options: list[tuple[Card, ...]] = []
    for chosen in sorted(selections[1:], key=lambda chosen: (len(chosen), [_ORDER[c] for c in chosen])):
        for last in dict.fromkeys(chosen):
            middle = list(chosen)
            middle.remove(last)
            options.append((*middle, last))
    return options


def _variants(state: GameState, seat: int, card: Card, hand: list[Card], *, multi: bool) -> list[PlayCard]:
    """Every accepted spelling of playing `card`: colours, swap targets, extra cards, UNO."""
    rules = state.rules
    colors: tuple[Color | None, ...] = COLORS if COLOR_OF[card] is None else (None,)
    groups: list[tuple[Card, ...]] = [()]
    if multi and rules.multi_play and RANK_OF[card] in _DIGITS:
        groups += _also_options(hand, card)
    swaps = _swaps(state, card)
    others = [other for other in range(state.players) if other != seat]
    commands: list[PlayCard] = []
    for also in groups:
        left = len(hand) - 1 - len(also)
        if left == 0 and rules.no_action_finish and RANK_OF[card] not in _DIGITS:
            continue
        targets: list[int | None] = list(others) if swaps and left > 0 else [None]
        unos = (False, True) if left == 1 else (False,)
        commands += [
            PlayCard(seat=seat, card=card, color=color, uno=uno, swap_with=target, also=also)
            for color in colors for target in targets for uno in unos
        ]
    return commands


def legal_house_commands(state: GameState, seat: int) -> list[AnyCommand]:
    """`legal_commands` under house rules; `decide_house` accepts exactly these."""
    commands: list[AnyCommand] = []
    rules = state.rules
    hand = state.hands[seat]
    turn = seat == state.turn
    decision = state.decision
    if turn and decision is _CHALLENGE:
        commands += (Challenge(seat=seat), AcceptDrawFour(seat=seat))
    elif turn and decision is _CHOOSE_COLOR:
        commands += [ChooseColor(seat=seat, color=color) for color in COLORS]
    # The turn seat's plays, or another seat's jump-in.
    for card in playable_house_cards(state, seat):
        commands += _variants(state, seat, card, hand, multi=turn and decision is _PLAY)
    if turn:
        if decision is _STACK:
            commands.append(DrawCard(seat=seat))
        elif decision is _PLAY or decision is _PLAY_OR_KEEP:
            if not (rules.force_play and commands):
                commands.append(DrawCard(seat=seat) if decision is _PLAY else KeepCard(seat=seat))
        if decision in (_PLAY, _PLAY_OR_KEEP) and len(hand) == 2 and not state.uno_said[seat]:
            commands.append(_CALL_UNO[seat])
    if len(hand) == 1 and not state.uno_said[seat]:
        commands.append(_CALL_UNO[seat])
    window = state.uno_window
    if window is not None and window != seat and not state.uno_said[window] and len(state.hands[window]) == 1:
        commands.append(CatchUno(seat=seat, target=window))
    return commands


# --- playing a card -------------------------------------------------------------------


def _play(state: GameState, command: PlayCard) -> Accepted | Rejected:
    """Rule: R-TURN-1, R-TURN-3, R-TURN-4, R-HOUSE-1, -2, -3, -6, -8, -9, R-DECK-3."""
    seat, card, also = command.seat, command.card, command.also
    if state.phase is not Phase.PLAYING:
        return _not_playing(state)  # type: ignore[return-value]
    rules = state.rules
    hand = state.hands[seat]
    decision = state.decision
    jump = seat != state.turn
    top = state.discard[-1]
    if jump:
        if not rules.jump_in:
            return Rejected("R-TURN-1", f"it is not your turn: seat {state.turn} is to play")
        if COLOR_OF[top] is None or card is not top:
            return Rejected("R-HOUSE-3", f"it is not your turn: you may only jump in with a card identical to {top.value}")
        if decision is not _PLAY and decision is not _STACK:
            return Rejected("R-HOUSE-3", f"no jumping in while seat {state.turn} decides ({decision.value})")
        if card not in hand:
            return Rejected("R-HOUSE-3", f"you don't hold {card.value}")
        if also:
            return Rejected("R-HOUSE-3", "a jump-in is one card")
    elif decision is _PLAY:
        if card not in hand:
            return Rejected("R-TURN-1", f"you don't hold {card.value}")
        if card not in (_MATCHING.get((top, state.color)) or _matching(top, state.color)):
            named = state.color.value if state.color else "no colour"
            return Rejected("R-TURN-1", f"{card.value} doesn't match {top.value} ({named}): play the same colour, number or symbol, or a wild")
        if card is _WILD_DRAW_FOUR and rules.no_bluff and _holds_color(hand, state.color):
            return Rejected("R-HOUSE-8", f"you hold {state.color.value if state.color else 'a'} cards: no bluffing, Wild Draw Four only when you have none")
    elif decision is _PLAY_OR_KEEP:
        if card is not state.drawn:
            drawn = state.drawn.value if state.drawn else "?"
            return Rejected("R-TURN-3", f"you may only play the card you just drew ({drawn}), or keep it")
        if also:
            return Rejected("R-TURN-3", "only the card you just drew may be played")
        if not _can_play_drawn(state, hand, card):
            return Rejected("R-HOUSE-8", "you hold the current colour: no bluffing, keep the Wild Draw Four")
    elif decision is _STACK or (decision is _CHALLENGE and rules.stacking and card is _WILD_DRAW_FOUR):
        if card not in hand:
            return Rejected("R-TURN-1", f"you don't hold {card.value}")
        kind = RANK_OF[top]
        if RANK_OF[card] != kind:
            name = "Draw Two" if kind == "+2" else "Wild Draw Four"
            return Rejected("R-HOUSE-1", f"{state.pending} cards are pending: stack a {name} or draw them")
        if card is _WILD_DRAW_FOUR and rules.no_bluff and _holds_color(hand, state.color):
            return Rejected("R-HOUSE-8", "you hold the current colour: no bluffing, draw the total instead")
        if also:
            return Rejected("R-HOUSE-6", "only number cards are played together")
    else:
        return _turn_check(state, seat, _PLAY) or Rejected("R-TURN-1", "you can't play now")

    wild = COLOR_OF[card] is None
    if wild and command.color is None:
        return Rejected("R-TURN-4", "name a colour for the wild")
    if not wild and command.color is not None:
        return Rejected("R-TURN-4", "only a wild names a colour")
    if also:
        refused = _check_also(state, hand, card, also)
        if refused is not None:
            return refused
    left = len(hand) - 1 - len(also)
    if left == 0 and rules.no_action_finish and RANK_OF[card] not in _DIGITS:
        return Rejected("R-HOUSE-9", f"your last card may not be an action or wild card: draw instead of playing {card.value}")
    if command.uno and left != 1:
        return _uno_too_soon(left)
    target = command.swap_with
    if left > 0 and _swaps(state, card):
        rule = "R-DECK-3" if card is _CUSTOMIZABLE else "R-HOUSE-2"
        if target is None:
            return Rejected(rule, "name the player to swap hands with")
        if not 0 <= target < state.players or target == seat:
            return Rejected(rule, f"you can't swap hands with seat {target}: name another player at the table")
    elif target is not None:
        return Rejected("R-HOUSE-2", "only a 7 under seven-o or a swap-hands Wild Customizable swaps hands, and not as the last card")
    return Accepted(tuple(_play_events(state, command, jump, left)))


def _check_also(state: GameState, hand: list[Card], card: Card, also: tuple[Card, ...]) -> Rejected | None:
    """Rule: R-HOUSE-6. Number cards of one number, held, the middle ones in deck order."""
    if not state.rules.multi_play:
        return Rejected("R-HOUSE-6", "one card per turn: multi-play is off")
    rank = RANK_OF[card]
    if rank not in _DIGITS:
        return Rejected("R-HOUSE-6", "only number cards are played together")
    for extra in also:
        if RANK_OF[extra] != rank:
            return Rejected("R-HOUSE-6", f"{extra.value} is not a {rank}: cards played together show one number")
    short = Counter([card, *also]) - Counter(hand)
    if short:
        missing = next(iter(short))
        return Rejected("R-HOUSE-6", f"you don't hold {missing.value} that many times")
    if any(_ORDER[a] > _ORDER[b] for a, b in pairwise(also[:-1])):
        return Rejected("R-HOUSE-6", "list the cards before the last one in deck order (red, yellow, green, blue)")
    return None


def _play_events(state: GameState, command: PlayCard, jump: bool, left: int) -> list[AnyEvent]:
    """The consequences of an accepted play, in order."""
    seat, card, rules = command.seat, command.card, state.rules
    hand = state.hands[seat]
    events: list[AnyEvent] = [JumpedIn(seat=seat)] if jump else []
    if card is _WILD_DRAW_FOUR and not rules.no_bluff:
        events.append(CardPlayed(seat=seat, card=card, bluff=_holds_color(hand, state.color)))
    else:
        events.append(_CARD_PLAYED[seat][card])
    events += [_CARD_PLAYED[seat][extra] for extra in command.also]
    if command.uno and not state.uno_said[seat]:  # said just before: once is enough
        events.append(_UNO_CALLED[seat])
    if command.color is not None:
        events.append(_COLOR_NAMED[seat][command.color])
    rank = RANK_OF[card]
    n, direction = state.players, state.direction
    following = (seat + direction) % n
    effect = rules.custom_effect if card is _CUSTOMIZABLE else None
    pending = state.pending
    if left == 0:
        # Rule: R-SCORE-1. The next player still draws the last card's penalty (and the stack's).
        penalty, reason = 0, DrawReason.DRAW_TWO
        if rank == "+2":
            penalty = pending + 2
        elif rank == "w+4":
            penalty, reason = pending + 4, DrawReason.DRAW_FOUR
        elif effect is CustomEffect.DRAW_TWO:
            penalty = 2
        if penalty:
            _Piles(state, events, card_played=True).draw(following, penalty, reason)
            hands = _hands_after(state, events)
        else:
            hands = [list(held) for held in state.hands]
            hands[seat] = []
        _end_hand(state, seat, hands, events)
        return events
    turn_to = _TURN_TO_PLAY
    if rank == "s" or effect is CustomEffect.SKIP:
        events += (_TURN_SKIPPED[following], turn_to[(following + direction) % n])
    elif rank == "r" or effect is CustomEffect.REVERSE:
        if n == 2:  # Rule: R-ACT-4, a Reverse works as a Skip.
            events += (_TURN_SKIPPED[following], turn_to[seat])
        else:
            events += (DirectionReversed(direction=-direction), turn_to[(seat - direction) % n])
    elif rank == "+2":
        if rules.stacking:
            events += (DrawsStacked(total=pending + 2), TurnStarted(seat=following, decision=_STACK))
        else:
            _Piles(state, events, card_played=True).draw(following, 2, DrawReason.DRAW_TWO)
            events += (_TURN_SKIPPED[following], turn_to[(following + direction) % n])
    elif rank == "w+4":
        if rules.stacking:
            answer = _STACK if rules.no_bluff else _CHALLENGE
            events += (DrawsStacked(total=pending + 4), TurnStarted(seat=following, decision=answer))
        elif rules.no_bluff:
            _Piles(state, events, card_played=True).draw(following, 4, DrawReason.DRAW_FOUR)
            events += _after_draw_four(state, following)
        else:
            events.append(TurnStarted(seat=following, decision=_CHALLENGE))
    elif effect is CustomEffect.DRAW_TWO:
        _Piles(state, events, card_played=True).draw(following, 2, DrawReason.DRAW_TWO)
        events += (_TURN_SKIPPED[following], turn_to[(following + direction) % n])
    elif command.swap_with is not None:
        events += (HandsSwapped(seat=seat, other=command.swap_with), turn_to[following])
    elif rank == "0" and rules.seven_o:
        events += (HandsRotated(direction=direction), turn_to[following])
    elif card is _SHUFFLE_HANDS:
        events += (_shuffle_hands(state, command), turn_to[following])
    else:
        events.append(turn_to[following])
    return events


def _shuffle_hands(state: GameState, command: PlayCard) -> HandsShuffled:
    """Rule: R-DECK-3. All hands (the player's without the card) shuffled, dealt from the next seat."""
    n, direction, seat = state.players, state.direction, command.seat
    held: list[Card] = []
    for owner, hand in enumerate(state.hands):
        cards = list(hand)
        if owner == seat:
            cards.remove(command.card)
        held += cards
    order, rng = shuffled(held, state.rng)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for index, card in enumerate(order):
        hands[(seat + direction * (1 + index)) % n].append(card)
    return HandsShuffled(hands=tuple(tuple(hand) for hand in hands),
                         sizes=tuple(len(hand) for hand in hands), rng=rng)


def _after_draw_four(state: GameState, victim: int) -> tuple[AnyEvent, ...]:
    """Rule: R-WD4-5, R-HOUSE-7. Who plays once `victim` has drawn a Wild Draw Four penalty."""
    if state.rules.play_after_penalty:
        return (_TURN_TO_PLAY[victim],)
    return (_TURN_SKIPPED[victim], _TURN_TO_PLAY[(victim + state.direction) % state.players])


# --- drawing, keeping, answering ------------------------------------------------------


def _draw(state: GameState, seat: int) -> Accepted | Rejected:
    """Rule: R-TURN-2, R-TURN-3, R-HOUSE-1 (draw the total), R-HOUSE-4, R-HOUSE-5."""
    decision = state.decision
    if state.phase is not Phase.PLAYING or seat != state.turn or decision not in (_PLAY, _STACK):
        return _turn_check(state, seat, _PLAY) or Rejected("R-TURN-2", "you can't draw now")
    rules = state.rules
    events: list[AnyEvent] = []
    piles = _Piles(state, events, card_played=False)
    following = (seat + state.direction) % state.players
    if decision is _STACK:
        if RANK_OF[state.discard[-1]] == "+2":
            piles.draw(seat, state.pending, DrawReason.DRAW_TWO)
            events += (_TURN_SKIPPED[seat], _TURN_TO_PLAY[following])
        else:
            piles.draw(seat, state.pending, DrawReason.DRAW_FOUR)
            events += _after_draw_four(state, seat)
        return Accepted(tuple(events))
    hand = state.hands[seat]
    if rules.force_play and any(_can_play(state, hand, card) for card in hand):
        return Rejected("R-HOUSE-5", "you hold a playable card: under force play you must play")
    got = piles.draw(seat, 1, DrawReason.CHOICE)
    while got:
        drawn = events[-1].cards[0]  # type: ignore[union-attr]
        if _can_play_drawn(state, hand, drawn):
            events.append(_DRAWN_PLAYABLE[seat][drawn])
            return Accepted(tuple(_joined(events)))
        if not rules.draw_to_match:
            break
        got = piles.draw(seat, 1, DrawReason.CHOICE)  # Rule: R-HOUSE-4, until one fits.
    if not any(type(event) is CardsDrawn and event.count for event in events):
        if state.passes + 1 >= state.players:
            # Rule: R-TURN-6. Everyone passed in turn with nothing to play or draw.
            _end_hand(state, None, [list(held) for held in state.hands], events)
            return Accepted(tuple(events))
    events.append(_TURN_TO_PLAY[following])
    return Accepted(tuple(_joined(events)))


def _joined(events: list[AnyEvent]) -> list[AnyEvent]:
    """One `CardsDrawn` for cards drawn one after another from the same pile (R-HOUSE-4)."""
    joined: list[AnyEvent] = []
    for event in events:
        last = joined[-1] if joined else None
        if type(event) is CardsDrawn and type(last) is CardsDrawn and event.count and last.count:
            joined[-1] = CardsDrawn(seat=last.seat, count=last.count + event.count,
                                    cards=last.cards + event.cards, reason=last.reason)
        else:
            joined.append(event)
    return joined


def _keep(state: GameState, seat: int) -> Accepted | Rejected:
    """Rule: R-TURN-3, R-HOUSE-5."""
    refused = _turn_check(state, seat, _PLAY_OR_KEEP)
    if refused is not None:
        return refused
    drawn = state.drawn
    if state.rules.force_play and drawn is not None and _can_play_drawn(state, state.hands[seat], drawn):
        return Rejected("R-HOUSE-5", f"under force play the playable card you drew must be played: play {drawn.value}")
    return _keep_standard(state, seat)


def _answer_draw_four(state: GameState, seat: int, challenge: bool) -> Accepted | Rejected:
    """Rule: R-WD4-3, R-WD4-4, R-WD4-5, R-HOUSE-1 (a stacked total), R-HOUSE-7, R-HOUSE-8."""
    if challenge and state.rules.no_bluff:
        return Rejected("R-HOUSE-8", "no challenges: with no bluffing every Wild Draw Four is legal")
    refused = _turn_check(state, seat, _CHALLENGE)
    if refused is not None:
        return refused
    total = state.pending or 4
    events: list[AnyEvent] = []
    piles = _Piles(state, events, card_played=False)
    following = (seat + state.direction) % state.players
    if not challenge:
        piles.draw(seat, total, DrawReason.DRAW_FOUR)
        events += _after_draw_four(state, seat)
        return Accepted(tuple(events))
    challenged = (seat - state.direction) % state.players
    caught = bool(state.bluff)
    events.append(ChallengeResolved(challenger=seat, challenged=challenged, succeeded=caught,
                                    revealed=tuple(state.hands[challenged])))
    if caught:
        piles.draw(challenged, total, DrawReason.BLUFF_CAUGHT)
        events.append(TurnStarted(seat=seat))
    else:
        piles.draw(seat, total + 2, DrawReason.CHALLENGE_FAILED)
        events += (TurnSkipped(seat=seat), TurnStarted(seat=following))
    return Accepted(tuple(events))

