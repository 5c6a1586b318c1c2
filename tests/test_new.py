"""``trajan new``: the setup matches the rulebook (seed 000, "Board and Player Setup")."""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.components import components
from adjudicator.game.newgame import new_game
from adjudicator.model.state import GameState, SetupMarkers

SEATS = {2: ["red", "green"], 3: ["red", "green", "blue"], 4: ["red", "green", "blue", "brown"]}


@pytest.fixture(params=[(n, seed) for n in (2, 3, 4) for seed in ("7", "abc")], ids=str)
def game(request: pytest.FixtureRequest) -> GameState:
    n, seed = request.param
    return new_game(SEATS[n], seed)


def test_forum_holds_three_tiles_per_player_and_three_extra_action_tiles(game: GameState) -> None:
    assert len(game.board.forum) == 3 * len(game.seats)  # 6 / 9 / 12
    assert all(tile is not None for tile in game.board.forum)
    assert len(game.board.forum_extra) == 3
    assert all(tile is not None for tile in game.board.forum_extra)


def test_one_forum_tile_per_province(game: GameState) -> None:
    provinces = sorted(p.id for p in components().board.provinces)
    assert sorted(p.province for p in game.board.provinces) == provinces
    assert all(p.tile is not None for p in game.board.provinces)


def test_every_forum_and_extra_action_tile_is_somewhere(game: GameState) -> None:
    placed = [p.tile for p in game.board.provinces] + list(game.board.forum) + list(game.piles.forum)
    assert Counter(placed) == Counter({t.kind: t.count for t in components().forum.tiles})
    extra = list(game.board.forum_extra) + list(game.piles.extra)
    assert len(extra) == 12


def test_all_twenty_construction_tiles_in_the_district(game: GameState) -> None:
    district = game.board.district
    assert len(district) == 20
    assert sorted(s.site for s in district) == sorted(components().sites)
    assert sorted(s.tile for s in district if s.tile) == sorted(components().construction_tile)
    assert all(s.workers == () for s in district)


def test_twelve_demand_tiles_face_down_and_three_removed(game: GameState) -> None:
    assert len(game.piles.demand) == 12
    assert len(game.piles.demand_removed) == 3
    assert Counter(game.piles.demand + game.piles.demand_removed) == Counter(
        {"bread": 5, "games": 5, "religion": 5})
    assert game.board.demands == ()


def test_one_bonus_tile_per_player_and_two_beside_the_senate(game: GameState) -> None:
    owned = [b.tile for p in game.players for b in p.bonus_tiles]
    assert all(len(p.bonus_tiles) == 1 and p.bonus_tiles[0].side == "yellow" for p in game.players)
    assert len(game.board.senate_bonus) == 2
    everything = owned + list(game.board.senate_bonus) + list(game.piles.bonus_bag)
    assert sorted(everything) == sorted(components().bonus_tile)


def test_two_discard_piles_of_one_card(game: GameState) -> None:
    assert len(game.board.discard1) == 1
    assert len(game.board.discard2) == 1
    assert len(game.piles.deck) == 58
    cards = game.board.discard1 + game.board.discard2 + game.piles.deck
    assert Counter(cards) == Counter({c: 5 for c in components().commodities.commodities})


def test_trajan_stacks_hold_nine_tiles_each(game: GameState) -> None:
    stacks = game.board.trajan_stacks
    for category in stacks.__struct_fields__:
        pile = getattr(stacks, category)
        assert len(pile) == 9
        assert all(components().trajan_tile[t].category == category for t in pile)


def test_player_mats(game: GameState) -> None:
    assert [p.colour for p in game.players] == list(game.seats)
    for p in game.players:
        assert p.leader == "camp"
        assert p.military_camp == 1
        assert p.worker_camp == 1
        assert p.supply == 13
        assert p.arch == "seaport"  # slot I
        assert p.vp == 0 and p.senate == 0
        assert p.hand == () and p.legionnaires == ()
        assert all(getattr(p.slots, a) is None for a in p.slots.__struct_fields__)
        assert all(getattr(p.trays, a) == () for a in p.trays.__struct_fields__)


def test_time_track_and_first_decision(game: GameState) -> None:
    assert game.board.time == 0
    assert game.quarter == 1 and game.decision == 1
    assert isinstance(game.pending, SetupMarkers)
    assert set(game.pending.players) == set(game.seats)


@pytest.mark.parametrize(("first", "stack"), [
    ("red", ("red", "green", "blue", "brown")),
    ("blue", ("blue", "brown", "red", "green")),
    ("brown", ("brown", "red", "green", "blue")),
])
def test_senate_stack_in_seat_order_from_the_start_player(first: str, stack: tuple[str, ...]) -> None:
    game = new_game(SEATS[4], "7", first=first)
    assert game.start_player == first
    assert game.board.senate_stack == stack  # bottom to top


def test_start_player_drawn_from_the_seed_is_a_seat() -> None:
    starts = {new_game(SEATS[4], str(seed)).start_player for seed in range(20)}
    assert starts <= set(SEATS[4])
    assert len(starts) > 1


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert new_game(SEATS[3], "7") == new_game(SEATS[3], "7")
    assert new_game(SEATS[3], "7") != new_game(SEATS[3], "8")
