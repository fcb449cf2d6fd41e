"""Bots: players that see only their seat's view, at three levels with personalities.

`make_bot(level, personality, seed)` builds one; `OPPONENTS` are the named opponents
the setup screen offers; `table_reactions` asks a table who acts out of turn (catches a
forgotten UNO, calls UNO late, jumps in) at a `reaction_moment`.
"""

from __future__ import annotations

from .base import Bot, BotBase, Reaction, brief, reaction_moment, still_valid, table_reactions
from .basic import BasicBot
from .personality import DEFAULT_PERSONALITIES, OPPONENTS, Opponent, Personality, find_opponent
from .random_bot import RandomBot
from .registry import LEVELS, bot_from_spec, make_bot
from .strong import StrongBot

__all__ = [
    "DEFAULT_PERSONALITIES", "LEVELS", "OPPONENTS",
    "BasicBot", "Bot", "BotBase", "Opponent", "Personality", "RandomBot", "Reaction", "StrongBot",
    "bot_from_spec", "brief", "find_opponent", "make_bot", "reaction_moment", "still_valid",
    "table_reactions",
]
