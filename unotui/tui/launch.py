"""From command-line options to a match: seats, bots, speed, the saves folder.

Nothing here imports Textual, so bad options are reported before the screen is taken.
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path

import msgspec

from unotui.bots import LEVELS, OPPONENTS, find_opponent
from unotui.engine import RuleSet, SetupError, preset
from unotui.record import PlayerInfo, PlayerKind, ReplayError, default_save_dir, list_saves, load_game, most_recent_unfinished, os_reason
from unotui.record.format import MAX_NAME, nonprinting_character, told_apart
from unotui.record.narrate import YOU, counted
from unotui.record.run import EXIT_FAILED

from .session import Session, start_session

__all__ = ["DEFAULT_BOTS", "MATCH_OPTIONS", "SPEEDS", "GameFileError", "LaunchError", "bot_seat", "load_session", "parse_speed", "quick_session", "resume_session",
           "saves_folder"]

SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.5}
"""Seconds a bot waits before acting, by name."""

DEFAULT_BOTS: tuple[str, ...] = ("Dotty", "Gran", "Rex", "Vera", "Sunny", "Max", "Pip", "Dotty", "Gran")
"""Opponents for a quick start, in seat order."""


class LaunchError(ValueError):
    """Options that can't start a match; the message says which and why."""

    status = 2
    """The exit status: the command line asks for what can't be done."""


class GameFileError(LaunchError):
    """The file to play on from can't be read or fails verification."""

    status = EXIT_FAILED
    """The exit status `verify`, `log` and `export` give such a file."""


def parse_speed(text: str | float | None) -> float:
    """Bot delay in seconds from a name or a number.

    >>> parse_speed("fast"), parse_speed("0.2"), parse_speed(None)
    (0.35, 0.2, 0.8)
    """
    if text is None:
        return SPEEDS["normal"]
    if isinstance(text, float | int):
        return float(text)
    if text in SPEEDS:
        return SPEEDS[text]
    try:
        value = float(text)
    except ValueError:
        raise LaunchError(f"--speed {text}: use {', '.join(SPEEDS)} or seconds like 0.5") from None
    if not 0 <= value <= 10:
        raise LaunchError(f"--speed {text}: seconds between 0 and 10")
    return value


def saves_folder(args: argparse.Namespace) -> Path:
    """The saves folder `--save-dir` names, else $UNOTUI_SAVE_DIR, else the user data folder.

    Raises:
        LaunchError: it is a file. Read as a folder it would hold no games: `resume` would
            say there are none, and a branch or a new game would have nowhere to go. Or
            its name can't be looked up (too long, say).
    """
    folder = default_save_dir(getattr(args, "save_dir", None))
    try:
        is_file = folder.exists() and not folder.is_dir()
    except OSError as error:
        raise LaunchError(f"{folder}: not a folder unotui can use ({os_reason(error)})") from None
    if is_file:
        raise LaunchError(f"{folder} is a file, not a folder")
    return folder


def bot_seat(spec: str, seed: int) -> PlayerInfo:
    """A bot seat from a named opponent (`Vera`) or a level (`strong`).

    Raises:
        LaunchError: naming the known opponents and levels.
    """
    word = spec.strip()
    if word.lower() in LEVELS:
        return PlayerInfo(name=word.capitalize(), kind=PlayerKind.BOT, level=word.lower(), seed=seed)
    try:
        opponent = find_opponent(word)
    except ValueError:
        known = ", ".join(opponent.name for opponent in OPPONENTS)
        raise LaunchError(f"unknown bot {spec!r}: name an opponent ({known}) or a level ({', '.join(LEVELS)})") from None
    return PlayerInfo(name=opponent.name, kind=PlayerKind.BOT, level=opponent.level, personality=opponent.name, seed=seed)


def unique_names(players: list[PlayerInfo]) -> list[PlayerInfo]:
    """Number repeated names (Dotty, Dotty 2) so every seat can be told apart, in the file too.
    A human keeps the name given: a bot of that name is the one numbered.

    >>> [player.name for player in unique_names([PlayerInfo(name="Dotty", kind=PlayerKind.BOT), PlayerInfo(name="Dotty")])]
    ['Dotty 2', 'Dotty']
    """
    humans_first = sorted(range(len(players)), key=lambda seat: players[seat].kind is not PlayerKind.HUMAN)
    names = dict(zip(humans_first, told_apart([players[seat].name for seat in humans_first]), strict=True))
    return [msgspec.structs.replace(player, name=names[seat]) for seat, player in enumerate(players)]


