"""Commands written between backticks in answers (`help`, `r7`, `draw`), shown as the command
itself set off in a style: the backticks read as stray markdown to a newcomer. Shared by the
log pane and the table's notifications.

Names stay text: a backtick in a player's name is never read as a command's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from unotui.columns import wrap_hanging

__all__ = ["command_markup", "command_runs", "styled_commands"]

_HIDDEN = "\0"
"""What a name's characters are while commands are looked for: no command starts, ends or
runs through one."""

_COMMAND = re.compile(r"(?<![^\s(\"'])`([^`\s\\\0](?:[^`\\\n\0]*[^`\s\\\0])?)`(?![^\s.,;:!?)\"'])")
"""A command between backticks: the first at the start of a word, the second at its end,
the command on one line, without a backslash (content markup would read one before its
closing tag) and not starting or ending with a space."""


def command_runs(text: str, names: Sequence[str] = ()) -> list[tuple[str, bool]]:
    """`text` in runs, each True when it is a command written between backticks (given
    without them); a backtick that pairs with none, inside a word or in one of `names`
    stays as it is.

    >>> command_runs("Did you mean `draw`? Type `help` (or `play it`).")
    [('Did you mean ', False), ('draw', True), ('? Type ', False), ('help', True), (' (or ', False), ('play it', True), (').', False)]
    >>> command_runs("It's `Bo`'s turn: `draw`.", ["`Bo`"])
    [("It's `Bo`'s turn: ", False), ('draw', True), ('.', False)]
    >>> command_runs("Saved as /tmp/a`b`/x.uno.")
    [('Saved as /tmp/a`b`/x.uno.', False)]
    """
    hidden = text
    for name in sorted((name for name in set(names) if "`" in name), key=len, reverse=True):
        hidden = hidden.replace(name, _HIDDEN * len(name))
    runs: list[tuple[str, bool]] = []
    at = 0
    for found in _COMMAND.finditer(hidden):
        if found.start() > at:
            runs.append((text[at : found.start()], False))
        runs.append((text[found.start(1) : found.end(1)], True))
        at = found.end()
    if at < len(text) or not runs:
        runs.append((text[at:], False))
    return runs


def command_markup(text: str, names: Sequence[str] = ()) -> str:
    """`text` as content markup (a notification's): its commands bold, all else text.

    >>> print(command_markup("[b]Bo can't: type `look`.", ["[b]Bo"]))
    \\[b]Bo can't: type [b]look[/b].
    """
    parts = []
    for run, is_command in command_runs(text, names):
        run = run.replace("[", "\\[")
        parts.append(f"[b]{run}[/b]" if is_command else run)
    return "".join(parts)


def styled_commands(text: str, style: Style, command: Style, names: Sequence[str] = (),
                    width: int | None = None) -> Text:
    """`text` in `style`, its commands in `command` over it, wrapped to `width` (`wrap_hanging`,
    measured without the backticks).

    >>> row = "  log [N]  repeat the last lines, like `log 20`"
    >>> print(styled_commands(row, Style(), Style(bold=True), width=45).plain)
      log [N]  repeat the last lines, like log 20
    >>> shown = styled_commands(row, Style(), Style(bold=True), width=42)
    >>> print(shown.plain)
      log [N]  repeat the last lines, like log
               20
    >>> [shown.plain[span.start : span.end] for span in shown.spans]
    ['log', '20']
    """
    runs = command_runs(text, names)
    plain = "".join(run for run, _ in runs)
    marked = [is_command for run, is_command in runs for _ in run]
    wrapped = wrap_hanging(plain, width) if width else plain
    # The wrap drops spaces and puts in line breaks and indents, nothing else: every other
    # character is found in order, and keeps its mark.
    shown_marked: list[bool] = []
    at = 0
    for char in wrapped:
        while at < len(plain) and plain[at] != char and plain[at].isspace():
            at += 1  # a space the wrap dropped
        if at < len(plain) and plain[at] == char:
            shown_marked.append(marked[at])
            at += 1
        else:
            shown_marked.append(False)  # a line break or an indent the wrap put in
    shown = Text(wrapped, style=style)
    index = 0
    while index < len(wrapped):
        if shown_marked[index]:
            end = index
            while end < len(wrapped) and shown_marked[end]:
                end += 1
            shown.stylize(command, index, end)
            index = end
        else:
            index += 1
    return shown
