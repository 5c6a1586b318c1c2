"""What a player holds, measured for the planner's value: one number per feature
(:data:`FEATURES`), each a count or a VP estimate from the rules' scoring.

The features read only public information and the player's own hand; another player's
hand is counted by its number of cards.  The people's demands are measured with
:mod:`forecast`: the expected cost of the demands this quarter will voice, given the
tiles held, the tiles still within reach and the turns left to take them.  Pure; the
parts that depend only on holdings are cached.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from adjudicator.bots.planner import forecast
from adjudicator.bots.planner.weights import Weights
from adjudicator.bots.value import _construction_sets
from adjudicator.components import DeployLegionnaires, DeployWorkers, DrawCards, MeetDemand, Plus2, components
from adjudicator.model.state import ChooseBonus, GameState, MeetDemands, Player, Ships, Slots, Trays
from adjudicator.model.vocab import ACTIONS, DEMANDS, Commodity, PlayerColour, Province, Ship
from adjudicator.rules.ops import lap_length, tray

FEATURES = (
    "cards",  # cards in hand
    "ship",  # the best shipment the hand makes now: its VP less the cards it uses
    "camps",  # tokens in the worker and military camps (1 VP each at the end)
    "supply",  # tokens still in the supply
    "build",  # the best construction tile a worker in the camp can reach (VP, set, bonus)
    "deploy",  # the best province a legionnaire in the camp can reach
    "sets",  # construction sets as the final scoring counts them (pairs a little)
    "trajan_next",  # worth of the Trajan tiles on the mat a sowing next turn accomplishes
    "trajan_ready",  # ... whose colours are in their tray
    "trajan_one",  # ... missing one colour
    "trajan_two",  # ... missing both
    "arch_blocked",  # every slot full: no Trajan action
    "demand_cost",  # expected cost of this quarter's demands
    "demand_spare",  # demand tiles held for later quarters
    "demand_trajan",  # Trajan demand tiles times the quarters after this one
    "bonus",  # bonus tiles held, as they would score now
    "consul",  # the expected bonus tile of this quarter's vote
    "extra",  # extra action tiles (twice with a [+2] marker on their action)
    "plus2",  # [+2] markers
)
INDEX = {name: i for i, name in enumerate(FEATURES)}
# What the bonus tiles score for a player: workers in the district, legionnaires in
# provinces, yellow bonus tiles, the forum demand tiles held, commodity wild cards, display.
Profile = tuple[int, int, int, tuple[bool, bool, bool], int, tuple[Commodity, ...]]


class Phase(NamedTuple):
    """How much of the game is left, and this quarter's demands as far as they can be foreseen."""

    quarter_turns: float  # a player's turns left this quarter (an estimate)
    game_turns: float  # and in the game
    left: float  # the share of the game left (1 at the start, 0 at the end)
    quarters_after: int  # quarters after this one
    demands: tuple[tuple[forecast.Counts, float], ...]


def phase(state: GameState, w: Weights, round_ends: bool = False) -> Phase:
    """``round_ends``: the turn being played ends the round (its time has wrapped round)."""
    b = state.board
    c = components().board
    done = len(b.demands) + round_ends
    if isinstance(state.pending, (MeetDemands, ChooseBonus)) or done >= c.rounds_per_quarter:
        quarter_rounds = 0.0
    else:
        quarter_rounds = max(0.0, c.rounds_per_quarter - done - b.time / lap_length(state))
    after = c.quarters - state.quarter
    rounds = quarter_rounds + c.rounds_per_quarter * after
    outcomes = forecast.demand_outcomes(b.demands, state.removed.demand)
    return Phase(quarter_rounds * w.turns_per_round, rounds * w.turns_per_round,
                 rounds / (c.rounds_per_quarter * c.quarters), after, outcomes)


def measure(state: GameState, p: Player, ph: Phase, w: Weights, hand_seen: bool, consul: float,
            profile: Profile | None = None) -> list[float]:
    """The features of ``p`` (``hand_seen``: the hand's cards are known, not only their number;
    ``consul``: its share of the vote's bonus tiles, :func:`consul`)."""
    profile = profile or bonus_profile(state, p)
    f = [0.0] * len(FEATURES)
    f[0] = float(len(p.hand))
    if hand_seen:
        f[1] = _ship(tuple(sorted(p.hand)), p.forum_tiles.count("wild-commodity"), state.board.ships,
                     ph.quarters_after > 0)
    f[2] = float(p.worker_camp + p.military_camp)
    f[3] = float(p.supply)
    f[4] = _build(state, p)
    f[5] = _deploy(state, p)
    f[6] = float(_construction_sets(p))
    f[7], f[8], f[9], f[10] = _trajan_slots(p, ph, w)
    f[11] = 1.0 if p.arch is None else 0.0
    f[12], f[13], f[14] = _demands(state, p, ph, w)
    f[15] = float(sum(bonus_value(b.tile, b.side, profile) for b in p.bonus_tiles))
    f[16] = consul
    f[17], f[18] = _extras(p)
    return f


