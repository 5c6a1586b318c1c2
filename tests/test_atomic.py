"""Atomic output (issue 8): a temporary file in the same folder renamed into place.

A failed or interrupted write leaves the old file exactly as it was and no stray
temporary file; writing the new game over the input path is safe.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from adjudicator.errors import Malformed
from adjudicator.files import io, write
from tests.test_fuzz import run_cli

ROOT = Path(__file__).resolve().parent.parent
MARKERS = {"seaport": ["yellow", "orange"], "forum": ["green", "white"], "military": ["pink", "blue"],
           "senate": ["yellow", "orange"], "trajan": ["green", "white"], "construction": ["pink", "blue"]}


def _game_and_orders(folder: Path) -> tuple[Path, Path]:
    game = folder / "game.json"
    code, _, err = run_cli(["new", "--players", "red,green", "--test-seed", "atomic", "-o", str(game)])
    assert code == 0, err
    state = json.loads(game.read_bytes())
    orders = folder / "orders.json"
    orders.write_text(json.dumps({"format": 2, "game_id": state["game_id"], "decision": 1, "player": "red",
                                  "answer": {"decision": "setup_markers", "trays": MARKERS}}))
    return game, orders


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- How a file is written ----------------------------------------------------------------------

def test_written_via_a_synced_temporary_file_in_the_same_folder(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []
    real_replace, real_fsync = os.replace, os.fsync

    def replace(src: str, dst: Any) -> None:
        calls.append(("replace", (Path(src), Path(dst))))
        real_replace(src, dst)

    def fsync(fd: int) -> None:
        calls.append(("fsync", fd))
        real_fsync(fd)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "fsync", fsync)
    target = tmp_path / "out.json"
    write.write_atomic(str(target), b"new\n")
    assert target.read_bytes() == b"new\n"
    kinds = [k for k, _ in calls]
    assert kinds.index("fsync") < kinds.index("replace")  # the data is on disk before the rename
    src, dst = next(v for k, v in calls if k == "replace")
    assert src.parent == dst.parent == tmp_path and src.name.startswith(".out.json.")
    assert _names(tmp_path) == ["out.json"]


def test_a_write_killed_midway_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up after half the bytes are written: old file intact, temp file gone."""
    target = tmp_path / "game.json"
    target.write_bytes(b"old game\n")
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fd: int, *args: Any, **kwargs: Any) -> None:
            self.f = real_fdopen(fd, *args, **kwargs)

        def __enter__(self) -> HalfWriter:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def write(self, data: bytes) -> int:
            self.f.write(data[: len(data) // 2])
            self.f.flush()
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fdopen", HalfWriter)
    with pytest.raises(Malformed) as failure:
        write.write_atomic(str(target), b"new game, much longer than the old one\n" * 100)
    problem = failure.value.problems[0]
    assert problem.code == "output.write_failed" and "No space left on device" in problem.message
    assert target.read_bytes() == b"old game\n"
    assert _names(tmp_path) == ["game.json"]


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_an_interrupted_rename_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   error: BaseException) -> None:
    target = tmp_path / "game.json"
    target.write_bytes(b"old game\n")

    def broken(src: str, dst: object) -> None:
        raise error

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises((Malformed, KeyboardInterrupt)):
        write.write_atomic(str(target), b"new game\n")
    assert target.read_bytes() == b"old game\n"
    assert _names(tmp_path) == ["game.json"]


def test_a_process_killed_before_the_rename_leaves_the_old_file(tmp_path: Path) -> None:
    """A hard kill (no clean-up runs): the old file is intact; only a hidden temp file may remain."""
    target = tmp_path / "game.json"
    target.write_bytes(b"old game\n")
    script = ("import os, sys\n"
              "from adjudicator.files import write\n"
              "os.replace = lambda src, dst: os._exit(9)\n"
              "write.write_atomic(sys.argv[1], b'new game' * 1000)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", script, str(target)], env=env, check=False)
    assert proc.returncode == 9
    assert target.read_bytes() == b"old game\n"
    stray = [n for n in _names(tmp_path) if n != "game.json"]
    assert all(n.startswith(".game.json.") and n.endswith(".tmp") for n in stray)


# --- Through the command line ---------------------------------------------------------------------

