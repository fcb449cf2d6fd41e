"""The `strong` level: determinized Monte Carlo search over the seat's candidate moves.

For each decision with a real choice it deals many complete worlds consistent with
what the seat has seen and read (`worlds.WorldSampler`), plays every candidate command in each
world and the hand out with a fast policy (`rollout.play_out`), and keeps the command
that won most often. The same worlds and play-out seeds serve every candidate, so
the comparison is between moves, not between lucky deals.

The budget is a number of play-outs per decision, which keeps simulations
reproducible, and optionally a time limit on top, for the TUI. The worlds come from
`SEARCH_STREAMS` generators of their own, so that at a table a helper process can deal
and play one stream while the bot plays the other, with the same result.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from unotui.engine import (
    AcceptDrawFour,
    AnyCommand,
    AnyEvent,
    Card,
    Challenge,
    Color,
    Decision,
    DrawCard,
    GameState,
    HandEnded,
    KeepCard,
    Phase,
    PlayCard,
    PlayerView,
    Rng,
    apply,
    decide,
    passes_hand_on,
)
from unotui.engine.cards import COLOR_OF
from unotui.engine.decide import Accepted

from .base import BotBase
from .basic import basic_choice, basic_jump_in, bluff_likelihood, challenge_odds
from .helper import Helper, HelperError
from .memory import TableMemory
from .personality import Personality
from .reading import read_wild_draw_four, score_readings
from .rollout import play_out
from .tactics import color_counts, fallback_command, next_seat
from .worlds import WorldSampler

__all__ = ["DEFAULT_PLAYOUTS", "INTERACTIVE_TIME_LIMIT", "StrongBot", "Weighed", "best_score", "play_move"]

DEFAULT_PLAYOUTS = 600
"""Play-outs per decision: measured against three `basic` players with two simulations
sharing the two cores, decisions took 71 ms at the median (89 ms for searched ones) and
155 ms at the 99th percentile before the standard-rules play-outs were fused, which
takes a little over half that time. Over the same 2,000 hands (before the cut-off odds
counted wilds) 240 play-outs won 25.8%, 480 won 28.6%, 600 won 30.1% and 1,200 also 30.1%:
more would only cost time. Measured again with the worlds from two streams, over the
same 6,000 hands: 600 won 29.1%, 1,200 won 29.4%."""

INTERACTIVE_TIME_LIMIT = 0.2
"""Seconds per decision `make_bot` gives the level unless told otherwise: at a table a
slower machine cuts the search short instead of keeping a person waiting. Simulations
pass None, so that play-out counts alone decide their results."""

MAX_STEPS = 24
"""Commands per play-out before it is scored by `rollout.win_odds`: a few rounds see
the consequences of a move, and the shorter play-outs are both faster and less noisy
than playing every hand to its end (measured against 400). Measured over the same 600
four-player hands against three `basic`: 12 won 24.3%, 24 won 28.5%, 40 (with the
play-outs spent by successive halving) 28.2% at twice the time. With the odds that count
wilds, 16 won 2.2 points fewer than 24 over the same 2,000 hands, and 32 won 0.18 points
more over 4,000 (95% interval -1.09 to +1.44) with decisions 10-19% slower."""

MAX_SHARES = 4
"""The play-outs of a decision are shared among at most this many candidates: a decision
with more (a wild to name in several colours beside coloured cards) still plays each in
a quarter of the budget's worlds, and so spends more. Choosing among many is where noise
costs most: on the 3,149 decisions of `benchmarks/decision_regret.py`, four times the
play-outs took 0.37 and 0.47 points of regret a decision off those with five and with six
or more candidates, and nothing off those with two (+0.14 ± 0.20). Sharing among four at
most, averaged over two search seeds: -0.04 ± 0.05 a decision overall (-0.29 ± 0.24 with
five candidates, +0.07 ± 0.31 with six or more); those searches take about 1.3 and 2
times as long, the others no longer."""

SEARCH_STREAMS = 2
"""A search's worlds come from this many independent generators, each dealing its share:
the streams can run side by side on several cores and give the same result in one."""

HABIT_BONUS = 0.02
"""Win-rate credit for the move a good casual player would make: with a few hundred
play-outs, differences below this are noise.

