"""Running a conformance scenario from ``fixtures/scenarios/**.json``.

A scenario file::

    {
      "id": "senate-at-top",                      # unique, the file name without .json
      "rule": "seed 000, Senate Action",          # where the rule lives
      "description": "One sentence: what is tested.",
      "game": {"players": ["red", "green"], "seed": "1", "first": "red", "setup": true,
               "options": {"trajan_tiles_score_at_end": false}},
      "set": {"players.red.senate": 8, "players.red.trays.forum": ["pink"]},
      "orders": [{"player": "red", "answer": {"decision": "turn", "steps": [...]}}],
      "expect": {
        "problems": ["senate.at_top"]             # codes (or {"code", "path"}) of the LAST order
        | "state": {"players.red.vp": 8},         # values after the last order
          "events": [{"event": "senate_advanced", "space": 8}],   # in order, fields a subset
          "pending": {"kind": "turn", "player": "green"},
        | "inconsistent": ["state.card_count"]    # validate_state codes for the state as set
      }
    }

``game.setup: true`` answers the setup decisions with :data:`DEFAULT_SETUP` so the game
stands at the start player's first turn.  ``set`` overwrites values by path: dotted
names, list indexes, and list elements picked by their ``colour``, ``site`` or
``province`` (``players.red.hand``, ``board.district.C2.workers``).  Orders get
``game_id`` and ``decision`` filled in, unless an order gives its own (to test the
envelope: ``{"player": "red", "decision": 1, "answer": ...}``).  Every order but the last must be accepted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from adjudicator.errors import Illegal, Problem
from adjudicator.game.engine import Outcome, adjudicate
from adjudicator.game.newgame import new_game
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState, Options
from adjudicator.rules.ops import seat_order_from

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "scenarios"
KEYS = ("colour", "site", "province")

DEFAULT_MARKERS = {
    "seaport": ["yellow", "orange"], "forum": ["green", "white"], "military": ["pink", "blue"],
    "senate": ["yellow", "orange"], "trajan": ["green", "white"], "construction": ["pink", "blue"],
}
DEFAULT_SETUP = {
    "markers": DEFAULT_MARKERS,
    "cards": ["deck", "deck", "deck"],
    "trajan": {"II": "cards", "IV": "victory", "VI": "plus2"},
}


def all_scenarios() -> list[Path]:
    return sorted(ROOT.rglob("*.json"))


def order(state: GameState, player: str, answer: dict[str, Any],
          given: dict[str, Any] | None = None) -> OrderFile:
    raw = {"game_id": state.game_id, "decision": state.decision, "player": player, "answer": answer}
    raw.update({k: v for k, v in (given or {}).items() if k in ("game_id", "decision")})
    return msgspec.convert(raw, OrderFile)


def set_up(spec: dict[str, Any]) -> GameState:
    options = msgspec.convert(spec.get("options", {}), Options)
    state = new_game(spec["players"], spec.get("seed", "1"), first=spec.get("first"), options=options)
    if not spec.get("setup", False):
        return state
    clockwise = seat_order_from(state.seats, state.start_player)
    for colour in clockwise:
        state = adjudicate(state, order(state, colour, {"decision": "setup_markers", "trays": DEFAULT_MARKERS})).state
    for colour in clockwise:
        state = adjudicate(state, order(state, colour, {"decision": "setup_cards", "take": DEFAULT_SETUP["cards"]})).state
    for colour in clockwise:
        state = adjudicate(state, order(state, colour, {"decision": "setup_trajan", "slots": DEFAULT_SETUP["trajan"]})).state
    return state


def _step(node: Any, key: str) -> tuple[Any, Any]:
    """The child of ``node`` named ``key`` and the index/key used to reach it."""
    if isinstance(node, list):
        if key.lstrip("-").isdigit():
            return node[int(key)], int(key)
        for i, item in enumerate(node):
            if isinstance(item, dict) and any(item.get(k) == key for k in KEYS):
                return item, i
        raise KeyError(f"no element {key!r}")
    return node[key], key


def get_path(data: Any, path: str) -> Any:
    node = data
    for key in path.split("."):
        node, _ = _step(node, key)
    return node


def set_path(data: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node, _ = _step(node, key)
    _, where = _step(node, last) if isinstance(node, list) else (None, last)
    node[where] = value


def with_values(state: GameState, values: dict[str, Any]) -> GameState:
    data = msgspec.json.decode(msgspec.json.encode(state))
    for path, value in values.items():
        set_path(data, path, value)
    return msgspec.convert(data, GameState)


def run(spec: dict[str, Any]) -> tuple[GameState, Outcome | None, list[Problem]]:
    """Play the scenario: (state before the last order, its outcome, its problems)."""
    state = with_values(set_up(spec["game"]), spec.get("set", {}))
    orders = spec.get("orders", [])
    for o in orders[:-1]:
        state = adjudicate(state, order(state, o["player"], o["answer"], o)).state
    if not orders:
        return state, None, []
    last = orders[-1]
    try:
        return state, adjudicate(state, order(state, last["player"], last["answer"], last)), []
    except Illegal as e:
        return state, None, list(e.problems)


def load(path: Path) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return spec
