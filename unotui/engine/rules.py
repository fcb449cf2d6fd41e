"""Rule options as data (`RuleSet`), their descriptions (`RULE_OPTIONS`) and the named presets."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

import msgspec

from .cards import DECK, DECK_2018, Card

__all__ = [
    "PRESETS",
    "PRESET_NOTES",
    "RULE_OPTIONS",
    "CustomEffect",
    "DeckEdition",
    "RuleOption",
    "RuleSet",
    "Scoring",
    "StartWild",
    "deck_for",
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


class DeckEdition(StrEnum):
    """Which deck is played (R-DECK-1, R-DECK-3)."""

    ORIGINAL = "original"
    """The 108 cards."""
    EDITION_2018 = "2018"
    """112 cards: adds Wild Shuffle Hands and three Wild Customizable."""


class CustomEffect(StrEnum):
    """What every Wild Customizable does, chosen before the match (R-DECK-3)."""

    SWAP_HANDS = "swap_hands"
    """Swap hands with any other player (the best-known effect, and the default)."""
    SKIP = "skip"
    """The next player loses the turn."""
    REVERSE = "reverse"
    """The direction of play changes (with two players: the next player is skipped)."""
    DRAW_TWO = "draw_two"
    """The next player draws two and loses the turn; never stacked, never challenged."""


HandSize = Annotated[int, msgspec.Meta(ge=1, le=10)]
Target = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
DealerSeat = Annotated[int, msgspec.Meta(ge=0, le=9)]


class RuleSet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Every rule option in force; stored in every save and replay.

    New options are added with a default that keeps the old behaviour, so files
    written before an option existed still load and replay the same. An option this
    build doesn't know (a typo, or a newer build's rule) is refused, never ignored.
    """

    hand_size: HandSize = 7
    """Cards dealt to each player (R-SETUP-2)."""
    start_wild: StartWild = StartWild.FIRST_PLAYER_CHOOSES
    """A Wild start card: first player names the colour, or turn again (R-SETUP-4)."""
    uno_penalty: Literal[2, 4] = 2
    """Cards a player draws when caught not saying UNO (R-UNO-4): two, or four as the 2001
    rule sheet says; a file with any other number is refused."""
    target: Target = 500
    """Points that end the match (R-SCORE-4)."""
    scoring: Scoring = Scoring.STANDARD
    """Winner takes the others' cards, or everyone adds their own (R-SCORE-5)."""
    dealer: Literal["draw"] | DealerSeat = "draw"
    """Who deals the first hand: by drawing cards (R-SETUP-1) or a fixed seat."""
    deck: DeckEdition = DeckEdition.ORIGINAL
    """The original 108-card deck, or the 2018 deck of 112 (R-DECK-3)."""
    custom_effect: CustomEffect = CustomEffect.SWAP_HANDS
    """What a Wild Customizable does, in the 2018 deck (R-DECK-3)."""
    stacking: bool = False
    """Draw Two on Draw Two, Wild Draw Four on Wild Draw Four; the total passes on (R-HOUSE-1)."""
    seven_o: bool = False
    """A 7 swaps hands with a chosen player; a 0 passes every hand on (R-HOUSE-2)."""
    jump_in: bool = False
    """A card identical to the top card may be played out of turn (R-HOUSE-3)."""
    draw_to_match: bool = False
    """A player who draws keeps drawing until a playable card comes (R-HOUSE-4)."""
    force_play: bool = False
    """A player who can play must play; a playable drawn card must be played (R-HOUSE-5)."""
    multi_play: bool = False
    """Several number cards of one number may be played together (R-HOUSE-6)."""
    play_after_penalty: bool = False
    """After drawing a Wild Draw Four penalty the player still takes the turn (R-HOUSE-7)."""
    no_bluff: bool = False
    """Wild Draw Four only when legal; no challenges (R-HOUSE-8)."""
    no_action_finish: bool = False
    """The last card of a hand may not be an action or wild card (R-HOUSE-9)."""

    @property
    def has_house_rules(self) -> bool:
        """Whether any option leaves the engine's standard paths (a house rule or the 2018 deck)."""
        return (self.stacking or self.seven_o or self.jump_in or self.draw_to_match or self.force_play
                or self.multi_play or self.play_after_penalty or self.no_bluff or self.no_action_finish
                or self.deck is DeckEdition.EDITION_2018)


def deck_for(rules: RuleSet) -> tuple[Card, ...]:
    """The deck these rules play with: `DECK` (108) or `DECK_2018` (112).

    >>> len(deck_for(RuleSet())), len(deck_for(RuleSet(deck=DeckEdition.EDITION_2018)))
    (108, 112)
    """
    return DECK_2018 if rules.deck is DeckEdition.EDITION_2018 else DECK