A drawn wild is the exception, where keeping it gets the same credit as playing it. In
2,000 hands of four `basic` players, 781 drawn Wilds and 769 drawn Wild Draw Fours were
searched and every choice played out 600 times on the true hands: keeping was the better
move for 47% and 44% of them. With the credit shared, the search keeps 65% and 55% of
them instead of 48% and 44%, and its regret (points of the chance of winning the hand)
falls by 0.55 ± 0.35 for Wilds and by 0.27 ± 0.27 for Wild Draw Fours."""


class Weighed(NamedTuple):
    """A move `StrongBot.weigh` weighed, and how it did."""

    command: AnyCommand
    share: float | None
    """Its share of the play-outs won; None when nothing else was worth weighing (no search)."""
    ruled_out: bool = False
    """Never played whatever its share: a challenge of a Wild Draw Four that was a bluff in
    none of the worlds."""


class StrongBot(BotBase):
    """Searches every decision that offers more than one sensible command."""

    level = "strong"
    world_sampler: Callable[[PlayerView, TableMemory], WorldSampler] = WorldSampler
    """Deals the worlds a search plays out (a diagnostic may deal other ones)."""

    def __init__(self, seat: int, players: int, personality: Personality, seed: int, *,
                 playouts: int | None = None, time_limit: float | None = None, parallel: bool = False) -> None:
        super().__init__(seat, players, personality, seed)
        self.playouts = playouts if playouts is not None else DEFAULT_PLAYOUTS
        """Play-outs per decision (deterministic)."""
        self.time_limit = time_limit
        """Seconds per decision, when set; the search stops at whichever comes first."""
        self.parallel = parallel
        """Whether searches play their streams side by side on the helper processes
        (`search_helpers`): faster on a machine with a core to spare, the same moves."""
        if parallel:
            search_helpers()
        self.searches = 0
        """Decisions that were searched (for the simulator's timing report)."""

    def observe(self, events: Iterable[AnyEvent]) -> None:
        seen = list(events)
        self.memory.observe(seen)
        for event in seen:
            if type(event) is HandEnded:
                # Every hand is shown: how well did this seat's reading of each player do?
                score_readings(self.memory, event.hands)

    def jump_in(self, view: PlayerView) -> PlayCard | None:
        # A jump-in must be quick, and shedding a card out of turn is almost always right:
        # the basic habit, without a search.
        return basic_jump_in(view)

    def decide_turn(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        seat = view.seat
        if view.phase is not Phase.PLAYING or seat is None or view.turn != seat:
            return fallback_command(view, legal)
        return self._weigh(view, legal, rng)[0].command

    def candidates(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> list[AnyCommand]:
        """The commands worth searching at the seat's turn, the habitual one first.

        Wilds name one of the two colours held most; UNO is always said (the personality
        may forget it afterwards); a bluffing Wild Draw Four is considered only when the
        personality is in the mood. A colour to name after the fact is the habit's alone.
        The moves left out (drawing while a coloured card fits, a wild naming another
        colour) gain the search nothing measurable (`benchmarks/pruned_moves.py`).
        """
        assert view.seat is not None
        seat = view.seat
        habit = basic_choice(view, legal, rng, self.memory, 0.0)
        if view.decision is Decision.CHOOSE_COLOR:
            return [habit]
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
                if command.uno != (uno and not passes_hand_on(view.rules, command.card)):
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

    def _run_streams(self, jobs: Sequence[_StreamJob]) -> list[tuple[list[float], int, int]]:
        """`search_stream` of each job: with `parallel`, all but the first on the helper
        processes while this one plays the first (the same results either way). The time
        limit holds for the whole search: a stream played here after another gets what is left."""
        started = time.perf_counter()
        limit = self.time_limit
        helpers = search_helpers() if self.parallel and self.world_sampler is WorldSampler else []
        sent: list[Helper] = []
        for helper, job in zip(helpers, jobs[1:]):
            try:
                helper.start(search_stream, *job, limit)
            except HelperError:
                _drop_helpers()
                break
            sent.append(helper)
        results = [search_stream(*jobs[0], limit)]
        for index, job in enumerate(jobs[1:]):
            if index < len(sent):
                try:
                    results.append(sent[index].result())
                    continue
                except HelperError:
                    # A helper that died (killed, out of memory) costs time, never the game.
                    _drop_helpers()
            left = None if limit is None else max(0.0, limit - (time.perf_counter() - started))
            results.append(search_stream(*job, left))
        return results

    def weigh(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> list[Weighed]:
        """The moves this level weighs for the seat's pending decision, in the order it
        ranks them (its choice first, as `choose` would make it before the personality has
        its say), each with its share of the play-outs won: a hint for a person in the seat,
        asked here rather than through `choose`, which sees the hand the same way."""
        self.memory.see_hand(view.hand)
        return self._weigh(view, legal, rng)

    def _weigh(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> list[Weighed]:
        candidates = self.candidates(view, legal, rng)
        if len(candidates) <= 1 or self.playouts <= 0:
            return [Weighed(candidates[0], None)]
        shares, bluffs = self.win_shares(view, candidates, rng)
        scores = self.credited(view, candidates, shares, bluffs)
        # The best score first, the first candidate on a tie (`best_score`).
        order = sorted(range(len(candidates)), key=lambda index: (-scores[index], index))
        return [Weighed(candidates[index], shares[index], scores[index] == float("-inf")) for index in order]

    def scores(self, view: PlayerView, candidates: list[AnyCommand], rng: Rng) -> list[float]:
        """Each candidate's share of the play-outs won (a cut-off one counts its odds), with
        the habit's credit added; `-inf` for a command the rules refuse, and for challenging
        a Wild Draw Four that was a bluff in none of the worlds."""
        return self.credited(view, candidates, *self.win_shares(view, candidates, rng))

    def win_shares(self, view: PlayerView, candidates: list[AnyCommand], rng: Rng) -> tuple[list[float], int]:
        """Each candidate's share of the play-outs won (`-inf` for a command the rules
        refuse), and in how many worlds the Wild Draw Four being answered was a bluff."""
        assert view.seat is not None
        self.searches += 1
        worlds = max(2, self.playouts // min(len(candidates), MAX_SHARES))
        belief = None
        if view.decision is Decision.CHALLENGE and not read_wild_draw_four(view, self.memory):
            belief = bluff_likelihood(view, self.memory)
        # The next player answers a Wild Draw Four as the public record makes it look,
        # not at the play-outs' blind rate: a bluff is safe until it is suspected.
        challenged = (challenge_odds(view, self.memory)
                      if any(isinstance(command, PlayCard) and command.card is Card.WILD_DRAW_FOUR
                             for command in candidates) else None)
        streams = [rng.spawn() for _ in range(SEARCH_STREAMS)]
        share = -(-worlds // SEARCH_STREAMS)
        wins = [0.0] * len(candidates)
        tried = bluffs = 0
        jobs = [(self.world_sampler, view, self.memory, candidates, stream, share, belief, challenged)
                for stream in streams]
        for stream_wins, stream_tried, stream_bluffs in self._run_streams(jobs):
            wins = [total + won for total, won in zip(wins, stream_wins)]
            tried += stream_tried
            bluffs += stream_bluffs
        return [win / tried for win in wins], bluffs

    def credited(self, view: PlayerView, candidates: list[AnyCommand], shares: list[float], bluffs: int) -> list[float]:
        """`scores` from the search's `win_shares`: the habit's credit added to its move."""
        habit_bonus = HABIT_BONUS
        if view.decision is Decision.CHALLENGE and read_wild_draw_four(view, self.memory):
            # The worlds already follow the player's noted choices: the habit's outside
            # guess at a bluff is no better than they are.
            habit_bonus = 0.0
        scores = list(shares)
        scores[0] += habit_bonus
        if view.drawn is not None and COLOR_OF[view.drawn] is None:
            # The habit plays a drawn wild at once, yet keeping it is the better move
            # almost half the time: keeping shares the habit's credit (`HABIT_BONUS`).
            for index, command in enumerate(candidates):
                if isinstance(command, KeepCard):
                    scores[index] += habit_bonus
        if view.decision is Decision.CHALLENGE and not bluffs:
            # Not one world where it was a bluff: a challenge could only cost two cards,
            # whatever the play-outs' noise says. Accepting and stacking (R-HOUSE-1) are
            # weighed as ever.
            scores = [float("-inf") if isinstance(command, Challenge) else score
                      for command, score in zip(candidates, scores)]
        return scores


_StreamJob = tuple[Callable[[PlayerView, TableMemory], WorldSampler], PlayerView, TableMemory, Sequence[AnyCommand],
                   Rng, int, float | None, float | None]
"""`search_stream`'s arguments but the time limit."""

_helpers: list[Helper] | None = None
_helpers_failed = False


def search_helpers() -> list[Helper]:
    """The processes that play a parallel search's other streams (started on first use,
    one fewer than `SEARCH_STREAMS`); none on a machine with a single core, or once one
    has failed."""
    global _helpers
    if _helpers is None and not _helpers_failed and (os.cpu_count() or 1) > 1:
        try:
            _helpers = [Helper(preload=__name__) for _ in range(SEARCH_STREAMS - 1)]
        except (OSError, ValueError):
            # No process to be had (limits, a sandbox): the search runs in one.
            _drop_helpers()
    return _helpers or []


def _drop_helpers() -> None:
    """Give up on the helpers for good: searches play every stream here from now on."""
    global _helpers, _helpers_failed
    _helpers_failed = True
    for helper in _helpers or []:
        helper.close()
    _helpers = None


def search_stream(sampler_type: Callable[[PlayerView, TableMemory], WorldSampler], view: PlayerView,
                  memory: TableMemory, candidates: Sequence[AnyCommand], rng: Rng, worlds: int, belief: float | None,
                  challenged: float | None, time_limit: float | None) -> tuple[list[float], int, int]:
    """One stream of a search: every candidate played out in `worlds` worlds dealt from `rng`.

    Returns each candidate's play-outs won (`-inf` once the rules refuse it), the worlds
    tried (fewer when `time_limit` runs out) and how many of them had the Wild Draw Four
    being answered as a bluff.
    """
    started = time.perf_counter()
    seat = view.seat
    assert seat is not None
    following = next_seat(view, seat)
    sampler = sampler_type(view, memory)
    wins = [0.0] * len(candidates)
    tried = bluffs = 0
    for _ in range(worlds):
        bluff = None if belief is None else rng.random() < belief
        world = sampler.sample(rng, bluff)
        bluffs += bool(world.bluff)
        seed = rng.spawn().state
        answer: Challenge | AcceptDrawFour | None = None
        if challenged is not None:
            answer = Challenge(seat=following) if rng.random() < challenged else AcceptDrawFour(seat=following)
        for index, command in enumerate(candidates):
            won = play_move(world.copy(), command, answer, seat, seed, MAX_STEPS)
            wins[index] = float("-inf") if won is None else wins[index] + won
        tried += 1
        if time_limit is not None and time.perf_counter() - started > time_limit:
            break
    return wins, tried, bluffs


def best_score(scores: Sequence[float]) -> int:
    """The index of the highest score, the first on a tie (the habit's move comes first)."""
    return max(range(len(scores)), key=lambda index: (scores[index], -index))


def play_move(state: GameState, command: AnyCommand, answer: Challenge | AcceptDrawFour | None, seat: int, seed: int,
              max_steps: int) -> float | None:
    """Play `command` in `state` (in place) and the hand on, and score it for `seat`
    (`rollout.play_out`); None if the command is refused.

    `answer` is the next player's reply should the command leave it a Wild Draw Four
    to answer.
    """
    verdict = decide(state, command)
    if not isinstance(verdict, Accepted):
        return None
    for event in verdict.events:
        apply(state, event)
    if answer is not None and state.decision is Decision.CHALLENGE and state.turn == answer.seat:
        reply = decide(state, answer)
        if isinstance(reply, Accepted):
            for event in reply.events:
                apply(state, event)
    return play_out(state, seat, Rng(seed), max_steps)
