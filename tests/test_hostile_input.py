"""Hostile input (issue 8): whatever arrives, a clear reason, quickly, and nothing changed.

Every case runs through the command line (in-process) and must end with the expected
exit code and problem code, a JSON path and a sentence, with no traceback and the input
files unchanged byte for byte.  How long a refusal takes is a bench figure
(``hostile_check_max_s`` in ``trajan bench``), not a timed test.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from adjudicator.files import io
from adjudicator.model.state import ChooseBonus, ContinueTurn, GameState, MeetDemands, SetupTrajan
from adjudicator.rules.invariants import validate_state
from tests.playout import playout_orders
from tests.test_fuzz import run_cli

Doc = dict[str, Any]


@functools.cache
def _states() -> dict[str, tuple[bytes, bytes]]:
    """A (game, orders) pair for some pending kinds, from one seeded bot game."""
    found: dict[str, tuple[bytes, bytes]] = {}
    for state, orders, _ in playout_orders(3, "fuzz-3", ("greedy", "greedy", "random")):
        kind = type(state.pending).__name__
        if kind not in found or (kind == "TakeTurn" and state.quarter == 2 and "mid" not in found):
            key = "mid" if kind in found else kind
            found[key] = (io.encode_state(state), io.encode_orders(orders))
    return found


def mid_game() -> tuple[Doc, Doc]:
    game, orders = _states()["mid"]
    return json.loads(game), json.loads(orders)


Problems = list[dict[str, Any]]


def run(tmp_path: Path, game: bytes, orders: bytes, command: str = "check") -> tuple[int, Problems]:
    """Run ``command`` with ``--json``; check the promises; the exit code and the problems."""
    g, o = tmp_path / "game.json", tmp_path / "orders.json"
    g.write_bytes(game)
    o.write_bytes(orders)
    args = [command, str(g)] + ([str(o)] if command in ("check", "adjudicate") else [])
    if command == "adjudicate":
        args += ["-o", str(tmp_path / "new.json")]
    code, _, err = run_cli([*args, "--json"])  # how long it takes: trajan bench (hostile_check_max_s)
    assert "Traceback" not in err
    assert g.read_bytes() == game and o.read_bytes() == orders
    problems: Problems = json.loads(err) if err else []
    for p in problems:
        assert p["file"] in (str(g), str(o)) and p["path"].startswith("$"), p
        assert p["message"].endswith((".", "…")) and not p["code"].startswith("internal."), p
    if code != 0:
        assert problems and not (tmp_path / "new.json").exists()
    return code, problems


def _codes(problems: Problems) -> set[str]:
    return {p["code"] for p in problems}


# --- Bytes that are not a JSON object ----------------------------------------------------------------

DEEP = b"[" * 10_000 + b"]" * 10_000
BYTES: list[tuple[str, bytes, str]] = [
    ("empty", b"", "input.empty"),
    ("blank", b" \n\t\n", "input.empty"),
    ("bom", b"\xef\xbb\xbf{}", "input.bom"),
    ("latin-1", '{"game_id": "café"}'.encode("latin-1"), "input.not_utf8"),
    ("utf-16", '{"a": 1}'.encode("utf-16"), "input.not_utf8"),
    ("truncated", b'{"format": 1, "seats": ["red", "gre', "input.not_json"),
    ("trailing", b'{"format": 1} {}', "input.not_json"),
    ("nan", b'{"format": NaN}', "input.not_json"),
    ("lone surrogate", b'{"seed": "\\ud800"}', "input.not_json"),
    ("float overflow", b'{"decision": 1e400}', "input.not_json"),
    ("4400 digits", b'{"decision": 1' + b"0" * 4400 + b"}", "input.not_json"),
    ("array", b"[1, 2]", "input.not_object"),
    ("string", b'"game"', "input.not_object"),
    ("null", b"null", "input.not_object"),
    ("10,000 nested arrays", DEEP, "input.too_deep"),
    ("10,000 nested in a field", b'{"pending": ' + DEEP + b"}", "input.too_deep"),
    ("10,000 nested objects", b'{"a": ' * 10_000 + b"1" + b"}" * 10_000, "input.too_deep"),
    ("100 nested arrays", b'{"players": ' + b"[" * 100 + b"]" * 100 + b"}", "input.too_deep"),
    ("duplicate key", b'{"format": 1, "format": 1}', "input.duplicate_key"),
    ("nested duplicate key", b'{"board": {"time": 1, "time": 2}}', "input.duplicate_key"),
    ("20 digits", b'{"decision": 100000000000000000000}', "input.number_too_large"),
    ("long string", b'{"game_id": "' + b"x" * 5000 + b'"}', "input.too_long"),
    ("long key", b'{"' + b"k" * 5000 + b'": 1}', "input.too_long"),
    ("long array", b'{"seats": [' + b", ".join([b'"red"'] * 5000) + b"]}", "input.too_many_items"),
    ("many fields", b"{" + b", ".join(b'"k%d": 1' % i for i in range(5000)) + b"}", "input.too_many_items"),
    ("many values", json.dumps({"a": [[0] * 999] * 25}).encode(), "input.too_many_values"),
]


@pytest.mark.parametrize(("name", "content", "code"), BYTES, ids=[b[0] for b in BYTES])
@pytest.mark.parametrize("which", ["game", "orders"])
def test_bytes_that_are_no_json_object(tmp_path: Path, name: str, content: bytes, code: str,
                                       which: str) -> None:
    game, orders = _states()["mid"]
    if which == "game":
        game = content
    else:
        orders = content
    exit_code, problems = run(tmp_path, game, orders)
    assert exit_code == 2
    assert problems[0]["code"] == code
    assert problems[0]["file"].endswith(f"{which}.json")


def test_a_50_mb_file_is_refused_unread(tmp_path: Path) -> None:
    big = b'{"seed": "' + b"x" * (50 * 1024 * 1024) + b'"}'
    exit_code, problems = run(tmp_path, big, _states()["mid"][1])
    assert exit_code == 2 and problems[0]["code"] == "input.too_large"


@pytest.mark.parametrize("path", ["/dev/null", "missing.json", "."])
def test_files_that_are_not_there(tmp_path: Path, path: str) -> None:
    code, _, err = run_cli(["show", str(tmp_path / path) if path != "/dev/null" else path, "--json"])
    assert code == 2
    assert json.loads(err)[0]["code"] in ("input.special_file", "input.missing", "input.not_a_file")


def test_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    game, orders = mid_game()
    orders["player"] = "\u001b[31mred\u0085\u2028"
    code, problems = run(tmp_path, json.dumps(game).encode(), json.dumps(orders, ensure_ascii=False).encode())
    assert code == 2
    assert all(c.isprintable() for p in problems for c in p["message"])


# --- Wrong types and wrong values in every field ---------------------------------------------------------

def _leaves(doc: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any]]:
    """One place of each shape (the first list item stands for all), with its value."""
    out = [(path, doc)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _leaves(v, (*path, k))
    elif isinstance(doc, list) and doc:
        out += _leaves(doc[0], (*path, 0))
    return out


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return {"items": value}
    if isinstance(value, dict):
        return [value]
    return [None]


def _set(doc: Any, path: tuple[str | int, ...], value: Any) -> None:
    for part in path[:-1]:
        doc = doc[part]
    doc[path[-1]] = value


def _places(which: str) -> list[tuple[str | int, ...]]:
    game, orders = mid_game()
    return [p for p, _ in _leaves(game if which == "game" else orders) if p]


@pytest.mark.parametrize("which", ["game", "orders"])
def test_a_wrong_type_anywhere_is_named_at_its_path(tmp_path: Path, which: str) -> None:
    for path in _places(which):
        game, orders = mid_game()
        doc = game if which == "game" else orders
        value: Any = doc
        for part in path:
            value = value[part]
        _set(doc, path, _wrong_type(value))
        code, problems = run(tmp_path, json.dumps(game).encode(), json.dumps(orders).encode())
        where = io.json_path(path)
        assert code == 2, (where, problems)
        near = [p for p in problems if p["path"].startswith(where) or where.startswith(p["path"])]
        assert near, (where, problems)


NONSENSE: list[Any] = ["cards-99", -1, 99, None]


@pytest.mark.parametrize("value", NONSENSE, ids=[json.dumps(v) for v in NONSENSE])
@pytest.mark.parametrize(("which", "command"), [("game", "adjudicate"), ("game", "options"),
                                                ("orders", "adjudicate")])
def test_a_wrong_value_anywhere_is_refused_or_harmless(tmp_path: Path, which: str, value: Any,
                                                        command: str) -> None:
    for path in _places(which):
        game, orders = mid_game()
        _set(game if which == "game" else orders, path, value)
        code, _ = run(tmp_path, json.dumps(game).encode(), json.dumps(orders).encode(), command)
        assert code in (0, 1, 2, 3)
        for leftover in ("new.json",):
            (tmp_path / leftover).unlink(missing_ok=True)


# --- Ids that do not exist, orders for another game -------------------------------------------------------

def test_a_trajan_tile_that_does_not_exist(tmp_path: Path) -> None:
    game, orders = mid_game()
    game["players"][0]["slots"]["military"] = "cards-99"
    code, problems = run(tmp_path, json.dumps(game).encode(), json.dumps(orders).encode())
    assert code == 3
    assert problems[0]["code"] == "state.unknown_trajan_tile"
    assert problems[0]["path"] == "$.players[0].slots.military"


@pytest.mark.parametrize(("field", "value", "code"), [
    ("game_id", "trajan-000000000000", "orders.wrong_game"),
    ("decision", 1, "orders.stale"),
    ("player", "brown", "orders.wrong_player"),
])
def test_orders_for_another_game_decision_or_player(tmp_path: Path, field: str, value: Any,
                                                    code: str) -> None:
    game, orders = mid_game()
    orders[field] = value
    exit_code, problems = run(tmp_path, json.dumps(game).encode(), json.dumps(orders).encode(), "adjudicate")
    assert exit_code == 1 and code in _codes(problems)


# --- A game file that passes the schema but that the state does not justify (exit 3) ----------------------

def _with(kind: str, change: Callable[[Doc], None]) -> bytes:
    game = json.loads(_states()[kind][0])
    change(game)
    return json.dumps(game).encode()


def _pending(pending: Doc) -> Callable[[Doc], None]:
    def change(game: Doc) -> None:
        game["pending"] = pending
    return change


def _turn(**fields: Any) -> Callable[[Doc], None]:
    def change(game: Doc) -> None:
        game["turn"].update(fields)
    return change


def _first_player(field: str, value: Any) -> Callable[[Doc], None]:
    def change(game: Doc) -> None:
        game["players"][0][field] = value
    return change


def _board(field: str, value: Any) -> Callable[[Doc], None]:
    def change(game: Doc) -> None:
        game["board"][field] = value
    return change


def _demand_pile_short(game: Doc) -> None:
    game["removed"]["demand"] += game["piles"]["demand"]
    game["piles"]["demand"] = []


def _arch_on_tile(game: Doc) -> None:
    p = game["players"][0]
    p["arch"] = next(a for a, t in p["slots"].items() if t is not None)


def _player(game: Doc, colour: str) -> Doc:
    found: Doc = next(p for p in game["players"] if p["colour"] == colour)
    return found


def _consul_is_vice(game: Doc) -> None:
    game["pending"]["vice_consul"] = game["pending"]["player"]


def _one_bonus_tile(game: Doc) -> None:
    game["piles"]["bonus_bag"] += game["board"]["senate_bonus"][1:]
    game["board"]["senate_bonus"] = game["board"]["senate_bonus"][:1]


def _no_demand_tiles(game: Doc) -> None:
    p = _player(game, game["pending"]["players"][0])
    kept = [t for t in p["forum_tiles"] if t not in ("bread", "games", "religion", "wild-demand")]
    game["removed"]["forum"] += [t for t in p["forum_tiles"] if t not in kept]
    p["forum_tiles"] = kept
    game["removed"]["trajan"] += p["trajan_demand_tiles"]
    p["trajan_demand_tiles"] = []


def _discard_without_card(game: Doc) -> None:
    game["turn"]["discard_due"] = True
    p = _player(game, game["turn"]["player"])
    game["removed"]["commodities"] += p["hand"]
    p["hand"] = []


def _no_turn_without_pause(game: Doc) -> None:
    game["turn"] = {"player": "red", "target": "forum"}


UNJUSTIFIED: list[tuple[str, str, Callable[[Doc], None], str]] = [
    ("setup_markers naming a player with full trays", "mid",
     _pending({"kind": "setup_markers", "players": ["red"]}), "state.markers_before_setup"),
    ("setup_cards mid-game", "mid", _pending({"kind": "setup_cards", "player": "red", "cards_left": 3}),
     "state.setup_late"),
    ("setup_trajan mid-game", "mid", _pending({"kind": "setup_trajan", "player": "red"}), "state.setup_late"),
    ("setup_cards with cards already taken", "SetupCards", _first_player("hand", ["fish"]),
     "state.setup_hand"),
    ("setup_trajan with tiles already chosen", "SetupTrajan",
     _first_player("slots", {"seaport": None, "forum": "cards-1", "military": None, "senate": None,
                             "trajan": None, "construction": None}), "state.setup_slots"),
    ("the Arch moved during the setup", "SetupTrajan", _first_player("arch", "senate"), "state.setup_arch"),
    ("demands with no demand revealed", "mid",
     _pending({"kind": "demands", "players": ["red"], "next_turn": "green"}), "state.quarter_not_over"),
    ("consul mid-quarter", "mid", _pending({"kind": "consul", "player": "red", "vice_consul": "green",
                                            "next_turn": "blue"}), "state.quarter_not_over"),
    ("consul also vice consul", "ChooseBonus", _consul_is_vice, "state.consul_is_vice"),
    ("consul with one bonus tile", "ChooseBonus", _one_bonus_tile, "state.consul_without_choice"),
    ("demands asked of a player without a choice", "MeetDemands", _no_demand_tiles,
     "state.demands_no_choice"),
    ("a paused turn that must discard without a card", "ContinueTurn", _discard_without_card,
     "state.discard_without_card"),
    ("a special action of a tile without one", "ContinueTurn", _turn(special="victory-1"),
     "state.special_without_action"),
    ("extra repeats without a tile spent", "ContinueTurn",
     _turn(extra_used=False, queue=[{"action": "forum", "source": "extra"}]), "state.extra_not_spent"),
    ("too few demand tiles left", "mid", _demand_pile_short, "state.demand_pile_short"),
    ("the time marker off the track", "mid", _board("time", 16), "state.time_off_track"),
    ("a Trajan tile on the Arch's slot", "mid", _arch_on_tile, "state.arch_on_tile"),
    ("a turn in progress without a pause", "mid", _no_turn_without_pause, "state.turn_without_pause"),
]


@pytest.mark.parametrize(("name", "kind", "change", "code"), UNJUSTIFIED, ids=[u[0] for u in UNJUSTIFIED])
def test_a_pending_decision_the_state_does_not_justify(tmp_path: Path, name: str, kind: str,
                                                       change: Callable[[Doc], None], code: str) -> None:
    game = _with(kind, change)
    exit_code, problems = run(tmp_path, game, _states()[kind][1], "adjudicate")
    assert exit_code == 3, problems
    assert code in _codes(problems)


def test_the_examples_used_above_are_consistent() -> None:
    kinds = {"mid": GameState, "SetupTrajan": GameState, "ChooseBonus": GameState,
             "MeetDemands": GameState, "ContinueTurn": GameState}
    for kind in kinds:
        state = msgspec.json.decode(_states()[kind][0], type=GameState)
        assert validate_state(state) == [], kind
    assert isinstance(msgspec.json.decode(_states()["SetupTrajan"][0], type=GameState).pending, SetupTrajan)
    assert isinstance(msgspec.json.decode(_states()["ChooseBonus"][0], type=GameState).pending, ChooseBonus)
    assert isinstance(msgspec.json.decode(_states()["MeetDemands"][0], type=GameState).pending, MeetDemands)
    assert isinstance(msgspec.json.decode(_states()["ContinueTurn"][0], type=GameState).pending, ContinueTurn)


# --- --json on every command, also for bad arguments -----------------------------------------------

@pytest.mark.parametrize("args", [
    ["new", "--players", "red,purple"],
    ["show", "missing.json"],
    ["check", "missing.json", "missing.json"],
    ["adjudicate", "missing.json", "missing.json", "-o", "new.json"],
    ["options", "missing.json"],
    ["selfplay", "--players", "2", "--bots", "nobody", "--out", "log"],
])
def test_json_problems_on_every_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli([*args, "--json"])
    assert code == 2 and out == ""
    problems = json.loads(err)
    assert problems and all(set(p) == {"code", "path", "message", "file"} for p in problems)


@pytest.mark.parametrize("args", [["check"], ["show", "--bogus", "x"], ["no-such-command"],
                                  ["selfplay", "--players", "9", "--out", "x"]])
def test_usage_errors_are_json_with_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                         args: list[str]) -> None:
    from adjudicator.commands.main import main

    monkeypatch.setattr("sys.argv", ["trajan", *args, "--json"])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 2
    problems = json.loads(capsys.readouterr().err)
    assert problems[0]["code"] == "args.usage" and problems[0]["message"].endswith(".")


def test_a_closed_stdout_is_no_internal_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    game = tmp_path / "game.json"
    game.write_bytes(_states()["mid"][0])
    proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "show", str(game)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait() == 2
    assert b"internal" not in err and b"Traceback" not in err
