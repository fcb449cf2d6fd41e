"""The setup screen's text fields: `NameInput` for a player's name, `NumberInput` for the seed."""

from __future__ import annotations

from textual import events
from textual.widgets import Input
from textual.widgets.input import Selection

from unotui.record.format import MAX_NAME

from .setup_choice import takes_digits

__all__ = ["NameInput", "NumberInput"]


class NameInput(Input):
    """A player's name: up to the characters a file holds, the rest refused out loud (the
    bell alone went unnoticed), and shown from its start."""

    def __init__(self, value: str = "", *, placeholder: str = "", id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(value, placeholder=placeholder, max_length=MAX_NAME, compact=True, id=id, classes=classes)
        self._told = False
        """Whether the limit was told since the name last changed: once is enough."""

    def restricted(self) -> None:
        super().restricted()
        if not self._told:
            self._told = True
            self.notify(f"A name has at most {MAX_NAME} characters: the rest was not taken.", severity="warning",
                        markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._told = False

    def on_focus(self, event: events.Focus) -> None:
        # Next, once `Input` has selected the whole name as any field does, with the cursor
        # at its end, where a long name shows only its last characters.
        self.call_next(self._show_start)

    def _show_start(self) -> None:
        """The cursor to the start of a name selected whole, which stays selected."""
        if self.selection == Selection(0, len(self.value)):
            self.selection = Selection(len(self.value), 0)


class NumberInput(Input):
    """A whole number from given bounds, or nothing: a character that would make anything
    else (a sign, a leading zero, a digit past the top) is refused, as a number row refuses it."""

    def __init__(self, value: str = "", *, bounds: tuple[int, int], placeholder: str = "", id: str | None = None,
                 compact: bool = False) -> None:
        """
        Args:
            value: the number shown first, or "".
            bounds: the lowest and highest number the field takes.
            placeholder, id, compact: as for `Input`.
        """
        super().__init__(value, placeholder=placeholder, id=id, compact=compact)
        self.bounds = bounds

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        digits = f"{value[:start]}{text}{value[end:]}"
        if digits and not takes_digits(digits, *self.bounds):
            self.restricted()
            return
        super().replace(text, start, end)
