"""Bench figures of what the tests check but must not time (issue 25: no wall-clock
assertion in a test): how long hostile input takes to be refused, and how long a held
lock makes a command wait before it gives up.

1. ``hostile_check_max_s``: the CPU time of the slowest ``trajan check`` (in process, ``--json``) on
   a mid-game file with each hostile order file below: deep nesting, a huge list, a huge
   string, many keys, a long text order, binary noise; and of ``trajan check`` on each
   as the game file.  Each must be refused (exit 2) with problems, never an internal error.
2. ``lock_refusal_s``: ``files.lock.locked(path, wait=0.5)`` on a file another process
   holds locked, until it refuses with ``output.locked``.
"""

from __future__ import annotations

import contextlib
import io as textio
import os
import subprocess
import sys
import time
from pathlib import Path

from adjudicator.perf.bench import Figure

HOSTILE_TARGET_S = 5.0
LOCK_WAIT_S = 0.5
LOCK_TARGET_S = 2.0


def hostile_inputs() -> dict[str, bytes]:
    """Order (or game) files an attacker might send, each a few megabytes at most."""
    return {
        "nesting": b"[" * 200_000 + b"]" * 200_000,
        "list": b'{"format": 2, "answer": [' + b"1," * 500_000 + b"1]}",
        "string": b'{"format": 2, "game_id": "' + b"x" * 4_000_000 + b'"}',
        "keys": b"{" + b",".join(b'"k%d": 0' % i for i in range(200_000)) + b"}",
        "text": b"game: x\ndecision: 1\nplayer: red\n" + b"turn: take seaport\n" * 100_000,
        "noise": bytes(range(256)) * 8_000,
    }


def _check(argv: list[str]) -> int:
    from adjudicator.commands.main import app

    out, err = textio.StringIO(), textio.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            app(argv, prog_name="trajan")
        except SystemExit as e:
            return e.code if isinstance(e.code, int) else 2
    return 0


def hostile_figure(game: Path, tmp: Path) -> Figure:
    """The slowest refusal of a hostile input by ``trajan check``."""
    slowest = 0.0
    for name, data in hostile_inputs().items():
        bad = tmp / f"hostile-{name}"
        bad.write_bytes(data)
        for argv in (["check", str(game), str(bad), "--json"], ["check", str(bad), str(bad), "--json"]):
            start = time.process_time()  # CPU time: a busy neighbour does not inflate it
            code = _check(argv)
            slowest = max(slowest, time.process_time() - start)
            if code != 2:
                raise RuntimeError(f"hostile input {name} was not refused: {' '.join(argv)} gave {code}")
    return Figure(name="hostile_check_max_s", value=slowest, unit="s (CPU time)")


def lock_figure(tmp: Path) -> Figure:
    """How long a command waits on a held lock (``wait=0.5``) before refusing."""
    from adjudicator.errors import Malformed
    from adjudicator.files import lock

    held = tmp / "held.json"
    held.write_bytes(b"{}")
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, os, sys, time\n"
                               f"fd = os.open({str(held)!r}, os.O_RDONLY)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
                               "print('locked', flush=True)\ntime.sleep(60)\n"], stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"locked\n"
        start = time.perf_counter()
        try:
            with lock.locked(str(held), wait=LOCK_WAIT_S):
                raise RuntimeError("the lock held by another process was taken")
        except Malformed:
            pass
        return Figure(name="lock_refusal_s", value=time.perf_counter() - start, unit="s")
    finally:
        holder.kill()
        holder.wait()
        os.remove(held)


def hostile_figures(log: Path, tmp: Path) -> list[Figure]:
    """The hostile-input figures: the slowest refusal of a hostile file, the wait on a held lock."""
    return [hostile_figure(log / "0060-game.json", tmp), lock_figure(tmp)]
