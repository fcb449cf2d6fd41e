"""New game setup: your name, 2-10 seats (each a human or a bot), every rule option, and a seed.

The rule options are drawn from `RULE_OPTIONS`, so an option added to the engine shows up
here on its own. The last setup is remembered in the saves folder and offered again.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from enum import Enum
from pathlib import Path

import msgspec
import msgspec.inspect
from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Static

from unotui.engine import PRESET_NOTES, PRESETS, RULE_OPTIONS, RuleOption, RuleSet, SetupError
from unotui.engine.rng import MASK64
from unotui.record import PlayerInfo, PlayerKind
from unotui.record.format import nonprinting_character
from unotui.record.narrate import YOU, by_place, counted

from ..launch import DEFAULT_BOTS, bot_seat, unique_names
from ..remembered import recall, remember
from ..session import start_session
from ..widgets.footer import WholeKeysFooter
from ..widgets.setup_choice import Choice, ChoiceRow, is_whole_number
from ..widgets.setup_fields import NameInput, NumberInput
from ..widgets.setup_seat import BOT, HUMAN, SeatChoice, SeatRow
from .base import CoveredFooterScreen

__all__ = ["LastSetup", "SetupScreen", "describe_choice", "format_value", "seat_players", "setup_of"]

LAST_SETUP = "last-setup.json"
"""The file in the saves folder that remembers the last setup."""

MAX_OTHERS = 9
"""Seats besides your own: UNO is for 2 to 10 players."""

WIDE = 110
"""From this many columns the seats and the rules sit side by side."""

DESCRIBED_CHANGES = 3
"""Up to this many changes a preset is named with them ("party + stacking off"); past it, "custom"."""


class LastSetup(msgspec.Struct, kw_only=True):
    """What the setup screen offers first: the last setup played."""

    name: str = YOU
    seats: list[str] = msgspec.field(default_factory=lambda: list(DEFAULT_BOTS[:3]))
    """Each other seat in one word: "human", an opponent's name, or a bot level (older builds read this)."""
    preset: str = "standard"
    """The preset the rules started from."""
    rules: RuleSet = RuleSet()
    seed: int | None = None
    others: list[SeatChoice] | None = None
    """Each other seat in full (names, levels, manners); None in files from older builds."""

    def other_seats(self) -> list[SeatChoice]:
        """Every seat after yours, from `others` or, in an older file, from `seats`."""
        if self.others is not None:
            return list(self.others)
        return [SeatChoice.from_spec(spec) for spec in self.seats]


def load_last(folder: Path | None) -> LastSetup:
    """The remembered setup, or the default one when there is none (or it can't be read)."""
    last = recall(folder, LAST_SETUP, LastSetup)
    if last is None or not 1 <= len(last.other_seats()) <= MAX_OTHERS:
        return LastSetup()
    return last


def setup_of(players: Sequence[PlayerInfo], rules: RuleSet) -> LastSetup:
    """The setup of a match with these players and rules, as a new match starts from it: with
    no seed (it would deal the same cards again), and its rules named by the preset they
    differ least from. The first seat is the player at the keyboard, as it is on this screen.

    >>> setup_of([PlayerInfo(name="Ann"), PlayerInfo(name="Player 2")], PRESETS["party"]).preset
    'party'
    """
    first, *others = players
    hot_seat = any(player.kind is PlayerKind.HUMAN for player in others)
    named = first.kind is PlayerKind.HUMAN and first.name != (by_place(0) if hot_seat else YOU)
    seats = [SeatChoice.from_player(player, seat) for seat, player in enumerate(others, start=1)]
    nearest = min(PRESETS, key=lambda name: sum(getattr(rules, option.name) != getattr(PRESETS[name], option.name)
                                               for option in RULE_OPTIONS))
    return LastSetup(name=first.name if named else YOU, seats=[seat.spec for seat in seats], preset=nearest,
                     rules=rules, others=seats)


