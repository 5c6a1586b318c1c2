"""``trajan bench``: the performance figures and their targets, measured in one run.

Every figure is a median over repeated runs on this machine:

1. cold start: a fresh process running each per-turn command (``check``, ``options``,
   ``show``, ``view``, ``bot``, ``adjudicate``) on a mid-game turn, against the floor of a
   fresh process that only imports typer and msgspec.  Each command is measured in
   pairs with the floor, the pairs of all commands interleaved and the order inside a
   pair alternated, so that a busy machine slows both runs of a pair alike; the figure
   is the median of the pairs' ratios.  Children run with a bytecode cache (as an
   installed package has; ``PYTHONDONTWRITEBYTECODE`` would otherwise make every child
   compile the project's sources again), after one unmeasured warm-up run each;
2. engine throughput: decisions adjudicated per second in one process (legality checks
   included), with and without schema validation of the order files, and through the
   search step (``game.fast.step``: no checks, no hash chain);
3. self-play: complete 4-player games with ``random`` bots per second (in process);
4. verify: decisions replayed per second by ``trajan verify``;
5. memory: peak resident memory of a cold adjudication and of verifying a long log, and
   the size of a mid-game game file;
6. game records (:mod:`adjudicator.perf.bench_records`): size, and records verified per
   second with 1 and 2 workers in the process pool and on a Dask LocalCluster;
7. leagues (:mod:`adjudicator.perf.bench_league`): seating plans and ratings;
8. hostile input and a held lock (:mod:`adjudicator.perf.bench_hostile`): the slowest
   refusal of a hostile order or game file by ``trajan check``, and the wait before a
   held lock is refused (what the tests check but do not time);
9. the mail judge against hostile mail (:mod:`adjudicator.perf.bench_mail`): one run over
   100 hostile messages and then a legal order, its wall time and peak memory;
10. mail (:mod:`adjudicator.perf.bench_mail_game`): mails and bytes per player of a whole
   3-player game played by mail through the mail judge with the default roster, against
   the judge before issue 27 (``--quick``: without the board pictures);
11. the planner bot (:mod:`adjudicator.perf.bench_bots`): CPU time of a decision at the
    default budget, median and 99th percentile.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

# The per-turn commands of the cold-start figure (issue 13): each within 1.5 x the floor.
COLD_COMMANDS = ("check", "options", "show", "view", "bot", "adjudicate")
COLD_TARGET = 1.5

TARGETS = {
    **{f"cold_ratio_{name}": ("<=", COLD_TARGET) for name in COLD_COMMANDS},
    "decisions_per_second": (">=", 10_000.0),
    "fast_decisions_per_second": (">=", 50_000.0),
    "selfplay_games_per_second": (">=", 30.0),
    "verify_decisions_per_second": (">=", 3_000.0),
    "cold_peak_mb": ("<", 60.0),
    "hostile_check_max_s": ("<", 5.0),  # bench_hostile.HOSTILE_TARGET_S
    "lock_refusal_s": ("<", 2.0),  # bench_hostile.LOCK_TARGET_S
    "planner_decision_cpu_median_s": ("<=", 1.0),
}


class Figure(msgspec.Struct):
    """One measured figure: its name, value and unit, and its target and whether it was met, if it
    has one."""

    name: str
    value: float
    unit: str
    target: str | None = None
    met: bool | None = None


class Bench(msgspec.Struct):
    """A whole ``trajan bench`` run: the machine it ran on and every figure."""

    machine: dict[str, str]
    figures: list[Figure]


def machine() -> dict[str, str]:
    """The machine the figures were measured on: Python, platform, CPU, cores and load average."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return {"python": platform.python_version(), "platform": platform.platform(), "cpu": cpu,
            "cores": str(os.cpu_count()), "load average": load}


class Child(msgspec.Struct, frozen=True):
    """One child process: wall seconds, CPU seconds (user + system), peak resident MB."""

    wall: float
    cpu: float
    peak_mb: float


def _run_child(argv: list[str], env: dict[str, str] | None = None) -> Child:
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0,):
        raise RuntimeError(f"benchmark child failed: {' '.join(argv)}")
    return Child(wall=wall, cpu=usage.ru_utime + usage.ru_stime, peak_mb=usage.ru_maxrss / 1024)


def _median(fn: Callable[[], float], repeat: int) -> float:
    return statistics.median(fn() for _ in range(repeat))


