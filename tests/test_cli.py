"""The ``trajan`` command line: exit codes, problems, files in and out."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest
from typer.testing import CliRunner, Result

from adjudicator import DISTRIBUTION, __version__
from adjudicator.commands.main import app
from adjudicator.errors import Malformed
from adjudicator.files import io, write
from adjudicator.game import engine
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.rendering.show import render_show

ROOT = Path(__file__).resolve().parent.parent
FOUR = "red,green,blue,brown"
MARKERS = {"seaport": ["yellow", "orange"], "forum": ["green", "white"], "military": ["pink", "blue"],
           "senate": ["yellow", "orange"], "trajan": ["green", "white"], "construction": ["pink", "blue"]}


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def new_file(tmp_path: Path, *args: str, players: str = FOUR, name: str = "game.json",
             seed: str = "7") -> Path:
    path = tmp_path / name
    result = run("new", "--players", players, "--test-seed", seed, *args, "-o", path)
    assert result.exit_code == 0, result.output
    return path


def order(state: GameState, player: str, answer: dict[str, Any]) -> dict[str, Any]:
    return {"format": 2, "game_id": state.game_id, "decision": state.decision, "player": player,
            "answer": answer}


def write_json(path: Path, doc: Any) -> Path:
    path.write_text(json.dumps(doc))
    return path


def problems_of(result: Result) -> list[dict[str, Any]]:
    problems: list[dict[str, Any]] = json.loads(result.stderr)
    return problems


# --- new ----------------------------------------------------------------------------------

def test_new_gives_the_same_bytes_in_another_process(tmp_path: Path) -> None:
    a = new_file(tmp_path, name="a.json").read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "3"}  # another hash seed too
    other = subprocess.run([sys.executable, "-m", "adjudicator", "new", "--players", FOUR, "--test-seed", "7",
                            "-o", "-"], capture_output=True, env=env, timeout=120, check=True)
    assert other.stdout == a
    assert a.endswith(b"}\n")
    printed = run("new", "--players", FOUR, "--test-seed", "7")
    assert printed.exit_code == 0
    assert printed.stdout.encode() == a


def test_another_seed_gives_another_game(tmp_path: Path) -> None:
    a = io.read_game(str(new_file(tmp_path)))
    result = run("new", "--players", FOUR, "--test-seed", "8")
    b = io.load_game(result.stdout.encode())
    assert a.piles.deck != b.piles.deck
    assert a.board.district != b.board.district


def test_without_seed_a_random_seed_is_recorded() -> None:
    a = io.load_game(run("new", "--players", "red,green").stdout.encode())
    b = io.load_game(run("new", "--players", "red,green").stdout.encode())
    assert len(a.seed) == 32 and a.seed != b.seed


@pytest.mark.parametrize("players", ["red,green", "red,green,blue", "brown,blue,green,red"])
def test_two_to_four_players(tmp_path: Path, players: str) -> None:
    state = io.read_game(str(new_file(tmp_path, players=players)))
    assert ",".join(state.seats) == players


def test_first_player_option_and_game_id(tmp_path: Path) -> None:
    state = io.read_game(str(new_file(tmp_path, "--first", "blue", "--game-id", "rome-1")))
    assert state.start_player == "blue" and state.game_id == "rome-1"


def test_rules_option(tmp_path: Path) -> None:
    state = io.read_game(str(new_file(tmp_path, "--option", "trajan_tiles_score_at_end=true")))
    assert state.options.trajan_tiles_score_at_end is True
    bad = run("new", "--players", FOUR, "--option", "no_such_option=1", "--json")
    assert bad.exit_code == 2
    assert problems_of(bad)[0]["code"] == "new.unknown_option"


@pytest.mark.parametrize(("players", "problems"), [
    ("red", ["--players: Trajan is played by 2 to 4 players, got 1. [new.player_count]"]),
    ("red,green,blue,brown,red", ["--players: Trajan is played by 2 to 4 players, got 5. [new.player_count]",
                                  "--players[4]: Player colour 'red' is given twice. [new.repeated_colour]"]),
    ("red,purple", ["--players[1]: Unknown player colour 'purple'; expected one of red, green, blue, brown. "
                    "[new.unknown_colour]"]),
    ("red,green,red", ["--players[2]: Player colour 'red' is given twice. [new.repeated_colour]"]),
])
def test_bad_players_exit_2_with_a_sentence(players: str, problems: list[str]) -> None:
    result = run("new", "--players", players)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == problems
    assert result.stdout == ""


def test_new_writes_a_file_valid_against_the_published_schema(tmp_path: Path) -> None:
    schema = json.loads((ROOT / "schemas" / "game.schema.json").read_bytes())
    doc = json.loads(new_file(tmp_path).read_bytes())
    jsonschema.validate(doc, schema, cls=jsonschema.Draft202012Validator)


# --- reading game files ------------------------------------------------------------------------

def test_game_with_61_commodity_cards_is_inconsistent(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    doc = json.loads(path.read_bytes())
    doc["piles"]["deck"].append("fish")
    write_json(path, doc)
    result = run("show", path, "--json")
    assert result.exit_code == 3, result.output
    problems = problems_of(result)
    assert problems and all(p["file"] == str(path) for p in problems)
    assert all(p["message"].endswith(".") for p in problems)


def test_schema_violation_exits_2_with_the_json_path(tmp_path: Path) -> None:
    path = new_file(tmp_path)
    doc = json.loads(path.read_bytes())
    doc["players"][1]["vp"] = "many"
    doc["board"]["provinces"][0]["tile"] = "gold"
    write_json(path, doc)
    result = run("show", path, "--json")
    assert result.exit_code == 2
    paths = {p["path"] for p in problems_of(result)}
    assert paths == {"$.players[1].vp", "$.board.provinces[0].tile"}


def test_json_problems_have_code_path_message_file(tmp_path: Path) -> None:
    result = run("show", tmp_path / "missing.json", "--json")
    assert result.exit_code == 2
    missing = {"code": "input.missing", "path": "$", "message": "There is no file at this path.",
               "file": str(tmp_path / "missing.json")}
    assert problems_of(result) == [missing]


@pytest.mark.parametrize(("content", "code"), [
    (b"", "input.empty"),
    (b"\xef\xbb\xbf{}", "input.bom"),
    (b"\xff\xfe{}", "input.not_utf8"),
    (b'{"format": 1', "input.not_json"),
    (b"[1, 2]", "input.not_object"),
    (b'{"a": 1, "a": 2}', "input.duplicate_key"),
    (b"[" * 10000 + b"]" * 10000, "input.too_deep"),
])
def test_hostile_input_is_malformed(tmp_path: Path, content: bytes, code: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = run("show", path, "--json")
    assert result.exit_code == 2
    assert problems_of(result)[0]["code"] == code
    assert path.read_bytes() == content


def test_input_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b'{"a": "' + b"x" * io.MAX_INPUT_BYTES + b'"}')
    result = run("show", path, "--json")
    assert result.exit_code == 2
    assert problems_of(result)[0]["code"] == "input.too_large"


# --- show ----------------------------------------------------------------------------------------

def _game_with_hands(tmp_path: Path) -> GameState:
    state = io.read_game(str(new_file(tmp_path, seed="s3cret-seed-for-show")))
    for colour in state.seats:
        state = engine.adjudicate(state, _orders(state, colour, {"decision": "setup_markers",
                                                                 "trays": MARKERS})).state
    player = state.start_player
    state = engine.adjudicate(state, _orders(state, player, {"decision": "setup_cards",
                                                             "take": ["deck", "deck", "deck"]})).state
    assert any(p.hand for p in state.players)
    return state


def _orders(state: GameState, player: str, answer: dict[str, Any]) -> OrderFile:
    return msgspec.convert(order(state, player, answer), OrderFile)


def test_show_prints_the_public_state(tmp_path: Path) -> None:
    state = _game_with_hands(tmp_path)
    path = tmp_path / "hands.json"
    path.write_bytes(io.encode_state(state))
    result = run("show", path)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert state.game_id in text
    assert state.seed not in text
    assert re.findall(r"^== (\w+): \d+ VP", text, re.MULTILINE) == list(state.seats)
    assert re.findall(r"^Hand: (\d+) card\(s\)", text, re.MULTILINE) == [str(len(p.hand)) for p in state.players]


def test_show_hides_hands_piles_and_seed(tmp_path: Path) -> None:
    state = _game_with_hands(tmp_path)
    holder = next(p for p in state.players if p.hand)
    other_hand = ("gems",) * len(holder.hand) if "gems" not in holder.hand else ("wheat",) * len(holder.hand)
    players = tuple(msgspec.structs.replace(p, hand=other_hand) if p is holder else p for p in state.players)
    piles = msgspec.structs.replace(
        state.piles,
        deck=tuple(reversed(state.piles.deck)),
        forum=tuple(reversed(state.piles.forum)),
        demand_removed=tuple(reversed(state.piles.demand_removed)),
        bonus_bag=tuple(reversed(state.piles.bonus_bag)),
    )
    hidden_changed = msgspec.structs.replace(state, players=players, piles=piles, seed="other seed")
    assert render_show(hidden_changed) == render_show(state)


# --- check and adjudicate ------------------------------------------------------------------------

def _setup_orders(tmp_path: Path, game: Path, player: str = "red", decision: int = 1) -> Path:
    state = io.read_game(str(game))
    doc = order(state, player, {"decision": "setup_markers", "trays": MARKERS})
    doc["decision"] = decision
    return write_json(tmp_path / f"orders-{player}-{decision}.json", doc)


def test_check_legal_and_illegal_orders(tmp_path: Path) -> None:
    game = new_file(tmp_path)
    legal = run("check", game, _setup_orders(tmp_path, game))
    assert legal.exit_code == 0, legal.output
    stale = _setup_orders(tmp_path, game, decision=5)
    illegal = run("check", game, stale, "--json")
    assert illegal.exit_code == 1
    problems = problems_of(illegal)
    assert [p["code"] for p in problems] == ["orders.stale"]
    assert problems[0]["path"] == "$.decision" and problems[0]["file"] == str(stale)


def test_adjudicate_writes_the_whole_new_game_and_never_touches_inputs(tmp_path: Path) -> None:
    game = new_file(tmp_path)
    orders = _setup_orders(tmp_path, game)
    before = game.read_bytes(), orders.read_bytes()
    out, report = tmp_path / "new.json", tmp_path / "report.md"
    result = run("adjudicate", game, orders, "-o", out, "--report", report)
    assert result.exit_code == 0, result.output
    assert (game.read_bytes(), orders.read_bytes()) == before
    expected = engine.adjudicate(io.read_game(str(game)), io.read_orders(str(orders))).state
    assert out.read_bytes() == io.encode_state(expected)
    assert io.read_game(str(out)).chain.orders is not None  # the game after the orders
    assert report.read_text().strip()


def test_adjudicate_prints_the_report_without_report_option(tmp_path: Path) -> None:
    game = new_file(tmp_path)
    orders = _setup_orders(tmp_path, game)
    result = run("adjudicate", game, orders, "-o", tmp_path / "new.json")
    assert result.exit_code == 0, result.output
    written = run("adjudicate", game, orders, "-o", tmp_path / "other.json", "--report", tmp_path / "r.md")
    assert written.exit_code == 0, written.output
    assert result.stdout == (tmp_path / "r.md").read_text() and result.stdout.startswith("#")


def test_adjudicate_refused_orders_write_nothing(tmp_path: Path) -> None:
    game = new_file(tmp_path)
    orders = _setup_orders(tmp_path, game, player="purple")
    before = game.read_bytes(), orders.read_bytes()
    out = tmp_path / "new.json"
    result = run("adjudicate", game, orders, "-o", out, "--json")
    assert result.exit_code == 2
    assert problems_of(result)[0]["path"] == "$.player"
    wrong = _setup_orders(tmp_path, game, decision=9)
    assert run("adjudicate", game, wrong, "-o", out).exit_code == 1
    assert not out.exists()
    assert (game.read_bytes(), orders.read_bytes()) == before


def test_adjudicate_may_overwrite_its_input(tmp_path: Path) -> None:
    game = new_file(tmp_path)
    result = run("adjudicate", game, _setup_orders(tmp_path, game), "-o", game)
    assert result.exit_code == 0, result.output
    assert io.read_game(str(game)).chain.orders is not None  # the game after the orders
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "orders-red-1.json"]


def test_output_into_a_missing_folder_exits_2(tmp_path: Path) -> None:
    result = run("new", "--players", FOUR, "-o", tmp_path / "nowhere" / "g.json", "--json")
    assert result.exit_code == 2
    assert problems_of(result)[0]["code"] == "output.write_failed"


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"old")

    def broken_replace(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(Malformed) as failure:
        write.write_atomic(str(path), b"new contents")
    assert failure.value.problems[0].code == "output.write_failed"
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_unexpected_errors_become_an_internal_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("adjudicator.game.newgame.new_game", boom)
    monkeypatch.delenv("TRAJAN_DEBUG", raising=False)
    result = run("new", "--players", FOUR, "--json")
    assert result.exit_code == 2
    assert problems_of(result)[0]["code"] == "internal.error"
    assert "Traceback" not in result.output


# --- help and version ----------------------------------------------------------------------------

@pytest.mark.parametrize("command", [[], ["new"], ["show"], ["check"], ["adjudicate"]])
def test_help_everywhere(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert result.stdout.startswith(" ".join(["Usage: trajan", *command, "[OPTIONS]"]))


def test_version_and_python_m(tmp_path: Path) -> None:
    assert run("--version").stdout.strip() == f"trajan {__version__} ({DISTRIBUTION})"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "--version"], capture_output=True, text=True,
                          env=env, cwd=tmp_path, check=False)
    assert proc.returncode == 0 and proc.stdout.strip() == f"trajan {__version__} ({DISTRIBUTION})"


def test_a_report_never_overwrites_an_input_or_the_new_game(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from adjudicator.commands.main import app

    runner = CliRunner()
    game = tmp_path / "g.json"
    assert runner.invoke(app, ["new", "--players", "red,green", "--test-seed", "1", "-o", str(game)]).exit_code == 0
    orders = tmp_path / "o.json"
    assert runner.invoke(app, ["bot", str(game), "--player", "red", "-o", str(orders)]).exit_code == 0
    before = game.read_bytes()
    for args in (["--report", str(game)], ["--report", str(orders)], ["--report", str(tmp_path / "n.json")]):
        out = runner.invoke(app, ["adjudicate", str(game), str(orders), "-o", str(tmp_path / "n.json"), *args])
        assert out.exit_code == 2 and out.stdout == ""
        assert [line.rsplit(" ", 1)[-1] for line in out.stderr.splitlines()] == ["[args.overwrites_input]"]
    assert game.read_bytes() == before and not (tmp_path / "n.json").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("as_json", [False, True])
def test_a_full_disk_on_stdout_is_a_write_failure_not_an_internal_error(as_json: bool) -> None:
    game = Path(__file__).parent.parent / "examples" / "turn" / "game.json"
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "adjudicator", "show", str(game), *(["--json"] if as_json else [])],
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False)
    assert proc.returncode == 2, proc.stderr
    assert "output.write_failed" in proc.stderr and "No space left on device" in proc.stderr
    assert "internal.error" not in proc.stderr and "Traceback" not in proc.stderr
    if as_json:
        assert [p["code"] for p in json.loads(proc.stderr)] == ["output.write_failed"]
