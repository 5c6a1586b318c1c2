"""Final scoring and the winner (seed 000, "End of a Quarter Year", final scoring;
"The Bonus Tiles Scoring Reference"; rulings.md "Final scoring", "Winner").

Every point scored is one :class:`ScoreChanged` whose reason names its source, so a
player can check the sum by hand.  Pure: :func:`score_player` lists the lines,
:func:`final_scoring` books them.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from itertools import product

from msgspec.structs import replace

from adjudicator.components import BonusTileData, components
from adjudicator.model.events import GameEnded
from adjudicator.model.state import GameOver, GameState, OwnedBonus, Player
from adjudicator.model.vocab import ACTIONS, ConstructionType, PlayerColour
from adjudicator.rules.ops import Changes, gain_lines, slot_tile

Line = tuple[int, str]  # (VP, reason)
WILD_CONSTRUCTION = "wild-construction"
WILD_COMMODITY = "wild-commodity"


def final_scoring(ch: Changes) -> None:
    """Score every player, rank them, and end the game."""
    for colour in ch.state.seats:
        lines = score_player(ch.state, colour)
        gain_lines(ch, colour, ((vp, f"final scoring: {reason}") for vp, reason in lines))
    order = ranking(ch.state)
    ch.state = replace(ch.state, pending=GameOver(ranking=order), turn=None)
    ch.events.append(GameEnded(ranking=order))


def ranking(state: GameState) -> tuple[PlayerColour, ...]:
    """Most VP first; a tie goes to the player higher in the senate stack."""
    stack = state.board.senate_stack

    def key(colour: PlayerColour) -> tuple[int, int]:
        vp = next(p.vp for p in state.players if p.colour == colour)
        return vp, stack.index(colour) if colour in stack else -1

    return tuple(sorted(state.seats, key=key, reverse=True))


def score_player(state: GameState, colour: PlayerColour) -> list[Line]:
    """The final scoring lines ``(VP, reason)`` of ``colour``: cards in hand, the camps,
    construction sets, bonus tiles and (with the option) Trajan tiles left on the mat."""
    p = next(p for p in state.players if p.colour == colour)
    lines = [
        (len(p.hand), _count(len(p.hand), "commodity card", "in hand")),
        (p.worker_camp, _count(p.worker_camp, "worker", "in the worker camp")),
        (p.military_camp, _count(p.military_camp, "legionnaire", "in the military camp")),
    ]
    lines += construction_sets(p)
    lines += bonus_tiles(state, p)
    if state.options.trajan_tiles_score_at_end:
        left = sum(1 for a in ACTIONS if slot_tile(p, a) is not None)
        lines.append((left, _count(left, "Trajan tile", "left on the action circle "
                                   "(option trajan_tiles_score_at_end)")))
    return lines


def _count(n: int, noun: str, where: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'} {where}"


# --- Construction sets ------------------------------------------------------------------

@functools.cache
def set_value(size: int) -> int:
    """VP of one set of ``size`` tiles of one type (3: 10, 4 or more: 20)."""
    best = 0
    for s in components().board.set_scores:
        if size >= s.size:
            best = max(best, s.vp)
    return best


def construction_sets(p: Player) -> list[Line]:
    """One line per set; construction wild cards go where they score the most."""
    types = [t.type for t in components().construction.types]
    tiles = components().construction_tile
    have: Counter[ConstructionType] = Counter([tiles[t].type for t in p.construction_tiles])
    wilds = p.forum_tiles.count(WILD_CONSTRUCTION)
    best: tuple[int, int, tuple[int, ...]] = (0, 0, (0,) * len(types))
    # A wild card beyond the biggest set of its type scores nothing and only uses a card,
    # so no best allocation has one: those allocations are not tried.
    biggest = max(s.size for s in components().board.set_scores)
    for use in product(*(range(min(wilds, max(0, biggest - have[t])) + 1) for t in types)):
        if sum(use) > wilds:
            continue
        total = sum(set_value(have[t] + w) for t, w in zip(types, use, strict=True))
        best = max(best, (total, -sum(use), use))
    lines = []
    for t, w in zip(types, best[2], strict=True):
        size = have[t] + w
        if set_value(size):
            wild = f" + {w} construction wild card{'s' if w > 1 else ''}" if w else ""
            lines.append((set_value(size), f"set of {min(size, 4)} {t} ({have[t]} tiles{wild})"))
        else:  # ruling (p): every source is listed, also those scoring 0
            lines.append((0, f"no set of {t} ({_count(have[t], 'tile', 'built')})"))
    return lines


# --- Bonus tiles ------------------------------------------------------------------------

def bonus_tiles(state: GameState, p: Player) -> list[Line]:
    """The final scoring line of each of the player's bonus tiles."""
    wilds = _commodity_wilds(p)
    return [_bonus_line(state, p, owned, wilds.get(i, 0)) for i, owned in enumerate(p.bonus_tiles)]


def _commodity_wilds(p: Player) -> dict[int, int]:
    """Unused commodity wild cards, each counted as one card for the commodity tile where
    it scores the most (the first such tile on a tie): {index in bonus_tiles: cards}."""
    n = sum(1 for t in p.forum_tiles if t == WILD_COMMODITY)
    tiles = [(i, b) for i, b in enumerate(p.bonus_tiles)
             if components().bonus_tile[b.tile].scoring == "display_commodities"]
    if not n or not tiles:
        return {}
    best = max(tiles, key=lambda ib: (_per(ib[1]), -ib[0]))
    return {best[0]: n}


def _per(owned: OwnedBonus) -> int:
    data = components().bonus_tile[owned.tile]
    return data.yellow if owned.side == "yellow" else data.grey


def _bonus_line(state: GameState, p: Player, owned: OwnedBonus, wilds: int) -> Line:
    data = components().bonus_tile[owned.tile]
    count, what = _bonus_count(state, p, data, wilds)
    value = _per(owned)
    vp = math.ceil(value * count / data.divisor)
    head = f"bonus tile {owned.tile} ({owned.side})"
    if data.scoring == "forum_demand":
        return vp, f"{head}: {value} if the player owns a forum {data.demand} tile; {what}"
    common = math.gcd(value, data.divisor)  # the rate as a fraction in lowest terms
    numerator, denominator = value // common, data.divisor // common
    per = str(numerator) if denominator == 1 else f"{numerator}/{denominator}, rounded up"
    return vp, f"{head}: {what} × {per}"


def _bonus_count(state: GameState, p: Player, data: BonusTileData, wilds: int) -> tuple[int, str]:
    """What the tile counts for the player, and the words for it."""
    if data.scoring == "forum_demand":
        # A forum tile showing the icon; wild cards and Trajan tiles do not count.
        owns = int(data.demand in p.forum_tiles)
        return owns, "owns one" if owns else "owns none"
    if data.scoring == "workers_in_district":
        n = sum(1 for s in state.board.district if p.colour in s.workers)
        return n, _count(n, "worker", "in the construction district")
    if data.scoring == "legionnaires_in_provinces":
        n = len(p.legionnaires)
        return n, _count(n, "legionnaire", "in the provinces")
    if data.scoring == "yellow_bonus_tiles":
        # The tile itself counts when it lies yellow side up.
        n = sum(1 for b in p.bonus_tiles if b.side == "yellow")
        return n, _count(n, "yellow bonus tile", "(this one included if yellow)")
    cards = sum(1 for c in p.display if c in data.commodities)
    words = _count(cards, f"{' or '.join(data.commodities)} card", "in the display")
    if wilds:
        words = f"({words} + {_count(wilds, 'unused commodity wild card', '').rstrip()})"
    return cards + wilds, words
