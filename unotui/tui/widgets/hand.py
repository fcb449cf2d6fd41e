"""The hand pane: your cards, sorted, playable ones highlighted; arrows, number keys or the mouse pick one.

Under multi-play (R-HOUSE-6) space or a shift/ctrl+click marks more cards of the same
number; Enter or a click then plays them together, and the pane's title says what it plays.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.containers import HorizontalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from unotui.engine import Card, Phase, PlayerView

from ..commands import Play, playable_now, uno_goes_with_a_play
from ..faces import sort_cards
from ..messages import Intended
from ..remembered import Preferences
from .card import CardFace

__all__ = ["HandView"]

_FACE_WIDTH = 9
"""Columns a card face takes (`CardFace`'s width)."""
_NARROW_WIDTH = 7
"""Columns a `-narrow` face takes."""
_COMPACT_WIDTH = 5
"""Columns a `-compact` face takes: the notation alone, no colour symbol (`CardFace.compact`),
so that 16 cards fit across 80 columns."""


class HandView(Widget, can_focus=True):
    """The cards of the view's seat; Enter or a click asks to play the selected one."""

    BINDINGS = [
        Binding("left", "select(-1)", "Pick", key_display="←→", show=False),
        Binding("right", "select(1)", "▸", show=False),
        Binding("enter", "play_selected", "Play", tooltip="Play the selected card"),
        Binding("space", "mark", "Mark", show=False, tooltip="Mark a card of the same number to play with it"),
        Binding("t", "toggle_sort", "Sort", show=False, tooltip="Sort by colour or by rank"),
        *[Binding(str(digit), f"pick({digit})", f"Card {digit}", show=False) for digit in range(10)],
    ]
    """Selection and play; number keys 1-9 and 0 (the tenth card) select; space marks, and
    is there only under multi-play (the pane's title tells it then). Only Play is in the
    footer, so that Quit still fits at 80 columns; Help lists the rest."""

    class Refused(Message):
        """A card can't be marked: `text` says why, to be told like any refusal."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Sorted(Message):
        """The player sorted the hand the other way (`t`): `by_color` is the new order, for
        the app to remember."""

        def __init__(self, by_color: bool) -> None:
            super().__init__()
            self.by_color = by_color

    SHOWS_SELECTION = True
    """Whether the selected card is marked (a replay's hand only shows the cards)."""

    # The pane draws only its title; the faces repaint themselves when they change, so a
    # new view or selection must not repaint the whole pane (`repaint=False`).
    view: reactive[PlayerView | None] = reactive(None, repaint=False)
    """The seat's view; None before a game is shown."""
    owner: reactive[str] = reactive("Your", repaint=False)
    """Whose hand, as the pane's title says it: "Your", or a name with 's in a replay."""
    by_color: reactive[bool] = reactive(True, repaint=False)
    """Sort by colour then rank (True), or by rank then colour."""
    selected: reactive[int] = reactive(0, repaint=False)
    """Index of the selected card among the cards as shown."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.marked: list[int] = []
        """Indices of the marked cards (multi-play) among the cards as shown, in the order marked."""
        self.uno_with_play = False
        """Whether UNO is said with the next play that leaves one card (`u` with marked cards,
        before a jump-in or on a stack: `say_uno_with_play`)."""
        self._shown_cards: list[Card] = []
        self._multi_play = False
        self._title = ""
        self._face_width = _FACE_WIDTH

    @property
    def cards(self) -> list[Card]:
        """The hand as shown, sorted."""
        if self.view is None:
            return []
        return sort_cards(self.view.hand, self.by_color)

    def compose(self) -> ComposeResult:
        yield HorizontalScroll(id="hand-cards")

    def on_mount(self) -> None:
        preferences = getattr(self.app, "preferences", None)
        if isinstance(preferences, Preferences):
            self.by_color = not preferences.hand_by_rank
        self.watch(self.query_one("#hand-cards", HorizontalScroll), "scroll_x", self._scrolled, init=False)
        self._show_cards()

    def _scrolled(self) -> None:
        # The title counts the cards off each edge: they change as the row scrolls.
        self._set_title(self._hand_title(len(self._shown_cards)))

    def watch_view(self) -> None:
        multi_play = self.multi_play
        if multi_play != self._multi_play:
            # Space and its footer label come and go with the rule.
            self._multi_play = multi_play
            self.refresh_bindings()
        self._show_cards()

    def watch_by_color(self) -> None:
        self._show_cards()

    def _show_cards(self) -> None:
        """Show the hand by changing the faces already there, adding or removing only the difference.

        A new view per command would otherwise rebuild every face: new widgets to style and
        lay out, the slowest part of a key press.
        """
        if not self.is_mounted:
            return
        cards = self.cards
        if cards != self._shown_cards:
            # Another hand (a card played or drawn): marks made on the old one mean nothing now.
            self._shown_cards = cards
            self.marked, self.uno_with_play = [], False
        if self.marked and not self.multi_play:
            self.marked, self.uno_with_play = [], False
        order = {index: place for place, index in enumerate(self.marked, start=1)}
        playable = set(playable_now(self.view)) if self.view is not None else set()
        selected = min(self.selected, max(len(cards) - 1, 0))
        self.set_reactive(HandView.selected, selected)
        if not self.SHOWS_SELECTION:
            selected = -1
        row = self.query_one("#hand-cards", HorizontalScroll)
        # Narrower faces when the hand would not fit across: more cards in sight.
        space = self.size.width or self.app.size.width
        fitting = [width for width in (_FACE_WIDTH, _NARROW_WIDTH) if len(cards) * width <= space]
        width = fitting[0] if fitting else _COMPACT_WIDTH
        compact = width == _COMPACT_WIDTH
        self._face_width = width
        faces = [face for face in row.children if isinstance(face, CardFace)]
        for index, (face, card) in enumerate(zip(faces, cards)):
            face.show(card, index, playable=card in playable, selected=index == selected, marked=order.get(index, 0),
                      compact=compact)
        if len(cards) > len(faces):
            row.mount_all([
                CardFace(card, index, classes=self._state(card in playable, index == selected), compact=compact)
                for index, card in enumerate(cards[len(faces) :], start=len(faces))
            ])
        # Faces not needed now stay in their places, unseen: the next card drawn reuses one,
        # and hiding them would change the layout, which re-renders the whole screen.
        for face in faces[len(cards) :]:
            face.put_away()
        self.set_class(width == _NARROW_WIDTH, "-narrow")
        self.set_class(compact, "-compact")
        # The spare faces still count in the row's width: never stay scrolled past the last card.
        furthest = max(0, len(cards) * width - row.size.width)
        if row.scroll_x > furthest:
            row.scroll_to(x=furthest, animate=False)
        self._set_title(self._hand_title(len(cards)))

    def _set_title(self, title: str) -> None:
        # Setting a border title repaints the whole pane, every face in it: only on a change.
        if title != self._title:
            self._title = title
            self.border_title = Content(title)  # a name in it is text, not markup

    def on_resize(self) -> None:
        self._show_cards()

    @staticmethod
    def _state(playable: bool, selected: bool) -> str:
        return ("-playable" if playable else "-dim") + (" -selected" if selected else "")

    def _hand_title(self, count: int) -> str:
        view = self.view
        noun = "card" if count == 1 else "cards"
        # Cards out of sight are told beside the count: a title too long for the pane loses its end.
        noun += self._off_edges(count)
        order = "by colour" if self.by_color else "by rank"
        if view is None or view.seat is None:
            return f"{self.owner} hand · {count} {noun}"
        # Said with the second-to-last card, UNO is over once the last has gone.
        uno = " · UNO said" if view.uno_said[view.seat] and view.hand else ""
        turn = ""
        if view.turn == view.seat and view.phase is Phase.PLAYING:
            # "your turn" at the table; in a replay the seat is named, as the pile names it.
            turn = " · your turn" if self.owner == "Your" else f" · {self.owner} turn"
        elif view.playable:  # another's turn: the top card's twin may jump in (R-HOUSE-3)
            turn = f" · {view.playable[0].value} can jump in"
        title = f"{self.owner} hand · {count} {noun} · {view.scores[view.seat]} pts · {order}{uno}{turn}"
        # UNO said for a jump-in is shown while there is a play for it to go with.
        if (self.marked or (self.uno_with_play and view.playable)) and self.SHOWS_SELECTION:
            play = self.play_at(self.selected)
            cards = " ".join(card.value for card in (play.card, *play.also) if card is not None)
            title += f" · ⏎ plays {cards}{' UNO' if play.uno else ''}"
        elif turn and self.multi_play and self._has_same_numbers():
            title += " · space marks"
        return title

    def _off_edges(self, count: int) -> str:
        """What the title adds when the row is too short for the hand: how many cards are
        out of sight on each side (`◂ 2 more`, `4 more ▸`); selecting one scrolls it in."""
        row = self.query_one("#hand-cards", HorizontalScroll)
        shown, width = row.size.width, self._face_width
        if not shown or count * width <= shown:
            return ""
        start = round(row.scroll_x)
        left = min(count, -(-start // width))
        right = max(0, count - (start + shown) // width)
        sides = [f"◂ {left} more"] if left else []
        sides += [f"{right} more ▸"] if right else []
        return "".join(f" · {side}" for side in sides)

    def _has_same_numbers(self) -> bool:
        """Whether two number cards held show the same number: a multi-play could be made."""
        numbers = [card.rank for card in self.cards if card.rank.isdigit()]
        return len(set(numbers)) < len(numbers)

    # ------------------------------------------------------------------ multi-play

    @property
    def multi_play(self) -> bool:
        """Whether the table plays multi-play (R-HOUSE-6): marking cards is possible."""
        return self.view is not None and self.view.rules.multi_play and self.SHOWS_SELECTION

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Space marks only under multi-play; elsewhere it is not bound (nor in the footer)."""
        if action == "mark":
            return self.multi_play
        return True

    def play_at(self, index: int) -> Play:
        """What Enter or a click on the card at `index` plays.

        Without marks, that card. With marks: the marked cards in the order marked when
        that card is one of them, else that card first and then the marked ones. The
        last card sets the colour (R-HOUSE-6).
        """
        cards = self.cards
        if index in self.marked:
            order = self.marked
        else:
            order = [index, *self.marked]
        played = [cards[place] for place in order if place < len(cards)]
        return Play(card=played[0], also=tuple(played[1:]), uno=self.uno_with_play and len(cards) - len(played) == 1)

    def toggle_mark(self, index: int) -> None:
        """Mark the card at `index` to play with the others marked, or unmark it.

        A card that can't join (an action card, another number) is refused with the reason.
        """
        cards = self.cards
        if not self.multi_play or not 0 <= index < len(cards):
            return
        card = cards[index]
        if index in self.marked:
            self.marked.remove(index)
        elif not card.rank.isdigit():
            self.post_message(self.Refused(f"Only number cards are played together: {card.value} can't be marked (R-HOUSE-6)."))
            return
        elif self.marked and cards[self.marked[0]].rank != card.rank:
            rank = cards[self.marked[0]].rank
            self.post_message(self.Refused(f"{card.value} doesn't go with the marked {rank}s: cards played together "
                                           f"show one number. Space on a marked card unmarks it (R-HOUSE-6)."))
            return
        else:
            self.marked.append(index)
        self.uno_with_play = False
        self._show_cards()

    def say_uno_with_play(self) -> str | None:
        """`u` where UNO can only go with the play itself, when that play leaves exactly one
        card: with marked cards (R-HOUSE-6), or with a card to jump in with (R-HOUSE-3) or to
        stack (R-HOUSE-1), which this selects (`uno_goes_with_a_play`).

        Returns:
            What to tell the player when UNO now goes with the play; None when `u` is an
            ordinary UNO call.
        """
        view = self.view
        if view is None or view.seat is None:
            return None
        if self.marked:
            play = self.play_at(self.selected)
            if len(view.hand) - 1 - len(play.also) != 1:
                return None
            told = "UNO goes with the marked play: Enter plays it."
        elif (with_play := uno_goes_with_a_play(view)) is not None:
            card, what = with_play
            self.selected = self.cards.index(card)
            told = f"UNO goes with your {what}: Enter plays {card.value}."
        else:
            return None
        self.uno_with_play = True
        self._show_cards()
        return told

    def action_mark(self) -> None:
        self.toggle_mark(self.selected)

    def watch_owner(self) -> None:
        self._show_cards()

    def watch_selected(self, old: int, new: int) -> None:
        if not self.SHOWS_SELECTION:
            return
        faces = [face for face in self.query(CardFace) if not face.has_class("-spare")]
        for face in faces:
            face.set_class(face.index == new, "-selected")
        if 0 <= new < len(faces):
            faces[new].scroll_visible(animate=False)
        if self.marked or self.uno_with_play:
            # What Enter plays depends on the card picked: the title says it.
            self._set_title(self._hand_title(len(faces)))

    def action_select(self, step: int) -> None:
        count = len(self.cards)
        if count:
            self.selected = (self.selected + step) % count

    def action_pick(self, digit: int) -> None:
        index = 9 if digit == 0 else digit - 1
        if index < len(self.cards):
            self.selected = index

    def action_play_selected(self) -> None:
        if 0 <= self.selected < len(self.cards):
            # Straight to the screen, as its own keys' intents go: in a burst (`Enter d`) the
            # play is then taken before the key after it, not after (`_queued` there).
            self.screen.post_message(Intended(self.play_at(self.selected)))

    def action_toggle_sort(self) -> None:
        old = self.cards
        chosen = old[self.selected] if 0 <= self.selected < len(old) else None
        marked = [old[index] for index in self.marked]
        self.by_color = not self.by_color
        self.post_message(self.Sorted(self.by_color))
        if chosen is not None:
            # The card picked stays picked in its new place: Enter then plays it.
            self.selected = self.cards.index(chosen)
        if marked:
            # The same cards stay marked in their new places, in the same order.
            new = self.cards
            taken: set[int] = set()
            self.marked = []
            for card in marked:
                place = next(index for index, held in enumerate(new) if held is card and index not in taken)
                taken.add(place)
                self.marked.append(place)
            self._show_cards()

    def on_card_face_clicked(self, message: CardFace.Clicked) -> None:
        message.stop()
        self.selected = message.index
        if message.marking and self.multi_play:
            self.toggle_mark(message.index)
            return
        self.post_message(Intended(self.play_at(message.index)))
