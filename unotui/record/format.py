"""The replay file format: header, records, commitment, hash chain, both codecs, upcasters.

One schema, two encodings. JSON (`.uno.json`) is one document, `Replay`, with every card
in the card notation. Msgpack (`.uno`) is the same values in frames, so that a journal can
grow one record at a time and a torn tail can be told from damage:

    MAGIC, frame(Replay with the header and any script commands), frame(Record), ...

A frame is a 4-byte big-endian payload length, the payload's 4-byte big-endian CRC-32,
then the payload (msgpack). `docs/replay-format.md` defines every field and hash.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import struct
import unicodedata
import zlib
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any

import msgspec

from unotui import __version__
from unotui.engine import AnyCommand, AnyEvent, Card, Position, RuleSet, Setup
from unotui.engine.rng import MASK64
from unotui.engine.state import MAX_PLAYERS

__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_FILE",
    "MAX_FRAME",
    "MAX_NAME",
    "UPCASTERS",
    "Decoded",
    "Header",
    "Origin",
    "PlayerInfo",
    "PlayerKind",
    "Record",
    "RecordBody",
    "Replay",
    "ReplayError",
    "chain_hash",
    "commitment_of",
    "decode_replay",
    "encode_frame",
    "encode_json",
    "encode_msgpack",
    "encode_opening_frame",
    "encode_record_frame",
    "escape_nonprinting",
    "genesis_hash",
    "is_json_path",
    "json_schema",
    "nonprinting_character",
]

FORMAT_VERSION = 1
"""The format this build writes; it reads this one and, through `UPCASTERS`, older ones."""

MAGIC = b"\x89UNO\r\n\x1a\n"
"""The first 8 bytes of a `.uno` file. The CR LF and ^Z catch text-mode mangling, as in PNG."""

FRAME_HEAD = struct.Struct(">II")
"""Payload length, then the payload's CRC-32."""

MAX_FRAME = 1 << 20
"""The largest payload a frame may announce. A record is a few KB at most; a bigger
length prefix is damage, refused before anything is allocated."""

MAX_FILE = 256 << 20
"""The largest file read whole (a match to 500 is well under 1 MB)."""

Seed = Annotated[int, msgspec.Meta(ge=0, extra_json_schema={"maximum": MASK64})]
"""A 64-bit seed. msgspec bounds must fit in int64, so the top is checked after decoding
(`_check_seed`): JSON holds any integer, and a larger seed would deal as it does modulo 2**64."""


def _check_seed(seed: int | None) -> None:
    """Refuse a seed past 64 bits, as msgspec refuses one below zero (it names the place).

    Raises:
        ValueError: msgspec turns it into a ValidationError at the struct's path.
    """
    if seed is not None and seed > MASK64:
        raise ValueError(f"`seed` must be at most 2**64-1, not {seed}")


Created = Annotated[str, msgspec.Meta(extra_json_schema={"format": "date-time"})]
"""When a match began: an ISO 8601 date and time with its UTC offset, as `_check_created` checks."""


def _check_created(created: str | None) -> None:
    """Refuse a start time that is not an ISO 8601 date and time with its offset ("yesterday",
    a date alone): a file says when its match began as `make_header` writes it.

    Raises:
        ValueError: msgspec turns it into a ValidationError at the struct's path.
    """
    if created is None:
        return
    try:
        offset = datetime.fromisoformat(created).tzinfo
    except ValueError:
        offset = None
    if offset is None:
        raise ValueError("`created` is not an ISO 8601 date and time with its UTC offset, like 2026-12-07T21:11:58+00:00")


MAX_NAME = 40
"""The longest player name a file holds, in characters."""
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
Digest = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
"""A SHA-256 digest in lowercase hex."""
Sequence_ = Annotated[int, msgspec.Meta(ge=0)]

_NONPRINTING = {"Cc": "a control character", "Cf": "a format character", "Cs": "a surrogate",
                "Zl": "a line separator", "Zp": "a paragraph separator"}
