"""``trajan bench``: the figures of game records (issue 20).

On records of complete 4-player games of random bots: the record's size per decision
and against the log folder it comes from; records verified per second with 1 and 2
workers, in the process pool (``--jobs``; 1 is in process, as ``--jobs 1`` runs) and on
a Dask ``LocalCluster`` (when ``distributed`` is installed).  Pools and clusters are
started and warmed up before the clock starts (a cluster takes seconds to start; that
figure is given apart), and every worker starts with the package's caches empty, as a
new process would (a worker keeps the order texts it has read and the engine's cached
searches, which making the records fills; a pool's workers are forks of this process,
a cluster's are new processes), then verifies 4 other games as a warm-up: the figures
are the throughput of a tournament under way, alike for every backend.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from adjudicator.logs.verify import LogResult
from adjudicator.perf.bench import Figure
from adjudicator.records.cluster import local_cluster, on_client
from adjudicator.records.many import Source, on_pool, run

TARGETS = {
    "record_log_ratio": (">=", 50.0),
    "records_pool_speedup_2": (">=", 1.7),
    "records_dask_vs_pool_2": (">=", 0.85),
}


def _judged(name: str, value: float, unit: str) -> Figure:
    if name not in TARGETS:
        return Figure(name=name, value=value, unit=unit)
    op, limit = TARGETS[name]
    met = value >= limit if op == ">=" else value <= limit
    return Figure(name=name, value=value, unit=unit, target=f"{op} {limit:g}", met=met)


def records_figures(log: Path, tmp: Path, quick: bool) -> list[Figure]:
    """The record figures; ``log`` is a complete self-play log folder."""
    from adjudicator.records.pack import pack

    record = pack(log)
    decisions = len(record.splitlines()) - 1
    log_bytes = sum(f.stat().st_size for f in log.iterdir())
    games = 8 if quick else 24  # a measurement of a few hundred ms a worker, not tens
    found = _records(tmp / "records", "bench", games)
    warm = _records(tmp / "warm-up", "bench-warm-up", 4)  # other games, to warm every backend alike
    figures = [_judged("record_bytes_per_decision", len(record) / decisions, "bytes"),
               _judged("record_log_ratio", log_bytes / len(record), "x smaller")]
    rates = {"pool_1": _in_process_rate(found, warm), "pool_2": _pool_rate(found, warm, 2)}
    figures += [_judged(f"records_per_second_{k}", v, "records/s") for k, v in rates.items()]
    figures.append(_judged("records_pool_speedup_2", rates["pool_2"] / rates["pool_1"], "x"))
    figures += _dask_figures(found, warm, rates["pool_2"])
    return figures


def _records(folder: Path, seed: str, games: int) -> list[Source]:
    from adjudicator.records.tournament import bot_record

    folder.mkdir()
    for g in range(games):
        (folder / f"g{g:02d}.trajan.jsonl").write_bytes(bot_record(f"{seed}-{g}", ["random"] * 4))
    return [Source("record", str(p)) for p in sorted(folder.iterdir())]


def _in_process(found: list[Source]) -> list[LogResult]:
    return [run(("record", s.path, Path(s.path).read_bytes())) for s in found]


def _in_process_rate(found: list[Source], warm: list[Source]) -> float:
    forget()  # making the records filled the caches: in process as in a new process
    _in_process(warm)
    return _rate(found, lambda: _in_process(found))


def forget() -> None:
    """Empty every cache of the package's loaded modules (``functools`` caches: order texts
    read, the engine's searches, component data): this process is then as a new one."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "adjudicator" or name.startswith("adjudicator.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def _rate(found: list[Source], verify: Callable[[], list[LogResult]]) -> float:
    start = time.perf_counter()
    results = verify()
    elapsed = time.perf_counter() - start
    assert all(r.ok for r in results), [r.problems for r in results if not r.ok]
    return len(found) / elapsed


def _on(client: object, found: list[Source]) -> Callable[[], list[LogResult]]:
    return lambda: on_client(client, found, shared_disk=True)


def _pool_rate(found: list[Source], warm: list[Source], jobs: int) -> float:
    from concurrent.futures import ProcessPoolExecutor

    forget()  # the workers start as forks of this process: with nothing read yet
    with ProcessPoolExecutor(jobs) as pool:
        on_pool(pool, jobs, warm)  # warm-up: the workers start, import and read other games
        return _rate(found, lambda: on_pool(pool, jobs, found))


def _dask_figures(found: list[Source], warm: list[Source], pool_2: float) -> list[Figure]:
    try:
        from distributed import Client
    except ImportError:
        return []
    out = []
    for jobs in (1, 2):
        start = time.perf_counter()
        with local_cluster(jobs) as cluster, Client(cluster) as client:  # as verify makes it
            up = time.perf_counter() - start
            on_client(client, warm, shared_disk=True)  # warm-up, as the pool's
            rate = _rate(found, _on(client, found))
        out.append(_judged(f"records_per_second_dask_{jobs}", rate, "records/s"))
        if jobs == 2:
            out.append(_judged("dask_cluster_start_s", up, "s"))
            out.append(_judged("records_dask_vs_pool_2", rate / pool_2, "x"))
    return out
