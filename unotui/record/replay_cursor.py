"""Random access to a recorded match: folded states cached at intervals, its turns, hands and
marked moments, the file's verification, and the position a branch starts from.

The replay viewer stands at a *position*: the number of events folded so far, from 0 (the
setup) to the event count (the end). `ReplayCursor.state_at` folds from the nearest cached
state, so any jump costs at most `interval` events; stepping forward from where the cursor
stands folds just the events stepped over.

>>> from unotui.engine import Setup
>>> cursor = ReplayCursor(Setup(players=2, seed=1), [], [])
>>> cursor.end, cursor.locate(0)
(0, (0, 0))
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

import msgspec

from unotui.engine import (
    AnyEvent,
    CardPlayed,
    ChallengeResolved,
    DiscardsReshuffled,
    GameState,
    HandEnded,
    HandStarted,
    Phase,
    Position,
    Rejected,
    Setup,
    SetupError,
    StartHand,
    TurnStarted,
    UnoCalled,
    UnoCaught,
    apply,
    decide,
    initial_state,
    validate_position,
)

from .format import Header, Origin, Record, Replay, ReplayError
from .narrate import Speaker
from .table import read_replay
from .verify import VerifyError, rebuild

__all__ = [
    "Branch",
    "Moment",
    "MomentKind",
    "Recording",
    "ReplayCursor",
    "Verification",
    "branch_point",
    "open_recording",
    "recording_of",
]

CHECKPOINT_INTERVAL = 256
"""Events between cached states: a jump anywhere folds at most this many events."""


class MomentKind(StrEnum):
    """What makes a moment worth marking on the timeline."""

    BLUFF = "bluff"
    """An illegal Wild Draw Four is played (R-WD4-2); only the audit view knows."""
    CHALLENGE = "challenge"
    """A Wild Draw Four is challenged (R-WD4-3)."""
    CATCH = "catch"
    """A player is caught without UNO (R-UNO-4)."""
    MISSED_UNO = "missed_uno"
    """A player left on one card without UNO, and nobody caught it before the window closed (R-UNO-3)."""
    RESHUFFLE = "reshuffle"
    """The discards become the new draw pile (R-TURN-5)."""
    HAND_END = "hand_end"


class Moment(msgspec.Struct, frozen=True, kw_only=True):
    """A marked moment: the event it happens at, and who it concerns."""

    kind: MomentKind
    event: int
    """The index of the event; the viewer stands just after it (position `event + 1`)."""
    seat: int | None = None
    """Who it is about: the bluffer, the challenged, the caught, the forgetful, the winner."""
    other: int | None = None
    """The challenger or the catcher."""
    succeeded: bool | None = None
    """For a challenge: whether it caught a bluff."""

    @property
    def public(self) -> bool:
        """Whether a player's view may show it: a bluff is known only to the audit view."""
        return self.kind is not MomentKind.BLUFF

    def describe(self, names: Sequence[str], viewer: int | None = None) -> str:
        """The moment in a few words, as `viewer` (None: all-seeing) reads it.

        >>> Moment(kind=MomentKind.CATCH, event=9, seat=1, other=0).describe(["Ada", "Bo"])
        'Ada catches Bo without UNO'
        >>> Moment(kind=MomentKind.CATCH, event=9, seat=1, other=0).describe(["You", "Bo"])
        'you catch Bo without UNO'
        """
        say = Speaker(names, viewer)

        def who(seat: int | None) -> str:
            return "nobody" if seat is None else say.who(seat)

        def form(seat: int | None, verb: str, third: str | None = None) -> str:
            return (third or verb + "s") if seat is None else say.form(seat, verb, third)

        match self.kind:
            case MomentKind.BLUFF:
                return f"{who(self.seat)} {form(self.seat, 'play')} an illegal Wild Draw Four (a bluff, R-WD4-2)"
            case MomentKind.CHALLENGE:
                whose = "nobody's" if self.seat is None else say.whose(self.seat)
                verdict = (f"{form(self.other, 'catch', 'catches')} the bluff" if self.succeeded
                           else form(self.other, "fail"))
                return f"{who(self.other)} {form(self.other, 'challenge')} {whose} Wild Draw Four and {verdict}"
            case MomentKind.CATCH:
                return f"{who(self.other)} {form(self.other, 'catch', 'catches')} {who(self.seat)} without UNO"
            case MomentKind.MISSED_UNO:
                return f"{who(self.seat)} {form(self.seat, 'forget')} UNO and nobody catches it (R-UNO-3)"
            case MomentKind.RESHUFFLE:
                return "the discards are shuffled into a new draw pile"
            case MomentKind.HAND_END:
                return "the hand is blocked" if self.seat is None else f"{who(self.seat)} {form(self.seat, 'go', 'goes')} out"