MATCH_OPTIONS = ("name", "bots", "players", "seed", "rules", "target")
"""`unotui play` options that describe a match: any of them sits down at once."""


def quick_session(args: argparse.Namespace, save_dir: Path | None) -> Session | None:
    """A new match from `--name`, `--bots`, `--players`, `--seed`, `--rules`, `--target`; None
    (the title screen) when none of them is given.

    Raises:
        LaunchError: a bad option, in one line.
    """
    bots_text: str | None = getattr(args, "bots", None)
    players: int | None = getattr(args, "players", None)
    seed: int | None = getattr(args, "seed", None)
    if all(getattr(args, option, None) is None for option in MATCH_OPTIONS):
        return None
    name: str = getattr(args, "name", None) or YOU
    if len(name) > MAX_NAME:
        raise LaunchError(f"--name: {len(name)} characters, at most {MAX_NAME}")
    fault = nonprinting_character(name)
    if fault is not None:
        raise LaunchError(f"--name: can't hold {fault}")
    try:
        rules: RuleSet = preset(getattr(args, "rules", None) or "standard")
    except ValueError as error:
        raise LaunchError(str(error)) from None
    target = getattr(args, "target", None)
    if target is not None:
        if not 1 <= target <= 1_000_000:
            raise LaunchError(f"--target {target}: between 1 and 1000000")
        rules = msgspec.structs.replace(rules, target=target)
    specs = [word for word in (bots_text or "").replace(",", " ").split()]
    if players is None:
        players = len(specs) + 1 if specs else 4
    if not 2 <= players <= 10:
        raise LaunchError(f"--players {players}: UNO is for 2 to 10 players")
    if len(specs) > players - 1:
        raise LaunchError(f"{len(specs)} bots don't fit at a table of {players} with you")
    specs += list(DEFAULT_BOTS[len(specs) : players - 1])
    base = seed if seed is not None else secrets.randbits(32)
    seats = [PlayerInfo(name=name, kind=PlayerKind.HUMAN)]
    seats += [bot_seat(spec, (base * 31 + index) & 0xFFFFFFFF) for index, spec in enumerate(specs, start=1)]
    try:
        return start_session(unique_names(seats), rules, seed, save_dir)
    except (ValueError, SetupError, OSError) as error:
        raise LaunchError(str(error).splitlines()[0]) from None


def load_session(args: argparse.Namespace, save_dir: Path | None) -> Session:
    """The match in the file `args.file`.

    Raises:
        LaunchError: no file is named.
        GameFileError: the file can't be read or doesn't verify.
    """
    path = getattr(args, "file", None)
    if path is None:
        raise LaunchError("name a save file to load")
    try:
        table = load_game(path, save_dir)
    except (ReplayError, OSError) as error:
        raise GameFileError(str(error)) from None
    return Session.of(table, save_dir)


def resume_session(args: argparse.Namespace, save_dir: Path | None) -> Session:
    """The most recent unfinished match in the saves folder.

    Raises:
        LaunchError: there is none.
        GameFileError: the newest, or a file that might be it, can't be read or doesn't verify.
    """
    if save_dir is None:
        raise LaunchError("there is no saves folder to resume from")
    if not save_dir.exists():
        raise LaunchError(f"{save_dir}: no such folder, so no game to resume")
    path = most_recent_unfinished(save_dir)
    if path is None:
        damaged = [save for save in list_saves(save_dir) if save.error is not None]
        if damaged:
            # Say so: the game wanted may be in the file that can't be read.
            more = f" (and {counted(len(damaged) - 1, 'other')})" if len(damaged) > 1 else ""
            raise GameFileError(f"no unfinished game in {save_dir} to resume: {Path(damaged[0].path).name}{more} "
                                f"can't be read: {damaged[0].error}")
        raise LaunchError(f"no unfinished game in {save_dir}: start one with `unotui play`")
    try:
        table = load_game(path, save_dir)
    except (ReplayError, OSError) as error:
        raise GameFileError(str(error)) from None
    return Session.of(table, save_dir)