def format_value(name: str, value: object) -> str:
    """The value of the rule option `name` as the setup screen writes it; a first dealer by
    its seat, numbered from 1 as the seat rows are (the first not called "you": at a
    hot-seat table it is "Player 1").

    >>> format_value("stacking", True), format_value("start_wild", RULE_OPTIONS[1].values[2]), format_value("target", 500)
    ('on', 'redraw until number', '500')
    >>> format_value("dealer", "draw"), format_value("dealer", 0), format_value("dealer", 3)
    ('draw', 'seat 1', 'seat 4')
    """
    if name == "dealer" and is_whole_number(value):
        return f"seat {value + 1}"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")
    return str(value)


def preset_summary(name: str, changed: int = 0) -> str:
    """The line under the preset row: what the preset is, and what it does to the rows below;
    once `changed` rules differ from it, how many (what it is no longer holds).

    >>> preset_summary("beginner")
    'Only a number card starts a hand. Sets every rule below; rules you change are marked.'
    >>> preset_summary("standard", changed=4)
    '4 rules changed from standard, marked below; ←→ picks a preset again.'
    """
    if not changed:
        return f"{PRESET_NOTES[name]} Sets every rule below; rules you change are marked."
    return f"{counted(changed, 'rule')} changed from {name}, marked below; ←→ picks a preset again."


def _within_line(label: str) -> str:
    """An option's label inside a line: lowercase, but for an acronym ("UNO penalty")."""
    return " ".join(word if word.isupper() else word.lower() for word in label.split())


def rule_changes(rules: RuleSet, base: str) -> list[str]:
    """Each rule that differs from the preset `base` (standard when unknown), in words.

    >>> rule_changes(msgspec.structs.replace(PRESETS["standard"], uno_penalty=4, hand_size=8), "standard")
    ['hand size 8', 'UNO penalty 4']
    """
    start = PRESETS.get(base, RuleSet())
    return [f"{_within_line(option.label)} {format_value(option.name, getattr(rules, option.name))}"
            for option in RULE_OPTIONS if getattr(rules, option.name) != getattr(start, option.name)]


def describe_choice(rules: RuleSet, base: str) -> str:
    """The rules in force, named by a preset: "party", "party + stacking off", or "custom".

    >>> describe_choice(PRESETS["party"], "standard")
    'party'
    >>> describe_choice(msgspec.structs.replace(PRESETS["party"], stacking=False, target=300), "party")
    'party + target 300, stacking off'
    >>> describe_choice(msgspec.structs.replace(PRESETS["standard"], uno_penalty=4), "standard")
    'standard + UNO penalty 4'
    """
    for name, rules_of in PRESETS.items():
        if rules_of == rules:
            return name
    changes = rule_changes(rules, base)
    if len(changes) > DESCRIBED_CHANGES:
        return "custom"
    return f"{base if base in PRESETS else 'standard'} + {', '.join(changes)}"


def _rule_fields() -> tuple[msgspec.inspect.Field, ...]:
    info = msgspec.inspect.type_info(RuleSet)
    assert isinstance(info, msgspec.inspect.StructType)
    return info.fields


_RULE_FIELDS = _rule_fields()
"""`RuleSet`'s fields with their types and bounds."""


def stepped_values(option: RuleOption) -> list[object]:
    """A rule option's values in the order ←/→ step through them: numbers in numeric order
    (they went 7, 5, 6, 8 as `RULE_OPTIONS` lists them, the default first), others as listed.

    >>> stepped_values(RULE_OPTIONS[0])
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    """
    numbers = [value for value in option.values if is_whole_number(value)]
    return [*sorted(numbers)] if len(numbers) == len(option.values) else list(option.values)


def dealer_choices(players: int) -> list[Choice]:
    """What the First dealer row offers at a table of `players`: a draw, or one of its seats.

    >>> dealer_choices(2)
    [('draw', 'draw'), ('seat 1', 0), ('seat 2', 1)]
    """
    return [("draw", "draw"), *((format_value("dealer", seat), seat) for seat in range(players))]


def _typed_bounds(option: RuleOption) -> tuple[int, int] | None:
    """The whole numbers a rule option takes, read from `RuleSet`'s own bounds; None when it takes none."""
    if not any(is_whole_number(value) for value in option.values):
        return None
    field = next(field for field in _RULE_FIELDS if field.name == option.name)
    kinds = field.type.types if isinstance(field.type, msgspec.inspect.UnionType) else (field.type,)
    for kind in kinds:
        if isinstance(kind, msgspec.inspect.IntType) and kind.ge is not None and kind.le is not None:
            return (kind.ge, kind.le)
    return None


