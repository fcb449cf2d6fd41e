"""Decisions as dialogs: name a colour, play or keep a drawn card, challenge or accept, see a revealed hand.

Each is a `Dialog` that ends in `dismiss(answer)`, once; every choice has a key and a button.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from unotui.engine import COLORS, Card, Color
from unotui.record.narrate import counted

from ..faces import COLOR_SYMBOL, card_label, card_name, sort_cards
from ..widgets.card import CardFace
from .base import ChoiceDialog, Dialog, LineDialog

__all__ = ["ChallengeDialog", "ColorDialog", "ConfirmDialog", "DrawnCardDialog", "HintedDialog", "RevealDialog",
           "SaveAsDialog"]

AnswerT = TypeVar("AnswerT")


class HintedDialog(ChoiceDialog[AnswerT]):
    """A decision dialog that can tell, on `h`, what the `strong` bot would do in your place
    (`hint`, the table's own `hint` command for the same decision)."""

    BINDINGS = [Binding("h", "hint", "Hint")]

    def __init__(self, hint: Callable[[], str] | None = None) -> None:
        super().__init__()
        self.hint = hint

    def hint_line(self) -> ComposeResult:
        """Where the hint is shown (until it is asked for, how to ask); nothing without one."""
        if self.hint is not None:
            yield Static("h: a hint, what the strong bot would do in your place", id="hint", classes="dialog-hint",
                         markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.hint is not None if action == "hint" else True

    def action_hint(self) -> None:
        assert self.hint is not None
        line = self.query_one("#hint", Static)
        line.update(self.hint())
        # On a short screen the dialog scrolls: the hint, at its foot, must be in view.
        self.call_after_refresh(line.scroll_visible, animate=False)


class ColorDialog(ChoiceDialog[Color | None]):
    """Name a colour: four keys and buttons, each showing how many of that colour you hold."""

    BINDINGS = [
        Binding("r", "pick('red')", "Red"),
        Binding("y", "pick('yellow')", "Yellow"),
        Binding("g", "pick('green')", "Green"),
        Binding("b", "pick('blue')", "Blue"),
        Binding("escape", "cancel", "Cancel"),
    ]
    """One key per colour; Escape takes the card back."""

    def __init__(self, hand: Sequence[Card], card: Card | None = None) -> None:
        super().__init__()
        self.hand = tuple(hand)
        self.card = card
        """The wild being played; None for a Wild start card."""

    def compose(self) -> ComposeResult:
        held = Counter(card.color for card in self.hand if card.color is not None)
        what = f"Playing a {card_name(self.card)}." if self.card is not None else "The start card is a Wild."
        with Vertical(classes="dialog"):
            yield Label(f"{what} Name the colour:", classes="dialog-title")
            # Two by two: four buttons in a row don't fit a dialog on an 80-column screen.
            with Grid(classes="color-grid"):
                for color in COLORS:
                    count = held[color]
                    label = f"{COLOR_SYMBOL[color]} {color.value.capitalize()} ({color.letter}) · {count} held"
                    yield Button(label, id=f"color-{color.value}", classes=f"color-button -{color.value}")
            # A start card can't be taken back: it is the first player's to name (R-SETUP-4).
            hint = "Escape: take the card back" if self.card is not None else "The first player names it before playing (R-SETUP-4)."
            yield Static(hint, classes="dialog-hint")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None
        self.dismiss(Color(event.button.id.removeprefix("color-")))

    def action_pick(self, color: str) -> None:
        self.dismiss(Color(color))

    def action_cancel(self) -> None:
        self.dismiss(None)


class DrawnCardDialog(HintedDialog[str]):
    """You drew a playable card: play it now, or keep it and end the turn; under force play
    (R-HOUSE-5) it must be played, and Play is the one answer offered. When playing it leaves
    you one card, UNO can go with the play (R-UNO-7). Ends in "play", "uno" (play it and say
    UNO) or "keep"."""

    BINDINGS = [
        Binding("p,enter", "answer('play')", "Play it"),
        Binding("u", "answer('uno')", "Play it, UNO"),
        Binding("k,escape", "answer('keep')", "Keep it"),
    ]
    """Play (saying UNO with it), or keep."""

    def __init__(self, card: Card, must_play: bool = False, last_but_one: bool = False,
                 hint: Callable[[], str] | None = None) -> None:
        super().__init__(hint)
        self.card = card
        self.must_play = must_play
        self.last_but_one = last_but_one
        """Playing it would leave you one card: `u` plays it and says UNO, as it does before a
        play at the table. Without it a player who drew to a single card could not say UNO."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"You drew a {card_name(self.card)}, and it plays.", classes="dialog-title")
            with Horizontal(classes="dialog-card"):
                yield CardFace(self.card, classes="-playable")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play it (p)", id="play", variant="primary")
                if self.last_but_one:
                    yield Button("Play, UNO (u)", id="uno")
                if not self.must_play:
                    yield Button("Keep it (k)", id="keep")
            hint = ("Under force play it must be played (R-HOUSE-5)." if self.must_play
                    else "Keeping it (k or Escape) ends your turn.")
            yield Static(hint, classes="dialog-hint")
            yield from self.hint_line()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return super().check_action(action, parameters)
        if parameters == ("uno",):
            return self.last_but_one
        return not (self.must_play and parameters == ("keep",))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None
        self.dismiss(event.button.id)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class ChallengeDialog(HintedDialog[str]):
    """Challenge or accept a Wild Draw Four, with what each costs; under stacking, also
    play your own on it (R-HOUSE-1). Ends in "challenge", "accept", "stack", or
    "stack uno" when stacking leaves one card and UNO is said with it."""

    BINDINGS = [
        Binding("c", "answer('challenge')", "Challenge"),
        Binding("a,escape", "answer('accept')", "Accept"),
        Binding("s", "answer('stack')", "Stack"),
        Binding("u", "answer('stack uno')", "Stack, UNO"),
        Binding("x", "answer('catch')", "Catch"),
    ]
    """Challenge, accept, or stack (saying UNO with it); first, catch a player who forgot UNO."""

    def __init__(self, by: str, color: Color | None, named: Color | None, total: int = 4, stack_to: str | None = None,
                 last_but_one: bool = False, hint: Callable[[], str] | None = None,
                 catchable: str | None = None) -> None:
        super().__init__(hint)
        self.by = by
        """Who played the Wild Draw Four."""
        self.color = color
        """The colour in play before it: what a challenge looks for."""
        self.named = named
        """The colour it named: the one in play after it."""
        self.total = total
        """The cards at stake: 4, or a stacked total."""
        self.stack_to = stack_to
        """Who faces the stack if you play your Wild Draw Four on it; None when you can't."""
        self.last_but_one = last_but_one
        """Stacking would leave you one card: `u` stacks and says UNO, as it does before a play."""
        self.catchable = catchable
        """Who may be caught for not saying UNO (R-UNO-3): any answer closes the chance. The
        dialog then ends in "catch", and comes back once the catch is made."""

    def compose(self) -> ComposeResult:
        colour = f"a {self.color.value} {COLOR_SYMBOL[self.color]} card" if self.color is not None else "a card of the colour in play before it"
        by, total = self.by, self.total
        stacked = f": {total} cards are stacked" if total > 4 else ""
        names = f" and names {self.named.value} {COLOR_SYMBOL[self.named]}" if self.named is not None else ""
        with Vertical(classes="dialog"):
            yield Label(f"{by} plays a Wild Draw Four on you{names}{stacked}.", classes="dialog-title", markup=False)
            yield Static(f"Challenge (c): if {by} was holding {colour}, {by} draws {total} and you play on; "
                         f"if not, you draw {total + 2} and lose your turn.", classes="dialog-text", markup=False)
            yield Static(f"Accept (a or Escape): you draw {total} and lose your turn.", classes="dialog-text")
            if self.stack_to is not None:
                uno = " With u, say UNO as you play it." if self.last_but_one else ""
                yield Static(f"Stack (s): play your Wild Draw Four on it and name a colour; {self.stack_to} "
                             f"then faces {total + 4}.{uno}", classes="dialog-text", markup=False)
            if self.catchable is not None:
                yield Static(f"Catch (x): {self.catchable} forgot UNO; answering ends the chance.",
                             classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Challenge (c)", id="challenge", variant="warning")
                yield Button("Accept (a)", id="accept")
                if self.stack_to is not None:
                    yield Button("Stack (s)", id="stack")
                    if self.last_but_one:
                        yield Button("Stack, UNO (u)", id="stack-uno")
                # Five buttons would not fit the dialog's width: then `x` alone catches.
                if self.catchable is not None and not (self.stack_to is not None and self.last_but_one):
                    yield Button("Catch (x)", id="catch")
            yield from self.hint_line()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return super().check_action(action, parameters)
        if parameters == ("stack uno",):
            return self.stack_to is not None and self.last_but_one
        if parameters == ("catch",):
            return self.catchable is not None
        return self.stack_to is not None or parameters != ("stack",)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id).replace("-", " "))

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class RevealDialog(Dialog[None]):
    """The hand a challenge revealed, every card of it a face, and what came of it.

    The cards of the colour the challenge looked for (the colour in play before the Wild
    Draw Four) are lit and the rest dimmed, as a hand shows what plays: those are the cards
    that made it a bluff. A hand too long for two rows of full faces is shown in compact
    faces, the notation alone, so that twenty cards still fit an 80x24 screen.
    """

    BINDINGS = [Binding("enter,escape,space", "close", "OK")]
    """Any of these closes it."""

    FULL_FACES = 14
    """The most cards shown as full faces: two rows of seven fill the dialog's 64 columns."""

    def __init__(self, title: str, whose: str, cards: Sequence[Card], looked_for: Color | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.whose = whose
        """Whose hand it is, e.g. "Ada's hand"."""
        self.cards = tuple(sort_cards(cards))
        """By colour, as a hand is shown: whether a colour was held is what a challenge asks."""
        self.looked_for = looked_for
        """The colour in play before the Wild Draw Four; None when unknown (a match started
        from a position at the challenge)."""

    @property
    def bluff_cards(self) -> tuple[Card, ...]:
        """The cards of the colour the challenge looked for: the proof of a bluff."""
        return tuple(card for card in self.cards if self.looked_for is not None and card.color is self.looked_for)

    def compose(self) -> ComposeResult:
        compact = len(self.cards) > self.FULL_FACES
        proof = set(self.bluff_cards)
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self._told(), classes="dialog-text", markup=False)
            with Grid(classes="reveal-faces -compact" if compact else "reveal-faces"):
                for card in self.cards:
                    lit = "" if self.looked_for is None else "-playable" if card in proof else "-dim"
                    yield CardFace(card, classes=lit, compact=compact)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK (Enter)", id="ok", variant="primary")

    def _told(self) -> str:
        """The hand's size, and what it held of the colour looked for."""
        told = f"{self.whose}, {counted(len(self.cards), 'card')}."
        color = self.looked_for
        if color is None:
            return told
        before = f"{color.value.capitalize()} {COLOR_SYMBOL[color]} was in play before the Wild Draw Four"
        proof = self.bluff_cards
        if not proof:
            return f"{told} {before}, and not one card here is {color.value}: it was played fairly."
        return f"{told} {before}: {' '.join(card_label(card) for card in proof)}, lit, made it a bluff."

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ChoiceDialog[bool]):
    """A yes-or-no question."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]
    """Yes or no."""

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", *, enter_says_no: bool = False) -> None:
        """
        Args:
            enter_says_no: Enter answers no (its button has the focus first): for a
                question a reflex key may bring up, where Enter was the key just taught.
        """
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no
        self.enter_says_no = enter_says_no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="primary")
                yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        if self.enter_says_no:
            self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SaveAsDialog(LineDialog[str | None]):
    """Save the game under a name."""

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Save the game as:", classes="dialog-title")
            yield Input(value=self.suggestion, id="save-name")
            yield Static("Enter saves, Escape cancels. The game is also saved as you play.", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        self.dismiss(name or None)
