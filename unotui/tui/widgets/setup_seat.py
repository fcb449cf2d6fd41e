"""`SeatRow`: one seat of a new match, a human with a name or a bot (a named opponent, or a level with manners).

`SeatChoice` is what a row holds, as plain data the setup screen remembers between games.
"""

from __future__ import annotations

import msgspec
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label

from unotui.bots import DEFAULT_PERSONALITIES, LEVELS, OPPONENTS, Personality, find_opponent
from unotui.record import PlayerInfo, PlayerKind
from unotui.record.narrate import by_place

from .setup_choice import Choice, ChoiceRow
from .setup_fields import NameInput

__all__ = ["BOT", "HUMAN", "LEVEL_NOTES", "SeatChoice", "SeatRow", "describe_personality"]

HUMAN = "human"
"""The seat kind of a person at this keyboard (hot-seat)."""
BOT = "bot"
"""The seat kind of a bot built from a level and a personality chosen separately."""

LEVEL_NOTES: dict[str, str] = {
    "random": "Plays any legal move at random, drawing included.",
    "basic": "A good casual player's habits.",
    "strong": "Counts cards and plays candidate moves out before choosing.",
}
"""One line per bot level for the setup screen."""


class SeatChoice(msgspec.Struct, kw_only=True):
    """One seat after the first, as set up: who sits there and how a bot plays."""

    kind: str = HUMAN
    """"human", "bot" (a level with a personality), or a named opponent's name."""
    name: str = ""
    """The seat's name; empty gives the default (Player N, or the bot's level)."""
    level: str = "basic"
    """A "bot" seat's level."""
    personality: str | None = None
    """A "bot" seat's manners: the named opponent it behaves like, or None for the level's own."""

    @classmethod
    def from_spec(cls, spec: str) -> SeatChoice:
        """A seat from the older one-word form: "human", an opponent's name or a level.

        >>> SeatChoice.from_spec("strong")
        SeatChoice(kind='bot', name='', level='strong', personality=None)
        """
        if spec.lower() in LEVELS:
            return cls(kind=BOT, level=spec.lower())
        if spec == HUMAN:
            return cls()
        try:
            return cls(kind=find_opponent(spec).name)
        except ValueError:
            return cls(kind=BOT)

    @classmethod
    def from_player(cls, player: PlayerInfo, seat: int) -> SeatChoice:
        """The seat a recorded player sat in: a human, a named opponent, or a bot by level with
        its manners. A name the table gave by default (Player 3, Strong, or numbered as a
        repeat, Dotty 2) is left for the table to give again.

        >>> SeatChoice.from_player(PlayerInfo(name="Dotty 2", kind=PlayerKind.BOT, level="basic", personality="Dotty"), 2)
        SeatChoice(kind='Dotty', name='', level='basic', personality=None)
        >>> SeatChoice.from_player(PlayerInfo(name="Player 3", kind=PlayerKind.HUMAN), 2)
        SeatChoice(kind='human', name='', level='basic', personality=None)
        """
        if player.kind is PlayerKind.HUMAN:
            return cls(name="" if player.name == by_place(seat) else player.name)
        level = player.level if player.level in LEVELS else "basic"
        try:
            opponent = find_opponent(player.personality or "")
        except ValueError:
            return cls(kind=BOT, name=_typed_name(player.name, level.capitalize()), level=level)
        if opponent.level == level and not _typed_name(player.name, opponent.name):
            return cls(kind=opponent.name)
        return cls(kind=BOT, name=_typed_name(player.name, level.capitalize()), level=level, personality=opponent.name)

    @property
    def spec(self) -> str:
        """The one-word form that older builds read back: "human", an opponent or a level."""
        return self.level if self.kind == BOT else self.kind


def _typed_name(name: str, default: str) -> str:
    """`name`, or "" when it is `default` or `default` numbered as a repeat (Strong 2).

    >>> _typed_name("Strong 2", "Strong"), _typed_name("Stronger", "Strong")
    ('', 'Stronger')
    """
    repeat = name[len(default):]
    if name.lower().startswith(default.lower()) and (not repeat or (repeat[:1] == " " and repeat[1:].isdigit())):
        return ""
    return name


def describe_personality(personality: Personality, level: str) -> str:
    """A personality's table manners in one line, as a bot of `level` has them (`random`
    plays any legal command, UNO said or not, honest or not: its chances are its own).

    >>> describe_personality(Personality(forget_uno=0.35, catch_rate=0.3, reaction=(1.2, 3.0), jump_in=0.5), "basic")
    'forgets UNO 35% · catches 30% · jumps in 50% · reacts in 1.2-3.0 s · never bluffs'
    """
    low, high = personality.reaction
    uno = "says UNO at random" if level == "random" else f"forgets UNO {personality.forget_uno:.0%}"
    return (f"{uno} · catches {personality.catch_rate:.0%} · jumps in {personality.jump_in:.0%} · "
            f"reacts in {low:.1f}-{high:.1f} s · {_describe_bluff(personality.bluff, level)}")