def seat_players(name: str, others: list[SeatChoice], base_seed: int) -> list[PlayerInfo]:
    """The players of a new match: you first, then each other seat, with unique names (bots
    of one name are numbered, Gran and Gran 2, and a bot of a human's name too).

    Args:
        name: the name of the player at the keyboard ("You" when empty). At a hot-seat
            table the default "You" becomes "Player 1": once the keyboard passes, "You"
            would name someone else ("You plays r3", and two "You"s on the scoreboard).
        others: the other seats.
        base_seed: seeds each bot (with its seat), so a seeded match plays the same bots.

    Raises:
        ValueError: two humans would have one name (typed, or a seat's default), naming
            both seats: numbering one would change a name someone chose, and the keyboard
            would pass to "Player 2" for either.

    >>> [player.name for player in seat_players("You", [SeatChoice(kind=HUMAN)], 0)]
    ['Player 1', 'Player 2']
    >>> [player.name for player in seat_players("", [SeatChoice(kind="Dotty")], 0)]
    ['You', 'Dotty']
    """
    hot_seat = any(choice.kind == HUMAN for choice in others)
    if not name or name.lower() == YOU.lower():
        name = by_place(0) if hot_seat else YOU
    players = [PlayerInfo(name=name, kind=PlayerKind.HUMAN)]
    for seat, choice in enumerate(others, start=1):
        bot_seed = (base_seed * 31 + seat) & 0xFFFFFFFF
        if choice.kind == HUMAN:
            players.append(PlayerInfo(name=choice.name or by_place(seat), kind=PlayerKind.HUMAN))
        elif choice.kind == BOT:
            players.append(PlayerInfo(name=choice.name or choice.level.capitalize(), kind=PlayerKind.BOT,
                                      level=choice.level, personality=choice.personality, seed=bot_seed))
        else:
            players.append(bot_seat(choice.kind, bot_seed))
    human_seats: dict[str, int] = {}
    for seat, player in enumerate(players):
        if player.kind is PlayerKind.HUMAN:
            first = human_seats.setdefault(player.name.lower(), seat)
            if first != seat:
                named = "Seat 1 (yours)" if first == 0 else f"Seat {first + 1}"
                earlier = players[first].name
                # Names that differ only in capitals are one name at the table; the message
                # quotes both as typed, so it never says "both Bea" of a seat that reads "bea".
                same = (f"are both {earlier}" if earlier == player.name
                        else f"are {earlier} and {player.name}, the same name")
                raise ValueError(f"Names: {named} and Seat {seat + 1} {same}; give one of them another name")
    return unique_names(players)