# --- Cards ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=1 << 15)
def _ship(hand: tuple[Commodity, ...], wilds: int, ships: Ships, quarters_after: bool) -> float:
    """The best shipment's VP less the cards from the hand it uses (each 1 VP if kept)."""
    if not hand and not wilds:
        return 0.0
    counts = sorted(Counter(hand).values(), reverse=True)
    data = components().ship
    best = 0.0
    for ship, units, used in _shipments(counts, wilds):
        if units == 0:
            continue
        d = data[ship]
        side = getattr(ships, ship)
        vp = d.coloured[units - 1] if side == "coloured" else max(
            d.grey[units - 1], 0.6 * d.coloured[units - 1] if quarters_after else 0)
        best = max(best, vp - used)
    return best


def _shipments(counts: list[int], wilds: int) -> list[tuple[Ship, int, int]]:
    """(ship, units, cards from the hand) of the largest shipment of each kind."""
    top = counts[0] if counts else 0
    identical = min(4, top + wilds)
    different = min(4, len(counts) + wilds)
    pairs = min(3, sum(c >= 2 for c in counts))
    singles = sum(c == 1 for c in counts)
    spare = wilds
    while pairs < 3 and spare >= 1 and singles >= 1:
        pairs, spare, singles = pairs + 1, spare - 1, singles - 1
    while pairs < 3 and spare >= 2:
        pairs, spare = pairs + 1, spare - 2
    used_pairs = min(2 * pairs, 2 * sum(c >= 2 for c in counts) + (wilds - spare))
    return [("identical", identical, min(top, 4)), ("different", different, min(len(counts), 4)),
            ("pairs", pairs, min(used_pairs, 2 * pairs))]


# --- Tokens, construction, military -------------------------------------------------

def _build(state: GameState, p: Player) -> float:
    """The best construction tile a worker in the camp can reach: its VP, a first tile's
    bonus action (about 2), the set it completes."""
    if p.worker_camp == 0:
        return 0.0
    c = components()
    district = state.board.district
    mine = [s.site for s in district if p.colour in s.workers]
    reach = {n for s in mine for n in c.adjacent_sites(s)} if mine else None
    kinds = Counter(c.construction_tile[t].type for t in p.construction_tiles)
    best = 0.0
    for s in district:
        if s.tile is None or (reach is not None and s.site not in reach):
            continue
        data = c.construction_tile[s.tile]
        held = kinds[data.type]
        best = max(best, data.vp + (2.0 if held == 0 else 7.0 if held == 2 else 10.0 if held == 3 else 0.0))
    return best


def _deploy(state: GameState, p: Player) -> float:
    """The best province for a legionnaire in the camp: the leader's (if the player has
    none there) or, at 0.6, one next to it."""
    if p.military_camp == 0:
        return 0.0
    c = components()
    penalty = c.board.legionnaire_penalty
    places: list[tuple[Province, float]] = [(p.leader, 1.0)] if p.leader != "camp" else []
    places += [(n, 0.6) for n in c.neighbours(p.leader)]
    best = 0.0
    for place, reach in places:
        if place in p.legionnaires:
            continue
        others = sum(place in q.legionnaires for q in state.players if q.colour != p.colour)
        best = max(best, reach * max(0, c.province[place].vp - penalty * others))
    return best


# --- Trajan tiles on the mat -----------------------------------------------------------

def _trajan_slots(p: Player, ph: Phase, w: Weights) -> tuple[float, float, float, float]:
    """The worth of the Trajan tiles on the mat by how close each is: accomplishable by a
    sowing next turn (a tray holds the number of markers that ends on it, and the colour
    still missing), its colours in the tray, one or both missing."""
    return _slots_cached(p.slots, p.trays, min(p.supply, 2), ph.quarters_after, ph.quarter_turns > 1, w)


