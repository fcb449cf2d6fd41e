"""What the moves `strong` never weighs are worth, to a player who sees every hand and to its search.

`StrongBot.candidates` leaves some legal moves out of a search: drawing while a coloured
card can be played, and a wild naming a colour it holds little of (neither of the two
colours held most nor one the next player was seen without). This plays four-player
hands of `strong` against three `basic` (the seats rotate), keeps every turn where such
moves were left out (turns with a single candidate too, which `strong` does not search),
and values every legal move by play-outs on the true hands to the end of the hand (as
`decision_regret.py` does).

Two figures, in points of the chance of winning the hand a decision:
- with every hand shown: the best of all the moves against the best of the candidates,
  each picked by one set of values and scored by another (so that the noise of picking the
  best of more moves does not count as a gain);
- with the worlds `strong` deals: its search's choice among the candidates and the moves
  left out (drawing, the wilds' other colours, both) against its choice among the
  candidates alone, scored by the true values.

Run: python benchmarks/pruned_moves.py [--hands 300] [--seed 11] [--values 400] [--jobs 2]
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import time
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import NamedTuple

from bot_hands import play_hand
from decision_regret import PLAYERS, SearchedDecision, strong_table, true_values

from unotui.bots.personality import DEFAULT_PERSONALITIES
from unotui.bots.strong import StrongBot, best_score
from unotui.engine import AnyCommand, Decision, DrawCard, KeepCard, PlayCard, PlayerView, Rng


class PrunedTurn(NamedTuple):
    """A turn where `strong` left legal moves out of its search."""

    decision: SearchedDecision
    """What it knew, the truth, and the candidates followed by the moves left out."""
    weighed: int
    """How many of the moves are its candidates."""


def moves_to_weigh(view: PlayerView, legal: Sequence[AnyCommand]) -> list[AnyCommand]:
    """Every move a search could weigh: plays (saying UNO with the second-to-last card, as
    `strong` always does), drawing and keeping."""
    uno = len(view.hand) == 2
    return [command for command in legal
            if (isinstance(command, PlayCard) and command.uno == uno) or isinstance(command, DrawCard | KeepCard)]


def pruned_turns(index: int, seed: int) -> list[PrunedTurn]:
    """The turns of hand `index` where `strong` left a move out."""
    found: list[PrunedTurn] = []
    match, bots, strong = strong_table(index, seed)

    def note(seat: int, view: PlayerView, legal: Sequence[AnyCommand]) -> None:
        if seat != strong.seat or view.turn != seat or view.decision in (Decision.CHALLENGE, Decision.CHOOSE_COLOR):
            return
        # A copy of the bot's generator: listing the candidates must not change its play.
        candidates = strong.candidates(view, legal, Rng(strong.rng.state))
        left_out = [command for command in moves_to_weigh(view, legal) if command not in candidates]
        if left_out:
            decision = SearchedDecision(view, copy.deepcopy(strong.memory), [*candidates, *left_out], match.state.copy())
            found.append(PrunedTurn(decision, len(candidates)))

    play_hand(match, bots, note)
    return found


VARIANTS: dict[str, Callable[[AnyCommand], bool]] = {
    "drawing": lambda command: isinstance(command, DrawCard),
    "other colours": lambda command: isinstance(command, PlayCard),
    "both": lambda command: True,
}
"""The moves left out that a search is also given, by name."""


def judge(job: tuple[int, PrunedTurn, int, int]) -> tuple[float, dict[str, float]]:
    """The gain of weighing every move with every hand shown, and of each of `VARIANTS`
    in `strong`'s search, in points."""
    index, (decision, weighed), playouts, seed = job
    view, memory, moves, _ = decision
    seat = view.seat
    assert seat is not None
    picking = true_values(decision, playouts, seed * 1_000_003 + 2 * index)
    scoring = true_values(decision, playouts, seed * 1_000_003 + 2 * index + 1)
    best_all = best_score(picking)
    best_weighed = best_score(picking[:weighed])
    seeing = 100 * (scoring[best_all] - scoring[best_weighed])

    def searched(candidates: list[AnyCommand]) -> float:
        if len(candidates) == 1:
            return scoring[0]
        bot = StrongBot(seat, PLAYERS, DEFAULT_PERSONALITIES["strong"], 0)
        bot.memory = copy.deepcopy(memory)
        chosen = candidates[best_score(bot.scores(view, candidates, Rng(index)))]
        return scoring[moves.index(chosen)]

    base = searched(moves[:weighed])
    gains = {}
    for name, given in VARIANTS.items():
        extra = [command for command in moves[weighed:] if given(command)]
        gains[name] = 100 * (searched([*moves[:weighed], *extra]) - base) if extra else 0.0
    return seeing, gains


def mean(values: Sequence[float]) -> str:
    spread = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):+.3f} ± {spread:.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--values", type=int, default=400, help="play-outs per move for each set of true values")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        hands = pool.starmap(pruned_turns, [(index, args.seed) for index in range(args.hands)], chunksize=4)
        turns = [turn for hand in hands for turn in hand]
        judged = pool.map(judge, [(index, turn, args.values, args.seed) for index, turn in enumerate(turns)],
                          chunksize=4)
    single = sum(turn.weighed == 1 for turn in turns)
    print(f"{len(turns)} turns with moves left out in {args.hands} hands of strong against three basic "
          f"(seed {args.seed}), {single} of them with a single candidate; {time.perf_counter() - started:.0f} s")
    seeing = [gain for gain, _ in judged]
    print(f"every move weighed, every hand shown: {mean(seeing)} points a turn, "
          f"{sum(seeing) / args.hands:+.2f} a hand")
    for name in VARIANTS:
        gains = [variant[name] for _, variant in judged]
        print(f"strong's search also given {name + ':':<15} {mean(gains)} points a turn, "
              f"{sum(gains) / args.hands:+.2f} a hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