def _describe_bluff(bluff: float, level: str) -> str:
    """What `Personality.bluff` does at a level: the chance of a Wild Draw Four played while
    holding the current colour is asked only at a next player about to go out (`basic`), or
    is the chance that a `strong` search weighs one among its moves.

    >>> _describe_bluff(1.0, "strong"), _describe_bluff(0.6, "basic")
    ('weighs a bluff every turn, makes it when it pays', 'bluffs 60% of the times the next player is about to go out')
    """
    if level == "random":
        return "bluffs at random"
    if not bluff:
        return "never bluffs"
    if level == "strong":
        turns = "every turn" if bluff == 1 else f"on {bluff:.0%} of turns"
        return f"weighs a bluff {turns}, makes it when it pays"
    return f"bluffs {bluff:.0%} of the times the next player is about to go out"


def _kind_choices() -> list[Choice]:
    choices: list[Choice] = [("Human (hot-seat)", HUMAN)]
    choices += [(f"{opponent.name} ({opponent.level})", opponent.name) for opponent in OPPONENTS]
    choices.append(("Bot by level", BOT))
    return choices


def _kind_note(kind: object) -> str:
    if kind == HUMAN:
        return "Plays at this keyboard; the table hides while the keyboard passes."
    if kind == BOT:
        return "Choose a level and, separately, whose table manners it has."
    try:
        return find_opponent(str(kind)).blurb
    except ValueError:
        return ""


MANNERS: list[Choice] = [("its level's own", None)] + [(f"like {opponent.name}", opponent.name) for opponent in OPPONENTS]
"""The personalities a "bot" seat may take: its level's default, or a named opponent's."""


def _kind_class(kind: object) -> str:
    """The CSS class that shows a seat's fields: a name for a human, level and manners for a bot."""
    return "-human" if kind == HUMAN else "-bot" if kind == BOT else "-opponent"


def _manners_note(level: str, personality: object) -> str:
    if personality is None:
        return describe_personality(DEFAULT_PERSONALITIES.get(level, Personality()), level)
    return describe_personality(find_opponent(str(personality)).personality, level)


class SeatRow(Vertical):
    """Seat N: its kind, a name for a human (or a bot by level), and a bot's level and manners."""

    DEFAULT_CSS = """
    SeatRow { height: auto; width: 1fr; margin-bottom: 1; }
    SeatRow > .seat-name { height: 1; width: 1fr; padding: 0 1; }
    SeatRow .seat-name-label { width: 22; color: $text-muted; padding-left: 2; }
    SeatRow .seat-name Input { width: 1fr; max-width: 30; }
    SeatRow.-opponent > .seat-name, SeatRow.-human .seat-bot, SeatRow.-opponent .seat-bot { display: none; }
    """

    def __init__(self, seat: int, choice: SeatChoice, *, id: str | None = None) -> None:
        """
        Args:
            seat: the seat's index (0 is the player at the keyboard, so this is 1 or more).
            choice: what the seat shows first.
        """
        known = any(value == choice.kind for _, value in _kind_choices())
        self.choice = choice if known else msgspec.structs.replace(choice, kind=BOT)
        super().__init__(id=id, classes=_kind_class(self.choice.kind))
        self.seat = seat

    def compose(self) -> ComposeResult:
        choice = self.choice
        kind = choice.kind
        yield ChoiceRow(f"Seat {self.seat + 1}", _kind_choices(), kind, summary=_kind_note(kind), classes="seat-kind")
        with Horizontal(classes="seat-name"):
            yield Label("Name", classes="seat-name-label")
            yield NameInput(choice.name, placeholder=self._default_name(kind, choice.level), classes="seat-name-input")
        level = choice.level if choice.level in LEVELS else "basic"
        yield ChoiceRow("  Level", [(name, name) for name in LEVELS], level, summary=LEVEL_NOTES.get(level, ""),
                        classes="seat-bot seat-level")
        manners = choice.personality if any(value == choice.personality for _, value in MANNERS) else None
        yield ChoiceRow("  Manners", MANNERS, manners, summary=_manners_note(level, manners), classes="seat-bot seat-manners")

    def _default_name(self, kind: object, level: str) -> str:
        return by_place(self.seat) if kind == HUMAN else level.capitalize()

    def _show_kind(self, kind: object) -> None:
        for name in ("-human", "-bot", "-opponent"):
            self.set_class(name == _kind_class(kind), name)
        self.query_one(".seat-name-input", Input).placeholder = self._default_name(
            kind, str(self.query_one(".seat-level", ChoiceRow).value))

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        row = event.row
        level = str(self.query_one(".seat-level", ChoiceRow).value)
        manners = self.query_one(".seat-manners", ChoiceRow)
        if row.has_class("seat-kind"):
            row.set_summary(_kind_note(event.value))
            self._show_kind(event.value)
        elif row.has_class("seat-level"):
            row.set_summary(LEVEL_NOTES.get(level, ""))
            manners.set_summary(_manners_note(level, manners.value))
            self._show_kind(self.query_one(".seat-kind", ChoiceRow).value)
        elif row is manners:
            manners.set_summary(_manners_note(level, event.value))

    def read(self) -> SeatChoice:
        """The seat as set up now (as given, while the row is still being put on screen)."""
        if not self.query(".seat-kind"):
            return self.choice
        return SeatChoice(
            kind=str(self.query_one(".seat-kind", ChoiceRow).value),
            name=self.query_one(".seat-name-input", Input).value.strip(),
            level=str(self.query_one(".seat-level", ChoiceRow).value),
            personality=self.query_one(".seat-manners", ChoiceRow).value,  # type: ignore[arg-type]
        )
