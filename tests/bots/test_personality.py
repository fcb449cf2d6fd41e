"""Personalities: forgetting UNO, late calls, catching, named opponents."""

from __future__ import annotations

import msgspec
import pytest
from support import scenario

from unotui.bots import OPPONENTS, Personality, Reaction, find_opponent, make_bot, table_reactions
from unotui.bots.personality import DEFAULT_PERSONALITIES
from unotui.engine import CallUno, CatchUno, PlayCard


def _two_cards_to_play() -> tuple[object, list[object]]:
    match = scenario(hands=[["r1", "g2"], ["b2", "b3", "b4"]], discard=["r5"], turn=0)
    return match.view(0), match.legal_commands(0)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_bot_that_never_forgets_says_uno(level: str) -> None:
    view, legal = _two_cards_to_play()
    bot = make_bot(level, Personality(forget_uno=0.0), seed=1, players=2, playouts=8)
    command = bot.choose(view, legal, bot.rng)  # type: ignore[arg-type]
    assert isinstance(command, PlayCard) and command.uno


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_bot_that_always_forgets_does_not(level: str) -> None:
    view, legal = _two_cards_to_play()
    bot = make_bot(level, Personality(forget_uno=1.0), seed=1, players=2, playouts=8)
    command = bot.choose(view, legal, bot.rng)  # type: ignore[arg-type]
    assert isinstance(command, PlayCard) and not command.uno


def _forgotten_window() -> object:
    """Seat 0 has just played down to one card without saying UNO."""
    match = scenario(hands=[["r1", "g2"], ["b2", "b3"], ["y2", "y3"]], discard=["r5"], turn=0)
    assert match.submit(PlayCard(seat=0, card=match.view(0).hand[0], uno=False))
    assert match.view(1).catchable == 0
    return match


def test_catching_follows_the_catch_rate_and_reaction_time() -> None:
    match = _forgotten_window()
    eager = make_bot("basic", Personality(catch_rate=1.0, reaction=(0.3, 0.5)), seed=2, seat=1, players=3)
    reaction = eager.react(match.view(1), eager.rng)  # type: ignore[attr-defined]
    assert reaction is not None and reaction.command == CatchUno(seat=1, target=0)
    assert 0.3 <= reaction.delay <= 0.5
    blind = make_bot("basic", Personality(catch_rate=0.0), seed=2, seat=1, players=3)
    assert blind.react(match.view(1), blind.rng) is None  # type: ignore[attr-defined]


def test_the_forgetful_player_may_call_late() -> None:
    match = _forgotten_window()
    bot = make_bot("basic", Personality(late_call=1.0), seed=3, seat=0, players=3)
    reaction = bot.react(match.view(0), bot.rng)  # type: ignore[attr-defined]
    assert reaction is not None and reaction.command == CallUno(seat=0)


def test_reactions_come_earliest_first_and_repeat_for_a_seed() -> None:
    match = _forgotten_window()

    def table() -> dict[int, object]:
        return {seat: make_bot("basic", Personality(catch_rate=1.0, late_call=1.0, reaction=(0.1, 3.0)),
                               seed=40 + seat, seat=seat, players=3) for seat in range(3)}

    first = table_reactions(table(), match.view)  # type: ignore[arg-type]
    assert [r.delay for r in first] == sorted(r.delay for r in first) and len(first) == 3
    assert first == table_reactions(table(), match.view)  # type: ignore[arg-type]
    assert all(isinstance(r, Reaction) for r in first)


def test_no_window_no_reaction_and_the_generator_still_moves() -> None:
    match = scenario(hands=[["r1", "g2"], ["b2", "b3"]], discard=["r5"], turn=0)
    bot = make_bot("basic", seed=5, seat=1, players=2)
    before = bot.rng.state
    assert bot.react(match.view(1), bot.rng) is None  # type: ignore[attr-defined]
    assert bot.rng.state != before


def test_every_named_opponent_can_be_built() -> None:
    assert 5 <= len(OPPONENTS) <= 8
    assert len({opponent.name for opponent in OPPONENTS}) == len(OPPONENTS)
    for opponent in OPPONENTS:
        bot = make_bot(opponent.level, opponent.personality, seed=1)
        assert bot.level == opponent.level and bot.personality == opponent.personality


def test_unknown_opponent_and_level_say_what_is_known() -> None:
    with pytest.raises(ValueError, match="known: Pip"):
        find_opponent("Nobody")
    with pytest.raises(ValueError, match="known: random, basic, strong"):
        make_bot("grandmaster")


def test_personalities_decode_with_bounds() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"forget_uno": 1.5}, Personality)
    assert msgspec.convert(msgspec.to_builtins(DEFAULT_PERSONALITIES["basic"]), Personality) == Personality()