@functools.lru_cache(maxsize=1 << 15)
def _slots_cached(slots: Slots, trays: Trays, supply: int, after: int, this_quarter: bool,
                  w: Weights) -> tuple[float, float, float, float]:
    p = Player(colour="red", slots=slots, trays=trays, supply=supply)
    ph = Phase(2.0 if this_quarter else 0.0, 0.0, 0.0, after, ())
    out = [0.0, 0.0, 0.0, 0.0]
    counts = [len(tray(p, a)) for a in ACTIONS]
    for k, a in enumerate(ACTIONS):
        tile = getattr(p.slots, a)
        if tile is None:
            continue
        needed = _colours(tile)
        held = tray(p, a)
        missing = _missing(held, needed)
        cls = 0 if missing < 2 and _reachable(p, counts, k, held, needed, missing) else missing + 1
        out[cls] += _tile_worth(tile, ph, p.supply, w)
    return out[0], out[1], out[2], out[3]


def trajan_features(p: Player, ph: Phase, w: Weights) -> tuple[float, float, float, float]:
    """The Trajan tile features alone (what the markers in the trays change)."""
    return _trajan_slots(p, ph, w)


def _reachable(p: Player, counts: list[int], k: int, held: Sequence[str], needed: tuple[str, ...],
               missing: int) -> bool:
    for j, n in enumerate(counts):
        if j == k or n == 0 or n > 6 or (j + n) % 6 != k:
            continue
        if missing == 0:
            return True
        want = needed[0] if needed[0] not in held or needed[0] == needed[1] else needed[1]
        if want in tray(p, ACTIONS[j]):
            return True
    return False


@functools.cache
def _colours(tile: str) -> tuple[str, ...]:
    return tuple(components().trajan_tile[tile].colours)


def _missing(held: Sequence[str], needed: tuple[str, ...]) -> int:
    if needed[0] == needed[1]:
        return max(0, 2 - sum(m == needed[0] for m in held))
    return (needed[0] not in held) + (needed[1] not in held)


def _tile_worth(tile: str, ph: Phase, supply: int, w: Weights) -> float:
    data = components().trajan_tile[tile]
    effect = data.effect
    worth = float(data.vp)
    if isinstance(effect, DrawCards):
        worth += effect.count * w.unseen_card
    elif isinstance(effect, (DeployWorkers, DeployLegionnaires)):
        worth += 1.3 * min(effect.count, supply)
    elif isinstance(effect, Plus2):
        worth += w.plus2_effect
    elif isinstance(effect, MeetDemand):
        worth += w.trajan_demand_quarter * (ph.quarters_after + (1 if ph.quarter_turns > 1 else 0))
    return worth


# --- The people's demands ------------------------------------------------------------

def _demands(state: GameState, p: Player, ph: Phase, w: Weights) -> tuple[float, float, float]:
    forum = tuple(p.forum_tiles.count(d) for d in DEMANDS)
    trajan = _trajan_demands(p.trajan_demand_tiles)
    wild = p.forum_tiles.count("wild-demand")
    return _demand_features(forum, trajan, wild, ph.demands, round(ph.quarter_turns, 1), ph.quarters_after,
                            _within_reach(state, p), w)


def _within_reach(state: GameState, p: Player) -> tuple[int, int, int, int]:
    """The demand tiles (bread, games, religion, wild) a player could still take this
    quarter: in the forum, and in the provinces next to their leader."""
    tiles = [t for t in state.board.forum if t is not None]
    near = components().neighbours(p.leader)
    tiles += [s.tile for s in state.board.provinces if s.tile is not None and s.province in near]
    return (tiles.count("bread"), tiles.count("games"), tiles.count("religion"), tiles.count("wild-demand"))


@functools.lru_cache(maxsize=1 << 14)
def _demand_features(forum: forecast.Counts, trajan: forecast.Counts, wild: int,
                     outcomes: tuple[tuple[forecast.Counts, float], ...], turns: float, after: int,
                     reach: tuple[int, int, int, int], w: Weights) -> tuple[float, float, float]:
    """(expected cost of this quarter's demands, tiles kept for later quarters, Trajan
    demand tiles times the quarters after): a missing tile costs about an action if one
    is within reach and there is a turn to take it in, else its share of the penalty."""
    capacity = turns / w.turns_per_fix
    cost = 0.0
    for demands, prob in outcomes:
        k = forecast.shortfall(demands, forum, trajan, wild)
        if k:
            takeable = sum(min(max(0, d - f - t), r) for d, f, t, r in zip(demands, forum, trajan, reach,
                                                                            strict=False)) + reach[3]
            cost += prob * _cost(k, min(float(k), capacity, float(takeable)), w)
    expected = forecast.expected_use(outcomes)
    surplus = sum(max(0.0, f - e) for f, e in zip(forum, expected, strict=True)) + max(0, wild - 1)
    future_need = max(0.0, (3.0 - sum(trajan)) * after)
    return cost, min(surplus, future_need), float(sum(trajan) * after)


