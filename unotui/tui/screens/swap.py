"""The seven-o swap: whom to swap hands with, when a 7 (or a swap-hands Wild Customizable) is played.

Rule: R-HOUSE-2, R-DECK-3.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from unotui.engine import Card
from unotui.record.narrate import counted

from ..faces import card_name
from .base import ChoiceDialog

__all__ = ["SwapDialog"]


_FULL_BUTTONS = 3
"""The most players offered with full-height buttons."""


class SwapDialog(ChoiceDialog[int | None]):
    """Pick the player to swap hands with: one button (and digit key) per other seat, with their card count."""

    BINDINGS = [
        *(Binding(str(digit), f"pick({digit})", show=False) for digit in range(1, 10)),
        Binding("escape", "cancel", "Cancel"),
    ]
    """1-9 pick the seats in the order shown; Escape takes the card back."""

    def __init__(self, card: Card, names: Sequence[str], hand_sizes: Sequence[int], seat: int) -> None:
        """
        Args:
            card: the card being played.
            names: every seat's name.
            hand_sizes: every seat's number of cards.
            seat: the seat playing (not offered).
        """
        super().__init__()
        self.card = card
        self.others = [other for other in range(len(names)) if other != seat]
        """The seats that may be chosen, in the order shown."""
        self.names = tuple(names)
        self.hand_sizes = tuple(hand_sizes)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"You play a {card_name(self.card)}. Swap hands with:", classes="dialog-title")
            # Past three, buttons of one line each, so that nine others fit an 80x24 screen.
            compact = len(self.others) > _FULL_BUTTONS
            for number, other in enumerate(self.others, start=1):
                label = f"{number}. {self.names[other]} · {counted(self.hand_sizes[other], 'card')}"
                yield Button(Content(label), id=f"swap-{other}", classes="swap-button", compact=compact)
            yield Static("Escape: take the card back", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None
        self.dismiss(int(event.button.id.removeprefix("swap-")))

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.others):
            self.dismiss(self.others[number - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)
