"""A small seeded random number generator that lives inside a game state.

It is a plain value: copy it with ``copy()``, compare it with ``==``; its whole
state is one integer, so a game's randomness is reproduced exactly from its
seed on every machine and Python version (splitmix64).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_LIMITS: dict[int, int] = {}  # n -> the rejection limit for randrange(n)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = int(seed) & _MASK

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state})"

    def __deepcopy__(self, memo: dict) -> Rng:
        return self.copy()

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in 0..n-1 (n >= 1), without modulo bias.

        The same numbers as ``next_u64() % n`` with rejection, written out
        inline because games call it in their hottest loops.
        """
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("randrange needs n >= 1")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return x % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """A new, independent generator drawn from this one."""
        return Rng(self.next_u64())


def rng_states(value: object, depth: int = 0) -> list[int]:
    """The state of every ``Rng`` held in ``value`` (a game state: dataclasses, named tuples,
    ``__slots__`` objects, tuples, lists and dicts), in a stable order. Two states drew the same
    random numbers exactly when these lists are equal."""
    if isinstance(value, Rng):
        return [value.state]
    if depth > 6 or value is None or isinstance(value, (bool, int, float, str)):
        return []
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, (tuple, list)):
        items = list(value)
    else:
        names = getattr(value, "__dataclass_fields__", None) or getattr(value, "__slots__", None)
        if names is None:
            names = getattr(value, "__dict__", {})
        items = [getattr(value, n, None) for n in names]
    out: list[int] = []
    for item in items:
        if item is None or isinstance(item, (bool, int, float, str)):
            continue
        out += rng_states(item, depth + 1)
    return out