class RuleOption(msgspec.Struct, frozen=True, kw_only=True):
    """One `RuleSet` field described for people: what UIs and `unotui rules` show."""

    name: str
    """The `RuleSet` field."""
    rule: str
    """The rule ID in RULES.md, e.g. "R-HOUSE-1"."""
    label: str
    """A short title, e.g. "Stacking"."""
    summary: str
    """One line saying exactly what the option does when on (or what its values mean)."""
    values: tuple[object, ...]
    """The values a UI offers, the default first."""


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(name="hand_size", rule="R-SETUP-2", label="Hand size",
               summary="Cards dealt to each player.", values=(7, 5, 6, 8, 9, 10, 1, 2, 3, 4)),
    RuleOption(name="start_wild", rule="R-SETUP-4", label="Wild start card",
               summary="A Wild turned up to start: the first player names its colour (first player chooses), or it "
                       "goes back (redraw; until a number sends back action cards too).",
               values=tuple(StartWild)),
    RuleOption(name="uno_penalty", rule="R-UNO-4", label="UNO penalty",
               summary="Cards drawn when caught not saying UNO.", values=(2, 4)),
    RuleOption(name="target", rule="R-SCORE-4", label="Target",
               summary="Points that win the match.", values=(500, 100, 200, 300, 1000)),
    RuleOption(name="scoring", rule="R-SCORE-5", label="Scoring",
               summary="Winner takes the others' cards, or everyone adds their own and the lowest wins.",
               values=tuple(Scoring)),
    RuleOption(name="dealer", rule="R-SETUP-1", label="First dealer",
               summary="Drawn by high card (draw), or the seat chosen deals the first hand (seat 1 is yours).",
               values=("draw", 0)),
    RuleOption(name="deck", rule="R-DECK-3", label="Deck",
               summary="The original 108 cards, or the 2018 deck with Wild Shuffle Hands and 3 Wild Customizable.",
               values=tuple(DeckEdition)),
    RuleOption(name="custom_effect", rule="R-DECK-3", label="Wild Customizable",
               summary="What every Wild Customizable does (2018 deck): swap hands, skip, reverse or draw two.",
               values=tuple(CustomEffect)),
    RuleOption(name="stacking", rule="R-HOUSE-1", label="Stacking",
               summary="Answer a Draw Two with a Draw Two, a Wild Draw Four with a Wild Draw Four; the total passes on.",
               values=(False, True)),
    RuleOption(name="seven_o", rule="R-HOUSE-2", label="Seven-O",
               summary="A 7 swaps hands with a player you choose; a 0 passes every hand on in the direction of play.",
               values=(False, True)),
    RuleOption(name="jump_in", rule="R-HOUSE-3", label="Jump-in",
               summary="Play a card identical to the top card out of turn; play goes on from you.",
               values=(False, True)),
    RuleOption(name="draw_to_match", rule="R-HOUSE-4", label="Draw to match",
               summary="Drawing goes on until a playable card comes, which you may play or keep.",
               values=(False, True)),
    RuleOption(name="force_play", rule="R-HOUSE-5", label="Force play",
               summary="If you can play you must; a playable drawn card must be played.",
               values=(False, True)),
    RuleOption(name="multi_play", rule="R-HOUSE-6", label="Multi-play",
               summary="Play several number cards of one number at once; the last one sets the colour.",
               values=(False, True)),
    RuleOption(name="play_after_penalty", rule="R-HOUSE-7", label="Play after penalty",
               summary="After drawing a Wild Draw Four penalty you still take your turn.",
               values=(False, True)),
    RuleOption(name="no_bluff", rule="R-HOUSE-8", label="No bluffing",
               summary="Wild Draw Four only when you hold no card of the current colour; no challenges.",
               values=(False, True)),
    RuleOption(name="no_action_finish", rule="R-HOUSE-9", label="No action finish",
               summary="Your last card may not be an action or wild card: draw instead.",
               values=(False, True)),
)
"""Every `RuleSet` field, in the order a setup screen shows them."""


PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "sheet-42001": RuleSet(uno_penalty=4, start_wild=StartWild.REDRAW),
    "beginner": RuleSet(start_wild=StartWild.REDRAW_UNTIL_NUMBER),
    "party": RuleSet(stacking=True, seven_o=True, jump_in=True),
}
"""Named rule sets (RULES.md, "Presets"); any option can be changed after."""

PRESET_NOTES: dict[str, str] = {
    "standard": "Mattel's current rule sheet, no house rules.",
    "sheet-42001": "Mattel's 2001 rule sheet (no. 42001): an UNO penalty of 4, a Wild start card turned again.",
    "beginner": "Only a number card starts a hand.",
    "party": "Stacking, seven-o and jump-in: the house rules most played.",
}
"""What each preset is, in a line."""


def preset(name: str) -> RuleSet:
    """The rule set called `name`.

    Raises:
        ValueError: naming the known presets, when there is no such preset.
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown rule preset: {name!r} (known: {', '.join(PRESETS)})") from None