class ReplayCursor:
    """States of a recorded match at any position, from states cached every `interval` events.

    The states handed out are the cursor's own: read them, never change them (copy one
    with `GameState.copy()` first).
    """

    def __init__(self, setup: Setup, events: Sequence[AnyEvent], boundaries: Sequence[int],
                 interval: int = CHECKPOINT_INTERVAL) -> None:
        """
        Args:
            setup: what the match starts from.
            events: every event, in order.
            boundaries: where each record's events start in `events`.
            interval: events between cached states.

        Raises:
            SetupError: the setup can't start a game.
        """
        self.setup = setup
        self.events: tuple[AnyEvent, ...] = tuple(events)
        self.interval = interval
        self.record_starts: tuple[int, ...] = tuple(boundaries)
        """Where each record's events start."""
        self.record_ends: tuple[int, ...] = tuple(self.record_starts[1:]) + ((len(self.events),) if self.record_starts else ())
        """The position after each record: where a command's consequences are all on the table."""
        self.moments: list[Moment] = []
        """Every marked moment, in order."""
        self.turn_stops: list[int] = []
        """The position just after each turn starts."""
        self.hand_stops: dict[int, int] = {}
        """Each hand's first turn (dealt, start card turned): its position."""
        self._hand_at: list[int] = [0]
        self._turn_at: list[int] = [0]
        self._checkpoints: list[GameState] = []
        self._fold_all()
        self._position = 0
        self._state = self._checkpoints[0].copy()

    @property
    def end(self) -> int:
        """The last position: every event folded."""
        return len(self.events)

    def _fold_all(self) -> None:
        """One pass over the match: cached states, turn and hand stops, marked moments."""
        state = initial_state(self.setup)
        self._checkpoints.append(state.copy())
        hand = turn = 0
        if self.setup.position is not None:
            # A match started from a position starts inside a hand, in a turn already begun.
            hand, turn = state.hand, 1
            self.hand_stops[hand] = 0
            self.turn_stops.append(0)
        self._hand_at[0], self._turn_at[0] = hand, turn
        window: int | None = None
        opened = 0
        for index, event in enumerate(self.events):
            apply(state, event)
            kind = type(event)
            if kind is TurnStarted:
                turn += 1
                self.turn_stops.append(index + 1)
                self.hand_stops.setdefault(hand, index + 1)
            elif kind is HandStarted:
                assert isinstance(event, HandStarted)
                hand, turn = event.hand, 0
            elif kind is CardPlayed:
                assert isinstance(event, CardPlayed)
                if event.bluff:
                    self.moments.append(Moment(kind=MomentKind.BLUFF, event=index, seat=event.seat))
            elif kind is ChallengeResolved:
                assert isinstance(event, ChallengeResolved)
                self.moments.append(Moment(kind=MomentKind.CHALLENGE, event=index, seat=event.challenged,
                                           other=event.challenger, succeeded=event.succeeded))
            elif kind is UnoCaught:
                assert isinstance(event, UnoCaught)
                self.moments.append(Moment(kind=MomentKind.CATCH, event=index, seat=event.seat, other=event.by))
            elif kind is DiscardsReshuffled:
                self.moments.append(Moment(kind=MomentKind.RESHUFFLE, event=index))
            elif kind is HandEnded:
                assert isinstance(event, HandEnded)
                self.moments.append(Moment(kind=MomentKind.HAND_END, event=index, seat=event.winner))
            catchable = _catchable(state)
            if catchable != window:
                if window is not None and not _answered(event, window):
                    self.moments.append(Moment(kind=MomentKind.MISSED_UNO, event=opened, seat=window))
                window, opened = catchable, index
            self._hand_at.append(hand)
            self._turn_at.append(turn)
            if (index + 1) % self.interval == 0:
                self._checkpoints.append(state.copy())
        self.moments.sort(key=lambda moment: moment.event)

    def state_at(self, position: int) -> GameState:
        """The state after `position` events (clamped to the match).

        Forward steps fold on from the current state; anything else starts from the
        nearest cached state at or before `position`.
        """
        position = max(0, min(position, self.end))
        if position == self._position:
            return self._state
        if not self._position < position < self._position + self.interval:
            base = position // self.interval
            self._state = self._checkpoints[base].copy()
            self._position = base * self.interval
        state, events = self._state, self.events
        for index in range(self._position, position):
            apply(state, events[index])
        self._position = position
        return state

    def locate(self, position: int) -> tuple[int, int]:
        """(hand, turn) at a position: the hand number and turns started in it so far."""
        position = max(0, min(position, self.end))
        return self._hand_at[position], self._turn_at[position]

    @property
    def hands(self) -> list[int]:
        """The hand numbers played, in order."""
        return sorted(self.hand_stops)

    def hand_start(self, hand: int) -> int | None:
        """The position of a hand's first turn, or None if the match has no such hand."""
        return self.hand_stops.get(hand)

    def turn_position(self, hand: int, turn: int) -> int | None:
        """The position just after turn `turn` (from 1) of `hand` starts, or None."""
        start = self.hand_stops.get(hand)
        if start is None or turn < 1:
            return None
        first = bisect.bisect_left(self.turn_stops, start)
        at = first + turn - 1
        if at >= len(self.turn_stops) or self._hand_at[self.turn_stops[at]] != hand:
            return None
        return self.turn_stops[at]

    def turns_in(self, hand: int) -> int:
        """How many turns `hand` has in the file (0 when there is no such hand)."""
        start = self.hand_stops.get(hand)
        if start is None:
            return 0
        first = bisect.bisect_left(self.turn_stops, start)
        last = first
        while last < len(self.turn_stops) and self._hand_at[self.turn_stops[last]] == hand:
            last += 1
        return last - first

    def record_at(self, position: int) -> int:
        """How many records are complete at `position` (a position inside a record counts it not)."""
        return bisect.bisect_right(self.record_ends, position)


