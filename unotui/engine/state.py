"""Game state, positions (a FEN for UNO), the match setup and their validation."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Annotated, Literal

import msgspec

from .cards import COLOR_OF, Card, Color
from .commands import Seat
from .events import Decision
from .rules import RuleSet, deck_for

__all__ = [
    "MAX_PLAYERS",
    "GameState",
    "Phase",
    "Position",
    "SetupError",
    "Setup",
    "initial_state",
    "validate_position",
]

_DRAW_TWOS = (Card.R_DRAW_TWO, Card.Y_DRAW_TWO, Card.G_DRAW_TWO, Card.B_DRAW_TWO)

MAX_PLAYERS = 10
"""The most seats a table has (R-SETUP-0)."""

Players = Annotated[int, msgspec.Meta(ge=2, le=MAX_PLAYERS)]
# msgspec checks bounds only within int64, so the 64-bit ceiling is left to the generator.
Seed = Annotated[int, msgspec.Meta(ge=0)]
Points = Annotated[int, msgspec.Meta(ge=0)]


class Phase(StrEnum):
    """Where the match stands."""

    NEW = "new"
    """Before the first deal."""
    PLAYING = "playing"
    HAND_OVER = "hand_over"
    """Waiting for the next hand to be started."""
    MATCH_OVER = "match_over"


class SetupError(ValueError):
    """A setup or position that can't start a game; the message says why."""


