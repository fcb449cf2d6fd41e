"""Jump-ins (R-HOUSE-3): bots play identical cards out of turn through `react`."""

from __future__ import annotations

from support import scenario

from unotui.bots import Personality, Reaction, make_bot, reaction_moment, still_valid, table_reactions
from unotui.bots.basic import basic_jump_in
from unotui.bots.simulate import SimulationConfig, simulate
from unotui.engine import Accepted, Card, CatchUno, DrawCard, KeepCard, PlayCard, Rejected, RuleSet, decide, preset

JUMP_IN = RuleSet(jump_in=True)


def test_basic_jumps_in_with_an_identical_card() -> None:
    match = scenario(hands=[["g1", "b2", "y3"], ["r5", "g4"], ["b7", "b8"]], discard=["r5"], turn=0, rules=JUMP_IN)
    view = match.view(1)
    assert reaction_moment(view)
    assert basic_jump_in(view) == PlayCard(seat=1, card=Card.R5, uno=True)
    assert isinstance(match.submit(PlayCard(seat=1, card=Card.R5, uno=True)), Accepted)


def test_no_jump_in_without_the_rule_on_ones_own_turn_or_without_the_card() -> None:
    standard = scenario(hands=[["g1", "b2"], ["r5", "g4"]], discard=["r5"], turn=0)
    assert basic_jump_in(standard.view(1)) is None and not reaction_moment(standard.view(1))
    own_turn = scenario(hands=[["r5", "b2"], ["y5", "g4"]], discard=["r5"], turn=0, rules=JUMP_IN)
    assert basic_jump_in(own_turn.view(0)) is None
    similar = scenario(hands=[["g1", "b2"], ["b5", "r6"]], discard=["r5"], turn=0, rules=JUMP_IN)
    assert basic_jump_in(similar.view(1)) is None


def test_a_jumped_in_seven_swaps_with_the_smallest_hand() -> None:
    rules = RuleSet(jump_in=True, seven_o=True)
    match = scenario(hands=[["g1", "b2", "y3", "y4"], ["r7", "g4", "g5", "g6"], ["b8", "b9"]],
                     discard=["r7"], turn=0, rules=rules)
    jump = basic_jump_in(match.view(1))
    assert jump == PlayCard(seat=1, card=Card.R7, swap_with=2)
    assert isinstance(match.submit(jump), Accepted)


def _window_and_jump() -> tuple[object, dict[int, object]]:
    """Seat 0 forgot UNO; seat 1 is to play and catches fast; seat 2 holds the top card."""
    match = scenario(hands=[["b5"], ["g4", "g5", "r6"], ["r5", "y4", "y6"]], discard=["r5"], turn=1,
                     rules=JUMP_IN, uno_window=0, direction=-1)
    bots = {1: make_bot("basic", Personality(catch_rate=1.0, reaction=(0.1, 0.1)), seed=1, seat=1, players=3),
            2: make_bot("basic", Personality(catch_rate=0.0, jump_in=1.0, reaction=(0.5, 0.5)), seed=2, seat=2,
                        players=3)}
    return match, bots


def test_reactions_come_in_order_and_each_is_checked_again_at_submit_time() -> None:
    match, bots = _window_and_jump()
    planned = table_reactions(bots, match.view)  # type: ignore[arg-type, attr-defined]
    assert [reaction.command for reaction in planned] == [CatchUno(seat=1, target=0), PlayCard(seat=2, card=Card.R5)]
    assert isinstance(match.submit(planned[0].command), Accepted)  # type: ignore[attr-defined]
    # The catch changed the table, not the top card: the jump-in is still legal, so it goes.
    assert still_valid(planned[1], match.view(2), match.legal_commands(2))  # type: ignore[attr-defined]
    assert isinstance(match.submit(planned[1].command), Accepted)  # type: ignore[attr-defined]


def test_a_jump_in_overtaken_by_the_turn_players_play_is_stale_and_dropped() -> None:
    match, bots = _window_and_jump()
    planned = table_reactions({2: bots[2]}, match.view)  # type: ignore[arg-type, attr-defined]
    assert [reaction.command for reaction in planned] == [PlayCard(seat=2, card=Card.R5)]
    assert isinstance(match.submit(PlayCard(seat=1, card=Card.R6)), Accepted)  # type: ignore[attr-defined]
    before = match.state.position()  # type: ignore[attr-defined]
    # Re-checked at submit time: no longer legal, so a driver drops it; the engine would refuse it.
    assert not still_valid(planned[0], match.view(2), match.legal_commands(2))  # type: ignore[attr-defined]
    assert planned[0].command not in match.legal_commands(2)  # type: ignore[attr-defined]
    verdict = decide(match.state, planned[0].command)  # type: ignore[attr-defined]
    assert isinstance(verdict, Rejected) and verdict.rule == "R-HOUSE-3"
    assert match.state.position() == before  # type: ignore[attr-defined]


def test_a_jump_in_that_became_the_seats_own_turn_is_stale() -> None:
    """Legal still, but as a turn play: the bot's `choose` decides that, not an old reaction."""
    match = scenario(hands=[["g1", "b2", "y3"], ["g4", "r6"], ["r5", "y4"]], discard=["r5"], turn=0, rules=JUMP_IN)
    reaction = Reaction(command=PlayCard(seat=2, card=Card.R5, uno=True), delay=0.5)
    assert still_valid(reaction, match.view(2), match.legal_commands(2))
    match.submit(DrawCard(seat=0))
    if match.view(0).turn == 0:  # the drawn card could be played: it is kept
        match.submit(KeepCard(seat=0))
    match.submit(PlayCard(seat=1, card=Card.R6))
    assert match.view(2).turn == 2 and reaction.command in match.legal_commands(2)
    assert not still_valid(reaction, match.view(2), match.legal_commands(2))


def test_bots_jump_in_over_hundreds_of_hands_and_every_reaction_is_accepted() -> None:
    """The simulator raises on any refused command, reactions included."""
    report, _ = simulate(SimulationConfig(bots=("basic", "strong", "random", "Dotty"), games=100, seed=9,
                                          playouts=2, rules=preset("party")))
    jumps = {tally.bot: tally.jump_ins for tally in report.bots}
    assert jumps["basic"] > 10 and jumps["strong"] > 10 and jumps["Dotty"] > 10
    assert jumps["random"] == 0
