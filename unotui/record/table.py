"""`Table`: a `Match` that journals every accepted command, and the saves folder around it.

The TUI plays through a `Table`: `submit` judges a command and, when it is accepted,
writes its record to the journal (flushed and fsynced) before returning, so whatever
the screen shows next is already on disk.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

import msgspec
import platformdirs

from unotui.engine import (
    Accepted,
    AnyCommand,
    AnyEvent,
    Card,
    GameState,
    HandEnded,
    HandStarted,
    Match,
    MatchWon,
    Phase,
    PlayerView,
    Position,
    Rejected,
    RuleSet,
    decide,
)

from .format import (
    MAX_FILE,
    Decoded,
    Header,
    Origin,
    PlayerInfo,
    Record,
    RecordBody,
    Replay,
    ReplayError,
    chain_hash,
    commitment_of,
    decode_replay,
    encode_json,
    encode_msgpack,
    genesis_hash,
    is_json_path,
)
from .journal import Journal, write_atomic
from .verify import rebuild

__all__ = [
    "MAX_STEM_BYTES",
    "SAVE_DIR_ENV",
    "SaveInfo",
    "Table",
    "default_save_dir",
    "delete_save",
    "file_kind",
    "holds_match",
    "is_journal_name",
    "list_saves",
    "load_game",
    "make_folder",
    "make_header",
    "os_reason",
    "most_recent_unfinished",
    "new_game",
    "read_replay",
    "read_replay_bytes",
    "resumable",
    "save_path",
    "save_stem",
    "short_stem",
]

MAX_STEM_BYTES = 120
"""The most UTF-8 bytes a save's name may have before its suffix: with the suffix, and with the
temporary name a file is first written under (`write_atomic`), far inside the 255 bytes a file
system allows a name."""

SAVE_DIR_ENV = "UNOTUI_SAVE_DIR"
"""The environment variable that moves the saves folder (`--save-dir` beats it)."""

SAVE_SUFFIX = ".uno"
SAVE_SUFFIXES = (SAVE_SUFFIX, ".uno.json")
"""How the files the saves lists show end: the binary saves, and replays kept as JSON (a
match summary's Save replay, a save as `name.uno.json`, a hand-written script)."""


def default_save_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where saves live: `override` (from `--save-dir`), else $UNOTUI_SAVE_DIR, else the
    platform's user data folder (`~/.local/share/unotui/saves` on Linux)."""
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(SAVE_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir("unotui", appauthor=False)) / "saves"


def os_reason(error: OSError) -> str:
    """Why the system refused, as a message quotes it: lowercase, as every message is.

    >>> os_reason(FileNotFoundError(2, "No such file or directory"))
    'no such file or directory'
    """
    return (error.strerror or str(error)).lower()


def make_folder(folder: str | os.PathLike[str]) -> Path:
    """`folder`, created with its parents if need be (a saves folder, `--save-dir`).

    Raises:
        ValueError: one line naming the folder and why it can't be one.
    """
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"{path} is a file, not a folder") from None
    except OSError as error:
        reason = os_reason(error)
        raise ValueError(f"can't create the folder {path} ({reason})") from None
    return path


