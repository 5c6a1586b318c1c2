"""What ``trajan verify`` and ``trajan standings`` are given: logs, records and lists of them.

:func:`sources` expands the paths given: a log folder; a record (a file whose first line
is a record's header); a folder of records (every ``*.trajan.jsonl`` in it, in name
order); or a file listing any of these, one a line (blank lines and lines starting with
``#`` skipped; relative paths are read from the list's folder).

Whatever else it is given is refused by its kind, naming only the file (issue 25): a file
that is neither of these may hold anything (a game file's seed and deck, the fair start's
secret, an environment), and none of its contents is ever shown.  A list is UTF-8 text
without control characters, each line a path of at most :data:`MAX_LINE` bytes; a line
that names nothing is reported by its number, not its text.  Every problem of every path
is reported at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.records.form import SUFFIX

MAX_LIST_DEPTH = 4
MAX_LINE = 255  # bytes: a path longer than one file name may be is not a list's line
BOM = b"\xef\xbb\xbf"
RECORD_HEAD = b'{"record"'
_CONTROL = {c for c in range(32) if chr(c) not in "\t\r\n"} | {127}
_TEXT = "a text file"


@dataclass(frozen=True)
class Source:
    """One log folder or game record to verify or count: its kind and path."""
    kind: Literal["log", "record"]
    path: str


def sources(paths: Sequence[Path], depth: int = 0) -> list[Source]:
    """The logs and records that ``paths`` name (see the module's description); raises
    :class:`Malformed` with the problems of every path that is none of them."""
    out: list[Source] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            out.extend(_expand(path, depth))
        except Malformed as e:
            problems.extend(e.problems)
    if problems:
        raise Malformed(problems)
    return out


def _expand(path: Path, depth: int) -> list[Source]:
    what = _what(path)
    if what == "folder":
        try:
            found = sorted(p for p in path.iterdir() if p.name.endswith(SUFFIX))
        except OSError as e:
            raise Malformed([problem("input.unreadable", "$", f"This folder cannot be read: {e.strerror}.")
                             .located(str(path))]) from None
        if found and not (path / "0000-game.json").exists():
            return [Source("record", str(p)) for p in found]
        return [Source("log", str(path))]
    if what != "file":
        return [Source("log", str(path))]  # verify_log says what is missing
    if is_record(path):
        return [Source("record", str(path))]
    if depth >= MAX_LIST_DEPTH:
        raise Malformed([problem("verify.list_too_deep", "$", "Lists of lists nest too deeply "
                                 f"(at most {MAX_LIST_DEPTH}).").located(str(path))])
    return sources(listed(path), depth + 1)


def _what(path: Path) -> Literal["folder", "file", "other"]:
    """Whether ``path`` is a folder, a regular file or neither (missing, special)."""
    try:
        return "folder" if path.is_dir() else "file" if path.is_file() else "other"
    except OSError as e:  # a name too long, a folder that cannot be entered...
        raise Malformed([problem("input.unreadable", "$", f"This path cannot be read: {e.strerror}.")
                         .located(str(path))]) from None


def _head(path: Path) -> bytes:
    try:
        with io.open_regular(str(path)) as f:
            return f.read(64)
    except OSError as e:
        raise Malformed([problem("input.unreadable", "$", f"The file cannot be read: {e.strerror}.")
                         .located(str(path))]) from None


def is_record(path: Path) -> bool:
    """Whether the file's first line is a game record's header; raises :class:`Malformed`
    for a file that begins with a byte-order mark (a record or a list has none)."""
    head = _head(path)
    if head.startswith(BOM):
        raise Malformed([problem("input.bom", "$", "The file begins with a byte-order mark (BOM); a game "
                                 "record or a list of paths is UTF-8 without one: save it without."
                                 ).located(str(path))])
    return head.lstrip().startswith(RECORD_HEAD)


def the_record(path: Path) -> bool:
    """Whether ``path`` is a record (``verify --witness`` takes one log folder or record);
    raises :class:`Malformed` for a file of any other kind, by its kind."""
    if _what(path) != "file":
        return False
    if is_record(path):
        return True
    raise Malformed([kind_problem(str(path), io.read_bytes(str(path)),
                                  "With --witness, give one log folder or record itself.")])


def listed(path: Path) -> list[Path]:
    """The paths a list file names (relative ones from the list's folder); raises
    :class:`Malformed`, showing nothing of the file, if it is not a list of paths."""
    data = io.read_bytes(str(path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is None or data.lstrip()[:1] in (b"{", b"[") or _CONTROL & set(data):
        raise Malformed([kind_problem(str(path), data)])
    found: list[Path] = []
    problems: list[Problem] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if len(line.encode()) > MAX_LINE:
            problems.append(problem("verify.list_line_too_long", f"line {number}",
                                    f"This line is longer than {MAX_LINE} bytes: a list names one log "
                                    "folder, record or list a line.").located(str(path)))
        elif _exists(path.parent / line):
            found.append(path.parent / line)
        else:
            problems.append(problem("verify.list_entry_missing", f"line {number}",
                                    "This line names no log folder, record or list (nothing is there)."
                                    ).located(str(path)))
    if not found:  # not a list (the lines too long to be paths are named, by number)
        raise Malformed([kind_problem(str(path), data)]
                        + [p for p in problems if p.code == "verify.list_line_too_long"])
    if problems:
        raise Malformed(problems)
    return found


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def kind_problem(file: str, data: bytes, text_hint: str | None = None) -> Problem:
    """The refusal of a file that is neither a log, a record nor a list of them, by its kind
    (nothing of its contents is shown)."""
    what, hint = _kind(data)
    if text_hint is not None and what == _TEXT:
        hint = text_hint
    return problem("verify.wrong_kind", "$", f"This is {what}, not a log folder, a game record or a list "
                   f"of them; nothing in it is shown. {hint}").located(file)


def _kind(data: bytes) -> tuple[str, str]:
    if data.lstrip()[:1] in (b"{", b"["):
        try:
            value = msgspec.json.decode(data)
        except msgspec.DecodeError:
            return "a file that is not valid JSON", "Give the log folder or the record itself."
        if isinstance(value, dict):
            if value.get("kind") == "fair_start":
                return ("a pending fair start (the game master's secret file)",
                        "Keep it secret; verify the game's log once it has begun.")
            if "viewer" in value and "chain" in value:
                return "a player's view", "Give it with --witness, beside the log folder it comes from."
            if "chain" in value:
                return "a game file", "Give the log folder it belongs to."
            if "answer" in value:
                return "an order file", "Give the log folder it belongs to (or it with --witness)."
        return "a JSON file", "Give the log folder or the record itself."
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "not UTF-8 text", "A list of paths is UTF-8 text, one path a line."
    if _CONTROL & set(data):
        return "text with control characters", "A list of paths is plain text, one path a line."
    return _TEXT, "A list names one log folder, record or list a line; none of its lines does."
