"""Verify many games: log folders and records, in a process pool or on a Dask cluster.

What ``trajan verify`` is given is expanded by :func:`~adjudicator.records.sources.sources`:
log folders, records, folders of records and lists of them; any other file is refused by
its kind, showing nothing of it.

Records are independent, so they are verified in parallel: ``pool`` runs ``jobs``
local processes, each given a record's contents; ``dask`` verifies them in batches on a
Dask ``distributed`` cluster (a ``LocalCluster`` of ``jobs`` single-threaded worker
processes, or the scheduler at ``scheduler``: see :mod:`adjudicator.records.cluster`).
The verifier itself reads no file, so it runs on machines that do not share this one's
disk.  Log folders (many files each) are verified here, in the pool.  At most a few
tasks per worker are in flight, so a tournament of any size is read a few records at a
time.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from adjudicator.errors import Malformed
from adjudicator.files import io
from adjudicator.logs.verify import LogResult, verify_log
from adjudicator.records.replay import verify_record
from adjudicator.records.sources import Source, sources, the_record

Backend = Literal["pool", "dask"]
IN_FLIGHT = 4  # tasks per worker submitted ahead


def run(task: tuple[str, str, bytes | None]) -> LogResult:
    """One task: ``("log", path, None)`` or ``("record", name, contents)``."""
    kind, name, content = task
    if kind == "record" and content is not None:
        return verify_record(content, name)
    return verify_log(Path(name))


def _tasks(found: Sequence[Source]) -> Iterator[tuple[str, str, bytes | None]]:
    for s in found:
        if s.kind == "record":
            try:
                content: bytes | None = io.read_bytes(s.path)
            except Malformed as e:
                yield ("failed", s.path, _problem_bytes(e))
                continue
            yield ("record", s.path, content)
        else:
            yield ("log", s.path, None)


def _problem_bytes(e: Malformed) -> bytes:
    import msgspec

    return msgspec.json.encode(e.problems)


def _failed(task: tuple[str, str, bytes | None]) -> LogResult | None:
    if task[0] != "failed" or task[2] is None:
        return None
    import msgspec

    from adjudicator.errors import Problem

    return LogResult(log=task[1], problems=msgspec.json.decode(task[2], type=list[Problem]))


def verify_many(paths: Sequence[Path], jobs: int = 1, backend: Backend = "pool",
                scheduler: str | None = None, progress: bool = False) -> list[LogResult]:
    """Verify every log and record ``paths`` name; results in the order found."""
    found = sources(paths)
    bar = Progress(len(found), progress)
    if backend == "dask":
        from adjudicator.records.cluster import verify_on_cluster

        return verify_on_cluster(found, jobs, scheduler, bar)
    if jobs == 1 or len(found) <= 1:
        return [bar.tick(_failed(t) or run(t)) for t in _tasks(found)]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return on_pool(pool, jobs, found, bar)


def on_pool(pool: Any, jobs: int, found: Sequence[Source], bar: Progress | None = None) -> list[LogResult]:
    """Verify ``found`` on a ``concurrent.futures`` pool of ``jobs`` workers."""
    return _windowed(found, jobs, lambda t: pool.submit(run, t), _pool_wait,
                     bar or Progress(len(found), False))


def _pool_wait(pending: dict[Any, int]) -> list[Any]:
    from concurrent.futures import FIRST_COMPLETED, wait

    done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
    return list(done)


def _windowed(found: Sequence[Source], workers: int, submit: Callable[[tuple[str, str, bytes | None]], Any],
              wait_some: Callable[[dict[Any, int]], list[Any]], bar: Progress) -> list[LogResult]:
    """Submit tasks a few per worker ahead; collect results in the order found."""
    results: list[LogResult | None] = [None] * len(found)
    tasks = enumerate(_tasks(found))
    pending: dict[Any, int] = {}

    def top_up() -> None:
        while len(pending) < workers * IN_FLIGHT:
            nxt = next(tasks, None)
            if nxt is None:
                return
            i, task = nxt
            failed = _failed(task)
            if failed is not None:
                results[i] = bar.tick(failed)
                continue
            pending[submit(task)] = i

    top_up()
    while pending:
        for future in wait_some(pending):
            results[pending.pop(future)] = bar.tick(future.result())
        top_up()
    return [r for r in results if r is not None]


def verify_witnessed(path: Path, witnesses: Sequence[Any]) -> LogResult:
    """A log folder or a record against the witnesses its players kept; a record is first
    unpacked (it must verify) into a temporary log folder, and the problems name the
    record with the file of the log they concern."""
    if not the_record(path):
        return verify_log(path, witnesses)
    import tempfile

    from msgspec.structs import replace

    from adjudicator.records.replay import unpack

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "log"
        result = unpack(io.read_bytes(str(path)), str(path), folder)
        if not result.ok:
            return result
        result = verify_log(folder, witnesses)
    result.log = str(path)
    inside = str(folder) + "/"
    result.problems = [replace(p, file=f"{path} ({p.file[len(inside):]})")
                       if p.file and p.file.startswith(inside) else p for p in result.problems]
    return result


class Progress:
    """A progress bar on stderr (when shown): ``[#####.....] 12/40 games``."""

    def __init__(self, total: int, show: bool) -> None:
        self.total, self.show, self.done = total, show, 0

    def tick(self, result: LogResult) -> LogResult:
        """Count one more game verified (and draw the bar); returns ``result`` unchanged."""
        self.done += 1
        if self.show:
            width = 30
            filled = width * self.done // max(self.total, 1)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games")
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()
        return result


__all__ = ["Source", "sources", "verify_many", "verify_witnessed", "on_pool", "run", "Progress", "IN_FLIGHT"]
