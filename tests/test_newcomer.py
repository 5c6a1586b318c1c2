"""What a new user tripped over (issue 13): one test per defect met on a first try."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner, Result

from adjudicator.commands.main import app
from adjudicator.files import io
from adjudicator.model.events import GameEnded, QuarterEnded, RoundEnded, ScoreChanged
from adjudicator.rendering.report import end_title
from adjudicator.rendering.show import render_show

ROOT = Path(__file__).resolve().parent.parent
TURN = ROOT / "examples" / "turn"
LOG = ROOT / "examples" / "logs" / "2-players"
# The designed top level of the repository (issue 13): nothing else is committed there.
TOP_LEVEL = {"pyproject.toml", "README.md", "adjudicator", "schemas", "fixtures", "tests", "examples",
             "docs", ".ci", ".gitignore"}


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_top_level_holds_only_the_designed_entries() -> None:
    git = shutil.which("git")
    if git and (ROOT / ".git").exists():
        listed = subprocess.run([git, "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True)
        names = {p.split("/", 1)[0] for p in listed.stdout.decode().split("\0") if p}
    else:  # not a checkout (an unpacked archive): the tree, less what .gitignore keeps out
        ignored = {".git", ".venv", "venv", "build", "dist", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                   ".hypothesis", "__pycache__"}
        names = {p.name for p in ROOT.iterdir()
                 if p.name not in ignored and not p.name.endswith(".egg-info")}
    assert names - TOP_LEVEL == set(), f"unexpected entries at the repository's top level: {names - TOP_LEVEL}"


@pytest.mark.parametrize(("command", "says"), [
    (["options"], "Print the options as JSON"),
    (["verify"], "Print a JSON summary"),
    (["bench"], "Print the figures as JSON"),
    (["check"], "Print problems as a JSON list on stderr"),
])
def test_json_help_says_what_it_switches(command: list[str], says: str) -> None:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "400", "TERMINAL_WIDTH": "400"})
    assert result.exit_code == 0
    assert says in " ".join(result.stdout.split())


def _new(tmp_path: Path, players: str = "red,green,blue") -> Path:
    path = tmp_path / "game.json"
    assert run("new", "--players", players, "--test-seed", "5", "-o", path).exit_code == 0
    return path


def test_options_name_each_player_of_a_shared_decision(tmp_path: Path) -> None:
    result = run("options", _new(tmp_path))
    assert result.exit_code == 0, result.output
    heads = [line for line in result.stdout.splitlines() if line.split(":")[0] in ("red", "green", "blue")]
    assert len(heads) == len(set(heads)) == 3
    assert sorted(line.split(":")[0] for line in heads) == ["blue", "green", "red"]


def _order(tmp_path: Path, answer: dict[str, Any], name: str = "orders.json") -> Path:
    doc = json.loads((TURN / "orders.json").read_bytes())
    doc["answer"] = answer
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_a_paused_turn_may_be_answered_under_its_shown_name(tmp_path: Path) -> None:
    steps = json.loads((TURN / "orders.json").read_bytes())["answer"]["steps"]
    result = run("check", TURN / "game.json", _order(tmp_path, {"decision": "turn_continue", "steps": steps}))
    assert result.exit_code == 0, result.output


def test_a_missing_tag_lists_the_accepted_values(tmp_path: Path) -> None:
    result = run("check", TURN / "game.json", _order(tmp_path, {"steps": []}), "--json")
    assert result.exit_code == 2
    [p] = json.loads(result.stderr)
    assert p["code"] == "schema.required" and p["path"] == "$.answer"
    assert '"turn"' in p["message"] and '"turn_continue"' in p["message"] and '"consul"' in p["message"]


def test_a_view_of_another_player_names_its_file(tmp_path: Path) -> None:
    view = tmp_path / "view-green.json"
    assert run("view", TURN / "game.json", "--player", "green", "-o", view).exit_code == 0
    orders = TURN / "orders.json"  # red's orders
    checked = run("check", view, orders, "--json")
    assert checked.exit_code == 2
    assert [(p["code"], p["path"], p["file"]) for p in json.loads(checked.stderr)] == [
        ("view.other_player", "$.player", str(orders))]
    listed = run("options", view, "--player", "red")
    assert listed.exit_code == 2
    assert listed.stderr.startswith(f"{view}: $.viewer: ") and "[view.other_player]" in listed.stderr
    bot = run("bot", view, "--player", "red", "-o", tmp_path / "o.json", "--json")
    assert [(p["code"], p["file"]) for p in json.loads(bot.stderr)] == [("view.other_player", str(view))]


def test_show_after_the_game_ends_names_no_round() -> None:
    last = max(LOG.glob("*-game.json"))
    head = render_show(io.read_game(str(last))).splitlines()[0]
    assert "round" not in head and "the game is over" in head


def test_the_end_heading_names_only_what_ended() -> None:
    round_end = RoundEnded(quarter=1, round=2, demand=None)
    assert end_title([round_end]) == "End of round"
    assert end_title([round_end, QuarterEnded(quarter=1)]) == "End of round and quarter"
    assert end_title([round_end, QuarterEnded(quarter=4), GameEnded(ranking=("red", "green"))]) == \
        "End of round, quarter and game"
    assert end_title([ScoreChanged(player="red", vp=1, total=1, reason="x"), GameEnded(ranking=("red",))]) == \
        "End of game"


def test_show_keeps_columns_apart_with_six_markers_in_a_tray() -> None:
    state = io.read_game(str(TURN / "game.json"))
    red = state.players[0]
    six = ("yellow", "orange", "green", "white", "pink", "green")
    red = msgspec.structs.replace(red, trays=msgspec.structs.replace(red.trays, seaport=six))
    shown = render_show(msgspec.structs.replace(state, players=(red, *state.players[1:])))
    line = next(line for line in shown.splitlines() if ", ".join(six) in line)
    after = line.split(", ".join(six), 1)[1]
    assert after.startswith("  ")


def test_new_on_a_terminal_prints_only_the_summary(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "new", "--players", "red,green", "--test-seed", "3"],
                          stdout=follower, stderr=subprocess.PIPE, env=env, cwd=tmp_path, timeout=60)
    os.close(follower)
    shown = b""
    try:
        while chunk := os.read(leader, 65536):
            shown += chunk
    except OSError:  # the terminal is closed once everything is read
        pass
    os.close(leader)
    assert proc.returncode == 2
    assert b"args.output_needed" in proc.stderr and b"-o -" in proc.stderr
    assert b"Set up game" in shown and b'"seed"' not in shown and b"3" in shown
    printed = run("new", "--players", "red,green", "--test-seed", "3", "-o", "-")
    assert printed.exit_code == 0 and json.loads(printed.stdout)["seed"] == "3"


def test_trajan_tile_setup_options_show_the_colours(tmp_path: Path) -> None:
    from adjudicator.components import components
    from adjudicator.game.options import TrajanOptions, options
    from adjudicator.rendering.options_text import render_options

    states = (io.load_game(p.read_bytes()) for p in sorted(LOG.glob("*-game.json")))
    state = next(s for s in states if msgspec.json.decode(io.canonical(s))["pending"]["kind"] == "setup_trajan")
    found = options(state, None)
    text = render_options(found)
    top = next(o for o in found.options if isinstance(o, TrajanOptions)).stacks[0].top
    assert "+".join(components().trajan_tile[top].colours) in text


def test_options_of_a_full_game_file_warn_of_the_hand() -> None:
    result = run("options", TURN / "game.json")
    assert result.exit_code == 0
    first = result.stdout.splitlines()[0]
    assert "full game file" in first and "hand" in first and "trajan view" in first
    page = (ROOT / "docs" / "manual" / "game-master" / "by-files.md").read_text()
    cycle = page.split("# A play-by-email turn cycle", 1)[1].split("\n## ", 1)[0]
    assert "trajan options view-" in cycle and "hand" in cycle


def test_bench_exits_non_zero_when_a_target_is_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.perf import bench

    missed = bench.Bench(machine={}, figures=[bench.Figure(name="cold_ratio_check", value=2.0, unit="x",
                                                           target="<= 1.5", met=False)])
    monkeypatch.setattr(bench, "run", lambda quick=False: missed)
    result = run("bench", "--quick")
    assert result.exit_code == 1
    assert "cold_ratio_check" in result.stderr
