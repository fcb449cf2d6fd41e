"""What a seat remembers from the events it saw: the public record a good player keeps.

Only events as redacted for the seat (`visible_events`) may be fed in; everything here
is what a player at the table could have noted down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

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
    Decision,
    DirectionReversed,
    DrawnCardPlayable,
    DrawReason,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    HandStarted,
    JumpedIn,
    PlayerView,
    StartCardTurned,
    TurnStarted,
)
from unotui.engine.cards import COLOR_OF, RANK_OF

if TYPE_CHECKING:
    from .basic import PlayContext

__all__ = ["HiddenHand", "PlayNote", "TableMemory", "coloured_faces", "matching_faces"]

# Both are asked in the inner loops of search (play-outs, reading): cached per top card
# and colour, of which there are a few hundred.
@cache
def matching_faces(top: Card, color: Color | None) -> frozenset[Card]:
    """Every face that may be played on `top` with `color` current, wilds included.

    >>> Card.B7 in matching_faces(Card.R7, Color.RED), Card.B6 in matching_faces(Card.R7, Color.RED)
    (True, False)
    """
    rank = RANK_OF[top]
    return frozenset(card for card in Card
                     if COLOR_OF[card] is None or COLOR_OF[card] is color or RANK_OF[card] == rank)


@cache
def coloured_faces(top: Card, color: Color | None) -> frozenset[Card]:
    """The coloured faces that may be played on `top` with `color` current (no wilds).

    >>> Card.WILD in coloured_faces(Card.R7, Color.RED), Card.B7 in coloured_faces(Card.R7, Color.RED)
    (False, True)
    """
    return frozenset(card for card in matching_faces(top, color) if COLOR_OF[card] is not None)


_WILD_DRAW_FOUR = frozenset((Card.WILD_DRAW_FOUR,))


def _plays_the_drawn_card(event: AnyEvent, drawer: int) -> bool:
    """Whether `event`, the first one seen after `drawer` drew by choice, plays the drawn
    card: only then could it have been played."""
    return isinstance(event, CardPlayed) and event.seat == drawer


class PlayNote:
    """A card a seat chose to play at the start of its turn, and what it chose from.

    The hand it chose from is unseen, but while the seat draws nothing more it is the
    hand it holds now plus the cards it has played since: `reading` asks whether a
    dealt hand explains the choice.
    """

    __slots__ = ("card", "color", "top", "current", "sizes", "following", "void", "context", "scores", "threat")

    def __init__(self, card: Card, top: Card, current: Color | None, sizes: tuple[int, ...], following: int,
                 void: frozenset[Card]) -> None:
        self.card = card
        self.color: Color | None = None
        """The colour named with a wild, once it is."""
        self.top = top
        """The card it was played on."""
        self.current = current
        """The colour that was current."""
        self.sizes = sizes
        """Every seat's hand size before the play."""
        self.following = following
        """The seat next in turn after the player."""
        self.void = void
        """The faces that seat was then noted unable to follow with."""
        self.context: PlayContext | None = None
        """What `reading` derives from the rest, once it has."""
        self.scores: dict[Card, int] | None = None
        """`reading`'s scores of the cards the seat could have played, once worked out."""
        self.threat = False
        """Whether the next seat was about to go out (set with `scores`)."""


