"""Table widgets: they take a `PlayerView` and seat names (never a table) and post intents up."""

from __future__ import annotations

from .card import CardFace
from .command_line import CommandLine
from .hand import HandView
from .log import GameLog
from .pile import PilePane
from .scoreboard import Scoreboard
from .seats import SeatsBar

__all__ = ["CardFace", "CommandLine", "GameLog", "HandView", "PilePane", "Scoreboard", "SeatsBar"]
