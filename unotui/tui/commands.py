"""The text-adventure command layer: words and keys become intents, intents become engine commands.

Typed commands, key presses and mouse clicks all end up as an `Intent`; `to_command`
turns a game intent into an engine command, or into a helpful `Answer` when it can't
be right ("You don't hold a red 7. Playable now: r3, g7, w."). Nothing here touches
Textual, so it is tested directly.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from typing import assert_never

import msgspec

from unotui.engine import (
    COLORS,
    AcceptDrawFour,
    AnyCommand,
    AnyEvent,
    CallUno,
    Card,
    CardPlayed,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    CustomEffect,
    Decision,
    DrawCard,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    HandStarted,
    KeepCard,
    Phase,
    PlayCard,
    PlayerView,
    StartHand,
    is_playable,
)
from unotui.record.narrate import listed

from .faces import card_name, number_word, rank_name, sort_cards

__all__ = [
    "COMMANDS",
    "Accept",
    "Answer",
    "CatchPlayer",
    "ChallengeIt",
    "Draw",
    "GameIntent",
    "MULTI_PLAY_HELP",
    "Help",
    "Hint",
    "Intent",
    "Keep",
    "Log",
    "Look",
    "NameColor",
    "NeedColor",
    "NeedTarget",
    "Play",
    "Quit",
    "Rules",
    "Save",
    "SayUno",
    "ShowHand",
    "ShowScore",
    "command_help",
    "command_text",
    "complete",
    "given_hands",
    "multi_play_refusal",
    "needs_swap_target",
    "parse_command",
    "playable_now",
    "seat_named",
    "to_command",
    "typed_text",
]


class Intent(msgspec.Struct, frozen=True):
    """Something the person at the keyboard wants."""


class Play(Intent, frozen=True):
    """Play `card` (None: the card just drawn), naming `color` for a wild, saying UNO if `uno`."""

    card: Card | None
    color: Color | None = None
    uno: bool = False
    swap_with: int | None = None
    """The seat to swap hands with, for a 7 under seven-o or a swap-hands Wild Customizable."""
    also: tuple[Card, ...] = ()
    """More cards of the same number played with `card`, in the order given: the last one
    sets the colour. Rule: R-HOUSE-6 (multi-play)."""
    swap_name: str | None = None
    """The player to swap hands with as typed (`r7 swap with bo`), found by name when the
    command is judged."""


class Draw(Intent, frozen=True):
    """Draw a card instead of playing."""


class Keep(Intent, frozen=True):
    """Keep the playable card just drawn."""


class SayUno(Intent, frozen=True):
    """Say UNO."""


class CatchPlayer(Intent, frozen=True):
    """Catch a player who forgot UNO: the seat `target`, the player called `name`, or whoever is catchable."""

    target: int | None = None
    name: str | None = None


class ChallengeIt(Intent, frozen=True):
    """Challenge the Wild Draw Four played on you."""


class Accept(Intent, frozen=True):
    """Take the four cards without challenging."""


class NameColor(Intent, frozen=True):
    """Name the colour of a Wild start card."""

    color: Color


class Look(Intent, frozen=True):
    """Describe the table in prose."""


class ShowHand(Intent, frozen=True):
    """List the cards held."""


class Hint(Intent, frozen=True):
    """Ask what the `strong` bot would do in the seat, seeing only what the seat sees."""


class ShowScore(Intent, frozen=True):
    """Show the scores and the target."""


class Log(Intent, frozen=True):
    """Repeat the last `count` lines of the log."""

    count: int = 10


class Save(Intent, frozen=True):
    """Save the game, under `name` if given."""

    name: str | None = None


class Rules(Intent, frozen=True):
    """Show the rules, or the rule with an ID, or the rules about a topic."""

    topic: str | None = None


class Help(Intent, frozen=True):
    """Show every command, or how to use one."""

    command: str | None = None


class Quit(Intent, frozen=True):
    """Leave the table (the game stays saved)."""


class Answer(msgspec.Struct, frozen=True):
    """What to tell the person instead of doing anything."""

    text: str


class NeedColor(msgspec.Struct, frozen=True):
    """A wild was chosen without a colour: ask for one, then play `card`."""

    card: Card
    uno: bool = False


class NeedTarget(msgspec.Struct, frozen=True):
    """A 7 under seven-o, or a swap-hands Wild Customizable, was chosen without a seat to swap
    with: ask whom, then play `card`. Rule: R-HOUSE-2, R-DECK-3."""

    card: Card
    color: Color | None = None
    uno: bool = False
    also: tuple[Card, ...] = ()
    """The other cards of a multi-play (R-HOUSE-6), played after `card`."""


GameIntent = Play | Draw | Keep | SayUno | CatchPlayer | ChallengeIt | Accept | NameColor
"""Intents that become engine commands."""

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play CARD [COLOUR] [uno]", "play a card: `r7`, `red seven`, `w+4 red`, `play it` or `play it green` (the card just drawn), `r7 swap with bo` (seven-o), `b+2` or `w+4 red` on a stack (stacking); add `uno` for UNO"),
    "draw": ("draw", "draw a card instead of playing; facing a stack, take all its cards"),
    "keep": ("keep", "keep the card you just drew and end your turn"),
    "uno": ("uno", "say UNO (with two cards on your turn, or late while you hold one)"),
    "catch": ("catch [NAME]", "catch a player on one card who hasn't said UNO: `catch bo`"),
    "challenge": ("challenge", "challenge a Wild Draw Four played on you"),
    "accept": ("accept", "take a Wild Draw Four's cards, with any stacked under it, without challenging"),
    "colour": ("colour COLOUR", "name the colour of a Wild start card: `colour red`, or just `red`"),
    "look": ("look", "describe the table: whose turn, top card, colour, cards held, who is on UNO"),
    "hand": ("hand", "list your cards, the playable ones marked"),
    "score": ("score", "totals, target and every hand's points"),
    "hint": ("hint", "what the strong bot would play in your place, seeing only what you see, and how each move did"),
    "log": ("log [N]", "repeat the story's last N lines (default 10)"),
    "save": ("save [NAME]", "save the game now, under NAME if given"),
    "rules": ("rules [R-ID or topic]", "the rules in force: `rules`, `rules R-UNO-4`, `rules challenge`"),
    "help": ("help [COMMAND]", "this list, or how to use one command"),
    "quit": ("quit", "leave the table; the game stays saved"),
}
"""Every typed command: usage and what it does."""

MULTI_PLAY_HELP = (
    "play CARD CARD …", "under multi-play, several cards of one number: `play r7 g7 b7`; the first matches "
    "the pile, the last sets the colour",
)
"""The usage of a multi-play, told only at a table that plays R-HOUSE-6."""


def command_help(word: str) -> str:
    """`help WORD`: how to use the command (an alias is its command), or where the word comes up.

    >>> command_help("k")
    'keep: keep the card you just drew and end your turn.'
    >>> command_help("swap")
    "There's no command 'swap'; `help play` tells of it."
    """
    name = _ALIASES.get(word.lower(), word.lower())
    if name in COMMANDS:
        usage, what = COMMANDS[name]
        return f"{usage}: {what}."
    told = [command for command, (_, what) in COMMANDS.items() if name in what.lower()]
    if told:
        return f"There's no command '{word}'; {listed((f'`help {command}`' for command in told), 'or')} tells of it."
    return f"There's no command '{word}'. Commands: {', '.join(COMMANDS)}."


def command_rows(multi_play: bool) -> list[str]:
    """The typed commands as help rows: usage, then what it does, in two columns.

    >>> command_rows(False)[2]
    '  keep                      keep the card you just drew and end your turn'
    """
    rows = [*COMMANDS.values(), *([MULTI_PLAY_HELP] if multi_play else [])]
    pad = max(len(usage) for usage, _ in rows)
    return [f"  {usage:<{pad}}  {what}" for usage, what in rows]


_TAKE_NOTHING = frozenset(command for command, (usage, _) in COMMANDS.items() if usage == command)
"""The commands whose usage is the word alone: `look at me` is refused, not taken for `look`."""

_ALIASES = {
    "p": "play", "d": "draw", "k": "keep", "u": "uno", "c": "catch", "l": "look", "h": "hand",
    "s": "score", "?": "help", "q": "quit", "exit": "quit", "color": "colour", "name": "colour",
    "scores": "score", "pass": "keep", "take": "accept", "cards": "hand", "rule": "rules",
}
_COLOR_WORDS = {**{color.value: color for color in COLORS}, **{color.letter: color for color in COLORS}}
_NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9",
}
_RANK_WORDS = {
    **_NUMBER_WORDS, **{str(digit): str(digit) for digit in range(10)},
    "skip": "s", "s": "s", "reverse": "r", "rev": "r", "r": "r", "+2": "+2", "d2": "+2",
    "draw2": "+2", "drawtwo": "+2",
}
_CARD_ALIASES = {
    "wild": Card.WILD, "w4": Card.WILD_DRAW_FOUR, "wd4": Card.WILD_DRAW_FOUR, "+4": Card.WILD_DRAW_FOUR,
    "wild4": Card.WILD_DRAW_FOUR, "w+4": Card.WILD_DRAW_FOUR,
}


def _read_card(words: list[str]) -> tuple[Card | None, int]:
    """The card the first words name, and how many words it took (0: no card)."""
    if not words:
        return None, 0
    first = words[0]
    if first in _CARD_ALIASES:
        card = _CARD_ALIASES[first]
        if card is Card.WILD and len(words) > 1:
            rest = " ".join(words[1:3])
            if rest in ("draw four", "draw 4") or words[1] in ("+4", "four", "4", "draw4"):
                return Card.WILD_DRAW_FOUR, 3 if rest in ("draw four", "draw 4") else 2
        return card, 1
    try:
        return Card(first), 1
    except ValueError:
        pass
    if len(first) > 1 and first[0] in "ryg b" and first[0] != " ":
        rank = _RANK_WORDS.get(first[1:])
        if rank is not None:
            return Card(first[0] + rank), 1
    color = _COLOR_WORDS.get(first)
    if color is not None and len(words) > 1:
        second = words[1]
        if second == "draw" and len(words) > 2 and words[2] in ("two", "2"):
            return Card(color.letter + "+2"), 3
        rank = _RANK_WORDS.get(second)
        if rank is not None:
            return Card(color.letter + rank), 2
    return None, 0


def _suggest(word: str) -> str:
    """A 'did you mean' for an unknown first word."""
    close = difflib.get_close_matches(word, [*COMMANDS, *_ALIASES], n=1, cutoff=0.6)
    if close:
        command = _ALIASES.get(close[0], close[0])
        return f"I don't know '{word}'. Did you mean `{command}`? Type `help` for every command."
    return f"I don't know '{word}'. Try `help` for every command, or a card like `r7`."


def typed_text(line: str) -> str:
    """What was typed, without a leading `:` or `/`: the key that opened the command line,
    pressed once too often.

    >>> typed_text(":look"), typed_text("/ r7"), typed_text(":")
    ('look', 'r7', '')
    """
    return line.lstrip(":/ ")


def parse_command(text: str, view: PlayerView | None = None) -> Intent | Answer:
    """Read one typed command, forgivingly.

    >>> parse_command("play r7"), parse_command("red seven")
    (Play(card=<Card.R7: 'r7'>, color=None, uno=False, swap_with=None, also=(), swap_name=None), Play(card=<Card.R7: 'r7'>, color=None, uno=False, swap_with=None, also=(), swap_name=None))
    >>> parse_command("w+4 r uno")
    Play(card=<Card.WILD_DRAW_FOUR: 'w+4'>, color=<Color.RED: 'red'>, uno=True, swap_with=None, also=(), swap_name=None)
    >>> parse_command("play r7 g7 blue seven uno").also
    (<Card.G7: 'g7'>, <Card.B7: 'b7'>)
    >>> parse_command("drwa")
    Answer(text="I don't know 'drwa'. Did you mean `draw`? Type `help` for every command.")

    Args:
        view: the seat's view, so that a bare colour names a Wild start card's colour.
    """
    # Backticks are left out: `look` copied with them works, and no word typed comes back in
    # an answer as a command (answers write commands between backticks).
    typed = typed_text(text).replace("`", "")
    # `!` after a card says UNO with it (`r7!`); after `uno` it is the shout itself (`UNO!`).
    words = re.sub(r"\buno\s*!+", "uno", typed.lower()).replace("!", " uno ").replace(",", " ").split()
    if not words:
        return Answer("Type a command (`help` lists them), or a card to play like `r7`.")
    head, args = _ALIASES.get(words[0], words[0]), words[1:]
    as_typed = " ".join(typed.split()[1:]) or None  # a save's name, a rule looked up
    if head in _TAKE_NOTHING and args:
        return Answer(f"`{head}` takes nothing after it: type `{head}` alone.")
    match head:
        case "draw":
            return Draw()
        case "keep":
            return Keep()
        case "uno":
            return SayUno()
        case "catch":
            return CatchPlayer(name=" ".join(args) or None)
        case "challenge":
            return ChallengeIt()
        case "accept":
            return Accept()
        case "look":
            return Look()
        case "hand":
            return ShowHand()
        case "score":
            return ShowScore()
        case "hint":
            return Hint()
        case "log":
            if not args:
                return Log()
            if len(args) > 1:
                return Answer(f"`log` takes one number of lines, like `log 20`, not '{' '.join(args)}'.")
            if args[0].isdigit() and int(args[0]) > 0:
                return Log(count=int(args[0]))
            return Answer(f"`log` takes a number of lines, like `log 20`, not '{args[0]}'.")
        case "save":
            return Save(name=as_typed)
        case "rules":
            return Rules(topic=as_typed)
        case "help":
            return Help(command=args[0] if args else None)
        case "quit":
            return Quit()
        case "colour":
            color = _COLOR_WORDS.get(args[0]) if args else None
            if color is None:
                return Answer("Name a colour: `colour red`, `colour yellow`, `colour green` or `colour blue`.")
            return NameColor(color=color)
        case "play":
            if not args:
                drawn = view.drawn if view is not None else None
                if drawn is not None:
                    return Answer(f"Play what? You just drew {drawn}: `play it`, or `keep` it.")
                return Answer("Play what? Say a card, like `play r7`.")
            return _parse_play(args)
    if words[0] in _COLOR_WORDS and len(words) == 1 and len(words[0]) > 1:
        if view is not None and view.decision is Decision.CHOOSE_COLOR:
            return NameColor(color=_COLOR_WORDS[words[0]])
        return Answer(f"Which {words[0]} card? Say it like `{words[0][0]}7` or `{words[0]} skip`.")
    card, _ = _read_card(words)
    if card is not None or _names_the_drawn_card(words):
        return _parse_play(words)
    rank = _RANK_WORDS.get(words[0])
    if rank is not None and len(words) == 1 and (len(words[0]) > 1 or words[0].isdigit()):
        return Answer(_which_rank(rank, view))
    return Answer(_suggest(words[0]))


def _which_rank(rank: str, view: PlayerView | None) -> str:
    """The answer to a bare number or symbol (`7`, `skip`): which card, among those held.

    >>> _which_rank("7", None)
    'Which 7? Say the colour too, like `r7` or `red 7`.'
    >>> _which_rank("+2", None)
    'Which Draw Two? Say the colour too, like `r+2` or `red draw two`.'
    """
    name = rank_name(rank)
    held = [card.value for card in dict.fromkeys(view.hand) if card.rank == rank] if view is not None else []
    if view is not None and not held:
        # Asking which one would send the player looking for a card they don't have.
        return f"You hold no {name}. {_playable_hint(view)}"
    example = held[0] if held else f"r{rank}"
    answer = f"Which {name}? Say the colour too, like `{example}` or `{_COLOR_WORDS[example[0]].value} {name.lower()}`."
    if view is not None:
        answer += f" You hold {', '.join(held)}."
    return answer


def _parse_play(words: list[str]) -> Play | Answer:
    """`r7`, `w+4 red uno`, `r7 swap with bo`, `r7 g7`; `it` (or `drawn`, `the drawn card`)
    for the card just drawn, which takes a colour or a swap the same way (`play it green`)."""
    uno = False
    while words and words[-1] == "uno":
        uno, words = True, words[:-1]
    card: Card | None = None
    if _names_the_drawn_card(words):
        used = next((at for at, word in enumerate(words) if word not in ("it", "card", "drawn", "the")), len(words))
        spelled = "play it"
    else:
        card, used = _read_card(words)
        if card is None:
            return Answer(f"'{' '.join(words)}' is not a card I know. Cards look like r7, gs (green Skip), b+2, w, w+4 red.")
        spelled = card.value
    rest = words[used:]
    swap_name = None
    for at, word in enumerate(rest):
        if word in ("swap", "with"):
            # `r7 swap with bo`, `r7 swap bo`, `r7 with bo`: whom a 7 swaps hands with (R-HOUSE-2).
            named = rest[at + 1:]
            named = named[1:] if named[:1] == ["with"] else named
            if not named:
                return Answer(f"Swap with whom? Say a name: `{spelled} swap with bo`.")
            swap_name, rest = " ".join(named), rest[:at]
            break
    # More cards after the first are a multi-play (R-HOUSE-6); the engine judges them.
    also: list[Card] = []
    while rest:
        more, used = _read_card(rest)
        if more is None:
            break
        also.append(more)
        rest = rest[used:]
    color: Color | None = None
    if rest:
        color = _COLOR_WORDS.get(rest[0])
        last = also[-1] if also else card
        if color is None or len(rest) > 1:
            after = last.value if last is not None else "the drawn card"
            return Answer(f"After {after} I expected another card, a colour (red, yellow, green, blue) or `uno`, "
                          f"not '{' '.join(rest)}'.")
        if last is not None and not last.is_wild:
            return Answer(_not_wild(last))
    return Play(card=card, color=color, uno=uno, also=tuple(also), swap_name=swap_name)


def _names_the_drawn_card(words: list[str]) -> bool:
    """Whether `words` start with the card just drawn: `it`, `drawn`, `the drawn card`."""
    return words[:1] in (["it"], ["drawn"]) or words[:2] == ["the", "drawn"]


def _not_wild(card: Card) -> str:
    return f"Only a wild names a colour; {card.value} is already {card.color}."


def command_text(command: AnyCommand, names: Sequence[str]) -> str:
    """A command as it is typed (`w+4 blue uno`, `draw`), a seat to swap hands with in words.

    >>> command_text(PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE, uno=True), ["You", "Bo"])
    'w+4 blue uno'
    >>> command_text(PlayCard(seat=0, card=Card.R7, swap_with=1), ["You", "Bo"]), command_text(DrawCard(seat=0), [])
    ('r7 swap with Bo', 'draw')
    """
    match command:
        case PlayCard(card=card, color=color, uno=uno, swap_with=swap_with, also=also):
            words = [card.value, *(more.value for more in also)]
            if color is not None:
                words.append(color.value)
            if swap_with is not None:
                words.append(f"swap with {names[swap_with]}")
            if uno:
                words.append("uno")
            return " ".join(words)
        case DrawCard():
            return "draw"
        case KeepCard():
            return "keep"
        case Challenge():
            return "challenge"
        case AcceptDrawFour():
            return "accept"
        case ChooseColor(color=color):
            return f"colour {color.value}"
        case CallUno():
            return "uno"
        case CatchUno(target=target):
            return f"catch {names[target]}"
        case StartHand():
            return "deal the next hand"
    assert_never(command)


def seats_named(names: Sequence[str], text: str) -> list[int]:
    """The seat whose name is `text`, else every seat whose name starts with it (case and
    backticks aside: `parse_command` leaves out the backticks typed).

    >>> seats_named(["You", "Ada", "Bo"], "bo"), seats_named(["Ada", "Abe"], "a"), seats_named(["Max", "Max 2"], "max")
    ([2], [0, 1], [0])
    >>> seats_named(["You", "`Bo`"], "bo")
    [1]
    """
    word = _typed_form(text.strip())
    for seat, name in enumerate(names):
        if _typed_form(name) == word:
            return [seat]
    return [seat for seat, name in enumerate(names) if _typed_form(name).startswith(word)]


def _typed_form(name: str) -> str:
    """A name as a typed command reads it: lower case, without backticks."""
    return name.replace("`", "").lower()


def given_hands(events: Sequence[AnyEvent], players: int) -> frozenset[int]:
    """The seats whose hand came to them this hand by a swap, a rotation or a new deal of
    the hands (R-HOUSE-2, R-DECK-3), and who have not played from it since.

    >>> given_hands([HandsSwapped(seat=0, other=2), CardPlayed(seat=0, card=Card.R7)], 3)
    frozenset({2})
    """
    given: set[int] = set()
    for event in events:
        match event:
            case HandStarted():
                given = set()
            case HandsSwapped(seat=seat, other=other):
                given |= {seat, other}
            case HandsRotated() | HandsShuffled():
                given = set(range(players))
            case CardPlayed(seat=seat):
                given.discard(seat)
    return frozenset(given)


def _owes_no_uno(seats: Sequence[int], names: Sequence[str]) -> str:
    """Why a player on one card from a swap can't be caught (R-UNO-7)."""
    who = listed((names[seat] for seat in seats), "and")
    cards = "that card" if len(seats) == 1 else "their cards"
    return f"{who} got {cards} when hands changed places, not by playing: no UNO is owed (R-UNO-7)."