def make_header(
    players: Sequence[PlayerInfo],
    rules: RuleSet = RuleSet(),
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    position: Position | None = None,
    created: datetime | None = None,
    origin: Origin | None = None,
) -> Header:
    """A header for a new match, with its commitment; a fresh random seed unless given.

    Raises:
        msgspec.ValidationError: a bad name, seed or player count.
    """
    seed = secrets.randbits(64) if seed is None else seed
    stacked = tuple(deck) if deck is not None else None
    when = (created or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
    header = Header(created=when, players=tuple(players), rules=rules, seed=seed, deck=stacked,
                    position=position, commitment=commitment_of(seed, stacked, position), origin=origin)
    # Check every bound (names, seeds, 2-10 players) the way reading the file back would.
    checked: Header = msgspec.convert(msgspec.to_builtins(header), type=Header)
    if not 2 <= len(checked.players) <= 10:
        raise ValueError(f"UNO is for 2 to 10 players, not {len(checked.players)}")
    return checked


class Table:
    """A match in play, journaled: every accepted command is on disk before `submit` returns.

    Create one with `Table.new` (or `new_game` in a saves folder) and reopen one with
    `load_game`. Without a path it journals nothing (practice, tests).
    """

    def __init__(self, header: Header, match: Match, records: list[Record], last_hash: bytes,
                 journal: Journal | None = None, warnings: Sequence[str] = ()) -> None:
        """Use `Table.new` or `load_game`; this assembles their parts."""
        self.header = header
        """The players, rules and deck source; never changes."""
        self.match = match
        self.records = records
        """Every accepted command with its events and hash, in order."""
        self._last_hash = last_hash
        self._journal = journal
        self.warnings: list[str] = list(warnings)
        """What loading had to say, e.g. that a torn last record was dropped."""

    @classmethod
    def new(cls, header: Header, path: Path | None = None, *, sync: bool = True) -> Table:
        """Start a match from `header`, journaling to `path` (a new file) if given.

        Raises:
            SetupError: the header can't start a game.
            FileExistsError: `path` exists already.
        """
        match = Match(header.setup())
        journal = Journal.create(path, Replay(header=header), sync=sync) if path is not None else None
        return cls(header, match, [], genesis_hash(header), journal)

    # ----------------------------------------------------------------- playing

    def submit(self, command: AnyCommand) -> Accepted | Rejected:
        """Judge `command`; if it is legal, journal its record, then apply its events.

        A record is written whole or not at all: if writing fails (a full disk), the
        error propagates and the match is as it was before the command.
        """
        verdict = decide(self.match.state, command)
        if isinstance(verdict, Rejected):
            return verdict
        body = RecordBody(seq=len(self.records), command=command, events=verdict.events)
        link = chain_hash(self._last_hash, body)
        record = Record(seq=body.seq, command=command, events=verdict.events, hash=link.hex())
        if self._journal is not None:
            self._journal.append(record)
        self.match.submit(command)
        self.records.append(record)
        self._last_hash = link
        return verdict

    def view(self, seat: int | None) -> PlayerView:
        """The table as `seat` sees it; None for the all-seeing audit view."""
        return self.match.view(seat)

    def visible_events(self, seat: int | None) -> list[AnyEvent]:
        """Every event so far as `seat` saw it (others' cards hidden)."""
        return self.match.visible_events(seat)

    def legal_commands(self, seat: int) -> list[AnyCommand]:
        return self.match.legal_commands(seat)

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def names(self) -> list[str]:
        return self.header.names

    @property
    def path(self) -> Path | None:
        """The journal file, or None when nothing is journaled."""
        return self._journal.path if self._journal is not None else None

    @property
    def finished(self) -> bool:
        return self.match.state.phase is Phase.MATCH_OVER

    # ----------------------------------------------------------------- files

    def replay(self) -> Replay:
        """The whole match as a file's contents."""
        return Replay(header=self.header, records=tuple(self.records))

    def save_as(self, path: str | os.PathLike[str]) -> Path:
        """Write the match to `path` atomically (temporary file, fsync, rename): JSON when
        the name ends in `.json`, msgpack otherwise. The journal goes on where it was."""
        target = Path(path)
        replay = self.replay()
        data = encode_json(replay) if is_json_path(target.name) else encode_msgpack(replay)
        write_atomic(target, data)
        return target

    def close(self) -> None:
        """Close the journal; everything is on disk already."""
        if self._journal is not None:
            self._journal.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


# --------------------------------------------------------------------- saves folder


def read_replay(path: str | os.PathLike[str], salvage: bool = False) -> Decoded:
    """Read a replay file of either encoding.

    Args:
        path: the file.
        salvage: keep the records before a damaged one (see `decode_replay`).

    Raises:
        ReplayError: one line: can't be read (`read_replay_bytes`), or not a valid replay.
    """
    return decode_replay(read_replay_bytes(path), str(path), salvage)


def read_replay_bytes(path: str | os.PathLike[str]) -> bytes:
    """The whole of a replay file, undecoded (`decode_replay` reads it).

    Raises:
        ReplayError: one line: missing, unreadable, not a regular file (a FIFO, a
            device), or too large.
    """
    where = str(path)
    try:
        # Opened without waiting, so that a FIFO is refused rather than waited on for a
        # writer; what was opened is then checked, not the name, which may have changed since.
        with open(path, "rb", opener=_open_without_waiting) as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode):
                # A device's size is 0: /dev/zero would be read until memory ran out.
                raise ReplayError(f"{where}: not a regular file ({file_kind(status.st_mode)})")
            if status.st_size > MAX_FILE:
                raise ReplayError(f"{where}: {status.st_size} bytes is too large for a replay (limit {MAX_FILE})")
            # One byte past the limit, should the file have grown since: `decode_replay` refuses it.
            return file.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise ReplayError(f"{where}: no such file") from None
    except PermissionError:
        raise ReplayError(f"{where}: permission denied") from None
    except IsADirectoryError:
        raise ReplayError(f"{where}: is a folder, not a replay file") from None
    except OSError as error:
        raise ReplayError(f"{where}: can't read it ({os_reason(error)})") from None


def _open_without_waiting(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NONBLOCK)  # no effect on a regular file's reads


def file_kind(mode: int) -> str:
    """What a file that is not a regular one, whose `st_mode` is `mode`, is, as a message names it.

    >>> file_kind(stat.S_IFIFO), file_kind(stat.S_IFCHR), file_kind(stat.S_IFDIR)
    ('a named pipe', 'a device', 'a folder')
    """
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"  # character or block: nothing else is left on POSIX