def test_adjudicate_over_its_input_is_safe(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    game.chmod(0o640)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game)])
    assert code == 0, err
    assert io.read_game(str(game)).chain.orders is not None
    assert game.stat().st_mode & 0o777 == 0o640  # the file keeps its permissions
    assert _names(tmp_path) == ["game.json", "orders.json"]


def test_a_failed_write_over_the_input_leaves_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, orders = _game_and_orders(tmp_path)
    before = game.read_bytes()

    def full(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game), "--json"])
    assert code == 2
    problems = json.loads(err)
    assert [p["code"] for p in problems] == ["output.write_failed"]
    assert problems[0]["file"] == str(game) and "No space left" in problems[0]["message"]
    assert game.read_bytes() == before
    assert _names(tmp_path) == ["game.json", "orders.json"]


def test_no_permission(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, orders = _game_and_orders(tmp_path)
    before = game.read_bytes()

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", denied)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game)])
    assert code == 2
    assert err.splitlines() == [f"{game}: $: The file cannot be written (Permission denied); nothing was "
                                "changed. [output.write_failed]"]
    assert game.read_bytes() == before


NOBODY = 65534  # root may write anywhere: as root, the check runs in a child as nobody


def _as_nobody(folder: Path, argv: list[str]) -> tuple[int, str]:
    """``run_cli(argv)`` in a forked child that became nobody (the modules are already imported)."""
    for path in (folder, *folder.iterdir()):
        os.chown(path, NOBODY, NOBODY)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            folder.chmod(0o555)
            code, _, err = run_cli(argv)
            os.write(write, json.dumps([code, err]).encode())
        finally:
            os._exit(0)  # a forked test child: no pytest teardown in it
    os.close(write)
    with os.fdopen(read, "rb") as reader:
        data = reader.read()
    os.waitpid(child, 0)
    folder.chmod(0o755)
    code, err = json.loads(data)
    return code, err


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="no users on this system")
def test_a_read_only_folder(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="trajan-atomic-"))  # in /tmp: nobody may enter it
    try:
        game, orders = _game_and_orders(folder)
        before = game.read_bytes()
        argv = ["adjudicate", str(game), str(orders), "-o", str(game)]
        if os.geteuid() == 0:
            warm = run_cli([*argv[:3], "-o", str(tmp_path / "warm.json")])  # import what it needs first
            assert warm[0] == 0, warm
            code, err = _as_nobody(folder, argv)
        else:
            folder.chmod(0o555)
            try:
                code, _, err = run_cli(argv)
            finally:
                folder.chmod(0o755)
        assert code == 2
        assert [line.rsplit(" ", 1)[-1] for line in err.splitlines()] == ["[output.write_failed]"]
        assert game.read_bytes() == before
        assert _names(folder) == ["game.json", "orders.json"]
    finally:
        shutil.rmtree(folder)


@pytest.mark.parametrize("where", ["missing", "folder"])
def test_an_output_path_that_cannot_be_a_file(tmp_path: Path, where: str) -> None:
    game, orders = _game_and_orders(tmp_path)
    out = tmp_path / "nowhere" / "new.json" if where == "missing" else tmp_path
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(out), "--json"])
    assert code == 2
    problem = json.loads(err)[0]
    assert problem["code"] == "output.write_failed" and problem["path"] == "$"
    assert ("does not exist" if where == "missing" else "folder") in problem["message"]
    assert _names(tmp_path) == ["game.json", "orders.json"]


def test_a_report_that_cannot_be_written_writes_no_game(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    out = tmp_path / "new.json"
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(out),
                            "--report", str(tmp_path / "missing" / "r.md")])
    assert code == 2
    assert [line.rsplit(" ", 1)[-1] for line in err.splitlines()] == ["[output.write_failed]"]
    assert not out.exists()


def test_a_symbolic_link_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    game, orders = _game_and_orders(real)
    link = tmp_path / "game.json"
    link.symlink_to(game)
    code, _, err = run_cli(["adjudicate", str(link), str(orders), "-o", str(link)])
    assert code == 0, err
    assert link.is_symlink() and io.read_game(str(game)).chain.orders is not None
    assert _names(real) == ["game.json", "orders.json"]


def test_new_refuses_a_seed_it_could_not_read_back(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    code, _, err = run_cli(["new", "--players", "red,green", "--seed", "s" * (io.MAX_STRING + 1),
                            "-o", str(out), "--json"])
    assert code == 2
    assert json.loads(err)[0]["code"] == "output.too_long"
    assert not out.exists()
