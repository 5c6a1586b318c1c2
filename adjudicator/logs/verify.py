"""``trajan verify``: prove that a log folder is a legal game that really happened.

For a log (layout from ``trajan selfplay``: ``0000-game.json``, then for each decision
k: ``kkkk-orders.json`` and ``kkkk-game.json``), in order:

1. the steps are complete: no gap in the numbering, every orders file has its game file;
2. ``0000-game.json`` is a valid game file whose chain says it is a start;
3. each order file is re-adjudicated against the game before it; the recorded game file
   must be exactly (byte for byte) what the rules produce, including its hash chain;
4. when the game is over the seed is revealed: it must match the commitment recorded from
   the start, and ``new`` with that seed must give ``0000-game.json`` again.  For an
   unfinished game this last check cannot be made yet and the result says so.
   What binds the game id, the start player and the fair start to the seed is in
   :mod:`adjudicator.logs.setup_proof`;
5. with witnesses (what the players received, :mod:`adjudicator.logs.witness`), every
   witnessed game file must be in the log: only then is the log the game the players saw.

The first divergence is reported with the file, a JSON path and the reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from adjudicator.errors import Illegal, Problem, TrajanError, problem
from adjudicator.files import io
from adjudicator.game import engine
from adjudicator.game.chain import orders_hash, state_hash
from adjudicator.logs import legacy, logfiles, setup_proof, verify_outputs
from adjudicator.logs import witness as witnesses_
from adjudicator.model.state import GameOver, GameState, Seeding

STEP = re.compile(r"^(\d{4})-(game|orders)\.json$")
Commitment = Literal["checked", "not_yet", "failed"]


class Divergence(Exception):
    """A log that is not what the rules make of it: the first divergence found, as a problem naming
    its file."""

    def __init__(self, file: str, code: str, path: str, message: str) -> None:
        super().__init__(message)
        self.problem = Problem(code=code, path=path, message=message, file=file)


@dataclass
class LogResult:
    """The verdict on one log folder or record: how far the replay got, how the game started,
    what the witnesses and the announcement bore out, and the problems (none: it verifies)."""

    log: str
    decisions: int = 0
    game_over: bool = False
    commitment: Commitment = "not_yet"
    seeding: Seeding | None = None  # how the game started (from its first file)
    witnesses: int | None = None  # how many witnesses were held against the log
    format: int = 2  # the format the log began in (1: checked as adjudicator.logs.legacy says)
    announced: tuple[str, ...] = ()  # the lines of a fair start's announcement held against it
    receipts: tuple[str, ...] = ()  # the colours whose contribution a receipt bears out
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the log verifies (no problem found)."""
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        """The result as ``trajan verify --json`` prints it."""
        return {"log": self.log, "ok": self.ok, "decisions": self.decisions, "game_over": self.game_over,
                "commitment": self.commitment,
                "seeding": msgspec.to_builtins(self.seeding) if self.seeding else None,
                "witnesses": self.witnesses, "format": self.format, "announced": list(self.announced),
                "receipts": list(self.receipts),
                "problems": [msgspec.to_builtins(p) for p in self.problems]}


def verify_log(folder: Path, witnesses: Sequence[witnesses_.Witness] | None = None) -> LogResult:
    """Verify one log folder (against ``witnesses``, if given); the result holds the first
    divergence, if any, or every witness the log does not bear out."""
    result = LogResult(log=str(folder))
    try:
        _verify(folder, result, witnesses)
    except Divergence as d:
        result.problems.append(d.problem)
    except TrajanError as e:
        result.problems.extend(e.problems)
    return result