def _nobody_to_catch(view: PlayerView, names: Sequence[str], given: frozenset[int] = frozenset()) -> str:
    """Why `catch` with no name finds nobody (R-UNO-3)."""
    silent = [seat for seat, size in enumerate(view.hand_sizes)
              if size == 1 and seat != view.seat and not view.uno_said[seat]]
    if silent and all(seat in given for seat in silent):
        return f"Nobody can be caught: {_owes_no_uno(silent, names)}"
    silent = [seat for seat in silent if seat not in given]
    if silent:
        who = listed((names[seat] for seat in silent), "or")
        return f"Nobody can be caught now: the chance to catch {who} passed when the next player acted (R-UNO-3)."
    if any(size == 1 for seat, size in enumerate(view.hand_sizes) if seat != view.seat):
        return "Nobody can be caught: everyone on one card has said UNO."
    return "Nobody can be caught: no one else is down to one card."


def playable_now(view: PlayerView) -> list[Card]:
    """The distinct cards in the view's hand that could be played now, sorted."""
    return sort_cards(view.playable)


def uno_goes_with_a_play(view: PlayerView) -> tuple[Card, str] | None:
    """When UNO can only be said with a play, the card to play and what the play is.

    With two cards UNO is said on its own only at the seat's turn to play or keep (R-UNO-7):
    before a jump-in (R-HOUSE-3) or on a stack (R-HOUSE-1) it goes with the play of the
    second-to-last card, the first that can be played.

    Returns:
        The card and "jump-in" or "stack"; None when UNO is said on its own or not at all.
    """
    if view.phase is not Phase.PLAYING or len(view.hand) != 2 or not view.playable:
        return None
    if view.turn != view.seat:
        return playable_now(view)[0], "jump-in"
    if view.decision is Decision.STACK:
        return playable_now(view)[0], "stack"
    return None


