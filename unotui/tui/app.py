"""`UnoApp` and the `play`, `load` and `resume` entry points."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import msgspec
from textual.app import App
from textual.binding import Binding
from textual.events import Key

from .launch import LaunchError, SPEEDS, parse_speed, quick_session, resume_session, load_session
from .remembered import PREFERENCES, Preferences, recall, remember
from .screens.base import TakesTypeAhead
from .session import Session
from .widgets.hand import HandView

__all__ = ["UnoApp", "run_load", "run_play", "run_resume"]


class UnoApp(App[None]):
    """UNO in the terminal: the title screen, or straight to a table."""

    CSS_PATH = "unotui.tcss"
    TITLE = "unotui"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit now", show=False, priority=True)]
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
        self.preferences = recall(save_dir, PREFERENCES, Preferences) or Preferences()
        """How the player likes the game to look, kept in the saves folder."""
        if self.preferences.theme in self.available_themes:
            self.theme = self.preferences.theme

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

    def on_key(self, event: Key) -> None:
        """A printable key that reaches the app untaken was typed in the burst that opened
        the screen on top, before its line had the focus (the screen beneath got it, and
        the screen on top has no binding for it): that screen's line takes it, if it has one."""
        screen = self.screen
        if event.is_printable and event.character and isinstance(screen, TakesTypeAhead):
            screen.type_ahead(event.character)

    def open_table(self, session: Session) -> None:
        """Sit down at a match, over the title screen."""
        from .screens.table import TableScreen

        self.session = session
        self.push_screen(TableScreen(session, self.speed))

    def switch_to_title(self, then: str | None = None) -> None:
        """Back to the title screen; `then` "new" goes on to a new match's setup."""
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
            title.action_new_game()


def _run(args: argparse.Namespace, start: str) -> int:
    save_dir, speed = None, SPEEDS["normal"]
    try:
        speed = parse_speed(getattr(args, "speed", None))
        save_dir = None if getattr(args, "no_save", False) else _save_dir(args)
        if save_dir is not None and save_dir.exists() and not save_dir.is_dir():
            # Read as a folder it would hold no games, and `resume` would say so instead.
            raise LaunchError(f"{save_dir} is a file, not a folder")
        session = {
            "play": quick_session, "load": load_session, "resume": resume_session,
        }[start](args, save_dir)
    except LaunchError as error:
        print(f"unotui {start}: {error}", file=sys.stderr)
        return 2
    UnoApp(save_dir, speed, session).run()
    return 0


def _save_dir(args: argparse.Namespace) -> Path:
    from unotui.record import default_save_dir

    return default_save_dir(getattr(args, "save_dir", None))


def run_play(args: argparse.Namespace) -> int:
    """`unotui play`: the title screen, or a new match at once when seats or a seed are given."""
    return _run(args, "play")


def run_load(args: argparse.Namespace) -> int:
    """`unotui load PATH`: play on from a save file."""
    return _run(args, "load")


def run_resume(args: argparse.Namespace) -> int:
    """`unotui resume`: play on from the most recent unfinished game."""
    return _run(args, "resume")
