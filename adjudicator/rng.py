"""The project's own seeded pseudo-random generator, used only at setup.

A stream is SHA-256 in counter mode: block ``i`` of the stream named ``label`` is
``sha256(seed || 0x00 || label || 0x00 || i as 8 big-endian bytes)``; each block gives
four 64-bit unsigned integers (big-endian).  ``below(n)`` takes the next integer ``x``
and rejects it while ``x >= 2**64 - (2**64 % n)``, then returns ``x % n`` (no bias).
A shuffle is Fisher-Yates from the last position down: for ``i = len-1 .. 1`` swap
item ``i`` with item ``below(i + 1)``.  The result does not depend on the Python
version or platform; the manual (Randomness) repeats this so others can re-derive a setup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from adjudicator.digest import sha256

_T = TypeVar("_T")
_SPACE = 1 << 64


class Stream:
    """One named stream of random integers derived from the seed."""

    def __init__(self, seed: str, label: str) -> None:
        self._prefix = seed.encode() + b"\x00" + label.encode() + b"\x00"
        self._counter = 0
        self._buffer: list[int] = []

    def _next64(self) -> int:
        if not self._buffer:
            block = sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer = [int.from_bytes(block[i : i + 8], "big") for i in (24, 16, 8, 0)]
        return self._buffer.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPACE - (_SPACE % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n


def shuffled(seed: str, label: str, items: Sequence[_T]) -> tuple[_T, ...]:
    """``items`` in a random order drawn from the stream ``label`` of ``seed``."""
    out = list(items)
    stream = Stream(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def choice(seed: str, label: str, items: Sequence[_T]) -> _T:
    """One of ``items``, drawn as one ``below(len(items))`` of the stream ``label`` of
    ``seed``; raises :class:`ValueError` if ``items`` is empty."""
    return items[Stream(seed, label).below(len(items))]


__all__ = ["Stream", "shuffled", "choice"]
