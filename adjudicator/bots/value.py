"""A hand-made value of a position for one player (for the greedy bot)."""

from __future__ import annotations

import functools
from collections import Counter
from math import ceil

from adjudicator.components import components
from adjudicator.model.state import GameState, Player, Slots
from adjudicator.model.vocab import Action, ConstructionTile, ForumTileKind, PlayerColour
from adjudicator.rules.ops import player

DEMAND_TILE = 3.0
CARD = 0.9
TOKEN = 0.8
EXTRA_TILE = 2.0


def value(state: GameState, colour: PlayerColour) -> float:
    p = player(state, colour)
    tiles, extra, plus = _holdings(p.forum_tiles, p.trajan_demand_tiles, p.slots, p.construction_tiles,
                                   p.extra_tiles, p.plus2, p.senate)
    v = float(p.vp)
    v += CARD * len(p.hand) + TOKEN * (p.worker_camp + p.military_camp)
    v += tiles
    v += extra
    v += plus
    v += sum(_bonus(state, p, b.tile, b.side) for b in p.bonus_tiles)
    return v


@functools.lru_cache(maxsize=1 << 16)
def _holdings(forum: tuple[ForumTileKind, ...], demand: tuple[str, ...], slots: Slots,
              construction: tuple[ConstructionTile, ...], extra: tuple[Action, ...],
              plus2: tuple[Action, ...], senate: int) -> tuple[float, float, float]:
    """The parts of :func:`value` that depend only on what the player holds (cached: a
    search asks about the same holdings again and again)."""
    p = Player(colour="red", forum_tiles=forum, trajan_demand_tiles=demand, slots=slots,
               construction_tiles=construction, extra_tiles=extra, plus2=plus2, senate=senate)  # type: ignore[arg-type]
    tiles = _demand_readiness(p) + _trajan_potential(p) + _construction_sets(p)
    extra_tiles = len(p.extra_tiles) + sum(t.startswith("extra") or t == "wild-extra" for t in p.forum_tiles)
    return tiles, EXTRA_TILE * extra_tiles, 0.6 * len(p.plus2) + 0.4 * _votes(p)


def _votes(p: Player) -> int:
    return p.senate + sum(components().forum_tile[t].votes for t in p.forum_tiles if t.startswith("senate"))


def _demand_readiness(p: Player) -> float:
    forum = p.forum_tiles
    trajan = [_tile_demand(t) for t in p.trajan_demand_tiles]
    wild = forum.count("wild-demand")
    covered = sum(min(forum.count(d) + 2 * trajan.count(d), 3) for d in ("bread", "games", "religion"))
    return DEMAND_TILE * (covered + wild) + 4.0 * len(p.trajan_demand_tiles)


@functools.cache
def _tile_demand(tile: str) -> str:
    return components().trajan_tile[tile].effect.demand  # type: ignore[union-attr]


@functools.cache
def _tile_vp(tile: str) -> int:
    return components().trajan_tile[tile].vp


@functools.cache
def _construction_type(tile: ConstructionTile) -> str:
    return components().construction_tile[tile].type


def _trajan_potential(p: Player) -> float:
    tiles = [getattr(p.slots, a)
             for a in ("seaport", "forum", "military", "senate", "trajan", "construction")]
    return sum(0.45 * _tile_vp(t) for t in tiles if t)


def _construction_sets(p: Player) -> float:
    kinds = Counter(_construction_type(t) for t in p.construction_tiles)
    wild = p.forum_tiles.count("wild-construction")
    score = 0.0
    for n in sorted(kinds.values(), reverse=True):
        use = min(wild, max(0, 3 - n)) if n >= 2 else 0
        wild -= use
        n += use
        score += 20 if n >= 4 else 10 if n == 3 else 3 if n == 2 else 0
    return score


def bonus_estimate(state: GameState, colour: PlayerColour, tile: str, side: str) -> float:
    """What a bonus tile would score if the game ended now."""
    return _bonus(state, player(state, colour), tile, side)


def _bonus(state: GameState, p: Player, tile: str, side: str) -> float:
    data = components().bonus_tile[tile]  # type: ignore[index]
    per = data.yellow if side == "yellow" else data.grey
    if data.scoring == "forum_demand":
        return float(per) if data.demand in p.forum_tiles else per / 3
    if data.scoring == "workers_in_district":
        colour = p.colour
        n = sum(colour in s.workers for s in state.board.district)
    elif data.scoring == "legionnaires_in_provinces":
        n = len(p.legionnaires)
    elif data.scoring == "yellow_bonus_tiles":
        n = sum(b.side == "yellow" for b in p.bonus_tiles)
    else:
        n = sum(c in data.commodities for c in p.display) + p.forum_tiles.count("wild-commodity")
    return float(ceil(per * n / data.divisor))
