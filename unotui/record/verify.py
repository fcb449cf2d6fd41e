"""Audit: re-derive a whole match from its header and commands and compare with the file.

The deck comes from the seed or the explicit order (its commitment checked), every
command must be legal, every recorded event must equal the one the engine derives now,
and the hash chain must hold. Scores and winners are then right by construction: they
are events too.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from unotui.engine import (
    AnyCommand,
    AnyEvent,
    HandEnded,
    HandStarted,
    Match,
    MatchWon,
    Phase,
    Position,
    Rejected,
    SetupError,
    TurnStarted,
)

from .format import Record, RecordBody, Replay, ReplayError, chain_hash, commitment_of, genesis_hash

__all__ = ["Failure", "HandResult", "Rebuilt", "Summary", "VerifyError", "rebuild", "summarize"]

_show = msgspec.json.Encoder(order="deterministic")


class Failure(msgspec.Struct, frozen=True, kw_only=True):
    """The first thing found wrong, and where."""

    message: str
    record: int | None = None
    """The index of the bad record, or the one the bad script command would become; None for the header."""
    hand: int | None = None
    turn: int | None = None
    """Turns started in that hand before the bad record."""
    script: int | None = None
    """For a bad script command: its index among the file's `commands`."""

    def __str__(self) -> str:
        if self.record is None:
            return self.message
        place = f"record {self.record}" if self.script is None else f"script command {self.script}"
        if self.hand:
            place += f" (hand {self.hand}, turn {self.turn})"
        return f"{place}: {self.message}"


class VerifyError(ReplayError):
    """Verification failed; `failure` says where."""

    def __init__(self, where: str, failure: Failure) -> None:
        super().__init__(f"{where}: {failure}", failure.record)
        self.failure = failure


@dataclass
class Rebuilt:
    """A match re-derived from a file: the live match and the records, hashes included."""

    match: Match
    records: list[Record]
    last_hash: bytes
    """The chain's last link, for the next record."""
    hand: int = 0
    """The hand the match stands in (or after) at the end: 0 before the first deal."""
    turn: int = 0
    """Turns started in `hand` at the end (0 between hands)."""


class _Clock:
    """Which hand and turn the match is at, for naming a bad record."""

    def __init__(self, position: Position | None) -> None:
        """Before the first deal, or in the position's hand, in a turn already begun, as
        `ReplayCursor` counts it."""
        self.hand = position.hand if position is not None else 0
        self.turn = 1 if position is not None else 0

    def advance(self, events: tuple[AnyEvent, ...] | list[AnyEvent]) -> None:
        for event in events:
            if isinstance(event, HandStarted):
                self.hand, self.turn = event.hand, 0
            elif isinstance(event, TurnStarted):
                self.turn += 1


def rebuild(replay: Replay, where: str = "file", check: bool = True) -> Rebuilt:
    """Run the file's commands through the engine from its header.

    Args:
        replay: the decoded file.
        where: the file's name, for messages.
        check: compare recorded events and hashes (turn off only for trusted input).

    Returns:
        The match as it stands after the last record and script command, with every
        record (script commands get their events and hashes now).

    Raises:
        VerifyError: naming the first bad record or command.
    """
    header = replay.header
    setup = header.setup()
    committed = commitment_of(header.seed, header.deck, header.position)
    if header.commitment is None:
        if replay.records:
            raise VerifyError(where, Failure(message="the header has no commitment to its deck"))
    elif header.commitment != committed:
        raise VerifyError(where, Failure(
            message="commitment mismatch: the seed, deck or position is not the one the file committed to"))
    try:
        match = Match(setup)
    except SetupError as error:
        raise VerifyError(where, Failure(message=f"the header can't start a game: {error}")) from None
    previous = genesis_hash(header)
    clock = _Clock(header.position)
    records = list(replay.records)
    submit = match.submit
    for index, record in enumerate(records):
        if record.seq != index:
            what = "missing" if record.seq > index else "repeated or inserted"
            raise _fail(where, clock, index,
                        f"sequence number {record.seq} where {index} was due: a record is {what}, or out of order")
        verdict = submit(record.command)
        if isinstance(verdict, Rejected):
            raise _fail(where, clock, index, _illegal(record.command, verdict))
        derived = verdict.events
        previous = chain_hash(previous, record.body())
        if check:
            if derived != record.events:
                raise _fail(where, clock, index, _difference(record.events, derived))
            if previous.hex() != record.hash:
                # The chain starts from the header's hash: before the first record, it is the one changed.
                changed = "the header or this record" if index == 0 else "the record or one before it"
                raise _fail(where, clock, index, f"the hash chain is broken: {changed} was changed")
        clock.advance(derived)
    for offset, command in enumerate(replay.commands):
        index = len(records)
        verdict = match.submit(command)
        if isinstance(verdict, Rejected):
            raise VerifyError(where, Failure(
                message=_illegal(command, verdict),
                record=index, hand=clock.hand, turn=clock.turn, script=offset))
        previous = chain_hash(previous, RecordBody(seq=index, command=command, events=verdict.events))
        records.append(Record(seq=index, command=command, events=verdict.events, hash=previous.hex()))
        clock.advance(verdict.events)
    return Rebuilt(match=match, records=records, last_hash=previous, hand=clock.hand, turn=clock.turn)


