"""Meeting the people's demands (seed 000, "End of a Quarter Year", 1; rulings.md).

Each revealed demand is met by one matching forum demand tile, a demand wild card or
one of the player's Trajan demand tiles (each Trajan tile once a quarter; it stays).
A player must meet every demand they can.  Two ways of meeting them differ only when
they spend different tiles; where the player has more than one such way they choose,
otherwise the one way is applied.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Literal, NamedTuple, get_args

from adjudicator.components import MeetDemand, components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import DemandMet
from adjudicator.model.state import GameState, Player
from adjudicator.model.vocab import DEMANDS, Demand, ForumTileKind, PlayerColour
from adjudicator.rules.ops import Changes, gain, player, remove_items, update_player, update_removed

Use = Literal["forum", "wild", "trajan", "unmet"]
USES: tuple[Use, ...] = get_args(Use)
WILD: ForumTileKind = "wild-demand"
Way = tuple[Use, ...]
# What a way spends: the forum demand tiles (sorted) and the number of wild cards.
Spent = tuple[tuple[Demand, ...], int]


def trajan_demands(p: Player) -> Counter[Demand]:
    """How many of the player's Trajan demand tiles show each demand."""
    out: Counter[Demand] = Counter()
    for tile in p.trajan_demand_tiles:
        demand = _tile_demand(tile)
        if demand is not None:
            out[demand] += 1
    return out


@functools.cache
def _tile_demand(tile: str) -> Demand | None:
    effect = components().trajan_tile[tile].effect
    return effect.demand if isinstance(effect, MeetDemand) else None


# What a player holds for the demands: forum tiles of each demand, wild cards, Trajan
# tiles of each demand (each count capped at the number of demands: no way uses more).
Means = tuple[tuple[int, ...], int, tuple[int, ...]]


def _means(demands: tuple[Demand, ...], p: Player) -> Means:
    n = len(demands)
    forum = p.forum_tiles
    trajan = [_tile_demand(t) for t in p.trajan_demand_tiles]
    return (tuple(min(n, forum.count(d)) for d in DEMANDS), min(n, forum.count(WILD)),
            tuple(min(n, trajan.count(d)) for d in DEMANDS))


def shortfall(demands: tuple[Demand, ...], way: Way, p: Player) -> list[int]:
    """Indexes of the demands whose means in ``way`` the player does not have."""
    return _shortfall(demands, way, _means(demands, p))


def _shortfall(demands: tuple[Demand, ...], way: Way, means: Means) -> list[int]:
    forum, wild, trajan = list(means[0]), means[1], list(means[2])
    short = []
    for i, (demand, use) in enumerate(zip(demands, way, strict=True)):
        if use == "forum":
            k = _INDEX[demand]
            ok = forum[k] > 0
            forum[k] -= 1
        elif use == "wild":
            ok = wild > 0
            wild -= 1
        elif use == "trajan":
            k = _INDEX[demand]
            ok = trajan[k] > 0
            trajan[k] -= 1
        else:
            ok = True
        if not ok:
            short.append(i)
    return short


_INDEX: dict[str, int] = {d: i for i, d in enumerate(DEMANDS)}


def met(way: Way) -> int:
    """How many demands ``way`` meets."""
    return sum(1 for use in way if use != "unmet")


def spent(demands: tuple[Demand, ...], way: Way) -> Spent:
    """What ``way`` spends of the player's tiles: the forum demand tiles (sorted) and the number of
    wild cards."""
    forum = tuple(sorted(d for d, use in zip(demands, way, strict=True) if use == "forum"))
    return forum, sum(1 for use in way if use == "wild")


class Search(NamedTuple):
    """What the search over the ways of meeting the demands found."""

    most: int  # the most demands the player can meet
    best: tuple[tuple[Spent, Way], ...]  # the ways meeting that many, one per set of spent tiles
    legal: tuple[Way, ...]  # every way meeting that many, in the order of product(USES, repeat=n)


def search(demands: tuple[Demand, ...], p: Player) -> Search:
    """The search over every way ``p`` can meet ``demands`` (cached on what the player holds)."""
    return _search(demands, _means(demands, p))


@functools.lru_cache(maxsize=4096)
def _search(demands: tuple[Demand, ...], means: Means) -> Search:
    # The search depends only on the demands and the capped means: it is made once for
    # each (a quarter end asks about every player several times).
    ways = _feasible_ways(demands, means)
    most = max(met(w) for w in ways)
    legal = tuple(w for w in ways if met(w) == most)
    best: dict[Spent, Way] = {}
    for w in legal:
        best.setdefault(spent(demands, w), w)
    return Search(most, tuple(best.items()), legal)