def challenge_answers(view: PlayerView) -> str:
    """The ways to answer a Wild Draw Four played on the view's seat, as typed."""
    if Card.WILD_DRAW_FOUR in view.playable:
        return "`challenge`, `accept`, or stack yours on it (`w+4 red`)"
    return "`challenge` or `accept`"


def stack_note(view: PlayerView) -> str:
    """What a stacked draw total asks of the turn seat (R-HOUSE-1): "4 cards are
    stacked on you: stack a Draw Two on them or `draw` them"."""
    kind = "Wild Draw Four" if view.top is Card.WILD_DRAW_FOUR else "Draw Two"
    return f"{view.pending} cards are stacked on you: stack a {kind} on them or `draw` them"


def _playable_hint(view: PlayerView) -> str:
    cards = playable_now(view)
    if not cards:
        return "Nothing you hold plays now: `draw`."
    return f"Playable now: {', '.join(card.value for card in cards)}."


def to_command(intent: GameIntent, view: PlayerView, names: Sequence[str],
               hands_given: frozenset[int] = frozenset()) -> AnyCommand | Answer | NeedColor | NeedTarget:
    """The engine command for a game intent of the view's seat, or what to tell the player instead.

    Engine rules are still judged by the engine; this only catches what can be explained
    better here (whose turn it is, cards not held, a wild without a colour).

    Args:
        hands_given: the seats holding a hand that came to them, not played down
            (`given_hands`): on one card they owe no UNO, and `catch` says so.
    """
    seat = view.seat
    assert seat is not None, "commands come from a seat, not the audit view"
    if view.phase is not Phase.PLAYING:
        return Answer("No hand is being played right now.")
    if isinstance(intent, SayUno):
        with_play = uno_goes_with_a_play(view)
        if with_play is not None:
            card_to_play, what = with_play
            return Answer(f"UNO goes with your {what}: `play {card_to_play.value} uno`.")
        return CallUno(seat=seat)
    if isinstance(intent, CatchPlayer):
        target = view.catchable if intent.target is None else intent.target
        if intent.name is not None:
            # "catch me" means the speaker, whatever their seat is called, unless another
            # player is called that.
            called = any(_typed_form(name) == intent.name for other, name in enumerate(names) if other != seat)
            found = seat if intent.name in ("me", "myself") and not called else _seat_by_name(names, intent.name, seat)
            if isinstance(found, Answer):
                return found
            target = found
        if target is None:
            return Answer(_nobody_to_catch(view, names, hands_given))
        if target == seat:
            return Answer("You can't catch yourself: say `uno` instead.")
        if target in hands_given and view.hand_sizes[target] == 1 and not view.uno_said[target]:
            return Answer(_owes_no_uno([target], names))
        return CatchUno(seat=seat, target=target)
    if view.turn != seat and not (isinstance(intent, Play) and intent.card in view.playable):
        return Answer(_off_turn(view, names, intent))  # unless jumping in (R-HOUSE-3)
    decision = view.decision
    if decision is Decision.CHALLENGE and not isinstance(intent, ChallengeIt | Accept):
        # Under stacking the answer may also be a Wild Draw Four of your own (R-HOUSE-1).
        if not (isinstance(intent, Play) and intent.card in view.playable):
            return Answer(f"First answer the Wild Draw Four: {challenge_answers(view)}.")
    if decision is Decision.CHOOSE_COLOR and not isinstance(intent, NameColor):
        return Answer("First name the colour of the Wild start card: `red`, `yellow`, `green` or `blue`.")
    match intent:
        case Draw():
            if decision is Decision.PLAY_OR_KEEP:
                return Answer(f"You have drawn already: `play it` ({view.drawn}) or `keep`.")
            return DrawCard(seat=seat)
        case Keep():
            if decision is not Decision.PLAY_OR_KEEP:
                return Answer("There's no drawn card to keep. " + _playable_hint(view))
            return KeepCard(seat=seat)
        case ChallengeIt():
            if decision is not Decision.CHALLENGE:
                return Answer("There's no Wild Draw Four for you to challenge.")
            return Challenge(seat=seat)
        case Accept():
            if decision is not Decision.CHALLENGE:
                return Answer("There's no Wild Draw Four for you to accept.")
            return AcceptDrawFour(seat=seat)
        case NameColor(color=color):
            if decision is not Decision.CHOOSE_COLOR:
                return Answer("There's no colour to name now; a wild's colour goes with it: `w red`.")
            return ChooseColor(seat=seat, color=color)
        case Play(card=card, color=color, uno=uno, swap_with=swap_with, also=also, swap_name=swap_name):
            if swap_name is not None:
                found = _swap_target(view, names, card, swap_name, len(also))
                if isinstance(found, Answer):
                    return found
                swap_with = found
            return _play_command(view, seat, card, color, uno, swap_with, also)
    return Answer("That can't be done now.")


