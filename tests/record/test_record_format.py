"""The file format: both encodings, the hash chain and the commitment, versions, bad files."""

from __future__ import annotations

import json
import os
import struct
import time
import zlib
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unotui.engine import Card, DrawCard, StartHand
from unotui.record import ReplayError, Table, decode_replay, encode_json, encode_msgpack, read_replay
from unotui.record import format as fmt
from unotui.record.format import MAGIC, encode_frame, json_schema
from unotui.record.verify import VerifyError, rebuild

from record_support import header_for, play_random

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def played() -> Table:
    table = Table.new(header_for(players=4, seed=21))
    play_random(table, 300, seed=6)
    return table


def test_both_encodings_hold_the_same_replay(played: Table) -> None:
    replay = played.replay()
    assert decode_replay(encode_msgpack(replay)).replay == replay
    assert decode_replay(encode_json(replay)).replay == replay
    assert len(encode_msgpack(replay)) < len(encode_json(replay))


def test_json_writes_cards_in_notation(played: Table) -> None:
    text = encode_json(played.replay()).decode()
    record = json.loads(text)["records"][0]
    assert record["events"][1]["type"] == "hand_started"
    dealt = next(e for e in record["events"] if e["type"] == "cards_dealt")
    assert all(card in {c.value for c in Card} for hand in dealt["hands"] for card in hand)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 10), moves=st.integers(0, 150))
def test_any_recorded_match_round_trips_and_verifies(seed: int, players: int, moves: int) -> None:
    table = Table.new(header_for(players=players, seed=seed))
    play_random(table, moves, seed=seed % 1000)
    for data in (encode_msgpack(table.replay()), encode_json(table.replay())):
        replay = decode_replay(data).replay
        assert replay == table.replay()
        assert rebuild(replay).match.events == table.match.events


def test_the_same_header_and_commands_give_the_same_bytes() -> None:
    first, second = Table.new(header_for(seed=3)), Table.new(header_for(seed=3))
    for table in (first, second):
        play_random(table, 120, seed=8)
    same_time = header_for(seed=3)
    first.header = second.header = same_time
    assert encode_msgpack(first.replay()) == encode_msgpack(second.replay())


def test_the_schema_file_is_up_to_date() -> None:
    from unotui.record.run import schema_text

    assert (ROOT / "docs" / "replay.schema.json").read_text() == schema_text(), \
        "regenerate it: unotui schema > docs/replay.schema.json"
    assert "Replay" in json_schema()["$defs"]


def test_the_schema_bounds_the_players_as_reading_does() -> None:
    # The schema took 1 or 11 players, which reading refuses (R-SETUP-0).
    players = json_schema()["$defs"]["Header"]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (2, 10)


# ------------------------------------------------------------------ tampering


def _doc(table: Table) -> dict[str, Any]:
    return json.loads(encode_json(table.replay()))


def _verify(doc: dict[str, Any]) -> VerifyError:
    replay = decode_replay(json.dumps(doc).encode()).replay
    with pytest.raises(VerifyError) as caught:
        rebuild(replay)
    return caught.value


def test_one_changed_card_in_one_event_names_that_record(played: Table) -> None:
    doc = _doc(played)
    index, position = next((i, j) for i, r in enumerate(doc["records"]) if i > 10
                           for j, e in enumerate(r["events"]) if e["type"] == "card_played")
    event = doc["records"][index]["events"][position]
    event["card"] = "g0" if event["card"] != "g0" else "g1"
    error = _verify(doc)
    assert error.failure.record == index
    assert f"record {index} (hand 1," in str(error) and "differs in card" in str(error)


def test_a_changed_event_with_a_recomputed_card_still_breaks_the_chain(played: Table) -> None:
    doc = _doc(played)
    doc["records"][5]["hash"] = "0" * 64
    error = _verify(doc)
    assert error.failure.record == 5 and "hash chain" in str(error)


