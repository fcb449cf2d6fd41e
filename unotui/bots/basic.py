"""The `basic` level: the habits of a good casual player, no look-ahead.

Keep to the colour you hold most, save wilds until stuck, hit a player close to going
out with Draw Two / Skip, dump high cards when a hand is about to end, challenge a
Wild Draw Four only when the public record makes a bluff likely, always say UNO.
Under house rules: pass a stack on rather than draw it (R-HOUSE-1), play a 7 to take the
smallest hand and keep it when its own is smallest (R-HOUSE-2), shed as many cards as a
multi-play allows (R-HOUSE-6), and jump in with a card identical to the top card
whenever that sheds a card without a costly hand exchange (R-HOUSE-3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from unotui.engine import (
    AcceptDrawFour,
    COLORS,
    AnyCommand,
    Card,
    Challenge,
    ChooseColor,
    Color,
    Decision,
    DrawCard,
    KeepCard,
    Phase,
    PlayCard,
    PlayerView,
    Rng,
    passes_hand_on,
)
from unotui.engine.cards import COLOR_OF, POINTS_OF, RANK_OF

from .base import BotBase
from .memory import TableMemory
from .tactics import best_color, color_counts, color_odds, fallback_command, holds_color_odds, next_seat, unseen_cards

__all__ = [
    "CHALLENGE_THRESHOLD", "BasicBot", "PlayContext", "basic_choice", "basic_jump_in", "bluff_likelihood", "card_value",
    "challenge_odds", "color_to_name", "pick_card", "play_context", "should_challenge",
]

CHALLENGE_THRESHOLD = 0.25
"""Challenge when a bluff is at least this likely: a won challenge swings about nine
cards (four not drawn, four given, the turn kept), a lost one costs two (R-WD4-4)."""


class BasicBot(BotBase):
    """Heuristic play from the view and the seat's notes."""

    level = "basic"

    def decide_turn(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        return basic_choice(view, legal, rng, self.memory, self.personality.bluff)

    def jump_in(self, view: PlayerView) -> PlayCard | None:
        return basic_jump_in(view)


def basic_jump_in(view: PlayerView) -> PlayCard | None:
    """Rule: R-HOUSE-3. The jump-in a good casual player makes, or None.

    Jumping in sheds a card and takes the turn from whoever was to play, so it is worth
    it with any identical card: an action card then hits the players after the jumper.
    Not when the hand exchange of a seven-o 7 or 0 would cost cards, and not with a last
    card `no_action_finish` forbids. UNO is said with a jump-in that leaves one card.
    """
    seat, top, rules = view.seat, view.top, view.rules
    if (seat is None or top is None or not rules.jump_in or view.phase is not Phase.PLAYING
            or view.turn == seat or view.decision not in (Decision.PLAY, Decision.STACK)
            or COLOR_OF[top] is None or top not in view.hand):
        return None
    left = len(view.hand) - 1
    if left == 0 and rules.no_action_finish and not RANK_OF[top].isdigit():
        return None
    if _swap_gain(view, top, left) < 0:
        return None
    swap_with = None
    if rules.seven_o and RANK_OF[top] == "7" and left > 0:
        swap_with = min((other for other in range(view.players) if other != seat), key=lambda other: view.hand_sizes[other])
    return PlayCard(seat=seat, card=top, uno=left == 1 and not passes_hand_on(rules, top), swap_with=swap_with)


def basic_choice(view: PlayerView, legal: Sequence[AnyCommand], rng: Rng, memory: TableMemory,
                 bluff: float = 0.0) -> AnyCommand:
    """The basic level's command for the seat's pending decision.

    Args:
        view: the seat's view; it must be the seat's turn for a real decision.
        legal: the legal commands, as `legal_commands` lists them.
        rng: drawn from only for a bluff.
        memory: the seat's notes (voids, who set the colour, bluff record).
        bluff: chance of bluffing a Wild Draw Four at a player about to go out.
    """
    seat = view.seat
    if view.phase is not Phase.PLAYING or seat is None or view.turn != seat:
        return fallback_command(view, legal)
    match view.decision:
        case Decision.CHALLENGE:
            if should_challenge(view, memory):
                return Challenge(seat=seat)
            return _stack(view, legal, memory) or AcceptDrawFour(seat=seat)
        case Decision.STACK:
            return _stack(view, legal, memory) or DrawCard(seat=seat)
        case Decision.CHOOSE_COLOR:
            return ChooseColor(seat=seat, color=_name_color(view, view.hand, memory))
        case Decision.PLAY_OR_KEEP | Decision.PLAY:
            return _play(view, legal, rng, memory, bluff)
    return fallback_command(view, legal)


def _stack(view: PlayerView, legal: Sequence[AnyCommand], memory: TableMemory) -> PlayCard | None:
    """Rule: R-HOUSE-1. Pass a pending draw total on: it costs nothing, drawing costs it all.

    Of the stacking cards, the one of the colour held most (a Wild Draw Four names it).
    """
    stacks = [command for command in legal if isinstance(command, PlayCard)]
    if not stacks:
        return None
    counts = color_counts(view.hand)
    named = _name_color(view, view.hand, memory)

    def rank(command: PlayCard) -> tuple[bool, int, bool]:
        color = COLOR_OF[command.card]
        return (command.uno, counts[color] if color is not None else -1, command.color is named)

    return max(stacks, key=rank)


def _swap_gain(view: PlayerView, card: Card, after: int) -> int:
    """Rule: R-HOUSE-2. Cards gained by the hand exchange `card` brings, holding `after`."""
    seat = view.seat
    assert seat is not None
    if view.rules.seven_o and RANK_OF[card] == "7" and after > 0:
        return after - min(size for other, size in enumerate(view.hand_sizes) if other != seat)
    if view.rules.seven_o and RANK_OF[card] == "0" and after > 0:
        return after - view.hand_sizes[next_seat(view, seat, -1)]
    return 0


def _name_color(view: PlayerView, hand: Sequence[Card], memory: TableMemory) -> Color:
    assert view.seat is not None
    return color_to_name(hand, memory.voids[next_seat(view, view.seat)])


def color_to_name(hand: Sequence[Card], void: frozenset[Card]) -> Color:
    """The colour held most; on a tie, one the next player seems unable to follow (`void`)."""
    prefer = [color for color in COLORS if any(COLOR_OF[card] is color for card in void)]
    return best_color(hand, prefer)


class PlayContext(NamedTuple):
    """What the basic choice of a card depends on besides the hand and the playable cards."""

    color: Color | None
    """The current colour."""
    next_size: int
    """Cards held by the player after the chooser."""
    previous_size: int
    """Cards held by the player before it (the one a Reverse turns play towards)."""
    closing: bool
    """Whether another player is down to two cards or fewer."""
    two: bool
    """Whether the table has two players."""
    void: frozenset[Card]
    """Faces the next player seems unable to follow with."""


def card_value(card: Card, counts: dict[Color, int], context: PlayContext) -> float:
    """How much the basic level likes playing coloured `card`, holding `counts` of each colour."""
    rank, color = RANK_OF[card], COLOR_OF[card]
    if color is None:
        return float("-inf")
    next_close = context.next_size <= 2
    score = 10.0 * (counts[color] - 1)
    if rank == "+2":
        score += 100 if next_close else 30 if context.two else 12
    elif rank == "s" or (rank == "r" and context.two):
        score += 80 if next_close else 25 if context.two else 6
    elif rank == "r":
        score += 40 if next_close and context.previous_size > 2 else 2
    if context.closing:
        score += POINTS_OF[card]
    if card in context.void:
        score += 8
    # Break ties towards shedding points.
    return score + POINTS_OF[card] / 100


def pick_card(cards: Sequence[Card], hand: Sequence[Card], context: PlayContext,
              bluffing: Callable[[], bool] | None = None, gain: Callable[[Card], int] | None = None) -> Card:
    """The card the basic level plays from the playable `cards` (never empty).

    The coloured card it likes most (`card_value`, plus 12 a card for what a house-rule
    hand exchange brings, `gain`); a Wild Draw Four instead at a next player about to go
    out when the best card does not hit them and the play is honest (or `bluffing()`
    says to bluff: it is asked only then); a wild only when stuck, the Wild Draw Four
    first.
    """
    counts = color_counts(hand)
    coloured = [card for card in cards if COLOR_OF[card] is not None]
    if not coloured:
        # Stuck: a Wild Draw Four is honest now (nothing of the colour is held), and it
        # spends the card that can't be played honestly later; the plain wild is kept.
        chosen = Card.WILD_DRAW_FOUR if Card.WILD_DRAW_FOUR in cards else Card.WILD
        return chosen if chosen in cards else cards[0]
    if gain is None:
        chosen = max(coloured, key=lambda card: card_value(card, counts, context))
    else:
        chosen = max(coloured, key=lambda card: card_value(card, counts, context) + 12 * gain(card))
    hits_next = RANK_OF[chosen] in ("+2", "s") or (context.two and RANK_OF[chosen] == "r")
    if context.next_size <= 2 and not hits_next and Card.WILD_DRAW_FOUR in cards:
        if not any(COLOR_OF[card] is context.color for card in hand) or (bluffing is not None and bluffing()):
            return Card.WILD_DRAW_FOUR
    return chosen


def play_context(view: PlayerView, memory: TableMemory) -> PlayContext:
    """The context of the view's turn seat choosing a card."""
    assert view.seat is not None
    seat = view.seat
    sizes = view.hand_sizes
    following = next_seat(view, seat)
    return PlayContext(
        color=view.color,
        next_size=sizes[following],
        previous_size=sizes[next_seat(view, seat, -1)],
        closing=min(size for other, size in enumerate(sizes) if other != seat) <= 2,
        two=view.players == 2,
        void=memory.voids[following],
    )


def _play(view: PlayerView, legal: Sequence[AnyCommand], rng: Rng, memory: TableMemory,
          bluff: float) -> AnyCommand:
    assert view.seat is not None
    seat, hand = view.seat, view.hand
    uno = len(hand) == 2
    cards: list[Card] = []
    for command in legal:
        if isinstance(command, PlayCard) and command.card not in cards:
            cards.append(command.card)
    if not cards:
        for command in legal:
            if isinstance(command, (DrawCard, KeepCard)):
                return command
        return fallback_command(view, legal)

    context = play_context(view, memory)
    counts = color_counts(hand)

    def bluffing() -> bool:
        return bool(bluff) and rng.random() < bluff

    gain = None
    if view.rules.seven_o:
        def gain(card: Card) -> int:
            return _swap_gain(view, card, len(hand) - 1)
    chosen = pick_card(cards, hand, context, bluffing, gain)
    # The card left after a play that passes the hand on is another's: UNO is not said for it.
    uno = uno and not passes_hand_on(view.rules, chosen)
    color = None
    if COLOR_OF[chosen] is None:
        rest = list(hand)
        rest.remove(chosen)
        color = _name_color(view, rest, memory)
    wanted = PlayCard(seat=seat, card=chosen, color=color, uno=uno)
    if wanted in legal:
        return wanted
    # House rules spell plays with more fields: a swap target, extra cards, UNO with them.
    options = [command for command in legal if isinstance(command, PlayCard) and command.card is chosen
               and command.color in (color, None)]
    if not options:
        return fallback_command(view, legal)

    def rank(command: PlayCard) -> tuple[int, bool, int, int]:
        last = command.also[-1] if command.also else command.card
        last_color = COLOR_OF[last]
        target = -view.hand_sizes[command.swap_with] if command.swap_with is not None else 0
        return (len(command.also), command.uno == uno, target, counts[last_color] if last_color is not None else 0)

    return max(options, key=rank)


def should_challenge(view: PlayerView, memory: TableMemory) -> bool:
    """Rule: R-WD4-3. Challenge when the public record makes a bluff likely."""
    return bluff_likelihood(view, memory) >= CHALLENGE_THRESHOLD


def bluff_likelihood(view: PlayerView, memory: TableMemory) -> float:
    """How likely the Wild Draw Four this seat must answer is a bluff.

    The odds that the player holds the colour that was current come from the unseen
    cards and the notes on that player. A player whose draws say nothing (it draws
    with playable cards in hand) is taken to play its Wild Draw Four at random;
    otherwise the odds are scaled by its bluff record, raised when it had itself
    chosen that colour.
    """
    assert view.seat is not None
    challenged = next_seat(view, view.seat, -1)
    color = memory.wd4_color
    if color is None or memory.wd4_seat != challenged:
        return 0.0
    holds = holds_color_odds(view, memory, challenged, color, view.hand_sizes[challenged])
    if memory.unreadable[challenged]:
        return holds
    return holds * _bluff_prior(memory, challenged, memory.wd4_setter)


def _bluff_prior(memory: TableMemory, seat: int, setter: int | None) -> float:
    """How ready `seat` is to bluff, from its record; more so on a colour it chose itself."""
    prior = memory.bluff_odds(seat)
    return max(prior, 0.6) if setter == seat else prior


def challenge_odds(view: PlayerView, memory: TableMemory) -> float:
    """How likely the next player, playing the basic habits, challenges a Wild Draw Four
    this seat plays now (R-WD4-3): whether the public record makes it look like a bluff.

    The next player's guess at this seat holding the current colour is taken from the
    cards this seat can't see plus its own hand (the next player sees neither).
    """
    seat = view.seat
    assert seat is not None
    color = view.color
    if color is None:
        return 0.0
    unseen = unseen_cards(view)
    unseen.update(view.hand)
    holds = color_odds(unseen, color, len(view.hand) - 1)
    return 1.0 if holds * _bluff_prior(memory, seat, memory.color_setter) >= CHALLENGE_THRESHOLD else 0.0
