"""Records: the replay file format, the journal, verification, narration and `Table`.

Owns bytes and files; the engine stays pure.
"""

from __future__ import annotations

from .format import (
    FORMAT_VERSION,
    Header,
    Origin,
    PlayerInfo,
    PlayerKind,
    Record,
    Replay,
    ReplayError,
    decode_replay,
    encode_json,
    encode_msgpack,
)
from .narrate import Narrator, describe, narrate
from .table import (
    MAX_STEM_BYTES,
    SAVE_DIR_ENV,
    SaveInfo,
    Table,
    default_save_dir,
    delete_save,
    holds_match,
    is_journal_name,
    list_saves,
    load_game,
    make_folder,
    make_header,
    most_recent_unfinished,
    new_game,
    os_reason,
    read_replay,
    resumable,
    save_path,
    save_stem,
    short_stem,
)
from .verify import Failure, Summary, VerifyError, rebuild, summarize

__all__ = [
    "FORMAT_VERSION", "MAX_STEM_BYTES", "SAVE_DIR_ENV",
    "Failure", "Header", "Narrator", "Origin", "PlayerInfo", "PlayerKind", "Record", "Replay", "ReplayError",
    "SaveInfo", "Summary", "Table", "VerifyError",
    "decode_replay", "default_save_dir", "delete_save", "describe", "encode_json", "encode_msgpack",
    "holds_match", "is_journal_name", "list_saves", "load_game", "make_folder", "make_header", "os_reason",
    "most_recent_unfinished", "narrate", "new_game", "read_replay", "rebuild", "resumable", "save_path", "save_stem",
    "short_stem", "summarize",
]
