"""The table described in prose, for `look`, `hand` and `score`: only what the seat may see."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import assert_never

from unotui.bots.strong import Weighed
from unotui.engine import (
    AcceptDrawFour,
    AnyCommand,
    AnyEvent,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    ChooseColor,
    DrawCard,
    KeepCard,
    PlayCard,
    StartHand,
    CardsDrawn,
    Decision,
    DrawnCardPlayable,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    HandStarted,
    Phase,
    PlayerView,
)
from unotui.record.narrate import counted

from .commands import challenge_answers, command_text, playable_now, stack_note
from .faces import card_name, color_name, sort_cards

__all__ = ["command_advised", "command_done", "command_phrase", "describe_hand", "describe_hint", "describe_news",
           "describe_scores", "describe_table", "direction_words", "no_hint", "refusal"]


def refusal(reason: str, rule: str, names: Sequence[str]) -> str:
    """The engine's reason for refusing a command, as a sentence that names players as the
    table does: the engine counts seats from 0 ("seat 1 has said UNO").

    >>> refusal("seat 1 has said UNO", "R-UNO-5", ["You", "Gran"])
    'Gran has said UNO (R-UNO-5).'
    >>> refusal("too late: the chance to catch seat 2 has passed", "R-UNO-4", ["You", "Bo", "Cy"])
    'Too late: the chance to catch Cy has passed (R-UNO-4).'
    >>> refusal("seat 1 has said UNO", "R-UNO-5", ["You", "gran"])
    'gran has said UNO (R-UNO-5).'
    """
    def name(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        return names[seat] if seat < len(names) else found.group(0)

    # A name is written as its player typed it, even at the start of the sentence.
    text = re.sub(r"\bseat (\d)\b", name, reason if re.match(r"seat \d\b", reason) else reason[:1].upper() + reason[1:])
    return f"{text} ({rule})."


def direction_words(direction: int) -> str:
    """The direction of play in words, with an arrow.

    >>> direction_words(1), direction_words(-1)
    ('→ clockwise', '← anticlockwise')
    """
    return "→ clockwise" if direction == 1 else "← anticlockwise"


def describe_table(view: PlayerView, names: Sequence[str]) -> str:
    """Whose turn, top card, colour, direction, what everyone holds, who is on UNO."""
    seat = view.seat
    if view.phase is Phase.NEW:
        return "The cards have not been dealt yet."
    if view.phase is Phase.MATCH_OVER:
        winners = " and ".join(names[winner] for winner in view.winners)
        return f"The match is over: {winners} won."
    parts: list[str] = []
    if view.phase is Phase.HAND_OVER:
        parts.append(f"Hand {view.hand_number} is over; the next hand is waiting to be dealt.")
    else:
        whose = "your" if view.turn == seat else f"{names[view.turn]}'s"
        parts.append(f"Hand {view.hand_number}. It is {whose} turn.")
        if view.top is not None:
            parts.append(f"The top card is a {card_name(view.top)}; the colour is {color_name(view.color)}.")
        parts.append(f"Play goes {direction_words(view.direction)}; the draw pile holds {counted(view.draw_count, 'card')}.")
    held = []
    for other, count in enumerate(view.hand_sizes):
        who = "You hold" if other == seat else f"{names[other]} holds"
        note = ""
        if count == 1 and view.uno_said[other]:
            note = " and has said UNO" if other != seat else " and have said UNO"
        elif view.catchable == other:
            note = " and forgot to say UNO (catch!)" if other != seat else " and haven't said UNO"
        held.append(f"{who} {counted(count, 'card')}{note}")
    parts.append("; ".join(held) + ".")
    if view.turn == seat and view.phase is Phase.PLAYING:
        match view.decision:
            case Decision.CHALLENGE:
                stacked = f" ({view.pending} cards stacked)" if view.pending > 4 else ""
                parts.append(f"A Wild Draw Four was played on you{stacked}: {challenge_answers(view)}.")
            case Decision.STACK:
                parts.append(f"{stack_note(view)}.")
            case Decision.CHOOSE_COLOR:
                parts.append("Name the colour of the Wild start card.")
            case Decision.PLAY_OR_KEEP:
                parts.append(f"You drew {view.drawn}: `play it` or `keep`.")
            case _:
                pass
    return " ".join(parts)


def describe_hand(view: PlayerView) -> str:
    """The cards held, sorted, and which of them play now."""
    if not view.hand:
        return "You hold no cards."
    cards = " ".join(card.value for card in sort_cards(view.hand))
    text = f"You hold {counted(len(view.hand), 'card')}: {cards}."
    playable = playable_now(view)
    if playable and view.turn != view.seat:
        text += f" You can jump in with {playable[0].value}."
    elif playable:
        text += f" Playable now: {', '.join(card.value for card in playable)}."
    elif view.turn == view.seat and view.phase is Phase.PLAYING and view.decision in (Decision.PLAY, Decision.STACK):
        text += " Nothing plays now: `draw`."
    return text


def describe_news(view: PlayerView, since: Sequence[AnyEvent]) -> str | None:
    """The cards that came into the view's hand through `since` (the seat's own view of the
    events), unseen, and are still there, or None when none did.

    At a hot-seat table the next player's turn can follow at once, as after a drawn card
    that does not play: this is said to the player leaving the keyboard, who has not seen
    the log tell it, before the table is hidden.
    """
    seat = view.seat
    came: list[Card] = []
    changed = False
    for event in since:
        match event:
            case HandStarted():  # what came before is not in this hand
                came, changed = [], False
            case CardsDrawn(seat=drawer, cards=got) if drawer == seat:
                came += got
            case DrawnCardPlayable(seat=drawer, card=shown) if drawer == seat and shown in came:
                came.remove(shown)  # shown in the dialog that asked whether to play it
            case HandsRotated() | HandsShuffled():  # a 0 under seven-o, hands dealt again (R-HOUSE-2, R-DECK-3)
                came, changed = [], True
            case HandsSwapped(seat=one, other=other) if seat in (one, other):  # a 7 under seven-o
                came, changed = [], True
            case _:
                pass
    held = Counter(view.hand)
    drawn: list[str] = []
    for card in came:
        if held[card]:  # not played since
            held[card] -= 1
            drawn.append(card.value)
    if not drawn and not changed:
        return None
    parts = []
    if drawn:
        parts.append(f"You drew {drawn[0]}." if len(drawn) == 1 else f"You drew {counted(len(drawn), 'card')}: {' '.join(drawn)}.")
    cards = " ".join(card.value for card in sort_cards(view.hand))
    if changed:
        parts.append(f"You have a new hand of {counted(len(view.hand), 'card')}: {cards}.")
    else:
        parts.append(f"You now hold {counted(len(view.hand), 'card')}: {cards}.")
    return " ".join(parts)


def describe_scores(view: PlayerView, names: Sequence[str]) -> str:
    """Totals against the target, then each finished hand's points."""
    totals = ", ".join(f"{names[seat]} {points}" for seat, points in enumerate(view.scores))
    lines = [f"Scores, playing to {counted(view.rules.target, 'point')}: {totals}."]
    for number, result in enumerate(view.results, start=1):
        scored = ", ".join(f"{names[seat]} {points}" for seat, points in enumerate(result) if points)
        lines.append(f"Hand {number}: {scored or 'nobody scored'}.")
    return "\n".join(lines)


