"""The setup screen's text fields: `NumberInput`, for the seed."""

from __future__ import annotations

from textual.widgets import Input

from .setup_choice import takes_digits

__all__ = ["NumberInput"]


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
