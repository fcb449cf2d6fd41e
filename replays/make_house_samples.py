"""Regenerate the house-rules sample matches in `replays/`, byte for byte.

    python replays/make_house_samples.py          # rewrite the house-rules samples

The seats are the seeded `HabitPlayer`s of `make_samples.py` (choices only from
`legal_commands`), and out of turn they jump in now and then when the rules allow it:

- `party-four-players`: the `party` preset (stacking, seven-o, jump-in), 4 players to 200.
- `house-2018-every-option`: the 2018 deck and every other house rule (draw to match, force
  play, multi-play, play after penalty, no bluffing, no action finish, UNO penalty 4, the
  swap-hands Wild Customizable), 3 players to 200.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
from make_samples import CREATED, NAMES, play_match, write_samples as write_tables

from unotui.engine import (
    CardPlayed,
    DeckEdition,
    DrawsStacked,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    Match,
    PlayCard,
    RuleSet,
    preset,
)
from unotui.record import PlayerInfo, PlayerKind, Table, make_header

HERE = Path(__file__).resolve().parent

EVERY_OPTION = RuleSet(
    target=200, deck=DeckEdition.EDITION_2018, stacking=True, seven_o=True, jump_in=True,
    draw_to_match=True, force_play=True, multi_play=True, play_after_penalty=True, no_bluff=True,
    no_action_finish=True, uno_penalty=4,
)
"""Every house rule at once: the 2018 deck's wilds meet stacks, swaps and multi-plays."""


def jump_in(table: Table, seat: int, rng: random.Random) -> PlayCard | None:
    """A jump-in `seat` may make now, taken half of the time (R-HOUSE-3)."""
    if seat == table.state.turn:
        return None
    plays = [c for c in table.legal_commands(seat) if isinstance(c, PlayCard)]
    return rng.choice(plays) if plays and rng.random() < 0.5 else None


def header(players: int, seed: int, rules: RuleSet):  # type: ignore[no-untyped-def]
    infos = [PlayerInfo(name=NAMES[seat], kind=PlayerKind.BOT, level="habits", seed=seed * 100 + seat)
             for seat in range(players)]
    return make_header(infos, rules, seed=seed, created=CREATED)


def features(match: Match) -> set[str]:
    """Which house-rule events occurred: what the samples are there to show."""
    found: set[str] = set()
    for event in match.events:
        match event:
            case DrawsStacked(total=total) if total > 4:
                found.add("stack")
            case HandsSwapped():
                found.add("swap")
            case HandsRotated():
                found.add("rotate")
            case JumpedIn():
                found.add("jump-in")
            case HandsShuffled():
                found.add("shuffle hands")
            case CardPlayed(card=card) if card.value == "wc":
                found.add("customizable")
    for command in match.commands:
        if isinstance(command, PlayCard) and command.also:
            found.add("multi-play")
    return found


PARTY_SEED = 2
EVERY_OPTION_SEED = 2


def samples() -> dict[str, Callable[[], Table]]:
    """Each sample's base name and how to play it."""
    party = msgspec.structs.replace(preset("party"), target=200)
    return {
        "party-four-players": lambda: play_match(
            Table.new(header(4, PARTY_SEED, party)), PARTY_SEED, out_of_turn=jump_in),
        "house-2018-every-option": lambda: play_match(
            Table.new(header(3, EVERY_OPTION_SEED, EVERY_OPTION)), EVERY_OPTION_SEED, out_of_turn=jump_in),
    }


def write_samples(folder: Path) -> list[Path]:
    return write_tables(folder, samples())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="where to write (default: beside this script)")
    args = parser.parse_args()
    for path in write_samples(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