def _fail(where: str, clock: _Clock, index: int, message: str) -> VerifyError:
    return VerifyError(where, Failure(message=message, record=index, hand=clock.hand, turn=clock.turn))


def _command(command: AnyCommand) -> str:
    """The command as a file writes it, less the fields left at "none" (null, false, an empty list),
    so that what it does is read at a glance."""
    fields = msgspec.to_builtins(command)  # the type tag first, then the fields in their order
    told = {name: value for name, value in fields.items() if value is not None and value is not False and value != ()}
    return f"command {msgspec.json.encode(told).decode()}"


def _illegal(command: AnyCommand, verdict: Rejected) -> str:
    """Why the engine refuses a command, quoted: its reasons speak to the player in the seat
    ("you don't hold b9"), and a report on a file speaks about them."""
    return f'{_command(command)} is illegal for seat {command.seat} ({verdict.rule}): "{verdict.reason}"'


def _difference(recorded: tuple[AnyEvent, ...], derived: tuple[AnyEvent, ...]) -> str:
    """Name the first event that differs, and the first field in it."""
    for position, (was, now) in enumerate(zip(recorded, derived)):
        if was == now:
            continue
        if type(was) is type(now):
            for field in was.__struct_fields__:
                if getattr(was, field) != getattr(now, field):
                    return (f"event {position} ({now.__struct_config__.tag}) differs in {field}: recorded "
                            f"{_brief(getattr(was, field))}, derived {_brief(getattr(now, field))}")
        return (f"event {position} differs: recorded {_brief(was)}, derived {_brief(now)}")
    return f"the record has {len(recorded)} events where the engine derives {len(derived)}"


def _brief(value: object) -> str:
    text = _show.encode(value).decode()
    return text if len(text) <= 120 else text[:117] + "..."


class HandResult(msgspec.Struct, frozen=True, kw_only=True):
    """One finished hand."""

    hand: int
    winner: int | None
    """None when the hand was blocked."""
    points: tuple[int, ...]
    totals: tuple[int, ...]


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """What `unotui verify` reports for one file."""

    file: str
    status: str
    """"ok", or "failed" with `failure` set."""
    players: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    records: int = 0
    events: int = 0
    carried: tuple[int, ...] = ()
    """The scores the match starts from: a position's, carried in from the match it branched
    from, else zeros. `totals` is these plus every hand's points."""
    hands: tuple[HandResult, ...] = ()
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    """The match winners; empty while the match is unfinished."""
    finished: bool = False
    end_hand: int = 0
    """The hand the file stops in, or after when it stops between hands; 0 before the first deal."""
    end_turn: int = 0
    """Turns started in `end_hand` when the file stops in it; 0 when it stops between hands
    (a hand is dealt with its first turn started), before the first deal or at the match's end."""
    failure: str | None = None
    failed_record: int | None = None
    """The index of the record found bad (damaged, torn, or wrong in play; for a bad script
    command the record it would become); None when the fault is in the file or its header."""
    warnings: tuple[str, ...] = ()


def summarize(file: str, replay: Replay, rebuilt: Rebuilt, warnings: tuple[str, ...] = ()) -> Summary:
    """The per-hand results and totals of a verified match."""
    header = replay.header
    hands: list[HandResult] = []
    winners: tuple[int, ...] = ()
    hand_number = header.position.hand if header.position is not None else 0
    for event in rebuilt.match.events:
        if isinstance(event, HandStarted):
            hand_number = event.hand
        elif isinstance(event, HandEnded):
            hands.append(HandResult(hand=hand_number, winner=event.winner, points=event.points, totals=event.totals))
        elif isinstance(event, MatchWon):
            winners = event.winners
    # A file cut at a record boundary verifies (the chain before the cut holds), and reads
    # as the match stopped earlier: where it stops is what tells a reader it was cut.
    in_hand = rebuilt.match.state.phase is Phase.PLAYING
    return Summary(
        file=file,
        status="ok",
        players=tuple(header.names),
        kinds=tuple(p.kind.value if p.level is None else f"{p.kind.value}, {p.level}" for p in header.players),
        records=len(rebuilt.records),
        events=len(rebuilt.match.events),
        carried=(header.position.scores if header.position is not None else ()) or (0,) * len(header.players),
        hands=tuple(hands),
        totals=tuple(rebuilt.match.state.scores),
        winners=winners,
        finished=bool(winners),
        end_hand=rebuilt.hand,
        end_turn=rebuilt.turn if in_hand else 0,
        warnings=warnings,
    )
