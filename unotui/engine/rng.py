"""The engine's own seeded generator (SplitMix64), whose whole state is one int.

Python's `random` does not promise the same `shuffle` across versions, and the engine
must give the same events on any machine, so it carries its own generator and keeps
the generator's state in the game state (Rule: determinism, see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import blake2b
from typing import TypeVar

__all__ = ["MASK64", "Rng", "next_u64", "randbelow", "shuffled"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """One step: the new state and a 64-bit output.

    >>> next_u64(0)
    (11400714819323198485, 16294208416658607535)
    """
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A number in `range(n)` and the new state (multiply-shift; bias below n / 2**64)."""
    state, z = next_u64(state)
    return (z * n) >> 64, state


def shuffled(items: Sequence[T], state: int) -> tuple[list[T], int]:
    """A uniform shuffle of a copy of `items`, and the generator's new state.

    One generator step keys BLAKE2b for 1024 random bits, read as the digits of a
    mixed-radix number that drive a Fisher-Yates shuffle: for a deck of up to 112
    cards every order comes out with a bias below 2**-400, and the standard library's hashlib
    gives the same bits on every machine.

    >>> shuffled([1, 2, 3, 4, 5], 42)
    ([2, 1, 5, 4, 3], 11400714819323198527)
    """
    state, seed = next_u64(state)
    key = seed.to_bytes(8, "little")
    bits = int.from_bytes(
        blake2b(key, digest_size=64).digest() + blake2b(key, digest_size=64, person=b"unotui-2").digest(),
        "little",
    )
    out = list(items)
    # Fisher-Yates reads the digits of `bits` with radices len, len - 1, ..., 2. Dividing
    # the 1024-bit number once per group of radices (their product below 2**30) and
    # taking each group's digits from the small remainder gives the very same digits,
    # at about half the cost of a big-number division per card.
    i = len(out) - 1
    for product, radices in _radix_groups(len(out)):
        bits, rest = divmod(bits, product)
        for radix in radices:
            j = rest % radix
            rest //= radix
            out[i], out[j] = out[j], out[i]
            i -= 1
    return out, state


_RADIX_GROUPS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _radix_groups(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The radices `size, size - 1, ..., 2` in consecutive groups with their products (cached).

    >>> _radix_groups(5)
    ((120, (5, 4, 3, 2)),)
    """
    found = _RADIX_GROUPS.get(size)
    if found is None:
        groups: list[tuple[int, tuple[int, ...]]] = []
        radices: list[int] = []
        product = 1
        for radix in range(size, 1, -1):
            if product * radix >= 1 << 30:
                groups.append((product, tuple(radices)))
                radices, product = [], 1
            radices.append(radix)
            product *= radix
        if radices:
            groups.append((product, tuple(radices)))
        found = _RADIX_GROUPS[size] = tuple(groups)
    return found


class Rng:
    """A mutable convenience wrapper for players (bots) that own a generator.

    >>> rng = Rng(7)
    >>> rng.randbelow(10) < 10
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def randbelow(self, n: int) -> int:
        """A number in `range(n)` (next_u64 inlined: bots call this in their inner loops)."""
        state = self.state = (self.state + _GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        self.state, z = next_u64(self.state)
        return (z >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out, self.state = shuffled(items, self.state)
        return out

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        self.state, z = next_u64(self.state)
        return Rng(z)
