"""How close `strong`'s decisions come to the best move, judged with every hand shown.

Plays four-player hands of `strong` against three `basic` (the seats rotate) and keeps
every decision the search weighs. Each candidate is then valued by play-outs on the
true hands, the draw pile reshuffled, to the end of the hand: what it is worth to a
player who could see every card. A player's regret at a decision is the best
candidate's value less the value of its choice, in points of the chance of winning.

Three players are scored on the same decisions: the `basic` habit (the first candidate),
`strong` as the code stands, and `strong` dealt the true hands instead of sampled worlds
(what reading could at best be worth); `strong`'s regret is also broken down by
number of candidates and by kind of decision. Changes to the search are judged decision by
decision: save one run's regrets with `--save`, change the code, and pass the file to
`--baseline`. Decisions and their values are kept with `--cache`, as pickles of the
engine's and the notes' objects: a cache written before the engine, the notes or the
`basic` level changed (`unotui/engine`, `unotui/bots/memory.py`, `basic.py`) is dealt
again; one written before the search changed is kept, which is what comparing searches
needs.

How much of `strong`'s regret is the noise of its play-outs: `--searches N` also scores
it picking by the candidates' scores averaged over N searches with different seeds, a
search of N times the play-outs, and says where the extra play-outs pay: by how close
the hand is to its end (the smallest hand at the table).

Run: python benchmarks/decision_regret.py [--hands 400] [--seed 11] [--values 600]
     [--jobs 2] [--cache FILE] [--save FILE] [--baseline FILE] [--searches N]
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import math
import pickle
import statistics
import time
from collections.abc import Sequence
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

from bot_hands import play_hand

import unotui
from unotui.bots import Bot, make_bot
from unotui.bots.basic import challenge_odds
from unotui.bots.memory import TableMemory
from unotui.bots.personality import DEFAULT_PERSONALITIES
from unotui.bots.strong import StrongBot, best_score, play_move
from unotui.bots.tactics import next_seat
from unotui.engine import (
    AcceptDrawFour,
    AnyCommand,
    Card,
    Challenge,
    DrawCard,
    GameState,
    KeepCard,
    Match,
    PlayCard,
    PlayerView,
    Rng,
    Setup,
)

PLAYERS = 4
TO_THE_END = 10_000
"""A step limit no hand reaches: the values play every hand out."""


class SearchedDecision(NamedTuple):
    """One searched decision: what `strong` knew, what it chose from, and the truth."""

    view: PlayerView
    memory: TableMemory
    candidates: list[AnyCommand]
    state: GameState


def strong_table(index: int, seed: int) -> tuple[Match, list[Bot], StrongBot]:
    """The table of hand `index`: `strong` against three `basic`, in seat `index % PLAYERS`
    (so that the seats rotate), and its deal and every bot's generator from `seed`."""
    strong_seat = index % PLAYERS
    match = Match(Setup(players=PLAYERS, seed=seed * 1_000_003 + index))
    bots = [make_bot("strong" if seat == strong_seat else "basic", seed=seed + index * PLAYERS + seat,
                     seat=seat, players=PLAYERS, time_limit=None)
            for seat in range(PLAYERS)]
    strong = bots[strong_seat]
    assert isinstance(strong, StrongBot)
    return match, bots, strong


def decisions(index: int, seed: int) -> list[SearchedDecision]:
    """Every decision `strong` searched in hand `index` against three `basic`."""
    found: list[SearchedDecision] = []
    match, bots, strong = strong_table(index, seed)

    def note(seat: int, view: PlayerView, legal: Sequence[AnyCommand]) -> None:
        if seat == strong.seat and view.turn == seat:
            # A copy of the bot's generator: listing the candidates must not change its play.
            candidates = strong.candidates(view, legal, Rng(strong.rng.state))
            if len(candidates) > 1:
                found.append(SearchedDecision(view, copy.deepcopy(strong.memory), candidates, match.state.copy()))

    play_hand(match, bots, note)
    return found


class TrueHands:
    """Deals every world of a search as the true state, the draw pile reshuffled: the
    search then sees what the best reading could at most tell it."""

    def __init__(self, truth: GameState, view: PlayerView, memory: TableMemory) -> None:
        self.truth = truth

    def sample(self, rng: Rng, bluff: bool | None = None) -> GameState:
        world = self.truth.copy()
        world.draw = rng.shuffle(world.draw)
        world.rng = rng.spawn().state
        return world