def test_a_deleted_or_moved_record_is_named(played: Table) -> None:
    doc = _doc(played)
    records = doc["records"]
    records[7], records[8] = records[8], records[7]
    error = _verify(doc)
    assert str(error).endswith("turn 7): sequence number 8 where 7 was due: a record is missing, or out of order")
    doc = _doc(played)
    del doc["records"][7]
    error = _verify(doc)
    assert error.failure.record == 7 and "a record is missing, or out of order" in str(error)


def test_an_illegal_command_is_shown_by_what_it_does(played: Table) -> None:
    doc = _doc(played)
    seat = doc["records"][12]["command"]["seat"]
    doc["records"][12]["command"] = {"type": "play_card", "card": "w+4", "color": "red", "uno": False, "also": [],
                                     "swap_with": None, "seat": seat}
    error = _verify(doc)
    assert "record 12 (hand 1, turn " in str(error)
    assert f'command {{"type":"play_card","card":"w+4","color":"red","seat":{seat}}} is illegal' in str(error)


def test_a_changed_seed_breaks_the_commitment(played: Table) -> None:
    doc = _doc(played)
    doc["header"]["seed"] += 1
    assert "commitment mismatch" in str(_verify(doc))


def test_a_changed_deck_breaks_the_commitment() -> None:
    table = Table.new(header_for(seed=3, deck=[Card.R1, Card.R2, Card.R3]))
    play_random(table, 20)
    doc = _doc(table)
    doc["header"]["deck"][0] = "b9"
    assert "commitment mismatch" in str(_verify(doc))


def test_a_changed_header_breaks_the_chain_at_the_first_record(played: Table) -> None:
    doc = _doc(played)
    doc["header"]["players"][0]["name"] = "Eve"
    error = _verify(doc)
    assert error.failure.record == 0 and "the hash chain is broken: the header or this record was changed" in str(error)


def test_a_changed_creation_time_is_outside_verification(played: Table) -> None:
    doc = _doc(played)
    doc["header"]["created"] = "1999-01-01T00:00:00+00:00"
    rebuild(decode_replay(json.dumps(doc).encode()).replay)


def test_an_illegal_script_command_names_its_index_and_rule() -> None:
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_text())
    doc["commands"][2] = {"type": "play_card", "seat": 0, "card": "b9"}
    error = _verify(doc)
    # Named by its place among the commands: the file has no records to count.
    assert str(error) == ('file: script command 2 (hand 1, turn 2): command {"type":"play_card","card":"b9","seat":0} '
                          "is illegal for seat 0 (R-TURN-1): \"you don't hold b9\"")


def test_a_script_derives_its_events() -> None:
    table = Table.new(header_for(seed=9))
    play_random(table, 40, seed=2)
    script = {"header": json.loads(msgspec.json.encode(table.header)),
              "commands": [json.loads(msgspec.json.encode(r.command)) for r in table.records]}
    rebuilt = rebuild(decode_replay(json.dumps(script).encode()).replay)
    assert rebuilt.records == table.records


# ------------------------------------------------------------------ bad files


def _framed(table: Table) -> bytes:
    return encode_msgpack(table.replay())


def _error(data: bytes) -> str:
    with pytest.raises(ReplayError) as caught:
        decode_replay(data, "f.uno")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("f.uno: ")
    return message


def _errors_with(doc: dict[str, Any], where: tuple[str | int, ...], field: str, value: object) -> set[str]:
    """The errors `doc` gives, as JSON and as a `.uno`, with `field` set to `value` in the
    object at `where`."""
    place: Any = doc
    for key in where:
        place = place[key]
    place[field] = value
    framed = MAGIC + encode_frame(msgspec.msgpack.encode(doc))
    return {_error(data) for data in (json.dumps(doc).encode(), framed)}


def test_a_truncated_file(played: Table) -> None:
    data = _framed(played)
    assert "header is damaged or truncated" in _error(data[:30])
    assert "truncated" in _error(data[:8])
    cut = encode_json(played.replay())[:500]
    line, column = cut.count(b"\n") + 1, len(cut) - cut.rfind(b"\n")
    assert _error(cut) == ("f.uno: a damaged replay (input data was truncated: the file ends at byte 500 "
                           f"(line {line}, column {column}))")
    # A byte order mark counts in the file's bytes, not in the editor's columns.
    assert _error(b"\xef\xbb\xbf" + cut).endswith(f"ends at byte 503 (line {line}, column {column}))")


