"""The game master's log folder: the layout ``trajan verify`` reads, kept by ``trajan log``.

A log folder holds one game, step by step (k = 1, 2, ...: one accepted order each;
numbers have 4 digits so the files sort in play order)::

    0000-game.json            the game as `new` wrote it
    kkkk-orders.json          the k-th accepted order file (its JSON form)
    kkkk-game.json            the game after it
    kkkk-report.md            the public report of step k
    kkkk-report-COLOUR.md     each player's report (the public one plus what only they learned)
    kkkk-view-COLOUR.json     each player's view of kkkk-game.json: only for the latest step
                              (the step before's views are removed; any view re-derives with
                              `trajan view kkkk-game.json --player COLOUR`)

A step's files are written all or none, the game file last (:class:`OutputSet`), under an
exclusive lock on the folder; a step is there exactly when its game file is.  Nothing
else may be in the folder (hidden ``.NAME.*.tmp``/``.old`` files a killed run left are
tolerated), and every file must belong to the game of ``0000-game.json``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files import io, write
from adjudicator.files.pipeline import Adjudicated, adjudicate_bytes
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PLAYER_COLOURS
from adjudicator.views.redact import view_of

_COLOUR = "|".join(PLAYER_COLOURS)
FILE = re.compile(rf"^(\d{{4}})-(game\.json|orders\.json|report\.md|report-({_COLOUR})\.md|"
                  rf"view-({_COLOUR})\.json)$")
LEFTOVER = re.compile(r"^\.\d{4}-[a-z-]+\.(json|md)\..*\.(tmp|old)$")


@dataclass(frozen=True)
class Latest:
    """The latest step of a log: its number and game file (bytes and state)."""

    step: int
    data: bytes
    state: GameState


def step_files(k: int, result: Adjudicated, orders: OrderFile) -> dict[str, bytes]:
    """The files of step ``k`` (the game file last)."""
    files = {f"{k:04d}-orders.json": io.encode_orders(orders),
             f"{k:04d}-report.md": result.report.encode()}
    files.update({f"{k:04d}-report-{c}.md": text.encode() for c, text in result.private.items()})
    files.update(view_files(k, result.state))
    files[f"{k:04d}-game.json"] = result.data
    return files


def view_files(k: int, state: GameState) -> dict[str, bytes]:
    """Each player's view of the game file of step ``k``, by its file name in the log folder."""
    return {f"{k:04d}-view-{c}.json": io.canonical(view_of(state, c)) for c in state.seats}


def write_step(folder: Path, files: dict[str, bytes], stale_views: int | None = None) -> None:
    """The files of one step, all or none (the game file last); then the views of step
    ``stale_views`` are removed (they re-derive from their game file)."""
    outputs = write.OutputSet()
    for name, data in files.items():
        outputs.add(str(folder / name), data, option="LOG", folder=str(folder),
                    last=name.endswith("-game.json"))
    outputs.commit()
    if stale_views is not None:
        for view in folder.glob(f"{stale_views:04d}-view-*.json"):
            try:
                view.unlink()
            except OSError:
                pass  # an extra view is still a valid one: verify checks it


def check_empty(folder: Path) -> None:
    """Refuse to start a game in a folder that holds anything (a new game needs its own)."""
    if folder.exists() and not folder.is_dir():
        raise _refused(folder, "log.not_a_folder", "This path is a file, not a log folder.")
    found = sorted(f.name for f in folder.iterdir()) if folder.is_dir() else []
    if found:
        raise _refused(folder, "log.not_empty", f"A new game needs an empty folder; this one holds "
                       f"{_some(found)}. Nothing was written.")


def start(folder: Path, state: GameState) -> None:
    """A new game into an empty (or missing) folder: ``0000-game.json`` and the views."""
    check_empty(folder)
    write.make_folder(str(folder))
    write_step(folder, {**view_files(0, state), "0000-game.json": io.encode_state(state)})


def latest(folder: Path) -> Latest:
    """The latest step of the log in ``folder``; refuses a folder with anything unexpected."""
    if not folder.is_dir():
        raise _refused(folder, "log.not_a_folder",
                       "There is no log folder here (start one with `trajan log new`).")
    steps: set[int] = set()
    colours: set[str] = set()
    strange: list[str] = []
    for f in folder.iterdir():
        m = FILE.match(f.name)
        if m and f.is_file() and not f.is_symlink():
            if m.group(2) == "game.json":
                steps.add(int(m.group(1)))
            colours.update(c for c in (m.group(3), m.group(4)) if c)
        elif not LEFTOVER.match(f.name):
            strange.append(f.name)
    if strange:
        raise _refused(folder, "log.unexpected_file",
                       f"The log folder holds what a log does not: {_some(sorted(strange))}. Move it away; "
                       "nothing was written.")
    if 0 not in steps:
        raise _refused(folder, "log.no_start", "The log folder has no 0000-game.json (start a game with "
                       "`trajan log new`).")
    last = max(steps)
    name = str(folder / f"{last:04d}-game.json")
    data = io.read_bytes(name)
    state = io.load_game(data, name)
    first = io.load_game(io.read_bytes(str(folder / "0000-game.json")), str(folder / "0000-game.json"))
    others = sorted(colours - set(state.seats))
    if first.game_id != state.game_id or others:
        what = f"files of {', '.join(others)}, who has no seat" if others else f"game {state.game_id!r}"
        raise _refused(folder, "log.other_game", f"The log of game {first.game_id!r} also holds {what}: "
                       "two games are mixed in this folder. Nothing was written.")
    return Latest(last, data, state)


def add(folder: Path, orders_data: bytes, orders_name: str) -> tuple[int, Adjudicated]:
    """Check and adjudicate an order file against the log's latest game and add the step.

    Under an exclusive lock on the folder; the folder is left unchanged if the orders are
    refused or anything cannot be written.  Returns the step number and the result.
    """
    from adjudicator.files.lock import locked
    from adjudicator.files.orders_any import load_orders_any

    with locked(str(folder)):
        last = latest(folder)
        orders = load_orders_any(orders_data, orders_name, last.state.game_id)
        k = last.step + 1
        result = adjudicate_bytes(last.data, io.encode_orders(orders), f"{last.step:04d}-game.json",
                                  orders_name)
        write_step(folder, step_files(k, result, orders), stale_views=last.step)
    return k, result


def _some(names: list[str]) -> str:
    shown = ", ".join(names[:5])
    return shown + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _refused(folder: Path, code: str, message: str) -> Malformed:
    return Malformed([problem(code, "$", message).located(str(folder))])


__all__ = ["add", "latest", "start", "check_empty", "step_files", "write_step", "Latest", "Problem"]
