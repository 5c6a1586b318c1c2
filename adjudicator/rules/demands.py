"""Meeting the people's demands (seed 000, "End of a Quarter Year", 1; rulings.md).

Each revealed demand is met by one matching forum demand tile, a demand wild card or
one of the player's Trajan demand tiles (each Trajan tile once a quarter; it stays).
A player must meet every demand they can.  Two ways of meeting them differ only when
they spend different tiles; where the player has more than one such way they choose,
otherwise the one way is applied.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Literal, get_args

from adjudicator.components import MeetDemand, components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import DemandMet
from adjudicator.model.state import GameState, Player
from adjudicator.model.vocab import Demand, ForumTileKind, PlayerColour
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
        effect = components().trajan_tile[tile].effect
        if isinstance(effect, MeetDemand):
            out[effect.demand] += 1
    return out


def shortfall(demands: tuple[Demand, ...], way: Way, p: Player) -> list[int]:
    """Indexes of the demands whose means in ``way`` the player does not have."""
    have: Counter[str] = Counter(p.forum_tiles)
    trajan = trajan_demands(p)
    short = []
    for i, (demand, use) in enumerate(zip(demands, way, strict=True)):
        if use == "forum":
            ok = have[demand] > 0
            have[demand] -= 1
        elif use == "wild":
            ok = have[WILD] > 0
            have[WILD] -= 1
        elif use == "trajan":
            ok = trajan[demand] > 0
            trajan[demand] -= 1
        else:
            ok = True
        if not ok:
            short.append(i)
    return short


def met(way: Way) -> int:
    return sum(1 for use in way if use != "unmet")


def spent(demands: tuple[Demand, ...], way: Way) -> Spent:
    forum = tuple(sorted(d for d, use in zip(demands, way, strict=True) if use == "forum"))
    return forum, sum(1 for use in way if use == "wild")


def best_ways(demands: tuple[Demand, ...], p: Player) -> dict[Spent, Way]:
    """The ways meeting as many demands as possible, one per set of spent tiles."""
    ways = [w for w in product(USES, repeat=len(demands)) if not shortfall(demands, w, p)]
    most = max(met(w) for w in ways)
    out: dict[Spent, Way] = {}
    for w in ways:
        if met(w) == most:
            out.setdefault(spent(demands, w), w)
    return out


def has_choice(state: GameState, colour: PlayerColour) -> bool:
    return len(best_ways(state.board.demands, player(state, colour))) > 1


def the_way(state: GameState, colour: PlayerColour) -> Way:
    """The first of the best ways (the only one, when the player has no choice)."""
    return next(iter(best_ways(state.board.demands, player(state, colour)).values()))


def check(state: GameState, colour: PlayerColour, way: Way, path: str) -> list[Problem]:
    demands, p = state.board.demands, player(state, colour)
    if len(way) != len(demands):
        return [problem("demands.wrong_count", path,
                        f"The people voiced {len(demands)} demands ({', '.join(demands)}); "
                        f"give one use for each, in that order, not {len(way)}.")]
    problems = [_missing(demands[i], way[i], f"{path}[{i}]") for i in shortfall(demands, way, p)]
    if problems:
        return problems
    most = met(next(iter(best_ways(demands, p).values())))
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
