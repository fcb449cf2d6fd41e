"""A helper process that runs one function call at a time for the process that started it.

A search hands a helper half of its worlds and plays the other half itself, so the
call must start at once: the arguments are pickled and sent down a pipe by the caller,
not by a queue's feeder thread, which would wait for the interpreter lock the search is
holding (with `concurrent.futures` a helper started 10-25 ms late on a 50 ms stream).
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["Helper", "HelperError"]


class HelperError(Exception):
    """The helper could not give a result: it died, or the call raised there."""


class Helper:
    """One spawned process (not forked: a fork of a program running threads, as the TUI
    does, may inherit a lock one of them holds), ended with the program."""

    def __init__(self, preload: str) -> None:
        """Start the process; it imports module `preload` at once, so that the first call
        does not wait for it."""
        context = multiprocessing.get_context("spawn")
        self._connection, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, preload), daemon=True, name="unotui-helper")
        # The first spawn starts multiprocessing's resource tracker, which is handed
        # sys.stderr's descriptor; inside a Textual app sys.stderr is a capture whose
        # descriptor is -1, so the real one is lent for the start.
        with contextlib.redirect_stderr(sys.__stderr__):
            self._process.start()
        child.close()
        self._sent = 0

    def start(self, function: Callable[..., Any], *args: Any) -> None:
        """Send a call; `result` waits for it. A call sent before it whose result was never
        asked for is dropped.

        Raises:
            HelperError: if the helper is gone.
        """
        try:
            self._connection.send((self._sent + 1, function, args))
        except (OSError, ValueError) as error:
            raise HelperError(f"helper gone: {error}") from None
        self._sent += 1

    def result(self) -> Any:
        """The value of the last call sent.

        Raises:
            HelperError: if the helper died or the call raised there.
        """
        while True:
            try:
                number, failed, value = self._connection.recv()
            except (EOFError, OSError) as error:
                raise HelperError(f"helper gone: {error!r}") from None
            if number == self._sent:
                break
        if failed:
            raise HelperError(value)
        return value

    def close(self) -> None:
        """End the process."""
        self._connection.close()
        self._process.terminate()
        self._process.join(1.0)


def _serve(connection: Connection, preload: str) -> None:
    # Ctrl+C is for the program that started the helper: the helper ends with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The helper shares the terminal a TUI draws on: whatever goes wrong here is sent
    # back as a reply, never printed over the screen.
    sys.stdout = sys.stderr = open(os.devnull, "w")  # for the life of the process
    importlib.import_module(preload)
    while True:
        try:
            number, function, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (number, False, function(*args))
        except Exception as error:  # sent back for the caller to handle
            reply = (number, True, repr(error))
        connection.send(reply)