def _steps(folder: Path) -> tuple[int, dict[str, bool]]:
    """The number of decisions in the log and its folder's listing
    (:func:`logfiles.listing`); raises :class:`Divergence` on a gap."""
    if not folder.is_dir():
        raise Divergence(str(folder), "verify.no_log", "$", "This is not a log folder.")
    present = logfiles.listing(str(folder))
    found: dict[int, set[str]] = {}
    for name in present:
        m = STEP.match(name)
        if m:
            found.setdefault(int(m.group(1)), set()).add(m.group(2))
    if "game" not in found.get(0, set()):
        raise Divergence(str(folder / "0000-game.json"), "verify.missing_file", "$",
                         "The log has no 0000-game.json (the game as `new` wrote it).")
    last = max(found)
    for k in range(1, last + 1):
        for kind in ("orders", "game"):
            if kind not in found.get(k, set()):
                raise Divergence(str(folder / f"{k:04d}-{kind}.json"), "verify.missing_step", "$",
                                 f"Step {k} of {last} is incomplete: this file is missing.")
    return last, present


def _raise(p: Problem | None) -> None:
    if p is not None:
        raise Divergence(p.file or "", p.code, p.path, p.message)


def _verify(folder: Path, result: LogResult, witnesses: Sequence[witnesses_.Witness] | None) -> None:
    last, present = _steps(folder)
    first_name = str(folder / "0000-game.json")
    prefix = first_name[: -len("0000-game.json")]  # so prefix + name == str(folder / name)
    data = io.read_bytes(first_name)
    first = io.load_game(data, first_name)
    old = legacy.raw_format(data) == 1
    if old:
        legacy.check_start(data, first_name, Divergence)
        result.format = 1
    else:
        _check_own_hash(first, first_name)
        verify_outputs.check_views(prefix, 0, first, present, Divergence)
    if first.chain.parent is not None or first.chain.orders is not None:
        raise Divergence(first_name, "verify.not_a_start", "$.chain",
                         "The first game file of a log must be what `new` wrote (no parent, no orders).")
    result.seeding = first.seeding
    _raise(setup_proof.start_problem(first, first_name))
    seen = witnesses_.seen_for(witnesses or ())
    seen.add(first)
    state, raw = first, msgspec.json.decode(data) if old else None
    for k in range(1, last + 1):
        game_name = f"{prefix}{k:04d}-game.json"
        if raw is not None and legacy.raw_format(logfiles.read(game_name)) == 1:
            orders_name = f"{prefix}{k:04d}-orders.json"
            state, raw = legacy.replay_step(state, raw, io.read_bytes(orders_name), orders_name,
                                            io.read_bytes(game_name), game_name, Divergence)
        else:  # a format-1 log may go on in the current format
            state = _replay(prefix, k, state, present)
            raw = None
        seen.add(state)
        result.decisions = k
    result.game_over = isinstance(state.pending, GameOver)
    if result.game_over:
        start = legacy.as_written_today(first) if old else first
        _raise(setup_proof.setup_problem(start, state.seed, first_name))
        result.commitment = "checked"
    if witnesses is not None:
        result.witnesses = len(witnesses)
        result.problems.extend(witnesses_.check(witnesses, seen, first))
        result.announced = witnesses_.announced_lines(witnesses)
        result.receipts = tuple(sorted(witnesses_.receipts(witnesses)))


def _replay(prefix: str, k: int, before: GameState, present: dict[str, bool]) -> GameState:
    orders_name, game_name = f"{prefix}{k:04d}-orders.json", f"{prefix}{k:04d}-game.json"
    data = logfiles.read(orders_name, present.get(f"{k:04d}-orders.json", False))
    orders = logfiles.load_orders(data, orders_name)
    try:
        outcome, compact = engine.adjudicate_encoded(before, orders)
        after = outcome.state
    except Illegal as e:
        p = e.problems[0]
        raise Divergence(orders_name, "verify.illegal_orders", p.path,
                         f"These orders are not legal against {k - 1:04d}-game.json: {p.message} "
                         f"[{p.code}]") from None
    expected = io.encode_state(after, compact)
    if not logfiles.holds(game_name, expected, present.get(f"{k:04d}-game.json", False)):
        recorded = io.read_bytes(game_name)
        if recorded != expected:
            _explain(game_name, recorded, expected, before, orders_name, orders)
    verify_outputs.check_reports(prefix, k, before, outcome, present, Divergence)
    verify_outputs.check_views(prefix, k, after, present, Divergence)
    return after


