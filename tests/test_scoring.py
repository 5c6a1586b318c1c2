"""Final scoring arithmetic (seed 000, final scoring and "The Bonus Tiles Scoring Reference")."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.model.state import GameState
from adjudicator.rules import scoring
from tests.scenario import set_up, with_values

GAME = {"players": ["red", "green"], "seed": "1", "first": "red", "setup": True}


def _state(values: dict[str, Any]) -> GameState:
    return with_values(set_up(GAME), values)


def _line(state: GameState, tile: str) -> int:
    p = state.players[0]
    lines = [vp for vp, reason in scoring.bonus_tiles(state, p) if reason.startswith(f"bonus tile {tile} ")]
    assert len(lines) == 1
    return lines[0]


# Red owns 3 workers in the district, 3 legionnaires in provinces, one forum tile of each
# demand, and 3 display cards for every commodity pair (2 of the first, 1 of the second).
HOLDINGS = {
    "board.district.A1.workers": ["red"], "board.district.B1.workers": ["red", "green"],
    "board.district.C3.workers": ["red"], "players.red.legionnaires": ["alpes", "raetia", "noricum"],
    "players.red.forum_tiles": ["bread", "games", "religion"],
    "players.red.display": ["scrolls", "scrolls", "oils", "fruit", "fruit", "ceramics", "wine", "wine",
                            "fish", "jewelry", "jewelry", "gems", "columns", "columns", "furs", "cattle",
                            "cattle", "wheat"],
}
EXPECTED = {  # tile: (yellow, grey)
    "demand-bread": (9, 6), "demand-games": (9, 6), "demand-religion": (9, 6),
    "workers": (3, 2),  # 3 workers: 1 each; ½ each rounded up
    "legionnaires": (6, 3),
    "yellow-tiles": (6, 2),  # with one other yellow tile: yellow counts itself (2 × 3), grey 1 × 2
    "scrolls-oils": (9, 6), "fruit-ceramics": (9, 6), "wine-fish": (9, 6), "jewelry-gems": (9, 6),
    "columns-furs": (9, 6), "cattle-wheat": (9, 6),
}


@pytest.mark.parametrize("side", ["yellow", "grey"])
@pytest.mark.parametrize("tile", sorted(EXPECTED))
def test_every_bonus_tile_both_sides(tile: str, side: str) -> None:
    other = "demand-bread" if tile != "demand-bread" else "demand-games"
    state = _state({**HOLDINGS, "players.red.bonus_tiles": [{"tile": tile, "side": side},
                                                             {"tile": other, "side": "yellow"}]})
    assert _line(state, tile) == EXPECTED[tile][side == "grey"]


@pytest.mark.parametrize(("workers", "grey"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_grey_workers_round_up(workers: int, grey: int) -> None:
    sites = ["A1", "B1", "C1", "D1", "E1"][:workers]
    state = _state({**{f"board.district.{s}.workers": ["red"] for s in sites},
                    "players.red.bonus_tiles": [{"tile": "workers", "side": "grey"}]})
    assert _line(state, "workers") == grey


def test_demand_tile_needs_a_forum_tile_not_a_wild_card_or_trajan_tile() -> None:
    state = _state({"players.red.forum_tiles": ["wild-demand"],
                    "players.red.trajan_demand_tiles": ["demand-1"],
                    "players.red.bonus_tiles": [{"tile": "demand-bread", "side": "yellow"}]})
    assert _line(state, "demand-bread") == 0


def test_commodity_wild_cards_go_to_the_best_tile_once() -> None:
    state = _state({"players.red.forum_tiles": ["wild-commodity", "wild-commodity"],
                    "players.red.display": ["wine", "gems"],
                    "players.red.bonus_tiles": [{"tile": "jewelry-gems", "side": "grey"},
                                                {"tile": "wine-fish", "side": "yellow"}]})
    assert _line(state, "wine-fish") == 9  # (1 card + 2 wild cards) × 3
    assert _line(state, "jewelry-gems") == 2  # 1 card × 2; the wild cards are not counted twice


@pytest.mark.parametrize(("tiles", "wilds", "vp"), [
    ([], 2, 0),  # wild cards alone make no set
    (["stairs-2"], 2, 10),  # 1 tile + 2 wild cards: a set of 3
    (["stairs-2", "stairs-3"], 0, 0),
    (["stairs-2", "stairs-3", "stairs-4"], 0, 10),
    (["stairs-2", "stairs-3", "stairs-4", "stairs-5"], 1, 20),  # one set per type: no more than 20
    (["stairs-2", "stairs-3", "stairs-4", "door-2", "door-3"], 1, 20),  # either use of the wild: +10
    (["stairs-2", "stairs-3", "door-2", "door-3"], 2, 20),  # one wild card to each type
    (["stairs-2", "stairs-3", "stairs-4", "door-2", "door-3", "door-4"], 2, 40),
])
def test_construction_sets(tiles: list[str], wilds: int, vp: int) -> None:
    state = _state({"players.red.construction_tiles": tiles,
                    "players.red.forum_tiles": ["wild-construction"] * wilds})
    assert sum(v for v, _ in scoring.construction_sets(state.players[0])) == vp


def test_ranking_by_vp_then_senate_stack() -> None:
    state = _state({"players.red.vp": 20, "players.green.vp": 20, "board.senate_stack": ["green", "red"]})
    assert scoring.ranking(state) == ("red", "green")
    state = _state({"players.red.vp": 20, "players.green.vp": 21, "board.senate_stack": ["green", "red"]})
    assert scoring.ranking(state) == ("green", "red")
