"""Seating plans (``trajan seat``, issue 30): who sits at which table in each round.

Who sits together: when every table has ``q`` seats (``q`` 2, 3 or 4), the head count is
``q**k`` and the plan has at most ``(q**k - 1) / (q - 1)`` rounds, the rounds are
parallel classes of the affine space AG(k, q): the people are its points, a table one of
its lines (``q`` points), a round one direction's ``q**(k-1)`` parallel lines.  Two
points lie on exactly one line, so no pair meets twice (64 people, tables of 4: AG(3, 4)
has 21 directions, enough for 21 rounds).  Otherwise each round is found by local
search: tables filled from a shuffled order, then people swapped between tables while a
swap lowers the cost (each pair's earlier meetings, so that pairs meet as rarely as
possible), with a few kicks, then each round searched again against all the others; the
best of a few such plans is kept (up to 16 for small plans); with
ratings, rounds after the first also keep each table's ratings close (the spread of its
players' places by rating, weighed below any repeated meeting: Swiss-like).

Table sizes follow the head count: as few tables as the sizes allowed give (the largest
tables), so with 3 and 4 a round mixes them only where the head count needs it.

Seat positions (1 is the start player, then in turn order) come from
:mod:`adjudicator.league.positions`.  Everything is drawn from the seed through the
project's generator (:mod:`adjudicator.rng`): the same people, rounds, sizes, seed and
ratings give the same plan on every machine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.errors import Malformed, problem
from adjudicator.rng import Stream, shuffled

Round = list[list[int]]  # tables of person numbers (in seat order once positions are set)

PRIME_POWERS = (2, 3, 4)
KICKS = 24  # perturbations of a round's best partition tried by the local search
POLISH = 3  # passes that search each round again against all the other rounds
RESTARTS, RESTART_BUDGET = 16, 800  # whole plans tried: at most 16, fewer as people x rounds grow
PAIR_WEIGHT = 1000  # a repeated meeting costs more than any rating distance


@dataclass(frozen=True)
class Plan:
    """The people and each round's tables (person numbers, seat position 1 first)."""

    people: tuple[str, ...]
    rounds: tuple[tuple[tuple[int, ...], ...], ...]
    design: str  # how the tables were found: "affine AG(k,q)" or "local search"


def table_sizes(n: int, allowed: Sequence[int]) -> list[int]:
    """The table sizes of one round of ``n`` people: the fewest tables, largest first;
    raises :class:`Malformed` when the sizes cannot seat exactly ``n``."""
    sizes = sorted(set(allowed), reverse=True)
    if n < min(sizes):
        raise Malformed([problem("seat.too_few", "PEOPLE", f"{n} people cannot fill a table (the smallest "
                                 f"allowed has {min(sizes)} seats).")])
    best: list[list[int] | None] = [[]] + [None] * n
    for m in range(1, n + 1):
        options = [best[m - s] + [s] for s in sizes if s <= m and best[m - s] is not None]  # type: ignore[operator]
        best[m] = min(options, key=lambda o: (len(o), sorted(o))) if options else None
    found = best[n]
    if found is None:
        raise Malformed([problem("seat.no_tables", "--tables", f"{n} people cannot be seated at tables of "
                                 f"{' and '.join(map(str, sizes))} with every seat taken.")])
    return sorted(found, reverse=True)


def plan(people: Sequence[str], rounds: int, allowed: Sequence[int], seed: str,
         ratings: Mapping[str, float] | None = None) -> Plan:
    """The seating plan (see the module's description)."""
    from adjudicator.league.positions import seat_positions

    n = len(people)
    sizes = table_sizes(n, allowed)
    order = shuffled(seed, "seat-people", range(n))
    found = None if ratings else affine_rounds(n, sizes, rounds, seed)
    design = "local search"
    if found is not None:
        tables, design = [[[order[p] for p in t] for t in r] for r in found], _affine_name(n, sizes[0])
    else:
        rank = _rating_ranks(people, ratings) if ratings else None
        tables = searched_rounds(n, sizes, rounds, seed, rank)
    seated = seat_positions(tables, n, seed)
    return Plan(tuple(people), tuple(tuple(tuple(t) for t in r) for r in seated), design)


