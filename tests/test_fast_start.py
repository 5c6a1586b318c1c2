"""A fast start for every per-turn command (issue 13): what a cold process imports.

The time itself is measured by ``trajan bench`` (``cold_ratio_*``), never in a test;
here each per-turn command runs in a fresh process through the console entry point and
must not import what made it slow: Pydantic (the value coercion of Typer 0.28 and later),
Rich (Typer's help boxes), jsonschema (used only to explain a refused file), OpenSSL's
hashlib, the self-play machinery, or the modules of the other commands.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TURN = ROOT / "examples" / "turn"
HEAVY = ("pydantic", "rich", "jsonschema", "hashlib", "adjudicator.logs.selfplay", "adjudicator.files.schemagen")
# The command modules (adjudicator.commands.*) a per-turn command may import: its own, and the app's.
OWN = {"check": "orders", "options": "orders", "bot": "orders", "adjudicate": "orders", "show": "game",
       "view": "game"}
FRAME = {"adjudicator.commands", "adjudicator.commands.app", "adjudicator.commands.args",
         "adjudicator.commands.catalog", "adjudicator.commands.group", "adjudicator.commands.main"}

# Run the console entry point, then list the modules the process imported.
PROBE = """
import json, sys
from adjudicator.commands.main import main
sys.argv = ["trajan", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as e:
    code = e.code
else:
    code = 0
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _cold(args: list[str], tmp_path: Path) -> tuple[int, set[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    result = json.loads(proc.stderr.strip().splitlines()[-1])
    return result["code"] or 0, set(result["modules"])


@pytest.mark.parametrize("args", [
    ["check", "{game}", "{orders}"],
    ["options", "{game}"],
    ["show", "{game}"],
    ["view", "{game}", "--player", "red", "-o", "view.json"],
    ["bot", "{game}", "--player", "red", "-o", "bot-orders.json"],
    ["adjudicate", "{game}", "{orders}", "-o", "new.json", "--report", "report.md"],
    ["adjudicate", "{game}", "{orders}", "-o", "new.json", "--reports-dir", "reports", "--json"],
], ids=lambda a: " ".join(a[:1] + a[3:]))
def test_a_per_turn_command_starts_without_heavy_imports(args: list[str], tmp_path: Path) -> None:
    argv = [a.format(game=TURN / "game.json", orders=TURN / "orders.json") for a in args]
    code, modules = _cold(argv, tmp_path)
    assert code == 0
    assert [m for m in HEAVY if m in modules] == []
    commands = {m for m in modules if m.startswith("adjudicator.commands")}
    assert commands == FRAME | {f"adjudicator.commands.{OWN[args[0]]}"}


def test_the_help_imports_every_command_but_nothing_heavy(tmp_path: Path) -> None:
    code, modules = _cold(["--help"], tmp_path)
    assert code == 0
    assert [m for m in HEAVY if m in modules] == []
    assert {"adjudicator.commands.mail", "adjudicator.commands.records", "adjudicator.commands.log"} <= modules


def test_a_refused_file_is_still_explained_by_the_schema(tmp_path: Path) -> None:
    bad = tmp_path / "orders.json"
    doc = json.loads((TURN / "orders.json").read_bytes())
    doc["answer"]["steps"][0]["tray"] = "kitchen"
    bad.write_text(json.dumps(doc))
    code, modules = _cold(["check", str(TURN / "game.json"), str(bad)], tmp_path)
    assert code == 2
    assert "jsonschema" in modules and "pydantic" not in modules


def test_the_program_ends_with_its_output_and_code(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    program = [sys.executable, "-m", "adjudicator"]
    shown = subprocess.run([*program, "show", str(TURN / "game.json")], capture_output=True, env=env,
                           timeout=120)
    assert shown.returncode == 0 and shown.stdout.endswith(b"\n") and b"== Board ==" in shown.stdout
    missing = subprocess.run([*program, "check", str(TURN / "game.json"), str(tmp_path / "none.json")],
                             capture_output=True, env=env, timeout=120)
    assert missing.returncode == 2 and b"[input.missing]" in missing.stderr
    new = subprocess.run([*program, "new", "--players", "red,green", "--test-seed", "3", "-o", str(tmp_path / "g.json")],
                         capture_output=True, env=env, timeout=120)
    assert new.returncode == 0 and (tmp_path / "g.json").read_bytes().endswith(b"}\n")


# A command run through the program's entry point while something else in the process has
# registered an atexit handler and holds a buffered file open (coverage, logging, a file a
# command forgot to close): the program's exit must run the one and flush the other.
AT_EXIT = """
import atexit, sys
from adjudicator.commands.main import entry
marker = sys.argv[1]
atexit.register(lambda: open(marker, "w").write("atexit ran"))
kept = open(sys.argv[2], "w")
kept.write("buffered " * 100)
sys.argv = ["trajan", *sys.argv[3:]]
entry()
"""


@pytest.mark.parametrize("args", [["check", "{game}", "{orders}"], ["check", "{game}", "missing.json"],
                                  ["verify", "--jobs", "0", "x"]], ids=["ok", "refused", "usage"])
def test_the_program_loses_nothing_registered_or_buffered_at_exit(tmp_path: Path, args: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    marker, kept = tmp_path / "atexit.txt", tmp_path / "kept.txt"
    argv = [a.format(game=TURN / "game.json", orders=TURN / "orders.json") for a in args]
    proc = subprocess.run([sys.executable, "-c", AT_EXIT, str(marker), str(kept), *argv], capture_output=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert proc.returncode == (0 if argv[-1].endswith("orders.json") else 2), proc.stderr
    assert marker.read_text() == "atexit ran"
    assert kept.read_text() == "buffered " * 100


@pytest.mark.parametrize("command", ["view", "show"])
def test_a_reader_that_went_away_ends_the_program_quietly(command: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    read, write = os.pipe()
    os.close(read)  # no reader: every write to standard output fails
    try:
        proc = subprocess.run([sys.executable, "-m", "adjudicator", command, str(TURN / "game.json")],
                              stdout=write, stderr=subprocess.PIPE, env=env, timeout=120)
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (2, b"")
