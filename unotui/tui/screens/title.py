"""The title screen: New game, Resume, Load, Replay, Rules, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.geometry import Size
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from unotui.engine import RuleSet
from unotui.record import ReplayError, SaveInfo, list_saves, resumable
from unotui.record.narrate import counted

from ..entries import hand_reached, last_played, score_entries, two_line_entry
from ..widgets.footer import WholeKeysFooter
from .base import CoveredFooterScreen

if TYPE_CHECKING:
    from ..session import Session

__all__ = ["TitleScreen"]

LOGO = """\
╭───╮ ╭───╮ ╭───╮
│ U │ │ N │ │ O │   in the terminal
╰───╯ ╰───╯ ╰───╯"""


def describe_save(save: SaveInfo) -> tuple[str, str]:
    """A save in two parts: where it stands (hand, and when it was last played), then the
    scores.

    The scores get a line of their own: at a full table they are longer than the title
    box is wide, and the menu cuts them short (the load screen shows them all).

    >>> from datetime import datetime
    >>> played = datetime(2025, 1, 2, 3, 4).timestamp()
    >>> print(*describe_save(SaveInfo(path="x.uno", created=None, players=("You", "Ada"), hand=3, scores=(120, 45), finished=False, modified=played)), sep="\\n")
    hand 3 · 2025-01-02 03:04
    You 120 · Ada 45
    """
    if save.error is not None:
        return f"unreadable: {save.error}", ""
    scores = " · ".join(score_entries(save))
    status = " · finished" if save.finished else ""
    return f"{hand_reached(save)}{status} · {last_played(save)}", scores


class TitleScreen(CoveredFooterScreen[None]):
    """Where every match starts and ends."""

    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("l", "load", "Load"),
        Binding("p", "replay", "Replay"),
        Binding("u", "rules", "Rules"),
        Binding("q", "quit_app", "Quit"),
    ]
    """One key per entry."""
    MINIMUM_SIZE = Size(60, 16)
    """The menu narrows to the terminal, down to a width where its entries still read."""

    def __init__(self) -> None:
        super().__init__()
        self._entries: set[str] = set()
        """The menu's entries now: Resume and Load come and go with the saves."""

    def compose(self) -> ComposeResult:
        with Center():
            with Vertical(id="title-box"):
                yield Static(LOGO, id="logo")
                yield OptionList(id="title-menu")
                yield Static("", id="title-note")
        yield WholeKeysFooter()

    def on_mount(self) -> None:
        self.refresh_saves()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_saves()

    def _saves(self) -> list[SaveInfo]:
        folder = self.app.save_dir  # type: ignore[attr-defined]
        if folder is None:
            return []
        try:
            return list_saves(folder)
        except (OSError, ReplayError):
            return []

    def refresh_saves(self) -> None:
        """Rebuild the menu: Resume shows the last unfinished game."""
        saves = self._saves()
        unfinished = resumable(saves)
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_option(Option("New game (n)", id="new"))
        if unfinished is not None:
            where, scores = describe_save(unfinished)
            entry = "Resume (r) — "
            menu.add_option(Option(two_line_entry(entry + where, scores, len(entry)), id="resume"))
        if saves:
            menu.add_option(Option(f"Load (l) — {counted(len(saves), 'saved game')}", id="load"))
        menu.add_option(Option("Replay (p)", id="replay"))
        menu.add_option(Option("Rules (u)", id="rules"))
        menu.add_option(Option("Quit (q)", id="quit"))
        menu.highlighted = 0
        self._entries = {option.id for option in menu.options if option.id is not None}
        self.refresh_bindings()
        folder = self.app.save_dir  # type: ignore[attr-defined]
        self.query_one("#title-note", Static).update(f"Saves: {folder}" if folder is not None else "Playing without saving.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer offers what the menu offers: no Resume key without a game to resume.
        if not super().check_action(action, parameters):
            return False
        if action in ("resume", "load"):
            return action in self._entries
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.is_active:  # Enter typed in a burst after another entry's key opened its screen
            return
        match event.option.id:
            case "new":
                self.action_new_game()
            case "resume":
                self.action_resume()
            case "load":
                self.action_load()
            case "replay":
                self.action_replay()
            case "rules":
                self.action_rules()
            case "quit":
                self.action_quit_app()

    def action_new_game(self, after: Session | None = None) -> None:
        """Set up a new match: as the match `after` was (New match on its summary), however it
        was started, else as last set up on the setup screen."""
        from .setup import SetupScreen, setup_of

        header = None if after is None else after.table.header
        self.app.push_screen(SetupScreen(None if header is None else setup_of(header.players, header.rules)))

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen())

    def action_resume(self) -> None:
        from unotui.record import load_game, most_recent_unfinished

        from ..session import Session

        folder = self.app.save_dir  # type: ignore[attr-defined]
        path = most_recent_unfinished(folder) if folder is not None else None
        if path is None:
            self.notify("There is no unfinished game to resume.", severity="warning", markup=False)
            return
        try:
            table = load_game(path, folder)
        except (ReplayError, OSError) as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.app.open_table(Session.of(table, folder))  # type: ignore[attr-defined]

    def action_load(self) -> None:
        from .load import LoadScreen

        self.app.push_screen(LoadScreen())

    def action_rules(self) -> None:
        from .help import RulesScreen

        self.app.push_screen(RulesScreen(RuleSet(), "standard"))

    def action_quit_app(self) -> None:
        self.app.exit()