def test_a_torn_tail_is_reported_and_the_rest_kept(played: Table) -> None:
    data = _framed(played)
    decoded = decode_replay(data[:-3])
    assert decoded.torn is not None and len(decoded.replay.records) == len(played.records) - 1


def test_a_whole_last_record_that_fails_its_checksum_is_not_called_cut_short(played: Table) -> None:
    # The file is as long as its frames say: a torn write (the file grown before all of it
    # was written), dropped as one, but not told as a file that ends part way.
    data = bytearray(_framed(played))
    data[-5] ^= 1
    decoded = decode_replay(bytes(data))
    last = len(played.records) - 1
    assert decoded.torn == (f"record {last}, the last, is damaged (checksum mismatch), as an interrupted write "
                            "can leave it; dropped")
    assert decoded.replay.records == played.replay().records[:-1]


@pytest.mark.parametrize("zeros", [3, 8, 16, 4096])
def test_a_zero_filled_tail_is_a_torn_write(played: Table, zeros: int) -> None:
    # What a crash leaves when the file's last block was allocated but not written.
    decoded = decode_replay(_framed(played) + bytes(zeros))
    assert decoded.torn is not None and f"the file ends in {zeros} zero bytes" in decoded.torn
    assert len(decoded.replay.records) == len(played.records)