def _affine_name(n: int, q: int) -> str:
    k = round(_log(n, q))
    return f"affine AG({k},{q})"


def _log(n: int, q: int) -> float:
    k, m = 0, 1
    while m < n:
        m, k = m * q, k + 1
    return k if m == n else -1


# --- the affine design ----------------------------------------------------------------------

def _gf_mul(q: int, a: int, b: int) -> int:
    if q != 4:
        return a * b % q
    r = (a if b & 1 else 0) ^ ((a << 1) if b & 2 else 0)  # GF(4) = GF(2)[x] / (x^2 + x + 1)
    return r ^ 0b111 if r & 4 else r


def _gf_add(q: int, a: int, b: int) -> int:
    return a ^ b if q == 4 else (a + b) % q


def affine_rounds(n: int, sizes: Sequence[int], rounds: int, seed: str) -> list[Round] | None:
    """``rounds`` parallel classes of AG(k, q) (points 0 .. n-1), if the plan allows one."""
    q = sizes[0]
    k = int(_log(n, q))
    if q not in PRIME_POWERS or any(s != q for s in sizes) or k < 1 or rounds > (n - 1) // (q - 1):
        return None
    points = [tuple((p // q ** i) % q for i in range(k)) for p in range(n)]
    number = {v: p for p, v in enumerate(points)}
    directions = [v for v in points if any(v) and v[next(i for i, x in enumerate(v) if x)] == 1]
    out = []
    for d in shuffled(seed, "seat-directions", directions)[:rounds]:
        lines: dict[int, list[int]] = {}
        for v in points:
            line = sorted(number[tuple(_gf_add(q, v[i], _gf_mul(q, t, d[i])) for i in range(k))]
                          for t in range(q))
            lines.setdefault(line[0], line)
        out.append(list(lines.values()))
    return out


# --- the local search -----------------------------------------------------------------------

def _rating_ranks(people: Sequence[str], ratings: Mapping[str, float]) -> list[int]:
    """Each person's place by rating (0 best; people without one rank as new players, 0.0)."""
    order = sorted(range(len(people)), key=lambda p: (-ratings.get(people[p], 0.0), p))
    rank = [0] * len(people)
    for place, p in enumerate(order):
        rank[p] = place
    return rank


def searched_rounds(n: int, sizes: Sequence[int], rounds: int, seed: str,
                    rank: Sequence[int] | None) -> list[Round]:
    """The best of a few whole plans found by :func:`_searched_plan` (more for small plans):
    by the most times a pair meets, then the meetings that repeat one, then rating spread."""
    tries = max(1, min(RESTARTS, RESTART_BUDGET // (n * rounds)))
    plans = [_searched_plan(n, sizes, rounds, f"{seed}\x00{k}" if k else seed, rank) for k in range(tries)]
    return min(plans, key=lambda p: _plan_cost(p, n, rank))


def _plan_cost(plan: list[Round], n: int, rank: Sequence[int] | None) -> tuple[int, int, int]:
    meet = [[0] * n for _ in range(n)]
    for r in plan:
        _count(meet, r, 1)
    values = [meet[a][b] for a in range(n) for b in range(a + 1, n)]
    spread = sum(_spread(t, rank) for r in plan[1:] for t in r) if rank is not None else 0
    return max(values, default=0), sum(max(0, m - 1) for m in values), spread


def _searched_plan(n: int, sizes: Sequence[int], rounds: int, seed: str,
                   rank: Sequence[int] | None) -> list[Round]:
    """Each round by local search, given the meetings of the rounds before it; then each
    round searched again, from where it is, against the meetings of all the others."""
    meet = [[0] * n for _ in range(n)]
    out: list[Round] = []
    targets = [rank if r > 0 else None for r in range(rounds)]
    for r in range(rounds):
        out.append(_search(n, sizes, meet, Stream(seed, f"seat-round-{r}"), targets[r]))
        _count(meet, out[r], 1)
    for k in range(POLISH if rounds > 1 else 0):
        before = [[t[:] for t in r] for r in out]
        for r in range(rounds):
            _count(meet, out[r], -1)
            out[r] = _search(n, sizes, meet, Stream(seed, f"seat-polish-{k}-{r}"), targets[r], out[r])
            _count(meet, out[r], 1)
        if out == before:
            break
    return out


def _count(meet: list[list[int]], tables: Round, by: int) -> None:
    for t in tables:
        for a in t:
            for b in t:
                if a != b:
                    meet[a][b] += by


def _spread(members: Sequence[int], rank: Sequence[int]) -> int:
    ranks = [rank[p] for p in members]
    return max(ranks) - min(ranks)


def _cost(tables: Round, meet: list[list[int]], rank: Sequence[int] | None) -> int:
    total = 0
    for members in tables:
        for i, a in enumerate(members):
            total += PAIR_WEIGHT * sum(meet[a][b] for b in members[i + 1:])
        if rank is not None:
            total += _spread(members, rank)
    return total


def _swap_delta(tables: Round, ta: int, ia: int, tb: int, ib: int, meet: list[list[int]],
                rank: Sequence[int] | None) -> int:
    a, b = tables[ta][ia], tables[tb][ib]
    delta = PAIR_WEIGHT * (sum(meet[b][x] - meet[a][x] for x in tables[ta] if x != a)
                           + sum(meet[a][y] - meet[b][y] for y in tables[tb] if y != b))
    if rank is not None:
        before = _spread(tables[ta], rank) + _spread(tables[tb], rank)
        tables[ta][ia], tables[tb][ib] = b, a
        after = _spread(tables[ta], rank) + _spread(tables[tb], rank)
        tables[ta][ia], tables[tb][ib] = a, b
        delta += after - before
    return delta


def _descend(tables: Round, meet: list[list[int]], target: Sequence[int] | None) -> None:
    """Swap people between tables while a swap lowers the cost (first improvement)."""
    improved = True
    while improved:
        improved = False
        for ta in range(len(tables)):
            for tb in range(ta + 1, len(tables)):
                for ia in range(len(tables[ta])):
                    for ib in range(len(tables[tb])):
                        if _swap_delta(tables, ta, ia, tb, ib, meet, target) < 0:
                            tables[ta][ia], tables[tb][ib] = tables[tb][ib], tables[ta][ia]
                            improved = True


def _search(n: int, sizes: Sequence[int], meet: list[list[int]], stream: Stream,
            target: Sequence[int] | None, start: Round | None = None) -> Round:
    """One round's tables (from ``start``, else a shuffled or rating order)."""
    people = list(range(n))
    if target is None:
        for i in range(n - 1, 0, -1):
            j = stream.below(i + 1)
            people[i], people[j] = people[j], people[i]
    else:
        people.sort(key=lambda p: target[p])  # tables filled in rating order
    tables, at = [], 0
    for s in sizes:
        tables.append(people[at:at + s])
        at += s
    if start is not None:
        tables = [t[:] for t in start]
    _descend(tables, meet, target)
    best, best_cost = [t[:] for t in tables], _cost(tables, meet, target)
    for _ in range(KICKS if len(tables) > 1 else 0):
        if best_cost == 0:
            break
        tables = [t[:] for t in best]
        for _ in range(max(2, n // 8)):
            ta, tb = stream.below(len(tables)), stream.below(len(tables))
            if ta != tb:
                ia, ib = stream.below(len(tables[ta])), stream.below(len(tables[tb]))
                tables[ta][ia], tables[tb][ib] = tables[tb][ib], tables[ta][ia]
        _descend(tables, meet, target)
        cost = _cost(tables, meet, target)
        if cost < best_cost:
            best, best_cost = tables, cost
    return [sorted(t) for t in best]
