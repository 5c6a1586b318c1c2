"""The people's demands and the senate vote, checked against simpler formulations."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.model.state import GameState
from adjudicator.rules import demands, senate_vote
from tests.scenario import set_up, with_values

GAME = {"players": ["red", "green"], "seed": "1", "first": "red", "setup": True}
BASE = set_up(GAME)
TRAJAN = {"bread": ["demand-1", "demand-2", "demand-3"], "games": ["demand-4", "demand-5", "demand-6"],
          "religion": ["demand-7", "demand-8", "demand-9"]}
DEMAND = st.sampled_from(["bread", "games", "religion"])


def _state(values: dict[str, Any]) -> GameState:
    return with_values(BASE, values)


@settings(max_examples=150, deadline=None)
@given(revealed=st.lists(DEMAND, min_size=3, max_size=3), forum=st.lists(DEMAND, max_size=4),
       wilds=st.integers(0, 2), trajan=st.lists(DEMAND, max_size=3))
def test_demands_met_as_far_as_possible(revealed: list[str], forum: list[str], wilds: int,
                                        trajan: list[str]) -> None:
    counts = Counter(trajan)
    tiles = [t for d, n in counts.items() for t in TRAJAN[d][:n]]
    state = _state({"board.demands": revealed, "players.red.forum_tiles": forum + ["wild-demand"] * wilds,
                    "players.red.trajan_demand_tiles": tiles})
    need, own = Counter(revealed), Counter(forum) + counts
    by_type = sum(min(need[d], own[d]) for d in need)
    expected = by_type + min(wilds, 3 - by_type)
    ways = demands.best_ways(state.board.demands, state.players[0])
    assert {demands.met(w) for w in ways.values()} == {expected}
    # A choice exists exactly when two ways spend different tiles.
    assert demands.has_choice(state, "red") == (len(ways) > 1)
    for way in ways.values():
        assert demands.check(state, "red", way, "$") == []


def test_no_choice_when_every_tile_is_needed() -> None:
    state = _state({"board.demands": ["bread", "bread", "bread"],
                    "players.red.forum_tiles": ["bread", "wild-demand"],
                    "players.red.trajan_demand_tiles": ["demand-1"]})
    assert not demands.has_choice(state, "red")
    assert demands.met(demands.the_way(state, "red")) == 3


def test_choice_between_trajan_and_forum_tile() -> None:
    state = _state({"board.demands": ["bread", "games", "games"], "players.red.forum_tiles": ["bread"],
                    "players.red.trajan_demand_tiles": ["demand-1"]})
    assert demands.has_choice(state, "red")


def test_senate_standing_votes_then_space_then_stack() -> None:
    state = _state({"players.red.senate": 3, "players.red.forum_tiles": ["senate-2"],
                    "players.green.senate": 5, "board.senate_stack": ["green", "red"]})
    assert senate_vote.standing(state) == ("green", "red")  # 5 votes each: green's space is higher
    state = _state({"players.red.senate": 5, "players.green.senate": 5,
                    "board.senate_stack": ["green", "red"]})
    assert senate_vote.standing(state) == ("red", "green")  # same space: red's disc on top
