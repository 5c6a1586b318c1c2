"""File formats across releases: every game, view and order file names its ``format``.

A file of an earlier format is upgraded when it is read, before the schema sees it, so
a game begun under an earlier release goes on under this one; a file of a later format
than this release knows is refused with a message naming both.  Upgrades touch only
what changed between formats; the hash chain of a format-1 file is not recomputed (its
recorded hashes stay those of the bytes as written, and ``trajan verify`` checks a
format-1 log against them, see :mod:`adjudicator.logs.legacy`).

Format 1 to 2 (game and view files): a simultaneous decision (``setup_markers``,
``demands``) records who has already answered in ``pending.answered``, and keeps its
``decision`` number until everyone has.  A format-1 file's number is kept as it is.
Format 1 to 2 (order files): ``written_by`` meant "the player was absent and this
stand-in answered"; it becomes ``stand_in``.
Format 1 to 2 (the pending fair start, issue 25): ``contributors`` names the players who
must contribute; a format-1 file is read with every seat as one (what format 1 required).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.errors import Malformed, problem
from adjudicator.model.fairstart import FAIR_START_FORMAT
from adjudicator.model.orders import ORDERS_FORMAT
from adjudicator.model.state import FORMAT

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


def _game_1_to_2(value: dict[str, Any]) -> dict[str, Any]:
    out = dict(value, format=2)
    pending = value.get("pending")
    seats = value.get("seats")
    if isinstance(pending, dict) and isinstance(seats, list) and "answered" not in pending:
        kind, waiting = pending.get("kind"), pending.get("players")
        if kind == "setup_markers" and isinstance(waiting, list):
            out["pending"] = dict(pending, answered=[c for c in seats if c not in waiting])
        elif kind == "demands":
            out["pending"] = dict(pending, answered=[])  # format 1 did not record them
    return out


def _orders_1_to_2(value: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in value.items() if k != "written_by"}
    out["format"] = 2
    if value.get("written_by") is not None:
        out["stand_in"] = value["written_by"]
    return out


def _fair_start_1_to_2(value: dict[str, Any]) -> dict[str, Any]:
    out = dict(value, format=2)
    if "contributors" not in value and isinstance(value.get("seats"), list):
        out["contributors"] = value["seats"]  # format 1: every seat contributes
    return out


# For each kind of file: its current format and the upgrade from each earlier one.
KINDS: dict[str, tuple[int, dict[int, Upgrade]]] = {
    "game.schema.json": (FORMAT, {1: _game_1_to_2}),
    "view.schema.json": (FORMAT, {1: _game_1_to_2}),
    "orders.schema.json": (ORDERS_FORMAT, {1: _orders_1_to_2}),
    "fair-start.schema.json": (FAIR_START_FORMAT, {1: _fair_start_1_to_2}),
}
NAMES = {"game.schema.json": "game file", "view.schema.json": "view", "orders.schema.json": "order file",
         "fair-start.schema.json": "pending fair start"}


def upgraded(value: dict[str, Any], schema: str, file: str) -> dict[str, Any] | None:
    """``value`` upgraded to the current format, or None if it is not of an earlier one.

    Raises :class:`Malformed` (``input.format_too_new``) for a format this release does
    not know yet.
    """
    if schema not in KINDS:
        return None
    current, upgrades = KINDS[schema]
    fmt = value.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        return None
    if fmt > current:
        raise Malformed([problem(
            "input.format_too_new", "$.format",
            f"This {NAMES[schema]} is in format {fmt}, written by a newer release of trajan; this "
            f"release reads formats 1 to {current}. Please upgrade trajan.").located(file)])
    if fmt == current or fmt not in upgrades:
        return None
    while fmt < current:
        value = upgrades[fmt](value)
        fmt += 1
    return value