def save_stem(name: str) -> str:
    """`name` as a file name in the saves folder: letters, digits and `_` kept, every run of
    anything else (a space, a slash, a dot) one `-`, none at either end, so that no name
    reaches another folder or hides as a dot file. Empty when nothing is left.

    >>> save_stem("friday night"), save_stem("AC/DC-../Bo"), save_stem(" ../.. ")
    ('friday-night', 'AC-DC-Bo', '')
    """
    kept = "".join(char if char.isalnum() or char == "_" else " " for char in name)
    return "-".join(kept.split())


def short_stem(name: str, room: int = 0) -> str:
    """`save_stem(name)` for a name made for the user, cut at a character so that with `room`
    bytes the caller adds and the `-2` ... `-99` of `save_path` it has at most `MAX_STEM_BYTES`:
    the names of seven players, 40 letters each, were more than a file system takes.

    >>> len(short_stem("a" * 300)), len(short_stem("a" * 300, room=len("replay-"))), short_stem("Ann Bo")
    (117, 110, 'Ann-Bo')
    """
    cut = save_stem(name).encode()[: MAX_STEM_BYTES - len("-99") - room]
    return cut.decode(errors="ignore").rstrip("-")  # "ignore" drops a letter cut in two


def holds_match(path: str | os.PathLike[str], header: Header) -> bool:
    """Whether the file at `path` is a copy of the match that `header` starts: saving that
    match over it loses nothing, where any other file (or one that can't be read) would be lost."""
    try:
        return read_replay(path).replay.header == header
    except ReplayError:
        return False


def save_path(folder: str | os.PathLike[str], stem: str, suffix: str, header: Header) -> Path:
    """`stem` + `suffix` in `folder`, or with -2, -3 ... added to the stem: the first name
    that is free or already holds this match, so that a name chosen for the user never
    replaces another game."""
    base = Path(folder)
    path = base / f"{stem}{suffix}"
    number = 1
    # `os.path.exists`, not `Path.exists`: a name the file system refuses is no other game,
    # where `Path.exists` raised ("File name too long"); writing it says what is wrong.
    while os.path.exists(path) and not holds_match(path, header):
        number += 1
        path = base / f"{stem}-{number}{suffix}"
    return path


def new_game(save_dir: str | os.PathLike[str], header: Header, *, sync: bool = True) -> Table:
    """Start a journaled match in the saves folder, in a new file named by its start time."""
    folder = Path(save_dir)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"{stamp}-{secrets.token_hex(3)}{SAVE_SUFFIX}"
        if not path.exists():
            return Table.new(header, path, sync=sync)


_JOURNAL_NAME = re.compile(r"\d{8}-\d{6}-[0-9a-f]{6}" + re.escape(SAVE_SUFFIX))
"""How `new_game` names a match's file: its start time and a token."""


def is_journal_name(path: str | os.PathLike[str]) -> bool:
    """Whether the file is named as `new_game` names the file a match is saved into as it
    is played, rather than by a player (a copy saved under a name).

    >>> is_journal_name("saves/20261206-032318-22a591.uno"), is_journal_name("saves/friday-night.uno")
    (True, False)
    """
    return _JOURNAL_NAME.fullmatch(Path(path).name) is not None


def load_game(path: str | os.PathLike[str], save_dir: str | os.PathLike[str] | None = None,
              *, sync: bool = True) -> Table:
    """Open any save to play on, after verifying it in full.

    A journal in the saves folder goes on in place (a torn last record cut off, with a
    warning in `Table.warnings`). Any other file, a copy saved under a name, a sample or a
    JSON export say, is left untouched: an unfinished match goes on in a new journal in the
    saves folder.

    Raises:
        ReplayError: the file can't be read or doesn't verify.
    """
    source = Path(path)
    decoded = read_replay(source)
    replay = _as_recorded(decoded.replay)
    rebuilt = rebuild(replay, str(source))
    warnings = [f"{source}: {decoded.torn}"] if decoded.torn else []
    header = replay.header
    folder = default_save_dir(save_dir)
    journal: Journal | None = None
    in_place = (is_journal_name(source) and not decoded.replay.commands
                and source.resolve().parent == folder.resolve())
    finished = rebuilt.match.state.phase is Phase.MATCH_OVER
    if in_place:
        try:
            journal = Journal.reopen(source, decoded.end, sync=sync)
        except PermissionError:
            raise ReplayError(f"{source}: permission denied: can't write to it") from None
    elif not finished:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = folder / f"{stamp}-{secrets.token_hex(3)}{SAVE_SUFFIX}"
        journal = Journal.create(target, Replay(header=header), sync=False)
        for record in rebuilt.records:
            journal.append(record)
        journal.sync = sync
        if sync:
            journal.sync_now()
    return Table(header, rebuilt.match, rebuilt.records, rebuilt.last_hash, journal, warnings)