def _off_turn(view: PlayerView, names: Sequence[str], intent: GameIntent) -> str:
    """Why `intent` can't be done off the seat's turn.

    A card held that was the top card a moment ago, before the one now on it, was a
    chance to jump in that has passed (R-HOUSE-3): typed as the pile changed, it is
    told so, not only whose turn it is.
    """
    card = intent.card if isinstance(intent, Play) else None
    if (card is not None and card.color is not None and view.rules.jump_in and card in view.hand
            and view.discard[-2:-1] == (card,) and view.top is not card):
        assert view.top is not None
        return f"Too late to jump in with {card.value}: the top card is now {view.top.value}."
    return f"It's {names[view.turn]}'s turn, not yours."


def _swap_target(view: PlayerView, names: Sequence[str], card: Card | None, name: str, extra: int) -> int | Answer:
    """The seat a typed `swap with NAME` names, or why it can't be swapped with; `card`
    None is the card just drawn."""
    card = card if card is not None else view.drawn
    if card is not None and not needs_swap_target(view, card, extra):
        return Answer(f"{card.value} swaps no hands here: play it without `swap` "
                      "(a 7 does under seven-o, R-HOUSE-2).")
    assert view.seat is not None
    found = _seat_by_name(names, name, view.seat)
    if found == view.seat:
        return Answer("You can't swap hands with yourself: name another player.")
    return found


