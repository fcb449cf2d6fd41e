"""The replay cursor: states at any position, turn and hand stops, marked moments, the
verification of a viewed file, and where a branch starts."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pytest

from unotui.engine import (
    CardPlayed,
    ChallengeResolved,
    DiscardsReshuffled,
    HandEnded,
    HandStarted,
    Match,
    Phase,
    TurnStarted,
    UnoCaught,
    fold,
    initial_state,
    view_for,
)
from unotui.record import Replay, ReplayError, Table, encode_json, make_header, read_replay, rebuild
from unotui.record.replay_cursor import Moment, MomentKind, ReplayCursor, branch_point, open_recording, recording_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))
from replay_matches import three_player_match  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def recording():  # type: ignore[no-untyped-def]
    return recording_of(three_player_match(), "three.uno", interval=64)


def test_state_at_equals_a_fold_from_the_start_forward_backward_and_by_jumps(recording) -> None:  # type: ignore[no-untyped-def]
    cursor = recording.cursor
    setup = recording.header.setup()
    events = cursor.events
    for position in [0, 1, 63, 64, 65, 300, 299, 5, cursor.end, cursor.end - 1, 700, 128]:
        assert cursor.state_at(position) == fold(setup, events[:position]), position


@pytest.mark.parametrize("sample", sorted(path.name for path in (ROOT / "replays").glob("*.uno")))
def test_every_seat_sees_a_whole_view_at_every_event_of_the_samples(sample: str) -> None:
    # The viewer steps event by event, so it stands where a live table never stops, as
    # between a hand's deal and its start card (no card on the discard pile to play on).
    recording = open_recording(ROOT / "replays" / sample)
    cursor = recording.cursor
    for position in range(cursor.end + 1):
        state = cursor.state_at(position)
        audit = view_for(state, None)
        for seat in range(len(recording.names)):
            view = view_for(state, seat)
            assert len(view.hand) == audit.hand_sizes[seat] == len(audit.hands[seat]), (sample, position, seat)
            assert set(view.playable) <= set(view.hand), (sample, position, seat)


def test_stops_mark_every_turn_and_every_hand(recording) -> None:  # type: ignore[no-untyped-def]
    cursor = recording.cursor
    events = cursor.events
    assert cursor.turn_stops == [index + 1 for index, event in enumerate(events) if isinstance(event, TurnStarted)]
    started = [event.hand for event in events if isinstance(event, HandStarted)]
    assert cursor.hands == started
    for hand in started:
        position = cursor.hand_start(hand)
        assert position is not None and cursor.locate(position) == (hand, 1)
        assert isinstance(events[position - 1], TurnStarted)
    assert cursor.turn_position(started[0], 3) == cursor.turn_stops[2]
    assert cursor.turn_position(started[0], 10_000) is None and cursor.hand_start(99) is None
    assert cursor.locate(0) == (0, 0)


def test_moments_are_the_marked_events(recording) -> None:  # type: ignore[no-untyped-def]
    events = recording.cursor.events
    found = {kind: [m.event for m in recording.cursor.moments if m.kind is kind] for kind in MomentKind}
    assert found[MomentKind.CHALLENGE] == [i for i, e in enumerate(events) if isinstance(e, ChallengeResolved)]
    assert found[MomentKind.CATCH] == [i for i, e in enumerate(events) if isinstance(e, UnoCaught)]
    assert found[MomentKind.RESHUFFLE] == [i for i, e in enumerate(events) if isinstance(e, DiscardsReshuffled)]
    assert found[MomentKind.HAND_END] == [i for i, e in enumerate(events) if isinstance(e, HandEnded)]
    assert found[MomentKind.BLUFF] == [i for i, e in enumerate(events) if isinstance(e, CardPlayed) and e.bluff]
    assert found[MomentKind.MISSED_UNO], "the match has an UNO nobody caught"


def test_moments_speak_to_the_player_called_you() -> None:
    kinds = [Moment(kind=MomentKind.BLUFF, event=1, seat=0),
             Moment(kind=MomentKind.CHALLENGE, event=2, seat=1, other=0, succeeded=True),
             Moment(kind=MomentKind.CHALLENGE, event=3, seat=0, other=1, succeeded=False),
             Moment(kind=MomentKind.CATCH, event=4, seat=1, other=0),
             Moment(kind=MomentKind.MISSED_UNO, event=5, seat=0),
             Moment(kind=MomentKind.HAND_END, event=6, seat=0)]
    assert [moment.describe(["Ada", "Bo"]) for moment in kinds] == [
        "Ada plays an illegal Wild Draw Four (a bluff, R-WD4-2)",
        "Ada challenges Bo's Wild Draw Four and catches the bluff",
        "Bo challenges Ada's Wild Draw Four and fails",
        "Ada catches Bo without UNO",
        "Ada forgets UNO and nobody catches it (R-UNO-3)",
        "Ada goes out"]
    assert [moment.describe(["You", "Bo"]) for moment in kinds] == [
        "you play an illegal Wild Draw Four (a bluff, R-WD4-2)",
        "you challenge Bo's Wild Draw Four and catch the bluff",
        "Bo challenges your Wild Draw Four and fails",
        "you catch Bo without UNO",
        "you forget UNO and nobody catches it (R-UNO-3)",
        "you go out"]
    # In a seat's view that seat is "you", whatever the others are called.
    assert kinds[2].describe(["Ada", "Bo"], viewer=1) == "you challenge Ada's Wild Draw Four and fail"


def test_a_missed_uno_is_a_seat_left_catchable_until_the_window_closed(recording) -> None:  # type: ignore[no-untyped-def]
    cursor = recording.cursor
    for moment in (m for m in cursor.moments if m.kind is MomentKind.MISSED_UNO):
        opened = view_for(cursor.state_at(moment.event + 1), None)
        assert opened.catchable == moment.seat
        position = moment.event + 1
        while view_for(cursor.state_at(position), None).catchable == moment.seat:
            assert not isinstance(cursor.events[position], UnoCaught)
            position += 1
    assert not any(m.public for m in cursor.moments if m.kind is MomentKind.BLUFF)


def test_a_verified_file_opens_whole(tmp_path: Path) -> None:
    path = tmp_path / "three.uno.json"
    path.write_bytes(encode_json(three_player_match()))
    opened = open_recording(path)
    assert opened.verification.ok and opened.verification.chain and opened.verification.legal
    assert opened.cursor.end == sum(len(record.events) for record in three_player_match().records)


def _tampered(record: int) -> Replay:
    replay = three_player_match()
    records = list(replay.records)
    played = next(i for i in range(record, len(records)) if isinstance(records[i].events[0], CardPlayed))
    event = records[played].events[0]
    assert isinstance(event, CardPlayed)
    changed = msgspec.structs.replace(records[played], events=(msgspec.structs.replace(event, seat=(event.seat + 1) % 3),
                                                             *records[played].events[1:]))
    records[played] = changed
    return msgspec.structs.replace(replay, records=tuple(records))


def test_a_tampered_file_opens_up_to_its_first_bad_record() -> None:
    replay = _tampered(40)
    opened = recording_of(replay, "bad.uno")
    check = opened.verification
    assert not check.ok and check.legal is False and check.failed_record is not None
    assert check.failed_record >= 40 and "differs" in (check.failure or "")
    assert len(opened.records) == check.failed_record
    assert opened.cursor.end == sum(len(record.events) for record in replay.records[: check.failed_record])


def test_a_broken_chain_and_a_changed_seed_are_named() -> None:
    replay = three_player_match()
    records = list(replay.records)
    records[5] = msgspec.structs.replace(records[5], hash="0" * 64)
    broken = recording_of(msgspec.structs.replace(replay, records=tuple(records)), "chain.uno")
    assert broken.verification.chain is False and broken.verification.failed_record == 5
    assert len(broken.records) == 5
    reseeded = recording_of(msgspec.structs.replace(replay, header=msgspec.structs.replace(replay.header, seed=99)), "seed.uno")
    assert reseeded.verification.commitment is False and reseeded.cursor.end == 0


def test_a_file_with_a_damaged_record_opens_up_to_it(tmp_path: Path) -> None:
    """A flipped bit in a record's frame: the records before it verify and open, and the
    damage is the reason verification stops."""
    data = bytearray((ROOT / "replays" / "four-players-to-500.uno").read_bytes())
    data[5000] ^= 1
    path = tmp_path / "damaged.uno"
    path.write_bytes(bytes(data))
    with pytest.raises(ReplayError, match="record 16 at byte 4844 is damaged"):
        read_replay(path)  # loading a save, `log`, `verify`: still refused
    opened = open_recording(path)
    check = opened.verification
    assert not check.ok and check.failed_record == 16 and len(opened.records) == 16
    assert check.failure == "record 16 at byte 4844 is damaged (checksum mismatch)"
    assert check.commitment is True and check.chain is False and check.legal is None
    assert opened.cursor.end == sum(len(record.events) for record in read_replay(
        ROOT / "replays" / "four-players-to-500.uno").replay.records[:16])


def test_a_script_is_checked_for_legality_only() -> None:
    opened = open_recording(ROOT / "replays" / "script-skip-and-draw.uno.json")
    check = opened.verification
    assert check.ok and check.legal is True
    assert check.commitment is None and check.chain is None and not check.committed and not check.recorded
    whole = open_recording(ROOT / "replays" / "two-players-to-500.uno").verification
    assert whole.commitment is True and whole.chain is True and whole.committed and whole.recorded


def test_branch_point_mid_hand_is_the_end_of_the_last_command(recording) -> None:  # type: ignore[no-untyped-def]
    cursor = recording.cursor
    inside = cursor.turn_stops[20] + 1
    branch = branch_point(recording, inside)
    at = branch.origin.events
    assert at in cursor.record_ends and at <= inside
    assert branch.origin.records == cursor.record_at(at)
    assert branch.origin.hash == recording.records[branch.origin.records - 1].hash
    assert branch.position == cursor.state_at(at).position()


def test_branch_point_between_hands_is_the_next_deal(recording) -> None:  # type: ignore[no-untyped-def]
    cursor = recording.cursor
    ended = next(m.event for m in cursor.moments if m.kind is MomentKind.HAND_END)
    branch = branch_point(recording, ended + 1)
    assert cursor.state_at(branch.origin.events).phase is Phase.PLAYING
    assert branch.position.hand == 2 and branch.origin.events > ended
    with pytest.raises(ValueError, match="match is over"):
        branch_point(recording, cursor.end)


def test_branch_point_of_an_unfinished_file_between_hands_deals_from_the_same_generator(recording) -> None:  # type: ignore[no-untyped-def]
    replay = three_player_match()
    ended = next(i for i, r in enumerate(replay.records) if any(isinstance(e, HandEnded) for e in r.events))
    cut = recording_of(msgspec.structs.replace(replay, records=replay.records[: ended + 1]), "cut.uno")
    branch = branch_point(cut, cut.cursor.end)
    whole = recording.cursor.state_at(recording.cursor.record_ends[ended + 1])
    assert branch.position == whole.position()
    assert branch.origin.records == ended + 1


def test_a_branched_header_names_its_origin_and_old_files_still_verify(recording, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    branch = branch_point(recording, recording.cursor.turn_stops[30])
    header = make_header(recording.header.players, recording.header.rules, seed=branch.position.rng,
                         position=branch.position, origin=branch.origin)
    table = Table.new(header, tmp_path / "branch.uno")
    table.submit(table.legal_commands(table.state.turn)[0])
    table.close()
    again = read_replay(tmp_path / "branch.uno").replay
    assert again.header.origin == branch.origin
    rebuild(again)
    assert Match(again.header.setup()).state == initial_state(again.header.setup())
    for sample in sorted((ROOT / "replays").glob("*.uno*")):
        rebuild(read_replay(sample).replay, str(sample))


def test_an_empty_match_has_one_position() -> None:
    replay = three_player_match()
    cursor = ReplayCursor(replay.header.setup(), [], [])
    assert cursor.end == 0 and cursor.moments == [] and cursor.hands == []
    assert cursor.state_at(5) == initial_state(replay.header.setup())


def test_a_match_started_from_a_position_is_in_its_hand_and_turn_from_the_first_position(recording) -> None:  # type: ignore[no-untyped-def]
    # Not "before the first deal", nor dealing: the position stands in a turn already begun.
    branch = branch_point(recording, recording.cursor.turn_stops[30])
    header = make_header(recording.header.players, recording.header.rules, position=branch.position, origin=branch.origin)
    match = Match(header.setup())
    for _ in range(3):
        match.submit(match.legal_commands(match.state.turn)[0])
    cursor = ReplayCursor(match.setup, match.events, match.boundaries)
    hand = branch.position.hand
    assert cursor.locate(0) == (hand, 1) and cursor.turn_stops[0] == 0 and cursor.hand_start(hand) == 0
    assert cursor.turn_position(hand, 1) == 0 and cursor.locate(cursor.end) == (hand, len(cursor.turn_stops))
