"""Bots acting out of turn at the table: jump-ins and catches are submitted while still valid, never stale."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from tui_support import ScriptedBot, position_session

from unotui.engine import AnyCommand, CallUno, Card, CatchUno, JumpedIn, PlayCard, PlayerView, RuleSet, Rng
from unotui.bots import Reaction
from unotui.tui.app import UnoApp
from unotui.tui.screens.table import TableScreen
from unotui.tui.session import Session
from unotui.tui.widgets import GameLog

SIZE = (100, 32)
JUMP_IN = RuleSet(jump_in=True)


class ReactingBot(ScriptedBot):
    """A scripted bot whose `react` answers from a function of its view (once, unless told otherwise)."""

    def __init__(self, seat: int, answer: Callable[[PlayerView], Reaction | None], *, once: bool = True) -> None:
        super().__init__(seat)
        self.answer = answer
        self.once = once
        self.asked = 0

    def react(self, view: PlayerView, rng: Rng) -> Reaction | None:
        self.asked += 1
        if self.once and self.asked > 1:
            return None
        return self.answer(view)


def spy_on_submit(session: Session) -> list[AnyCommand]:
    """Every command that reaches the table, accepted or not."""
    submitted: list[AnyCommand] = []
    submit = session.table.submit

    def spying(command: AnyCommand):  # type: ignore[no-untyped-def]
        submitted.append(command)
        return submit(command)

    session.table.submit = spying  # type: ignore[method-assign]
    return submitted


def jump_in_with(card: str, seat: int = 1, delay: float = 0.0) -> Callable[[PlayerView], Reaction | None]:
    def answer(view: PlayerView) -> Reaction | None:
        return Reaction(command=PlayCard(seat=seat, card=Card(card)), delay=delay)

    return answer


async def test_a_bots_jump_in_is_played_and_told_in_the_log() -> None:
    """Rule: R-HOUSE-3"""
    bot = ReactingBot(1, jump_in_with("r5"))
    session = position_session([["g1", "b9", "y2"], ["r5", "b2", "b3"], ["y7", "y8", "y9"]], discard=["r5"],
                               names=("You", "Bo", "Cy"), rules=JUMP_IN, bots={1: bot, 2: ScriptedBot(2)})
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        events = session.table.match.events
        assert any(isinstance(event, JumpedIn) and event.seat == 1 for event in events)
        assert session.table.view(0).hand_sizes[1] == 2
        # "Bo jumps in!" alone: nothing told you the turn was no longer yours.
        assert any("Bo jumps in, taking your turn!" in line for line in app.screen.query_one(GameLog).lines_shown)


async def test_a_reaction_that_is_not_legal_is_never_submitted() -> None:
    catch_nobody = ReactingBot(1, lambda view: Reaction(command=CatchUno(seat=1, target=0), delay=0.0))
    session = position_session([["g1", "b9", "y2"], ["r5", "b2", "b3"]], discard=["r5"], names=("You", "Bo"),
                               rules=JUMP_IN, bots={1: catch_nobody})
    submitted = spy_on_submit(session)
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert catch_nobody.asked >= 1
        assert not any(isinstance(command, CatchUno) for command in submitted)


async def test_a_jump_in_gone_stale_while_waiting_is_dropped() -> None:
    """The bot plans to jump in after a delay; meanwhile you draw, and a dialog asks about the drawn card.

    Rule: R-HOUSE-3 (no jump-in while the turn player decides on a drawn card)
    """
    # Due 3 s after the turn began: a busy machine may take more than a second to start the app.
    bot = ReactingBot(1, jump_in_with("r5", delay=3.0))
    session = position_session([["g1", "b9"], ["r5", "b2", "b3"]], discard=["r5"], draw_pile=["r7"],
                               names=("You", "Bo"), rules=JUMP_IN, bots={1: bot})
    submitted = spy_on_submit(session)
    app = UnoApp(None, 0.8, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert bot.asked == 1 and submitted == []  # planned, not yet due
        await pilot.press("d")
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)  # the play-or-keep dialog
        await asyncio.sleep(3.2)
        await pilot.pause()
        assert [command for command in submitted if command.seat == 1] == []
        assert not any(isinstance(event, JumpedIn) for event in session.table.match.events)


class SaysUnoFirst(ScriptedBot):
    """On two cards it says UNO as a command of its own before playing: the window before stays open."""

    def choose(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        call = CallUno(seat=self.seat)
        if call in legal and not view.uno_said[self.seat]:
            return call
        return super().choose(view, legal, rng)


async def test_a_window_is_asked_about_once() -> None:
    """A bot that lets a forgotten UNO pass is not asked again about the same window. Rule: R-UNO-3"""
    windows: list[int | None] = []

    def note(view: PlayerView) -> Reaction | None:
        windows.append(view.catchable)
        return None

    watcher = ReactingBot(2, note, once=False)
    session = position_session([["r3", "g7"], ["r2", "b3"], ["y1", "y2", "y3"]], discard=["r5"],
                               names=("You", "Bo", "Cy"), bots={1: SaysUnoFirst(1), 2: watcher})
    app = UnoApp(None, 0.0, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "enter")  # r3 without UNO: your window opens
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert any(isinstance(command, CallUno) and command.seat == 1 for command in session.table.match.commands)
        assert windows.count(0) == 1
