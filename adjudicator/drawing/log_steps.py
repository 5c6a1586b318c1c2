"""Reading a game log folder for the replay page: the one place that knows its layout.

A log folder (``trajan selfplay``, the manual's "The log folder") holds
``0000-game.json``, then for each decision k: ``kkkk-orders.json``, ``kkkk-game.json``,
``kkkk-report.md`` (public) and ``kkkk-report-COLOUR.md`` (each player's).  Only the game
files and the reports are read here; every game file is read (and validated) the usual
way, and the replay turns each into a view before drawing anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour

_GAME = re.compile(r"^(\d{4})-game\.json$")


@dataclass(frozen=True)
class LogStep:
    """The game after decision ``number`` (0: as set up), with the reports of that decision."""

    number: int
    game: GameState
    report: str | None = None                      # the public report (None for the setup)
    private: dict[PlayerColour, str] = field(default_factory=dict)  # each player's report


def read_log(folder: Path) -> list[LogStep]:
    """Every game file of the log folder in play order, with the reports beside it."""
    if not folder.is_dir():
        raise Malformed([problem("log.not_a_folder", str(folder), f"{folder} is not a log folder.")])
    numbered = sorted((int(m.group(1)), path) for path in folder.iterdir() if (m := _GAME.match(path.name)))
    if not numbered or numbered[0][0] != 0:
        raise Malformed([problem("log.no_setup", str(folder), f"{folder} holds no 0000-game.json.")])
    steps = []
    for number, path in numbered:
        game = io.read_game(str(path))
        report = _text(folder / f"{number:04d}-report.md")
        private = {c: t for c in game.seats
                   if (t := _text(folder / f"{number:04d}-report-{c}.md")) is not None}
        steps.append(LogStep(number, game, report, private))
    return steps


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None
