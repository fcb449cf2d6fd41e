"""Rule options as data (`RuleSet`) and the named presets."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

import msgspec

__all__ = [
    "PRESETS",
    "RuleSet",
    "Scoring",
    "StartWild",
    "preset",
]


class StartWild(StrEnum):
    """What a Wild turned as the start card does (R-SETUP-4)."""

    FIRST_PLAYER_CHOOSES = "first_player_chooses"
    REDRAW = "redraw"
    REDRAW_UNTIL_NUMBER = "redraw_until_number"


class Scoring(StrEnum):
    """How a hand is scored (R-SCORE-3, R-SCORE-5)."""

    STANDARD = "standard"
    PENALTY = "penalty"


HandSize = Annotated[int, msgspec.Meta(ge=1, le=10)]
Target = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
Penalty = Annotated[int, msgspec.Meta(ge=0, le=10)]
DealerSeat = Annotated[int, msgspec.Meta(ge=0, le=9)]


class RuleSet(msgspec.Struct, frozen=True, kw_only=True):
    """Every rule option in force; stored in every save and replay.

    New options are added with a default that keeps the old behaviour, so files
    written before an option existed still load and replay the same.
    """

    hand_size: HandSize = 7
    """Cards dealt to each player (R-SETUP-2)."""
    start_wild: StartWild = StartWild.FIRST_PLAYER_CHOOSES
    """A Wild start card: first player names the colour, or turn again (R-SETUP-4)."""
    uno_penalty: Penalty = 2
    """Cards a player draws when caught not saying UNO (R-UNO-4)."""
    target: Target = 500
    """Points that end the match (R-SCORE-4)."""
    scoring: Scoring = Scoring.STANDARD
    """Winner takes the others' cards, or everyone adds their own (R-SCORE-5)."""
    dealer: Literal["draw"] | DealerSeat = "draw"
    """Who deals the first hand: by drawing cards (R-SETUP-1) or a fixed seat."""


PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "sheet-42001": RuleSet(uno_penalty=4, start_wild=StartWild.REDRAW),
    "beginner": RuleSet(start_wild=StartWild.REDRAW_UNTIL_NUMBER),
}
"""Named rule sets (RULES.md, "Presets"); any option can be changed after."""


def preset(name: str) -> RuleSet:
    """The rule set called `name`.

    Raises:
        ValueError: naming the known presets, when there is no such preset.
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown rule preset: {name!r} (known: {', '.join(PRESETS)})") from None