def _make_log(folder: Path, players: int, seed: str) -> Path:
    from adjudicator.logs.selfplay import selfplay

    selfplay(players, seed, ["random"] * players, folder)
    return folder


def run(quick: bool = False) -> Bench:
    """Measure every figure (``quick``: fewer repeats, for a first look); returns them with the
    machine."""
    repeat = 3 if quick else 7
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        log = _make_log(Path(tmp) / "log", 4, "bench")
        figures += _cold(log, Path(tmp), 7 if quick else 21)
        figures += _throughput(log, repeat)
        figures.append(_fast_step(log, repeat))
        figures.append(_selfplay(2 if quick else 5))
        figures += _verify(log, repeat)
        from adjudicator.perf.bench_records import records_figures

        figures += records_figures(log, Path(tmp), quick)
        from adjudicator.perf.bench_league import league_figures

        figures += league_figures(quick)
        from adjudicator.perf.bench_hostile import hostile_figures

        figures += hostile_figures(log, Path(tmp))
        from adjudicator.perf.bench_mail import mail_figures

        figures += mail_figures(Path(tmp), quick)
        from adjudicator.perf.bench_bots import bot_figures

        figures += bot_figures(quick)
        mid = log / "0060-game.json"
        figures.append(Figure(name="mid_game_file_bytes", value=mid.stat().st_size, unit="bytes"))
        figures += _mail_figures(Path(tmp), quick)
    return Bench(machine=machine(), figures=[_judge(f) for f in figures])


def _mail_figures(tmp: Path, quick: bool) -> list[Figure]:
    """Mails and bytes per player of a whole 3-player game by mail (issue 27:
    :mod:`adjudicator.perf.bench_mail_game`), each with its target."""
    from adjudicator.perf.bench_mail_game import figures

    out = []
    for name, value, unit, target in figures(tmp, quick):
        if target is None:
            out.append(Figure(name=name, value=value, unit=unit))
        else:
            op, limit = target
            out.append(Figure(name=name, value=value, unit=unit, target=f"{op} {limit:g}",
                              met=value <= limit if op == "<=" else value >= limit))
    return out


def cold_commands(log: Path, tmp: Path) -> dict[str, list[str]]:
    """The command line of each per-turn command on decision 61 of ``log``."""
    from adjudicator.files import io
    from adjudicator.game.engine import deciders

    game, orders = str(log / "0060-game.json"), str(log / "0061-orders.json")
    player = deciders(io.load_game((log / "0060-game.json").read_bytes()).pending)[0]
    return {
        "check": ["check", game, orders],
        "options": ["options", game],
        "show": ["show", game],
        "view": ["view", game, "--player", player, "-o", str(tmp / "view.json")],
        "bot": ["bot", game, "--player", player, "-o", str(tmp / "bot-orders.json")],
        "adjudicate": ["adjudicate", game, orders, "-o", str(tmp / "new.json"),
                       "--report", str(tmp / "r.md")],
    }


def _cold(log: Path, tmp: Path, pairs: int) -> list[Figure]:
    floor_argv = [sys.executable, "-c", "import typer, msgspec"]
    argvs = {name: [sys.executable, "-m", "adjudicator", *args]
             for name, args in cold_commands(log, tmp).items()}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    for argv in (floor_argv, *argvs.values()):  # warm-up: fills the bytecode cache
        _run_child(argv, env)
    ratios: dict[str, list[float]] = {name: [] for name in argvs}
    walls: dict[str, list[float]] = {name: [] for name in argvs}
    floors: list[Child] = []
    peaks: list[float] = []
    for i in range(pairs):
        for name, argv in argvs.items():
            if i % 2:
                cmd, floor = _run_child(argv, env), _run_child(floor_argv, env)
            else:
                floor, cmd = _run_child(floor_argv, env), _run_child(argv, env)
            ratios[name].append(cmd.cpu / floor.cpu)
            walls[name].append(cmd.wall / floor.wall)
            floors.append(floor)
            if name == "adjudicate":
                peaks.append(cmd.peak_mb)
    return [
        Figure(name="import_floor_cpu_ms", value=1000 * statistics.median(f.cpu for f in floors),
               unit="ms"),
        Figure(name="import_floor_wall_ms", value=1000 * statistics.median(f.wall for f in floors),
               unit="ms"),
        *(Figure(name=f"cold_ratio_{name}", value=statistics.median(r), unit="x floor (CPU time)")
          for name, r in ratios.items()),
        *(Figure(name=f"cold_wall_ratio_{name}", value=statistics.median(r), unit="x floor (wall time)")
          for name, r in walls.items()),
        Figure(name="cold_peak_mb", value=statistics.median(peaks), unit="MB"),
    ]