class SetupSummary(Label):
    """The line beside Start and Back: what the match will be, with the rules changed
    counted instead of named when naming them would not fit."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self._texts = ("", "")

    def say(self, text: str, short: str | None = None) -> None:
        """Show `text`, or `short` where `text` does not fit."""
        self._texts = (text, short or text)
        self.refresh()

    def render(self) -> str:
        text, short = self._texts
        return text if cell_len(text) <= self.content_size.width or not self.content_size.width else short


class SetupForm(VerticalScroll, inherit_bindings=False):
    """The scrolling form: ↑/↓ move between settings (the page scrolls to follow) instead of scrolling."""

    BINDINGS = [
        Binding("down", "app.focus_next", "Move", key_display="↑↓"),
        Binding("up", "app.focus_previous", "Move", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]
    """↑/↓ go from setting to setting, as Tab and Shift+Tab do; Page Up/Down scroll."""


class SetupScreen(CoveredFooterScreen[None]):
    """Set up a new match: seats on one side, the rules on the other (stacked when narrow)."""

    DEFAULT_CSS = """
    SetupScreen { layout: vertical; }
    SetupScreen #setup-title { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    SetupScreen #setup-title .title { text-style: bold; width: auto; margin-right: 2; }
    SetupScreen #setup-title .hint { color: $text-muted; width: 1fr; }
    SetupScreen #setup-form { height: 1fr; padding: 1 2; }
    SetupScreen #setup-columns { height: auto; layout: horizontal; }
    SetupScreen.-narrow #setup-columns { layout: vertical; }
    SetupScreen #setup-seats { width: 52; height: auto; }
    SetupScreen #setup-rules { width: 1fr; height: auto; border-left: vkey $panel-lighten-2; }
    SetupScreen.-narrow #setup-seats { width: 1fr; }
    SetupScreen.-narrow #setup-rules { border-left: none; }
    SetupScreen .section { height: 1; width: 1fr; margin: 0 0 1 0; padding: 0 1; color: $accent; text-style: bold; }
    SetupScreen .field { height: 1; width: 1fr; padding: 0 1; margin-bottom: 1; }
    SetupScreen .field-label { width: 22; color: $text-muted; }
    SetupScreen .field Input { width: 1fr; max-width: 30; }
    SetupScreen #players, SetupScreen #preset { margin-bottom: 1; }
    SetupScreen .rule-row { margin-bottom: 1; }
    SetupScreen #setup-bar { height: 1; width: 1fr; background: $panel; padding: 0 1; }
    SetupScreen #setup-bar Button { margin-right: 1; width: auto; min-width: 10; }
    SetupScreen #setup-summary { width: 1fr; color: $text-muted; padding-left: 1; text-wrap: nowrap;
                                 text-overflow: ellipsis; }
    """

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    """Under `WIDE` columns the rules go under the seats instead of beside them."""

    BINDINGS = [
        Binding("ctrl+g", "start", "Start"),
        Binding("escape", "back", "Back"),
        # Below the form, on Start and Back, the arrows still move (the form's own stop there).
        Binding("down", "app.focus_next", show=False),
        Binding("up", "app.focus_previous", show=False),
    ]
    """Start the match, or go back to the title."""

    def __init__(self, offer: LastSetup | None = None) -> None:
        """
        Args:
            offer: the setup shown first; None for the one last set up here (`load_last`).
        """
        super().__init__()
        self.offer = offer
        self.last = LastSetup()
        self.base = "standard"
        """The preset the rules start from; changes are shown against it."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        self.last = last = self.offer if self.offer is not None else load_last(self.app.save_dir)  # type: ignore[attr-defined]
        self.base = last.preset if last.preset in PRESETS else "standard"
        rules = last.rules
        others = last.other_seats()
        with Horizontal(id="setup-title"):
            yield Label("New game", classes="title")
            yield Label("Tab/↑↓ move · ←→ change · ctrl+g start", classes="hint")
        with SetupForm(id="setup-form"):
            with Horizontal(id="setup-columns"):
                with Vertical(id="setup-seats"):
                    yield Static("Players", classes="section")
                    with Horizontal(classes="field"):
                        yield Label("Your name", classes="field-label")
                        yield NameInput(last.name, id="name", placeholder=YOU)
                    yield ChoiceRow("Number of players", [(str(count), count) for count in range(2, MAX_OTHERS + 2)],
                                    len(others) + 1, summary="You and up to nine others.", bounds=(2, MAX_OTHERS + 1),
                                    id="players")
                    for index, choice in enumerate(others):
                        yield SeatRow(index + 1, choice, id=f"seat-{index + 1}")
                    with Horizontal(classes="field", id="seed-field"):
                        yield Label("Seed (optional)", classes="field-label")
                        yield NumberInput(value="" if last.seed is None else str(last.seed), bounds=(0, MASK64),
                                          id="seed", placeholder="random", compact=True)
                with Vertical(id="setup-rules"):
                    yield Static("Rules", classes="section")
                    yield ChoiceRow("Preset", [(name, name) for name in PRESETS], self.base,
                                    summary=preset_summary(self.base), id="preset")
                    for option in RULE_OPTIONS:
                        yield self._rule_row(option, getattr(rules, option.name), len(others) + 1)
        with Horizontal(id="setup-bar"):
            yield Button("Start", id="start", variant="primary", compact=True)
            yield Button("Back", id="back", compact=True)
            yield SetupSummary(id="setup-summary")
        yield WholeKeysFooter()

    @staticmethod
    def _rule_row(option: RuleOption, value: object, players: int) -> ChoiceRow:
        """The row of a rule option. The first dealer is one of the seats at the table, which
        the row follows (`_offer_dealers`): stepped, as its seats are numbered from 1 here
        where `RuleSet` numbers them from 0, so a digit typed would name the seat after it."""
        def show(shown: object) -> str:
            return format_value(option.name, shown)

        if option.name == "dealer":
            values, bounds = dealer_choices(players), None
        else:
            values, bounds = [(show(choice), choice) for choice in stepped_values(option)], _typed_bounds(option)
        return ChoiceRow(option.label, values, value, summary=option.summary, tag=option.rule, bounds=bounds, show=show,
                         id=f"rule-{option.name}", classes="rule-row")

    def _offer_dealers(self) -> None:
        """Offer the seats at the table as first dealer, the one chosen kept when the table
        no longer has it: flagged (`_flag_dealer`), it is back in use if the table grows
        again, where set to a draw it would be lost to a passing count of players."""
        row = self.query_one("#rule-dealer", ChoiceRow)
        row.set_choices(dealer_choices(self._players()), row.value)
        self._flag_dealer()

    def _flag_dealer(self) -> None:
        """Mark the first dealer invalid while its seat is not at the table, as a number out
        of range is marked."""
        row = self.query_one("#rule-dealer", ChoiceRow)
        players = self._players()
        dealer = row.value
        row.set_problem(f"{row.label}: {format_value('dealer', dealer)} is not at a table of {players}"
                        if is_whole_number(dealer) and dealer >= players else None)

    def on_mount(self) -> None:
        self._rules_changed()
        self._name_the_first_seat()
        self.query_one("#name", Input).focus()

    def _name_the_first_seat(self) -> None:
        """Show the name the table will give the first seat when none is typed: "You",
        or at a hot-seat table "Player 1" (`seat_players`), in place of the default "You"."""
        hot_seat = any(choice.kind == HUMAN for choice in self._seat_choices(self._players()))
        line = self.query_one("#name", Input)
        line.placeholder = by_place(0) if hot_seat else YOU
        if hot_seat and line.value.strip().lower() == YOU.lower():
            line.value = ""

    def _show_seats(self, players: int) -> None:
        """Show a row for every seat at the table; rows are made the first time they are needed
        (so the screen opens quickly) and only hidden when the table shrinks (so they keep their choices)."""
        remembered = self.last.other_seats()
        for index in range(MAX_OTHERS):
            found = self.query(f"#seat-{index + 1}")
            if found:
                found.first().display = index < players - 1
            elif index < players - 1:
                choice = remembered[index] if index < len(remembered) else SeatChoice(kind=DEFAULT_BOTS[index])
                self.query_one("#setup-seats").mount(SeatRow(index + 1, choice, id=f"seat-{index + 1}"),
                                                     before="#seed-field")

    # ------------------------------------------------------------------ changes

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        row_id = event.row.id or ""
        if row_id == "preset" and isinstance(event.value, str):
            self.base = event.value
            rules = PRESETS[event.value]
            for option in RULE_OPTIONS:
                self.query_one(f"#rule-{option.name}", ChoiceRow).set_value(getattr(rules, option.name))
        if row_id == "preset" or row_id.startswith("rule-"):
            self._rules_changed()
        else:
            self._update_summary()  # which shows the seats a new number of players needs
            self._name_the_first_seat()
            self._offer_dealers()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._update_summary()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name or the seed goes on to the next setting, as in any form."""
        event.stop()
        self.focus_next()

    def _seat_choices(self, players: int) -> list[SeatChoice]:
        """Each other seat's choice at a table of `players`.

        Keys come faster than their changes are answered (ctrl+g right after a digit), so
        the rows the count needs may not be there yet: they are shown first.
        """
        self._show_seats(players)
        return [self.query_one(f"#seat-{index + 1}", SeatRow).read() for index in range(players - 1)]

    def _players(self) -> int:
        players = self.query_one("#players", ChoiceRow).value
        assert isinstance(players, int)
        return players

    def _current_rules(self) -> RuleSet:
        fields = {option.name: self.query_one(f"#rule-{option.name}", ChoiceRow).value for option in RULE_OPTIONS}
        return msgspec.structs.replace(RuleSet(), **fields)

    def _rules_changed(self) -> None:
        """Mark the rules that differ from the preset and name what is in force."""
        rules = self._current_rules()
        described = describe_choice(rules, self.base)
        preset = self.query_one("#preset", ChoiceRow)
        if described in PRESETS and described != self.base:
            # The rules set are a preset's, every one: that preset is the one in force, and
            # nothing is changed from it (the row named it over a count of changes from another).
            self.base = described
            preset.set_value(described)
        start = PRESETS[self.base]
        for option in RULE_OPTIONS:
            row = self.query_one(f"#rule-{option.name}", ChoiceRow)
            row.set_class(getattr(rules, option.name) != getattr(start, option.name), "-changed")
        preset.set_text(None if described == self.base else described)
        preset.set_summary(preset_summary(self.base, len(rule_changes(rules, self.base))))
        self._update_summary()

    def _update_summary(self) -> None:
        """Say what the match will be, or, while a setting holds digits that are not a number
        it takes yet, what ctrl+g would refuse: the line never names another value than the form."""
        self._flag_dealer()
        summary = self.query_one(SetupSummary)
        problem = self._problem()
        if problem is not None:
            summary.say(problem)
            return
        players = self._players()
        seats = self._seat_choices(players)
        humans = 1 + sum(choice.kind == HUMAN for choice in seats)
        rules = self._current_rules()
        at_keyboard = "" if humans == 1 else f", {humans} at the keyboard"
        described = describe_choice(rules, self.base)
        target = "" if "target" in described else f" · to {rules.target}"
        changes = len(rule_changes(rules, self.base))
        counted_changes = described if "+" not in described else f"{self.base} + {counted(changes, 'change')}"
        humans_short = "" if humans == 1 else f", {humans} humans"
        summary.say(f"{players} players{at_keyboard} · {described}{target}",
                    short=f"{players} players{humans_short} · {counted_changes} · to {rules.target}")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_back(self) -> None:
        self.dismiss(None)

    # ------------------------------------------------------------------ start

    def _problem(self) -> str | None:
        """What is wrong with the first shown setting that can't be used, if any."""
        for row in self.query(ChoiceRow):
            if row.display and row.problem is not None and (row.parent is None or row.parent.display):
                return row.problem
        return None

    def read_setup(self) -> LastSetup:
        """The form as a setup.

        Raises:
            ValueError: naming the setting that is wrong.
        """
        self._flag_dealer()  # the count of players may have changed since the form was last read
        problem = self._problem()
        if problem is not None:
            raise ValueError(problem)
        name = self.query_one("#name", Input).value.strip() or YOU
        players = self._players()
        others = self._seat_choices(players)
        # A paste (or the remembered setup) can hold what typing can't: an escape code.
        named = [("Your name", name)] + [(f"Seat {seat} name", choice.name)
                                         for seat, choice in enumerate(others, start=2) if choice.kind in (HUMAN, BOT)]
        for field, text in named:
            fault = nonprinting_character(text)
            if fault is not None:
                raise ValueError(f"{field}: can't hold {fault}")
        seed_text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise ValueError(f"Seed: '{seed_text}' is not a whole number") from None
            if not 0 <= seed <= MASK64:
                raise ValueError("Seed: use a whole number from 0 to 2**64-1")
        try:
            rules = msgspec.convert(msgspec.to_builtins(self._current_rules()), type=RuleSet)
        except msgspec.ValidationError as error:
            raise ValueError(f"Rules: {error}") from None
        return LastSetup(name=name, seats=[choice.spec for choice in others], preset=self.base, rules=rules,
                         seed=seed, others=others)

    def action_start(self) -> None:
        try:
            setup = self.read_setup()
        except ValueError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        folder = self.app.save_dir  # type: ignore[attr-defined]
        base = setup.seed if setup.seed is not None else secrets.randbits(32)
        try:
            players = seat_players(setup.name, setup.other_seats(), base)
            session = start_session(players, setup.rules, setup.seed, folder)
        except (ValueError, SetupError, OSError) as error:
            self.notify(str(error).splitlines()[0], severity="error", markup=False)
            return
        remember(folder, LAST_SETUP, setup)
        self.dismiss(None)
        self.app.open_table(session)  # type: ignore[attr-defined]
