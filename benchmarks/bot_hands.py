"""One hand of bots played through `Match`, each seat answering its own turns.

The tables the fitting and regret benchmarks watch have nobody who forgets UNO, so
there is no catch to ask for (the simulator's loop asks for them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from unotui.bots import Bot
from unotui.engine import AnyCommand, Match, Phase, PlayerView, StartHand, visible_events
from unotui.engine.decide import Accepted


def play_hand(match: Match, bots: Sequence[Bot],
              before_turn: Callable[[int, PlayerView, Sequence[AnyCommand]], None]) -> None:
    """Start a hand and play it out, calling `before_turn(seat, view, legal)` ahead of
    every command the turn seat's bot chooses."""

    def submit(command: AnyCommand) -> None:
        verdict = match.submit(command)
        assert isinstance(verdict, Accepted), verdict
        for seat, bot in enumerate(bots):
            bot.observe(visible_events(verdict.events, seat))

    submit(StartHand(seat=0))
    state = match.state
    while state.phase is Phase.PLAYING:
        turn = state.turn
        bot = bots[turn]
        view, legal = match.view(turn), match.legal_commands(turn)
        before_turn(turn, view, legal)
        submit(bot.choose(view, legal, bot.rng))
