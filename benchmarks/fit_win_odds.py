"""Fit the play-outs' cut-off odds (`unotui.bots.rollout.win_odds`) to games of `basic` players.

Plays four-player hands of the `basic` level under the standard rules, notes every
seat's hand at every third decision, and fits by maximum likelihood (a conditional
logit: the winner is one of the seats) how a seat's chance of winning the hand depends
on its hand size, its place in the turn order and the wild and action cards it holds.
Prints the fitted constants, and the log-likelihood per position on hands it was not
fitted to, next to that of the model with hand sizes and turn order alone.

Needs numpy (it comes with the bench extra: `pip install -e '.[bench]'`).

Run: python benchmarks/fit_win_odds.py [--hands 20000] [--seed 12]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

import numpy as np
from bot_hands import play_hand

from unotui.bots import make_bot
from unotui.engine import AnyCommand, GameState, Match, PlayerView, Setup
from unotui.engine.cards import RANK_OF

PLAYERS = 4
SIZES = 14
"""Hand sizes told apart: 1 to 13 cards, then 14 or more (longer hands are rare)."""
KINDS = ("w", "w+4", "+2", "s", "r")
"""The faces with a factor of their own: number cards are the baseline."""
EVERY = 3
"""Note the table at every third decision: neighbouring positions say nearly the same."""


def features(state: GameState) -> list[list[int]]:
    """Per seat: hand size, place in the turn order, and its count of each of `KINDS`."""
    rows = []
    for seat, hand in enumerate(state.hands):
        order = ((seat - state.turn) * state.direction) % state.players
        kinds = [sum(1 for card in hand if RANK_OF[card] == kind) for kind in KINDS]
        rows.append([len(hand), order, *kinds])
    return rows


def positions(hands: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The noted positions of `hands` hands of `basic` play, and each one's winner."""
    noted: list[list[list[int]]] = []
    winners: list[int] = []
    for index in range(hands):
        match = Match(Setup(players=PLAYERS, seed=seed * 1_000_003 + index))
        bots = [make_bot("basic", seed=seed + index * PLAYERS + seat, seat=seat, players=PLAYERS)
                for seat in range(PLAYERS)]
        hand: list[list[list[int]]] = []
        decisions = 0

        def note(seat: int, view: PlayerView, legal: Sequence[AnyCommand]) -> None:
            nonlocal decisions
            decisions += 1
            if decisions % EVERY == 0:
                hand.append(features(match.state))

        play_hand(match, bots, note)
        state = match.state
        won = [seat for seat, cards in enumerate(state.hands) if not cards]
        if len(won) == 1:
            noted += hand
            winners += [won[0]] * len(hand)
    return np.array(noted), np.array(winners)


def design(noted: np.ndarray, full: bool) -> np.ndarray:
    """One column per parameter, per seat; size 1 and turn order 0 are the baseline."""
    size = np.minimum(noted[:, :, 0], SIZES)
    order = np.minimum(noted[:, :, 1], 3)
    columns = [(size == k) for k in range(2, SIZES + 1)]
    columns += [(order == k) for k in range(1, 4)]
    if full:
        columns += [noted[:, :, 2 + j] for j in range(len(KINDS))]
    return np.stack(columns, axis=2).astype(float)


def log_likelihood(columns: np.ndarray, winners: np.ndarray, beta: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """The conditional logit's log-likelihood, gradient and Hessian at `beta`."""
    utility = columns @ beta
    utility -= utility.max(axis=1, keepdims=True)
    odds = np.exp(utility)
    odds /= odds.sum(axis=1, keepdims=True)
    rows = np.arange(len(winners))
    mean = (odds[:, :, None] * columns).sum(axis=1)
    gradient = (columns[rows, winners] - mean).sum(axis=0)
    hessian = mean.T @ mean - np.einsum("ns,nsi,nsj->ij", odds, columns, columns)
    return float(np.log(odds[rows, winners]).sum()), gradient, hessian


def fit(columns: np.ndarray, winners: np.ndarray) -> np.ndarray:
    """Newton's method from zero: the log-likelihood is concave."""
    beta = np.zeros(columns.shape[2])
    for _ in range(50):
        _, gradient, hessian = log_likelihood(columns, winners, beta)
        step = np.linalg.solve(hessian - 1e-9 * np.eye(len(beta)), gradient)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    return beta


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    noted, winners = positions(args.hands, args.seed)
    held_out, held_winners = positions(args.hands // 3, args.seed + 1)
    for full in (False, True):
        beta = fit(design(noted, full), winners)
        score, _, _ = log_likelihood(design(held_out, full), held_winners, beta)
        name = "sizes, turn order, wild and action cards" if full else "sizes and turn order alone"
        print(f"{name}: {score / len(held_winners):.4f} log-likelihood per held-out position")
    sizes = [1.0] + [math.exp(value) for value in beta[:SIZES - 1]]
    orders = [1.0] + [math.exp(value) for value in beta[SIZES - 1:SIZES + 2]]
    factors = {kind: math.exp(value) for kind, value in zip(KINDS, beta[SIZES + 2:])}
    print(f"{len(noted)} positions from {args.hands} hands, held out {len(held_out)}")
    print("HAND_WEIGHT =", tuple(round(value, 4) for value in sizes))
    print("TURN_WEIGHT =", tuple(round(value, 3) for value in orders))
    print("CARD_FACTOR =", {kind: round(value, 3) for kind, value in factors.items()})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
