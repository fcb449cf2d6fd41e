"""The computer players at the table, built from the seats recorded in the save's header."""

from __future__ import annotations

from collections.abc import Sequence

from unotui.bots import LEVELS, Bot, find_opponent, make_bot
from unotui.record import PlayerInfo, PlayerKind

__all__ = ["bots_for", "seat_label"]


def bots_for(players: Sequence[PlayerInfo]) -> dict[int, Bot]:
    """A bot for every bot seat, from its level, personality (a named opponent) and seed.

    A level or personality this program doesn't have (another program's player, such as
    the sample matches' `habits`) is played by a `basic` bot with its own manners, as a
    branch from a replay does.
    """
    bots: dict[int, Bot] = {}
    for seat, info in enumerate(players):
        if info.kind is not PlayerKind.BOT:
            continue
        personality = None
        if info.personality:
            try:
                personality = find_opponent(info.personality).personality
            except ValueError:
                personality = None
        level = info.level if info.level in LEVELS else "basic"
        # At a table nothing else needs the second core while a bot thinks.
        bots[seat] = make_bot(level, personality, info.seed or seat, seat=seat, players=len(players), parallel=True)
    return bots


def seat_label(info: PlayerInfo) -> str:
    """How a seat is described on the setup and load screens.

    >>> seat_label(PlayerInfo(name="Vera", kind=PlayerKind.BOT, level="strong", personality="Vera"))
    'Vera (strong bot)'
    """
    if info.kind is PlayerKind.HUMAN:
        return f"{info.name} (human)"
    return f"{info.name} ({info.level or 'basic'} bot)"
