"""Records verified on Dask in batches (issue 20): every record of a batch comes back in
the order found, a tampered or unreadable record in the middle of a batch is named with
its reason, and the results are the process pool's, whether the workers read the files
(a ``LocalCluster``) or are sent their contents (scattered, for a remote cluster)."""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.records.many import sources, verify_many
from adjudicator.records.tournament import bot_record
from tests.test_records import _edit, _set

GAMES = 12
TAMPERED = {3: ("verify.hash_mismatch", "$[7][3]"), 8: ("record.result_mismatch", "$[0].result")}
UNREADABLE = 5  # a folder named like a record


def _reverse_ranking(lines: list[Any]) -> None:
    lines[0]["result"]["ranking"].reverse()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("batches")
    for g in range(GAMES):
        path = root / f"game-{g:02d}.trajan.jsonl"
        if g == UNREADABLE:
            path.mkdir()
            continue
        record = bot_record(f"batch-{g}", ["random", "random"])
        if g == 3:
            record = _edit(record, _set(7, 3, "0123456789abcdef"))
        elif g == 8:
            record = _edit(record, _reverse_ranking)
        path.write_bytes(record)
    return root


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    if importlib.util.find_spec("distributed") is None:
        pytest.skip("LOUD SKIP: Dask's distributed is not installed: pip install '.[test]' installs it")
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as c:
        yield c


def test_a_batch_holds_several_records_and_a_few_batches_go_to_each_worker() -> None:
    from adjudicator.records.cluster import MAX_BATCH, batch_size

    assert batch_size(GAMES, 2) == 2  # 6 batches of 2: 3 a worker
    assert batch_size(1, 2) == 1 and batch_size(0, 2) == 1
    assert batch_size(100_000, 2) == MAX_BATCH


@pytest.mark.parametrize("per_worker", [1, 3])
@pytest.mark.parametrize("shared_disk", [True, False], ids=["paths", "scattered"])
def test_records_in_batches_come_back_in_order_with_every_failure_named(
        folder: Path, client: Any, per_worker: int, shared_disk: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.records import cluster

    monkeypatch.setattr(cluster, "BATCHES_PER_WORKER", per_worker)  # batches of 6, then of 2
    found = sources([folder])
    results = cluster.on_client(client, found, shared_disk=shared_disk)
    assert [r.log for r in results] == [str(folder / f"game-{g:02d}.trajan.jsonl") for g in range(GAMES)]
    failed = {g: r.problems for g, r in enumerate(results) if not r.ok}
    assert sorted(failed) == sorted([*TAMPERED, UNREADABLE])
    for g, (code, path) in TAMPERED.items():
        assert (failed[g][0].code, failed[g][0].path) == (code, path)
    assert failed[UNREADABLE][0].file == results[UNREADABLE].log  # named as given, not as read
    assert all(r.decisions > 0 for g, r in enumerate(results) if g != UNREADABLE)
    pool = verify_many([folder], jobs=2)
    assert [r.as_json() for r in results] == [r.as_json() for r in pool]