def _throughput(log: Path, repeat: int) -> list[Figure]:
    from adjudicator.files import io
    from adjudicator.game import engine

    start = io.load_game((log / "0000-game.json").read_bytes())
    raw = [p.read_bytes() for p in sorted(log.glob("*-orders.json"))]
    decoded = [io.load_orders(r) for r in raw]

    def replay(validate: bool) -> float:
        t = time.perf_counter()
        state = start
        for r, o in zip(raw, decoded, strict=True):
            state = engine.adjudicate(state, io.load_orders(r) if validate else o).state
        return len(raw) / (time.perf_counter() - t)

    return [
        Figure(name="decisions_per_second", value=_median(lambda: replay(False), repeat), unit="decisions/s"),
        Figure(name="decisions_per_second_validated", value=_median(lambda: replay(True), repeat),
               unit="decisions/s"),
    ]


def _fast_step(log: Path, repeat: int) -> Figure:
    """The same game replayed through the search step (``game.fast.step``): no checks,
    no hash chain, no events kept."""
    from adjudicator.files import io
    from adjudicator.game.fast import step

    start = io.load_game((log / "0000-game.json").read_bytes())
    decoded = [io.load_orders(p.read_bytes()) for p in sorted(log.glob("*-orders.json"))]

    rounds = 10  # one sample replays the game 10 times: a replay takes only milliseconds

    def replay() -> float:
        t = time.perf_counter()
        for _ in range(rounds):
            state = start
            for o in decoded:
                state = step(state, o.player, o.answer)
        return rounds * len(decoded) / (time.perf_counter() - t)

    return Figure(name="fast_decisions_per_second", value=_median(replay, repeat), unit="decisions/s")


def _selfplay(games: int) -> Figure:
    from adjudicator.game.engine import adjudicate
    from adjudicator.game.newgame import new_game
    from adjudicator.logs.selfplay import bot_orders
    from adjudicator.model.state import GameOver
    from adjudicator.model.vocab import PLAYER_COLOURS

    def one(i: int) -> float:
        t = time.perf_counter()
        state = new_game(PLAYER_COLOURS[:4], f"bench-{i}")
        while not isinstance(state.pending, GameOver):
            state = adjudicate(state, bot_orders(state, ["random"] * 4, f"bench-{i}")).state
        return 1 / (time.perf_counter() - t)

    return Figure(name="selfplay_games_per_second", value=statistics.median(one(i) for i in range(games)),
                  unit="games/s")


def _verify(log: Path, repeat: int) -> list[Figure]:
    from adjudicator.logs.verify import verify_log

    def once() -> float:
        t = time.perf_counter()
        result = verify_log(log)
        assert result.ok, result.problems
        return result.decisions / (time.perf_counter() - t)

    peak = _run_child([sys.executable, "-m", "adjudicator", "verify", str(log)]).peak_mb
    return [
        Figure(name="verify_decisions_per_second", value=_median(once, repeat), unit="decisions/s"),
        Figure(name="verify_peak_mb", value=peak, unit="MB"),
    ]


def _judge(f: Figure) -> Figure:
    if f.name not in TARGETS:
        return f
    op, limit = TARGETS[f.name]
    met = {"<=": f.value <= limit, ">=": f.value >= limit, "<": f.value < limit}[op]
    return Figure(name=f.name, value=f.value, unit=f.unit, target=f"{op} {limit:g}", met=met)


def render(bench: Bench) -> str:
    """The figures as ``trajan bench`` prints them, one a line, with each target's verdict."""
    lines = ["Machine: " + ", ".join(f"{k} {v}" for k, v in bench.machine.items()), ""]
    for f in bench.figures:
        verdict = "" if f.met is None else f" (target {f.target}: {'met' if f.met else 'NOT met'})"
        lines.append(f"{f.name:34} {f.value:12.2f} {f.unit}{verdict}")
    return "\n".join(lines) + "\n"
