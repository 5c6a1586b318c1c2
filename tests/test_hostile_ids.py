"""Hostile game files never reach an internal error (issue 14, item 7).

A targeted fuzz of ids and references: in game files of every pending kind (from seeded
bot games), each value is replaced by an unknown id or another word of the schema, each
list gets an element more or one less, each field is dropped.  Every file msgspec still
reads is validated (``validate_state``) and, when consistent, checked, listed, shown and
viewed: nothing may raise anything but the adjudicator's own problems.  ``TRAJAN_ID_FUZZ``
sets how many more replacement words (of the schema) each value tries (default 1).
"""

from __future__ import annotations

import collections
import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from adjudicator.components import components
from adjudicator.errors import TrajanError
from adjudicator.files import io
from adjudicator.game import engine
from adjudicator.game.options import options
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState, MeetDemands
from adjudicator.rendering.show import render_show
from adjudicator.rules.invariants import validate_state
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state, view_problems
from tests.playout import playout_orders
from tests.sizes import size
from tests.test_fuzz import run_cli

WORDS = size("TRAJAN_ID_FUZZ")
Json = Any
Path_ = tuple[str | int, ...]
DROP, APPEND = object(), object()


@functools.cache
def corpus() -> tuple[tuple[GameState, OrderFile], ...]:
    """Two states of each pending kind from three games, and states asking for demands."""
    out: list[tuple[GameState, OrderFile]] = []
    seen: collections.Counter[str] = collections.Counter()
    for n in range(30):
        for state, orders, _ in playout_orders(2 + n % 3, f"ids-{n}"):
            kind = type(state.pending).__name__
            seen[kind] += 1
            if (n < 3 and seen[kind] <= 2) or (isinstance(state.pending, MeetDemands) and seen[kind] <= 3):
                out.append((state, orders))
        if n >= 3 and seen["MeetDemands"] >= 3:
            break
    assert seen["MeetDemands"] >= 1
    return tuple(out)


@functools.cache
def words() -> tuple[str, ...]:
    found = {"nonsense-1", "", "cards-99"} | {t.id for t in components().trajan.tiles[::9]}

    def collect(node: Json) -> None:
        if isinstance(node, dict):
            found.update(v for v in node.get("enum", ()) if isinstance(v, str))
            if isinstance(node.get("const"), str):
                found.add(node["const"])
            for v in node.values():
                collect(v)
        elif isinstance(node, list):
            for v in node:
                collect(v)

    collect(io.load_schema("game.schema.json"))
    return tuple(sorted(found))


def places(doc: Json, path: Path_ = ()) -> Iterator[tuple[Path_, Json]]:
    """Every place a mutation can go, with what is there (DROP, APPEND: a field, a list)."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*path, k), DROP
            yield from places(v, (*path, k))
    elif isinstance(doc, list):
        yield (*path, len(doc)), APPEND
        for i, v in enumerate(doc):
            yield (*path, i), DROP
            yield from places(v, (*path, i))
    else:
        yield path, doc


def mutated(doc: Json, path: Path_, value: Json) -> Json:
    out = json.loads(json.dumps(doc))
    node = out
    for part in path[:-1]:
        node = node[part]
    if value is DROP:
        del node[path[-1]]
    elif isinstance(node, list) and path[-1] == len(node):
        node.append(value)
    else:
        node[path[-1]] = value
    return out


def everything(state: GameState, orders: OrderFile) -> None:
    """What the commands do with a game file; only the adjudicator's problems may escape."""
    if validate_state(state):
        return
    engine.check(state, orders)
    for colour in state.seats:
        try:
            options(state, colour)
        except TrajanError:
            pass
        view = view_of(state, colour)
        if not view_problems(view):
            engine.check(as_state(view), orders)
    render_show(state)


def test_hostile_ids_and_references_give_problems_not_crashes() -> None:
    rng = random.Random(7)
    runs = 0
    for state, orders in corpus():
        doc = json.loads(msgspec.json.encode(state))
        for path, there in places(doc):
            if path[0] in ("chain", "commitment", "game_id", "seed", "format", "rules", "setup"):
                continue
            if there is DROP:
                values: list[Json] = [DROP]
            elif isinstance(there, (int, float)) and not isinstance(there, bool):
                values = [-1, 0, 99]
            else:
                values = ["nonsense-1", "", *rng.sample(words(), WORDS)]
            for value in values:
                try:
                    hostile = msgspec.convert(mutated(doc, path, value), GameState)
                except msgspec.ValidationError:
                    continue
                try:
                    everything(hostile, orders)
                except TrajanError:
                    pass
                except Exception as e:  # noqa: BLE001 - what the test is about
                    raise AssertionError(f"{path} = {value!r} ({type(state.pending).__name__}): {e!r}") from e
                runs += 1
    assert runs > 5000, runs


def test_an_unknown_demand_tile_with_demands_pending_is_inconsistent(tmp_path: Path) -> None:
    state, orders = next((s, o) for s, o in corpus() if isinstance(s.pending, MeetDemands))
    doc = json.loads(io.encode_state(state))
    player = next(p for p in doc["players"] if p["colour"] == orders.player)
    player["trajan_demand_tiles"] = [*player["trajan_demand_tiles"], "nonsense-1"]
    game, order_file = tmp_path / "game.json", tmp_path / "orders.json"
    game.write_text(json.dumps(doc))
    order_file.write_bytes(io.encode_orders(orders))
    for args in (["check", str(game), str(order_file)], ["options", str(game)], ["show", str(game)]):
        code, _, err = run_cli([*args, "--json"])
        problems = json.loads(err)
        assert code == 3, (args, err)
        assert {p["code"] for p in problems} == {"state.unknown_trajan_tile"}, problems
        assert all(p["file"] == str(game) for p in problems), problems