def _catchable(state: GameState) -> int | None:
    """The seat open to an UNO catch now, as the views show it (R-UNO-3)."""
    window = state.uno_window
    if window is not None and not state.uno_said[window] and len(state.hands[window]) == 1:
        return window
    return None


def _answered(event: AnyEvent, seat: int) -> bool:
    """Whether the event that closed `seat`'s UNO window was a catch or `seat`'s own late UNO."""
    return isinstance(event, UnoCaught) or (isinstance(event, UnoCalled) and event.seat == seat)


# ------------------------------------------------------------------------- files


class Verification(msgspec.Struct, frozen=True, kw_only=True):
    """What checking a file found, part by part (None: not reached)."""

    commitment: bool | None
    """The seed, deck and position are the ones the file committed to."""
    chain: bool | None
    """Every record's hash links to the one before."""
    legal: bool | None
    """Every command is legal and derives exactly the recorded events."""
    failure: str | None = None
    """The first thing found wrong, with its place; None when the file verifies."""
    failed_record: int | None = None
    """The index of the first bad record or script command."""
    committed: bool = True
    """Whether the header commits to its deck: a hand-written script need not, and then
    there is no commitment to check (`commitment` is None)."""
    recorded: bool = True
    """Whether the file has records to check: a hand-written script has commands only,
    whose events and hashes are derived now, so there is no chain to check (`chain` is None)."""

    @property
    def ok(self) -> bool:
        return self.failure is None


@dataclass
class Recording:
    """A replay file opened for viewing: the verified part of it, folded and indexed."""

    path: Path
    header: Header
    records: list[Record]
    """The records the viewer shows: all of them, or those before the first bad one."""
    verification: Verification
    cursor: ReplayCursor
    warnings: list[str] = field(default_factory=list)
    """What reading had to say, e.g. a torn tail dropped."""
    script: int = 0
    """How many of the records were derived from script commands."""

    @property
    def names(self) -> list[str]:
        return self.header.names

    @property
    def events(self) -> tuple[AnyEvent, ...]:
        return self.cursor.events


def _classify(message: str, record: int | None) -> Verification:
    """Which part of verification a failure message belongs to (see `rebuild`)."""
    if "commitment" in message:
        return Verification(commitment=False, chain=None, legal=None, failure=message, failed_record=record)
    if "hash chain" in message or "sequence number" in message:
        return Verification(commitment=True, chain=False, legal=None, failure=message, failed_record=record)
    return Verification(commitment=record is not None or None, chain=None, legal=False, failure=message,
                        failed_record=record)


