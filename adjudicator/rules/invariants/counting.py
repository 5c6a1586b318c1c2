"""Every component exactly once: cards, tiles, by kind or id."""


from __future__ import annotations

from collections import Counter

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.state import (
    GameState,
)
from adjudicator.model.vocab import ACTIONS, TRAJAN_CATEGORIES
from adjudicator.rules.invariants.common import Ledger

# --- Counting components ---------------------------------------------------------------

def _where(ledger: Ledger, kind: str) -> list[tuple[str, int]]:
    """The locations holding ``kind``, with how many each holds."""
    out = []
    for path, items in ledger:
        n = sum(1 for item in items if item == kind)
        if n:
            out.append((path, n))
    return out


def _count_problems(code: str, noun: str, expected: dict[str, int], ledger: Ledger) -> list[Problem]:
    """A problem for every kind of component found more or less often than the box holds."""
    ledger = [(path, tuple(items)) for path, items in ledger]
    found: Counter[str] = Counter(item for _, items in ledger for item in items)
    problems = []
    for kind in [*expected, *sorted(set(found) - set(expected))]:
        want, have = expected.get(kind, 0), found[kind]
        if have == want:
            continue
        places = _where(ledger, kind)
        listed = "; ".join(f"{n} at {path}" for path, n in places)
        path = places[-1][0] if have > want else "$"
        if want == 0:
            message = f"There is no {noun} {kind!r} in the box, but the file has one ({listed})."
        else:
            message = (f"The box has {want} {noun} {kind!r} but the file has {have}"
                       + (f" ({listed})." if listed else "."))
        problems.append(problem(code, path, message))
    return problems


def _players_ledger(state: GameState, field: str) -> Ledger:
    return [(f"$.players[{i}].{field}", getattr(p, field)) for i, p in enumerate(state.players)]


def check_cards(state: GameState) -> list[Problem]:
    """Every commodity card in the box is in exactly one place (deck, discards, hands, displays,
    removed)."""
    c = components().commodities
    ledger: Ledger = [
        ("$.piles.deck", state.piles.deck),
        ("$.board.discard1", state.board.discard1),
        ("$.board.discard2", state.board.discard2),
        *_players_ledger(state, "hand"),
        *_players_ledger(state, "display"),
        ("$.removed.commodities", state.removed.commodities),
    ]
    expected: dict[str, int] = {k: c.cards_per_commodity for k in c.commodities}
    return _count_problems("state.card_count", "commodity cards of", expected, ledger)


def check_forum_tiles(state: GameState) -> list[Problem]:
    """Every forum tile in the box is in exactly one place (forum, provinces, pile, players,
    removed)."""
    ledger: Ledger = [
        ("$.board.forum", (t for t in state.board.forum if t is not None)),
        *((f"$.board.provinces[{i}].tile", (s.tile,) if s.tile else ())
          for i, s in enumerate(state.board.provinces)),
        ("$.piles.forum", state.piles.forum),
        *_players_ledger(state, "forum_tiles"),
        ("$.removed.forum", state.removed.forum),
    ]
    expected: dict[str, int] = {t.kind: t.count for t in components().forum.tiles}
    return _count_problems("state.forum_tile_count", "forum tiles", expected, ledger)


def check_extra_tiles(state: GameState) -> list[Problem]:
    """Every extra action tile in the box is in exactly one place (forum, pile, players, removed)."""
    ledger: Ledger = [
        ("$.board.forum_extra", (t for t in state.board.forum_extra if t is not None)),
        ("$.piles.extra", state.piles.extra),
        *_players_ledger(state, "extra_tiles"),
        ("$.removed.extra", state.removed.extra),
    ]
    expected: dict[str, int] = {t.action: t.count for t in components().extra.tiles}
    return _count_problems("state.extra_tile_count", "extra action tiles of", expected, ledger)


