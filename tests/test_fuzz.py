"""Property-based fuzzing of the command line with structured mutations (issue 8).

Valid game and order files from seeded bot games (every kind of pending decision) are
mutated: fields dropped, added, retyped and re-valued, lists truncated, reordered and
duplicated, values moved from another file, the text truncated or given a stray byte.
Each mutated pair goes through the ``trajan`` command itself (in-process, for speed),
and every run must end with exit 0 to 3, problems that each name a file, a JSON path
and a sentence, no traceback, no ``internal.*`` problem, the inputs unchanged byte for
byte, and no output written (nor a stray temporary file) unless the run succeeded.

``TRAJAN_FUZZ_EXAMPLES`` sets the number of mutations (default 10,000), spread over
``SHARDS`` test functions so that ``pytest -n`` runs them in parallel;
``TRAJAN_FUZZ_SEED`` varies the examples (default 0: the same examples on every run).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import io as textio
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import msgspec
import pytest
import typer
from hypothesis import HealthCheck, given, seed, settings

from adjudicator.commands.main import app
from adjudicator.errors import Malformed
from adjudicator.files import io
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameOver, GameState
from tests.playout import playout_orders
from tests.sizes import size

EXAMPLES = size("TRAJAN_FUZZ_EXAMPLES")
SEED = int(os.environ.get("TRAJAN_FUZZ_SEED", "0"))
SHARDS = 8
PER_SHARD = max(1, -(-EXAMPLES // SHARDS))
LINE = re.compile(r"^(?P<file>.+?): \$.*: .+ \[[a-z_0-9]+\.[a-z_0-9]+\]$")
Json = Any
Path_ = tuple[str | int, ...]


# --- The corpus: valid (game, orders) pairs of every pending kind --------------------------------

@functools.cache
def corpus() -> tuple[tuple[bytes, bytes], ...]:
    """Valid pairs: up to 4 per pending kind from each of four bot games, plus finished games."""
    pairs: list[tuple[bytes, bytes]] = []
    for players, name, bots in ((2, "fuzz-2", ()), (3, "fuzz-3", ("greedy", "greedy", "random")),
                                (4, "fuzz-4", ())):
        seen: dict[str, int] = {}
        last: GameState | None = None
        for state, orders, outcome in playout_orders(players, name, bots):
            kind = type(state.pending).__name__
            seen[kind] = seen.get(kind, 0) + 1
            if seen[kind] <= 4 or seen[kind] % 40 == 0:
                pairs.append((io.encode_state(state), io.encode_orders(orders)))
            last = outcome.state
        assert last is not None and isinstance(last.pending, GameOver)
        pairs.append((io.encode_state(last), pairs[-1][1]))
    return tuple(pairs)


def _walk(value: Json, path: Path_ = ()) -> Iterator[tuple[Path_, Json]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, (*path, i))


def _shape(path: Path_) -> Path_:
    return tuple("[]" if isinstance(p, int) else p for p in path)


@functools.cache
def transplants() -> dict[Path_, tuple[str, ...]]:
    """Values seen at each place (by shape) in the corpus, as JSON text: plausible re-values."""
    found: dict[Path_, set[str]] = {}
    for game, orders in corpus():
        for doc in (json.loads(game), json.loads(orders)):
            for path, value in _walk(doc):
                found.setdefault(_shape(path), set()).add(json.dumps(value))
    return {k: tuple(sorted(v)[:40]) for k, v in found.items()}


@functools.cache
def vocabulary() -> tuple[str, ...]:
    """Every enum and const string of both schemas, plus ids that do not exist."""
    words: set[str] = {"cards-99", "victory-0", "purple", "", "Z9", "turn", "x" * 300}
    for name in ("game.schema.json", "orders.schema.json"):
        for _, value in _walk(io.load_schema(name)):
            if isinstance(value, dict):
                words.update(v for v in value.get("enum", ()) if isinstance(v, str))
                if isinstance(value.get("const"), str):
                    words.add(value["const"])
    return tuple(sorted(words))


# --- Mutations --------------------------------------------------------------------------------------

SCALARS: st.SearchStrategy[Json] = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 70),
    st.sampled_from([2**31, 2**63, -(2**63), 10**15, 10**16, 10**400 // 10**390]),
    st.floats(allow_nan=False, allow_infinity=False, width=32), st.sampled_from([1.0, -0.0, 1e300]),
    st.text(max_size=8), st.sampled_from(["", "x" * 1001, "\u0000", "\ud7ff", "é"]),
)


def _values(data: st.DataObject, path: Path_) -> Json:
    """A new value for the place ``path``: plausible (seen there, a known word) or not."""
    seen = transplants().get(_shape(path), ())
    kind = data.draw(st.sampled_from(["transplant", "word", "scalar", "nested"]))
    if kind == "transplant" and seen:
        return json.loads(data.draw(st.sampled_from(seen)))
    if kind == "word":
        return data.draw(st.sampled_from(vocabulary()))
    if kind == "nested":
        return data.draw(st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                                      | st.dictionaries(st.sampled_from(vocabulary()), inner, max_size=3),
                                      max_leaves=6))
    return data.draw(SCALARS)


def _parent(doc: Json, path: Path_) -> Json:
    for part in path[:-1]:
        doc = doc[part]
    return doc


def _pick_path(doc: Json, data: st.DataObject) -> Path_:
    """A place in ``doc``: descend from the root, stopping at each level with chance 1/4."""
    path: Path_ = ()
    node = doc
    while isinstance(node, (dict, list)) and node and data.draw(st.integers(0, 3)) > 0:
        key = data.draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node))))
        path, node = (*path, key), node[key]
    return path


def mutate_tree(doc: Json, data: st.DataObject) -> Json:
    """One structured mutation somewhere in ``doc`` (in place; returns the new root)."""
    if not isinstance(doc, (dict, list)) or not doc:
        return doc
    path = _pick_path(doc, data)
    op = data.draw(st.sampled_from(["drop", "add", "revalue", "revalue", "retype", "reorder",
                                    "truncate", "duplicate"]))
    if not path:
        return _mutate_root(doc, op, data)
    parent, key = _parent(doc, path), path[-1]
    value = parent[key]
    if op == "drop":
        del parent[key]
    elif op == "add" and isinstance(value, dict):
        value[data.draw(st.sampled_from((*vocabulary(), "extra_field")))] = _values(data, path)
    elif op == "add" and isinstance(value, list):
        value.insert(data.draw(st.integers(0, len(value))), _values(data, (*path, 0)))
    elif op in ("reorder", "truncate", "duplicate") and isinstance(value, (list, dict)) and value:
        parent[key] = _reshape(value, op, data)
    elif op == "retype":
        parent[key] = data.draw(SCALARS | st.just([value]) | st.just({"value": value}))
    else:
        parent[key] = _values(data, path)
    return doc


def _mutate_root(doc: Json, op: str, data: st.DataObject) -> Json:
    if op == "retype":
        return data.draw(st.sampled_from([[doc], None, 1, "game", []]))
    if op == "add" and isinstance(doc, dict):
        doc[data.draw(st.sampled_from(vocabulary()))] = data.draw(SCALARS)
    elif op in ("reorder", "truncate", "duplicate"):
        return _reshape(doc, op, data)
    return doc


def _reshape(value: list[Json] | dict[str, Json], op: str, data: st.DataObject) -> Json:
    items = list(value.items()) if isinstance(value, dict) else list(value)
    if op == "reorder":
        items = data.draw(st.permutations(items))
    elif op == "truncate":
        items = items[:data.draw(st.integers(0, max(0, len(items) - 1)))]
    else:
        at = data.draw(st.integers(0, len(items) - 1))
        items.insert(at, items[at])
    return dict(items) if isinstance(value, dict) else items


def mutate_bytes(text: bytes, data: st.DataObject) -> bytes:
    """A mutation of the file's bytes: cut short, a stray byte, a BOM, a duplicate key."""
    op = data.draw(st.sampled_from(["cut", "byte", "bom", "duplicate", "empty"]))
    if op == "cut":
        return text[:data.draw(st.integers(0, len(text) - 1))]
    if op == "byte":
        at = data.draw(st.integers(0, len(text)))
        stray = data.draw(st.sampled_from([0x00, 0x80, 0xFF, 0x22, 0x7B, 0x5D]))
        return text[:at] + bytes([stray]) + text[at:]
    if op == "bom":
        return b"\xef\xbb\xbf" + text
    if op == "duplicate":
        return text.replace(b"{", b'{"format": 1, ', 1) if text.startswith(b"{") else text
    return b""