class HiddenHand:
    """What one seat's unseen cards are known to avoid, grouped by when they came in.

    A seat that draws by choice could not follow: every card it holds then avoids the
    faces that matched. The card it draws avoids them too when it does not fit, but not
    what older notes ruled out; so each group of cards keeps the faces noted since it
    came in, and the oldest (every card not in a later group) avoids the most. Cards
    taken in since the last note (`free`) may be anything. A card played is taken from
    the most constrained group that allows it: the least it can say about the cards left.
    """

    __slots__ = ("oldest", "layers", "free", "misfit")

    def __init__(self) -> None:
        self.oldest: frozenset[Card] = frozenset()
        """The faces the oldest cards avoid: every card not in `layers` or `free`."""
        self.layers: list[tuple[int, frozenset[Card]]] = []
        """Newer groups, oldest first: how many cards, avoiding which faces."""
        self.free = 0
        """Cards taken in since the last note."""
        self.misfit = False
        """Whether the seat played a card no group allowed: it draws for other reasons,
        and its hand is not read again this hand."""

    def note(self, faces: frozenset[Card], drawn: int = 0) -> None:
        """Every card held avoids `faces`; `drawn` cards come in now, free of them."""
        if self.misfit:
            return
        self.oldest |= faces
        self.layers = [(count, avoided | faces) for count, avoided in self.layers]
        if self.free:
            self._add_layer(self.free, faces)
        self.free = drawn

    def settle(self, faces: frozenset[Card]) -> None:
        """The card just drawn could not be played: it avoids `faces` (and no more)."""
        if self.misfit or not self.free:
            return
        self.free -= 1
        self._add_layer(1, faces)

    def _add_layer(self, count: int, faces: frozenset[Card]) -> None:
        layers = self.layers
        if layers and layers[-1][1] == faces:
            layers[-1] = (layers[-1][0] + count, faces)
        elif layers or faces != self.oldest:
            layers.append((count, faces))
        # Else they are among the oldest cards, whose count is what the others leave.

    def take(self, card: Card, held: int) -> None:
        """`card` left the hand, which held `held` unseen cards before."""
        if self.misfit:
            return
        layers = self.layers
        if held - self.free - sum(count for count, _ in layers) > 0 and card not in self.oldest:
            return
        for index, (count, faces) in enumerate(layers):
            if card not in faces:
                if count > 1:
                    layers[index] = (count - 1, faces)
                else:
                    del layers[index]
                return
        if self.free:
            self.free -= 1
            return
        self.clear()
        self.misfit = True

    def groups(self, held: int) -> list[tuple[int, frozenset[Card]]]:
        """How many of `held` unseen cards avoid which faces, the most constrained first."""
        layers = self.layers
        oldest = held - self.free - sum(count for count, _ in layers)
        return ([(oldest, self.oldest)] if oldest > 0 and self.oldest else []) + [
            layer for layer in layers if layer[1]]

    def clear(self) -> None:
        """Nothing is known about the hand any more."""
        self.oldest, self.layers, self.free = frozenset(), [], 0


