"""The JSON Schemas agree with the msgspec models they are generated from."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest

from adjudicator.components import DATA_FILES
from adjudicator.files import schemagen
from adjudicator.game.newgame import new_game
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "schemas"
PACKAGED = ROOT / "adjudicator" / "schemas"

Doc = dict[str, Any]


def _files(directory: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*.json"))}


def _validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads((PUBLISHED / name).read_bytes()))


def _game() -> Doc:
    doc: Doc = json.loads(msgspec.json.encode(new_game(["red", "green", "blue"], "7")))
    return doc


def _orders() -> Doc:
    return {
        "format": 2, "game_id": "g", "decision": 3, "player": "green",
        "answer": {"decision": "turn", "steps": [
            {"do": "sow", "tray": "forum", "markers": ["pink", "blue"]},
            {"do": "trajan_special", "plus2": "senate"},
            {"do": "seaport_ship", "ship": "pairs", "cards": ["wine", "fish"], "wild": []},
            {"do": "construction_build", "site": "C2"},
            {"do": "extra", "action": "forum", "wild": True},
        ]},
    }


def test_committed_schemas_equal_a_fresh_generation() -> None:
    fresh = schemagen.rendered()
    assert _files(PUBLISHED) == fresh, "run: python -m adjudicator.files.schemagen"


def test_packaged_copy_equals_published_copy() -> None:
    assert _files(PACKAGED) == _files(PUBLISHED)


# A fresh generation in another process, under another hash seed (set and dict order,
# string hashes), as the digest of each file: it must give the committed files.
GENERATE = """
import hashlib, json
from adjudicator.files import schemagen
print(json.dumps({name: hashlib.sha256(data).hexdigest() for name, data in schemagen.rendered().items()}))
"""


@pytest.mark.parametrize("hash_seed", ["1", "2"])
def test_generation_in_another_process_gives_the_committed_files(hash_seed: str) -> None:
    import hashlib
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
    proc = subprocess.run([sys.executable, "-c", GENERATE], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    committed = {name: hashlib.sha256(data).hexdigest() for name, data in _files(PUBLISHED).items()}
    assert json.loads(proc.stdout) == committed


def test_schemas_are_valid_draft_2020_12() -> None:
    for name in _files(PUBLISHED):
        schema = json.loads((PUBLISHED / name).read_bytes())
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_component_data_files_match_their_schemas(name: str) -> None:
    data = json.loads((ROOT / "adjudicator" / "data" / f"{name}.json").read_bytes())
    assert list(_validator(f"components/{name}.schema.json").iter_errors(data)) == []


@pytest.mark.parametrize("players", [["red", "green"], ["red", "green", "blue"],
                                     ["blue", "red", "brown", "green"]])
def test_schema_accepts_what_new_writes(players: list[str]) -> None:
    doc = json.loads(msgspec.json.encode(new_game(players, "seed")))
    assert list(_validator("game.schema.json").iter_errors(doc)) == []
    msgspec.json.decode(json.dumps(doc), type=GameState)


def test_schema_accepts_a_hand_written_order_file() -> None:
    assert list(_validator("orders.schema.json").iter_errors(_orders())) == []
    msgspec.json.decode(json.dumps(_orders()), type=OrderFile)


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    def mutate(doc: Doc) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return mutate


def _drop(path: str) -> Callable[[Doc], None]:
    def mutate(doc: Doc) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]
    return mutate


# (description, mutation, accepted by both?)
GAME_MUTATIONS: list[tuple[str, Callable[[Doc], None], bool]] = [
    ("unknown top-level field", _set("colour", "red"), False),
    ("unknown nested field", _set("board.weather", "rain"), False),
    ("wrong enum value", _set("players.0.leader", "hispania"), False),
    ("wrong type", _set("players.0.vp", "ten"), False),
    ("negative supply", _set("players.0.supply", -1), False),
    ("senate space 1 does not exist", _set("players.0.senate", 1), False),
    ("unknown pending kind", _set("pending", {"kind": "nap", "player": "red"}), False),
    ("pending missing a field", _set("pending", {"kind": "turn"}), False),
    ("bad field inside a pending variant", _set("pending", {"kind": "turn", "player": "pink"}), False),
    ("missing required field", _drop("seed"), False),
    ("quarter 5", _set("quarter", 5), False),
    ("format 3", _set("format", 3), False),
    ("format 1 (read only after an upgrade)", _set("format", 1), False),
    ("null where a list is expected", _set("piles.deck", None), False),
    ("a valid pending decision", _set("pending", {"kind": "turn", "player": "green"}), True),
    ("defaulted field left out", _drop("removed"), True),
    ("another score", _set("players.1.vp", 17), True),
    ("a turn in progress", _set("turn", {"player": "red", "target": "forum"}), True),
]

ORDER_MUTATIONS: list[tuple[str, Callable[[Doc], None], bool]] = [
    ("unknown field", _set("comment", "hi"), False),
    ("unknown step", _set("answer.steps.0", {"do": "dance"}), False),
    ("step without a tag", _set("answer.steps.0", {"tray": "forum"}), False),
    ("unknown field in a step", _set("answer.steps.0.colour", "red"), False),
    ("bad tray", _set("answer.steps.0.tray", "harbour"), False),
    ("no markers", _set("answer.steps.0.markers", []), False),
    ("bad site", _set("answer.steps.3.site", "F9"), False),
    ("decision 0", _set("decision", 0), False),
    ("answer of another kind, wrong fields", _set("answer.decision", "consul"), False),
    ("player as a number", _set("player", 3), False),
    ("written_by given", _set("written_by", "Alice"), True),
    ("stand_in given", _set("stand_in", "greedy bot"), True),
    ("other ship", _set("answer.steps.2.ship", "identical"), True),
    ("bonus answer", _set("answer", {"decision": "consul", "tile": "workers"}), True),
]


def _agree(doc: Doc, schema: str, model: type[Any], mutate: Callable[[Doc], None], accepted: bool) -> None:
    doc = copy.deepcopy(doc)
    mutate(doc)
    schema_ok = not list(_validator(schema).iter_errors(doc))
    try:
        msgspec.json.decode(json.dumps(doc), type=model)
        model_ok = True
    except msgspec.ValidationError:
        model_ok = False
    assert (schema_ok, model_ok) == (accepted, accepted)


@pytest.mark.parametrize(("what", "mutate", "accepted"), GAME_MUTATIONS, ids=[m[0] for m in GAME_MUTATIONS])
def test_game_schema_and_model_agree(what: str, mutate: Callable[[Doc], None], accepted: bool) -> None:
    _agree(_game(), "game.schema.json", GameState, mutate, accepted)


@pytest.mark.parametrize(("what", "mutate", "accepted"), ORDER_MUTATIONS, ids=[m[0] for m in ORDER_MUTATIONS])
def test_order_schema_and_model_agree(what: str, mutate: Callable[[Doc], None], accepted: bool) -> None:
    _agree(_orders(), "orders.schema.json", OrderFile, mutate, accepted)