def true_values(decision: SearchedDecision, playouts: int, seed: int) -> list[float]:
    """Each candidate's chance of winning the hand, played out on the true hands.

    The next player answers a Wild Draw Four as the search expects it to, so that a
    bluff is valued as the search values it.
    """
    view, memory, candidates, truth = decision
    seat = view.seat
    assert seat is not None
    rng = Rng(seed)
    worlds = TrueHands(truth, view, memory)
    wild_draw_four = any(isinstance(command, PlayCard) and command.card is Card.WILD_DRAW_FOUR
                         for command in candidates)
    challenged = challenge_odds(view, memory) if wild_draw_four else 0.0
    following = next_seat(view, seat)
    wins = [0.0] * len(candidates)
    for _ in range(playouts):
        world = worlds.sample(rng)
        playout_seed = rng.spawn().state
        answer = (Challenge(seat=following) if rng.random() < challenged else AcceptDrawFour(seat=following))
        for index, command in enumerate(candidates):
            won = play_move(world.copy(), command, answer, seat, playout_seed, TO_THE_END)
            assert won is not None, command
            wins[index] += won
    return [win / playouts for win in wins]


_DECISIONS: list[SearchedDecision] = []
"""The decisions the worker processes judge (inherited, not sent, by forking)."""


def _value(job: tuple[int, int, int]) -> list[float]:
    index, playouts, seed = job
    return true_values(_DECISIONS[index], playouts, seed * 1_000_003 + index)


def _strong_scores(job: tuple[int, bool, int]) -> tuple[list[float], float]:
    """`strong`'s scores of a decision's candidates (`StrongBot.scores`) and the time the
    search took; search 0 is the one `strong`'s own regret is measured with."""
    index, seeing, search = job
    view, memory, candidates, truth = _DECISIONS[index]
    assert view.seat is not None
    bot = StrongBot(view.seat, PLAYERS, DEFAULT_PERSONALITIES["strong"], 0)
    bot.memory = copy.deepcopy(memory)
    if seeing:
        bot.world_sampler = partial(TrueHands, truth)  # type: ignore[assignment]
    started = time.perf_counter()
    scores = bot.scores(view, list(candidates), Rng(index + search * 1_000_003))
    return scores, time.perf_counter() - started


def regrets(values: Sequence[Sequence[float]], chosen: Sequence[int]) -> list[float]:
    """Per decision, in points: the best value less the chosen one's."""
    return [100 * (max(row) - row[pick]) for row, pick in zip(values, chosen, strict=True)]


def summary(name: str, regret: Sequence[float]) -> str:
    spread = statistics.stdev(regret) / math.sqrt(len(regret))
    best = sum(value == 0 for value in regret) / len(regret)
    return f"{name:<24} {statistics.fmean(regret):6.3f} ± {1.96 * spread:.3f}   {100 * best:5.1f}%"


def breakdown(found: Sequence[SearchedDecision], regret: Sequence[float]) -> list[str]:
    """`strong`'s regret by number of candidates, and the kinds of decision that carry most of it."""
    counts: dict[str, list[float]] = {}
    kinds: dict[str, list[float]] = {}
    for decision, value in zip(found, regret, strict=True):
        count = len(decision.candidates)
        counts.setdefault(str(count) if count < 6 else "6+", []).append(value)
        kind = "+".join(sorted({candidate_kind(command) for command in decision.candidates}))
        kinds.setdefault(kind, []).append(value)
    total = sum(regret) or 1.0
    lines = ["by number of candidates: " + ", ".join(
                 f"{name}: {statistics.fmean(values):.2f} ({len(values)})" for name, values in sorted(counts.items())),
             "the kinds of decision with most of the regret (candidates' kinds: mean, share, decisions):"]
    for key, values in sorted(kinds.items(), key=lambda item: -sum(item[1]))[:8]:
        lines.append(f"  {key:<32} {statistics.fmean(values):5.2f} {100 * sum(values) / total:5.1f}% {len(values):5}")
    return lines


def stage(decision: SearchedDecision) -> str:
    """How close the hand is to its end: the smallest hand at the table."""
    smallest = min(decision.view.hand_sizes)
    return "2 cards or fewer" if smallest <= 2 else "3 or 4 cards" if smallest <= 4 else "5 or more"


def by_stage(found: Sequence[SearchedDecision], one: Sequence[float], averaged: Sequence[float], searches: int) -> str:
    """Where more play-outs pay: the regret of one search and of `searches` averaged, by `stage`."""
    rows: dict[str, list[float]] = {}
    for decision, before, after in zip(found, one, averaged, strict=True):
        rows.setdefault(stage(decision), []).append(after - before)
    parts = []
    for name in ("5 or more", "3 or 4 cards", "2 cards or fewer"):
        change = rows.get(name, [])
        if len(change) > 1:
            spread = 1.96 * statistics.stdev(change) / math.sqrt(len(change))
            parts.append(f"{name}: {statistics.fmean(change):+.3f} ± {spread:.3f} ({len(change)})")
    return f"{searches} searches against one, by the smallest hand at the table: " + ", ".join(parts)


def candidate_kind(command: AnyCommand) -> str:
    """A candidate's kind for `breakdown`: number, action, wild, wd4, draw, keep, challenge, accept."""
    if isinstance(command, PlayCard):
        card = command.card
        if card is Card.WILD_DRAW_FOUR:
            return "wd4"
        return "wild" if card.is_wild else "number" if card.is_number else "action"
    return {DrawCard: "draw", KeepCard: "keep", Challenge: "challenge", AcceptDrawFour: "accept"}[type(command)]


