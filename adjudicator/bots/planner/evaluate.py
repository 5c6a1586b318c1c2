"""The planner's value of a position: each player's VP plus what their holdings will
still be worth, in VP, by the end of the game; a position's score is the player's value
less the best other player's.

What the holdings are worth follows the rules' scoring: cards (1 VP at the end, or the
best shipment the hand makes), tokens in the camps (1 VP each, and the next build or
deployment), construction sets, the Trajan tiles on the mat by how many of their
markers the tray beside them already holds, extra action tiles and [+2] markers while
there are turns to use them, bonus tiles, the senate's coming vote (the consul's and
vice consul's bonus tiles), and the people's demands: the expected cost of the demands
this quarter will voice (:mod:`forecast`), given the tiles held and the turns left to
take the missing ones, and tiles kept for the later quarters.  Everything it reads is
public or the player's own, so a stand-in and the real game give the same values for
the players' public parts; other players' hands count only by their number (their
cards are not seen).  Pure; cached on holdings.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from adjudicator.bots.planner import forecast
from adjudicator.bots.planner.weights import DEFAULT, Weights
from adjudicator.bots.value import _construction_sets, bonus_estimate
from adjudicator.components import DeployLegionnaires, DeployWorkers, DrawCards, MeetDemand, Plus2, components
from adjudicator.model.state import ChooseBonus, GameOver, GameState, MeetDemands, Player, Ships
from adjudicator.model.vocab import ACTIONS, DEMANDS, Commodity, PlayerColour
from adjudicator.rules.ops import lap_length, tray


class Phase(NamedTuple):
    """How much of the game is left, and this quarter's demands as far as they can be foreseen."""

    quarter_turns: float  # a player's turns left this quarter (an estimate)
    game_turns: float  # and in the game
    quarters_after: int  # quarters after this one
    demands: tuple[tuple[forecast.Counts, float], ...]


def phase(state: GameState, w: Weights = DEFAULT, round_ends: bool = False) -> Phase:
    """``round_ends``: the turn being played ends the round (its time has wrapped round)."""
    b = state.board
    rounds = components().board.rounds_per_quarter
    done = len(b.demands) + round_ends
    if isinstance(state.pending, (MeetDemands, ChooseBonus)) or done >= rounds:
        quarter_rounds = 0.0
    else:
        quarter_rounds = max(0.0, rounds - done - b.time / lap_length(state))
    after = components().board.quarters - state.quarter
    outcomes = forecast.demand_outcomes(b.demands, state.removed.demand)
    return Phase(quarter_rounds * w.turns_per_round, (quarter_rounds + rounds * after) * w.turns_per_round,
                 after, outcomes)


def score(state: GameState, colour: PlayerColour, w: Weights = DEFAULT, unseen: int = 0,
          round_ends: bool = False) -> float:
    """``colour``'s value less the best other player's, as ``colour`` sees it: the other
    hands count by their number only, and so do the last ``unseen`` cards of its own
    (just drawn by the step being scored).  ``round_ends``: see :func:`phase`."""
    v = values(state, w, colour, unseen, round_ends)
    mine = v[colour]
    others = [x for c, x in v.items() if c != colour]
    return mine - max(others) - w.others_mean * (sum(others) / len(others) - max(others))


def values(state: GameState, w: Weights = DEFAULT, viewer: PlayerColour | None = None,
           unseen: int = 0, round_ends: bool = False) -> dict[PlayerColour, float]:
    """Every player's value of the position as ``viewer`` sees it (None: every hand seen)."""
    if isinstance(state.pending, GameOver):
        first = state.pending.ranking[0]
        return {p.colour: p.vp + (w.win_bonus if p.colour == first else 0.0) for p in state.players}
    ph = phase(state, w, round_ends)
    senate = _senate(state, ph, w)
    out = {}
    for p in state.players:
        hidden = unseen if p.colour == viewer else len(p.hand) if viewer is not None else 0
        out[p.colour] = player_value(state, p, ph, w, hidden) + senate[p.colour]
    return out


