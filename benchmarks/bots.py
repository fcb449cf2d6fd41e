"""The simulator's overhead over the bare engine: four `random` bots against `unotui bench`.

The engine benchmark's `any` workload has the turn seat pick uniformly among its
`legal_commands`, which is exactly what the bare `random` level does (it never acts out
of turn), so the two play the same kind of hands and the ratio of their hands per second
is what the bot layer and the simulator's loop cost. Both sides are measured in process
CPU time (other work on the machine disturbs it less than wall time), best of three.

Run: python benchmarks/bots.py [--hands 2000] [--players 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from unotui.bench import bench_engine
from unotui.bots.simulate import SimulationConfig, play_game


def simulate_random(hands: int, players: int, seed: int) -> tuple[float, int]:
    """Seconds of CPU time and commands for `hands` simulated hands of `random` bots."""
    config = SimulationConfig(bots=("random",) * players, games=hands, seed=seed)
    started = time.process_time()
    commands = sum(play_game(config, index).commands for index in range(hands))
    return time.process_time() - started, commands


def best_of(runs: int, measure: Callable[[], tuple[float, int]]) -> tuple[float, int]:
    """The fastest of `runs` measurements: the least disturbed by the rest of the machine."""
    return min((measure() for _ in range(runs)), key=lambda result: result[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands, players, seed = args.hands, args.players, args.seed

    def engine() -> tuple[float, int]:
        figures = bench_engine(hands, players, seed, "any")
        return figures.seconds, figures.commands

    engine_seconds, engine_commands = best_of(3, engine)
    sim_seconds, sim_commands = best_of(3, lambda: simulate_random(hands, players, seed))
    print(f"{players}-player hands, {hands} each, best of 3, process CPU time")
    for name, seconds, commands in (("engine bench (any)", engine_seconds, engine_commands),
                                    ("simulate random x4" if players == 4 else "simulate random", sim_seconds,
                                     sim_commands)):
        print(f"{name:<20} {hands / seconds:>8,.1f} hands/s {commands / seconds:>10,.0f} commands/s "
              f"{commands / hands:>7.1f} commands/hand")
    print(f"simulator / engine: {100 * engine_seconds / sim_seconds:.0f}% of the hands/s, "
          f"{100 * (sim_commands / sim_seconds) / (engine_commands / engine_seconds):.0f}% of the commands/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
