"""New game setup: your name, the seats (human or a named bot), the rules, target and seed.

The last setup is remembered in the saves folder and offered again.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from unotui.bots import LEVELS, OPPONENTS
from unotui.engine import PRESETS, RuleSet, Scoring, SetupError, StartWild
from unotui.record import PlayerInfo, PlayerKind

from ..launch import DEFAULT_BOTS, bot_seat, unique_names
from ..session import start_session

__all__ = ["LastSetup", "SetupScreen"]

LAST_SETUP = "last-setup.json"
"""The file in the saves folder that remembers the last setup."""

HUMAN = "human"


class LastSetup(msgspec.Struct, kw_only=True):
    """What the setup screen offers first: the last setup played."""

    name: str = "You"
    seats: list[str] = msgspec.field(default_factory=lambda: list(DEFAULT_BOTS[:3]))
    """Each other seat: "human", an opponent's name, or a bot level."""
    preset: str = "standard"
    rules: RuleSet = RuleSet()
    seed: int | None = None


def load_last(folder: Path | None) -> LastSetup:
    """The remembered setup, or the default one when there is none (or it can't be read)."""
    if folder is None:
        return LastSetup()
    try:
        return msgspec.json.decode((folder / LAST_SETUP).read_bytes(), type=LastSetup)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return LastSetup()


def save_last(folder: Path | None, setup: LastSetup) -> None:
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / LAST_SETUP).write_bytes(msgspec.json.encode(setup))
    except OSError:
        pass  # remembering the setup is a convenience; the game itself doesn't depend on it


def _seat_options() -> list[tuple[str, str]]:
    options = [("Human (hot-seat)", HUMAN)]
    options += [(f"{opponent.name} — {opponent.level}: {opponent.blurb}", opponent.name) for opponent in OPPONENTS]
    options += [(f"A {level} bot", level) for level in LEVELS]
    return options


class SetupScreen(Screen[None]):
    """Set up a new match."""

    BINDINGS = [
        Binding("ctrl+g", "start", "Start"),
        Binding("escape", "back", "Back"),
    ]
    """Start the match, or go back to the title."""

    def __init__(self) -> None:
        super().__init__()
        self.last = LastSetup()

    def compose(self) -> ComposeResult:
        self.last = load_last(self.app.save_dir)  # type: ignore[attr-defined]
        last = self.last
        rules = last.rules
        with VerticalScroll(id="setup-form"):
            yield Static("New game", classes="dialog-title")
            with Horizontal(classes="form-row"):
                yield Label("Your name", classes="form-label")
                yield Input(value=last.name, id="name", max_length=24)
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield Select([(str(count), count) for count in range(2, 11)], value=len(last.seats) + 1, allow_blank=False, id="players")
            options = _seat_options()
            known = {value for _, value in options}
            for index in range(9):
                choice = last.seats[index] if index < len(last.seats) and last.seats[index] in known else DEFAULT_BOTS[index]
                with Horizontal(classes="form-row seat-row", id=f"seat-row-{index + 1}"):
                    yield Label(f"Seat {index + 2}", classes="form-label")
                    yield Select(options, value=choice, allow_blank=False, id=f"seat-{index + 1}")
            with Horizontal(classes="form-row"):
                yield Label("Rules", classes="form-label")
                yield Select([(name, name) for name in PRESETS], value=last.preset if last.preset in PRESETS else "standard", allow_blank=False, id="preset")
            with Horizontal(classes="form-row"):
                yield Label("Target score", classes="form-label")
                yield Input(value=str(rules.target), id="target", type="integer")
            with Horizontal(classes="form-row"):
                yield Label("Cards dealt", classes="form-label")
                yield Input(value=str(rules.hand_size), id="hand-size", type="integer")
            with Horizontal(classes="form-row"):
                yield Label("UNO penalty", classes="form-label")
                yield Input(value=str(rules.uno_penalty), id="uno-penalty", type="integer")
            with Horizontal(classes="form-row"):
                yield Label("Wild start card", classes="form-label")
                yield Select([(wild.value.replace("_", " "), wild.value) for wild in StartWild], value=rules.start_wild.value, allow_blank=False, id="start-wild")
            with Horizontal(classes="form-row"):
                yield Label("Scoring", classes="form-label")
                yield Select([(scoring.value, scoring.value) for scoring in Scoring], value=rules.scoring.value, allow_blank=False, id="scoring")
            with Horizontal(classes="form-row"):
                yield Label("Seed (optional)", classes="form-label")
                yield Input(value="" if last.seed is None else str(last.seed), id="seed", type="integer", placeholder="random")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start (ctrl+g)", id="start", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(len(self.last.seats) + 1)
        self.query_one("#name", Input).focus()

    def _show_seats(self, players: int) -> None:
        for index in range(9):
            self.query_one(f"#seat-row-{index + 1}").display = index < players - 1

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
        elif event.select.id == "preset" and isinstance(event.value, str):
            rules = PRESETS[event.value]
            self.query_one("#hand-size", Input).value = str(rules.hand_size)
            self.query_one("#uno-penalty", Input).value = str(rules.uno_penalty)
            self.query_one("#start-wild", Select).value = rules.start_wild.value
            self.query_one("#scoring", Select).value = rules.scoring.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_back(self) -> None:
        self.dismiss(None)

    def _number(self, field: str, what: str) -> int:
        text = self.query_one(f"#{field}", Input).value.strip()
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{what}: '{text}' is not a whole number") from None

    def read_setup(self) -> LastSetup:
        """The form as a setup.

        Raises:
            ValueError: naming the field that is wrong.
        """
        name = self.query_one("#name", Input).value.strip() or "You"
        players = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        seats = [str(self.query_one(f"#seat-{index + 1}", Select).value) for index in range(players - 1)]
        preset = str(self.query_one("#preset", Select).value)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = self._number("seed", "Seed") if seed_text else None
        if seed is not None and not 0 <= seed < 2**63:
            raise ValueError("Seed: use a whole number from 0 up")
        fields = {
            "target": self._number("target", "Target score"),
            "hand_size": self._number("hand-size", "Cards dealt"),
            "uno_penalty": self._number("uno-penalty", "UNO penalty"),
            "start_wild": StartWild(str(self.query_one("#start-wild", Select).value)),
            "scoring": Scoring(str(self.query_one("#scoring", Select).value)),
        }
        try:
            rules = msgspec.convert(msgspec.to_builtins(msgspec.structs.replace(PRESETS[preset], **fields)), type=RuleSet)
        except msgspec.ValidationError as error:
            raise ValueError(f"Rules: {error}") from None
        return LastSetup(name=name, seats=seats, preset=preset, rules=rules, seed=seed)

    def action_start(self) -> None:
        try:
            setup = self.read_setup()
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        folder = self.app.save_dir  # type: ignore[attr-defined]
        base = setup.seed if setup.seed is not None else secrets.randbits(32)
        players = [PlayerInfo(name=setup.name, kind=PlayerKind.HUMAN)]
        for index, choice in enumerate(setup.seats, start=1):
            if choice == HUMAN:
                players.append(PlayerInfo(name=f"Player {index + 1}", kind=PlayerKind.HUMAN))
            else:
                players.append(bot_seat(choice, (base * 31 + index) & 0xFFFFFFFF))
        try:
            session = start_session(unique_names(players), setup.rules, setup.seed, folder)
        except (ValueError, SetupError, OSError) as error:
            self.notify(str(error).splitlines()[0], severity="error")
            return
        save_last(folder, setup)
        self.dismiss(None)
        self.app.open_table(session)  # type: ignore[attr-defined]
