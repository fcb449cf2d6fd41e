"""The game told in plain language, like a rulebook's worked example: one source for every log.

`Narrator` turns events into sentences, as one seat saw them (that seat is "You") or
all-seeing (seat None, bluffs included). It keeps a little context across calls (the
current colour, to say which card gave a bluff away), so feed it every event in order,
one command's events at a time or all at once: the sentences come out the same.

>>> from unotui.engine import CardPlayed, TurnSkipped, TurnStarted, Card
>>> narrate([CardPlayed(seat=0, card=Card.R_SKIP), TurnSkipped(seat=1), TurnStarted(seat=2)],
...         ["Ada", "Bo", "Cy"], viewer=2)
['Ada plays rs: Bo is skipped.']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from unotui.engine import (
    AnyEvent,
    Card,
    CardKept,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    Color,
    ColorNamed,
    DealerChosen,
    DealerDraw,
    Decision,
    DeckShuffled,
    DirectionReversed,
    DiscardsReshuffled,
    DrawnCardPlayable,
    DrawReason,
    DrawsStacked,
    HandEnded,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    HandStarted,
    JumpedIn,
    MatchWon,
    Position,
    StartCardReturned,
    StartCardTurned,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
    redact,
)
from unotui.engine.cards import POINTS_OF

from .format import Header

__all__ = ["YOU", "Narrator", "Speaker", "by_place", "counted", "describe", "listed", "names_seen_by", "narrate",
           "origin_heading"]


def narrate(events: Iterable[AnyEvent], names: Sequence[str], viewer: int | None) -> list[str]:
    """Every sentence about `events`, from the start of a match, as `viewer` saw them."""
    return Narrator(names, viewer).feed(events)


def describe(event: AnyEvent, names: Sequence[str], viewer: int | None) -> str | None:
    """One event on its own, without context; None when it says nothing worth a line.

    Prefer a `Narrator` for a stream: it joins a play with its effects ("Ada plays rs:
    Bo is skipped.") where this says "Ada plays rs." and "Bo is skipped." apart.
    """
    lines = Narrator(names, viewer).feed([event])
    return " ".join(lines) if lines else None


YOU = "You"
"""The name a seat at this keyboard gets by default. The all-seeing log speaks to that
player as you; in another seat's view, where "you" is that seat, it is named `by_place`."""


def by_place(seat: int) -> str:
    """A player named by seat, as a hot-seat table names its humans: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def names_seen_by(names: Sequence[str], viewer: int | None) -> list[str]:
    """The seats' names as `viewer` reads them. In another seat's view "you" is that seat,
    so the player called You (a save's own seat by default) is named by place, as a
    hot-seat table names its first player.

    >>> names_seen_by(["You", "Bo"], 1), names_seen_by(["You", "Bo"], 0), names_seen_by(["You", "Bo"], None)
    (['Player 1', 'Bo'], ['You', 'Bo'], ['You', 'Bo'])
    """
    return [by_place(seat) if name == YOU and viewer not in (None, seat) else name for seat, name in enumerate(names)]


class Speaker:
    """Names and verb forms: the viewer is "you" (in an all-seeing log, the player called
    You), everyone else by name."""

    def __init__(self, names: Sequence[str], viewer: int | None) -> None:
        self.names = names_seen_by(names, viewer)
        self.viewer = viewer

    def addressed(self, seat: int) -> bool:
        """Whether `seat` is spoken to as "you": the viewer, or in an all-seeing log the
        player called You (the name a seat at this keyboard gets by default), who would
        otherwise read "You plays"."""
        if self.viewer is None:
            return 0 <= seat < len(self.names) and self.names[seat] == YOU
        return seat == self.viewer

    def who(self, seat: int) -> str:
        """The seat as a subject or object; sentences are capitalised when finished."""
        if self.addressed(seat):
            return "you"
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat}"

    def capital(self, sentence: str) -> str:
        """`sentence` with a capital letter, unless it starts with a player's name: a name
        is written as its player typed it ("Hand 1. You deal.", but "Hand 1. bo deals.").

        >>> say = Speaker(["You", "bo", "Cy"], 0)
        >>> say.capital(say.does(0, "deal")), say.capital(say.does(1, "deal")), say.capital("bob's turn")
        ('You deal', 'bo deals', "Bob's turn")
        """
        if any(re.match(re.escape(name) + r"(?!\w)", sentence) for name in self.names):
            return sentence
        return sentence[:1].upper() + sentence[1:]

    def does(self, seat: int, verb: str, third: str | None = None) -> str:
        """`Ada plays` / `You play`; `third` for irregular third-person forms."""
        return f"{self.who(seat)} {self.form(seat, verb, third)}"

    def form(self, seat: int, verb: str, third: str | None = None) -> str:
        """The verb alone as `seat` does it: `play` for you, `plays` for Ada."""
        return verb if self.addressed(seat) else third or verb + "s"

    def whose(self, seat: int) -> str:
        """The seat owning something: `your` for you, `Ada's` for Ada."""
        return "your" if self.addressed(seat) else f"{self.who(seat)}'s"

    def is_(self, seat: int) -> str:
        return "you are" if self.addressed(seat) else f"{self.who(seat)} is"

    def sees(self, seat: int) -> bool:
        """Whether the viewer may see `seat`'s hidden cards."""
        return self.viewer is None or self.viewer == seat


def listed(names: Iterable[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c` (or with `last` "or": `a, b or c`)."""
    words = list(names)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.value for card in cards)


def _count(count: int) -> str:
    return "a card" if count == 1 else f"{count}"


def counted(count: int, noun: str) -> str:
    """`count` with its noun, singular for one.

    >>> counted(1, "point"), counted(500, "point"), counted(0, "hand")
    ('1 point', '500 points', '0 hands')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@dataclass(frozen=True, slots=True)
class _Draw:
    """One seat's draw, possibly across a reshuffle: the parts of a sentence about it."""

    used: int
    """Events it covers."""
    seat: int
    reason: DrawReason
    count: int
    cards: tuple[Card, ...]
    """Empty when the viewer may not see them."""
    reshuffled: bool

    def predicate(self, say: Speaker) -> str:
        """The sentence after its subject: "draws 2", "draw 2 (r1 g5)", "draw g4".

        The cards go in brackets rather than after a colon: the draw often follows one
        ("Ada plays r+2: you draw 2 (r1 g5) and are skipped").
        """
        you = say.addressed(self.seat)
        if self.count == 0:
            return f"{'find' if you else 'finds'} nothing left to draw"
        verb = "draw" if you else "draws"
        asides: list[str] = []
        if self.reason is DrawReason.CHOICE and self.count == 1:
            text = f"{verb} {self.cards[0].value if self.cards else 'a card'}"
        else:
            text = f"{verb} {self.count}"
            if self.cards:
                asides.append(_cards(self.cards))
        if self.reshuffled:
            asides.append("the discards are shuffled into a new draw pile")
        return f"{text} ({'; '.join(asides)})" if asides else text

    def clause(self, say: Speaker) -> str:
        return f"{say.who(self.seat)} {self.predicate(say)}"


class Narrator:
    """Sentences for a stream of events, with the context a rulebook example keeps."""

    def __init__(self, names: Sequence[str], viewer: int | None, position: Position | None = None) -> None:
        """
        Args:
            names: each seat's name, by seat.
            viewer: the seat whose view this is ("You"), or None to see everything.
            position: where the stream starts when a match starts mid-hand: the first
                sentence tells the table as it stands (`opening`).
        """
        self.speak = Speaker(names, viewer)
        self.viewer = viewer
        self.color: Color | None = position.color if position is not None else None
        """The current colour, followed through the events."""
        self.before_wild: Color | None = None
        """The colour a Wild Draw Four was played on: what a challenge looks for."""
        self.hand = position.hand if position is not None else 0
        """The hand the last event belonged to."""
        self.to_play: int | None = position.turn if position is not None else None
        """Whose turn it is: a player who jumps in takes it."""
        self._untold = position
        """The position the story starts from, until its sentence is told."""

    def feed(self, events: Iterable[AnyEvent]) -> list[str]:
        """The sentences for the next events, in order.

        Events from one command belong together: pass a command's events in one call
        (or more at once), never split in the middle.
        """
        return [line for _, _, line in self.feed_spans(events)]

    def feed_spans(self, events: Iterable[AnyEvent]) -> list[tuple[int, int, str]]:
        """Like `feed`, with the events each sentence tells: `(first, count, sentence)`,
        `first` counted from the start of this call (the replay viewer's log index).

        Events that say nothing on their own (a turn starting, a shuffle) belong to no
        sentence.
        """
        pending = [redact(event, self.viewer) for event in events]
        spans: list[tuple[int, int, str]] = []
        if self._untold is not None:
            spans.append((0, 0, self.opening(self._untold)))
            self._untold = None
        index = 0
        while index < len(pending):
            used, line = self._sentence(pending, index)
            if line:
                spans.append((index, used, self.speak.capital(line)))
            # A sentence may take in the turn that starts after it (`_effects`).
            self.to_play = next((event.seat for event in reversed(pending[index:index + used])
                                 if isinstance(event, TurnStarted)), self.to_play)
            index += used
        return spans

    def opening(self, position: Position) -> str:
        """The table as a match started from `position` finds it, as the viewer sees it:
        the story before it is not in the file, so this is where the story starts.

        >>> from unotui.engine import Card as C
        >>> spot = Position(hands=((C.R1,), (C.B2, C.B3, C.Y4)), discard=(C.R5,), draw_pile=(C.G1,) * 9,
        ...                 color=Color.RED, turn=1, dealer=0, direction=-1, hand=3, scores=(120, 45), uno=(0,))
        >>> print(Narrator(["Ada", "Bo"], 0).opening(spot))
        Hand 3 goes on from a set position (scores so far: you 120, Bo 45). The top card is r5, the colour red, and play goes anticlockwise. You hold r1 and have said UNO; Bo holds 3 cards; the draw pile holds 9 cards. It is Bo's turn.
        >>> print(Narrator(["Ada", "Bo"], None).opening(spot).split(". ")[2])
        Ada holds r1 and has said UNO; Bo holds b2 b3 y4; the draw pile holds 9 cards
        """
        say = self.speak
        text = f"Hand {position.hand} goes on from a set position"
        if any(position.scores):
            text += " (scores so far: " + ", ".join(f"{say.who(seat)} {points}" for seat, points in enumerate(position.scores)) + ")"
        # A valid position has at least its top card on the discard pile.
        color = f"the colour {position.color.value}" if position.color is not None else "its colour not yet named"
        direction = "clockwise" if position.direction == 1 else "anticlockwise"
        text += f". The top card is {position.discard[-1].value}, {color}, and play goes {direction}. "
        held = []
        for seat, hand in enumerate(position.hands):
            holding = _cards(hand) if say.sees(seat) else counted(len(hand), "card")
            if seat in position.uno:
                holding += " and have said UNO" if say.addressed(seat) else " and has said UNO"
            elif seat == position.uno_window:
                holding += " and have not said UNO" if say.addressed(seat) else " and has not said UNO"
            held.append(f"{say.does(seat, 'hold')} {holding}")
        text += say.capital("; ".join(held)) + f"; the draw pile holds {counted(len(position.draw_pile), 'card')}. "
        turn = position.turn
        match position.decision:
            case Decision.CHALLENGE if position.pending:  # under stacking (R-HOUSE-1)
                text += (f"{say.capital(say.does(turn, 'answer'))} a Wild Draw Four, {position.pending} cards to draw: "
                         "challenge, accept, or stack another on it.")
            case Decision.CHALLENGE:
                text += f"{say.capital(say.does(turn, 'answer'))} a Wild Draw Four: challenge or accept."
            case Decision.CHOOSE_COLOR:
                text += f"{say.capital(say.does(turn, 'name'))} the start card's colour."
            case Decision.PLAY_OR_KEEP if say.sees(turn) and position.drawn is not None:
                drawn = position.drawn.value
                text += f"{say.capital(say.does(turn, 'have', 'has'))} drawn {drawn} and may play it or keep it."
            case _:
                text += f"It is {say.whose(turn)} turn."
        if position.pending and position.decision is not Decision.CHALLENGE:
            text += f" {position.pending} cards to draw are waiting, unless a draw card is stacked on them."
        return text

    def _dealer_draws(self, draws: Sequence[DealerDraw]) -> str:
        """The cards drawn for the deal, round by round: a tie on the highest card sends
        the tied players to draw again (R-SETUP-1), so a seat's second card starts a round."""
        say = self.speak
        rounds: list[list[DealerDraw]] = [[]]
        for draw in draws:
            if any(earlier.seat == draw.seat for earlier in rounds[-1]):
                rounds.append([])
            rounds[-1].append(draw)

        def cards_drawn(drawn: list[DealerDraw]) -> str:
            return ", ".join(f"{say.who(d.seat)} {d.card.value}" for d in drawn)

        text = cards_drawn(rounds[0])
        for tied, again in zip(rounds, rounds[1:]):
            points = max(POINTS_OF[d.card] for d in tied)
            verb = "tie again" if tied is not rounds[0] else "tie"
            text += f"; {listed(say.who(d.seat) for d in again)} {verb} on {points} and draw again: {cards_drawn(again)}"
        return text

    # -------------------------------------------------------------------- one sentence

    def _sentence(self, events: list[AnyEvent], index: int) -> tuple[int, str | None]:
        """Describe `events[index]` and whatever follows it that belongs in the same
        sentence; returns how many events were used."""
        event = events[index]
        say = self.speak
        match event:
            case DealerChosen(dealer=dealer, draws=draws):
                if not draws:
                    return 1, None
                # An action card beating a 9 surprises a player who expects numbers to count.
                card = next(draw.card for draw in reversed(draws) if draw.seat == dealer)
                return 1, (f"Cards drawn for the deal: {self._dealer_draws(draws)}. {say.capital(say.does(dealer, 'deal'))} "
                           f"first: {card.value} is the highest card ({counted(POINTS_OF[card], 'point')}).")
            case HandStarted(hand=hand, dealer=dealer):
                self.hand, self.color = hand, None
                return 1, f"Hand {hand}. {say.capital(say.does(dealer, 'deal'))}."
            case DeckShuffled():
                return 1, None
            case CardsDealt(hands=hands):
                return 1, self._dealt(hands)
            case StartCardTurned(card=card):
                return self._start_card(events, index, card)
            case StartCardReturned(card=card):
                used = 2 if index + 1 < len(events) and isinstance(events[index + 1], DeckShuffled) else 1
                return used, f"The start card {card.value} goes back and the deck is shuffled again."
            case TurnStarted():
                # Whose turn it is goes without saying; the TUI shows the prompt.
                return 1, None
            case DrawnCardPlayable(seat=seat) | CardKept(seat=seat) if not say.sees(seat):
                # Whether another's drawn card could be played is theirs to know: a card
                # kept must read as one that could not be played (R-TURN-3).
                return 1, None
            case DrawnCardPlayable(seat=seat, card=card):
                if card is not None:
                    return 1, f"{say.does(seat, 'may', 'may')} play {card.value}."
                return 1, f"{say.does(seat, 'may', 'may')} play the card just drawn."
            case CardKept(seat=seat):
                return 1, f"{say.does(seat, 'keep')} it."
            case CardPlayed():
                return self._played(events, index)
            case ColorNamed(seat=seat, color=color):
                self.color = color
                return 1, f"{say.does(seat, 'name')} {color.value}."
            case TurnSkipped(seat=seat):
                return 1, f"{say.is_(seat)} skipped."
            case DirectionReversed():
                return 1, "Play changes direction."
            case CardsDrawn() | DiscardsReshuffled():
                used, effects = self._effects(events, index)
                if not used:
                    return 1, "The draw pile runs out: the discards are shuffled into a new one."
                return used, f"{effects}."
            case UnoCalled(seat=seat):
                return 1, f"{say.does(seat, 'call')} UNO!"
            case UnoCaught(seat=seat, by=by):
                return self._caught(events, index, seat, by)
            case ChallengeResolved():
                return self._challenge(events, index, event)
            case HandEnded():
                return 1, self._hand_ended(event)
            case JumpedIn(seat=seat):
                # Play goes on from the player who jumps in (R-HOUSE-3): the one whose turn it
                # was has lost it, which nothing else would tell them.
                taken = self.to_play
                if taken is None or taken == seat:
                    return 1, f"{say.does(seat, 'jump', 'jumps')} in!"
                return 1, f"{say.does(seat, 'jump', 'jumps')} in, taking {say.whose(taken)} turn!"
            case DrawsStacked() | HandsSwapped() | HandsRotated() | HandsShuffled():
                used, effects = self._effects(events, index)
                return max(used, 1), f"{say.capital(effects)}."
            case MatchWon(winners=winners, totals=totals):
                names = listed(say.who(w) for w in winners)
                verb = "win" if len(winners) > 1 or say.addressed(winners[0]) else "wins"
                return 1, f"{names} {verb} the match with {counted(totals[winners[0]], 'point')}."
            case _:
                assert_never(event)

    def _dealt(self, hands: tuple[tuple[Card, ...], ...]) -> str:
        say = self.speak
        size = max((len(hand) for hand in hands), default=0)
        if say.viewer is None:
            shown = "; ".join(f"{say.who(seat)} {_cards(hand)}" for seat, hand in enumerate(hands))
            return f"Each player is dealt {size}: {shown}."
        return f"Each player is dealt {size}; you get {_cards(hands[say.viewer])}."

    def _start_card(self, events: list[AnyEvent], index: int, card: Card) -> tuple[int, str]:
        """The start card and what it does to the first player (R-SETUP-3, R-SETUP-4)."""
        self.color = card.color
        follow = events[index + 1] if index + 1 < len(events) else None
        if isinstance(follow, StartCardReturned):
            used = 3 if index + 2 < len(events) and isinstance(events[index + 2], DeckShuffled) else 2
            return used, f"Start card {card.value}: it goes back and the deck is shuffled again."
        used, effects = self._effects(events, index + 1)
        text = f"Start card {card.value}"
        if isinstance(follow, TurnStarted) and follow.decision is Decision.CHOOSE_COLOR:
            return used + 1, f"{text}: {self.speak.who(follow.seat)} will name the colour."
        return used + 1, f"{text}{': ' + effects if effects else ''}."

    def _effects(self, events: list[AnyEvent], index: int) -> tuple[int, str]:
        """What a played (or start) card does next: draws, skips, reversals, joined with
        commas. Stops after the next turn (which needs no words) or at anything that is
        a sentence of its own; returns the events used and the clause."""
        say = self.speak
        parts: list[str] = []
        start = index
        drawer: int | None = None
        while index < len(events):
            event = events[index]
            if isinstance(event, TurnStarted):
                index += 1
                break
            if isinstance(event, TurnSkipped):
                if drawer == event.seat:
                    parts[-1] += " and are skipped" if say.addressed(event.seat) else " and is skipped"
                else:
                    parts.append(f"{say.is_(event.seat)} skipped")
                drawer = None
                index += 1
            elif isinstance(event, DirectionReversed):
                parts.append("play changes direction")
                drawer = None
                index += 1
            elif isinstance(event, DrawsStacked):
                # The engine starts the turn of the player who faces the stack next: named,
                # as after a jump-in "the next player" is not the one it was.
                after = events[index + 1] if index + 1 < len(events) else None
                facing = f"{say.does(after.seat, 'face')}" if isinstance(after, TurnStarted) else "the next player faces"
                parts.append(f"{facing} {event.total} cards")
                drawer = None
                index += 1
            elif isinstance(event, (HandsSwapped, HandsRotated, HandsShuffled)):
                parts.append(self._house_effect(event))
                drawer = None
                index += 1
            elif isinstance(event, DrawnCardPlayable) and drawer == event.seat:
                if say.sees(drawer):
                    parts[-1] += " and may play it"
                drawer = None
                index += 1
            elif isinstance(event, (CardsDrawn, DiscardsReshuffled)):
                draw = self._draw(events, index)
                if draw is None:
                    break
                index += draw.used
                parts.append(draw.clause(say))
                drawer = draw.seat
            else:
                break
        return index - start, ", ".join(parts)

    def _house_effect(self, event: HandsSwapped | HandsRotated | HandsShuffled) -> str:
        """Rule: R-HOUSE-2, R-DECK-3. A house-rule effect as a clause."""
        say = self.speak
        match event:
            case HandsSwapped(seat=seat, other=other):
                return f"{say.does(seat, 'swap')} hands with {say.who(other)}"
            case HandsRotated(direction=direction):
                return f"every hand passes to the {'left' if direction == 1 else 'right'}"
            case HandsShuffled(sizes=sizes):
                held = "" if say.viewer is None else f" (you now hold {sizes[say.viewer]})"
                return f"all hands are shuffled and dealt again{held}"
            case _:
                assert_never(event)

    def _draw(self, events: list[AnyEvent], index: int) -> _Draw | None:
        """One seat's draw at `events[index]`, joined across a reshuffle before or in the
        middle of it (R-TURN-5); None when no draw is there."""
        reshuffled = isinstance(events[index], DiscardsReshuffled)
        at = index + 1 if reshuffled else index
        if at >= len(events):
            return None
        first = events[at]
        if not isinstance(first, CardsDrawn):
            return None
        seat, reason = first.seat, first.reason
        count, cards, at = first.count, list(first.cards), at + 1
        while at + 1 < len(events):
            middle, after = events[at], events[at + 1]
            if not (isinstance(middle, DiscardsReshuffled) and isinstance(after, CardsDrawn)
                    and after.seat == seat and after.reason is reason):
                break
            count += after.count
            cards += after.cards
            at += 2
            reshuffled = True
        return _Draw(used=at - index, seat=seat, reason=reason, count=count,
                     cards=tuple(cards), reshuffled=reshuffled)

    def _played(self, events: list[AnyEvent], index: int) -> tuple[int, str]:
        """A play, its UNO, its colour and its effects in one sentence (R-TURN-1, R-ACT-*)."""
        event = events[index]
        assert isinstance(event, CardPlayed)
        say = self.speak
        seat, card = event.seat, event.card
        played = [card.value]
        used = 1
        if card is Card.WILD_DRAW_FOUR:
            self.before_wild = self.color
        self.color = card.color if card.color is not None else self.color
        named: Color | None = None
        uno = False
        while index + used < len(events):
            follow = events[index + used]
            if isinstance(follow, CardPlayed) and follow.seat == seat:
                # Rule: R-HOUSE-6, more cards of the same number in the same play.
                played.append(follow.card.value)
                self.color = follow.card.color
            elif isinstance(follow, UnoCalled) and follow.seat == seat:
                uno = True
            elif isinstance(follow, ColorNamed) and follow.seat == seat:
                named = follow.color
                self.color = named
            else:
                break
            used += 1
        play = f"{say.does(seat, 'play')} {listed(played)}"
        if event.bluff is not None and say.viewer is None:
            play += " (a bluff)" if event.bluff else " (legally)"
        # "You play w+4, name yellow and call UNO!": one list, not a chain of "and"s.
        clauses = [play]
        if named is not None:
            clauses.append(f"{'name' if say.addressed(seat) else 'names'} {named.value}")
        if uno:
            clauses.append(f"{'call' if say.addressed(seat) else 'calls'} UNO!")
        text = listed(clauses)
        more, effects = self._effects(events, index + used)
        used += more
        if effects:
            text = f"{text}: {effects}" if not uno else f"{text} Then {effects}"
        if not text.endswith("!"):
            text += "."
        elif effects:
            text += "."
        return used, text

    def _caught(self, events: list[AnyEvent], index: int, seat: int, by: int) -> tuple[int, str]:
        """Rule: R-UNO-4. "Cy forgot to say UNO: Ada catches Cy, who draws 2." """
        say = self.speak
        forgot = f"{say.who(seat)} forgot"
        text = f"{forgot} to say UNO: {say.does(by, 'catch', 'catches')} {say.who(seat)}"
        draw = self._draw(events, index + 1) if index + 1 < len(events) else None
        if draw is None or draw.seat != seat:
            return 1, f"{text}."
        who = ", and you" if say.addressed(seat) else ", who"
        return 1 + draw.used, f"{text}{who} {draw.predicate(say)}."

    def _challenge(self, events: list[AnyEvent], index: int, event: ChallengeResolved) -> tuple[int, str]:
        """Rule: R-WD4-3, R-WD4-4. "You challenge: Ada held y3, so Ada draws 4." """
        say = self.speak
        challenger, challenged = event.challenger, event.challenged
        opening = f"{say.does(challenger, 'challenge')}"
        color = self.before_wild
        shown = bool(event.revealed)
        evidence = [card for card in event.revealed if color is not None and card.color is color]
        if event.succeeded:
            if shown and evidence:
                why = f"{say.who(challenged)} held {_cards(evidence)}"
            else:
                why = f"{say.who(challenged)} could have played {color.value if color else 'the colour'}"
        else:
            if shown and color is not None:
                why = f"{say.who(challenged)} held no {color.value}"
            else:
                why = "the Wild Draw Four was legal"
        used, effects = self._effects(events, index + 1)
        text = f"{opening}: {why}"
        if effects:
            text += f", so {effects}"
        return 1 + used, f"{text}."

    def _hand_ended(self, event: HandEnded) -> str:
        """Rule: R-SCORE-1, R-SCORE-3, R-SCORE-5, R-TURN-6."""
        say = self.speak
        # Points before the name: a name may end in a number ("Dotty 2").
        totals = ", ".join(f"{total} for {say.who(seat)}" for seat, total in enumerate(event.totals))
        if event.winner is None:
            return f"Nobody can play or draw: the hand is blocked and scores nothing. Totals: {totals}."
        winner = event.winner
        gained = [points for points in event.points]
        if sum(1 for points in gained if points) <= 1 and gained[winner] == sum(gained):
            scored = f"{say.does(winner, 'go', 'goes')} out and {'score' if say.addressed(winner) else 'scores'} {counted(gained[winner], 'point')}"
        else:
            parts = ", ".join(f"{points} for {say.who(seat)}" for seat, points in enumerate(gained) if seat != winner)
            scored = f"{say.does(winner, 'go', 'goes')} out; points against the others: {parts}"
        return f"{scored}. Totals: {totals}."


def origin_heading(header: Header, turn: int | None = None) -> str:
    """The log's first line for a match branched from a recording; "" for any other match.

    The file records the source's name, the records played and the hand (in the
    position); the turn is known only when the branch was made in this run.

    >>> from unotui.engine import Position, Card
    >>> from unotui.record import Origin, PlayerInfo, PlayerKind, make_header
    >>> players = [PlayerInfo(name=name, kind=PlayerKind.HUMAN) for name in ("Ann", "Bo")]
    >>> spot = Position(hands=((Card.R1,), (Card.B2,)), discard=(Card.R5,), draw_pile=(), color=None, turn=0, dealer=1, hand=3)
    >>> header = make_header(players, position=spot, origin=Origin(file="long.uno", records=512, events=1300))
    >>> origin_heading(header, 12)
    'Branched from long.uno at hand 3, turn 12 (after its first 512 records).'
    >>> origin_heading(header)
    'Branched from long.uno in hand 3 (after its first 512 records).'
    >>> origin_heading(make_header(players, position=spot, origin=Origin(file="new.uno", records=0, events=2)), 1)
    'Branched from new.uno at hand 3, turn 1 (before any of its records).'
    """
    origin = header.origin
    if origin is None:
        return ""
    hand = header.position.hand if header.position is not None else None
    if hand is None:
        where = ""
    elif turn is not None:
        where = f" at hand {hand}, turn {turn}"
    else:
        where = f" in hand {hand}"
    # `records` counts the source's records played (its record `records` - 1 was the last).
    played = {0: "before any of its records", 1: "after its first record"}.get(
        origin.records, f"after its first {origin.records} records")
    return f"Branched from {origin.file}{where} ({played})."