def test_damage_in_the_middle_is_not_taken_for_a_torn_tail(played: Table) -> None:
    data = bytearray(_framed(played))
    data[len(data) // 2] ^= 0xFF
    assert "is damaged (checksum mismatch)" in _error(bytes(data))


def test_valid_msgpack_of_the_wrong_shape_names_the_path(played: Table) -> None:
    records = list(played.replay().records)
    raw = msgspec.to_builtins(records[12])
    raw["events"][0]["card"] = 7  # a number where a card belongs
    raw["events"][0]["type"] = "card_played"
    payload = msgspec.msgpack.encode(raw)
    data = MAGIC + encode_frame(msgspec.msgpack.encode(msgspec.structs.replace(played.replay(), records=())))
    data += b"".join(encode_frame(msgspec.msgpack.encode(r)) for r in records[:12]) + encode_frame(payload)
    message = _error(data)
    assert "`$.records[12].events[0].card`" in message


def test_a_wrong_format_version(played: Table) -> None:
    doc = _doc(played)
    doc["header"]["format"] = 99
    assert "format version 99 is newer" in _error(json.dumps(doc).encode())
    doc["header"]["format"] = 0
    assert "unknown format version 0" in _error(json.dumps(doc).encode())


def test_an_older_version_reads_through_its_upcaster(played: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The upcasting path, with a pretend break: version 1 called `players` `seats`."""
    doc = _doc(played)
    doc["header"]["seats"] = doc["header"].pop("players")

    def seats_to_players(raw: dict[str, Any]) -> dict[str, Any]:
        raw["header"]["players"] = raw["header"].pop("seats")
        raw["header"]["format"] = 2
        return raw

    monkeypatch.setattr(fmt, "FORMAT_VERSION", 2)
    monkeypatch.setitem(fmt.UPCASTERS, 1, seats_to_players)
    replay = decode_replay(json.dumps(doc).encode()).replay
    assert replay.header.names == played.header.names and replay.records == played.replay().records


@pytest.mark.parametrize(("where", "name", "told"), [
    (("header", "rules"), "stacknig", "`$.header.rules.stacknig` (did you mean `stacking`?)"),
    (("header",), "seeds", "`$.header.seeds` (did you mean `seed`?)"),
    (("header", "players", 1), "nick", "`$.header.players[1].nick`"),
    (("header", "position"), "drawpile", "`$.header.position.drawpile` (did you mean `draw_pile`?)"),
    ((), "comands", "`$.comands` (did you mean `commands`?)"),
])
def test_an_unknown_header_field_is_refused_by_name(where: tuple[str | int, ...], name: str, told: str) -> None:
    # Dropped, a typo would play the standard rules unnoticed, and no hash covers it.
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    if "position" in where:
        doc["header"]["position"] = {"hands": [["r1"], ["r2"]], "discard": ["r3"], "draw_pile": [], "color": "red",
                                     "turn": 0, "dealer": 1}
    assert _errors_with(doc, where, name, True) == {f"f.uno: unknown field {told}"}


def test_an_unknown_field_of_a_newer_unotui_says_to_upgrade() -> None:
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    doc["header"]["app"] = "9.0.0"
    doc["header"]["rules"]["reverse_twice"] = True
    assert _error(json.dumps(doc).encode()) == ("f.uno: unknown field `$.header.rules.reverse_twice` (the file was "
                                                "written by unotui 9.0.0, newer than this one: upgrade unotui to open it)")


def test_an_upcast_document_is_checked_for_unknown_fields(played: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """An upcaster must retire what its version drops: what it leaves is refused like a typo."""
    doc = _doc(played)
    doc["header"]["dealing"] = "clockwise"

    def to_two(raw: dict[str, Any]) -> dict[str, Any]:
        raw["header"]["format"] = 2
        return raw

    monkeypatch.setattr(fmt, "FORMAT_VERSION", 2)
    monkeypatch.setitem(fmt.UPCASTERS, 1, to_two)
    assert _error(json.dumps(doc).encode()) == "f.uno: unknown field `$.header.dealing`"

    def retire_dealing(raw: dict[str, Any]) -> dict[str, Any]:
        del raw["header"]["dealing"]
        return to_two(raw)

    monkeypatch.setitem(fmt.UPCASTERS, 1, retire_dealing)
    replay = decode_replay(json.dumps(doc).encode()).replay
    assert replay.header.names == played.header.names and replay.records == played.replay().records


def test_a_random_binary_file() -> None:
    assert "not a unotui replay" in _error(os.urandom(4096).replace(b"{", b"x").lstrip() or b"\x00")
    assert "not a unotui replay" in _error(b"\x00\x01\x02")


def test_a_huge_length_prefix_is_refused_without_allocating(played: Table) -> None:
    started = time.perf_counter()
    assert "exceeds" in _error(MAGIC + struct.pack(">II", 1 << 30, 0) + b"x" * 100)
    data = _framed(played)
    assert "exceeds" in _error(data + struct.pack(">II", 1 << 30, 0) + b"\x01" * 50)
    assert time.perf_counter() - started < 0.5


def test_deeply_nested_json_is_refused_quickly() -> None:
    started = time.perf_counter()
    deep = b'{"header": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    assert "nested too deeply" in _error(deep) or "Expected `object`" in _error(deep)
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(("data", "told"), [
    (b"[1, 2, 3]", "JSON, but an array where a replay is an object"),
    (b'"hello"', "JSON, but a string where a replay is an object"),
    (b" 42\n", "JSON, but a number where a replay is an object"),
    (b"null", "JSON, but null where a replay is an object"),
    (b"[" * 200_000 + b"]" * 200_000, "JSON, but an array where a replay is an object"),
    (b"nonsense", "neither a .uno file nor JSON: it starts with 'nonsense'"),
    (b'{"head\x01', "JSON is malformed: invalid character (byte 6)"),
])
def test_json_that_is_not_a_replay_is_told_what_it_is(data: bytes, told: str) -> None:
    assert _error(data) == f"f.uno: not a unotui replay ({told})"


@pytest.mark.parametrize(("data", "told"), [
    (b'"""The command line."""\nimport sys\n', "neither a .uno file nor JSON: it starts with '\"\"\"The command l'"),
    (b"2024-05-01 12:00 started\n", "neither a .uno file nor JSON: it starts with '2024-05-01 12:00'"),
    (b"[INFO] started\n", "neither a .uno file nor JSON: it starts with '[INFO] started\\n'"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00", "neither a .uno file nor JSON: it starts with "
                                               "'\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR'"),
])
def test_a_text_file_that_opens_as_json_might_is_told_it_is_not_json(data: bytes, told: str) -> None:
    # A Python file (its docstring's first quote) was "JSON, but a string where a replay is
    # an object", a log line "JSON, but a number", and nothing said what the file held.
    assert _error(data) == f"f.uno: not a unotui replay ({told})"


def test_invalid_utf_8_in_a_json_replay_is_placed(played: Table) -> None:
    # "invalid UTF-8 encoded string" named no place: a Latin-1 name is one byte to find.
    data = encode_json(played.replay())
    at = data.index(b'"name":"Bo"') + len(b'"name":"B')
    latin = data[:at] + b"\xf6" + data[at + 1:]
    line = data[:at].count(b"\n") + 1
    column = at - data.rfind(b"\n", 0, at)
    assert _error(latin) == (f"f.uno: a damaged replay (invalid UTF-8 encoded string: 0xf6 at byte {at} "
                             f"(line {line}, column {column}))")
    # After a byte order mark the byte is counted from the start of the file, as the
    # truncation's is, and the column as an editor shows it, the mark unseen.
    assert _error(b"\xef\xbb\xbf" + latin).endswith(f": 0xf6 at byte {at + 3} (line {line}, column {column}))")


@pytest.mark.parametrize(("converted", "told"), [
    (lambda data: data.replace(b"\r\n", b"\n"), "CRLF line endings turned into LF"),
    (lambda data: data.replace(b"\n", b"\r\n"), "LF line endings turned into CRLF"),
], ids=["crlf-to-lf", "lf-to-crlf"])
def test_a_uno_file_copied_as_text_is_told_so(played: Table, converted: Any, told: str) -> None:
    # A .uno whose line endings a text-mode transfer converted was "neither a .uno file nor JSON".
    assert _error(converted(encode_msgpack(played.replay()))) == (
        f"f.uno: a damaged replay (a .uno file with its {told}, as a text-mode transfer does: "
        "copy it again in binary mode)")


def test_a_replay_damaged_part_way_is_told_as_one(played: Table) -> None:
    assert _error(b'{"header": ') == ("f.uno: a damaged replay (input data was truncated: the file ends at byte 11 "
                                      "(line 1, column 12))")
    data = encode_json(played.replay())
    comma = data.index(b",", 100)
    assert _error(data[:comma] + data[comma + 1:]).startswith("f.uno: a damaged replay (JSON is malformed: expected ")


def test_a_framed_header_that_is_not_an_object_is_told_as_msgpack() -> None:
    data = MAGIC + encode_frame(msgspec.msgpack.encode([1, 2, 3]))
    assert _error(data) == "f.uno: not a unotui replay (msgpack, but an array where a replay is an object)"
    assert _error(MAGIC + encode_frame(b"\xc1")) == "f.uno: not a unotui replay (MessagePack data is malformed: " \
                                                  "invalid opcode '\\xc1' (byte 0))"


def test_a_json_file_after_a_byte_order_mark_reads_as_without_it(played: Table) -> None:
    data = encode_json(played.replay())
    assert decode_replay(b"\xef\xbb\xbf" + data).replay == played.replay()


def test_json_of_the_wrong_shape_names_the_path(played: Table) -> None:
    doc = _doc(played)
    doc["records"][0]["events"][1]["hand"] = "one"
    assert "`$.records[0].events[1].hand`" in _error(json.dumps(doc).encode())


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not apply to root")
def test_a_file_the_user_may_not_read(tmp_path: Path, played: Table) -> None:
    path = played.save_as(tmp_path / "secret.uno")
    path.chmod(0)
    with pytest.raises(ReplayError, match="permission denied"):
        read_replay(path)


def test_reading_never_executes_anything_from_the_file() -> None:
    source = "".join(p.read_text() for p in (ROOT / "unotui" / "record").glob("*.py"))
    for danger in ("pickle", "eval(", "exec(", "marshal", "yaml.load"):
        assert danger not in source


def test_commands_that_the_engine_rejects_are_not_recorded() -> None:
    table = Table.new(header_for())
    table.submit(DrawCard(seat=0))
    table.submit(StartHand(seat=0))
    assert [type(r.command) for r in table.records] == [StartHand]


def test_crc_covers_the_payload() -> None:
    frame = encode_frame(b"abc")
    assert struct.unpack(">II", frame[:8]) == (3, zlib.crc32(b"abc"))


@pytest.mark.parametrize(("where", "path"), [(("header",), "$.header"), (("header", "players", 0), "$.header.players[0]")])
def test_a_seed_past_64_bits_is_refused_where_it_stands(where: tuple[str | int, ...], path: str) -> None:
    # JSON holds any integer; dealt, such a seed would deal as its lowest 64 bits do.
    doc = json.loads((Path(__file__).resolve().parents[2] / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    place = doc
    for key in where:
        place = place[key]
    place["seed"] = 2**64 - 1
    decode_replay(json.dumps(doc).encode())
    place["seed"] = 2**64
    assert _error(json.dumps(doc).encode()) == f"f.uno: `seed` must be at most 2**64-1, not {2**64} - at `{path}`"


@pytest.mark.parametrize(("where", "field", "text", "told"), [
    (("header", "players", 0), "name", "Ann\nFAILED x", "`name` can't hold U+000A (a control character) - at `$.header.players[0]`"),
    (("header", "players", 1), "name", "Bo\x1b[31m", "`name` can't hold U+001B (a control character) - at `$.header.players[1]`"),
    (("header", "players", 1), "name", "Bo\x9b31m", "`name` can't hold U+009B (a control character) - at `$.header.players[1]`"),
    (("header", "players", 1), "name", "\u202eoB", "`name` can't hold U+202E (a format character) - at `$.header.players[1]`"),
    (("header", "players", 1), "name", "Bo\u2028Cy", "`name` can't hold U+2028 (a line separator) - at `$.header.players[1]`"),
    (("header", "players", 1), "level", "basic\r\nOK", "`level` can't hold U+000D (a control character) - at `$.header.players[1]`"),
    (("header", "players", 1), "personality", "Vera\x07", "`personality` can't hold U+0007 (a control character) - at `$.header.players[1]`"),
    (("header", "origin"), "file", "a\x1b[2J.uno", "`file` can't hold U+001B (a control character) - at `$.header.origin`"),
    (("header",), "app", "0.1.0\x1b]0;x\x07", "`app` can't hold U+001B (a control character) - at `$.header`"),
])
def test_a_header_text_that_would_act_on_the_terminal_is_refused_where_it_stands(
        where: tuple[str | int, ...], field: str, text: str, told: str) -> None:
    # A name with a line break faked a line of `verify`'s report (`FAILED x`), and one with
    # an escape code coloured the terminal `log` printed it to.
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    doc["header"]["origin"] = {"file": "a.uno", "records": 0, "events": 0}
    assert _errors_with(doc, where, field, text) == {f"f.uno: {told}"}


def test_a_name_may_hold_any_script_spaces_and_emoji_joined_into_one() -> None:
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    names = ["山田\u3000太郎", "Zoë 👩\u200d💻", "میرزا\u200cعلی", "Jean\u00a0Luc"]  # a joiner, a non-joiner, spaces
    doc["header"]["players"] = [{"name": name} for name in names]
    assert decode_replay(json.dumps(doc).encode()).replay.header.names == names


def test_what_a_file_holds_is_escaped_in_a_message_about_it() -> None:
    # A field's name or a command's type is quoted in the message: raw, its escape codes
    # reached the terminal.
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    doc["header"]["\x1b[31mred"] = 1
    assert _error(json.dumps(doc).encode()) == "f.uno: unknown field `$.header.\\x1b[31mred`"
    del doc["header"]["\x1b[31mred"]
    doc["commands"][0]["type"] = "start\nOK"
    assert _error(json.dumps(doc).encode()) == "f.uno: Invalid value 'start\\nOK' - at `$.commands[0].type`"


@pytest.mark.parametrize(("option", "value", "told"), [
    ("uno_penalty", 3, "Invalid enum value 3 - at `$.header.rules.uno_penalty`"),
    ("uno_penalty", 0, "Invalid enum value 0 - at `$.header.rules.uno_penalty`"),
    ("hand_size", 11, "Expected `int` <= 10 - at `$.header.rules.hand_size`"),
    ("target", 0, "Expected `int` >= 1 - at `$.header.rules.target`"),
    ("dealer", "seat0", "Invalid enum value 'seat0' - at `$.header.rules.dealer`"),
    ("start_wild", "redraw_twice", "Invalid enum value 'redraw_twice' - at `$.header.rules.start_wild`"),
    ("stacking", 1, "Expected `bool`, got `int` - at `$.header.rules.stacking`"),
])
def test_a_rule_option_outside_its_documented_values_is_refused_by_field(option: str, value: object, told: str) -> None:
    # An UNO penalty of 3 verified, where the rules allow 2 or 4.
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    doc["header"]["rules"][option] = value
    assert _error(json.dumps(doc).encode()) == f"f.uno: {told}"


def test_a_field_written_twice_is_refused_where_it_stands() -> None:
    # Decoding kept the last of the two, unseen by anyone reading the file from the top.
    text = (ROOT / "replays" / "script-skip-and-draw.uno.json").read_text()
    seed = text.replace('"seed": 42,', '"seed": 42, "seed": 43,')
    assert _error(seed.encode()) == "f.uno: repeated field `$.header.seed`"
    card = text.replace('"card": "r9"}', '"card": "r9", "card": "b9"}')
    assert _error(card.encode()) == "f.uno: repeated field `$.commands[2].card`"


@pytest.mark.parametrize("created", ["yesterday", "2026-12-07", "2026-12-07T21:11:58", "2026-13-07T21:11:58+00:00"])
def test_a_creation_time_that_is_not_an_iso_8601_time_is_refused(created: str) -> None:
    # Documented as ISO 8601 UTC, `created` took any text ("yesterday").
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    doc["header"]["created"] = created
    assert _error(json.dumps(doc).encode()) == (
        "f.uno: `created` is not an ISO 8601 date and time with its UTC offset, like "
        "2026-12-07T21:11:58+00:00 - at `$.header`")


@pytest.mark.parametrize("created", [None, "2026-12-07T21:11:58+00:00", "2026-12-07T21:11:58Z", "2026-12-07T22:11:58+01:00"])
def test_a_creation_time_with_its_offset_is_read(created: str | None) -> None:
    doc = json.loads((ROOT / "replays" / "script-skip-and-draw.uno.json").read_bytes())
    doc["header"]["created"] = created
    assert decode_replay(json.dumps(doc).encode()).replay.header.created == created


@pytest.mark.parametrize(("names", "told"), [
    # The second Dotty was numbered "Dotty 2", the name the seat before it already had.
    (["Dotty", "Dotty 2", "Dotty"], ["Dotty", "Dotty 2", "Dotty 3"]),
    (["Dotty", "Dotty", "dotty 2"], ["Dotty", "Dotty 3", "dotty 2"]),
    (["Dotty", "Bo", "dotty", "Dotty"], ["Dotty", "Bo", "dotty 2", "Dotty 3"]),
    # A number added to a name of the most letters took it past them.
    (["x" * 40, "X" * 40], ["x" * 40, "X" * 38 + " 2"]),
    (["x" * 40, "x" * 38 + " 2", "x" * 40], ["x" * 40, "x" * 38 + " 2", "x" * 38 + " 3"]),
])
def test_told_apart_gives_every_seat_a_name_of_its_own(names: list[str], told: list[str]) -> None:
    assert fmt.told_apart(names) == told
    assert len({name.lower() for name in told}) == len(told)
    assert all(len(name) <= fmt.MAX_NAME for name in told)
