"""The game master's journal (issue 28): ``GAMEDIR/judge/journal.jsonl``, one JSON line per act.

Every act of the game master (pause, resume, extend, replace, kick, note: by command or
by mail) and every change of the table the judge made on its own (an absence begun or
ended, a seat abandoned, a former holder told that the seat passed on) gets a line:
``{"time": ISO, "by": WHO, "action": WHAT, "detail": {...}}``.  ``by`` is ``gm`` (the
command), ``gm by mail``, a colour (the player's own mail) or ``judge``.  The file only
grows; it is written whole with the record of the same step (:class:`.record.Commit`),
so an act is in the journal exactly when it took effect.  Nothing in it enters the
game's log: the game file's history is never changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec

from adjudicator.files import io
from adjudicator.mail.judge.record import judge_dir

FILE = "journal.jsonl"


class Entry(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One line of the journal: when, who, what, and its details."""

    time: str
    by: str
    action: str
    detail: dict[str, str] = {}


def path(gamedir: Path) -> Path:
    """Where the journal of the game folder ``gamedir`` is kept."""
    return judge_dir(gamedir) / FILE


def appended(gamedir: Path, entries: Sequence[Entry]) -> bytes:
    """The journal's bytes with ``entries`` added at the end."""
    file = path(gamedir)
    old = io.read_bytes(str(file)) if file.exists() else b""
    return old + b"".join(msgspec.json.encode(e) + b"\n" for e in entries)


def read(gamedir: Path) -> list[Entry]:
    """Every entry, oldest first."""
    file = path(gamedir)
    if not file.exists():
        return []
    return [msgspec.json.decode(line, type=Entry) for line in io.read_bytes(str(file)).splitlines() if line]