"""The Unicode categories of characters that are not shown as text but act on the line or the
terminal (a line break, the escape that starts a terminal code, a bidirectional override
that reorders what follows, a zero-width space), with what each is called."""
_JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: format characters, yet Persian and the Indic
scripts are spelt with them, and an emoji sequence is joined by them (a woman and a laptop
make a technologist); they move nothing."""


def _nonprinting(char: str) -> str | None:
    """What `char` is called when it is one of `_NONPRINTING`, else None."""
    kind = _NONPRINTING.get(unicodedata.category(char))
    return kind if kind is not None and char not in _JOINERS else None


def nonprinting_character(text: str) -> str | None:
    r"""The first character of `text` that a name or a file's other text can't hold, by code
    point and kind (`_NONPRINTING`); None when there is none.

    >>> nonprinting_character("Zoë 山田"), nonprinting_character("Ann\nFAILED"), nonprinting_character("\u202eAnn")
    (None, 'U+000A (a control character)', 'U+202E (a format character)')
    """
    for char in text:
        kind = _nonprinting(char)
        if kind is not None:
            return f"U+{ord(char):04X} ({kind})"
    return None


def escape_nonprinting(text: str) -> str:
    r"""`text` with each character `nonprinting_character` names written as its escape, so
    that it can be printed to a terminal as it is.

    >>> print(escape_nonprinting("Ann\n\x1b[31m Zoë"))
    Ann\n\x1b[31m Zoë
    """
    return "".join(char.encode("unicode_escape").decode("ascii") if _nonprinting(char) else char for char in text)


def _check_printing(**texts: str | None) -> None:
    """Refuse text that would act on the terminal it is shown in (`nonprinting_character`):
    names and the rest are printed by `verify`, `log` and every screen.

    Raises:
        ValueError: msgspec turns it into a ValidationError at the struct's path.
    """
    for field, text in texts.items():
        fault = nonprinting_character(text) if text is not None else None
        if fault is not None:
            raise ValueError(f"`{field}` can't hold {fault}")


class ReplayError(ValueError):
    """A file that can't be read as a replay; the message says what and where, in one line."""

    def __init__(self, message: str, record: int | None = None) -> None:
        # A message may quote the file (a field's name, a value): what would act on the
        # terminal it is printed to is written escaped.
        super().__init__(escape_nonprinting(message))
        self.record = record
        """The index of the record found bad, when the fault is in one; None otherwise."""


class PlayerKind(StrEnum):
    """Who sits in a seat."""

    HUMAN = "human"
    BOT = "bot"


class PlayerInfo(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat: a name, and for a bot how it plays. Recorded as data only."""

    name: Name
    kind: PlayerKind = PlayerKind.HUMAN
    level: str | None = None
    """A bot's strength, e.g. "random", "basic", "strong"."""
    personality: str | None = None
    """A bot's personality, when it has one."""
    seed: Seed | None = None
    """Seeds a bot's own choices, so a replayed bot plays the same."""

    def __post_init__(self) -> None:
        _check_seed(self.seed)
        _check_printing(name=self.name, level=self.level, personality=self.personality)


def told_apart(names: Sequence[str]) -> list[str]:
    """`names` with each repeat numbered, as a table names two of the same (case aside). A
    number never gives a name another seat has ("Dotty 2" beside two Dottys makes the second
    "Dotty 3"), and a name cut short for it stays within `MAX_NAME`.

    >>> told_apart(["Dotty", "Bo", "dotty", "Dotty"])
    ['Dotty', 'Bo', 'dotty 2', 'Dotty 3']
    >>> told_apart(["Dotty", "Dotty 2", "Dotty"])
    ['Dotty', 'Dotty 2', 'Dotty 3']
    """
    taken = {name.lower() for name in names}
    last_number: dict[str, int] = {}
    told = []
    for name in names:
        key = name.lower()
        if key not in last_number:
            last_number[key] = 1
            told.append(name)
            continue
        number, numbered = last_number[key], name
        while numbered.lower() in taken:
            number += 1
            numbered = f"{name[: MAX_NAME - len(f' {number}')].rstrip()} {number}"
        last_number[key] = number
        taken.add(numbered.lower())
        told.append(numbered)
    return told


class Origin(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a match branched from another recorded match (the replay viewer's "branch from here")."""

    file: str
    """The source file's name."""
    records: Sequence_
    """How many of the source's records were played before the branch point."""
    events: Sequence_
    """How many of the source's events were folded before the branch point."""
    hash: Digest | None = None
    """The source's chain hash after its last record played (None before any record)."""

    def __post_init__(self) -> None:
        _check_printing(file=self.file)


class Header(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Everything a match starts from, and what the file is; a field it doesn't have is
    refused, never ignored (`docs/replay-format.md`, "Unknown fields")."""

    # Closed, with all it holds, where records are open: a header is written by hand, and
    # a field unknown here is a typo or a newer build's rule, which this build can't play.

    format: int = FORMAT_VERSION
    """The format version (see `docs/replay-format.md`, "Versions")."""
    app: str = __version__
    """The unotui version that wrote the file."""
    created: Created | None = None
    """When the match began, ISO 8601 UTC. Outside verification: not hashed."""
    players: tuple[PlayerInfo, ...]
    rules: RuleSet = RuleSet()
    seed: Seed = 0
    """Seeds the engine's generator: every shuffle comes from it."""
    deck: tuple[Card, ...] | None = None
    """A stacked first deck, top card first; it may list just the top cards."""
    position: Position | None = None
    """Start mid-hand from this position instead of dealing."""
    commitment: Digest | None = None
    """SHA-256 of the deck source (`commitment_of`); required once records are present."""
    origin: Origin | None = None
    """The match and point this one branched from; None for a match dealt afresh."""

    def __post_init__(self) -> None:
        _check_seed(self.seed)
        _check_created(self.created)
        _check_printing(app=self.app)

    def setup(self) -> Setup:
        """The engine setup this header describes."""
        return Setup(players=len(self.players), rules=self.rules, seed=self.seed,
                     deck=self.deck, position=self.position)

    @property
    def names(self) -> list[str]:
        """The players' names as every screen and log tells them: a name the file repeats
        (a hand-written file may) is numbered, so that each seat can be told apart."""
        return told_apart([player.name for player in self.players])


class RecordBody(msgspec.Struct, frozen=True, kw_only=True):
    """A record without its hash: what the hash covers."""

    seq: Sequence_
    command: AnyCommand
    events: tuple[AnyEvent, ...]


class Record(msgspec.Struct, frozen=True, kw_only=True):
    """One accepted command, the events it produced, and the chained hash."""

    seq: Sequence_
    """0, 1, 2, ... without gaps."""
    command: AnyCommand
    events: tuple[AnyEvent, ...]
    hash: Digest
    """SHA-256(previous hash + canonical body), see `chain_hash`."""

    def body(self) -> RecordBody:
        return RecordBody(seq=self.seq, command=self.command, events=self.events)


class Replay(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A whole file: the header, recorded commands with their events, then script commands.

    A journal has records only; a hand-written script has commands only, whose events
    the engine derives on load. Both may appear: the commands then continue the records.
    """

    header: Header
    records: tuple[Record, ...] = ()
    commands: tuple[AnyCommand, ...] = ()


class DeckSource(msgspec.Struct, frozen=True, kw_only=True):
    """What the commitment covers: where the cards come from."""

    seed: Seed
    deck: tuple[Card, ...] | None
    position: Position | None


_canonical = msgspec.json.Encoder(order="sorted")
"""Canonical bytes for hashing: JSON, keys sorted, no whitespace, every field written
(but see `_LATER_DEFAULTS`)."""

_FIRST_RULES = ("hand_size", "start_wild", "uno_penalty", "target", "scoring", "dealer")
"""The rule options the first files were written with."""
_LATER_DEFAULTS: dict[str, dict[str, Any]] = {
    "rules": {name: msgspec.to_builtins(getattr(RuleSet(), name))
              for name in RuleSet.__struct_fields__ if name not in _FIRST_RULES},
    "position": {"pending": 0},
    "command": {"swap_with": None, "also": ()},
}
"""Engine fields added after files were first written (house rules, the 2018 deck), by the
key their struct sits under, with their defaults. A field at its default is left out of
everything hashed and written, so files written before it existed keep their hashes, and
a standard match is written byte for byte as before."""
_plain_json = msgspec.json.Encoder()
_plain_msgpack = msgspec.msgpack.Encoder()
"""For `_builtins` documents: a document's keys are already in its struct's field order,
so these write the same bytes a struct encoder writes for the struct itself."""
_LATER_HEADER: dict[str, Any] = {"origin": None}
"""Header fields added after files were first written, with their defaults: left out of
hashes and files alike at their default."""


def _builtins(value: msgspec.Struct, key: str | None = None) -> Any:
    """`value` as builtins without later fields at their default (see `_LATER_DEFAULTS`).

    `key` names what `value` itself is (e.g. "command") when it is not inside a parent.
    """
    document = msgspec.to_builtins(value)
    scopes = {key: document} if key is not None else document
    for scope, defaults in _LATER_DEFAULTS.items():
        inner = scopes.get(scope)
        if isinstance(inner, dict):
            for name, default in defaults.items():
                if name in inner and inner[name] == default:
                    del inner[name]
    if isinstance(value, Header):
        for name, default in _LATER_HEADER.items():
            if document.get(name, default) == default:
                document.pop(name, None)
    return document


def commitment_of(seed: int, deck: Sequence[Card] | None, position: Position | None) -> str:
    """SHA-256 (hex) of the canonical JSON of the deck source.

    >>> commitment_of(7, None, None)[:16]
    'ce01d9a6ed176a64'
    """
    source = DeckSource(seed=seed, deck=tuple(deck) if deck is not None else None, position=position)
    return hashlib.sha256(_canonical.encode(_builtins(source))).hexdigest()


def genesis_hash(header: Header) -> bytes:
    """The chain's starting link: SHA-256 of the canonical header with `created` left out."""
    return hashlib.sha256(_canonical.encode(_builtins(msgspec.structs.replace(header, created=None)))).digest()


def chain_hash(previous: bytes, body: RecordBody) -> bytes:
    """SHA-256(previous raw digest + canonical body)."""
    return hashlib.sha256(previous + _canonical.encode(_builtins(body))).digest()


# ----------------------------------------------------------------------------- encoding


def encode_json(replay: Replay) -> bytes:
    """The JSON form: deterministic, indented one record per line for reading and diffing."""
    header = _plain_json.encode(_builtins(replay.header))
    lines = [b'{"header":' + header + b",", b'"records":[']
    records = [_plain_json.encode(_builtins(record)) for record in replay.records]
    lines.append(b",\n".join(records))
    lines.append(b"],")
    commands = (_plain_json.encode(_builtins(command, "command")) for command in replay.commands)
    lines.append(b'"commands":[' + b",\n".join(commands) + b"]}")
    return b"\n".join(lines) + b"\n"


def encode_frame(payload: bytes) -> bytes:
    """Length, CRC-32, payload."""
    return FRAME_HEAD.pack(len(payload), zlib.crc32(payload)) + payload


def encode_record_frame(record: Record) -> bytes:
    return encode_frame(_plain_msgpack.encode(_builtins(record)))


def encode_opening_frame(replay: Replay) -> bytes:
    """The first frame of a `.uno` file: the header and any script commands."""
    opening = {"header": _builtins(replay.header), "records": [],
               "commands": [_builtins(command, "command") for command in replay.commands]}
    return encode_frame(_plain_msgpack.encode(opening))


def encode_msgpack(replay: Replay) -> bytes:
    """The framed msgpack form: magic, an opening frame, one frame per record."""
    parts = [MAGIC, encode_opening_frame(replay)]
    parts += [encode_record_frame(record) for record in replay.records]
    return b"".join(parts)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the JSON form, generated from the types."""
    schema = msgspec.json.schema(Replay)
    # Reading refuses a table of another size in the rule's own words (R-SETUP-0), where a
    # bound on the type would answer first in msgspec's; the schema states the bound for
    # tools that check a file without unotui.
    schema["$defs"]["Header"]["properties"]["players"].update(minItems=2, maxItems=MAX_PLAYERS)
    return schema


# ----------------------------------------------------------------------------- decoding


UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""`UPCASTERS[v]` turns an untyped version-v document into version v+1. Every format
break adds one; files of any older version then read through the chain."""


class _ProbeHeader(msgspec.Struct):
    format: int = 1
    """A hand-written script may leave the version out: it then means the first."""
    app: Any = None
    """The unotui that wrote the file, to tell a field it added from a typo."""


class _Probe(msgspec.Struct):
    header: _ProbeHeader


class Decoded(msgspec.Struct, frozen=True, kw_only=True):
    """A file read back: the replay, whether its tail was torn, and where to append."""

    replay: Replay
    torn: str | None = None
    """Why the tail was dropped (a torn last write), or None when the file ended cleanly."""
    end: int = 0
    """The byte offset after the last good frame (msgpack) or the file's size (JSON)."""
    damaged: str | None = None
    """Why reading stopped at a damaged record, when asked to keep what comes before one
    (`salvage`): `replay.records` holds the records before it, and no script commands."""


def is_json_path(path: str) -> bool:
    return path.endswith(".json")


_MAGIC_AS_TEXT = {
    MAGIC.replace(b"\r\n", b"\n"): "CRLF line endings turned into LF",
    MAGIC.replace(b"\n", b"\r\n"): "LF line endings turned into CRLF",
}
"""MAGIC as a transfer that takes the file for text leaves it, and what it did: the
signature holds both line endings so that either conversion shows, as PNG's does."""


_JSON_STARTS = frozenset(bytes([byte]) for byte in b'{["-0123456789')


def _looks_like_json(text: bytes) -> bool:
    """Whether `text` starts as a JSON document does: it is then read as JSON, and one that
    is JSON but not a replay is told what it is instead."""
    start = text.lstrip()
    return start[:1] in _JSON_STARTS or start.rstrip() in (b"true", b"false", b"null")


def decode_replay(data: bytes, where: str = "file", salvage: bool = False) -> Decoded:
    """Read either encoding (told apart by the magic bytes).

    Args:
        data: the whole file.
        where: the file's name, for messages.
        salvage: a damaged record of a .uno file ends the reading there instead of
            failing it: the records before it are kept, and `Decoded.damaged` says why.
            A damaged header or JSON document still fails.

    Raises:
        ReplayError: one line naming the file and what is wrong where.
    """
    if len(data) > MAX_FILE:
        raise ReplayError(f"{where}: {len(data)} bytes is too large for a replay (limit {MAX_FILE})")
    if data.startswith(MAGIC):
        return _decode_frames(data, where, salvage)
    for converted, what in _MAGIC_AS_TEXT.items():
        if data.startswith(converted):
            raise ReplayError(f"{where}: a damaged replay (a .uno file with its {what}, as a text-mode transfer "
                              "does: copy it again in binary mode)")
    # A byte order mark, as some Windows editors write before JSON, is no part of the document.
    text = data.removeprefix(b"\xef\xbb\xbf")
    if _looks_like_json(text):
        replay = _decode_document(text, msgspec.json.decode, where, start=len(data) - len(text))
        return Decoded(replay=replay, end=len(data))
    if not data:
        raise ReplayError(f"{where}: the file is empty")
    raise ReplayError(f"{where}: {_neither(data)}")


def _neither(data: bytes) -> str:
    r"""What to say of a file in neither encoding: its first bytes often tell what it is.

    >>> _neither(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x05")
    "not a unotui replay (neither a .uno file nor JSON: it starts with '\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR')"
    """
    return f"not a unotui replay (neither a .uno file nor JSON: it starts with {repr(data[:16])[1:]})"


def _is_json(text: bytes) -> bool:
    """Whether `text` is one JSON document (checked, not built); one nested too deeply to
    check is taken for JSON."""
    try:
        msgspec.json.decode(text, type=msgspec.Raw)
    except msgspec.DecodeError:
        return False
    except RecursionError:
        pass  # JSON as far as it could be read
    return True


def _decode_document(payload: bytes, decode: Callable[..., Any], where: str, path: str = "$",
                     start: int = 0) -> Replay:
    """One `Replay` document, after checking and upcasting its version; `start` is where
    `payload` begins in the file (after a byte order mark)."""
    app = None
    try:
        probe = decode(payload, type=_Probe)
        version, app = probe.header.format, probe.header.app
        if version > FORMAT_VERSION:
            raise ReplayError(f"{where}: format version {version} is newer than this unotui reads "
                              f"({FORMAT_VERSION}): upgrade unotui to open it")
        replay: Replay
        if version == FORMAT_VERSION:
            replay = decode(payload, type=Replay)
        elif version < 1 or version not in UPCASTERS:
            raise ReplayError(f"{where}: unknown format version {version}")
        else:
            raw = decode(payload)
            while version < FORMAT_VERSION:
                raw = UPCASTERS[version](raw)
                version += 1
            replay = msgspec.convert(raw, type=Replay)
        if decode is msgspec.json.decode:
            repeated = _repeated_field(payload)
            if repeated is not None:
                raise ReplayError(f"{where}: repeated field `{repeated}`")
        return replay
    except msgspec.ValidationError as error:
        unknown = re.fullmatch(r"Object contains unknown field `([^`]*)`(?: - at `\$([^`]*)`)?", str(error))
        if unknown and path == "$":
            raise ReplayError(f"{where}: {_unknown_field(unknown.group(2) or '', unknown.group(1), app)}") from None
        whole = re.fullmatch(r"Expected `object`, got `(\w+)`(?: - at `\$`)?", str(error))
        if whole and path == "$":
            if decode is msgspec.json.decode and not _is_json(payload):
                # Text that only starts as JSON might: a Python docstring's first quote, a dated log line.
                raise ReplayError(f"{where}: {_neither(payload)}") from None
            encoding = "msgpack" if decode is msgspec.msgpack.decode else "JSON"
            raise ReplayError(f"{where}: not a unotui replay ({encoding}, but {_A_JSON[whole.group(1)]} "
                              "where a replay is an object)") from None
        at = re.search(r" - at `\$\.records\[(\d+)\]", str(error))
        record = int(at.group(1)) if at else None
        raise ReplayError(f"{where}: {_with_path(str(error), path)}", record) from None
    except msgspec.DecodeError as error:
        # A file that opens as a replay does and then breaks is a damaged one, not something else.
        what = "a damaged replay" if re.match(rb'\s*\{\s*"header"', payload) else "not a unotui replay"
        told = _lower(str(error))
        if decode is msgspec.json.decode and str(error) == "Input data was truncated":
            # msgspec names no place for this one: it is the end of the file, as an editor finds it.
            told += f": the file ends at byte {start + len(payload)} ({_end_of(payload)})"
        if decode is msgspec.json.decode and str(error) == "Invalid UTF-8 encoded string":
            # Nor for this one (a Latin-1 name, say): the first byte that is not UTF-8.
            try:
                payload.decode("utf-8")
            except UnicodeDecodeError as bad:
                told += f": 0x{payload[bad.start]:02x} at byte {start + bad.start} ({_end_of(payload[:bad.start])})"
        raise ReplayError(f"{where}: {what} ({told})") from None
    except RecursionError:
        raise ReplayError(f"{where}: not a unotui replay (nested too deeply)") from None


class _Repeated(Exception):
    """A JSON object writes a field twice (`_distinct_fields`)."""


def _distinct_fields(pairs: list[tuple[str, Any]]) -> None:
    """`json.loads`' hook for each object: refuse one that writes a field twice."""
    if len({name for name, _ in pairs}) != len(pairs):
        raise _Repeated


class _Fields(list[tuple[str, Any]]):
    """A JSON object as its fields in the order written (`_repeated_field`)."""


def _repeated_field(text: bytes) -> str | None:
    """Where a JSON document first writes a field a second time in one object ("$.header.seed"),
    or None when it never does.

    msgspec, as JSON parsers do, keeps the last of the two, where a person reading the file
    from the top reads the first: the file would be played and verified otherwise than it
    reads. Checked by a second, plain parse (numbers left as text: only the names matter),
    a few milliseconds for a whole match; where is looked for only in a file that has one.

    >>> _repeated_field(b'{"a": {"b": 1, "c": [{"d": 1, "d": 2}]}}'), _repeated_field(b'{"a": 1}')
    ('$.a.c[0].d', None)
    """
    try:
        json.loads(text, object_pairs_hook=_distinct_fields, parse_int=str, parse_float=str, parse_constant=str)
        return None
    except _Repeated:
        return _first_repeat(json.loads(text, object_pairs_hook=_Fields, parse_int=str, parse_float=str,
                                        parse_constant=str), "$")


def _first_repeat(value: Any, place: str) -> str | None:
    """The place of the first field written twice in `value` (parsed into `_Fields`), in the
    order of the text, or None."""
    if isinstance(value, _Fields):
        seen: set[str] = set()
        for name, inner in value:
            if name in seen:
                return f"{place}.{name}"
            seen.add(name)
            found = _first_repeat(inner, f"{place}.{name}")
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found = _first_repeat(inner, f"{place}[{index}]")
            if found is not None:
                return found
    return None


_A_JSON = {"array": "an array", "str": "a string", "int": "a number", "float": "a number", "bool": "true or false",
           "null": "null"}
"""What msgspec calls a JSON value that is not an object, as a sentence names it."""


def _unknown_field(place: str, name: str, app: object) -> str:
    """What to say of a field named `name` in the object at `place` ("" is the document,
    ".header.rules" its rules) that no type has: where it is, and what it may be.

    >>> _unknown_field(".header.rules", "stacknig", None)
    'unknown field `$.header.rules.stacknig` (did you mean `stacking`?)'
    >>> _unknown_field(".header", "sparkle", "99.0")
    'unknown field `$.header.sparkle` (the file was written by unotui 99.0, newer than this one: upgrade unotui to open it)'
    """
    told = f"unknown field `${place}.{name}`"
    if isinstance(app, str) and _version_key(app) > _version_key(__version__):
        return f"{told} (the file was written by unotui {app}, newer than this one: upgrade unotui to open it)"
    close = difflib.get_close_matches(name, _fields_at(place), n=1)
    return f"{told} (did you mean `{close[0]}`?)" if close else told


def _version_key(version: str) -> tuple[int, ...]:
    """The leading numbers of a version, for ordering.

    >>> _version_key("0.10.2"), _version_key("1.2rc1"), _version_key("dev")
    ((0, 10, 2), (1, 2), ())
    """
    numbers = re.match(r"\d+(?:\.\d+)*", version.strip())
    return tuple(int(part) for part in numbers.group().split(".")) if numbers else ()


def _fields_at(place: str) -> tuple[str, ...]:
    """The field names of the struct at `place` in a `Replay` (".header.players[0]");
    empty when there is none there."""
    info: Any = _struct_in(msgspec.inspect.type_info(Replay))
    for name in re.findall(r"\.([^.\[]+)", place):
        field = next((field for field in info.fields if field.encode_name == name), None) if info else None
        if field is None:
            return ()
        info = _struct_in(field.type)
    return tuple(field.encode_name for field in info.fields) if info else ()


def _struct_in(info: Any) -> msgspec.inspect.StructType | None:
    """The struct a field holds, through optional values and sequences of it."""
    while True:
        if isinstance(info, msgspec.inspect.StructType):
            return info
        if isinstance(info, msgspec.inspect.Metadata):
            info = info.type
        elif isinstance(info, (msgspec.inspect.VarTupleType, msgspec.inspect.ListType)):
            info = info.item_type
        elif isinstance(info, msgspec.inspect.UnionType):
            info = next((kind for kind in info.types if isinstance(kind, msgspec.inspect.StructType)), None)
        else:
            return None


def _end_of(text: bytes) -> str:
    r"""Where `text` ends, as an editor's cursor after its last character stands.

    >>> _end_of(b'{"header": {\n  "format": 1'), _end_of(b""), _end_of(b'{"name": "Zo\xc3\xab')
    ('line 2, column 14', 'line 1, column 1', 'line 1, column 14')
    """
    lines = text.split(b"\n")
    return f"line {len(lines)}, column {len(lines[-1].decode('utf-8', errors='replace')) + 1}"


def _with_path(message: str, path: str) -> str:
    """msgspec says "... - at `$.x`"; put the record's place in front of `$`."""
    if path != "$":
        message = message.replace("`$", f"`{path}", 1)
    if " - at `" not in message:
        message += f" - at `{path}`"
    return message


def _lower(text: str) -> str:
    """msgspec's sentence as the middle of ours: "Input data ..." reads "input data ...",
    and a name ("JSON ...", "MessagePack ...") stays as it is.

    >>> _lower("Input data was truncated"), _lower("JSON is malformed"), _lower("MessagePack data is malformed")
    ('input data was truncated', 'JSON is malformed', 'MessagePack data is malformed')
    """
    first = text.split(" ", 1)[0]
    return text if any(letter.isupper() for letter in first[1:]) else text[:1].lower() + text[1:]


_record_decoder = msgspec.msgpack.Decoder(Record)


def _frames(data: bytes, start: int) -> Iterator[tuple[int, int, bytes | str]]:
    """(offset, end, payload or why it is bad) for each frame from `start`."""
    offset, size = start, len(data)
    while offset < size:
        if size - offset < FRAME_HEAD.size:
            yield offset, size, "the file ends inside a frame header"
            return
        length, crc = FRAME_HEAD.unpack_from(data, offset)
        if length > MAX_FRAME:
            yield offset, size, f"length prefix {length} exceeds the {MAX_FRAME}-byte limit"
            return
        end = offset + FRAME_HEAD.size + length
        if end > size:
            yield offset, size, f"the file ends inside a frame ({size - offset - FRAME_HEAD.size} of {length} bytes)"
            return
        payload = data[offset + FRAME_HEAD.size : end]
        if length == 0 or zlib.crc32(payload) != crc:
            yield offset, end, "checksum mismatch"
        else:
            yield offset, end, payload
        offset = end


def _decode_frames(data: bytes, where: str, salvage: bool = False) -> Decoded:
    """Rule of the tail: a bad frame reaching the end of the file is a torn write and is
    dropped; a bad frame followed by more data, or an absurd length, is damage (which
    `salvage` stops at, keeping the records before it)."""
    frames = _frames(data, len(MAGIC))
    first = next(frames, None)
    if first is None:
        raise ReplayError(f"{where}: the file is truncated: it has no header")
    _, end, payload = first
    if isinstance(payload, str):
        raise ReplayError(f"{where}: the header is damaged or truncated ({payload})")
    try:
        opening = _decode_document(payload, msgspec.msgpack.decode, where)
    except ReplayError:
        raise
    records = list(opening.records)
    torn: str | None = None
    damaged: str | None = None
    good_end = end
    for offset, frame_end, payload in frames:
        index = len(records)
        if isinstance(payload, str):
            # A crash can leave the file's last block zero-filled: that is a torn write too,
            # however many zero frames it holds.
            zeros = len(data) - offset if not data[offset:].strip(b"\x00") else 0
            if zeros or (frame_end == len(data) and not payload.startswith("length")):
                if zeros or payload != "checksum mismatch":
                    why = f"the file ends in {zeros} zero bytes" if zeros else payload
                    torn = f"record {index} was cut short by an interrupted write ({why}); dropped"
                else:
                    # Whole, yet wrong: the file grew to its length before all of it was written.
                    torn = (f"record {index}, the last, is damaged ({payload}), as an interrupted write "
                            "can leave it; dropped")
                break
            damaged = f"record {index} at byte {offset} is damaged ({payload})"
        else:
            try:
                records.append(_record_decoder.decode(payload))
            except msgspec.ValidationError as error:
                damaged = _with_path(str(error), f"$.records[{index}]")
            except msgspec.DecodeError as error:
                damaged = f"record {index} is not valid msgpack ({_lower(str(error))})"
        if damaged is not None:
            if not salvage:
                raise ReplayError(f"{where}: {damaged}", index)
            # The script commands, if any, follow the records: none of them can be placed now.
            opening = msgspec.structs.replace(opening, commands=())
            break
        good_end = frame_end
    replay = msgspec.structs.replace(opening, records=tuple(records))
    return Decoded(replay=replay, torn=torn, end=good_end, damaged=damaged)
