"""The journal: an append-only `.uno` file, one framed record per accepted command.

Every append is flushed and fsynced before it returns, so what a player has seen is on
disk. A crash can only cut the last frame short; reading drops such a tail (see
`format.decode_replay`) and `Journal.reopen` cuts it off before appending again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from .format import MAGIC, Record, Replay, encode_opening_frame, encode_record_frame

__all__ = ["Journal", "write_atomic"]


class Journal:
    """An open journal file. Not thread-safe: one writer, the table that owns it."""

    def __init__(self, path: Path, file: BinaryIO, sync: bool = True) -> None:
        self.path = path
        self._file = file
        self.sync = sync
        """fsync after every write; off only in benchmarks measuring the rest."""

    @classmethod
    def create(cls, path: Path, opening: Replay, sync: bool = True) -> Journal:
        """Start a new journal with the header (and any script commands).

        Raises:
            FileExistsError: if `path` exists; a journal is never overwritten.
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        file = open(path, "xb")  # noqa: SIM115 - kept open for appends
        journal = cls(path, file, sync)
        journal._write(MAGIC + encode_opening_frame(opening))
        if sync:
            _sync_directory(path.parent)
        return journal

    @classmethod
    def reopen(cls, path: Path, end: int, sync: bool = True) -> Journal:
        """Open an existing journal for appending after byte `end`, the end of its last
        good frame: a torn tail beyond it is cut off first."""
        file = open(path, "r+b")  # noqa: SIM115 - kept open for appends
        file.truncate(end)
        file.seek(end)
        journal = cls(path, file, sync)
        if sync:
            os.fsync(file.fileno())
        return journal

    def append(self, record: Record) -> None:
        """Write one record frame, flushed and (unless `sync` is off) fsynced."""
        self._write(encode_record_frame(record))

    def _write(self, data: bytes) -> None:
        self._file.write(data)
        self._file.flush()
        if self.sync:
            os.fsync(self._file.fileno())

    def sync_now(self) -> None:
        """Flush and fsync whatever was written (after a batch written with `sync` off)."""
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    @property
    def closed(self) -> bool:
        return self._file.closed


def write_atomic(path: Path, data: bytes) -> None:
    """Write a whole file so that it is either the old one or the new one, never half:
    a temporary file beside it, fsynced, renamed over it. A symbolic link stays one: the file
    it names is the one written, as `cp` or an editor's save writes it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # Resolved after the folder named is made, so that a link into a folder that is not
    # there fails to write rather than make that folder.
    path = Path(os.path.realpath(path))
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make a new name in `directory` durable (POSIX; a no-op where not possible)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
