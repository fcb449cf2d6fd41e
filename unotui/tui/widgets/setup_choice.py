"""`ChoiceRow`: one setting of the setup screen, a label and a value stepped with ←/→ or a click.

A row shows its label, the value between arrows, an optional tag on the right (a rule ID)
and a one-line summary under it. Rows for whole numbers also take typed digits, so a
value outside the offered steps (a target of 250) is one key press away; a digit that would
make no number in range is refused, so what the row shows is what it holds.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TypeGuard

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

__all__ = ["Choice", "ChoiceRow", "is_whole_number", "takes_digits"]

Choice = tuple[str, object]
"""What a row offers: the text shown and the value it stands for."""

LABEL_WIDTH = 20
"""Columns for the label; the value's left arrow sits right after it."""
SUMMARY_INDENT = 2
"""Columns the summary lines are indented under the label."""
CHANGED = "  changed"
"""After the value of a setting changed from its preset."""


def takes_digits(digits: str, low: int, high: int) -> bool:
    """Whether a number field may hold `digits`: a number from `low` to `high`, or one on
    its way there (1, at a low of 2, becomes 10), written without a leading zero.

    >>> [takes_digits(digits, 1, 1_000_000) for digits in ("250000", "2500000", "0", "007")]
    [True, False, False, False]
    >>> [takes_digits(digits, 2, 10) for digits in ("1", "10", "11")], takes_digits("0", 0, 10)
    ([True, True, False], True)
    """
    if not digits.isdigit() or digits != str(int(digits)):
        return False
    number, span = int(digits), 1
    if number == 0:
        return low == 0  # a 0 can only ever be a leading one
    # Each digit more widens the numbers `digits` can still become tenfold.
    while number <= high:
        if number + span - 1 >= low:
            return True
        number, span = number * 10, span * 10
    return False


