"""Regenerate the sample matches in `replays/`, byte for byte.

    python replays/make_samples.py            # rewrite every sample
    python replays/make_samples.py --search   # print the 4-player seed that has every feature

The matches are played through the engine by a small seeded player that follows simple
habits: match the colour, keep wilds for last, name the colour it holds most, sometimes
forget to say UNO, catch others who forget, bluff with a Wild Draw Four and challenge a Wild Draw Four now and then.
Its choices come only from `legal_commands`, so every sample is a real game.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from unotui.engine import (
    AnyCommand,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    ChallengeResolved,
    ChooseColor,
    Decision,
    DiscardsReshuffled,
    DrawCard,
    KeepCard,
    Phase,
    PlayCard,
    RuleSet,
    StartHand,
    UnoCaught,
)
from unotui.record import PlayerInfo, PlayerKind, Table, make_header

HERE = Path(__file__).resolve().parent
CREATED = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
"""A fixed creation time, so regenerated files are identical."""
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]



class HabitPlayer:
    """A seeded player of simple habits (see the module docstring)."""

    def __init__(self, seat: int, seed: int, forget: float = 0.25, challenge: float = 0.35,
                 bluff: float = 0.3) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.forget = forget
        """How often it forgets to say UNO with its second-to-last card."""
        self.challenge = challenge
        """How often it challenges a Wild Draw Four."""
        self.bluff = bluff
        """How often it plays a Wild Draw Four it holds while other cards would do."""

    def choose(self, table: Table) -> AnyCommand:
        """The command for its turn; only called when it is this seat's turn."""
        legal = table.legal_commands(self.seat)
        view = table.view(self.seat)
        if view.decision is Decision.CHALLENGE:
            wanted = Challenge if self.rng.random() < self.challenge else None
            return next((c for c in legal if wanted and isinstance(c, wanted)), legal[-1])
        held = Counter(card.color for card in view.hand if card.color is not None)
        favourite = max(held, key=lambda color: (held[color], color.value)) if held else None
        if view.decision is Decision.CHOOSE_COLOR:
            return next((c for c in legal if isinstance(c, ChooseColor) and c.color is favourite), legal[0])
        plays = [c for c in legal if isinstance(c, PlayCard)]
        if plays:
            say_uno = self.rng.random() >= self.forget
            plays = [c for c in plays if c.uno == say_uno] or plays
            coloured = [c for c in plays if c.card.color is not None]
            bluffs = [c for c in plays if c.card is Card.WILD_DRAW_FOUR and c.color is favourite]
            if bluffs and self.rng.random() < self.bluff:
                return bluffs[0]
            if coloured:
                return self.rng.choice(coloured)
            wilds = [c for c in plays if c.color is favourite] or plays
            return self.rng.choice(wilds)
        return next(c for c in legal if isinstance(c, (DrawCard, KeepCard)))

    def heckle(self, table: Table) -> AnyCommand | None:
        """Catch a seat that forgot UNO, or say a late UNO, out of turn."""
        for command in table.legal_commands(self.seat):
            if isinstance(command, CatchUno) and self.rng.random() < 0.6:
                return command
            if isinstance(command, CallUno) and self.rng.random() < 0.3:
                return command
        return None


OutOfTurn = Callable[[Table, int, random.Random], AnyCommand | None]
"""A move a seat may make out of turn (a house-rule jump-in), asked after its heckles."""


def play_match(table: Table, seed: int, max_commands: int = 20_000, out_of_turn: OutOfTurn | None = None) -> Table:
    """Play until the match is over (or `max_commands`): heckles and any `out_of_turn`
    moves of the seats in a shuffled order, else the turn, every seat a `HabitPlayer`."""
    players = [HabitPlayer(seat, seed * 100 + seat) for seat in range(table.state.players)]
    order = random.Random(seed)
    for _ in range(max_commands):
        if table.finished:
            break
        if table.state.phase is not Phase.PLAYING:
            table.submit(StartHand(seat=max(table.state.dealer, 0)))
            continue
        seats = list(range(len(players)))
        order.shuffle(seats)
        for seat in seats:
            command = players[seat].heckle(table)
            if command is None and out_of_turn is not None:
                command = out_of_turn(table, seat, order)
            if command is not None:
                table.submit(command)
                break
        else:
            table.submit(players[table.state.turn].choose(table))
    return table


def header(players: int, seed: int, target: int = 500):  # type: ignore[no-untyped-def]
    infos = [PlayerInfo(name=NAMES[seat], kind=PlayerKind.BOT, level="habits", seed=seed * 100 + seat)
             for seat in range(players)]
    return make_header(infos, RuleSet(target=target), seed=seed, created=CREATED)


def features(table: Table) -> set[str]:
    """Which of the features the 4-player sample must show occurred."""
    found: set[str] = set()
    for event in table.match.events:
        if isinstance(event, ChallengeResolved):
            found.add("challenge won" if event.succeeded else "challenge lost")
        elif isinstance(event, UnoCaught):
            found.add("uno caught")
        elif isinstance(event, DiscardsReshuffled):
            found.add("reshuffle")
    return found


FOUR_FEATURES = {"challenge won", "challenge lost", "uno caught", "reshuffle"}


def four_players() -> Table:
    seed = search()
    return play_match(Table.new(header(4, seed=seed)), seed=seed)


def samples() -> dict[str, Callable[[], Table]]:
    """Each sample's base name and how to play it."""
    return {
        "two-players-to-500": lambda: play_match(Table.new(header(2, seed=1)), seed=1),
        "four-players-to-500": four_players,
        "ten-players-one-hand": lambda: play_match(Table.new(header(10, seed=7, target=1)), seed=7),
    }


def write_samples(folder: Path, plays: dict[str, Callable[[], Table]] | None = None) -> list[Path]:
    """Play each sample (by default this file's `samples`) and save it in both encodings."""
    written: list[Path] = []
    for name, play in (plays if plays is not None else samples()).items():
        table = play()
        written.append(table.save_as(folder / f"{name}.uno"))
        written.append(table.save_as(folder / f"{name}.uno.json"))
    return written


def search(limit: int = 200) -> int:
    """The first seed whose 4-player match to 500 has at least 2,000 events, a successful
    and a failed challenge, an UNO catch and a reshuffle."""
    for seed in range(1, limit):
        table = play_match(Table.new(header(4, seed=seed)), seed=seed)
        if table.finished and len(table.match.events) >= 2000 and FOUR_FEATURES <= features(table):
            return seed
    raise SystemExit(f"no seed below {limit} gives a 4-player match with {sorted(FOUR_FEATURES)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", action="store_true", help="find a 4-player seed with every feature")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write (default: beside this script)")
    args = parser.parse_args()
    if args.search:
        print(search())
        return 0
    for path in write_samples(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
