"""Simultaneous decisions: answers arrive in any order, all are accepted, same result.

A decision that several players answer in any order (``setup_markers``, ``demands``)
keeps its number until everyone has answered, so every answer names the number the
decision opened with; a second answer from the same player is refused
(``orders.already_answered``); an answer to a decision that is over is stale.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from adjudicator.errors import Illegal
from adjudicator.files import io
from adjudicator.game.engine import adjudicate
from adjudicator.game.newgame import new_game
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState, MeetDemands, SetupCards, SetupMarkers
from adjudicator.model.vocab import DEMANDS, PLAYER_COLOURS
from adjudicator.rules.demands import legal_ways
from adjudicator.rules.ops import player, seat_order_from
from tests.scenario import order, set_up

MARKERS = [
    {"seaport": ["yellow", "orange"], "forum": ["green", "white"], "military": ["pink", "blue"],
     "senate": ["yellow", "orange"], "trajan": ["green", "white"], "construction": ["pink", "blue"]},
    {"seaport": ["pink", "pink"], "forum": ["blue", "blue"], "military": ["white", "white"],
     "senate": ["green", "green"], "trajan": ["orange", "orange"], "construction": ["yellow", "yellow"]},
    {"seaport": ["yellow", "green"], "forum": ["orange", "white"], "military": ["pink", "blue"],
     "senate": ["yellow", "green"], "trajan": ["orange", "white"], "construction": ["pink", "blue"]},
    {"seaport": ["blue", "pink"], "forum": ["white", "green"], "military": ["orange", "yellow"],
     "senate": ["blue", "pink"], "trajan": ["white", "green"], "construction": ["orange", "yellow"]},
]


def _content(state: GameState) -> GameState:
    """The game without its hash chain (which records the order of arrival)."""
    return replace(state, chain=replace(state.chain, hash="", parent=None, orders=None))


def _all_orders(start: GameState, answers: dict[str, OrderFile]) -> set[bytes]:
    """Apply the answers in every order of arrival; the distinct final games."""
    finals = set()
    for arrival in permutations(answers):
        state = start
        for colour in arrival:
            state = adjudicate(state, answers[colour]).state
        finals.add(io.encode_state(_content(state)))
    return finals


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_markers_in_any_order(players: int) -> None:
    start = new_game(PLAYER_COLOURS[:players], "simultaneous")
    assert isinstance(start.pending, SetupMarkers)
    answers = {c: order(start, c, {"decision": "setup_markers", "trays": MARKERS[i]})
               for i, c in enumerate(start.seats)}
    finals = _all_orders(start, answers)
    assert len(finals) == 1
    final = msgspec.json.decode(finals.pop(), type=GameState)
    assert final.decision == start.decision + 1
    assert isinstance(final.pending, SetupCards)


def _demands_for_all(players: int) -> GameState:
    """A game whose quarter ends with every player choosing how to meet the demands.

    Each player holds a forum tile and a Trajan tile of one revealed demand (two ways
    to meet it); the tiles come from the face-down forum pile and the Trajan stack.
    """
    state = set_up({"players": list(PLAYER_COLOURS[:players]), "seed": "1", "setup": True})
    data: Any = msgspec.json.decode(msgspec.json.encode(state))
    data["board"]["demands"] = list(DEMANDS)
    for demand in DEMANDS:
        data["piles"]["demand"].remove(demand)
    lap = {2: 11, 3: 16, 4: 21}[players]
    data["board"]["time"] = lap - 1
    stack = data["board"]["trajan_stacks"]["demand"]
    for i, p in enumerate(data["players"]):
        demand = DEMANDS[i % 3]
        data["piles"]["forum"].remove(demand)
        p["forum_tiles"].append(demand)
        tile = next(t for t in stack if t in _TRAJAN[demand])
        stack.remove(tile)
        p["trajan_demand_tiles"].append(tile)
    state = msgspec.convert(data, GameState)
    io.check_state(state, "<test>")
    first = state.pending.player  # type: ignore[union-attr]
    sow = {"decision": "turn", "steps": [{"do": "sow", "tray": "seaport", "markers": ["yellow", "orange"]}]}
    state = adjudicate(state, order(state, first, sow)).state
    assert isinstance(state.pending, MeetDemands)
    assert set(state.pending.players) == set(state.seats)
    return state


_TRAJAN = {"bread": ("demand-1", "demand-2", "demand-3"), "games": ("demand-4", "demand-5", "demand-6"),
           "religion": ("demand-7", "demand-8", "demand-9")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_demands_in_any_order(players: int) -> None:
    start = _demands_for_all(players)
    answers = {}
    for c in start.seats:
        ways = legal_ways(start.board.demands, player(start, c))
        # Each spends its forum tile (of a different demand): the order of arrival shows
        # in the removed tiles unless the rules make it not matter.
        way = next(w for w in ways if "forum" in w)
        answers[c] = order(start, c, {"decision": "demands", "use": list(way)})
    finals = _all_orders(start, answers)
    assert len(finals) == 1
    final = msgspec.json.decode(finals.pop(), type=GameState)
    assert final.decision == start.decision + 1
    assert not isinstance(final.pending, MeetDemands)


def test_number_stays_and_answers_are_recorded() -> None:
    start = new_game(PLAYER_COLOURS[:3], "simultaneous")
    clockwise = seat_order_from(start.seats, start.start_player)
    last = clockwise[-1]
    after = adjudicate(start, order(start, last, {"decision": "setup_markers", "trays": MARKERS[0]})).state
    assert after.decision == start.decision
    assert isinstance(after.pending, SetupMarkers)
    assert after.pending.answered == (last,)
    assert last not in after.pending.players


def test_second_answer_is_refused() -> None:
    start = new_game(PLAYER_COLOURS[:3], "simultaneous")
    answer = order(start, "red", {"decision": "setup_markers", "trays": MARKERS[0]})
    after = adjudicate(start, answer).state
    with pytest.raises(Illegal) as e:
        adjudicate(after, order(after, "red", {"decision": "setup_markers", "trays": MARKERS[1]}))
    assert [p.code for p in e.value.problems] == ["orders.already_answered"]


def test_answer_to_a_closed_decision_is_stale() -> None:
    start = new_game(PLAYER_COLOURS[:2], "simultaneous")
    state = start
    for i, c in enumerate(start.seats):
        state = adjudicate(state, order(start, c, {"decision": "setup_markers", "trays": MARKERS[i]})).state
    with pytest.raises(Illegal) as e:
        adjudicate(state, order(start, "red", {"decision": "setup_markers", "trays": MARKERS[1]}))
    assert "orders.stale" in [p.code for p in e.value.problems]
