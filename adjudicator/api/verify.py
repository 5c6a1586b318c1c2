"""Proving a game: a log folder or a game record replayed from its start, as ``trajan verify``."""

from __future__ import annotations

import os

import msgspec

from adjudicator.api.errors import MalformedError, translated
from adjudicator.errors import Problem, problem

__all__ = ["Verification", "verify"]


class Verification(msgspec.Struct, frozen=True):
    """What ``trajan verify`` found for one game (a log folder or a record).

    ``ok`` when every order file re-adjudicates to exactly the recorded game file;
    ``problems`` holds the first divergence otherwise (file, JSON path, reason);
    ``decisions`` is how many order files were replayed; ``commitment`` is ``"checked"``
    once the game is over and its revealed seed re-derived the setup, ``"not_yet"``
    while it runs, ``"failed"`` if it did not; ``summary`` is what the command prints."""

    source: str
    ok: bool
    decisions: int
    game_over: bool
    commitment: str
    problems: tuple[Problem, ...]
    summary: str


def verify(log_or_record: str | os.PathLike[str]) -> Verification:
    """Replay one game from its start and check every game file it holds, as
    ``trajan verify`` does: a log folder (``0000-game.json``, ``0001-orders.json``, ...) or
    a game record (``*.trajan.jsonl``).

    A game that fails verification is not an exception: its :class:`Verification` is not
    ``ok`` and names the first divergence.

    :raises MalformedError: the path names no single game (a folder of several records, a
        list file: ``verify.not_one_game``), or a record cannot be read (``input.*``).
    """
    from pathlib import Path

    from adjudicator.logs.verify import summary
    from adjudicator.records.many import sources, verify_many

    path = os.fspath(log_or_record)
    with translated():
        found = sources([Path(path)])
    if len(found) != 1:
        raise MalformedError([problem("verify.not_one_game", "$", f"{path} holds {len(found)} games, not "
                                      "one: verify each (or use trajan verify).").located(path)])
    with translated():
        [result] = verify_many([Path(path)])
    return Verification(source=result.log, ok=result.ok, decisions=result.decisions,
                        game_over=result.game_over, commitment=result.commitment,
                        problems=tuple(result.problems), summary=summary(result))