def no_hint(view: PlayerView, names: Sequence[str]) -> str | None:
    """Why there is no move of the view's seat to weigh now, or None when there is one."""
    if view.phase is not Phase.PLAYING:
        return "There's no move to weigh: no hand is being played."
    if view.turn != view.seat:
        return f"It's {names[view.turn]}'s turn, not yours: a hint weighs your own moves."
    return None


def describe_hint(weighed: Sequence[Weighed], names: Sequence[str], seen: str = "what you have seen",
                  lead: str = "Hint:", say: Callable[[AnyCommand, Sequence[str]], str] = command_text) -> str:
    """What the `strong` bot would do in the seat (`StrongBot.weigh`: its choice first), and
    the share of play-outs each move it weighed won, best first, dealt to fit `seen`;
    `lead` opens it, and `say` writes the move chosen after it (the others are named as
    they are typed).

    >>> from unotui.engine import AcceptDrawFour, Card, Challenge, DrawCard, PlayCard
    >>> r7, g4, draw = PlayCard(seat=0, card=Card.R7), PlayCard(seat=0, card=Card.G4), DrawCard(seat=0)
    >>> describe_hint([Weighed(g4, 0.314), Weighed(r7, 0.3), Weighed(draw, 0.22)], ["You", "Bo"])
    'Hint: g4. Play-outs won from what you have seen: g4 31%, r7 30%, draw 22%.'
    >>> describe_hint([Weighed(r7, 0.3), Weighed(g4, 0.314), Weighed(draw, 0.22)], ["You", "Bo"]).split(". ")[0]
    'Hint: r7 (what a good casual player does: g4 won a few more play-outs, too few to tell the two apart)'
    >>> describe_hint([Weighed(g4, None)], ["You", "Bo"])
    'Hint: g4, the only move worth weighing here.'
    >>> describe_hint([Weighed(AcceptDrawFour(seat=0), 0.25), Weighed(Challenge(seat=0), 0.3, True)], ["You"])
    'Hint: accept. Play-outs won from what you have seen: accept 25%. A challenge was not weighed: in every deal of the unseen cards the Wild Draw Four was legal.'
    >>> describe_hint([Weighed(draw, None)], ["You"], lead="Strong would", say=command_advised)
    'Strong would draw, the only move worth weighing here.'
    """
    choice = weighed[0].command
    chosen = say(choice, names)
    if weighed[0].share is None:
        return f"{lead} {chosen}, the only move worth weighing here."
    ranked = sorted((move for move in weighed if not move.ruled_out), key=lambda move: -(move.share or 0.0))
    best = command_text(ranked[0].command, names)
    if ranked[0].command != choice:
        # The search credits the usual move with `HABIT_BONUS`: a smaller lead is noise.
        chosen += f" (what a good casual player does: {best} won a few more play-outs, too few to tell the two apart)"
    shares = ", ".join(f"{command_text(move.command, names)} {move.share or 0.0:.0%}" for move in ranked)
    text = f"{lead} {chosen}. Play-outs won from {seen}: {shares}."
    if any(move.ruled_out for move in weighed):
        text += " A challenge was not weighed: in every deal of the unseen cards the Wild Draw Four was legal."
    return text