def check_demand_tiles(state: GameState) -> list[Problem]:
    """Every demand tile in the box is in exactly one place, and exactly 3 were removed unseen at
    setup."""
    ledger: Ledger = [
        ("$.board.demands", state.board.demands),
        ("$.piles.demand", state.piles.demand),
        ("$.piles.demand_removed", state.piles.demand_removed),
        ("$.removed.demand", state.removed.demand),
    ]
    expected: dict[str, int] = {t.kind: t.count for t in components().demand.tiles}
    problems = _count_problems("state.demand_tile_count", "demand tiles of", expected, ledger)
    removed = components().board.demand_tiles_removed
    if len(state.piles.demand_removed) != removed:
        problems.append(problem("state.demand_removed_count", "$.piles.demand_removed",
                                f"Exactly {removed} demand tiles are removed unseen at setup, "
                                f"not {len(state.piles.demand_removed)}."))
    return problems


def _trajan_ledger(state: GameState) -> Ledger:
    stacks = state.board.trajan_stacks
    ledger: Ledger = [(f"$.board.trajan_stacks.{cat}", getattr(stacks, cat)) for cat in TRAJAN_CATEGORIES]
    for i, p in enumerate(state.players):
        ledger += [(f"$.players[{i}].slots.{a}", (t,)) for a in ACTIONS
                   if (t := getattr(p.slots, a)) is not None]
        ledger.append((f"$.players[{i}].trajan_demand_tiles", p.trajan_demand_tiles))
    ledger.append(("$.removed.trajan", state.removed.trajan))
    return ledger


def check_trajan_tiles(state: GameState) -> list[Problem]:
    """Every Trajan tile is one of the box and in exactly one place (stacks, slots, demand rows,
    removed)."""
    ledger = _trajan_ledger(state)
    expected: dict[str, int] = {tile_id: 1 for tile_id in components().trajan_tile}
    problems = [
        problem("state.unknown_trajan_tile", path, f"There is no Trajan tile {tile_id!r} in the box.")
        for path, items in ledger for tile_id in items if tile_id not in expected
    ]
    known: Ledger = [(path, [t for t in items if t in expected]) for path, items in ledger]
    return problems + _count_problems("state.trajan_tile_count", "Trajan tile", expected, known)


def check_trajan_places(state: GameState) -> list[Problem]:
    """Stacks hold only their own category; the demand row only demand tiles."""
    tiles = components().trajan_tile
    problems = []
    for cat in TRAJAN_CATEGORIES:
        for k, tile_id in enumerate(getattr(state.board.trajan_stacks, cat)):
            if tile_id in tiles and tiles[tile_id].category != cat:
                problems.append(problem("state.trajan_wrong_stack", f"$.board.trajan_stacks.{cat}[{k}]",
                                        f"Trajan tile {tile_id} belongs to the "
                                        f"{tiles[tile_id].category} stack, not the {cat} stack."))
    for i, p in enumerate(state.players):
        for k, tile_id in enumerate(p.trajan_demand_tiles):
            if tile_id in tiles and tiles[tile_id].category != "demand":
                problems.append(problem("state.trajan_not_demand", f"$.players[{i}].trajan_demand_tiles[{k}]",
                                        f"Only Trajan demand tiles stay with a player; {tile_id} "
                                        "leaves the game when accomplished."))
    return problems


def check_construction_tiles(state: GameState) -> list[Problem]:
    """Every construction tile in the box is in exactly one place (the district or a player)."""
    ledger: Ledger = [
        *((f"$.board.district[{i}].tile", (s.tile,) if s.tile else ())
          for i, s in enumerate(state.board.district)),
        *_players_ledger(state, "construction_tiles"),
    ]
    expected: dict[str, int] = {t.id: 1 for t in components().construction.tiles}
    return _count_problems("state.construction_tile_count", "construction tile", expected, ledger)


def check_bonus_tiles(state: GameState) -> list[Problem]:
    """Every bonus tile in the box is in exactly one place (the bag, beside the senate, a player)."""
    ledger: Ledger = [
        ("$.piles.bonus_bag", state.piles.bonus_bag),
        ("$.board.senate_bonus", state.board.senate_bonus),
        *((f"$.players[{i}].bonus_tiles", (b.tile for b in p.bonus_tiles))
          for i, p in enumerate(state.players)),
    ]
    expected: dict[str, int] = {t.id: 1 for t in components().bonus.tiles}
    return _count_problems("state.bonus_tile_count", "bonus tile", expected, ledger)
