"""Builders for TUI tests: tables from positions, scripted bots, the app at a fixed size."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
import os
from pathlib import Path
from typing import Any

from support import scenario
from textual.app import App
from textual.content import Content
from textual.pilot import Pilot
from textual.style import Style

from unotui.engine import AnyCommand, Card, CatchUno, Color, PlayCard, PlayerView, Rng, RuleSet
from unotui.record import PlayerInfo, PlayerKind, Table, make_header, new_game
from unotui.tui.app import UnoApp
from unotui.tui.screens.privacy import PrivacyScreen
from unotui.bots import Reaction
from unotui.tui.session import Session
from unotui.tui.widgets import GameLog

__all__ = ["ScriptedBot", "app_for", "commands_set_off", "draw_four_on_green", "played_at", "position_session", "saved_matches",
           "screen_text", "seats", "sit_down"]

FIXED_TIME = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
"""Every test match begins at this time, so screens that show dates stay the same."""


def played_at(path: Path, when: datetime = FIXED_TIME) -> None:
    """Date the save at `path` as last played `when`: the lists show it, and a file's
    real date would change every snapshot."""
    os.utime(path, (when.timestamp(),) * 2)


class ScriptedBot:
    """A bot that plays the first legal card (saying UNO or not, as told) and catches when told."""

    level = "scripted"
    observes = False

    def __init__(self, seat: int, *, says_uno: bool = True, catches: bool = False) -> None:
        self.seat = seat
        self.rng = Rng(seat)
        self.says_uno = says_uno
        self.catches = catches

    def choose(self, view: PlayerView, legal: Sequence[AnyCommand], rng: Rng) -> AnyCommand:
        plays = [command for command in legal if isinstance(command, PlayCard)]
        with_uno = [command for command in plays if command.uno == self.says_uno]
        return (with_uno or plays or list(legal))[0]

    def react(self, view: PlayerView, rng: Rng) -> Reaction | None:
        target = view.catchable
        if self.catches and target is not None and target != self.seat:
            return Reaction(command=CatchUno(seat=self.seat, target=target), delay=0.0)
        return None

    def begin(self, view: PlayerView) -> None:
        return None

    def observe(self, events: Iterable[object]) -> None:
        return None


def seats(names: Sequence[str], humans: Iterable[int] = (0,)) -> list[PlayerInfo]:
    """Players with these names; `humans` at the keyboard, the rest basic bots."""
    human = set(humans)
    return [PlayerInfo(name=name, kind=PlayerKind.HUMAN if seat in human else PlayerKind.BOT,
                       level=None if seat in human else "basic", seed=None if seat in human else seat)
            for seat, name in enumerate(names)]


def saved_matches(folder: Path, *tables: Sequence[str]) -> list[Path]:
    """A save not yet dealt for each table of names, in the order given, each file a
    minute newer than the one before: the last is the most recent, last played at
    `FIXED_TIME`."""
    paths = []
    for age, names in enumerate(reversed(tables)):
        table = new_game(folder, make_header(seats(names), RuleSet(), seed=3, created=FIXED_TIME), sync=False)
        assert table.path is not None
        table.close()
        played_at(table.path, FIXED_TIME - timedelta(minutes=age))
        paths.append(table.path)
    return paths[::-1]


def position_session(
    hands: Sequence[Sequence[str]],
    discard: Sequence[str] = ("r5",),
    draw_pile: Sequence[str] = (),
    *,
    names: Sequence[str] = ("You", "Bo", "Cy", "Di"),
    humans: Iterable[int] = (0,),
    rules: RuleSet | None = None,
    save_dir: Path | None = None,
    bots: dict[int, ScriptedBot] | None = None,
    **fields: object,
) -> Session:
    """A session starting mid-hand from a position in card notation (see `support.scenario`).

    Bot seats get `ScriptedBot`s unless `bots` says otherwise.
    """
    match = scenario(hands, discard, draw_pile, rules=rules, **fields)  # type: ignore[arg-type]
    position = match.setup.position
    players = seats(names[: len(hands)], humans)
    header = make_header(players, match.setup.rules, seed=0, position=position, created=FIXED_TIME)
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
        table = new_game(save_dir, header, sync=False)
    else:
        table = Table.new(header)
    session = Session.of(table, save_dir)
    human = set(humans)
    for seat in range(len(hands)):
        if seat not in human:
            session.bots[seat] = (bots or {}).get(seat) or ScriptedBot(seat)
    return session


def draw_four_on_green(bluffer: Sequence[str]) -> Session:
    """Bo, holding `bluffer` besides, has just played a Wild Draw Four on green (g5), naming
    red: yours to answer, and what a challenge looks for is known (green)."""
    session = position_session([["r9", "b7"], [*bluffer, "w+4"]], discard=["g5"], turn=1, dealer=0)
    session.table.submit(PlayCard(seat=1, card=Card.WILD_DRAW_FOUR, color=Color.RED))
    return session


async def sit_down(pilot: Pilot[Any]) -> None:
    """Take the keyboard at a hot-seat table, which opens on the pass screen for the player to act."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, PrivacyScreen)
    await pilot.press("enter")
    await pilot.pause()


def app_for(session: Session | None, save_dir: Path | None = None) -> UnoApp:
    """The app at a table with bots acting at once."""
    return UnoApp(save_dir if save_dir is not None else session.save_dir if session else None, 0.0, session)


def screen_text(app: App[Any]) -> str:
    """What the screen shows, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def commands_set_off(app: App[Any]) -> tuple[list[str], list[str]]:
    """The commands the log pane and the notifications set off in bold, oldest first."""
    pane = [segment.text for strip in app.screen.query_one(GameLog).lines for segment in strip
            if segment.style is not None and segment.style.bold and segment.text.strip()]
    toasts = []
    for toast in app.screen.query("Toast"):
        shown = toast.render()
        assert isinstance(shown, Content)
        toasts += [shown.plain[span.start : span.end] for span in shown.spans
                   if (span.style if isinstance(span.style, Style) else Style.parse(span.style)).bold]
    return pane, toasts


def dialog_text(app: App[Any]) -> str:
    """The open dialog's title and paragraphs, each whole however the screen wraps it."""
    return " ".join(str(widget.render()) for widget in app.screen.query(".dialog-title, .dialog-text"))
