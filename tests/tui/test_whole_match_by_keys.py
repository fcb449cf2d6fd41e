"""A whole match at the table, played by keys alone against bots under every house rule at
once: each dialog is answered by its keys, hints are asked for, and the match reaches its
summary."""

from __future__ import annotations

import random

import pytest

from unotui.engine import CustomEffect, DeckEdition, Match, Phase, RuleSet
from unotui.record import PlayerInfo, PlayerKind, Table, make_header
from unotui.tui.app import UnoApp
from unotui.tui.screens.summary import MatchSummary
from unotui.tui.screens.table import TableScreen
from unotui.tui.session import Session
from unotui.tui.widgets import HandView

EVERY_HOUSE_RULE = RuleSet(
    target=100, stacking=True, seven_o=True, jump_in=True, draw_to_match=True, force_play=True, multi_play=True,
    play_after_penalty=True, no_action_finish=True, deck=DeckEdition.EDITION_2018, custom_effect=CustomEffect.SWAP_HANDS,
)
ANSWERS = {"ColorDialog": "rygb", "DrawnCardDialog": "pk", "ChallengeDialog": "cas", "SwapDialog": "123",
           "RevealDialog": ["enter"], "HandSummary": ["enter"]}
"""Keys tried at random in each dialog, refused ones (keep under force play) included."""
HINTED = {"TableScreen", "DrawnCardDialog", "ChallengeDialog"}
"""Where `h` asks for a hint first, now and then (from a generator of its own, so that the
match is the one played without hints)."""


@pytest.mark.parametrize(("rules", "dialogs"), [
    (EVERY_HOUSE_RULE, {"ColorDialog", "DrawnCardDialog", "ChallengeDialog", "RevealDialog", "SwapDialog"}),
    (RuleSet(target=100), {"ColorDialog", "ChallengeDialog", "RevealDialog"}),
])
async def test_a_match_played_by_keys_alone_reaches_its_end(rules: RuleSet, dialogs: set[str]) -> None:
    players = [PlayerInfo(name="You", kind=PlayerKind.HUMAN)]
    players += [PlayerInfo(name=name, kind=PlayerKind.BOT, level="basic", seed=seat) for seat, name in enumerate(["Bo", "Cy", "Di"], 1)]
    table = Table.new(make_header(players, rules, seed=0))
    app = UnoApp(None, 0.0, Session.of(table))
    rng, hints = random.Random(0), random.Random(1)
    seen: set[str] = set()
    hinted = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):
            await pilot.pause()
            screen = app.screen
            kind = type(screen).__name__
            seen.add(kind)
            if isinstance(screen, MatchSummary):
                break
            if isinstance(screen, TableScreen):
                view = table.view(0)
                if view.phase is Phase.PLAYING and view.turn == 0 and view.decision.value in ("play", "stack"):
                    if hints.random() < 0.2:
                        # The hint's notes must keep up through swaps and reshuffles.
                        await pilot.press("h")
                        hinted += 1
                    hand = screen.query_one(HandView)
                    lit = [index for index, card in enumerate(hand.cards) if card in view.playable]
                    if lit and rng.random() < 0.9:
                        hand.selected = rng.choice(lit)
                        await pilot.press("enter")
                    else:
                        await pilot.press("d")
                else:
                    await app.workers.wait_for_complete()
            else:
                if kind in HINTED and hints.random() < 0.5:
                    await pilot.press("h")
                    hinted += 1
                await pilot.press(rng.choice(list(ANSWERS[kind])))
        assert isinstance(app.screen, MatchSummary)
    assert dialogs <= seen and hinted >= 5
    assert table.view(None).phase is Phase.MATCH_OVER and table.view(None).winners
    # The table fed the engine nothing but commands: replaying them gives the same match.
    assert Match.replay(table.match.setup, table.match.commands).state == table.match.state
