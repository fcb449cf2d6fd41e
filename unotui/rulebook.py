"""The rules in force as readable text with rule IDs, for `unotui rules` and the Rules screen."""

from __future__ import annotations

import argparse
import shutil
import sys

from unotui.columns import join_continuations, wrap_hanging
from unotui.engine import PRESETS, RULE_OPTIONS, CustomEffect, DeckEdition, RuleSet, Scoring, StartWild, preset
from unotui.record.narrate import counted

__all__ = ["HOUSE_OPTIONS", "NO_RULE_HINT", "describe_house_rules", "describe_rules", "print_rules", "rules_about"]

def _start_card_lines(start_wild: StartWild) -> list[str]:
    """R-SETUP-4 as the rules in force read: under `redraw_until_number` no action card
    ever starts, so the actions' own start effects are not in force."""
    if start_wild is StartWild.REDRAW_UNTIL_NUMBER:
        return ["  R-SETUP-4  Start card: an action card or a wild goes back and another is turned,",
                "             until a number card starts."]
    wild = ("the first player names the colour, then plays" if start_wild is StartWild.FIRST_PLAYER_CHOOSES
            else "it goes back and a new start card is turned")
    return ["  R-SETUP-4  Start card: Wild Draw Four goes back and another is turned;",
            f"             a Wild: {wild};",
            "             Draw Two: the first player draws two and is skipped; Skip: the first",
            "             player is skipped; Reverse: the dealer's right starts, play goes right."]


_CUSTOM_EFFECT = {
    CustomEffect.SWAP_HANDS: "swap hands with any other player",
    CustomEffect.SKIP: "the next player is skipped",
    CustomEffect.REVERSE: "play changes direction",
    CustomEffect.DRAW_TWO: "the next player draws two and is skipped",
}


HOUSE_OPTIONS = tuple(option for option in RULE_OPTIONS if option.rule.startswith("R-HOUSE-"))
"""The house rules (R-HOUSE-1..9) among the rule options, in order."""


def describe_house_rules(rules: RuleSet) -> list[str]:
    """One line per house rule (R-HOUSE-1..9), on or off, with what it does.

    >>> describe_house_rules(RuleSet(stacking=True))[1]
    '  R-HOUSE-1  on   Stacking: Answer a Draw Two with a Draw Two, a Wild Draw Four with a Wild Draw Four; the total passes on.'
    """
    on = [option.name for option in HOUSE_OPTIONS if getattr(rules, option.name)]
    lines = [f"House rules ({'on: ' + ', '.join(on) if on else 'all off'}; see docs/house-rules.md)"]
    for option in HOUSE_OPTIONS:
        state = "on " if getattr(rules, option.name) else "off"
        lines.append(f"  {option.rule:<10} {state}  {option.label}: {option.summary}")
    return lines


