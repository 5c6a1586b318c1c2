"""Seat positions at each table of a plan: every person in each position as evenly as
possible (1 is the start player, then in turn order; in *Trajan* the start player moves
first, so no one should keep it).

When every table has ``s`` seats the plan is exactly as even as it can be: each person's
tables, in round order, are cut into groups of ``s``; the graph joining each group to its
tables is bipartite with no vertex of degree above ``s``, so its edges take ``s``
colours with no two alike at a vertex (König's edge-colouring theorem; found by
swapping the two colours along an alternating path, Kempe's way).  A colour is a seat
position: each table gets every position once, each group no position twice, so each
person sits in each position ``floor(N / s)`` or ``ceil(N / s)`` times in ``N`` rounds.

With tables of mixed sizes each table's order is chosen, table by table and then again
until nothing improves, to make the sum of squares of everyone's position counts least;
then two people of one table (drawn from the seed) trade positions whenever that makes
the sum no larger, until every count is within its bound (``floor`` or ``ceil`` of the
tables with that position over the head count) or a fixed number of tries is spent.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from adjudicator.rng import Stream, shuffled

Round = list[list[int]]
PASSES = 20
TRADES = 40_000  # tries of the trading step at tables of mixed sizes


def seat_positions(rounds: Sequence[Round], n: int, seed: str) -> list[Round]:
    """Each table's people in seat order (position 1 first)."""
    sizes = {len(t) for r in rounds for t in r}
    # Who sits where within a table is drawn first, so that the colouring's ties fall by the seed.
    drawn = [[list(shuffled(seed, f"seat-order-{i}-{j}", t)) for j, t in enumerate(r)]
             for i, r in enumerate(rounds)]
    if len(sizes) == 1:
        return _coloured(drawn, n, sizes.pop())
    return _balanced(drawn, n, Stream(seed, "seat-trades"))


def _coloured(rounds: list[Round], n: int, s: int) -> list[Round]:
    """Positions by an ``s``-edge-colouring of the groups-to-tables graph."""
    colour_at: dict[tuple[str, int, int], dict[int, tuple[str, int, int]]] = {}
    seen = [0] * n
    edges = []
    for i, r in enumerate(rounds):
        for j, table in enumerate(r):
            for p in table:
                edges.append((("group", p, seen[p] // s), ("table", i, j)))
                seen[p] += 1
    for u, v in edges:
        cu, cv = colour_at.setdefault(u, {}), colour_at.setdefault(v, {})
        a = next(c for c in range(s) if c not in cu)
        b = next(c for c in range(s) if c not in cv)
        if a in cv:
            _flip(colour_at, v, a, b)
        cu[a], cv[a] = v, u
    out = []
    for i, r in enumerate(rounds):
        seats = []
        for j, table in enumerate(r):
            at = colour_at[("table", i, j)]
            seats.append([at[c][1] for c in range(len(table))])
        out.append(seats)
    return out


def _flip(colour_at: dict[tuple[str, int, int], dict[int, tuple[str, int, int]]],
          start: tuple[str, int, int], a: int, b: int) -> None:
    """Swap colours ``a`` and ``b`` along the path from ``start`` (which has ``a`` and not ``b``)."""
    path, node, colour = [], start, a
    while colour in colour_at[node]:
        nxt = colour_at[node][colour]
        path.append((node, nxt, colour))
        node, colour = nxt, b if colour == a else a
    for x, y, c in path:
        del colour_at[x][c]
        del colour_at[y][c]
    for x, y, c in path:
        other = b if c == a else a
        colour_at[x][other], colour_at[y][other] = y, x


def _balanced(rounds: list[Round], n: int, stream: Stream) -> list[Round]:
    """Positions at tables of mixed sizes: each table's best order given all the others'."""
    width = max(len(t) for r in rounds for t in r)
    count = [[0] * width for _ in range(n)]
    tables = [t for r in rounds for t in r]
    order: list[list[int] | None] = [None] * len(tables)
    for _ in range(PASSES):
        changed = False
        for k, t in enumerate(tables):
            if order[k] is not None:
                for pos, p in enumerate(order[k]):  # type: ignore[arg-type]
                    count[p][pos] -= 1
            best = min(itertools.permutations(t),
                       key=lambda o: sum(2 * count[p][pos] for pos, p in enumerate(o)))
            changed |= order[k] != list(best)
            order[k] = list(best)
            for pos, p in enumerate(best):
                count[p][pos] += 1
        if not changed:
            break
    seated = [o or t for o, t in zip(order, tables, strict=True)]
    _trade(seated, count, n, stream)
    out, k = [], 0
    for r in rounds:
        out.append(seated[k:k + len(r)])
        k += len(r)
    return out


def _trade(tables: list[list[int]], count: list[list[int]], n: int, stream: Stream) -> None:
    """Trade positions at a table while no sum of squares grows, until all are in bounds."""
    width = len(count[0])
    high = [-(-sum(len(t) > k for t in tables) // n) for k in range(width)]
    low = [sum(len(t) > k for t in tables) // n for k in range(width)]

    def outside() -> int:
        return sum(max(0, c[k] - high[k]) + max(0, low[k] - c[k]) for c in count for k in range(width))

    for k in range(TRADES):
        if k % 64 == 0 and outside() == 0:
            return
        t = tables[stream.below(len(tables))]
        i, j = stream.below(len(t)), stream.below(len(t))
        a, b = t[i], t[j]
        if i == j:
            continue
        delta = 2 * (count[a][j] - count[a][i] + count[b][i] - count[b][j]) + 4
        if delta <= 0:
            count[a][i] -= 1
            count[b][j] -= 1
            count[a][j] += 1
            count[b][i] += 1
            t[i], t[j] = b, a