def _as_recorded(replay: Replay) -> Replay:
    """`replay` as the file that records it is headed: a hand-written script's header,
    which commits to no deck, gets the commitment to the seed, deck and position it names.

    Played on, a script's commands become records, and a file with records must commit to
    its deck (`docs/replay-format.md`, "The header"). The commitment is what the script
    already says, so the match is the same one: the save tells it from the deal and
    shares its hash with the script (`SaveInfo.match`). A file that has records and no
    commitment is left as it is, to fail verification.
    """
    header = replay.header
    if header.commitment is not None or replay.records:
        return replay
    committed = msgspec.structs.replace(header, commitment=commitment_of(header.seed, header.deck, header.position))
    return msgspec.structs.replace(replay, header=committed)


class SaveInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One save, as the "continue" list shows it."""

    path: str
    created: str | None
    players: tuple[str, ...]
    hand: int
    """The hand being played (or last played); 0 before the first deal."""
    scores: tuple[int, ...]
    finished: bool
    modified: float
    """The file's modification time (seconds since the epoch)."""
    error: str | None = None
    """Why the file can't be read; the other fields are then empty."""
    match: str | None = None
    """Which match the file holds (its header's hash): a copy saved as and the journal it
    came from share it."""
    origin: str | None = None
    """For a match branched from another (`Header.origin`): that file's name."""
    origin_hand: int = 0
    """For a branched match: the hand of that file it started at."""


def list_saves(save_dir: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every save in the folder, most recently changed first; unreadable ones included
    with their `error`, so the player sees them rather than losing them silently. A save
    is a `.uno` or a `.uno.json` (`SAVE_SUFFIXES`).
    """
    folder = Path(save_dir)
    if not folder.is_dir():
        return []
    saves: list[SaveInfo] = []
    for path in {path for suffix in SAVE_SUFFIXES for path in folder.glob(f"*{suffix}")}:
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            saves.append(_save_info(path, read_replay(path).replay, modified))
        except ReplayError as error:
            # The list names the file already: the reason is what is left to say.
            reason = str(error).removeprefix(f"{path}: ")
            saves.append(SaveInfo(path=str(path), created=None, players=(), hand=0, scores=(),
                                  finished=False, modified=modified, error=reason))
    saves.sort(key=lambda save: save.modified, reverse=True)
    return saves


def _save_info(path: Path, replay: Replay, modified: float) -> SaveInfo:
    """Read the standing from the recorded events, without replaying them (but for a
    hand-written script's commands, which have no events until they are played).

    Raises:
        ReplayError: a script's command the engine refuses.
    """
    header = replay.header
    hand = header.position.hand if header.position is not None else 0
    scores: tuple[int, ...] = tuple(header.position.scores) if header.position and header.position.scores else (0,) * len(header.players)
    finished = False
    events = (rebuild(replay, str(path)).match.events if replay.commands
              else [event for record in replay.records for event in record.events])
    for event in events:
        if isinstance(event, HandStarted):
            hand = event.hand
        elif isinstance(event, HandEnded):
            scores = event.totals
        elif isinstance(event, MatchWon):
            finished = True
    origin = header.origin
    return SaveInfo(path=str(path), created=header.created, players=tuple(header.names), hand=hand,
                    scores=scores, finished=finished, modified=modified,
                    match=genesis_hash(_as_recorded(replay).header).hex(),
                    origin=origin.file if origin is not None else None,
                    origin_hand=header.position.hand if origin is not None and header.position is not None else 0)


def most_recent_unfinished(save_dir: str | os.PathLike[str]) -> Path | None:
    """The save most recently played that is not finished (`resumable`), or None."""
    save = resumable(list_saves(save_dir))
    return Path(save.path) if save is not None else None


def resumable(saves: Sequence[SaveInfo]) -> SaveInfo | None:
    """The first of `saves` (newest first, as `list_saves` gives them) whose match is not
    over, the files matches are played into (journals) before copies saved under a name: a
    copy is where a match stood when it was saved, and the game went on in its journal. A
    copy saved part way through a match that was then played to its end is not resumable:
    the match is over."""
    over = {save.match for save in saves if save.finished}
    unfinished = [save for save in saves if save.error is None and not save.finished and save.match not in over]
    return next((save for save in unfinished if is_journal_name(save.path)), unfinished[0] if unfinished else None)


def delete_save(path: str | os.PathLike[str]) -> None:
    """Remove a save file.

    Raises:
        ReplayError: it can't be removed.
    """
    try:
        Path(path).unlink()
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such file") from None
    except OSError as error:
        raise ReplayError(f"{path}: can't delete it ({os_reason(error)})") from None