def _seat_by_name(names: Sequence[str], name: str, asking: int) -> int | Answer:
    """The one seat `name` names (`seats_named`), or the answer when it names none or
    several; `asking` is the seat that typed it, not among the names it is offered."""
    named = seats_named(names, name)
    if not named:
        others = [other for seat, other in enumerate(names) if seat != asking]
        who = f"the other player is {others[0]}" if len(others) == 1 else f"the others are {listed(others)}"
        return Answer(f"There's nobody called '{name}' at this table; {who}.")
    if len(named) > 1:
        return Answer(f"'{name}' could be {listed((names[other] for other in named), 'or')}: type more of the name.")
    return named[0]


def _play_command(view: PlayerView, seat: int, card: Card | None, color: Color | None, uno: bool,
                  swap_with: int | None = None, also: tuple[Card, ...] = ()) -> AnyCommand | Answer | NeedColor | NeedTarget:
    if view.decision is Decision.PLAY_OR_KEEP:
        drawn = view.drawn
        if card is None:
            card = drawn
        elif card != drawn:
            return Answer(f"You just drew {drawn}: you may play only that card (`play it`), or `keep` it.")
        if also:
            return Answer(f"You just drew {drawn}: only that card may be played now, on its own (R-TURN-3).")
    if card is None:
        return Answer("You haven't drawn a card to play. " + _playable_hint(view))
    if color is not None and not card.is_wild and not also:
        return Answer(_not_wild(card))  # `play it green` of a drawn card that is not wild
    if card not in view.hand:
        return Answer(f"You don't hold {_a(card)}. {_playable_hint(view)}")
    if also:
        refused = multi_play_refusal(view, card, also)
        if refused is not None:
            return Answer(refused)
        also = (*sorted(also[:-1], key=_DECK_ORDER.__getitem__), also[-1])
    assert view.top is not None
    if view.decision is Decision.STACK and card not in view.playable:
        return Answer(f"{stack_note(view)}. {_playable_hint(view)}")
    if not is_playable(card, view.top, view.color):
        answer = f"{card.value} doesn't match {view.top.value} on a {view.color} pile."
        first = next((extra for extra in also if is_playable(extra, view.top, view.color)), None)
        if first is not None:
            others = [card, *also]
            others.remove(first)
            spelled = " ".join(other.value for other in (first, *others))
            return Answer(f"{answer} The first card must match the pile: `play {spelled}` (R-HOUSE-6).")
        return Answer(f"{answer} {_playable_hint(view)}")
    if also:
        left = len(view.hand) - 1 - len(also)
        if uno and left == 0:
            return Answer(f"Playing these {len(also) + 1} cards leaves you none: no UNO to say, "
                          "play them without `uno` (R-UNO-6).")
    if card.is_wild and color is None:
        return NeedColor(card=card, uno=uno)
    if swap_with is None and needs_swap_target(view, card, len(also)):
        return NeedTarget(card=card, color=color, uno=uno, also=also)
    return PlayCard(seat=seat, card=card, color=color, uno=uno, swap_with=swap_with, also=also)


