"""Saying UNO just before the play and again with it is one call, not two."""

from __future__ import annotations

from support import run, scenario

from unotui.engine import CallUno, DrawCard, KeepCard, PlayCard, UnoCalled


def test_R_UNO_7_said_before_and_with_the_play_is_said_once() -> None:
    """Rule: R-UNO-7"""
    match = scenario(hands=[["r1", "g2"], ["b2", "b3"]], discard=["r5"])
    run(match, CallUno(seat=0))
    events = run(match, PlayCard(seat=0, card="r1", uno=True))  # type: ignore[arg-type]
    assert not any(isinstance(event, UnoCalled) for event in events)
    assert match.state.uno_said[0] and match.state.uno_window is None


def test_R_UNO_7_a_call_before_keeping_the_drawn_card_lapses() -> None:
    """Rule: R-UNO-7"""
    match = scenario(hands=[["g2"], ["b2", "b3"]], discard=["r5"], draw_pile=["r1"], uno=(0,))
    run(match, DrawCard(seat=0), CallUno(seat=0), KeepCard(seat=0))
    assert not match.state.uno_said[0]
