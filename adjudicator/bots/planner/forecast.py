"""The coming quarter end as a player can foresee it: the demands still to be revealed
this quarter, and what meeting all of them will cost a player.

The demand tiles not yet seen (the box less the demands revealed this quarter and in
earlier ones) are face down or were removed unseen at setup; the tiles still to be
revealed this quarter are drawn from them uniformly.  :func:`demand_outcomes` lists
every set of this quarter's three demands with its probability (exactly, by
enumeration); :func:`shortfall` is how many of them a player's tiles cannot meet.
Pure and cached: it depends only on public counts and a player's holdings.
"""

from __future__ import annotations

import functools
from collections import Counter

from adjudicator.components import components
from adjudicator.model.vocab import DEMANDS, Demand

# The number of each demand (bread, games, religion) in a set of demands.
Counts = tuple[int, int, int]


Outcomes = tuple[tuple[Counts, float], ...]


@functools.lru_cache(maxsize=256)
def demand_outcomes(revealed: tuple[Demand, ...], seen_before: tuple[Demand, ...]) -> Outcomes:
    """Every possible set of this quarter's demands with its probability, given the demands
    ``revealed`` this quarter and those revealed in earlier quarters (``seen_before``)."""
    box: Counter[Demand] = Counter({t.kind: t.count for t in components().demand.tiles})
    pool = box - Counter(revealed) - Counter(seen_before)
    left = components().board.rounds_per_quarter - 1 - len(revealed)
    out: dict[Counts, float] = {}

    def walk(drawn: list[Demand], prob: float, pool: Counter[Demand]) -> None:
        if len(drawn) == left:
            c = Counter([*revealed, *drawn])
            key = (c["bread"], c["games"], c["religion"])
            out[key] = out.get(key, 0.0) + prob
            return
        total = sum(pool.values())
        if total == 0:  # no tile left to reveal (never with the printed box)
            walk(drawn + [DEMANDS[0]] * (left - len(drawn)), prob, pool)
            return
        for d in DEMANDS:
            if pool[d]:
                walk(drawn + [d], prob * pool[d] / total, pool - Counter([d]))

    walk([], 1.0, pool)
    return tuple(sorted(out.items()))


def shortfall(demands: Counts, forum: Counts, trajan: Counts, wild: int) -> int:
    """How many of ``demands`` the tiles cannot meet: each Trajan tile and each forum tile
    meets one demand of its kind, each wild card one of any kind."""
    missing = sum(max(0, d - f - t) for d, f, t in zip(demands, forum, trajan, strict=True))
    return max(0, missing - wild)


def penalty(unmet: int) -> int:
    """The VP lost for ``unmet`` demands (seed 000: -4, -9, -15)."""
    table = components().board.demand_penalties
    return table[min(unmet, len(table) - 1)]


def expected_use(demands: tuple[tuple[Counts, float], ...]) -> tuple[float, float, float]:
    """The expected number of each demand this quarter."""
    return tuple(sum(p * c[i] for c, p in demands) for i in range(3))  # type: ignore[return-value]