def pickled_code() -> str:
    """A digest of the code a cache's pickles depend on: the engine, the notes, and the
    `basic` level (its opponents, and the context of its noted choices)."""
    package = Path(unotui.__file__).parent
    digest = hashlib.sha256()
    bots = package / "bots"
    for path in [*sorted((package / "engine").glob("*.py")), bots / "memory.py", bots / "basic.py"]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_cache(path: Path | None, hands: int, seed: int, playouts: int) -> tuple[list[SearchedDecision], list[list[float]]] | None:
    """The cached decisions and values for these settings and this engine, or None."""
    if path is None or not path.exists():
        return None
    try:
        with path.open("rb") as file:
            settings, found, values = pickle.load(file)
    except (pickle.UnpicklingError, AttributeError, TypeError, EOFError, ValueError):
        # The notes' classes changed since the cache was written: deal again.
        return None
    return (found, values) if settings == (hands, seed, playouts, pickled_code()) else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--values", type=int, default=600, help="play-outs per candidate for the true values")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--searches", type=int, default=1,
                        help="also score strong picking by the scores of this many searches averaged (its noise)")
    parser.add_argument("--cache", type=Path, help="where to keep the decisions and their values")
    parser.add_argument("--save", type=Path, help="write this run's regrets for strong (JSON)")
    parser.add_argument("--baseline", type=Path, help="compare strong, decision by decision, with a --save file")
    args = parser.parse_args()
    before: list[float] = []
    if args.baseline is not None:
        try:
            before = json.loads(args.baseline.read_text())
        except (OSError, ValueError) as error:
            parser.error(f"{args.baseline}: not a --save file of regrets ({error})")
    started = time.perf_counter()
    cached = load_cache(args.cache, args.hands, args.seed, args.values)
    if cached is None:
        with Pool(args.jobs) as pool:
            hands = pool.starmap(decisions, [(index, args.seed) for index in range(args.hands)], chunksize=4)
        found = [decision for hand in hands for decision in hand]
    else:
        found = cached[0]
    # The pool below forks after this, so its processes inherit the decisions.
    _DECISIONS[:] = found
    everything = range(len(found))
    with Pool(args.jobs) as pool:
        if cached is None:
            values = pool.map(_value, [(index, args.values, args.seed) for index in everything], chunksize=8)
            if args.cache is not None:
                with args.cache.open("wb") as file:
                    pickle.dump(((args.hands, args.seed, args.values, pickled_code()), found, values), file)
        else:
            values = cached[1]
        dealt = time.perf_counter() - started
        strong = pool.map(_strong_scores, [(index, False, 0) for index in everything], chunksize=8)
        seeing = pool.map(_strong_scores, [(index, True, 0) for index in everything], chunksize=8)
        more = [pool.map(_strong_scores, [(index, False, search) for index in everything], chunksize=8)
                for search in range(1, args.searches)]
    strong_regret = regrets(values, [best_score(scores) for scores, _ in strong])
    print(f"{len(found)} searched decisions of strong in {args.hands} hands against three basic (seed {args.seed}); "
          f"true values from {args.values} play-outs a candidate ({dealt:.0f} s{', cached' if cached else ''})")
    print(f"{'':<24} regret (points, 95%)   best move")
    print(summary("basic habit", regrets(values, [0] * len(found))))
    print(summary("strong", strong_regret))
    print(summary("strong, true hands", regrets(values, [best_score(scores) for scores, _ in seeing])))
    searches = [strong, *more]
    averaged_regret: list[float] = []
    for count in range(2, len(searches) + 1):
        # Scores averaged over several searches are one search with that many times the play-outs.
        averaged = [best_score([statistics.fmean(column) for column in zip(*(run[index][0] for run in searches[:count]))])
                    for index in everything]
        averaged_regret = regrets(values, averaged)
        print(summary(f"strong, {count} searches", averaged_regret))
    if averaged_regret:
        print(by_stage(found, strong_regret, averaged_regret, len(searches)))
    for line in breakdown(found, strong_regret):
        print(line)
    print(f"strong's search: median {1000 * statistics.median(spent for _, spent in strong):.0f} ms")
    if args.save is not None:
        args.save.write_text(json.dumps(strong_regret))
    if args.baseline is not None:
        if len(before) != len(strong_regret):
            parser.error(f"{args.baseline}: {len(before)} decisions, this run has {len(strong_regret)}")
        change = [now - then for now, then in zip(strong_regret, before, strict=True)]
        spread = statistics.stdev(change) / math.sqrt(len(change))
        moved = sum(value != 0 for value in change) / len(change)
        print(f"strong against {args.baseline}: {statistics.fmean(change):+.3f} ± {1.96 * spread:.3f} points "
              f"of regret a decision ({100 * moved:.1f}% of decisions differ)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
