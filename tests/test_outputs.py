"""Outputs (issue 14, items 2, 3, 4 and 7): never over an input or a special file, all or none,
one run at a time on a game file.

Each test here failed on the main before issue 14: a device or FIFO output was replaced by
a regular file, ``-o ORDERS`` overwrote the order file, a link in ``--reports-dir``
overwrote the game file, ``show FIFO`` hung, a failed game file left the reports of a
decision that never happened, two concurrent runs both succeeded and lost an order.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from adjudicator.files import io, write
from adjudicator.model.state import SetupMarkers
from tests.test_atomic import _game_and_orders, _names
from tests.test_fuzz import run_cli

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _codes(err: str) -> list[str]:
    return [p["code"] for p in json.loads(err)]


def _special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"special-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    else:  # a copy of the null device (only root may make one)
        if os.geteuid() != 0:
            pytest.skip("only root can make a device node (the attack needs root too)")
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return path


# --- Item 2: what an output may replace -----------------------------------------------------

@pytest.mark.parametrize("kind", ["fifo", "device"])
@pytest.mark.parametrize("option", ["-o", "--report"])
def test_a_special_file_is_never_replaced(tmp_path: Path, kind: str, option: str) -> None:
    game, orders = _game_and_orders(tmp_path)
    before = game.read_bytes()
    target = _special(tmp_path, kind)
    outputs = ["-o", str(target)] if option == "-o" else ["-o", str(tmp_path / "new.json"), "--report", str(target)]
    code, _, err = run_cli(["adjudicate", str(game), str(orders), *outputs, "--json"])
    assert code == 2 and _codes(err) == ["output.special_file"]
    mode = os.lstat(target).st_mode
    assert (stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISCHR(mode))
    assert game.read_bytes() == before and not (tmp_path / "new.json").exists()


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_view_and_new_never_replace_a_special_file(tmp_path: Path, kind: str) -> None:
    game, _ = _game_and_orders(tmp_path)
    target = _special(tmp_path, kind)
    for args in (["view", str(game)], ["new", "--players", "red,green"]):
        code, _, err = run_cli([*args, "-o", str(target), "--json"])
        assert code == 2 and _codes(err) == ["output.special_file"], err
    assert not stat.S_ISREG(os.lstat(target).st_mode)


def test_adjudicate_never_writes_over_its_order_file(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    before = orders.read_bytes()
    link = tmp_path / "also-orders.json"
    link.symlink_to(orders)
    for out in (orders, link):
        code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(out), "--json"])
        assert code == 2 and _codes(err) == ["args.overwrites_input"]
    assert orders.read_bytes() == before


def test_a_hard_link_to_an_input_is_the_same_file(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    other = tmp_path / "other.json"
    os.link(game, other)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(tmp_path / "n.json"),
                            "--report", str(other), "--json"])
    assert code == 2 and _codes(err) == ["args.overwrites_input"]


@pytest.mark.parametrize("command", ["view", "bot"])
def test_view_and_bot_never_replace_the_game_file(tmp_path: Path, command: str) -> None:
    game, _ = _game_and_orders(tmp_path)
    before = game.read_bytes()
    args = [command, str(game), "--player", "red", "-o", str(game), "--json"]
    code, _, err = run_cli(args)
    assert code == 2 and _codes(err) == ["args.overwrites_input"]
    assert game.read_bytes() == before


def test_a_link_in_the_reports_folder_leading_out_is_refused(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    before = game.read_bytes()
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "red.md").symlink_to(Path("..") / "game.json")
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(tmp_path / "new.json"),
                            "--reports-dir", str(reports), "--json"])
    assert code == 2 and "output.link_outside" in _codes(err)
    assert game.read_bytes() == before and not (tmp_path / "new.json").exists()
    assert sorted(p.name for p in reports.iterdir()) == ["red.md"]


def test_a_link_inside_the_reports_folder_is_followed(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    reports = tmp_path / "reports"
    (reports / "archive").mkdir(parents=True)
    (reports / "red.md").symlink_to(Path("archive") / "red-1.md")
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game), "--reports-dir", str(reports)])
    assert code == 0, err
    assert (reports / "red.md").is_symlink() and "Only for red" in (reports / "archive" / "red-1.md").read_text()


def test_a_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, orders = _game_and_orders(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["view", str(game), "--player", "red", "-o", "-"])
    assert code == 0 and json.loads(out)["viewer"] == "red", err
    code, out, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(tmp_path / "n.json"), "--report", "-"])
    assert code == 0 and out.startswith("# Trajan"), err
    code, out, err = run_cli(["adjudicate", str(game), str(orders), "-o", "-", "--reports-dir", "r"])
    assert code == 0 and json.loads(out)["pending"]["answered"] == ["red"] and "Wrote r." in err, err
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", "-", "--json"])
    assert code == 2 and _codes(err) == ["args.stdout_twice"]
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("command", ["show", "options", "check"])
def test_a_fifo_input_is_refused_at_once(tmp_path: Path, command: str) -> None:
    game, orders = _game_and_orders(tmp_path)
    fifo = _special(tmp_path, "fifo")
    args = [command, str(fifo)] + ([str(orders)] if command == "check" else [])
    proc = subprocess.run([sys.executable, "-m", "adjudicator", *args, "--json"], env=ENV, capture_output=True,
                          text=True, timeout=60, check=False)
    assert proc.returncode == 2 and _codes(proc.stderr) == ["input.special_file"]
    code, _, err = run_cli(["check", str(game), str(fifo), "--json"])
    assert code == 2 and _codes(err) == ["input.special_file"]


# --- Item 3: all outputs of a decision or none ------------------------------------------------

def test_no_reports_of_a_decision_whose_game_file_cannot_be_written(tmp_path: Path) -> None:
    game, orders = _game_and_orders(tmp_path)
    reports = tmp_path / "reports"
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(tmp_path / "missing" / "new.json"),
                            "--report", str(tmp_path / "r.md"), "--reports-dir", str(reports), "--json"])
    assert code == 2 and _codes(err) == ["output.write_failed"]
    assert _names(tmp_path) == ["game.json", "orders.json"]


def test_a_rename_failing_midway_puts_every_old_file_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, orders = _game_and_orders(tmp_path)
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "public.md").write_text("old public\n")
    before = game.read_bytes()
    real_replace, calls = os.replace, []

    def fails_at_the_third(src: str, dst: str) -> None:
        calls.append(dst)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", fails_at_the_third)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game),
                            "--reports-dir", str(reports), "--json"])
    monkeypatch.undo()
    assert code == 2 and _codes(err) == ["output.write_failed"]
    assert game.read_bytes() == before
    assert _names(reports) == ["public.md"] and (reports / "public.md").read_text() == "old public\n"
    assert _names(tmp_path) == ["game.json", "orders.json", "reports"]


def test_the_game_file_is_renamed_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, orders = _game_and_orders(tmp_path)
    real_replace, order = os.replace, []

    def replace(src: str, dst: str) -> None:
        order.append(Path(dst).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game), "--report", str(tmp_path / "r.md"),
                            "--reports-dir", str(tmp_path / "reports")])
    assert code == 0, err
    assert order[-1] == "game.json" and len(order) == 5


# --- Item 4: one run at a time; a changed game file is not overwritten ------------------------

def _concurrent_try(folder: Path) -> tuple[list[int], int]:
    folder.mkdir()
    game, red = _game_and_orders(folder)
    green = folder / "green.json"
    doc = json.loads(red.read_bytes())
    green.write_text(json.dumps({**doc, "player": "green"}))
    procs = [subprocess.Popen([sys.executable, "-m", "adjudicator", "adjudicate", str(game), str(o), "-o", str(game),
                               "--report", str(folder / f"{o.stem}.md")], env=ENV,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for o in (red, green)]
    codes = [p.wait(timeout=120) for p in procs]
    for p in procs:
        assert p.stderr is not None
        err = p.stderr.read().decode()
        p.stderr.close()
        assert p.returncode == 0 or "[orders.stale]" in err or "[game.changed]" in err, err
    # Both answer the initial markers (in any order): the game lists who has answered.
    state = io.read_game(str(game))
    return codes, len(state.pending.answered) if isinstance(state.pending, SetupMarkers) else 2


def test_two_runs_at_once_never_lose_an_order(tmp_path: Path) -> None:
    """10 tries of two real processes adjudicating the same game file at once."""
    for i in range(10):
        codes, answered = _concurrent_try(tmp_path / f"try-{i}")
        assert answered == codes.count(0), (i, codes, answered)  # every accepted order is in the game


def test_a_game_file_changed_meanwhile_is_not_overwritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.files import pipeline

    game, orders = _game_and_orders(tmp_path)
    real = pipeline.adjudicate_bytes

    def meanwhile(*args: object) -> pipeline.Adjudicated:
        result = real(*args)  # type: ignore[arg-type]
        game.write_bytes(game.read_bytes() + b" ")  # an editor saves the game file
        return result

    monkeypatch.setattr(pipeline, "adjudicate_bytes", meanwhile)
    code, _, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(game),
                            "--report", str(tmp_path / "r.md"), "--json"])
    assert code == 2 and _codes(err) == ["game.changed"]
    assert game.read_bytes().endswith(b"}\n ") and not (tmp_path / "r.md").exists()


def test_the_lock_waits_for_the_holder_and_follows_a_replaced_file(tmp_path: Path) -> None:
    from adjudicator.files import lock

    target = tmp_path / "game.json"
    target.write_text("old")
    got: list[str] = []

    def second() -> None:
        with lock.locked(str(target)):
            got.append(target.read_text())

    with lock.locked(str(target)):
        waiter = threading.Thread(target=second)
        waiter.start()
        time.sleep(0.3)
        assert not got  # still waiting
        write.write_atomic(str(target), b"new")  # replaced by a rename, as adjudicate does
    waiter.join(timeout=30)
    assert got == ["new"]


def test_a_lock_held_too_long_is_reported(tmp_path: Path) -> None:
    from adjudicator.errors import Malformed
    from adjudicator.files import lock

    target = tmp_path / "logs"
    target.mkdir()  # a folder (a log folder) is locked the same way
    script = ("import sys, time\nfrom adjudicator.files import lock\n"
              "with lock.locked(sys.argv[1]):\n    print('locked', flush=True)\n    time.sleep(30)\n")
    holder = subprocess.Popen([sys.executable, "-c", script, str(target)], env=ENV, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(Malformed) as failure, lock.locked(str(target), wait=0.2):
            pass
        assert failure.value.problems[0].code == "output.locked"
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()


# --- Item 7: selfplay into a path that cannot be a folder ---------------------------------

def test_selfplay_into_an_impossible_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for out in ("/dev/null/x", str(blocker / "x")):
        code, _, err = run_cli(["selfplay", "--players", "2", "--seed", "s", "--out", out, "--json"])
        assert code == 2 and _codes(err) == ["output.write_failed"], err


def test_selfplay_never_writes_through_a_link_out_of_its_folder(tmp_path: Path) -> None:
    victim = tmp_path / "victim.json"
    victim.write_text("precious\n")
    out = tmp_path / "log"
    out.mkdir()
    (out / "0003-game.json").symlink_to(victim)
    code, _, err = run_cli(["selfplay", "--players", "2", "--seed", "s", "--out", str(out), "--json"])
    assert code == 2 and _codes(err) == ["log.not_empty"], err  # a new game needs an empty folder
    assert victim.read_text() == "precious\n"


def test_verify_refuses_a_fifo_in_a_log_at_once(tmp_path: Path) -> None:
    log = tmp_path / "log"
    code, _, err = run_cli(["selfplay", "--players", "2", "--seed", "fifo-log", "--out", str(log)])
    assert code == 0, err
    for name in ("0002-orders.json", "0003-game.json"):
        data = (log / name).read_bytes()
        (log / name).unlink()
        os.mkfifo(log / name)
        proc = subprocess.run([sys.executable, "-m", "adjudicator", "verify", str(log)], env=ENV,
                              capture_output=True, text=True, timeout=60, check=False)
        assert proc.returncode == 1 and "special file" in proc.stdout and name in proc.stdout, proc.stdout
        (log / name).unlink()
        (log / name).write_bytes(data)
