"""The rules engine: pure, deterministic and event-sourced. Imports nothing but msgspec.

Commands ask, `decide` judges, events state facts, `apply` folds them; `Match` is the
one door through which commands enter a game.
"""

from __future__ import annotations

from .apply import apply, apply_all
from .cards import COLORS, DECK, DECK_2018, Card, CardParseError, Color, card_points, format_cards, parse_card, parse_cards, parse_color
from .commands import (
    AcceptDrawFour,
    AnyCommand,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Command,
    DrawCard,
    KeepCard,
    PlayCard,
    Seat,
    StartHand,
)
from .decide import Accepted, Rejected, decide, is_playable, legal_commands, legal_plays, playable_cards
from .house import passes_hand_on
from .events import (
    AnyEvent,
    CardKept,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    ColorNamed,
    DealerChosen,
    DealerDraw,
    Decision,
    DeckShuffled,
    DirectionReversed,
    DiscardsReshuffled,
    DrawnCardPlayable,
    DrawReason,
    DrawsStacked,
    Event,
    HandEnded,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    HandStarted,
    JumpedIn,
    MatchWon,
    StartCardReturned,
    StartCardTurned,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from .match import Match, fold
from .rng import Rng
from .rules import PRESET_NOTES, PRESETS, RULE_OPTIONS, CustomEffect, DeckEdition, RuleOption, RuleSet, Scoring, StartWild, deck_for, preset
from .state import GameState, Phase, Position, Setup, SetupError, initial_state, validate_position
from .view import PlayerView, redact, view_for, visible_events

__all__ = [
    "COLORS", "DECK", "DECK_2018", "PRESET_NOTES", "PRESETS", "RULE_OPTIONS", "CustomEffect", "DeckEdition",
    "DrawsStacked", "HandsRotated", "HandsShuffled", "HandsSwapped", "JumpedIn", "RuleOption", "deck_for",
    "AcceptDrawFour", "Accepted", "AnyCommand", "AnyEvent", "CallUno", "Card", "CardKept",
    "CardParseError", "CardPlayed", "CardsDealt", "CardsDrawn", "CatchUno", "Challenge",
    "ChallengeResolved", "ChooseColor", "Color", "ColorNamed", "Command", "DealerChosen",
    "DealerDraw", "Decision", "DeckShuffled", "DirectionReversed", "DiscardsReshuffled",
    "DrawCard", "DrawReason", "DrawnCardPlayable", "Event", "GameState", "HandEnded",
    "HandStarted", "KeepCard", "Match", "MatchWon", "Phase", "PlayCard", "PlayerView",
    "Position", "Rejected", "Rng", "RuleSet", "Scoring", "Seat", "Setup", "SetupError",
    "StartCardReturned", "StartCardTurned", "StartHand", "StartWild", "TurnSkipped",
    "TurnStarted", "UnoCalled", "UnoCaught",
    "apply", "apply_all", "card_points", "decide", "fold", "format_cards", "initial_state",
    "is_playable", "legal_commands", "legal_plays", "parse_card", "parse_cards", "parse_color", "passes_hand_on",
    "playable_cards", "preset", "redact", "validate_position", "view_for", "visible_events",
]