class TableMemory:
    """One seat's notes on the other seats, folded from the events it saw.

    A seat that draws by choice probably could not follow: its hand at that moment is
    noted as holding none of the faces that matched ("voids"). Cards drawn since are
    `fresh`, free of that note. A seat that later plays a card its notes ruled out is
    one that draws for other reasons, and its draws are not read again.

    Those voids are the coarse note the `basic` habits use (and `reading` models them
    with it). The worlds `strong` deals follow `hidden`, which keeps apart the cards that
    came in between notes and is exact for a player with those habits.

    When hands change owners (a 7 or a 0 under seven-o, a swap-hands Wild Customizable),
    the notes on a hand go with it, and the seat that takes this seat's own hand is known
    to hold it.
    """

    __slots__ = ("seat", "players", "top", "color", "voids", "fresh", "known", "unreadable",
                 "wd4_color", "wd4_seat", "wd4_setter", "color_setter", "challenged", "bluffs_found", "pending_draw",
                 "sizes", "direction", "turn", "choosing", "plays", "readings", "hidden", "pending_faces", "mine")

    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.players = players
        self.top: Card | None = None
        self.color: Color | None = None
        self.voids: list[frozenset[Card]] = [frozenset()] * players
        """Faces each seat is believed not to hold, among its older cards."""
        self.fresh: list[int] = [0] * players
        """Cards each seat drew since its voids were noted: those may be anything."""
        self.known: list[Counter[Card]] = [Counter() for _ in range(players)]
        """Cards seen in a seat's hand (a challenge shows the hand to the challenger)."""
        self.unreadable: list[bool] = [False] * players
        """Seats whose draws say nothing: they were seen playing a card they 'lacked'."""
        self.wd4_color: Color | None = None
        """The colour that was current when the last Wild Draw Four was played."""
        self.wd4_seat: int | None = None
        self.wd4_setter: int | None = None
        """Who had made that colour current: a seat that chose a colour likely holds it."""
        self.color_setter: int | None = None
        """Who made the current colour current by choice (a wild, or a colour change)."""
        self.challenged: list[int] = [0] * players
        """Challenges of each seat's Wild Draw Fours seen, and how many found a bluff."""
        self.bluffs_found: list[int] = [0] * players
        self.pending_draw: int | None = None
        self.sizes: list[int] = [0] * players
        """Cards in each hand, counted from the deal, draws and plays."""
        self.direction = 1
        self.turn: int | None = None
        self.choosing = False
        """Whether the turn seat is still at the start of its turn (it may play any card)."""
        self.plays: list[list[PlayNote]] = [[] for _ in range(players)]
        """Each seat's choices since it last took cards in (a draw, a hand exchange)."""
        self.readings: list[list[int]] = [[0, 0] for _ in range(players)]
        """Per seat: play notes a finished hand showed the `reading` model got right, and wrong."""
        self.hidden = [HiddenHand() for _ in range(players)]
        """What each seat's unseen cards avoid, by when they came in: what `worlds` deals
        from under the standard rules. (`voids` is the coarser note the habits use.)"""
        self.pending_faces: tuple[int, frozenset[Card]] | None = None
        """A seat that drew by choice, and what its drawn card avoids if it does not fit."""
        self.mine: Counter[Card] | None = None
        """This seat's own hand, as the events and its last view tell it; None after a hand
        exchange brought it cards it has not seen yet. Whoever takes it over holds it."""

    def see_hand(self, hand: Iterable[Card]) -> None:
        """This seat's own hand, from its view."""
        self.mine = Counter(hand)

    def begin(self, view: PlayerView) -> None:
        """Start the notes from `view`, the table as this seat saw it when a match began from
        a set position: no deal or start card came to count the hands and set the pile."""
        self.top, self.color = view.top, view.color
        self.sizes = list(view.hand_sizes)
        self.see_hand(view.hand)
        self.direction, self.turn = view.direction, view.turn
        self.choosing = view.decision is Decision.PLAY

    def observe(self, events: Iterable[AnyEvent]) -> None:
        """Fold events (as this seat saw them) into the notes."""
        for event in events:
            self._fold(event)

    def _fold(self, event: AnyEvent) -> None:
        if isinstance(event, (DrawnCardPlayable, CardKept)):
            # Whether a drawn card could be played is the drawer's to know (R-TURN-3): a
            # player at the table sees a drawn card played or not, never one kept as such.
            return
        if self.pending_faces is not None:
            seat, faces = self.pending_faces
            self.pending_faces = None
            if not _plays_the_drawn_card(event, seat):
                self.hidden[seat].settle(faces)
        pending = self.pending_draw
        if pending is not None:
            self.pending_draw = None
            if not _plays_the_drawn_card(event, pending):
                # The drawn card could not be played either: the habits' coarse note
                # takes it as void as the rest, older notes included, though it does hold
                # a colour noted earlier 9% of the time. `hidden` holds it to what
                # matched now alone.
                self.fresh[pending] = max(0, self.fresh[pending] - 1)
        match event:
            case CardPlayed(seat=seat, card=card):
                self._played(seat, card)
            case TurnStarted(seat=seat, decision=decision):
                self.turn, self.choosing = seat, decision is Decision.PLAY
            case ColorNamed(seat=seat, color=color):
                self.color = color
                self.color_setter = seat
                plays = self.plays[seat]
                if plays and plays[-1].color is None and COLOR_OF[plays[-1].card] is None:
                    plays[-1].color = color
            case CardsDrawn(seat=seat, count=count, cards=cards, reason=reason):
                if seat == self.seat and self.mine is not None:
                    self.mine.update(cards)
                self._drawn(seat, count, reason)
                self.sizes[seat] += count
                self.plays[seat].clear()
                self.choosing = False
            case DirectionReversed(direction=direction):
                self.direction = direction
            case CardsDealt(hands=hands):
                self.sizes = [len(hands[self.seat])] * self.players
                self.mine = Counter(hands[self.seat])
            case JumpedIn():
                self.choosing = False
            case HandsSwapped() | HandsRotated() | HandsShuffled():
                # Hands changed owners: the choices noted were made from other hands.
                self._forget_plays()
                for hidden in self.hidden:
                    hidden.clear()
                count = self.players
                if isinstance(event, HandsSwapped):
                    owner = list(range(count))
                    owner[event.seat], owner[event.other] = event.other, event.seat
                elif isinstance(event, HandsRotated):
                    owner = [(seat + event.direction) % count for seat in range(count)]
                else:
                    self._hands_shuffled(event.hands[self.seat] if event.hands else None, event.sizes)
                    return
                self._hands_passed(owner)
            case StartCardTurned(card=card):
                self.top, self.color, self.color_setter = card, COLOR_OF[card], None
            case ChallengeResolved(challenger=challenger, challenged=challenged, succeeded=succeeded, revealed=revealed):
                self.challenged[challenged] += 1
                self.bluffs_found[challenged] += succeeded
                if challenger == self.seat and revealed:
                    # The whole hand is known now: older notes are superseded.
                    self.known[challenged] = Counter(revealed)
                    self.hidden[challenged] = HiddenHand()
                    self.voids[challenged], self.fresh[challenged] = frozenset(), 0
            case HandStarted():
                self.top, self.color, self.color_setter = None, None, None
                self.direction, self.turn, self.choosing = 1, None, False
                self._forget_plays()
                self.voids = [frozenset()] * self.players
                self.fresh = [0] * self.players
                self.known = [Counter() for _ in range(self.players)]
                self.hidden = [HiddenHand() for _ in range(self.players)]
                self.wd4_color, self.wd4_seat, self.wd4_setter = None, None, None
            case _:
                pass

    def _hands_passed(self, owner: list[int]) -> None:
        """Each seat's hand went to `owner[seat]` (R-HOUSE-2, R-DECK-3): what was noted
        about a hand goes with it, and the seat that took this seat's own hand holds
        exactly what it held."""
        count = self.players
        taken = [owner.index(seat) for seat in range(count)]  # whose hand each seat holds now
        self.sizes = [self.sizes[taken[seat]] for seat in range(count)]
        self.voids = [self.voids[taken[seat]] for seat in range(count)]
        self.fresh = [self.fresh[taken[seat]] for seat in range(count)]
        self.known = [self.known[taken[seat]] for seat in range(count)]
        mine, me = self.mine, self.seat
        if owner[me] != me:
            receiver = owner[me]
            if mine is not None:
                self.known[receiver], self.voids[receiver], self.fresh[receiver] = +mine, frozenset(), 0
            # What this seat took in is not seen until its next view, unless it was all known.
            came = self.known[me]
            self.mine = Counter(came) if sum(came.values()) == self.sizes[me] else None
            self.known[me] = Counter()

    def _hands_shuffled(self, hand: Sequence[Card] | None, sizes: Sequence[int]) -> None:
        """Every hand was gathered and dealt again (R-DECK-3): nothing noted holds any more."""
        count = self.players
        self.sizes = list(sizes)
        self.voids, self.fresh = [frozenset()] * count, [0] * count
        self.known = [Counter() for _ in range(count)]
        self.mine = Counter(hand) if hand is not None else None

    def _forget_plays(self) -> None:
        for plays in self.plays:
            plays.clear()

    def _played(self, seat: int, card: Card) -> None:
        top = self.top
        chosen = self.choosing and seat == self.turn and top is not None and seat != self.seat
        if chosen and top is not None:
            following = (seat + self.direction) % self.players
            self.plays[seat].append(PlayNote(card, top, self.color, tuple(self.sizes), following,
                                             self.voids[following]))
        self.choosing = False
        if seat == self.seat and self.mine is not None:
            self.mine[card] -= 1
        if seat != self.seat:
            known = self.known[seat]
            if known[card]:
                known[card] -= 1
            else:
                self.hidden[seat].take(card, self.sizes[seat] - sum(known.values()))
                if card in self.voids[seat]:
                    if self.fresh[seat]:
                        self.fresh[seat] -= 1
                    else:
                        self.unreadable[seat] = True
                        self.voids[seat] = frozenset()
            if chosen and top is not None and COLOR_OF[card] is None:
                if not self.unreadable[seat]:
                    # Wilds are kept for when nothing else fits (and a Wild Draw Four goes
                    # first): a wild chosen says no coloured card matched.
                    faces = coloured_faces(top, self.color)
                    if card is Card.WILD:
                        faces |= _WILD_DRAW_FOUR
                    self._note_void(seat, faces, 0)
                self.hidden[seat].note(self._wild_faces(card, top, (seat + self.direction) % self.players))
        self.sizes[seat] = max(0, self.sizes[seat] - 1)
        if card is Card.WILD_DRAW_FOUR:
            self.wd4_color, self.wd4_seat, self.wd4_setter = self.color, seat, self.color_setter
        color = COLOR_OF[card]
        if color is not None:
            if color is not self.color:
                self.color_setter = seat
            self.color = color
        self.top = card

    def _wild_faces(self, card: Card, top: Card, following: int) -> frozenset[Card]:
        """What a wild chosen at the start of a turn says the hand lacked: every coloured
        card that matched (and a Wild Draw Four, played first when stuck), except that a
        Wild Draw Four at a next player about to go out says only that the colour was not held."""
        faces = coloured_faces(top, self.color)
        if card is Card.WILD:
            return faces | _WILD_DRAW_FOUR
        if self.sizes[following] <= 2:
            return frozenset(face for face in faces if COLOR_OF[face] is self.color)
        return faces

    def _drawn(self, seat: int, count: int, reason: DrawReason) -> None:
        hidden = self.hidden[seat]
        if reason is DrawReason.CHOICE and self.top is not None and seat != self.seat:
            faces = matching_faces(self.top, self.color)
            hidden.note(faces, count)
            if count:
                self.pending_faces = (seat, faces)
        else:
            hidden.free += count
        # A seat's own voids are noted too: they are what the others see of it.
        if reason is DrawReason.CHOICE and not self.unreadable[seat] and self.top is not None:
            self._note_void(seat, matching_faces(self.top, self.color), count)
            if count:
                self.pending_draw = seat
        else:
            self.fresh[seat] += count

    def _note_void(self, seat: int, faces: frozenset[Card], fresh: int) -> None:
        """`seat` holds none of `faces`, apart from `fresh` cards it takes in now."""
        # Older notes hold only while no card has come in since they were made.
        self.voids[seat] = faces | self.voids[seat] if self.fresh[seat] == 0 else faces
        self.fresh[seat] = fresh

    def bluff_odds(self, seat: int) -> float:
        """How likely `seat`'s Wild Draw Four is a bluff, from its public record alone.

        A Beta(1, 4) prior: most players play it honestly, until caught.

        >>> memory = TableMemory(0, 2)
        >>> round(memory.bluff_odds(1), 2)
        0.2
        """
        return (1 + self.bluffs_found[seat]) / (5 + self.challenged[seat])

    def constrained(self, seat: int, held: int) -> int:
        """How many of `seat`'s `held` cards fall under its voids (neither fresh nor known)."""
        if not self.voids[seat]:
            return 0
        return max(0, held - self.fresh[seat] - sum(self.known[seat].values()))