_DECK_ORDER = {card: index for index, card in enumerate(Card)}
"""Deck order (red, yellow, green, blue): the one spelling the engine takes for the middle
cards of a multi-play, whose order changes nothing."""


def multi_play_refusal(view: PlayerView, card: Card, also: Sequence[Card]) -> str | None:
    """Why `card` played with `also` can't be one multi-play from this view, or None when
    nothing here stands in its way (the engine still judges the play).

    Rule: R-HOUSE-6.

    Args:
        card: the first card, the one that must match the pile.
        also: the others in the order given; the last sets the colour.
    """
    if not view.rules.multi_play:
        return "Multi-play is off at this table: one card per turn (R-HOUSE-6)."
    if view.turn != view.seat:
        return f"A jump-in is one card: play {card.value} on its own (R-HOUSE-3)."
    if view.decision is Decision.STACK:
        return "Cards are pending: stack one Draw Two or draw them; no multi-play on a stack (R-HOUSE-6)."
    for played in (card, *also):
        if not played.rank.isdigit():
            return f"{played.value} is {_a(played)}: only number cards are played together (R-HOUSE-6)."
    for extra in also:
        if extra.rank != card.rank:
            return (f"{extra.value} is {_a_number(extra.rank)}, not {_a_number(card.rank)}: cards played "
                    f"together show one number (R-HOUSE-6).")
    short = Counter([card, *also]) - Counter(view.hand)
    for missing, count in short.items():
        held = view.hand.count(missing)
        if held == 0:
            return f"You don't hold {_a(missing)}. {_playable_hint(view)}"
        return f"You hold {number_word(held)} {card_name(missing)}, not {number_word(held + count)} (R-HOUSE-6)."
    return None