def command_phrase(command: AnyCommand, names: Sequence[str], *, past: bool = False) -> str:
    """What a command does, as words to follow its player's name (`past`) or "would".

    >>> from unotui.engine import Color
    >>> names = ["Ada", "Bo"]
    >>> command_phrase(KeepCard(seat=0), names), command_phrase(KeepCard(seat=0), names, past=True)
    ('keep the drawn card', 'kept the drawn card')
    >>> command_phrase(PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE, uno=True), names)
    'play w+4 and name blue, saying UNO'
    """
    def verb(present: str, done: str) -> str:
        return done if past else present

    match command:
        case PlayCard(card=card, color=color, uno=uno, swap_with=swap_with, also=also):
            words = f"{verb('play', 'played')} " + " and ".join(played.value for played in (card, *also))
            if color is not None:
                words += f" and {verb('name', 'named')} {color.value}"
            if swap_with is not None:
                words += f", swapping hands with {names[swap_with]}"
            if uno:
                words += ", saying UNO"
            return words
        case DrawCard():
            return verb("draw", "drew")
        case KeepCard():
            return f"{verb('keep', 'kept')} the drawn card"
        case Challenge():
            return f"{verb('challenge', 'challenged')} the Wild Draw Four"
        case AcceptDrawFour():
            return f"{verb('accept', 'accepted')} the Wild Draw Four"
        case ChooseColor(color=color):
            return f"{verb('name', 'named')} {color.value}"
        case CallUno():
            return verb("say UNO", "said UNO")
        case CatchUno(target=target):
            return f"{verb('catch', 'caught')} {names[target]} without UNO"
        case StartHand():
            return f"{verb('deal', 'dealt')} the next hand"
    assert_never(command)


def command_advised(command: AnyCommand, names: Sequence[str]) -> str:
    """The move an analysis advises, after "would": a card played as it is typed, as the
    play-outs name it, any other move in words.

    >>> from unotui.engine import Color
    >>> command_advised(PlayCard(seat=0, card=Card.WILD, color=Color.BLUE), []), command_advised(DrawCard(seat=0), [])
    ('play w blue', 'draw')
    >>> command_advised(AcceptDrawFour(seat=0), [])
    'accept the Wild Draw Four'
    """
    if isinstance(command, PlayCard):
        return f"play {command_text(command, names)}"
    return command_phrase(command, names)


def command_done(command: AnyCommand, names: Sequence[str]) -> str:
    """What the command's seat did, as a sentence: the analysis says what was played.

    >>> from unotui.engine import Color
    >>> names = ["Ada", "Bo"]
    >>> command_done(DrawCard(seat=0), names), command_done(AcceptDrawFour(seat=1), names)
    ('Ada drew.', 'Bo accepted the Wild Draw Four.')
    >>> command_done(PlayCard(seat=0, card=Card.WILD_DRAW_FOUR, color=Color.BLUE, uno=True), names)
    'Ada played w+4 and named blue, saying UNO.'
    >>> command_done(PlayCard(seat=0, card=Card.R7, swap_with=1), names), command_done(CatchUno(seat=1, target=0), names)
    ('Ada played r7, swapping hands with Bo.', 'Bo caught Ada without UNO.')
    """
    return f"{names[command.seat]} {command_phrase(command, names, past=True)}."