class Position(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hand in progress, complete enough to play on from, like a chess FEN.

    Hand-writable: cards are in notation, piles list the discard pile bottom to top
    and the draw pile top first; a field it doesn't have is refused, never ignored.
    """

    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    """Bottom first; the last card is the top of the pile."""
    draw_pile: tuple[Card, ...]
    """Top first."""
    color: Color | None
    """The current colour; None only while a Wild start card awaits its colour."""
    turn: Seat
    dealer: Seat
    direction: Literal[1, -1] = 1
    decision: Decision = Decision.PLAY
    drawn: Card | None = None
    """With decision play_or_keep: the card just drawn, the only one that may be played."""
    uno: tuple[Seat, ...] = ()
    """Seats that have said UNO and not drawn since."""
    uno_window: Seat | None = None
    """The seat that may be caught for not saying UNO (R-UNO-3)."""
    bluff: bool | None = None
    """With decision challenge: whether the Wild Draw Four was played illegally."""
    passes: int = 0
    """Turns passed in a row with nothing played or drawn (R-TURN-6)."""
    pending: Points = 0
    """Under `stacking`: the draw total waiting for the turn player (R-HOUSE-1)."""
    scores: tuple[Points, ...] = ()
    """Match totals; empty means all zero."""
    results: tuple[tuple[int, ...], ...] = ()
    """Points each seat scored in each earlier hand."""
    hand: int = 1
    rng: Seed = 0


class Setup(msgspec.Struct, frozen=True, kw_only=True):
    """What a match starts from: players, rules, and a seed, a stacked deck or a position."""

    players: Players
    rules: RuleSet = RuleSet()
    seed: Seed = 0
    """Seeds the engine's generator: every shuffle comes from it."""
    deck: tuple[Card, ...] | None = None
    """A stacked deck for the first hand, top card first. It may list only the top
    cards; the rest of the deck follows in shuffled order."""
    position: Position | None = None
    """Start mid-hand from this position instead of dealing."""


class GameState:
    """Everything the rules need, private and mutable for speed.

    Only `apply` changes it, one event at a time; `position()` and the views hand out
    frozen copies. Piles are lists with their top card at the end.
    """

    __slots__ = (
        "rules", "players", "phase", "hand", "dealer", "hands", "draw", "discard", "color",
        "direction", "turn", "decision", "drawn", "uno_said", "uno_window", "bluff", "passes",
        "scores", "results", "rng", "stacked", "winners", "pending", "house",
    )

    rules: RuleSet
    players: int
    phase: Phase
    hand: int
    dealer: int
    hands: list[list[Card]]
    draw: list[Card]
    discard: list[Card]
    color: Color | None
    direction: int
    turn: int
    decision: Decision
    drawn: Card | None
    uno_said: list[bool]
    uno_window: int | None
    bluff: bool | None
    passes: int
    scores: list[int]
    results: list[tuple[int, ...]]
    rng: int
    stacked: tuple[Card, ...] | None
    winners: tuple[int, ...]
    pending: int
    """The draw total a stack has built up (R-HOUSE-1); 0 when none is pending."""
    house: bool
    """Whether the rules leave the standard paths (`RuleSet.has_house_rules`); fixed per match."""

    def copy(self) -> GameState:
        """An independent copy (for search: bots play out futures on copies)."""
        # Field by field rather than a loop over `__slots__`: search copies a state for
        # every candidate in every world, and the loop's getattr/setattr cost twice as much.
        other = GameState.__new__(GameState)
        other.rules, other.players, other.phase, other.hand = self.rules, self.players, self.phase, self.hand
        other.dealer, other.color, other.direction, other.turn = self.dealer, self.color, self.direction, self.turn
        other.decision, other.drawn, other.bluff = self.decision, self.drawn, self.bluff
        other.uno_window = self.uno_window
        other.passes, other.rng, other.stacked, other.winners = self.passes, self.rng, self.stacked, self.winners
        other.pending, other.house = self.pending, self.house
        other.hands = [hand[:] for hand in self.hands]
        other.draw = self.draw[:]
        other.discard = self.discard[:]
        other.uno_said = self.uno_said[:]
        other.scores = self.scores[:]
        other.results = self.results[:]
        return other

    def position(self) -> Position:
        """The frozen position of the hand in progress (or just ended)."""
        return Position(
            hands=tuple(tuple(hand) for hand in self.hands),
            discard=tuple(self.discard),
            draw_pile=tuple(reversed(self.draw)),
            color=self.color,
            turn=self.turn,
            dealer=self.dealer,
            direction=1 if self.direction == 1 else -1,
            decision=self.decision,
            drawn=self.drawn,
            uno=tuple(seat for seat, said in enumerate(self.uno_said) if said),
            uno_window=self.uno_window,
            bluff=self.bluff,
            passes=self.passes,
            pending=self.pending,
            scores=tuple(self.scores),
            results=tuple(self.results),
            hand=self.hand,
            rng=self.rng,
        )

    def snapshot(self) -> tuple[object, ...]:
        """Every field as a comparable value: two states are equal iff snapshots are."""
        return (self.position(), self.rules, self.players, self.phase, self.stacked, self.winners)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GameState(phase={self.phase.value}, hand={self.hand}, turn={self.turn})"


def initial_state(setup: Setup) -> GameState:
    """The state before the first command of a match.

    Raises:
        SetupError: saying what is wrong with the setup or its position.
    """
    rules, players = setup.rules, setup.players
    if not 2 <= players <= MAX_PLAYERS:
        raise SetupError(f"UNO is for 2 to {MAX_PLAYERS} players, not {players} (R-SETUP-0)")
    deck = deck_for(rules)
    if players * rules.hand_size >= len(deck):
        raise SetupError(f"{players} hands of {rules.hand_size} cards don't fit in the deck")
    state = GameState.__new__(GameState)
    state.rules, state.players = rules, players
    state.winners, state.stacked = (), None
    state.pending, state.house = 0, rules.has_house_rules
    if setup.position is not None:
        if setup.deck is not None:
            raise SetupError("a setup has a stacked deck or a position, not both")
        _load_position(state, validate_position(setup.position, players, rules))
        return state
    if setup.deck is not None:
        _check_subdeck(setup.deck, deck, "stacked deck")
        state.stacked = setup.deck
    if isinstance(rules.dealer, int) and rules.dealer >= players:
        raise SetupError(f"dealer seat {rules.dealer} is not at a table of {players}")
    state.phase, state.hand, state.dealer = Phase.NEW, 0, -1
    state.hands = [[] for _ in range(players)]
    state.draw = list(reversed(deck))
    state.discard = []
    state.color, state.direction, state.turn = None, 1, 0
    state.decision, state.drawn = Decision.PLAY, None
    state.uno_said, state.uno_window, state.bluff, state.passes = [False] * players, None, None, 0
    state.scores, state.results, state.rng = [0] * players, [], setup.seed
    return state


def _check_subdeck(cards: tuple[Card, ...], deck: tuple[Card, ...], what: str) -> None:
    extra = Counter(cards) - Counter(deck)
    if extra:
        card, count = next(iter(extra.items()))
        raise SetupError(f"the {what} has {count} {card.value} more than the deck holds")


def validate_position(position: Position, players: int | None = None, rules: RuleSet | None = None) -> Position:
    """Check that a position could happen in a game under `rules` (default: standard).

    The rules decide the deck the cards must add up to, and whether a pending draw
    total or a challenge can exist.

    Returns:
        The position, unchanged.

    Raises:
        SetupError: naming the first inconsistency found.
    """
    hands = position.hands
    n = len(hands)
    if players is not None and n != players:
        raise SetupError(f"the position has {n} hands for {players} players")
    if not 2 <= n <= 10:
        raise SetupError(f"UNO is for 2 to 10 players, not {n} (R-SETUP-0)")
    every = Counter(position.discard) + Counter(position.draw_pile)
    for hand in hands:
        every.update(hand)
    rules = rules or RuleSet()
    deck = Counter(deck_for(rules))
    if every != deck:
        missing, extra = deck - every, every - deck
        parts = [f"missing {' '.join(c.value for c in missing.elements())}"] if missing else []
        parts += [f"extra {' '.join(c.value for c in extra.elements())}"] if extra else []
        raise SetupError(f"the position's cards are not one deck: {'; '.join(parts)}")
    if not position.discard:
        raise SetupError("the discard pile is empty: it needs at least its top card")
    for seat, hand in enumerate(hands):
        if not hand:
            raise SetupError(f"seat {seat} holds no cards: that hand is already over")
    for label, seat in (("turn", position.turn), ("dealer", position.dealer)):
        if not 0 <= seat < n:
            raise SetupError(f"{label} seat {seat} is not at a table of {n}")
    top = position.discard[-1]
    decision = position.decision
    if position.color is None and decision is not Decision.CHOOSE_COLOR:
        raise SetupError("the current colour is missing")
    if position.color is not None and COLOR_OF[top] not in (None, position.color):
        raise SetupError(f"the current colour is {position.color.value} but the top card is {top.value}")
    if decision is Decision.CHOOSE_COLOR and (COLOR_OF[top] is not None or position.color is not None):
        raise SetupError("choose_color needs a wild on top and no colour named yet")
    if decision is Decision.PLAY_OR_KEEP:
        if position.drawn is None or position.drawn not in hands[position.turn]:
            raise SetupError("play_or_keep needs the drawn card, in the hand of the seat to play")
    elif position.drawn is not None:
        raise SetupError("a drawn card is given but the decision is not play_or_keep")
    if decision is Decision.CHALLENGE:
        if rules.no_bluff:
            raise SetupError("no_bluff is on: there are no challenges (R-HOUSE-8)")
        if top is not Card.WILD_DRAW_FOUR or position.bluff is None:
            raise SetupError("challenge needs a Wild Draw Four on top and bluff true or false")
    elif position.bluff is not None:
        raise SetupError("bluff is given but the decision is not challenge")
    if decision is Decision.STACK:
        if position.pending < 1 or top not in (Card.WILD_DRAW_FOUR, *_DRAW_TWOS):
            raise SetupError("stack needs a Draw Two or Wild Draw Four on top and a pending total")
    if position.pending:
        if not rules.stacking:
            raise SetupError("a pending draw total needs the stacking rule (R-HOUSE-1)")
        if position.pending < 0 or decision not in (Decision.STACK, Decision.CHALLENGE):
            raise SetupError("a pending draw total needs the decision stack or challenge")
    for seat in position.uno:
        if not 0 <= seat < n or len(hands[seat]) not in (1, 2):
            raise SetupError(f"seat {seat} can't have said UNO holding {len(hands[seat]) if 0 <= seat < n else 'no'} cards")
    window = position.uno_window
    if window is not None and (not 0 <= window < n or len(hands[window]) != 1 or window in position.uno):
        raise SetupError(f"seat {window} can't be open to an UNO catch")
    if position.scores and len(position.scores) != n:
        raise SetupError(f"the position has {len(position.scores)} scores for {n} players")
    for result in position.results:
        if len(result) != n:
            raise SetupError(f"a hand result has {len(result)} scores for {n} players")
    if not 0 <= position.passes < n:
        raise SetupError(f"passes must be between 0 and {n - 1}")
    if position.hand < 1:
        raise SetupError("hand numbers start at 1")
    return position


def _load_position(state: GameState, position: Position) -> None:
    n = len(position.hands)
    state.phase, state.hand, state.dealer = Phase.PLAYING, position.hand, position.dealer
    state.hands = [list(hand) for hand in position.hands]
    state.draw = list(reversed(position.draw_pile))
    state.discard = list(position.discard)
    state.color, state.direction, state.turn = position.color, position.direction, position.turn
    state.decision, state.drawn = position.decision, position.drawn
    state.uno_said = [seat in position.uno for seat in range(n)]
    state.uno_window, state.bluff, state.passes = position.uno_window, position.bluff, position.passes
    state.pending = position.pending
    state.scores = list(position.scores) if position.scores else [0] * n
    state.results = list(position.results)
    state.rng = position.rng