def _a_number(rank: str) -> str:
    """A number with its article.

    >>> _a_number("7"), _a_number("8")
    ('a 7', 'an 8')
    """
    return f"an {rank}" if rank == "8" else f"a {rank}"


def needs_swap_target(view: PlayerView, card: Card, extra: int = 0) -> bool:
    """Whether playing `card` (with `extra` more cards of a multi-play) from this view's hand
    swaps hands with a chosen player.

    Rule: R-HOUSE-2 (a 7 under seven-o), R-DECK-3 (a Wild Customizable that swaps hands).
    A last card ends the hand instead, so it names nobody.
    """
    if len(view.hand) <= 1 + extra:
        return False
    if card.rank == "7":
        return view.rules.seven_o
    return card is Card.WILD_CUSTOMIZABLE and view.rules.custom_effect is CustomEffect.SWAP_HANDS


def _a(card: Card) -> str:
    """A card in words with its article.

    >>> _a(Card.R7), _a(Card.WILD)
    ('a red 7', 'a Wild')
    """
    return f"a {card_name(card)}"


def complete(text: str, candidates: Sequence[str]) -> str | None:
    """Complete the last word of `text` from `candidates` (the longest shared prefix).

    >>> complete("play r", ["r7", "r+2", "g5"])
    'play r'
    >>> complete("catch b", ["Ada", "Bo"])
    'catch Bo '
    >>> complete("cha", ["challenge", "catch"])
    'challenge '
    >>> complete("rules r-h", ["R-UNO-", "R-HOUSE-"])
    'rules R-HOUSE-'
    """
    head, _, last = text.rpartition(" ")
    word = last.lower()
    matches = [candidate for candidate in dict.fromkeys(candidates) if candidate.lower().startswith(word)]
    if not matches:
        return None
    if len(matches) == 1:
        # A word ending in "-" goes on (R-HOUSE- takes its number): no space after it.
        done = matches[0] + ("" if matches[0].endswith("-") else " ")
    else:
        done = matches[0][: len(_shared_prefix([match.lower() for match in matches]))]
        if len(done) < len(last):
            done = last
    return f"{head} {done}" if head else done


def _shared_prefix(words: list[str]) -> str:
    first, last = min(words), max(words)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return first[:size]
