"""How well the worlds `strong` deals agree with the hands they stand for.

Plays four-player hands of one `strong` seat (its search off: the notes are what is
measured, and they are the same whatever it plays) against three `basic` (the seats
rotate). At each of its turns it deals worlds as its search would, and for every other
player and colour compares the share of worlds in which that player holds the colour
with whether it really does. A reading that is right says "30%" of colours held 30% of
the time: the table groups the predictions by tenths, for hands of three cards or fewer
and for larger ones, and then compares the wilds, action cards and numbers the worlds
give a hand of each size with those it holds.

Run: python benchmarks/reading_calibration.py [--hands 600] [--seed 31] [--worlds 20] [--jobs 2]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from functools import partial
from multiprocessing import Pool

from bot_hands import play_hand

from unotui.bots import make_bot
from unotui.bots.strong import StrongBot
from unotui.bots.worlds import WorldSampler
from unotui.engine import COLORS, Card, Match, Phase, PlayerView, Rng, Setup
from unotui.engine.cards import COLOR_OF, RANK_OF

PLAYERS = 4
SMALL = 3
"""Hands of this many cards or fewer are tallied apart: they are the ones about to go out."""
LARGEST = 8
"""Hands of this many cards or more share the last row of the card-kind table."""


def kind(card: Card) -> str:
    if COLOR_OF[card] is None:
        return "wild"
    return "action" if RANK_OF[card] in ("+2", "s", "r") else "number"


KINDS = ("wild", "action", "number")

Tally = defaultdict[tuple[object, ...], float]


def watch_hand(index: int, seed: int, worlds: int) -> Tally:
    """Play hand `index` and tally predictions against the truth (see the module doc)."""
    seat = index % PLAYERS
    match = Match(Setup(players=PLAYERS, seed=seed * 1_000_003 + index))
    bots = [make_bot("strong" if other == seat else "basic", seed=seed + index * PLAYERS + other, seat=other,
                     players=PLAYERS, playouts=0 if other == seat else None, time_limit=None)
            for other in range(PLAYERS)]
    searcher = bots[seat]
    assert isinstance(searcher, StrongBot)
    memory = searcher.memory
    rng = Rng(seed * 7_919 + index)
    tally: Tally = defaultdict(float)

    def before_turn(turn: int, view: PlayerView, legal: object) -> None:
        if turn != seat or view.phase is not Phase.PLAYING:
            return
        sampler = WorldSampler(view, memory)
        dealt = [sampler.sample(rng).hands for _ in range(worlds)]
        for other, hand in enumerate(match.state.hands):
            if other == seat:
                continue
            size = "small" if len(hand) <= SMALL else "large"
            for color in COLORS:
                share = sum(any(COLOR_OF[card] is color for card in world[other]) for world in dealt) / worlds
                held = any(COLOR_OF[card] is color for card in hand)
                tenth = min(int(share * 10), 9)
                tally[("colour", size, tenth, "n")] += 1
                tally[("colour", size, tenth, "held")] += held
                tally[("colour", size, tenth, "share")] += share
            row = min(len(hand), LARGEST)
            tally[("kind", row, "n")] += 1
            for name in KINDS:
                tally[("kind", row, name, "true")] += sum(kind(card) == name for card in hand)
                tally[("kind", row, name, "dealt")] += sum(
                    sum(kind(card) == name for card in world[other]) for world in dealt) / worlds

    play_hand(match, bots, before_turn)
    return tally


def report(tally: Tally) -> None:
    print("Colours held, by the share of worlds that give one (hands of three cards or fewer | more)")
    print(f"{'worlds':>8} | {'cases':>6} {'worlds':>7} {'held':>6} | {'cases':>6} {'worlds':>7} {'held':>6}")
    for tenth in range(10):
        cells = []
        for size in ("small", "large"):
            cases = tally[("colour", size, tenth, "n")]
            if cases:
                share = tally[("colour", size, tenth, "share")] / cases
                held = tally[("colour", size, tenth, "held")] / cases
                cells.append(f"{cases:>6.0f} {share:>7.1%} {held:>6.1%}")
            else:
                cells.append(f"{'':>6} {'':>7} {'':>6}")
        print(f"{tenth * 10:>3}-{tenth * 10 + 10:>3}% | {cells[0]} | {cells[1]}")
    print()
    print("Cards of each kind in a hand, dealt by the worlds against held")
    print(f"{'cards':>5} {'cases':>6} | " + " | ".join(f"{name:>15}" for name in KINDS))
    for row in range(1, LARGEST + 1):
        cases = tally[("kind", row, "n")]
        if not cases:
            continue
        cells = []
        for name in KINDS:
            dealt, held = tally[("kind", row, name, "dealt")] / cases, tally[("kind", row, name, "true")] / cases
            cells.append(f"{dealt:>6.2f} vs {held:>5.2f}")
        label = f"{row}+" if row == LARGEST else str(row)
        print(f"{label:>5} {cases:>6.0f} | " + " | ".join(f"{cell:>15}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--worlds", type=int, default=20, help="worlds dealt at each turn")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    tally: Tally = defaultdict(float)
    watch = partial(watch_hand, seed=args.seed, worlds=args.worlds)
    with Pool(args.jobs) as pool:
        for part in pool.imap_unordered(watch, range(args.hands), chunksize=10):
            for key, value in part.items():
                tally[key] += value
    print(f"{args.hands} hands, seed {args.seed}, {args.worlds} worlds a turn, "
          f"{time.perf_counter() - started:.0f} s")
    print()
    report(tally)


if __name__ == "__main__":
    main()
