"""End to end in a real terminal: play a whole hand in tmux, quit, resume, and see the same game."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
UNOTUI = str(Path(sys.executable).with_name("unotui"))

pytestmark = pytest.mark.skipif(TMUX is None or not Path(UNOTUI).exists(), reason="needs tmux and the unotui script")


class Terminal:
    """A tmux session on its own socket, driven with send-keys and read with capture-pane."""

    def __init__(self, socket: Path, width: int = 160, height: int = 40) -> None:
        self.socket, self.width, self.height = socket, width, height

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        return subprocess.run([TMUX, "-S", str(self.socket), *args], capture_output=True, text=True, check=False).stdout

    def start(self, command: str) -> None:
        # COLUMNS and LINES from the test runner would override the terminal's real size.
        command = f"env -u COLUMNS -u LINES {command}"
        self.tmux("new-session", "-d", "-s", "t", "-x", str(self.width), "-y", str(self.height), command)
        self.tmux("resize-window", "-t", "t", "-x", str(self.width), "-y", str(self.height))

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def type(self, text: str) -> None:
        self.keys(":")
        time.sleep(0.05)
        self.tmux("send-keys", "-t", "t", "-l", text)
        time.sleep(0.05)
        self.keys("Enter")
        # The echo in the log pane (after its border), not the text still in the input line.
        echo = rf"│ › :?{re.escape(text)}\s"
        try:
            self.wait_for(echo, timeout=3)
        except AssertionError:
            # A key sent while the app is busy redrawing is, rarely, read late: press Enter again.
            self.keys("Enter")
            self.wait_for(echo)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def settled(self) -> str:
        """The screen once it has stopped changing (bots and dialogs have caught up)."""
        last = self.screen()
        for _ in range(50):
            time.sleep(0.15)
            text = self.screen()
            if text == last:
                return text
            last = text
        return last

    def wait_for(self, pattern: str, timeout: float = 10.0, *, gone: bool = False) -> str:
        """The screen once `pattern` is on it (or, with `gone`, once it is no longer)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if (re.search(pattern, text) is None) == gone:
                return text
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never {'went' if gone else 'appeared'}; the screen:\n{self.screen()}")

    def answer(self, key: str, dialog: str) -> None:
        """Press a dialog's key and wait for the dialog to close.

        A key the app reads late must not be pressed twice: the second press would land in the
        command line once the dialog has gone.
        """
        self.keys(key)
        self.wait_for(dialog, gone=True)

    def alive(self) -> bool:
        return "t" in self.tmux("list-sessions", "-F", "#{session_name}").split()

    def close(self) -> None:
        self.tmux("kill-server")


# Each dialog's own title (the log never prints these words) and the key that answers it.
DIALOG_ANSWERS = {
    r"Name the colour:": "r",
    r"and it plays\.": "p",
    r"plays a Wild Draw Four on you and names": "a",
    r"OK \(Enter\)": "Enter",
}


def play_one_turn(terminal: Terminal) -> bool:
    """Ask which cards play, play the first (or draw); answer any dialog. True once the hand is over."""
    screen = terminal.settled()
    if "Next hand" in screen or "hand 2 · to 500" in screen:
        return True
    for dialog, key in DIALOG_ANSWERS.items():
        if re.search(dialog, screen):
            terminal.answer(key, dialog)
            return False
    if "your turn" in screen:
        marker = f"turn-{time.monotonic_ns()}"
        terminal.type(f"help {marker}")
        terminal.type("hand")
        text = terminal.wait_for(rf"{marker}[\s\S]*(Playable now: [^.]*\.|Nothing plays now)")
        found = re.findall(r"Playable now: ([^.]*)\.", text.split(marker)[-1])
        if found:
            card = found[-1].split(",")[0].strip()
            terminal.type(f"{card} red" if card.startswith("w") else card)
        else:
            terminal.type("draw")
        time.sleep(0.5)  # let the bot answer before the next look at the screen
    return False


def test_a_whole_hand_then_quit_and_resume(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    terminal = Terminal(tmp_path / "tmux.sock")
    try:
        terminal.start(f"{UNOTUI} play --seed 1 --name Ann --bots Dotty --speed instant --save-dir {saves}")
        terminal.wait_for(r"Dotty · \d+ pts")
        for _ in range(200):
            if play_one_turn(terminal):
                break
        else:
            raise AssertionError(f"the hand did not end; the screen:\n{terminal.screen()}")
        screen = terminal.settled()
        if "Next hand" in screen:
            assert "Cards left" in screen and "the hand and score" in screen
            terminal.keys("Enter")
        before = terminal.wait_for(r"hand 2 · to 500")
        hand_line = re.search(r"Your hand · .*", before)
        assert hand_line is not None
        terminal.type("quit")
        terminal.wait_for(r"Leave the table\?")
        terminal.keys("y")
        terminal.wait_for(r"Resume \(r\)")
        terminal.keys("q")
        deadline = time.monotonic() + 5
        while terminal.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not terminal.alive()

        terminal.start(f"{UNOTUI} resume --save-dir {saves}")
        after = terminal.wait_for(r"hand 2 · to 500")
        resumed_line = re.search(r"Your hand · .*", after)
        assert resumed_line is not None
        cards = re.compile(r"│ (\S+ [♥★♣♠◆]) ")
        assert cards.findall(after) == cards.findall(before) or hand_line.group(0).split("·")[1] == resumed_line.group(0).split("·")[1]
        assert hand_line.group(0).split("·")[1] == resumed_line.group(0).split("·")[1]
    finally:
        terminal.close()
