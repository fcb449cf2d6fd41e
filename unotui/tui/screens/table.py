"""The table screen: the match seen from the seat at the keyboard.

It owns the `Session` (and so the `Table`), turns intents from keys, clicks and typed
words into engine commands, shows decisions as dialogs, and lets the bots play in an
exclusive async worker with a visible delay, so UNO catch windows are real.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key, Paste
from textual.reactive import reactive
from textual.widgets import Input, Label

from unotui.bots import Reaction, reaction_moment, still_valid, table_reactions
from unotui.bots.advice import advice_rng
from unotui.engine import (
    COLORS,
    Accepted,
    AnyCommand,
    AnyEvent,
    Card,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    Color,
    ColorNamed,
    Decision,
    DrawReason,
    HandEnded,
    Phase,
    PlayCard,
    PlayerView,
    Rejected,
    StartCardTurned,
    StartHand,
    UnoCaught,
    visible_events,
)
from unotui.record import MAX_STEM_BYTES, Table, holds_match, os_reason, save_path, save_stem, short_stem
from unotui.record.table import SAVE_SUFFIX
from unotui.record.narrate import counted, origin_heading
from unotui.rulebook import NO_RULE_HINT, describe_rules, rules_about

from ..commands import (
    COMMANDS,
    command_help,
    command_rows,
    Answer,
    GameIntent,
    given_hands,
    Help,
    Hint,
    Intent,
    Log,
    Look,
    NeedColor,
    NeedTarget,
    Play,
    Quit,
    Rules,
    Save,
    ShowHand,
    ShowScore,
    parse_command,
    to_command,
    typed_text,
)
from ..commands import (
    Draw as DrawIntent,
)
from ..commands import (
    Keep as KeepIntent,
)
from ..commands import (
    SayUno as SayUnoIntent,
)
from ..commands import (
    CatchPlayer as CatchIntent,
)
from ..faces import number_word
from ..messages import Intended
from ..prose import describe_hand, describe_hint, describe_news, describe_scores, describe_table, no_hint, refusal
from ..session import Session
from ..spans import command_markup
from ..widgets import CommandLine, GameLog, HandView, PilePane, Scoreboard, SeatsBar
from ..widgets.footer import WholeKeysFooter
from .base import CoveredFooterScreen
from .dialogs import ChallengeDialog, ColorDialog, ConfirmDialog, DrawnCardDialog, RevealDialog, SaveAsDialog
from .privacy import PrivacyScreen

__all__ = ["TableScreen", "color_before_draw_four", "rules_text"]


def color_before_draw_four(events: Sequence[AnyEvent], start: Color | None = None) -> Color | None:
    """The colour in play when the last Wild Draw Four was played: what a challenge looks for.

    `start` is the colour the events begin with: a match started from a position has no
    start card to name it. None when no Wild Draw Four was played in `events`.
    """
    color = start
    before: Color | None = None
    for event in events:
        match event:
            case CardPlayed(card=card):
                if card is Card.WILD_DRAW_FOUR:
                    before = color
                color = card.color
            case StartCardTurned(card=card):
                color = card.color
            case ColorNamed(color=named):
                color = named
            case _:
                pass
    return before


def rules_text(view: PlayerView, topic: str | None) -> str:
    """The rules in force, or the lines about one rule ID or topic word."""
    if not topic:
        return describe_rules(view.rules)
    found = rules_about(view.rules, topic)
    # Laid out as the whole rules are, so the log joins a rule's wrapped lines and hangs them under its text.
    return "\n".join(found) if found else f"No rule mentions '{topic}'. {NO_RULE_HINT}"


CARD_FIRST_LETTERS = frozenset(color.letter for color in COLORS) | {"w"}
"""The letters a card's notation starts with (r7, w+4): typed on the hand, they start a command."""


