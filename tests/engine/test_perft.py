"""Pinned legal-command counts from fixed positions (perft): any change in move generation shows."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from support import scenario, stacked_deal

from unotui.engine import (
    Accepted,
    CallUno,
    Card,
    CatchUno,
    Color,
    DrawCard,
    GameState,
    PlayCard,
    apply_all,
    decide,
    legal_commands,
)


def perft(state: GameState, depth: int) -> int:
    """The number of command sequences of length `depth`, any seat giving each command."""
    if depth == 0:
        return 1
    total = 0
    for seat in range(state.players):
        for command in legal_commands(state, seat):
            verdict = decide(state, command)
            assert isinstance(verdict, Accepted), command
            total += perft(apply_all(state.copy(), verdict.events), depth - 1)
    return total


def uno_table() -> GameState:
    """Seat 0 to play on a red 5 holding wilds; seat 1 holds two; seat 2 forgot to say UNO."""
    match = scenario(hands=[["w", "w+4", "r3", "r+2", "g5"], ["r7", "b5"], ["y1"]], discard=["g2", "r5"], uno_window=2)
    return match.state


def first_turn() -> GameState:
    """A fresh two-player deal: seat 0 starts on a red 5."""
    hands = [["r1", "r2", "b+2", "w", "yr", "gs", "w+4"], ["r3", "g9", "b9", "y9", "y5", "bs", "w"]]
    return stacked_deal(2, 1, hands, "r5").state


def test_uno_table_commands() -> None:
    state = uno_table()
    wild = [PlayCard(seat=0, card=card, color=color) for card in (Card.WILD, Card.WILD_DRAW_FOUR) for color in Color]
    assert legal_commands(state, 0) == [
        wild[0], wild[1], wild[2], wild[3], wild[4], wild[5], wild[6], wild[7],
        PlayCard(seat=0, card=Card.R3), PlayCard(seat=0, card=Card.R_DRAW_TWO), PlayCard(seat=0, card=Card.G5),
        DrawCard(seat=0), CatchUno(seat=0, target=2),
    ]
    assert legal_commands(state, 1) == [CatchUno(seat=1, target=2)]
    assert legal_commands(state, 2) == [CallUno(seat=2)]


@pytest.mark.parametrize(("build", "counts"), [(uno_table, [15, 79, 232, 695]), (first_turn, [11, 53, 386, 1405])])
def test_perft_counts(build: Callable[[], GameState], counts: list[int]) -> None:
    state = build()
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
