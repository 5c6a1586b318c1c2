"""The game's log as the judge keeps it: the layout ``trajan verify`` reads.

``log/0000-game.json`` is the game as ``trajan new`` wrote it; each accepted order adds
``kkkk-orders.json``, ``kkkk-report.md``, ``kkkk-report-COLOUR.md`` and
``kkkk-game.json`` (written all or none, the game file last), as ``trajan selfplay``
writes its log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import Inconsistent, problem
from adjudicator.files import io, write
from adjudicator.files.pipeline import Adjudicated, adjudicate_bytes

_GAME = re.compile(r"([0-9]{4})-game\.json")


@dataclass(frozen=True)
class Latest:
    step: int
    data: bytes


def latest(log: Path) -> Latest:
    """The last game file of the log (raises :class:`Inconsistent` for an empty log)."""
    steps = sorted(int(m.group(1)) for p in log.glob("*-game.json") if (m := _GAME.fullmatch(p.name)))
    if not steps:
        raise Inconsistent([problem("judge.no_game", "$", f"The log folder {log} holds no game file: "
                                    "start the game with 'trajan new ... -o LOG/0000-game.json'.")])
    return Latest(steps[-1], io.read_bytes(str(log / f"{steps[-1]:04d}-game.json")))


def last_orders(log: Path, step: int) -> bytes | None:
    path = log / f"{step:04d}-orders.json"
    return path.read_bytes() if step > 0 and path.exists() else None


def append(log: Path, orders: bytes, orders_name: str) -> tuple[int, Adjudicated]:
    """Adjudicate ``orders`` (a canonical JSON order file) against the log's latest game
    and add the step; raises the order's problems (nothing written then)."""
    now = latest(log)
    k = now.step + 1
    result = adjudicate_bytes(now.data, orders, f"{now.step:04d}-game.json", orders_name)
    files = {f"{k:04d}-orders.json": orders,
             f"{k:04d}-report.md": result.report.encode(),
             **{f"{k:04d}-report-{c}.md": text.encode() for c, text in result.private.items()},
             f"{k:04d}-game.json": result.data}
    outputs = write.OutputSet()
    for name, data in files.items():
        outputs.add(str(log / name), data, option="log", folder=str(log), last=name.endswith("-game.json"))
    outputs.commit()
    return k, result

