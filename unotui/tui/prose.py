"""The table described in prose, for `look`, `hand` and `score`: only what the seat may see."""

from __future__ import annotations

from collections.abc import Sequence

from unotui.engine import Decision, Phase, PlayerView
from unotui.record.narrate import counted

from .commands import challenge_answers, playable_now, stack_note
from .faces import card_name, color_name, sort_cards

__all__ = ["describe_hand", "describe_scores", "describe_table", "direction_words"]


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


def describe_scores(view: PlayerView, names: Sequence[str]) -> str:
    """Totals against the target, then each finished hand's points."""
    totals = ", ".join(f"{names[seat]} {points}" for seat, points in enumerate(view.scores))
    lines = [f"Scores, playing to {counted(view.rules.target, 'point')}: {totals}."]
    for number, result in enumerate(view.results, start=1):
        scored = ", ".join(f"{names[seat]} {points}" for seat, points in enumerate(result) if points)
        lines.append(f"Hand {number}: {scored or 'nobody scored'}.")
    return "\n".join(lines)