def is_whole_number(value: object) -> TypeGuard[int]:
    """A count or a number of points: an int, but not a bool (which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


class ChoiceRow(Widget, can_focus=True):
    """A setting stepped through its choices; posts `ChoiceRow.Changed` on every change."""

    COMPONENT_CLASSES = {"choice-row--label", "choice-row--arrow", "choice-row--value", "choice-row--tag",
                         "choice-row--summary", "choice-row--changed"}
    """The parts of a row, styled from CSS like any widget."""

    DEFAULT_CSS = """
    ChoiceRow { height: auto; width: 1fr; padding: 0 1; }
    ChoiceRow:focus { background: $boost; }
    ChoiceRow > .choice-row--label { color: $text-muted; }
    ChoiceRow:focus > .choice-row--label { color: $text; text-style: bold; }
    ChoiceRow > .choice-row--arrow { color: $text-muted; }
    ChoiceRow:focus > .choice-row--arrow { color: $accent; text-style: bold; }
    ChoiceRow > .choice-row--value { text-style: bold; }
    ChoiceRow:focus > .choice-row--value { background: $accent 40%; }
    ChoiceRow.-changed > .choice-row--value { color: $warning; }
    ChoiceRow > .choice-row--changed { color: $warning; }
    ChoiceRow.-invalid > .choice-row--value { background: $error 60%; }
    ChoiceRow > .choice-row--tag { color: $text-muted; }
    ChoiceRow > .choice-row--summary { color: $text-muted; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Change", show=False),
        Binding("right,space,enter", "step(1)", "Change", key_display="←→"),
        Binding("backspace", "erase", "Erase digit", show=False),
    ]
    """←/→ (or Space, Enter) step through the choices; digits type a number where one fits."""

    class Changed(Message):
        """The person changed the row (stepped it, or typed a digit: a number, or one on its
        way to one, which leaves the value as it was); `set_value` posts nothing."""

        def __init__(self, row: ChoiceRow, value: object) -> None:
            super().__init__()
            self.row = row
            self.value = value

        @property
        def control(self) -> ChoiceRow:
            return self.row

    def __init__(
        self,
        label: str,
        choices: Sequence[Choice],
        value: object,
        *,
        summary: str = "",
        tag: str = "",
        bounds: tuple[int, int] | None = None,
        show: Callable[[object], str] = str,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """
        Args:
            label: the setting's name.
            choices: what ←/→ step through, in order.
            value: the value shown first; a whole number outside `choices` is kept as typed.
            summary: one line under the row.
            tag: shown at the right end, e.g. a rule ID.
            bounds: lowest and highest whole number that may be typed; None takes no digits.
            show: how a typed value (one not among `choices`) is written.
        """
        super().__init__(id=id, classes=classes)
        self.label = label
        self.choices: list[Choice] = list(choices)
        self.summary = summary
        self.tag = tag
        self.bounds = bounds
        """The whole numbers digits may give; None when the row takes no digits."""
        self.show = show
        self.typed = ""
        """Digits typed since the row was last stepped or focused."""
        self._value: object = value
        self._untyped: object = value
        """The value before the digits in `typed`: erasing them all gives it back."""
        self._override: str | None = None
        self._refusal: str | None = None
        """Why the value shown can't be used, as the screen judged it (`set_problem`)."""
        self.index = self._index_of(value)
        """Which choice is shown; -1 for a typed number that is not among them."""

    def _index_of(self, value: object) -> int:
        for index, (_, choice) in enumerate(self.choices):
            if choice == value and type(choice) is type(value):
                return index
        return -1

    # ------------------------------------------------------------------ drawing

    def _summary_lines(self, width: int) -> list[str]:
        if not self.summary:
            return []
        return textwrap.wrap(self.summary, max(10, width - SUMMARY_INDENT)) or [""]

    def _value_lines(self, width: int) -> list[str]:
        """The value between its arrows, wrapped to the room right of the label: a preset
        row naming several changed rules takes more than one line."""
        # The arrows and a space inside each, and the mark of a changed value after them.
        room = max(10, width - LABEL_WIDTH - 4 - (len(CHANGED) if self.has_class("-changed") else 0))
        return [f" {line} " for line in Content(self._text()).wrap(room)] or ["  "]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._value_lines(width)) + len(self._summary_lines(width))

    def render(self) -> Content:
        width = self.content_size.width or LABEL_WIDTH * 3
        arrow, value = self.get_visual_style("choice-row--arrow"), self.get_visual_style("choice-row--value")
        values = self._value_lines(width)
        lines = [Content.assemble(((self.label[: LABEL_WIDTH - 1] if index == 0 else "").ljust(LABEL_WIDTH),
                                   self.get_visual_style("choice-row--label")),
                                  ("◂" if index == 0 else " ", arrow), (text, value),
                                  ("▸" if index == len(values) - 1 else "", arrow))
                 for index, text in enumerate(values)]
        if self.has_class("-changed"):
            # In words too: a colour alone is lost without colours (NO_COLOR) or on a colour-blind eye.
            # After the value's closing arrow, on its last line (the room was kept for it).
            last = len(values) - 1
            lines[last] = Content.assemble(lines[last], (CHANGED, self.get_visual_style("choice-row--changed")))
        gap = width - lines[0].cell_length - len(self.tag)
        if self.tag and gap >= 1:
            lines[0] = Content.assemble(lines[0], " " * gap, (self.tag, self.get_visual_style("choice-row--tag")))
        summary_style = self.get_visual_style("choice-row--summary")
        lines += [Content.assemble(" " * SUMMARY_INDENT, (text, summary_style)) for text in self._summary_lines(width)]
        return Content("\n").join(lines)

    # ------------------------------------------------------------------ value

    @property
    def value(self) -> object:
        """The value shown (the last valid one while typed digits are out of bounds)."""
        return self._value

    @property
    def problem(self) -> str | None:
        """Why the typed digits (or the value shown) can't be used, or None when the row holds a good value."""
        if not self.typed or self.bounds is None or not self.has_class("-invalid"):
            return self._refusal
        low, high = self.bounds
        return f"{self.label}: {self.typed} is not a whole number from {low} to {high}"

    def set_problem(self, problem: str | None) -> None:
        """Mark the value shown as one that can't be used here, saying why (None: it can),
        where the row can't tell by itself: a first dealer's seat the table no longer has."""
        self._refusal = problem
        if not self.typed:
            self.set_class(problem is not None, "-invalid")

    def _text(self) -> str:
        if self._override is not None:
            return self._override
        if self.has_class("-invalid") and self.typed:
            return self.typed
        if 0 <= self.index < len(self.choices):
            return self.choices[self.index][0]
        return self.show(self._value)

    def set_value(self, value: object) -> None:
        """Show `value` without counting it as the person's change (presets, remembered setups)."""
        self._override = None
        self.typed = ""
        self.remove_class("-invalid")
        self._value = value
        self.index = self._index_of(value)
        self._redraw()

    def set_text(self, text: str | None) -> None:
        """Write `text` in place of the value (None: the value again) until the row is stepped.

        The preset row says "party + stacking off" this way once a rule is changed.
        """
        self._override = text
        self._redraw()

    def set_summary(self, text: str) -> None:
        """Change the line under the row (the preset row says which rules are in force)."""
        self.summary = text
        self.refresh(layout=True)

    def set_choices(self, choices: Sequence[Choice], value: object) -> None:
        """Offer other choices (a seat's personalities follow its level) and show `value`."""
        self.choices = list(choices)
        self.set_value(value)

    def _redraw(self) -> None:
        self.refresh()

    def _choose(self, value: object) -> None:
        self._value = value
        self._redraw()
        self.post_message(self.Changed(self, value))

    # ------------------------------------------------------------------ input

    def action_step(self, delta: int) -> None:
        """Show the next (or previous) choice, wrapping around."""
        if not self.choices:
            return
        self.index = self._step_from_shown(delta)
        self.typed = ""
        self._override = None
        self.remove_class("-invalid")
        self._choose(self.choices[self.index][1])

    def _step_from_shown(self, delta: int) -> int:
        """The choice one step (`delta`, 1 or -1) from the one shown, wrapping around. From
        a number that is not a choice (typed, even out of range) it is the nearest choice
        above or below it: the choice shown before the digits is hidden, and no guide."""
        shown = int(self.typed) if self.typed else self._value
        if not is_whole_number(shown) or self.index >= 0 and not self.typed:
            start = self.index if self.index >= 0 else (0 if delta > 0 else 1)
            return (start + delta) % len(self.choices)
        numbers = [(index, choice) for index, (_, choice) in enumerate(self.choices) if is_whole_number(choice)]
        if delta > 0:
            return next((index for index, choice in numbers if choice > shown), 0)
        return next((index for index, choice in reversed(numbers) if choice < shown), len(self.choices) - 1)

    def action_erase(self) -> None:
        if self.bounds is not None and self.typed:
            self._type(self.typed[:-1])

    def on_key(self, event: events.Key) -> None:
        if self.bounds is None or event.character is None or not event.character.isdigit():
            return
        event.stop()
        event.prevent_default()
        if not takes_digits(self.typed + event.character, *self.bounds):
            self.app.bell()  # as a text field refuses a character
            return
        if not self.typed:
            self._untyped = self._value
        self._type(self.typed + event.character)

    def _type(self, digits: str) -> None:
        """Show `digits`, which `takes_digits`, or with none the value from before them."""
        assert self.bounds is not None
        low, high = self.bounds
        self.typed = digits
        if not digits or low <= int(digits) <= high:
            self.remove_class("-invalid")
            value = int(digits) if digits else self._untyped
            self.index = self._index_of(value)
            self._choose(value)
        else:
            self.add_class("-invalid")
            self._redraw()
            self.post_message(self.Changed(self, self._value))

    def on_blur(self) -> None:
        if self.has_class("-invalid"):
            return  # keep the bad digits on show until they are fixed
        self.typed = ""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
            return
        if offset.x == LABEL_WIDTH:
            self.action_step(-1)
        elif LABEL_WIDTH < offset.x <= LABEL_WIDTH + len(self._text()) + 3:
            self.action_step(1)
