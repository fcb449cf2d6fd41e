"""`unotui bench`: engine throughput, side by side with RLCard's UNO game when installed.

What is measured, on both sides: whole hands played by seeded random players, the
policy's own work (listing the options, the random pick) included, in the process's
CPU time (other work on the machine disturbs it less than wall time), best of five.

Our side plays each hand through `Match.submit` under the full standard rules (UNO
calls, Wild Draw Four challenges, reshuffles, scoring, matches to 500 with a new match
and dealer draw when one ends), recording every event in `Match.events`:
- `plays`: the turn seat picks uniformly among `legal_plays`, its card plays (a wild
  once per colour, saying UNO with the second-to-last card), and draws, keeps or
  answers only when it has none: what RLCard's legal actions allow, so this is the
  peer comparison.
- `any`: the turn seat picks uniformly among all its `legal_commands` (drawing is
  always legal under R-TURN-2), the `random` bot's workload; hands run far longer.

RLCard's side is its raw `UnoGame` (not the RL environment): `get_legal_actions`, a
NumPy random pick and `step`, under its simplified rules (no UNO calls, no challenges,
no scoring, no event record). Hands are compared, since a hand takes a different
number of steps under each rule set.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from unotui.engine import Match, Phase, Setup, StartHand
from unotui.engine.decide import legal_commands, legal_plays
from unotui.engine.rng import Rng

__all__ = ["Figures", "bench_engine", "bench_rlcard", "run_bench"]


@dataclass(frozen=True)
class Figures:
    """What one workload measured."""

    name: str
    hands: int
    commands: int
    events: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def commands_per_second(self) -> float:
        return self.commands / self.seconds

    def line(self) -> str:
        return (f"{self.name:<22} {self.hands_per_second:>9,.0f} hands/s {self.commands_per_second:>11,.0f} commands/s "
                f"{self.commands / self.hands:>7.1f} commands/hand  ({self.hands} hands, {self.seconds:.2f} s)")


def bench_engine(hands: int, players: int, seed: int, policy: str) -> Figures:
    """Play `hands` full hands with the engine's `Match`, recording every event.

    Hands are played within matches, as in a game: a new match (and a new dealer
    draw) starts only when one ends.
    """
    rng = Rng(seed)
    pick = rng.randbelow
    # The policy's options: `legal_plays` is by definition the card plays among
    # `legal_commands` (saying UNO with the second-to-last card), else its turn-ending
    # commands, with a fast path of its own.
    options = legal_plays if policy == "plays" else legal_commands
    commands = events = 0
    start = time.process_time()
    playing, over = Phase.PLAYING, Phase.MATCH_OVER
    played = 0
    match = Match(Setup(players=players, seed=seed))
    while played < hands:
        if match.state.phase is over:
            events += len(match.events)
            match = Match(Setup(players=players, seed=seed + played))
        state, submit = match.state, match.submit
        submit(StartHand(seat=0))
        while state.phase is playing:
            legal = options(state, state.turn)
            submit(legal[pick(len(legal))])
            commands += 1
        played += 1
    events += len(match.events)
    return Figures(f"unotui ({policy})", hands, commands, events, time.process_time() - start)


def bench_rlcard(hands: int, players: int, seed: int) -> Figures | None:
    """RLCard's raw UNO game (not the RL environment) under its own random play."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(allow_step_back=False, num_players=players)
    # rlcard.make ignores the player count in its config; the game object takes it here.
    game.configure({"game_num_players": players})
    # RandomState takes a seed of at most 32 bits, or an array of 32-bit words: ours has 64.
    random_state = np.random.RandomState([seed & 0xFFFF_FFFF, seed >> 32])
    game.np_random = random_state
    steps = 0
    start = time.process_time()
    for _ in range(hands):
        game.init_game()
        while not game.is_over():
            actions = game.get_legal_actions()
            game.step(actions[random_state.randint(len(actions))])
            steps += 1
    return Figures("rlcard (raw game)", hands, steps, 0, time.process_time() - start)


_RUNS = 5
"""Runs per side: on a machine shared with other work, the best of more runs is steadier."""


def _best_of(runs: int, measure: Callable[[], Figures | None]) -> Figures | None:
    """The fastest of several runs: the least disturbed by the rest of the machine."""
    results = [measure() for _ in range(runs)]
    found = [figures for figures in results if figures is not None]
    return min(found, key=lambda figures: figures.seconds) if found else None


def run_bench(args: argparse.Namespace) -> int:
    """`unotui bench`."""
    hands, players, seed = args.hands, args.players, args.seed
    problem = None
    if hands < 1:
        problem = f"--hands must be at least 1, not {hands}"
    elif not 2 <= players <= 10:
        problem = f"--players must be 2 to 10, not {players}"
    if problem is not None:
        print(f"unotui bench: error: {problem}", file=sys.stderr)
        return 2
    print(f"{players}-player hands, seeded random players, best of {_RUNS} runs each")
    ours = _best_of(_RUNS, lambda: bench_engine(hands, players, seed, "plays"))
    assert ours is not None
    print(ours.line())
    peer = None if args.no_peer else _best_of(_RUNS, lambda: bench_rlcard(hands, players, seed))
    if peer is not None:
        print(peer.line())
        print(f"ratio: {ours.hands_per_second / peer.hands_per_second:.2f}x RLCard's hands/s "
              "(RLCard plays simplified rules: no UNO calls, no challenges, no scoring)")
    elif not args.no_peer:
        print("rlcard is not installed: pip install -e '.[bench]' to compare")
    anything = _best_of(1, lambda: bench_engine(max(hands // 10, 1), players, seed, "any"))
    assert anything is not None
    print(anything.line())
    return 0