def player_value(state: GameState, p: Player, ph: Phase, w: Weights = DEFAULT, unseen: int = 0) -> float:
    """What ``p`` has and will score from what they hold (the senate vote apart); the last
    ``unseen`` cards of the hand count by number only."""
    later = min(1.0, ph.game_turns / 4)
    hand = p.hand[: len(p.hand) - unseen] if unseen else p.hand
    v = float(p.vp)
    v += _hand(tuple(sorted(hand)), p.forum_tiles.count("wild-commodity"), state.board.ships,
               min(1.0, ph.game_turns / 2), ph.quarters_after > 0, w) + unseen * w.unseen_card
    v += (p.worker_camp + p.military_camp) + later * (_build(state, p, w) + _deploy(state, p, w))
    v += _construction_sets(p)
    v += _trajan_slots(p, ph, w)
    v += _demands(state, p, ph, w)
    v += sum(bonus_estimate(state, p.colour, b.tile, b.side) for b in p.bonus_tiles)
    v += later * _extras(p, w)
    return v


# --- Cards ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=1 << 15)
def _hand(hand: tuple[Commodity, ...], wilds: int, ships: Ships, share: float, quarters_after: bool,
          w: Weights) -> float:
    """Each card 1 VP at the end, or the best shipment the hand (and wild cards) makes now."""
    n = len(hand)
    best = w.card * n
    if share <= 0 or (n == 0 and wilds == 0):
        return best
    counts = sorted(Counter(hand).values(), reverse=True)
    data = components().ship
    for ship, units, used in _shipments(counts, wilds):
        if units == 0:
            continue
        d = data[ship]
        side = getattr(ships, ship)
        vp = d.coloured[units - 1] if side == "coloured" else max(
            d.grey[units - 1], 0.6 * d.coloured[units - 1] if quarters_after else 0)
        best = max(best, share * vp + w.card * (n - used))
    return best


def _shipments(counts: list[int], wilds: int) -> list[tuple[str, int, int]]:
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

def _build(state: GameState, p: Player, w: Weights) -> float:
    """The next build: the best construction tile within reach of the player's workers."""
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
        worth = data.vp + (2.0 if held == 0 else 0.0) + (7.0 if held == 2 else 10.0 if held == 3 else 0.0)
        best = max(best, worth)
    return w.build_share * best


def _deploy(state: GameState, p: Player, w: Weights) -> float:
    """The next deployment: the best province at or next to the leader without the player's legionnaire."""
    if p.military_camp == 0:
        return 0.0
    c = components()
    penalty = c.board.legionnaire_penalty
    places = [(p.leader, 1.0)] if p.leader != "camp" else []
    places += [(n, 0.6) for n in c.neighbours(p.leader)]
    best = 0.0
    for place, reach in places:
        if place == "camp" or place in p.legionnaires:
            continue
        others = sum(place in q.legionnaires for q in state.players if q.colour != p.colour)
        best = max(best, reach * max(0, c.province[place].vp - penalty * others))  # type: ignore[index]
    return w.deploy_share * best


# --- Trajan tiles on the mat -----------------------------------------------------------

def trays_value(p: Player, ph: Phase, w: Weights = DEFAULT) -> float:
    """The part of ``p``'s value that depends on the markers in the trays."""
    return _trajan_slots(p, ph, w)


def _trajan_slots(p: Player, ph: Phase, w: Weights) -> float:
    later = min(1.0, ph.game_turns / 4)
    if later <= 0:
        return 0.0
    total = 0.0
    for a in ACTIONS:
        tile = getattr(p.slots, a)
        if tile is None:
            continue
        missing = _missing(tray(p, a), _colours(tile))
        total += w.ready[missing] * _tile_worth(tile, ph, p.supply, w)
    return later * total - (1.0 if p.arch is None else 0.0)


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

