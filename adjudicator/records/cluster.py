"""Verify records on a Dask ``distributed`` cluster, in batches.

One task per record would cost a scheduler round trip per record (a record of a 4-player
game verifies in some 25 ms), so records go in batches: :func:`batch_size` makes a few
batches per worker (so a slow batch does not leave the others idle at the end), at most
:data:`MAX_BATCH` records or :data:`MAX_BATCH_BYTES` each, and at most
:data:`~adjudicator.records.many.IN_FLIGHT` batches per worker are submitted ahead (a
tournament of any size is read a few batches at a time).

A batch carries no record's contents through the scheduler: on a ``LocalCluster``
(workers on this machine) it holds the records' paths and each worker reads them; to a
scheduler elsewhere (``--scheduler``; workers may not share this disk) the records are
read here and each batch's contents are scattered straight to a worker, the task naming
them.  Either way a record's result is what the process pool gives (same objects, same
problems, a file that cannot be read named as read here), in the order found.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from typing import Any

from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.logs.verify import LogResult
from adjudicator.records.many import IN_FLIGHT, Progress, Source, run
from adjudicator.records.replay import verify_record

BATCHES_PER_WORKER = 3
MAX_BATCH = 32
MAX_BATCH_BYTES = 4 << 20

Batch = tuple[tuple[str, str], ...] | tuple[tuple[str, bytes], ...]


def batch_size(records: int, workers: int) -> int:
    """Records per batch: a few batches per worker, at most :data:`MAX_BATCH`."""
    return max(1, min(MAX_BATCH, -(-records // (max(workers, 1) * BATCHES_PER_WORKER))))


def verify_files(batch: tuple[tuple[str, str], ...]) -> list[LogResult]:
    """On a worker that shares the disk: each ``(name, absolute path)`` read and verified."""
    out = []
    for name, path in batch:
        try:
            content = io.read_bytes(path)
        except Malformed as e:
            out.append(LogResult(log=name, problems=[p.located(name) if p.file == path else p
                                                     for p in e.problems]))
            continue
        out.append(verify_record(content, name))
    return out


def verify_contents(batch: tuple[tuple[str, bytes], ...]) -> list[LogResult]:
    """On any worker: each ``(name, contents)`` verified."""
    return [verify_record(content, name) for name, content in batch]


def verify_on_cluster(found: Sequence[Source], jobs: int, scheduler: str | None,
                      bar: Progress) -> list[LogResult]:
    """The records of ``found`` on a ``LocalCluster`` of ``jobs`` workers (or the cluster at
    ``scheduler``); its log folders here."""
    try:
        from distributed import Client
    except ImportError:
        raise Malformed([problem("verify.no_dask", "--backend", "The dask backend needs Dask's distributed "
                                 "package: pip install 'trajan-adjudicator[cluster]'.")]) from None
    records = [s for s in found if s.kind != "log"]
    done_logs = {s.path: bar.tick(run(("log", s.path, None))) for s in found if s.kind == "log"}
    cluster = None if scheduler else local_cluster(jobs)
    try:
        with Client(scheduler or cluster) as client:
            checked = on_client(client, records, bar, shared_disk=scheduler is None)
    finally:
        if cluster is not None:
            cluster.close()
    by_record = iter(checked)
    return [done_logs[s.path] if s.kind == "log" else next(by_record) for s in found]


def local_cluster(jobs: int) -> Any:
    """A Dask ``LocalCluster`` of ``jobs`` worker processes of one thread each, for verifying
    records: no dashboard, quiet logs, and no sampling profiler (for the dashboard's
    profile page it interrupts a worker's task every 10 ms to record its stack: about a
    sixth of a worker's time on records)."""
    import dask
    from distributed import LocalCluster

    with dask.config.set({"distributed.worker.profile.enabled": False}):  # the workers take it
        return LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=":0",
                            silence_logs=logging.ERROR)


def on_client(client: Any, records: Sequence[Source], bar: Progress | None = None, *,
              shared_disk: bool = False) -> list[LogResult]:
    """Verify ``records`` on the workers of a Dask ``Client``, in batches; the results in
    the order of ``records``.  ``shared_disk``: the workers read the files themselves."""
    from distributed import as_completed

    bar = bar or Progress(len(records), False)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    results: list[LogResult | None] = [None] * len(records)
    size = batch_size(len(records), workers)
    batches = _by_path(records, size) if shared_disk else _by_contents(records, size, results, bar)
    pending: dict[Any, list[int]] = {}
    finished = as_completed()

    def top_up() -> None:
        while len(pending) < workers * IN_FLIGHT:
            nxt = next(batches, None)
            if nxt is None:
                return
            where, batch = nxt
            future = _submit(client, batch, shared_disk)
            pending[future] = where
            finished.add(future)

    top_up()
    for future in finished:
        for i, result in zip(pending.pop(future), future.result(), strict=True):
            results[i] = bar.tick(result)
        top_up()
    return [r for r in results if r is not None]


def _submit(client: Any, batch: Batch, shared_disk: bool) -> Any:
    if shared_disk:
        return client.submit(verify_files, batch, pure=False)
    [data] = client.scatter([batch], hash=False)
    return client.submit(verify_contents, data, pure=False)


def _by_path(records: Sequence[Source], size: int) -> Iterator[tuple[list[int], Batch]]:
    for start in range(0, len(records), size):
        part = records[start:start + size]
        yield (list(range(start, start + len(part))),
               tuple((s.path, os.path.abspath(s.path)) for s in part))


def _by_contents(records: Sequence[Source], size: int, results: list[LogResult | None],
                 bar: Progress) -> Iterator[tuple[list[int], Batch]]:
    """Batches of contents read here (a file that cannot be read is a result at once)."""
    where: list[int] = []
    batch: list[tuple[str, bytes]] = []
    held = 0
    for i, s in enumerate(records):
        try:
            content = io.read_bytes(s.path)
        except Malformed as e:
            results[i] = bar.tick(LogResult(log=s.path, problems=list(e.problems)))
            continue
        where.append(i)
        batch.append((s.path, content))
        held += len(content)
        if len(batch) >= size or held >= MAX_BATCH_BYTES:
            yield where, tuple(batch)
            where, batch, held = [], [], 0
    if batch:
        yield where, tuple(batch)
