"""`UnoApp` and the `play`, `load` and `resume` entry points."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

import msgspec
from textual.app import App
from textual.binding import Binding
from textual.events import Event, Key, Resize
from textual.geometry import Size
from textual.screen import Screen, ScreenResultCallbackType, ScreenResultType
from textual.widget import AwaitMount

from .launch import LaunchError, SPEEDS, load_session, parse_speed, quick_session, resume_session, saves_folder
from .remembered import PREFERENCES, Preferences, recall, remember
from .screens.base import TakesTypeAhead
from .screens.too_small import TooSmallScreen, is_too_small, needed_size
from .session import Session
from .widgets.hand import HandView

__all__ = ["UnoApp", "run_load", "run_play", "run_resume"]


class UnoApp(App[None]):
    """UNO in the terminal: the title screen, or straight to a table."""

    CSS_PATH = "unotui.tcss"
    TITLE = "unotui"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit now", show=False, priority=True)]

    KEY_HOLD = 0.4
    """Seconds keys are let go by as the keyboard passes at a hot-seat table (`hold_keys`)."""
    """Ctrl+Q leaves at once, from any screen or dialog (a priority key): the game is journaled already."""
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Screens under 32 lines get `-short`: the table draws its top card smaller."""

    def __init__(self, save_dir: Path | None = None, speed: float = SPEEDS["normal"], session: Session | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir
        """The saves folder; None plays without saving."""
        self.speed = speed
        """Seconds a bot takes to act."""
        self.session = session
        """A match to open at once instead of the title screen."""
        self._keys_held_until = 0.0
        self.preferences = recall(save_dir, PREFERENCES, Preferences) or Preferences()
        """How the player likes the game to look, kept in the saves folder."""
        if self.preferences.theme in self.available_themes:
            self.theme = self.preferences.theme

    def on_load(self) -> None:
        # Here, not in `on_mount`, which `ReplayApp` replaces.
        self.screen_change_signal.subscribe(self, self._screen_changed)

    def on_mount(self) -> None:
        # Straight to the table when a match is given: the title screen (which reads the
        # saves folder) is made only if the player goes back to it.
        if self.session is not None:
            from .screens.table import TableScreen

            self.push_screen(TableScreen(self.session, self.speed))
        else:
            from .screens.title import TitleScreen

            self.push_screen(TitleScreen())

    def watch_theme(self, theme: str) -> None:
        self._prefer(theme=theme)

    def on_hand_view_sorted(self, event: HandView.Sorted) -> None:
        self._prefer(hand_by_rank=not event.by_color)

    def _prefer(self, **changes: object) -> None:
        """Change the preferences and remember them, if anything changed."""
        preferences = msgspec.structs.replace(self.preferences, **changes)
        if preferences != self.preferences:
            self.preferences = preferences
            remember(self.save_dir, PREFERENCES, preferences)

    def hold_keys(self) -> None:
        """Let keys go by for `KEY_HOLD` seconds, ctrl+q apart: as the keyboard passes at a
        hot-seat table, an Enter pressed twice by one player, or held, played a card from
        the next player's hand before they had seen it, or showed it to the one leaving."""
        self._keys_held_until = time.monotonic() + self.KEY_HOLD

    async def on_event(self, event: Event) -> None:
        if isinstance(event, Key) and event.key != "ctrl+q" and time.monotonic() < self._keys_held_until:
            event.stop()
            return
        await super().on_event(event)

    def on_key(self, event: Key) -> None:
        """A printable key that reaches the app untaken was typed in the burst that opened
        the screen on top, before its line had the focus (the screen beneath got it, and
        the screen on top has no binding for it): that screen's line takes it, if it has one."""
        screen = self.screen
        if event.is_printable and event.character and isinstance(screen, TakesTypeAhead):
            screen.type_ahead(event.character)

    # ------------------------------------------------------------------ a terminal too small

    def on_resize(self, event: Resize) -> None:
        self.fit_to_terminal(event.size)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        # Another screen may need a bigger terminal than the last (the table after the title).
        self.fit_to_terminal()

    def fit_to_terminal(self, size: Size | None = None) -> None:
        """Cover the screens with `TooSmallScreen` while the terminal (`size`, or the app's
        now) is smaller than they need, and uncover them once it is not."""
        stack = self.screen_stack
        if not stack:
            return
        size = self.size if size is None else size
        top = stack[-1]
        needed = needed_size(stack)
        if not is_too_small(size, needed):
            if isinstance(top, TooSmallScreen):
                self.pop_screen()
        elif isinstance(top, TooSmallScreen):
            top.tell(needed, size)
        else:
            # A notification would lie over the notice, as cut short as the screen beneath
            # (what it said stays in the log).
            self.clear_notifications()
            self.push_screen(TooSmallScreen(needed, size))

    if TYPE_CHECKING:

        @overload
        def push_screen(
            self,
            screen: Screen[ScreenResultType] | str,
            callback: ScreenResultCallbackType[ScreenResultType] | None = None,
            wait_for_dismiss: Literal[False] = False,
            *,
            mode: str | None = None,
        ) -> AwaitMount: ...

        @overload
        def push_screen(
            self,
            screen: Screen[ScreenResultType] | str,
            callback: ScreenResultCallbackType[ScreenResultType] | None = None,
            wait_for_dismiss: Literal[True] = True,
            *,
            mode: str | None = None,
        ) -> asyncio.Future[ScreenResultType]: ...

    def push_screen(
        self,
        screen: Screen[ScreenResultType] | str,
        callback: ScreenResultCallbackType[ScreenResultType] | None = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> AwaitMount | asyncio.Future[ScreenResultType]:
        """Push `screen`; while the notice that the terminal is too small is up, beneath it.

        A screen can open another with no key pressed, as it mounts (a hot-seat table
        hides itself behind the privacy screen, a resumed table asks for a colour, the
        replay viewer opens its file picker): over the notice it would be drawn cut short
        and take keys. So the notice comes off, the screen goes on, and the notice on top again.
        """
        stack = self.screen_stack
        if isinstance(screen, TooSmallScreen) or not stack or not isinstance(stack[-1], TooSmallScreen):
            return super().push_screen(screen, callback, wait_for_dismiss, mode=mode)  # type: ignore[call-overload, no-any-return]
        self.pop_screen()
        pushed = super().push_screen(screen, callback, wait_for_dismiss, mode=mode)  # type: ignore[call-overload]
        self.fit_to_terminal()
        return pushed  # type: ignore[no-any-return]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Under the notice that the terminal is too small, ctrl+q quits and nothing else
        acts: the command palette (ctrl+p, a priority key too) would open over it."""
        return action == "quit" or not isinstance(self.screen, TooSmallScreen)

    def open_table(self, session: Session, *, from_replay: bool = False) -> None:
        """Sit down at a match, over the title screen, or `from_replay` over the replay
        viewer it branched from, where leaving it goes back."""
        from .screens.table import TableScreen

        self.session = session
        self.push_screen(TableScreen(session, self.speed, from_replay=from_replay))

    def switch_to_title(self, then: str | None = None) -> None:
        """Back to the title screen; `then` "new" goes on to the setup of a new match like the
        one just played."""
        from .screens.title import TitleScreen

        while len(self.screen_stack) > 2:
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_saves()
            title = self.screen
        else:
            title = TitleScreen()
            self.switch_screen(title)
        if then == "new":
            title.action_new_game(self.session)


def _run(args: argparse.Namespace, start: str) -> int:
    save_dir, speed = None, SPEEDS["normal"]
    try:
        speed = parse_speed(getattr(args, "speed", None))
        save_dir = None if getattr(args, "no_save", False) else saves_folder(args)
        session = {
            "play": quick_session, "load": load_session, "resume": resume_session,
        }[start](args, save_dir)
    except LaunchError as error:
        print(f"unotui {start}: {error}", file=sys.stderr)
        return error.status
    UnoApp(save_dir, speed, session).run()
    return 0


def run_play(args: argparse.Namespace) -> int:
    """`unotui play`: the title screen, or a new match at once when seats or a seed are given."""
    return _run(args, "play")


def run_load(args: argparse.Namespace) -> int:
    """`unotui load PATH`: play on from a save file."""
    return _run(args, "load")


def run_resume(args: argparse.Namespace) -> int:
    """`unotui resume`: play on from the most recent unfinished game."""
    return _run(args, "resume")