def mutated(original: bytes, data: st.DataObject) -> bytes:
    """1 to 3 structured mutations (re-encoded as JSON), or one mutation of the bytes."""
    if data.draw(st.integers(0, 9)) == 0:
        return mutate_bytes(original, data)
    doc: Json = json.loads(original)
    for _ in range(data.draw(st.integers(1, 3))):
        doc = mutate_tree(doc, data)
    pretty = data.draw(st.booleans())
    return json.dumps(doc, indent=2 if pretty else None, ensure_ascii=data.draw(st.booleans())).encode()


# --- Running the command line in-process ------------------------------------------------------------

@functools.cache
def _command() -> Any:
    return typer.main.get_command(app)


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``trajan ARGS`` (the same command ``main`` runs)."""
    out, err = textio.StringIO(), textio.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            returned = _command().main(args=args, prog_name="trajan", standalone_mode=False)
            code = returned if isinstance(returned, int) else 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def check_problems(code: int, err: str, as_json: bool, files: set[str]) -> None:
    """Every problem names a known file, a JSON path and a sentence; no internal error."""
    assert "Traceback" not in err
    if code == 0:
        return
    if as_json:
        problems = json.loads(err)
        assert isinstance(problems, list) and problems
        for p in problems:
            assert set(p) == {"code", "path", "message", "file"}, p
            assert p["file"] in files and p["path"].startswith("$") and p["message"].strip(), p
            assert not p["code"].startswith("internal."), p
        return
    lines = err.split("\n")[:-1]
    assert lines and err.endswith("\n")
    for line in lines:
        found = LINE.match(line)
        assert found and found["file"] in files, line
        assert "[internal." not in line, line


@functools.cache
def _folder() -> Path:
    """One scratch folder per test process, emptied after each example, removed at exit."""
    folder = Path(tempfile.mkdtemp(prefix="trajan-fuzz-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def fuzz_once(game: bytes, orders: bytes, command: str, as_json: bool) -> None:
    """Run one command on one (possibly mutated) pair and check every promise."""
    folder = _folder()
    for leftover in folder.iterdir():
        leftover.unlink()
    try:
        g, o, out, rep = folder / "game.json", folder / "orders.json", folder / "new.json", folder / "r.md"
        g.write_bytes(game)
        o.write_bytes(orders)
        args = {"check": ["check", str(g), str(o)], "show": ["show", str(g)], "options": ["options", str(g)],
                "adjudicate": ["adjudicate", str(g), str(o), "-o", str(out), "--report", str(rep)]}[command]
        code, _, err = run_cli(args + (["--json"] if as_json else []))
        assert code in (0, 1, 2, 3), (code, err)
        check_problems(code, err, as_json, {str(g), str(o)})
        assert g.read_bytes() == game and o.read_bytes() == orders
        written = {"new.json", "r.md"} if command == "adjudicate" and code == 0 else set()
        assert {p.name for p in folder.iterdir()} == {"game.json", "orders.json"} | written
        if written:
            io.read_game(str(out))  # what was written reads back as a consistent game
    finally:
        for leftover in folder.iterdir():
            leftover.unlink()


# --- The properties: SHARDS test functions, each PER_SHARD examples -----------------------------------

COMMANDS = ("check", "adjudicate", "check", "adjudicate", "show", "options")


def _property(shard: int) -> Callable[..., None]:
    @seed(SEED * 1000 + shard)
    @settings(max_examples=PER_SHARD, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def prop(data: st.DataObject) -> None:
        game, orders = data.draw(st.sampled_from(corpus()))
        target = data.draw(st.sampled_from(["game", "orders", "both"] if shard % 2 else ["game", "orders"]))
        if target in ("game", "both"):
            game = mutated(game, data)
        if target in ("orders", "both"):
            orders = mutated(orders, data)
        command = data.draw(st.sampled_from(COMMANDS if target != "orders" else ("check", "adjudicate")))
        fuzz_once(game, orders, command, data.draw(st.booleans()))
        RUNS[shard] = RUNS.get(shard, 0) + 1

    return prop


RUNS: dict[int, int] = {}


@pytest.mark.parametrize("shard", range(SHARDS))
def test_mutations_never_crash_nor_write(shard: int) -> None:
    _property(shard)()
    assert RUNS[shard] >= PER_SHARD  # every example ran (SHARDS * PER_SHARD >= EXAMPLES in all)


def test_the_corpus_is_valid_and_covers_every_pending_kind() -> None:
    kinds = set()
    for game, orders in corpus():
        state = io.load_game(game)
        io.load_orders(orders)
        kinds.add(type(state.pending).__name__)
    assert kinds == {"SetupMarkers", "SetupCards", "SetupTrajan", "TakeTurn", "ContinueTurn", "MeetDemands",
                     "ChooseBonus", "GameOver"}


def test_unmutated_pairs_are_accepted() -> None:
    for game, orders in corpus()[:12]:
        folder = Path(tempfile.mkdtemp(prefix="trajan-fuzz-"))
        try:
            (folder / "g.json").write_bytes(game)
            (folder / "o.json").write_bytes(orders)
            code, _, err = run_cli(["check", str(folder / "g.json"), str(folder / "o.json")])
            assert code == 0, err
        finally:
            shutil.rmtree(folder, ignore_errors=True)


@seed(SEED)
@settings(max_examples=max(50, EXAMPLES // 20), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_what_the_model_accepts_the_schema_accepts(data: st.DataObject) -> None:
    """``io`` runs the schema only on files the model refuses: the model must be the stricter."""
    game, orders = data.draw(st.sampled_from(corpus()))
    which, name, model = data.draw(st.sampled_from([(game, "game.schema.json", GameState),
                                                    (orders, "orders.schema.json", OrderFile)]))
    text = mutated(which, data)
    try:
        value = io.parse_object(text, "x")
        msgspec.json.decode(text, type=model)
    except (Malformed, msgspec.ValidationError):
        return
    assert io.schema_problems(value, name) == []