def _demands(state: GameState, p: Player, ph: Phase, w: Weights) -> float:
    forum = tuple(p.forum_tiles.count(d) for d in DEMANDS)
    trajan = _trajan_demands(p.trajan_demand_tiles)
    wild = p.forum_tiles.count("wild-demand")
    return _demand_value(forum, trajan, wild, ph.demands, round(ph.quarter_turns, 1), ph.quarters_after,
                         _within_reach(state, p), w)


def _within_reach(state: GameState, p: Player) -> tuple[int, int, int, int]:
    """The demand tiles (bread, games, religion, wild) a player could still take this
    quarter: in the forum, and in the provinces next to their leader."""
    tiles = [t for t in state.board.forum if t is not None]
    near = components().neighbours(p.leader)
    tiles += [s.tile for s in state.board.provinces if s.tile is not None and s.province in near]
    return (tiles.count("bread"), tiles.count("games"), tiles.count("religion"), tiles.count("wild-demand"))


@functools.lru_cache(maxsize=1 << 14)
def _demand_value(forum: forecast.Counts, trajan: forecast.Counts, wild: int,
                  outcomes: tuple[tuple[forecast.Counts, float], ...], turns: float, after: int,
                  reach: tuple[int, int, int, int], w: Weights) -> float:
    """What the demands will cost (expected over this quarter's demands still to come): a
    missing tile costs about an action if there is one to take and a turn to take it in,
    else its share of the penalty; and what the tiles held are worth for later quarters."""
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
    future_need = 3.0 * after - sum(trajan) * after
    value = -cost + w.demand_future * min(surplus, max(0.0, future_need))
    return value + w.trajan_demand_quarter * sum(trajan) * after


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

def _extras(p: Player, w: Weights) -> float:
    tiles = list(p.extra_tiles) + [t[len("extra-"):] for t in p.forum_tiles if t.startswith("extra-")]
    value = sum(w.extra_tile * (2 if a in p.plus2 else 1) for a in tiles)
    value += w.extra_tile * (2 if p.plus2 else 1) * p.forum_tiles.count("wild-extra")
    return value + w.plus2_marker * len(p.plus2)


# --- The senate's vote at the quarter end ---------------------------------------------

def _senate(state: GameState, ph: Phase, w: Weights) -> dict[PlayerColour, float]:
    """Each player's expected bonus tile from this quarter's vote."""
    offered = state.board.senate_bonus
    colours = [p.colour for p in state.players]
    if not offered or isinstance(state.pending, ChooseBonus):
        return dict.fromkeys(colours, 0.0)
    grow = w.bonus_growth * min(1.0, ph.game_turns / 12)
    worth: dict[PlayerColour, tuple[float, float]] = {}
    for colour in colours:
        yellow = [bonus_estimate(state, colour, t, "yellow") + grow * _per(t, "yellow") for t in offered]
        grey = [bonus_estimate(state, colour, t, "grey") + grow * _per(t, "grey") for t in offered]
        worth[colour] = (max(yellow), sum(grey) / len(grey))
    votes = {p.colour: p.senate + sum(components().forum_tile[t].votes for t in p.forum_tiles
                                      if t.startswith("senate")) for p in state.players}
    scale = w.vote_scale * (1 + ph.quarter_turns / 3)
    weight = {c: math.exp(min(50.0, v / scale)) for c, v in votes.items()}
    total = sum(weight.values())
    consul = {c: x / total for c, x in weight.items()}
    vice = {c: sum(consul[k] * weight[c] / (total - weight[k]) for k in colours if k != c) for c in colours}
    return {c: consul[c] * worth[c][0] + vice[c] * worth[c][1] for c in colours}


@functools.cache
def _per(tile: str, side: str) -> float:
    data = components().bonus_tile[tile]  # type: ignore[index]
    return float(data.yellow if side == "yellow" else data.grey)
