"""The `strong` level: determinized Monte Carlo search over the seat's candidate moves.

For each decision with a real choice it deals many complete worlds consistent with
what the seat has seen (`worlds.sample_world`), plays every candidate command in each
world and the hand out with a fast policy (`rollout.play_out`), and keeps the command
that won most often. The same worlds and play-out seeds serve every candidate, so
the comparison is between moves, not between lucky deals.

The budget is a number of play-outs per decision, which keeps simulations
reproducible, and optionally a time limit on top, for the TUI.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from unotui.engine import (
    AcceptDrawFour,
    AnyCommand,
    Card,
    Challenge,
    Color,
    Decision,
    DrawCard,
    KeepCard,
    Phase,
    PlayCard,
    PlayerView,
    Rng,
    apply,
    decide,
)
from unotui.engine.cards import COLOR_OF
from unotui.engine.decide import Accepted

from .base import BotBase
from .basic import basic_choice, basic_jump_in, bluff_likelihood
from .personality import Personality
from .rollout import play_out
from .tactics import color_counts, fallback_command, next_seat
from .worlds import sample_world

__all__ = ["DEFAULT_PLAYOUTS", "INTERACTIVE_TIME_LIMIT", "StrongBot"]

DEFAULT_PLAYOUTS = 240
"""Play-outs per decision; measured to keep the median decision under 100 ms."""

INTERACTIVE_TIME_LIMIT = 0.2
"""Seconds per decision `make_bot` gives the level unless told otherwise: at a table a
slower machine cuts the search short instead of keeping a person waiting. Simulations
pass None, so that play-out counts alone decide their results."""

MAX_STEPS = 24
"""Commands per play-out before it is scored by `rollout.win_odds`: a few rounds see
the consequences of a move, and the shorter play-outs are both faster and less noisy
than playing every hand to its end (measured against 400). Measured over the same 600
four-player hands against three `basic`: 12 won 24.3%, 24 won 28.5%, 40 (with the
play-outs spent by successive halving) 28.2% at twice the time."""

HABIT_BONUS = 0.02
"""Win-rate credit for the move a good casual player would make: with a few hundred
play-outs, differences below this are noise."""


class StrongBot(BotBase):
    """Searches every decision that offers more than one sensible command."""

    level = "strong"

    def __init__(self, seat: int, players: int, personality: Personality, seed: int, *,
                 playouts: int | None = None, time_limit: float | None = None) -> None:
        super().__init__(seat, players, personality, seed)
        self.playouts = playouts if playouts is not None else DEFAULT_PLAYOUTS
        """Play-outs per decision (deterministic)."""
        self.time_limit = time_limit
        """Seconds per decision, when set; the search stops at whichever comes first."""
        self.searches = 0
        """Decisions that were searched (for the simulator's timing report)."""

    def jump_in(self, view: PlayerView) -> PlayCard | None:
        # A jump-in must be quick, and shedding a card out of turn is almost always right:
        # the basic habit, without a search.
        return basic_jump_in(view)

    def decide_turn(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        seat = view.seat
        if view.phase is not Phase.PLAYING or seat is None or view.turn != seat:
            return fallback_command(view, legal)
        habit = basic_choice(view, legal, rng, self.memory, 0.0)
        if view.decision is Decision.CHOOSE_COLOR:
            return habit
        candidates = self._candidates(view, legal, habit, rng)
        if len(candidates) <= 1 or self.playouts <= 0:
            return habit
        return self._search(view, candidates, rng)

    def _candidates(self, view: PlayerView, legal: Sequence[AnyCommand], habit: AnyCommand,
                    rng: Rng) -> list[AnyCommand]:
        """The commands worth searching, the habitual one first.

        Wilds name one of the two colours held most; UNO is always said (the personality
        may forget it afterwards); a bluffing Wild Draw Four is considered only when the
        personality is in the mood.
        """
        assert view.seat is not None
        seat = view.seat
        if view.decision is Decision.CHALLENGE:
            return [habit, *(c for c in (Challenge(seat=seat), AcceptDrawFour(seat=seat)) if c != habit)]
        hand = view.hand
        uno = len(hand) == 2
        holds_current = any(COLOR_OF[card] is view.color for card in hand)
        bluffing = bool(self.personality.bluff) and rng.random() < self.personality.bluff
        counts = color_counts(hand)
        colors = sorted(counts, key=lambda color: -counts[color])
        named: list[Color] = [color for color in colors[:2] if counts[color]] or colors[:1]
        # A colour the next player was seen unable to follow is worth weighing too.
        void = self.memory.voids[next_seat(view, seat)]
        named += [color for color in colors if color not in named and any(COLOR_OF[c] is color for c in void)]
        found: list[AnyCommand] = [habit]
        # Drawing with a coloured card to play is only worth weighing to save a wild.
        coloured = any(isinstance(command, PlayCard) and COLOR_OF[command.card] is not None for command in legal)
        for command in legal:
            if isinstance(command, PlayCard):
                if command.uno != uno:
                    continue
                if command.card is Card.WILD_DRAW_FOUR and holds_current and not bluffing:
                    continue
                if command.color is not None and command.color not in named:
                    continue
            elif isinstance(command, DrawCard):
                if coloured:
                    continue
            elif not isinstance(command, KeepCard):
                continue
            if command not in found:
                found.append(command)
        return found

    def _search(self, view: PlayerView, candidates: list[AnyCommand], rng: Rng) -> AnyCommand:
        assert view.seat is not None
        seat = view.seat
        started = time.perf_counter()
        self.searches += 1
        worlds = max(2, self.playouts // len(candidates))
        wins = [0.0] * len(candidates)
        tried = 0
        belief = bluff_likelihood(view, self.memory) if view.decision is Decision.CHALLENGE else None
        for _ in range(worlds):
            bluff = None if belief is None else rng.random() < belief
            world = sample_world(view, self.memory, rng, bluff)
            seed = rng.spawn().state
            for index, command in enumerate(candidates):
                state = world.copy()
                verdict = decide(state, command)
                if not isinstance(verdict, Accepted):
                    wins[index] = float("-inf")
                    continue
                for event in verdict.events:
                    apply(state, event)
                wins[index] += play_out(state, seat, Rng(seed), MAX_STEPS)
            tried += 1
            if self.time_limit is not None and time.perf_counter() - started > self.time_limit:
                break
        scores = [win / tried for win in wins]
        scores[0] += HABIT_BONUS
        best = max(range(len(candidates)), key=lambda index: (scores[index], -index))
        return candidates[best]

