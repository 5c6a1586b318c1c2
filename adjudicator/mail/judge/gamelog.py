"""The game's log as the judge keeps it: the game master's log folder of ``trajan log``
(:mod:`adjudicator.logs.folder`, the layout ``trajan verify`` reads).  The judge adds an
accepted order through the same function as ``trajan log add``."""

from __future__ import annotations

from pathlib import Path

from adjudicator.files.pipeline import Adjudicated
from adjudicator.logs import folder
from adjudicator.logs.folder import Latest


def latest(log: Path) -> Latest:
    """The last step of the log (refuses a folder with anything unexpected)."""
    return folder.latest(log)


def last_orders(log: Path, step: int) -> bytes | None:
    path = log / f"{step:04d}-orders.json"
    return path.read_bytes() if step > 0 and path.exists() else None


def append(log: Path, orders: bytes, orders_name: str) -> tuple[int, Adjudicated]:
    """Adjudicate ``orders`` against the log's latest game and add the step (``trajan log
    add``); raises the order's problems (nothing written then)."""
    return folder.add(log, orders, orders_name)