def _cost(k: int, fixed: float, w: Weights) -> float:
    """``k`` demands short, ``fixed`` of them (part of the last) taken in time, the rest unmet."""
    whole = math.floor(fixed)
    c = whole * w.demand_fix + forecast.penalty(k - whole)
    if fixed > whole:
        c -= (fixed - whole) * (forecast.penalty(k - whole) - forecast.penalty(k - whole - 1) - w.demand_fix)
    return c


@functools.lru_cache(maxsize=4096)
def _trajan_demands(tiles: tuple[str, ...]) -> forecast.Counts:
    kinds = [components().trajan_tile[t].effect for t in tiles]
    got = Counter(e.demand for e in kinds if isinstance(e, MeetDemand))
    return (got["bread"], got["games"], got["religion"])


# --- Extra actions -------------------------------------------------------------------

def _extras(p: Player) -> tuple[float, float]:
    tiles = list(p.extra_tiles) + [t[len("extra-"):] for t in p.forum_tiles if t.startswith("extra-")]
    value = sum(2.0 if a in p.plus2 else 1.0 for a in tiles)
    value += (2.0 if p.plus2 else 1.0) * p.forum_tiles.count("wild-extra")
    return value, float(len(p.plus2))


# --- The senate's vote at the quarter end ---------------------------------------------

def consul(state: GameState, ph: Phase, w: Weights,
           profiles: dict[PlayerColour, Profile] | None = None) -> dict[PlayerColour, float]:
    """Each player's expected bonus tile from this quarter's vote: the consul's best
    (yellow) and the vice consul's (grey, the mean of the two), by a soft vote margin."""
    offered = state.board.senate_bonus
    colours = [p.colour for p in state.players]
    if not offered or isinstance(state.pending, ChooseBonus):
        return dict.fromkeys(colours, 0.0)
    grow = w.bonus_growth * min(1.0, ph.game_turns / 12)
    worth: dict[PlayerColour, tuple[float, float]] = {}
    for p in state.players:
        profile = profiles[p.colour] if profiles else bonus_profile(state, p)
        yellow = [bonus_value(t, "yellow", profile) + grow * _per(t, "yellow") for t in offered]
        grey = [bonus_value(t, "grey", profile) + grow * _per(t, "grey") for t in offered]
        worth[p.colour] = (max(yellow), sum(grey) / len(grey))
    votes = {p.colour: p.senate + sum(components().forum_tile[t].votes for t in p.forum_tiles
                                      if t.startswith("senate")) for p in state.players}
    scale = w.vote_scale * (1 + ph.quarter_turns / 3)
    weight = {c: math.exp(min(50.0, v / scale)) for c, v in votes.items()}
    total = sum(weight.values())
    share = {c: x / total for c, x in weight.items()}
    vice = {c: sum(share[k] * weight[c] / (total - weight[k]) for k in colours if k != c) for c in colours}
    return {c: share[c] * worth[c][0] + vice[c] * worth[c][1] for c in colours}


def bonus_profile(state: GameState, p: Player) -> Profile:
    """What the bonus tiles and the forum tiles a quarter end may pay depend on for ``p``."""
    workers = sum(p.colour in s.workers for s in state.board.district)
    held = (("bread" in p.forum_tiles), ("games" in p.forum_tiles), ("religion" in p.forum_tiles))
    return (workers, len(p.legionnaires), sum(b.side == "yellow" for b in p.bonus_tiles), held,
            p.forum_tiles.count("wild-commodity"), tuple(sorted(p.display)))


@functools.lru_cache(maxsize=1 << 15)
def bonus_value(tile: str, side: str, profile: Profile) -> float:
    """What a bonus tile would score for a player of ``profile`` if the game ended now
    (seed 000, "The Bonus Tiles Scoring Reference")."""
    data = components().bonus_tile[tile]  # type: ignore[index]
    per = data.yellow if side == "yellow" else data.grey
    workers, legionnaires, yellow, held, wilds, display = profile
    if data.scoring == "forum_demand":
        return float(per) if held[DEMANDS.index(data.demand)] else per / 3
    n = {"workers_in_district": workers, "legionnaires_in_provinces": legionnaires,
         "yellow_bonus_tiles": yellow}.get(data.scoring)
    if n is None:
        n = sum(c in data.commodities for c in display) + wilds
    return float(math.ceil(per * n / data.divisor))


@functools.cache
def _per(tile: str, side: str) -> float:
    data = components().bonus_tile[tile]  # type: ignore[index]
    return float(data.yellow if side == "yellow" else data.grey)
