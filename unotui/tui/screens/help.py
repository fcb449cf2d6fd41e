"""Help: the key map, the card symbols, the typed commands and a short rules summary; the
replay viewer's keys and marks; the rules in force."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from unotui.engine import RuleSet, Scoring
from unotui.rulebook import HOUSE_OPTIONS, describe_rules

from ..commands import command_rows
from ..faces import COLOR_SYMBOL, WILD_SYMBOL
from ..widgets.timeline import LEGEND
from ..widgets.wrapped import WrappedText
from .base import Dialog

__all__ = ["REPLAY_KEYS", "HelpScreen", "ReplayHelpScreen", "RulesScreen", "TextDialog", "help_text"]

KEYS = """\
Keys
  ← → 1-9 0      pick a card
  Enter / click  play it
  d              draw
  k              keep the drawn card
  u              say UNO (before or as you play your second-to-last card, or late)
  c / click      catch a player flashing ⚠ (forgot UNO)
  l              look: the table told in words
  h              a hint: what the strong bot would do in your place, in dialogs too
  t              sort by colour / rank
  s              scores, hand by hand
  : or /         type a command
  r y g b w      type a card: g3 Enter plays the green 3
  Esc            back to your hand
  ctrl+s         save as
  q              leave (the game stays saved)
  ? / F1         this help"""

REPLAY_KEYS = f"""\
Keys
  → ←            the next / previous event (passing over one that shows nothing new, as the shuffle before a deal)
  ⇧→ ⇧←          the next / previous turn
  PgDn PgUp      the next / previous hand (its first turn, dealt)
  Home End       the setup / the last event
  ↓ ↑            the next / previous line of the log (a click on a line goes there)
  n p            the next / previous marked moment
  g              go to a hand (3), a hand and turn (3.12) or an event (#400)
  space          play / pause
  + -            faster / slower
  v              the perspective: all hands (the audit view), then each seat's view
  b              branch: play on from here against bots
  a              analysis: what the strong bot would do at this move
  Esc            dismiss a notice or the analysis (the replay stays open)
  q              close the replay
  ? / F1         this help

The log
  The current line is in bold once the table shows all it tells, and in italics while \
→\N{NO-BREAK SPACE}← step through its events; lines not reached yet are dimmed.

Marks on the timeline (a click on the bar goes there)
  {LEGEND}
  The same mark stands in the log's margin, before the line that tells the moment, and \
on the line under the log, which says what happened there."""
"""The replay viewer's help: every key, where its footer has room for the first few only.
A paragraph is written as one line (its breaks escaped), for the help to wrap it to any
width; `→ ←` is joined by a no-break space, to stay on one line."""

MULTI_PLAY_KEYS = (
    "  space / shift+click  mark more cards of the same number (multi-play); Enter or a click plays"
    " the card picked and the marked ones, in the order the hand's title shows; u with them says UNO"
    " with that play when it leaves one card"
)
"""Keys told only at a table that plays multi-play (R-HOUSE-6)."""

JUMP_IN = ", out of turn too when it is identical to the top card: a jump-in"
"""Added to Enter's row at a table that plays jump-in (R-HOUSE-3)."""


def help_text(rules: RuleSet) -> str:
    """Everything the help screen says."""
    symbols = "  ".join(f"{color.letter} {symbol} {color.value}" for color, symbol in COLOR_SYMBOL.items())
    cards = (
        "Cards\n"
        f"  {symbols}  w {WILD_SYMBOL} wild\n"
        "  r7 = red 7, gs = green Skip, br = blue Reverse, y+2 = yellow Draw Two, w = Wild, w+4 = Wild Draw Four\n"
        "  Playable cards are filled with their colour; the others are drawn in outline."
    )
    commands = "\n".join(["Typed commands (a card alone plays it)", *command_rows(rules.multi_play)])
    ending = (f" and scores what the others hold; first to {rules.target} wins the match"
              if rules.scoring is Scoring.STANDARD else
              f"; the others each add what they hold to their own total, and once someone reaches {rules.target}"
              " the lowest total wins the match")
    summary = (
        "The rules in short\n"
        "  Match the top card by colour, number or symbol, or play a wild. Or draw one; if it plays,"
        " you may play it at once. Skip, Reverse and Draw Two do what they say. A Wild Draw Four is"
        " only legal without a card of the current colour: the next player may challenge it."
        f" Say UNO with your second-to-last card, or be caught and draw {rules.uno_penalty}. Out of cards wins"
        f" the hand{ending}. `rules` lists every rule in force with its ID."
    )
    house = [f"  {option.label}: {option.summary} ({option.rule})"
             for option in HOUSE_OPTIONS if getattr(rules, option.name)]
    # A house rule's keys are told with the keys that play a card.
    keys = KEYS.splitlines()
    play = next(index for index, line in enumerate(keys) if line.startswith("  Enter / click"))
    if rules.jump_in:
        keys[play] += JUMP_IN
    if rules.multi_play:
        keys.insert(play + 1, MULTI_PLAY_KEYS)
    sections = ["\n".join(keys), cards, commands, summary]
    if house:
        sections.append("\n".join(["House rules at this table", *house]))
    return "\n\n".join(sections)


CLOSE_HINT = "↑↓ scroll · Escape closes"
"""On the dialog's lower border, where it stays in sight however far the text is scrolled."""


class TextDialog(Dialog[None]):
    """A page of text over the screen, scrolled with the arrows, closed with Escape."""

    BINDINGS = [Binding("escape,q,enter", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide") as box:
            box.border_subtitle = CLOSE_HINT
            yield WrappedText(self.text, classes="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(TextDialog):
    """`?` at the table: keys, symbols, commands and rules."""

    BINDINGS = [Binding("question_mark,f1", "close", "Close")]
    """The key that opened it closes it too."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(help_text(rules))


class ReplayHelpScreen(TextDialog):
    """`?` in the replay viewer: its keys and the timeline's marks."""

    BINDINGS = [Binding("question_mark,f1", "close", "Close")]
    """The key that opened it closes it too."""

    def __init__(self) -> None:
        super().__init__(REPLAY_KEYS)


class RulesScreen(TextDialog):
    """The rules in force, each with its rule ID."""

    def __init__(self, rules: RuleSet, name: str | None = None) -> None:
        super().__init__(describe_rules(rules, name))
