"""The basic level's habits, each in a position that calls for it."""

from __future__ import annotations

from support import scenario

from unotui.bots import make_bot
from unotui.bots.basic import should_challenge
from unotui.bots.memory import TableMemory
from unotui.engine import (
    AcceptDrawFour,
    Card,
    CardPlayed,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    Color,
    ColorNamed,
    DrawCard,
    PlayCard,
    StartCardTurned,
)


def _choose(match: object, seat: int = 0) -> object:
    bot = make_bot("basic", seed=1, seat=seat, players=len(match.state.hands))  # type: ignore[attr-defined]
    return bot.choose(match.view(seat), match.legal_commands(seat), bot.rng)  # type: ignore[attr-defined]


def test_keeps_to_the_colour_it_holds_most() -> None:
    match = scenario(hands=[["r7", "b5", "b6", "b8"], ["g1", "g2", "g3", "g4", "g5"]], discard=["b7"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.B8)  # blue, the higher of two
    match = scenario(hands=[["r7", "b5", "r1", "r2"], ["g1", "g2", "g3", "g4", "g5"]], discard=["b7"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.R7)


def test_saves_wilds_while_a_coloured_card_fits() -> None:
    match = scenario(hands=[["w", "r3", "g1"], ["g2", "g3", "g4", "g5"]], discard=["r5"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.R3)


def test_plays_a_wild_when_stuck_naming_its_longest_colour() -> None:
    match = scenario(hands=[["w", "g3", "g1", "b2"], ["g2", "g3", "g4", "g5"]], discard=["r5"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.WILD, color=Color.GREEN)


def test_draws_when_nothing_fits() -> None:
    match = scenario(hands=[["g3", "g1", "b2"], ["g2", "g4", "g5"]], discard=["r5"], turn=0)
    assert _choose(match) == DrawCard(seat=0)


def test_hits_a_next_player_on_one_card() -> None:
    match = scenario(hands=[["r1", "r2", "r+2", "r9"], ["g2"], ["b1", "b2"]], discard=["r5"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.R_DRAW_TWO)


def test_dumps_high_cards_when_a_hand_is_about_to_end() -> None:
    match = scenario(hands=[["r1", "r9", "g4", "g5"], ["b2", "b3", "b4", "b5"], ["y1", "y2"]], discard=["r5"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.R9)


def test_always_says_uno() -> None:
    match = scenario(hands=[["r1", "g2"], ["b2", "b3", "b4"]], discard=["r5"], turn=0)
    assert _choose(match) == PlayCard(seat=0, card=Card.R1, uno=True)


def test_names_a_colour_for_a_wild_start_card() -> None:
    match = scenario(hands=[["b1", "b2", "g1"], ["r2", "r3"]], discard=["w"], turn=0, decision="choose_color")
    assert _choose(match) == ChooseColor(seat=0, color=Color.BLUE)


def _after_wild_draw_four(memory_events: list[object]) -> tuple[object, TableMemory]:
    """Seat 1 has played a Wild Draw Four on red; seat 0 must answer."""
    match = scenario(hands=[["g1", "g2"], ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]],
                     discard=["r5", "w+4"], color="blue", turn=0, decision="challenge", bluff=True)
    memory = TableMemory(0, 2)
    memory.observe(memory_events)  # type: ignore[arg-type]
    return match, memory


def test_accepts_a_wild_draw_four_without_evidence() -> None:
    match, memory = _after_wild_draw_four([
        StartCardTurned(card=Card.R5), CardPlayed(seat=1, card=Card.WILD_DRAW_FOUR),
        ColorNamed(seat=1, color=Color.BLUE),
    ])
    assert not should_challenge(match.view(0), memory)  # type: ignore[attr-defined]


def test_challenges_a_known_bluffer_holding_many_cards() -> None:
    record = [ChallengeResolved(challenger=0, challenged=1, succeeded=True, revealed=())] * 3
    match, memory = _after_wild_draw_four([
        *record, StartCardTurned(card=Card.R5), CardPlayed(seat=1, card=Card.WILD_DRAW_FOUR),
        ColorNamed(seat=1, color=Color.BLUE),
    ])
    assert should_challenge(match.view(0), memory)  # type: ignore[attr-defined]
    bot = make_bot("basic", seed=1, seat=0, players=2)
    bot.observe([*record, StartCardTurned(card=Card.R5), CardPlayed(seat=1, card=Card.WILD_DRAW_FOUR),
                 ColorNamed(seat=1, color=Color.BLUE)])
    assert bot.choose(match.view(0), match.legal_commands(0), bot.rng) == Challenge(seat=0)  # type: ignore[attr-defined]
    fresh = make_bot("basic", seed=1, seat=0, players=2)
    assert fresh.choose(match.view(0), match.legal_commands(0), fresh.rng) == AcceptDrawFour(seat=0)  # type: ignore[attr-defined]