def describe_rules(rules: RuleSet, name: str | None = None) -> str:
    """The rules as a short rulebook, each line tagged with its rule ID.

    >>> "R-UNO-4" in describe_rules(RuleSet())
    True
    """
    # A fixed dealer is told as the setup screen numbers seats, from 1 (the file's `dealer: 0`).
    dealer = ("every player draws a card; the highest in points deals (tied players draw again)"
              if rules.dealer == "draw" else f"seat {rules.dealer + 1} deals the first hand")
    if rules.scoring is Scoring.PENALTY:
        scoring = (f"Everyone adds the value of their own remaining cards; when someone reaches "
                   f"{rules.target}, the LOWEST total wins (shared on a tie).")
    else:
        scoring = "The winner of a hand scores the cards left in the other hands."
    title = f"Rules in force: {name}" if name else "Rules in force"
    lines = [
        title,
        "=" * len(title),
        "",
        "Deck",
        "  R-DECK-1   108 cards: red, yellow, green, blue, each 0, two of 1-9, two Skip,",
        "             two Reverse, two Draw Two; four Wild and four Wild Draw Four.",
        "  R-DECK-2   Blank cards are set aside.",
        *(["  R-DECK-3   The 2018 deck: 112 cards, adding one Wild Shuffle Hands (wsh: all hands are",
            "             shuffled and dealt again from the next player) and three Wild Customizable",
            f"             (wc: {_CUSTOM_EFFECT[rules.custom_effect]}). Both score 50."]
          if rules.deck is DeckEdition.EDITION_2018 else
          ["  R-DECK-3   Not in play: the 2018 deck (112 cards, adding Wild Shuffle Hands and three",
           "             Wild Customizable) is an option."]),
        "",
        "Setup",
        "  R-SETUP-0  2 to 10 players.",
        f"  R-SETUP-1  Dealer: {dealer}; the deal then passes to the left each hand.",
        f"  R-SETUP-2  Each player is dealt {counted(rules.hand_size, 'card')}, one at a time, from the dealer's left.",
        "  R-SETUP-3  The rest is the draw pile; its top card starts the discard pile.",
        *_start_card_lines(rules.start_wild),
        "  R-SETUP-5  Otherwise the player to the dealer's left starts; play goes left.",
        "",
        "A turn",
        "  R-TURN-1   Play one card matching the top card by colour, number or symbol, or a wild.",
        "  R-TURN-2   Or draw one card, even when you could play.",
        "  R-TURN-3   A playable drawn card may be played at once (only that card), or kept.",
        "  R-TURN-4   A wild names the next colour, any of the four.",
        "  R-TURN-5   An empty draw pile is refilled by shuffling the discards under the top card.",
        "  R-TURN-6   If everyone passes in turn with nothing to play or draw, the hand ends",
        "             with no winner.",
        "",
        "Action cards",
        "  R-ACT-1    Skip: the next player loses the turn.",
        "  R-ACT-2    Reverse: the direction of play changes.",
        "  R-ACT-3    Draw Two: the next player draws two and loses the turn"
        + (" (or stacks: R-HOUSE-1)." if rules.stacking else " (no stacking)."),
        "  R-ACT-4    Two players: Reverse works as Skip; after Skip, Draw Two or Wild Draw Four",
        "             the same player plays again.",
        "",
        "Wild Draw Four",
        "  R-WD4-1    Legal only when you hold no card of the current colour.",
        "  R-WD4-2    No bluffing: only when legal, and no challenges (R-HOUSE-8)." if rules.no_bluff
        else "  R-WD4-2    You may bluff; a challenge finds out.",
        "  R-WD4-3    Only the player who must draw four may challenge; the hand is shown to them.",
        "  R-WD4-4    Bluff caught: the player who played it draws four, the challenger plays on.",
        "             Legal: the challenger draws six and loses the turn.",
        "  R-WD4-5    Not challenging: draw four and lose the turn.",
        "",
        "UNO",
        "  R-UNO-1    Say UNO as you play your second-to-last card.",
        "  R-UNO-2    Forgot? Say it late; you are safe until somebody catches you.",
        "  R-UNO-3    You can be caught from when your card lands until the next player",
        "             plays or draws.",
        f"  R-UNO-4    Caught: draw {rules.uno_penalty}.",
        "  R-UNO-5    A wrong catch is refused and costs nothing.",
        "  R-UNO-6    Going out from two cards in one turn needs no UNO.",
        "  R-UNO-7    UNO is accepted with your second-to-last card, just before it, or late.",
        "",
        "Scoring",
        "  R-SCORE-1  The hand ends when a player plays their last card; a last Draw Two or",
        "             Wild Draw Four is still drawn by the next player, and can't be challenged.",
        "  R-SCORE-2  Numbers score their number; Skip, Reverse, Draw Two 20; wilds 50.",
        f"  R-SCORE-3  {scoring}" if rules.scoring is Scoring.STANDARD else "  R-SCORE-3  (replaced by R-SCORE-5)",
        f"  R-SCORE-4  Totals carry over; the match ends at {counted(rules.target, 'point')}.",
    ]
    if rules.scoring is Scoring.PENALTY:
        lines.append(f"  R-SCORE-5  {scoring}")
    else:
        lines += ["  R-SCORE-5  Not in play: penalty scoring (everyone adds the value of their own cards;",
                  "             the lowest total wins) is an option."]
    lines += ["", *describe_house_rules(rules)]
    return "\n".join(lines)


NO_RULE_HINT = "Try a rule ID like R-UNO-4, or a word like challenge, skip, score."
"""What to look for when a topic finds no rule."""


def rules_about(rules: RuleSet, topic: str) -> list[str]:
    """Every rule of `rules` whose text mentions `topic` (a rule ID, a word), each whole
    (with the lines it wraps onto), as `describe_rules` lays them out, in rulebook order;
    none when nothing does."""
    word = topic.strip().lower()
    found: list[str] = []
    for rule in _rules(describe_rules(rules)):
        if any(word in line.lower() for line in rule):
            found += rule
    return found


def _rules(text: str) -> list[list[str]]:
    """`describe_rules`'s rules, each its line with the rule ID and the lines under it."""
    rules: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("  R-"):
            rules.append([line])
        elif line.startswith("             ") and rules:
            rules[-1].append(line)
    return rules


def print_rules(args: argparse.Namespace) -> int:
    """`unotui rules [PRESET | TOPIC]`: the rules of a preset, or those about a topic."""
    name, topic = args.preset_option or "standard", None
    if args.preset in PRESETS and args.preset_option not in (None, args.preset):
        print(f"unotui rules: two presets, {args.preset} and --preset {args.preset_option}: name one", file=sys.stderr)
        return 2
    if args.preset is not None:
        if args.preset in PRESETS:
            name = args.preset
        else:
            topic = args.preset
    try:
        rules = preset(name)
    except ValueError as error:
        print(f"unotui rules: {error}", file=sys.stderr)
        return 2
    if topic is None:
        print(_fit(describe_rules(rules, name)))
        print(f"\nPresets: {', '.join(PRESETS)}")
        return 0
    found = rules_about(rules, topic)
    if not found:
        print(f"unotui rules: no preset or rule mentions {topic!r}. {NO_RULE_HINT} Presets: {', '.join(PRESETS)}.",
              file=sys.stderr)
        return 2
    print(_fit("\n".join(found)))
    return 0


PIPED_WIDTH = 80
"""The width `unotui rules` wraps to when its output is not a terminal."""

WIDEST = 100
"""The widest lines `unotui rules` prints, however wide the terminal: longer ones read badly."""


def _fit(text: str) -> str:
    """`describe_rules`'s lines wrapped again to the terminal's width, each rule's text
    under its own column: some rules run longer than a line, and a terminal's own wrapping
    would carry them back to the left margin, under the rule IDs."""
    width = min(shutil.get_terminal_size().columns, WIDEST) if sys.stdout.isatty() else PIPED_WIDTH
    return "\n".join(wrap_hanging(line, width) for line in join_continuations(text))