class TableScreen(CoveredFooterScreen[None]):
    """The table seen from the seat at the keyboard."""

    BINDINGS = [
        Binding("d", "intent('draw')", "Draw"),
        Binding("k", "intent('keep')", "Keep"),
        Binding("u", "intent('uno')", "UNO"),
        Binding("c", "intent('catch')", "Catch"),
        Binding("l", "intent('look')", "Look"),
        Binding("h", "intent('hint')", "Hint", show=False),
        Binding("s", "scores", "Scores"),
        Binding("colon,slash", "type_command", "Type", key_display=":"),
        Binding("escape", "focus_hand", "Hand"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("q", "quit_table", "Quit"),
    ]
    """Every action has a key; the hand adds ←/→, 1-9, Enter and t."""

    # The screen draws nothing itself: a change repaints only the widgets bound to it,
    # not the whole screen (`repaint=False`).
    view: reactive[PlayerView | None] = reactive(None, repaint=False)
    """What the seat at the keyboard sees now."""
    events: reactive[tuple[AnyEvent, ...]] = reactive((), repaint=False)
    """Every event so far, redacted for the seat at the keyboard."""
    names: reactive[tuple[str, ...]] = reactive((), repaint=False)
    """Seat names, seat 0 first."""
    seat: reactive[int] = reactive(0, repaint=False)
    """The seat at the keyboard (it changes hands in hot-seat play)."""

    def __init__(self, session: Session, speed: float = 0.8, *, from_replay: bool = False) -> None:
        """
        Args:
            session: the match to play.
            speed: seconds a bot waits before acting.
            from_replay: the match is a branch, opened over the replay viewer it was made
                in: leaving it goes back there, at the point it branched from.
        """
        super().__init__()
        self.session = session
        self.speed = speed
        """Seconds a bot waits before acting; UNO reactions scale with it."""
        self.from_replay = from_replay
        """Whether leaving goes back to the replay viewer beneath, rather than to the title screen."""
        humans = session.humans
        self.seat = humans[0] if humans else 0
        self.names = session.names
        self._seen: list[AnyEvent] = []
        self._seen_for = self.seat
        self._turn_since = time.monotonic()
        self._moment = -1
        """The table moment the bots' reactions were last asked about."""
        self._opened_window = True
        """Whether the last accepted command opened a UNO catch window (R-UNO-3); a window
        already open when the table opens is new to the bots too."""
        self._plan: list[tuple[float, Reaction]] = []
        self._typed: dict[int, list[str]] = {}
        """Each human seat's typed commands, for its own ↑ history in hot-seat play."""
        self._drafts: dict[int, str] = {}
        """What a human seat had typed and not sent when it passed the keyboard on."""
        self._shown: int = 0
        """How many events the dialogs and notifications have already dealt with."""
        self._keyboard_since: int = 0
        """How many events the seat at the keyboard had seen when it last acted (or took the
        keyboard): what came after may be news to it when the keyboard passes at once."""
        self._answering_typed = False
        """Whether a typed command is being carried out: what it is answered is told in the
        log alone, under its echo (`answer`)."""

    @property
    def table(self) -> Table:
        return self.session.table

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield SeatsBar(id="seats").data_bind(TableScreen.view, TableScreen.names)
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield PilePane(id="pile").data_bind(TableScreen.view, TableScreen.names)
                yield Scoreboard(id="scoreboard").data_bind(TableScreen.view, TableScreen.names)
            heading = origin_heading(self.table.header, self.session.origin_turn)
            yield GameLog(heading=heading, position=self.table.header.position, id="log").data_bind(TableScreen.events, TableScreen.names, viewer=TableScreen.seat)
        yield HandView(id="hand").data_bind(TableScreen.view)
        with Horizontal(id="prompt"):
            yield Label("›", id="prompt-mark")
            yield CommandLine(id="command")
        yield WholeKeysFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if self.table.view(self.seat).phase is Phase.NEW:
            self._deal()
        self._sit_down()

    def on_unmount(self) -> None:
        # Left for the title screen or the replay viewer: every notification up was raised
        # here or on the match summary over the table (a refusal, a catch, a copy saved)
        # and was said there (the table's in its log too). None is news where the player
        # goes, and a card a refusal named would be shown to whoever sits down next.
        self.app.clear_notifications()

    def _clear_toasts(self) -> None:
        """Take down every notification, those still on their way too.

        A notification joins the app's only when the app reaches the message that brings
        it, behind the keys of a burst that came before it: cleared at once, the answer
        to the first of four quick presses would stay up under the fourth's. The clearing
        waits its turn behind it instead.
        """
        self.app.call_later(self.app.clear_notifications)

    def _deal(self) -> None:
        """Deal the next hand, showing nothing yet (`_sit_down` does): who is to act, and so
        who may see the table at a hot-seat table, is known only once it is dealt."""
        self._record(StartHand(seat=self.seat))

    def _sit_down(self) -> None:
        """Show the table to the player to act, as it opens (new, loaded, resumed, branched)
        or as a hand is dealt after the scores.

        At a hot-seat table anyone may be looking then (whoever set the match up or opened
        it, everyone who read the scores), so while a hand is under way the table stays
        hidden until that player says they are at the keyboard; the first human, while a
        bot is to act. At the end of a hand the summary shows every hand anyway.
        """
        humans = self.session.humans
        view = self.table.view(self.seat)
        if len(humans) > 1 and view.phase is Phase.PLAYING:
            self._pass_to(view.turn if view.turn in humans else humans[0])
        else:
            self._open_for(self.seat)

    def _open_for(self, seat: int) -> None:
        """Show the table to `seat`, now at the keyboard, and play on.

        The player starts where a table opens, on the hand at its first card, wherever the
        last one left off; ↑ recalls only what they typed themselves, and the command line
        holds what they left unsent, never the last player's (`w+4` half typed would tell a card).
        """
        hand = self.query_one(HandView)
        hand.focus()
        hand.selected = 0
        command_line = self.query_one(CommandLine)
        self._drafts[self.seat] = command_line.value
        command_line.value = self._drafts.pop(seat, "")
        command_line.use_history(self._typed.setdefault(seat, []))
        self._refresh(seat)
        # A bot to move waits its delay from now, when the table is seen: a match started
        # from a position (a branch) has no events yet to have started the clock, which
        # then ran from when the screen was made, and on a busy machine the bot's move
        # (the winning card, one step before the end) came before the table did.
        self._turn_since = time.monotonic()
        self._shown = self._keyboard_since = len(self._seen)
        self._after_change()

    # ------------------------------------------------------------------ state in, view out

    def _refresh(self, seat: int | None = None) -> None:
        """Read the table again, as `seat` sees it (the seat at the keyboard when None): a new
        frozen view and the new events fire the widgets' watchers.

        A new seat is taken last, once the view and events are its own: the log tells the
        story again when its viewer changes, and must find the new seat's events there.
        """
        seat = self.seat if seat is None else seat
        recorded = self.table.match.events
        if self._seen_for != seat or len(self._seen) > len(recorded):
            self._seen, self._seen_for = [], seat
        if len(recorded) > len(self._seen):
            self._seen += visible_events(recorded[len(self._seen) :], seat)
            self._turn_since = time.monotonic()
        self.view = self.table.view(seat)
        self.events = tuple(self._seen)
        self.seat = seat
        self._update_completions()

    def _update_completions(self) -> None:
        view = self.view
        lines = self.query(CommandLine)
        if view is None or not lines:
            return
        line = lines.first()
        line.commands = list(COMMANDS)
        line.cards = [card.value for card in dict.fromkeys(view.hand)]
        line.names = [name for seat, name in enumerate(self.names) if seat != self.seat]

    # ------------------------------------------------------------------ intents

    def on_intended(self, message: Intended) -> None:
        message.stop()
        # An Enter typed in a burst after the one that opened a dialog (a second colour dialog
        # for the same Wild) does nothing, as the table's keys do (`check_action`).
        if self.is_active:
            self.perform(message.intent)

    def action_intent(self, word: str) -> None:
        told = self.query_one(HandView).say_uno_with_play() if word == "uno" else None
        if told is not None:
            # Marked cards, a jump-in or a stack that leave one: UNO is said with that play (R-UNO-7).
            self.query_one(GameLog).tell(told)
            return
        intents: dict[str, Intent] = {
            "draw": DrawIntent(), "keep": KeepIntent(), "uno": SayUnoIntent(), "catch": CatchIntent(), "look": Look(),
            "hint": Hint(),
        }
        self.post_message(Intended(intents[word]))  # in turn, see `_queued`

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.is_active:  # as `on_intended`; the line stays to be sent again
            return
        line = event.value.strip()
        command_line = self.query_one(CommandLine)
        command_line.value = ""
        if not line:
            return
        command_line.remember(line)
        # Back to the hand, as Escape does: its keys (c to catch, d to draw) act again at
        # once, where they were typed into the line; `:` and ↑ bring the command back.
        self.query_one(HandView).focus()
        self.query_one(GameLog).tell("", command=typed_text(line) or line)
        result = parse_command(line, self.view)
        self._answering_typed = True
        try:
            if isinstance(result, Answer):
                self.answer(result.text)
            else:
                self.perform(result)
        finally:
            # An answer that comes later, after a dialog the command opened, answers the dialog.
            self._answering_typed = False

    def on_hand_view_refused(self, message: HandView.Refused) -> None:
        message.stop()
        self.answer(message.text)

    def answer(self, text: str, severity: str = "warning", *, note: str | None = None, title: str = "") -> None:
        """Tell the person what came of what they asked (most often, that it can't be
        done), in the log: never silence.

        A typed command is answered there alone, under its echo, where its reader is
        looking: a notification would say it again over the log. A key's answer (Enter on
        a card that can't be played, `k` with nothing drawn, a name given in a dialog) has
        no echo to stand under, and the eye is elsewhere: a notification says it too.

        Args:
            note: what the notification says, when shorter than `text` (a file's name,
                not its path); `text` when None.
            title: the notification's title.
        """
        self.query_one(GameLog).tell(text)
        if self._answering_typed:
            return
        # One at a time, with a fresh timer (Enter again and again on the same card): not a
        # stack of them over the hand. The log keeps what each said.
        self._clear_toasts()
        self.notify(command_markup(note or text, self.names), title=title, severity=severity)  # type: ignore[arg-type]

    def perform(self, intent: Intent) -> None:
        """Carry out an intent: describe, save, quit, or make it an engine command."""
        view = self.table.view(self.seat)
        log = self.query_one(GameLog)
        match intent:
            case Look():
                log.tell(describe_table(view, self.names))
            case ShowHand():
                log.tell(describe_hand(view))
            case ShowScore():
                log.tell(describe_scores(view, self.names))
            case Hint():
                log.tell(self._hint(view))
            case Log(count=count):
                log.tell("\n".join(log.story[-count:]) or "Nothing has happened yet.")
            case Save(name=name):
                self.save(name)
            case Rules(topic=topic):
                log.tell(rules_text(view, topic))
            case Help(command=command):
                log.tell(self._help(command))
            case Quit():
                self._leave()
            case _:
                self._play_intent(intent, view)  # type: ignore[arg-type]

    def _hint(self, view: PlayerView) -> str:
        """What the `strong` bot would play in the seat at the keyboard, from that seat's view."""
        refusal = no_hint(view, self.names)
        if refusal is not None:
            return refusal
        adviser = self.session.adviser(self.seat)
        rng = advice_rng(self.seat, len(self.table.match.events))
        return describe_hint(adviser.weigh(view, self.table.legal_commands(self.seat), rng), self.names)

    def _help(self, command: str | None) -> str:
        if command:
            return command_help(command)
        multi_play = self.table.view(self.seat).rules.multi_play
        lines = ["Commands (a card alone plays it: r7, w+4 red, red seven):", *command_rows(multi_play)]
        lines.append("Keys: ←/→ or 1-9 pick a card, Enter plays, d draw, u UNO, c catch, : type, ? help.")
        if multi_play:
            lines.append("Multi-play: space or shift+click marks cards of one number; Enter plays them (the title says how).")
        return "\n".join(lines)

    def _play_intent(self, intent: GameIntent, view: PlayerView) -> None:
        # Who came to their hands by a swap matters to a catch alone: the match's events are read for it only.
        given = given_hands(self._seen, view.players) if isinstance(intent, CatchIntent) else frozenset[int]()
        result = to_command(intent, view, self.names, given)
        match result:
            case Answer(text=text):
                self.answer(text)
            case NeedColor(card=card, uno=uno):
                def named(color: Color | None) -> None:
                    if color is not None:
                        self.perform(Play(card=card, color=color, uno=uno))
                    elif view.decision is Decision.CHALLENGE:
                        self._ask(view)  # a stack taken back: the Wild Draw Four still needs an answer

                self.app.push_screen(ColorDialog(view.hand, card), named)
            case NeedTarget(card=card, color=color, uno=uno, also=also):
                from .swap import SwapDialog

                def chosen(other: int | None) -> None:
                    if other is not None:
                        self.perform(Play(card=card, color=color, uno=uno, swap_with=other, also=also))

                self.app.push_screen(SwapDialog(card, self.names, view.hand_sizes, self.seat), chosen)
            case _:
                self._submit(result, human=True)

    # ------------------------------------------------------------------ commands in

    def _submit(self, command: AnyCommand, human: bool = True) -> bool:
        """Send a command to the table and show what came of it; on refusal say why (with
        the rule), never crash."""
        if not self._record(command, human):
            return False
        self._refresh()
        self._after_change()
        return True

    def _record(self, command: AnyCommand, human: bool = True) -> bool:
        """Send a command to the table and tell the bots, showing nothing yet; on refusal say
        why (with the rule)."""
        if human:
            # Up to here the player has read the log; what their move brings may be unseen.
            self._keyboard_since = len(self._seen)
        verdict = self.table.submit(command)
        if isinstance(verdict, Rejected):
            if human:
                self.answer(refusal(verdict.reason, verdict.rule, self.names))
            return False
        assert isinstance(verdict, Accepted)
        if human:
            # A notification is old news once a command goes through (the log keeps it): a
            # refusal would cover the hand it was about, or name a hot-seat player's cards
            # over the next player's pass screen.
            self._clear_toasts()
        self._opened_window = isinstance(command, PlayCard) and command.seat == self.table.view(self.seat).catchable
        self._tell_bots()
        return True

    def _tell_bots(self) -> None:
        """Bots that keep notes (a hint's adviser too) see each command's events as their seat saw them."""
        events = self.table.match.events
        start = self.table.match.boundaries[-1]
        for seat, bot in self.session.observers().items():
            bot.observe(visible_events(events[start:], seat))

    def _after_change(self) -> None:
        """Announce penalties and reveals, then ask the seat at the keyboard, or let the bots play."""
        fresh = self._seen[self._shown :]
        self._shown = len(self._seen)
        for index, event in enumerate(fresh):
            self._announce(event, fresh[index + 1 :])
        if self.app.screen is not self:
            return
        view = self.table.view(self.seat)
        if view.phase is Phase.HAND_OVER or view.phase is Phase.MATCH_OVER:
            self._hand_over(fresh)
            return
        turn = view.turn
        if self.session.is_human(turn) and turn != self.seat:
            self._pass_to(turn, describe_news(view, self._seen[self._keyboard_since :]))
            return
        if turn == self.seat:
            if self._ask(view):
                return
        self.play_bots()

    def _announce(self, event: AnyEvent, after: Sequence[AnyEvent]) -> None:
        """Tell the seat at the keyboard what `event` did to it; `after` are the events
        that came with it."""
        names = self.names
        match event:
            case UnoCaught(seat=caught, by=by):
                who = "You were" if caught == self.seat else f"{names[caught]} was"
                by_whom = "you" if by == self.seat else names[by]
                self.notify(f"{who} caught by {by_whom} without UNO: {counted(self.table.view(self.seat).rules.uno_penalty, 'card')} penalty.",
                            title="UNO!", severity="warning", markup=False)
            case ChallengeResolved(challenger=challenger, challenged=challenged, succeeded=succeeded, revealed=revealed):
                if self.seat in (challenger, challenged) and revealed:
                    # 4 or 6, or more on a stacked total (R-HOUSE-1): what the loser drew.
                    drawn = number_word(sum(later.count for later in after if isinstance(later, CardsDrawn)
                                            and later.reason in (DrawReason.BLUFF_CAUGHT, DrawReason.CHALLENGE_FAILED)))
                    if challenger == self.seat:
                        title = (f"Your challenge succeeds: {names[challenged]} was bluffing and draws {drawn}." if succeeded
                                 else f"Your challenge fails: {names[challenged]} played it fairly. You draw {drawn}.")
                    else:
                        title = (f"{names[challenger]} challenges and catches your bluff: you draw {drawn}." if succeeded
                                 else f"{names[challenger]} challenges and fails: they draw {drawn}.")
                    whose = "Your hand" if challenged == self.seat else f"{names[challenged]}'s hand"
                    # What the challenge looked for: the colour before the last Wild Draw Four up to it.
                    looked_for = self._color_before_draw_four(self._seen[: len(self._seen) - len(after)])
                    self.app.push_screen(RevealDialog(title, whose, revealed, looked_for), lambda _: self._after_change())
            case _:
                pass

    def _color_before_draw_four(self, events: Sequence[AnyEvent]) -> Color | None:
        """The colour a challenge of the last Wild Draw Four in `events` looks for, these
        being the match's events from its start."""
        position = self.table.header.position
        return color_before_draw_four(events, position.color if position is not None else None)

    def _ask(self, view: PlayerView) -> bool:
        """Open the dialog for a decision of the seat at the keyboard; False when none is needed."""
        match view.decision:
            case Decision.CHALLENGE:
                # The Wild Draw Four was played by the seat before the one that must answer it
                # (also in a match started from a position at this question, with no events).
                players = len(self.names)
                by = (view.turn - view.direction) % players
                before = self._color_before_draw_four(self._seen)
                # Under stacking, a Wild Draw Four of your own may answer it (R-HOUSE-1).
                stack_to = self.names[(view.turn + view.direction) % players] if view.playable else None

                # A player who forgot UNO may be caught first: any answer would end the chance (R-UNO-3).
                caught = view.catchable if view.catchable is not None and view.catchable != self.seat else None

                def answered(answer: str | None) -> None:
                    from ..commands import Accept, CatchPlayer, ChallengeIt

                    if answer == "catch":
                        self.perform(CatchPlayer(target=caught))
                    elif answer in ("stack", "stack uno"):
                        self.perform(Play(card=Card.WILD_DRAW_FOUR, uno=answer == "stack uno"))
                    else:
                        self.perform(ChallengeIt() if answer == "challenge" else Accept())

                self.app.push_screen(ChallengeDialog(self.names[by], before, view.color, view.pending or 4, stack_to,
                                                     last_but_one=len(view.hand) == 2, hint=lambda: self._hint(view),
                                                     catchable=self.names[caught] if caught is not None else None),
                                     answered)
                return True
            case Decision.PLAY_OR_KEEP if view.drawn is not None:
                drawn = view.drawn

                def decided(answer: str | None) -> None:
                    self.perform(KeepIntent() if answer == "keep" else Play(card=None, uno=answer == "uno"))

                # Under force play keeping is no answer (R-HOUSE-5).
                self.app.push_screen(DrawnCardDialog(drawn, must_play=view.rules.force_play,
                                                     last_but_one=len(view.hand) == 2,
                                                     hint=lambda: self._hint(view)), decided)
                return True
            case Decision.CHOOSE_COLOR:
                def named(color: Color | None) -> None:
                    from ..commands import NameColor

                    if color is None:
                        self.answer("The Wild start card needs a colour: pick one.")
                        self._after_change()
                    else:
                        self.perform(NameColor(color=color))

                self.app.push_screen(ColorDialog(view.hand), named)
                return True
            case _:
                return False

    def _pass_to(self, seat: int, news: str | None = None) -> None:
        """Hot-seat: hide the table until `seat`'s player says they are at the keyboard;
        `news` is told first to the player leaving it (`describe_news`). The players may
        leave the table from there instead, asked as at the table, the table still hidden."""
        def taken(ready: bool | None) -> None:
            if ready:
                self.app.hold_keys()  # type: ignore[attr-defined]
                self._open_for(seat)
            else:
                self._left()

        self.app.hold_keys()  # type: ignore[attr-defined]

        # Asked there after Escape, by reflex, on a screen whose key is Enter: Enter stays.
        self.app.push_screen(PrivacyScreen(self.names[seat], self.names[self.seat], news,
                                           leave=lambda: self._leave_question(enter_stays=True)), taken)

    def _hand_over(self, fresh: Sequence[AnyEvent]) -> None:
        from .summary import HandSummary, MatchSummary

        ended = next((event for event in reversed(self._seen) if isinstance(event, HandEnded)), None)
        if ended is None:
            return
        # What the hand's last moves brought (a catch, a refusal) is in the log, and a
        # toast would lie over the scores.
        self._clear_toasts()
        view = self.table.view(self.seat)
        if view.phase is Phase.MATCH_OVER:
            self.app.push_screen(MatchSummary(self.session, ended, from_replay=self.from_replay), self._go_back)
        else:
            def next_hand(_: None) -> None:
                self._deal()
                self._sit_down()

            self.app.push_screen(HandSummary(ended, self.names, view.rules.target, self.seat), next_hand)

    def _go_back(self, then: str | None) -> None:
        """Leave the table for the replay viewer it was branched from (`from_replay`), unless
        `then` is "new" (a new match's setup); else for the title screen."""
        if self.from_replay and then != "new":
            self.dismiss()
        else:
            self.app.switch_to_title(then)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ bots

    @work(exclusive=True, group="bots")
    async def play_bots(self) -> None:
        """Bots take their turns and react out of turn (late UNO, catches, jump-ins), each after a visible delay.

        A reaction is planned for the moment it was asked about. The worker may sleep
        through other commands (a dialog opened by the person's own play does not restart
        it), so right before submitting, a reaction must still belong to the same moment and
        be legal; otherwise it is dropped and the bots are asked again about the new moment.

        While anything covers the table (help, the scores, a dialog) the bots wait: a move
        made then would be told to no one, and the table, once uncovered, plays on
        (`on_screen_resume`).
        """
        while True:
            view = self.table.view(self.seat)
            if view.phase is not Phase.PLAYING or self.app.screen is not self:
                return
            now = time.monotonic()
            self._plan_reactions(now)
            moment = self._moment
            turn = view.turn
            bot_due = None if self.session.is_human(turn) else self._turn_since + self.speed
            reaction_due = self._plan[0][0] if self._plan else None
            if bot_due is None and reaction_due is None:
                return
            if reaction_due is not None and (bot_due is None or reaction_due <= bot_due):
                await asyncio.sleep(max(0.0, reaction_due - now))
                if self.app.screen is not self:
                    return
                if self._moment_now() != moment or not self._plan:
                    continue
                _, reaction = self._plan.pop(0)
                if self.is_still_valid(reaction):
                    self._submit(reaction.command, human=False)
            else:
                assert bot_due is not None
                await asyncio.sleep(max(0.0, bot_due - now))
                if self.app.screen is not self:
                    return
                if self._moment_now() != moment:
                    continue
                bot = self.session.bots[turn]
                command = bot.choose(self.table.view(turn), self.table.legal_commands(turn), bot.rng)
                self._submit(command, human=False)
            if self.app.screen is not self:
                return

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        if self.view is not None and self.view.phase is Phase.PLAYING:
            self.play_bots()  # the bots waited while the table was covered

    def _moment_now(self) -> int:
        """The table's moment: how many events it holds. Every accepted command starts a new one."""
        return len(self.table.match.events)

    def is_still_valid(self, reaction: Reaction) -> bool:
        """Whether a planned out-of-turn command may still be given now (it may have gone stale)."""
        seat = reaction.command.seat
        return still_valid(reaction, self.table.view(seat), self.table.legal_commands(seat))

    def _plan_reactions(self, now: float) -> None:
        """At each new moment, ask every bot once whether and when it acts out of turn.

        A UNO window is asked about once, at the command that opened it; later moments
        show the bots no window, so a bot that let a chance pass doesn't get another roll.
        """
        moment = self._moment_now()
        if moment == self._moment:
            return
        self._moment, self._plan = moment, []
        view = self.table.view(self.seat)
        opened = self._opened_window
        if not reaction_moment(view):
            return
        scale = self.speed / 0.8 if self.speed > 0 else 0.0
        since = min(now, self._turn_since)

        def view_of(seat: int) -> PlayerView:
            seen = self.table.view(seat)
            return seen if opened else msgspec.structs.replace(seen, catchable=None)

        self._plan = [(since + reaction.delay * scale, reaction) for reaction in table_reactions(self.session.bots, view_of)]

    # ------------------------------------------------------------------ actions

    def action_type_command(self) -> None:
        # Focus at once (not later, as `focus()` does), so keys typed right after ':' land in the line.
        self.set_focus(self.query_one(CommandLine))

    def on_key(self, event: Key) -> None:
        """`:hand⏎` pasted, or typed as fast as a script types, is handed out key by key to
        the focus of the moment, the hand, before `:` has moved the focus to the command
        line: the text after `:` would be lost. So `:` (or `/`) takes the command line as
        soon as it reaches this screen, and a printable key that comes up from elsewhere
        while the line has the focus goes into it (the line's own keys stop in it).
        Enter then reaches the line, the focus by the time its turn comes."""
        if not self.is_active or not event.is_printable or event.character is None:
            return
        command_line = self.query_one(CommandLine)
        if self.focused is command_line:
            command_line.insert_text_at_cursor(event.character)
        elif event.character in ":/":
            self.action_type_command()
        elif event.character.lower() in CARD_FIRST_LETTERS:
            # `g3⏎` typed on the hand is a card named: it goes to the command line, where
            # the hand would have taken the 3 for its third card.
            self.action_type_command()
            command_line.insert_text_at_cursor(event.character)
        else:
            return
        event.stop()
        event.prevent_default()

    def on_paste(self, event: Paste) -> None:
        """Text pasted while the hand has the focus goes into the command line (its first
        line, a leading `:` or `/` left out), to run with Enter, where the hand would drop
        it; the command line takes a paste of its own."""
        lines = event.text.splitlines()
        text = lines[0].strip() if lines else ""
        text = text[1:].lstrip() if text[:1] in (":", "/") else text
        if not self.is_active or not text:
            return
        event.stop()
        self.action_type_command()
        self.query_one(CommandLine).insert_text_at_cursor(text)

    def action_focus_hand(self) -> None:
        """Back to the hand. Escape from the command line drops what was typed there, as
        Escape does: kept, it was joined to the next command (`:dra`, Escape, `:look` ran
        "dralook"). A line left unsent as the keyboard passes is kept for its player."""
        command_line = self.query_one(CommandLine)
        if self.focused is command_line:
            command_line.value = ""
        self.query_one(HandView).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows the keys that do something where the focus is: in the command
        line ':' is text, and from anywhere but the hand, escape goes back to it."""
        if not super().check_action(action, parameters):
            return False
        if action == "type_command":
            return not isinstance(self.focused, CommandLine)
        if action == "focus_hand":
            return self.focused is not None and not isinstance(self.focused, HandView)
        return True

    def _queued(self, action: Callable[[], object]) -> None:
        """Do `action` after what the keys before it sent here: Enter on a card sends its play
        to this screen's queue, and a key bound here would otherwise act first (`Enter d`
        typed in a burst drew, then the play was refused). If an earlier key opened a dialog,
        it does nothing, as every key that comes up behind a dialog does."""
        self.call_later(lambda: action() if self.is_active else None)

    def action_help(self) -> None:
        from .help import HelpScreen

        self._queued(lambda: self.app.push_screen(HelpScreen(self.table.view(self.seat).rules)))

    def action_scores(self) -> None:
        from .summary import ScoresDialog

        self._queued(lambda: self.app.push_screen(ScoresDialog(self.table.view(self.seat), self.names)))

    def action_save_as(self) -> None:
        def chosen(name: str | None) -> None:
            if name:
                self.save(name)

        # At once, not `_queued`: the name typed right after ctrl+s must find the dialog's line.
        self.app.push_screen(SaveAsDialog(self._suggested_name()), chosen)

    def _suggested_name(self) -> str:
        """The players and the hand, made unique among the saves unless it names a copy of this match."""
        hand = f"hand{max(self.table.view(self.seat).hand_number, 1)}"
        players = short_stem("-".join(self.names), room=len(f"-{hand}"))  # long names give way, the hand stays
        stem = f"{players}-{hand}" if players else hand
        folder = self.session.save_dir
        return stem if folder is None else save_path(folder, stem, SAVE_SUFFIX, self.table.header).stem

    def save(self, name: str | None) -> None:
        """Save a copy under `name` in the saves folder; the journal itself is always up to date.
        A file of that name that holds another game is replaced only when the player says so."""
        folder = self.session.save_dir
        if folder is None:
            self.answer("This game is played without a saves folder, so it can't be saved.")
            return
        stem = save_stem(name or "")
        if len(stem.encode()) > MAX_STEM_BYTES:
            self.answer(f"Not saved: that name takes {len(stem.encode())} bytes as a file name, "
                        f"and a save's name at most {MAX_STEM_BYTES}.")
            return
        path = folder / f"{stem or self._suggested_name()}{SAVE_SUFFIX}"
        # As in `save_path`: where the file system can't even look the name up, the write says why.
        if not os.path.exists(path) or holds_match(path, self.table.header):
            self._write_save(path)
            return

        def answered(replace: bool | None) -> None:
            if replace:
                self._write_save(path)
            else:
                self.answer(f"Not saved: {path.name} keeps the game it holds.")

        self.app.push_screen(ConfirmDialog(f"{path.name} holds another game. Replace it with this one?",
                                           yes="Replace", no="Keep it"), answered)

    def _write_save(self, path: Path) -> None:
        try:
            self.table.save_as(path)
        except OSError as error:
            self.answer(f"Couldn't save to {path.parent}: {os_reason(error)}.", severity="error")
            return
        self.answer(f"Saved as {path}.", "information", note=f"Saved as {path.name}", title="Saved")

    def action_quit_table(self) -> None:
        self._queued(self._leave)

    def _leave(self) -> None:
        """Ask before leaving the table (a finished match is left at once): for the title
        screen, or for the replay viewer a branch was made in."""
        view = self.table.view(self.seat)
        if view.phase is Phase.MATCH_OVER:
            self._go_back(None)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self._left()

        self.app.push_screen(self._leave_question(), answered)

    def _leave_question(self, enter_stays: bool = False) -> ConfirmDialog:
        """The question whether to leave the table, which ends in True to leave; with
        `enter_stays`, Enter answers Stay."""
        kept = "The game is saved as you play: Resume picks it up." if self.session.save_dir else "This game is not being saved."
        where = " for the replay" if self.from_replay else ""
        return ConfirmDialog(f"Leave the table{where}? {kept}", yes="Leave", no="Stay", enter_says_no=enter_stays)

    def _left(self) -> None:
        """Leave the table, its bots stopped."""
        self.workers.cancel_group(self, "bots")
        self._go_back(None)