def _feasible_ways(demands: tuple[Demand, ...], means: Means) -> list[Way]:
    """The ways without a shortfall, in the order of ``product(USES, repeat=n)``: a depth-first
    walk that leaves a use out where the means for it are spent (no way through it can do)."""
    forum, trajan = list(means[0]), list(means[2])
    wild = [means[1]]
    way: list[Use] = []
    out: list[Way] = []

    def walk(i: int) -> None:
        if i == len(demands):
            out.append(tuple(way))
            return
        k = _INDEX[demands[i]]
        pools = {"forum": (forum, k), "wild": (wild, 0), "trajan": (trajan, k)}
        for use in USES:
            pool, j = pools.get(use, ([1], 0))  # "unmet" needs nothing
            if pool[j] == 0:
                continue
            pool[j] -= 1
            way.append(use)
            walk(i + 1)
            way.pop()
            pool[j] += 1

    walk(0)
    return out


def best_ways(demands: tuple[Demand, ...], p: Player) -> dict[Spent, Way]:
    """The ways meeting as many demands as possible, one per set of spent tiles."""
    return dict(search(demands, p).best)


def legal_ways(demands: tuple[Demand, ...], p: Player) -> tuple[Way, ...]:
    """Every way :func:`check` accepts, in the order of ``product(USES, repeat=n)``."""
    return search(demands, p).legal


def has_choice(state: GameState, colour: PlayerColour) -> bool:
    """Whether ``colour`` has more than one best way to meet the demands (and so must be asked)."""
    return only_way(state, colour) is None


def only_way(state: GameState, colour: PlayerColour) -> Way | None:
    """The one best way of meeting the demands; None when the player has a choice."""
    best = search(state.board.demands, player(state, colour)).best
    return best[0][1] if len(best) == 1 else None


def the_way(state: GameState, colour: PlayerColour) -> Way:
    """The first of the best ways (the only one, when the player has no choice)."""
    return search(state.board.demands, player(state, colour)).best[0][1]


def check(state: GameState, colour: PlayerColour, way: Way, path: str) -> list[Problem]:
    """The problems of ``way`` (one use for each revealed demand, in order): a tile the
    player does not have, or fewer demands met than they can meet."""
    demands, p = state.board.demands, player(state, colour)
    if len(way) != len(demands):
        return [problem("demands.wrong_count", path,
                        f"The people voiced {len(demands)} demands ({', '.join(demands)}); "
                        f"give one use for each, in that order, not {len(way)}.")]
    problems = [_missing(demands[i], way[i], f"{path}[{i}]") for i in shortfall(demands, way, p)]
    if problems:
        return problems
    most = search(demands, p).most
    if met(way) < most:
        return [problem("demands.not_all_met", path,
                        f"You can meet {most} of the demands but these orders meet {met(way)}; "
                        "a demand you can meet must be met.")]
    return []


def _missing(demand: Demand, use: Use, path: str) -> Problem:
    what = {"forum": f"forum {demand} tile", "wild": "demand wild card",
            "trajan": f"Trajan {demand} tile"}[use]
    return problem("demands.tile_missing", path,
                   f"You have no {what} left for this {demand} demand (each tile meets one "
                   "demand; a Trajan tile once a quarter).")


def meet(ch: Changes, colour: PlayerColour, way: Way) -> None:
    """Spend the tiles of ``way`` and lose VP for the demands left unmet."""
    demands = ch.state.board.demands
    used: list[ForumTileKind] = []
    for demand, use in zip(demands, way, strict=True):
        if use == "forum":
            used.append(demand)
        elif use == "wild":
            used.append(WILD)
        ch.events.append(DemandMet(player=colour, demand=demand, means=use))
    # Used forum tiles and wild cards leave the game (seed 000, End of a Quarter Year, 3).
    p = player(ch.state, colour)
    ch.state = update_player(ch.state, colour, forum_tiles=remove_items(p.forum_tiles, used))
    ch.state = update_removed(ch.state, forum=ch.state.removed.forum + tuple(used))
    unmet = [d for d, use in zip(demands, way, strict=True) if use == "unmet"]
    if unmet:
        penalty = components().board.demand_penalties[len(unmet)]
        noun = "demand" if len(unmet) == 1 else "demands"
        gain(ch, colour, -penalty, f"people's demands: {len(unmet)} unmet {noun} ({', '.join(unmet)})")