def _explain(game_name: str, recorded: bytes, expected: bytes, before: GameState,
             orders_name: str, orders: Any) -> None:
    """Raise the divergence between a recorded game file and the rules' result."""
    try:
        got = msgspec.json.decode(recorded)
    except msgspec.DecodeError:
        raise Divergence(game_name, "verify.not_json", "$",
                         "The recorded game file is not valid JSON.") from None
    want = msgspec.json.decode(expected)
    path = first_difference(got, want)
    if path.startswith("$.chain") and isinstance(got.get("chain"), dict):
        # The hash depends on the parent and orders hashes: name the cause, not the effect.
        path = next((f"$.chain.{k}" for k in ("parent", "orders", "hash")
                     if got["chain"].get(k) != want["chain"][k]), path)
    if path == "$.chain.hash":
        raise Divergence(game_name, "verify.hash_mismatch", path,
                         "The recorded hash is not the hash of this game file's content.")
    if path == "$.chain.parent":
        raise Divergence(game_name, "verify.chain_broken", path,
                         "The parent hash does not match the previous game file "
                         f"({before.chain.hash[:12]}…).")
    if path == "$.chain.orders":
        raise Divergence(game_name, "verify.orders_mismatch", path,
                         f"The orders hash does not match {Path(orders_name).name} "
                         f"({orders_hash(orders)[:12]}…).")
    raise Divergence(game_name, "verify.state_mismatch", path,
                     f"The recorded game file differs from what the rules produce here "
                     f"(recorded {_short(_at(got, path))}, expected {_short(_at(want, path))}).")


def _check_own_hash(state: GameState, name: str) -> None:
    if state.chain.hash != state_hash(state):
        raise Divergence(name, "verify.hash_mismatch", "$.chain.hash",
                         "The recorded hash is not the hash of this game file's content.")


def first_difference(a: Any, b: Any, path: str = "$") -> str:
    """The JSON path of the first place where ``a`` and ``b`` differ."""
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b or a[key] != b[key]:
                return first_difference(a.get(key), b.get(key), f"{path}.{key}")
        return path
    if isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        return f"{path}[{min(len(a), len(b))}]" if len(a) != len(b) else path
    return path


def _at(data: Any, path: str) -> Any:
    node = data
    for part in re.findall(r"\.(\w+)|\[(\d+)\]", path):
        key, index = part
        try:
            node = node[key] if key else node[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 60 else text[:57] + "..."


def _verify_path(log: str) -> LogResult:
    return verify_log(Path(log))


def verify_logs(logs: Sequence[Path], jobs: int = 1, progress: bool = False) -> list[LogResult]:
    """Verify many logs, in a process pool with ``jobs`` > 1; results in the order given."""
    names = [str(log) for log in logs]
    if jobs == 1 or len(names) == 1:
        results = []
        for i, name in enumerate(names, start=1):
            results.append(_verify_path(name))
            _progress(progress, i, len(names))
        return results
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        out = []
        for i, r in enumerate(pool.map(_verify_path, names), start=1):
            out.append(r)
            _progress(progress, i, len(names))
        return out


def _progress(show: bool, done: int, total: int) -> None:
    if not show:
        return
    import sys

    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} logs")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def summary(result: LogResult) -> str:
    """One line for people, then what was and was not proven (indented lines)."""
    if result.problems:
        p = result.problems[0]
        more = len(result.problems) - 1
        return f"FAIL {result.log}: {p.render()}" + (f" (and {more} more)" if more else "")
    note = ("the commitment and the setup were checked" if result.commitment == "checked"
            else "the game is not over: the commitment cannot be checked yet")
    head = f"ok   {result.log}: {result.decisions} decisions replayed; {note}."
    return "\n".join([head, *(f"     {line}" for line in setup_proof.guarantees(result))])


__all__ = ["verify_log", "summary", "LogResult", "first_difference", "problem"]
