"""The bases of the app's screens: each closes once, from the top of the stack, says how
big a terminal it needs, and a screen covered by another has a blank footer and keys that
do nothing."""

from __future__ import annotations

from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input

__all__ = ["ChoiceDialog", "ClosesOnce", "CoveredFooterScreen", "Dialog", "LineDialog", "TakesTypeAhead"]

ResultT = TypeVar("ResultT")


class ClosesOnce(Screen[ResultT]):
    """A screen that closes itself once, and only while it is on top.

    `dismiss` closes whatever screen is on top. Keys typed in a burst (fast typing, a held
    key, a paste) are handed out before the first of them is answered, so a screen can be
    answered twice (Enter twice on a list's entry) or after another has covered it: a
    second close would close the screen beneath, or find none. The first answer counts.
    A key can also reach a screen just pushed before it is mounted: that is no answer to a
    screen not yet shown, and closing it then would leave its `on_mount` to fill a screen
    already taken down (the hand summary's table).
    """

    MINIMUM_SIZE: ClassVar[Size] = Size(80, 24)
    """The least terminal this screen is drawn whole in; below it the app covers it with a
    notice (`TooSmallScreen`). 80x24 is the table's, and the app's, documented minimum."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active or not self.is_mounted:
            answered: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return answered
        return super().dismiss(result)


class Dialog(ModalScreen[ResultT], ClosesOnce[ResultT]):
    """A question or a notice over another screen, answered once.

    `ModalScreen` comes first: style sheets find a widget's type names along its first
    bases only, and `ModalScreen` is what centres a dialog over the dimmed screen beneath.
    """

    MINIMUM_SIZE = Size(0, 0)
    """A dialog fits itself to the screen, scrolling if it must: the screen it opens over
    says how big the terminal must be."""


class ChoiceDialog(Dialog[ResultT]):
    """A dialog answered with one of its buttons: the arrows move between them, as Tab does.
    Without them an arrow did nothing, and Enter then chose the first button."""

    BINDINGS = [
        Binding("up,left", "app.focus_previous", show=False),
        Binding("down,right", "app.focus_next", show=False),
    ]


class CoveredFooterScreen(ClosesOnce[ResultT]):
    """While another screen is on top (a dialog, a summary), this screen's keys wait behind
    it, so its footer would offer keys that do nothing: it is hidden until this screen is
    active again. The dialog's own keys are on its buttons.

    Keys typed in a burst are handed to the screen on top before the first of them is
    answered: those after the one that opened another screen reach this one once it is
    covered. They do nothing, as if they had come a moment later; a subclass's
    `check_action` asks this one first.
    """

    DEFAULT_CSS = "CoveredFooterScreen Footer.-covered { visibility: hidden; }"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_active

    def on_screen_suspend(self) -> None:
        self.query(Footer).add_class("-covered")

    def on_screen_resume(self) -> None:
        self.query(Footer).remove_class("-covered")


@runtime_checkable
class TakesTypeAhead(Protocol):
    """A screen with a line to type in, which takes the text typed in the burst that opened
    it before the line had the focus (`UnoApp.on_key`)."""

    def type_ahead(self, text: str) -> None: ...


class LineDialog(Dialog[ResultT]):
    """A dialog around one line to type in (an `Input`), which takes the text typed in the
    burst that opened it (`TakesTypeAhead`): into the line now, or once the line is there.
    A value the line suggests is replaced by that text, as typing over it would do.
    Escape closes it with no answer."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__()
        self._ahead = ""
        """Text typed before the line was mounted."""

    def type_ahead(self, text: str) -> None:
        lines = self.query(Input)
        if lines:
            self._type_into(lines.first(), text)
        else:
            self._ahead += text

    def on_mount(self) -> None:
        if self._ahead:
            self._type_into(self.query_one(Input), self._ahead)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @staticmethod
    def _type_into(line: Input, text: str) -> None:
        if line.select_on_focus:
            # The first text typed ahead: the suggestion goes, and the focus that comes
            # after must not select this text for the next key to replace.
            line.value = ""
            line.select_on_focus = False
        line.insert_text_at_cursor(text)