def recording_of(replay: Replay, path: str | os.PathLike[str], warnings: Sequence[str] = (),
                 interval: int = CHECKPOINT_INTERVAL, damaged: str | None = None) -> Recording:
    """Verify a decoded replay and fold what verifies: everything, or up to the first bad record.

    Args:
        replay: the decoded file.
        path: its name, for messages.
        warnings: what reading it had to say.
        interval: events between cached states.
        damaged: why reading stopped at a damaged record (`Decoded.damaged`): `replay`
            holds the records before it, and the file fails there if not before.

    Raises:
        ReplayError: the header can't start a game at all.
    """
    where = str(path)
    events: Sequence[AnyEvent] = ()
    boundaries: Sequence[int] = ()
    records: list[Record] = []
    committed = replay.header.commitment is not None
    recorded = bool(replay.records) or damaged is not None
    try:
        rebuilt = rebuild(replay, where)
        if damaged is not None:
            # Everything before the damaged record holds; the chain can't be followed past it.
            verification = Verification(commitment=True, chain=False, legal=None, failure=damaged,
                                        failed_record=len(replay.records))
        else:
            verification = Verification(commitment=True, chain=True, legal=True)
    except VerifyError as error:
        failure = error.failure
        verification = _classify(str(failure), failure.record)
        bad = failure.record
        if bad is not None:
            # The commitment held and everything before record `bad` verified: show that much.
            good = Replay(header=replay.header, records=replay.records[:bad],
                          commands=replay.commands[: max(0, bad - len(replay.records))])
            rebuilt = rebuild(good, where, check=False)
    else:
        bad = len(rebuilt.records)
    # What a file has nothing for passes unchecked, not checked.
    verification = msgspec.structs.replace(
        verification, committed=committed, recorded=recorded,
        commitment=verification.commitment if committed or verification.commitment is False else None,
        chain=verification.chain if recorded or verification.chain is False else None)
    if bad is not None:
        events, boundaries, records = rebuilt.match.events, rebuilt.match.boundaries, rebuilt.records
    try:
        cursor = ReplayCursor(replay.header.setup(), events, boundaries, interval)
    except SetupError as error:
        raise ReplayError(f"{where}: the header can't start a game: {error}") from None
    script = max(0, len(records) - len(replay.records))
    return Recording(path=Path(path), header=replay.header, records=records,
                     verification=verification, cursor=cursor, warnings=list(warnings), script=script)


def open_recording(path: str | os.PathLike[str], interval: int = CHECKPOINT_INTERVAL) -> Recording:
    """Read, verify and fold a replay, a save or a script for viewing.

    A file that fails verification, or has a damaged record (a checksum that doesn't
    match, a frame that can't be read), opens up to its first bad record, with the
    reason in `verification`; a torn last record is dropped with a warning.

    Raises:
        ReplayError: one line when the file can't be read or can't start a game.
    """
    decoded = read_replay(path, salvage=True)
    warnings = [f"{path}: {decoded.torn}"] if decoded.torn else []
    return recording_of(decoded.replay, path, warnings, interval, decoded.damaged)


# ------------------------------------------------------------------------- branching


class Branch(msgspec.Struct, frozen=True, kw_only=True):
    """Where a new match branched from a recording starts."""

    position: Position
    origin: Origin


def branch_point(recording: Recording, position: int) -> Branch:
    """The position a new match starts from when branching at viewer position `position`.

    A branch starts where a command's consequences are all on the table: the end of the
    last record at or before `position`. Between hands (and before the first deal) it
    starts at the next hand's first turn, dealt from the same generator state: the
    recorded deal when the file has it, else the one the engine derives now, which is
    the same by determinism.

    Raises:
        ValueError: the match is over there, or the position can't be played on from.
    """
    cursor = recording.cursor
    records = cursor.record_at(position)
    at = cursor.record_ends[records - 1] if records else 0
    state = cursor.state_at(at)
    if state.phase is Phase.MATCH_OVER:
        raise ValueError("the match is over, so there is nothing left to play")
    if state.phase is not Phase.PLAYING and records < len(cursor.record_ends):
        records += 1
        at = cursor.record_ends[records - 1]
        state = cursor.state_at(at)
    state = state.copy()
    if state.phase is not Phase.PLAYING:
        verdict = decide(state, StartHand(seat=max(state.dealer, 0)))
        if isinstance(verdict, Rejected):
            raise ValueError(f"the next hand can't be dealt ({verdict.reason}, {verdict.rule})")
        for event in verdict.events:
            apply(state, event)
    try:
        spot = validate_position(state.position(), state.players, state.rules)
    except SetupError as error:
        raise ValueError(f"that position can't be played on ({error})") from None
    last = recording.records[records - 1].hash if records else None
    origin = Origin(file=recording.path.name, records=records, events=at, hash=last)
    return Branch(position=spot, origin=origin)
