"""The game master's log: ``trajan log new`` / ``trajan log add`` keep a folder ``verify``
reads, all or nothing; ``verify`` checks its reports and views too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from adjudicator.commands.main import app
from adjudicator.files import io
from adjudicator.game.engine import deciders
from adjudicator.logs.selfplay import selfplay
from adjudicator.logs.verify import verify_log
from adjudicator.model.state import GameOver


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def _latest(log: Path) -> int:
    return max(int(f.name[:4]) for f in log.glob("*-game.json"))


def _snapshot(log: Path) -> dict[str, bytes]:
    return {f.name: f.read_bytes() for f in sorted(log.iterdir())}


def _play(log: Path, tmp_path: Path, steps: int | None = None) -> int:
    """The players answer from their latest views (a bot writes each answer); the game
    master adds every order with `log add`.  Returns the number of steps added."""
    added = 0
    while steps is None or added < steps:
        k = _latest(log)
        state = io.read_game(str(log / f"{k:04d}-game.json"))
        if isinstance(state.pending, GameOver):
            break
        colour = deciders(state.pending)[-1]
        orders = tmp_path / f"orders-{k}.json"
        result = run("bot", log / f"{k:04d}-view-{colour}.json", "--player", colour, "--bot", "random",
                     "-o", orders)
        assert result.exit_code == 0, result.output
        result = run("log", "add", log, orders)
        assert result.exit_code == 0, result.output
        added += 1
    return added


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole 3-player game run by the game master with the log command alone."""
    root = tmp_path_factory.mktemp("gm")
    log = root / "log"
    result = run("log", "new", log, "--players", "red,green,blue", "--test-seed", "game-master")
    assert result.exit_code == 0, result.output
    assert sorted(f.name for f in log.iterdir()) == [
        "0000-game.json", "0000-view-blue.json", "0000-view-green.json", "0000-view-red.json"]
    _play(log, root)
    return log


def test_a_game_master_runs_a_whole_game_with_the_log_command(played: Path) -> None:
    last = _latest(played)
    assert isinstance(io.read_game(str(played / f"{last:04d}-game.json")).pending, GameOver)
    names = {f.name for f in played.iterdir()}
    for k in range(1, last + 1):
        for kind in ("orders.json", "game.json", "report.md", "report-red.md", "report-green.md",
                     "report-blue.md"):
            assert f"{k:04d}-{kind}" in names
    # Only the latest step's views are kept; they re-derive from any game file.
    assert sorted(n for n in names if "-view-" in n) == [f"{last:04d}-view-{c}.json" for c in ("blue", "green", "red")]
    result = run("verify", played)
    assert result.exit_code == 0 and result.output.startswith("ok"), result.output


def _copy(played: Path, tmp_path: Path) -> Path:
    log = tmp_path / "log"
    shutil.copytree(played, log)
    return log


@pytest.mark.parametrize(("name", "old", "new"), [
    ("0040-report.md", "VP", "VP!"),
    ("0040-report-green.md", "green", "grene"),
])
def test_verify_fails_on_a_changed_report_line(played: Path, tmp_path: Path, name: str, old: str, new: str) -> None:
    log = _copy(played, tmp_path)
    lines = (log / name).read_text().split("\n")
    n = next(i for i, line in enumerate(lines) if old in line)
    lines[n] = lines[n].replace(old, new, 1)
    (log / name).write_text("\n".join(lines))
    result = verify_log(log)
    [p] = result.problems
    assert (Path(p.file or "").name, p.code, p.path) == (name, "verify.report_mismatch", f"line {n + 1}")


def test_verify_fails_on_a_changed_view(played: Path, tmp_path: Path) -> None:
    log = _copy(played, tmp_path)
    view = next(log.glob("*-view-red.json"))
    data = json.loads(view.read_text())
    data["players"][0]["vp"] += 1
    view.write_text(json.dumps(data, indent=2) + "\n")
    [p] = verify_log(log).problems
    assert (Path(p.file or "").name, p.code, p.path) == (view.name, "verify.view_mismatch", "$.players[0].vp")


def _partial(tmp_path: Path, steps: int) -> Path:
    log = tmp_path / "log"
    assert run("log", "new", log, "--players", "red,green", "--test-seed", "partial").exit_code == 0
    _play(log, tmp_path, steps)
    return log


def test_a_refused_order_leaves_the_folder_unchanged(tmp_path: Path) -> None:
    log = _partial(tmp_path, 3)
    before = _snapshot(log)
    stale = tmp_path / "stale.json"
    shutil.copy(log / "0001-orders.json", stale)
    result = run("log", "add", log, stale, "--json")
    assert result.exit_code == 1
    assert _snapshot(log) == before
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{")
    assert run("log", "add", log, garbage).exit_code == 2
    assert _snapshot(log) == before


def test_simultaneous_answers_from_the_first_views_are_added_in_any_order(tmp_path: Path) -> None:
    log = tmp_path / "log"
    assert run("log", "new", log, "--players", "red,green,blue", "--test-seed", "any-order").exit_code == 0
    for colour in ("green", "blue", "red"):  # each from the view sent when the decision opened
        orders = tmp_path / f"{colour}.json"
        assert run("bot", log / "0000-view-" f"{colour}.json", "--player", colour, "-o", orders).exit_code == 0
    for colour in ("blue", "red", "green"):
        result = run("log", "add", log, tmp_path / f"{colour}.json")
        assert result.exit_code == 0, result.output
    again = run("log", "add", log, tmp_path / "red.json", "--json")
    assert again.exit_code == 1 and "orders.stale" in again.output
    assert verify_log(log).ok


def test_a_new_game_needs_an_empty_folder(tmp_path: Path) -> None:
    log = _partial(tmp_path, 1)
    before = _snapshot(log)
    result = run("log", "new", log, "--players", "red,green", "--test-seed", "other", "--json")
    assert result.exit_code == 2 and "log.not_empty" in result.output
    with pytest.raises(Exception) as e:
        selfplay(2, "other", [], log)
    assert "log.not_empty" in str(getattr(e.value, "problems", e.value))
    assert _snapshot(log) == before


@pytest.mark.parametrize(("intruder", "code"), [
    ("notes.txt", "log.unexpected_file"),
    ("0003-game.json", "log.other_game"),
])
def test_a_folder_with_something_else_is_refused(tmp_path: Path, intruder: str, code: str) -> None:
    log = _partial(tmp_path, 2)
    other = tmp_path / "other"
    assert run("log", "new", other, "--players", "red,green", "--test-seed", "another").exit_code == 0
    shutil.copy(other / "0000-game.json", log / intruder)
    before = _snapshot(log)
    orders = tmp_path / "o.json"
    state = io.read_game(str(log / "0002-game.json"))
    colour = deciders(state.pending)[0]
    assert run("bot", log / "0002-game.json", "--player", colour, "-o", orders).exit_code == 0
    result = run("log", "add", log, orders, "--json")
    assert result.exit_code == 2 and code in result.output, result.output
    assert _snapshot(log) == before


def test_log_new_from_a_game_file(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    assert run("new", "--players", "red,green", "--test-seed", "from", "-o", game).exit_code == 0
    log = tmp_path / "log"
    result = run("log", "new", log, "--from", game)
    assert result.exit_code == 0, result.output
    assert (log / "0000-game.json").read_bytes() == game.read_bytes()
