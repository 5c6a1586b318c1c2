"""Reading and writing game and order files: the only module that touches the disk.

Reading a file goes: bytes (size limit, UTF-8, no BOM) -> JSON (an object, no
duplicate keys) -> JSON Schema (every violation collected, each with a JSON path) ->
msgspec model -> for game files, the invariants of
``adjudicator.rules.invariants.validate_state``.  A player's view (a file with a
``viewer`` field, see :mod:`adjudicator.views.view`) is read only where one is accepted
(``show``, ``options``, ``check``) and refused as a game file.  A failure raises
:class:`~adjudicator.errors.Malformed` (exit 2) or, for a game file that breaks an
invariant, :class:`~adjudicator.errors.Inconsistent` (exit 3).

Writing is canonical (the same state always gives the same bytes) and atomic (a
temporary file in the same folder renamed into place; on failure the old file is
left as it was).
"""

from __future__ import annotations

import errno
import functools
import json
import os
import stat
from typing import Any, BinaryIO, TypeVar

import msgspec

from adjudicator.errors import Inconsistent, Malformed, Problem, problem
from adjudicator.files.json_problems import (  # noqa: F401 (part of this module's interface)
    MAX_PROBLEMS,
    brief,
    json_path,
    json_type,
    load_schema,
    schema_problems,
    sentence,
)
from adjudicator.model.fairstart import FairStart
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.views.view import GameView

# Input files larger than this are refused unread (a game file is about 10 kB).
MAX_INPUT_BYTES = 5 * 1024 * 1024
# Structural limits, far above any real file (a game file holds about 600 JSON values,
# arrays of at most 70 items and strings of at most 64 characters); they keep a crafted
# file from costing minutes of schema validation or megabytes of error message.
MAX_ITEMS = 1_000  # items in one array, or fields in one object
MAX_STRING = 1_000  # characters in one string (or field name)
MAX_VALUES = 20_000  # JSON values in the whole file
MAX_DEPTH = 64  # arrays and objects nested in each other (a game file: 6)
MAX_NUMBER = 10**15  # the largest integer accepted, either sign (a game file: a few hundred)

_T = TypeVar("_T", GameState, OrderFile, GameView, FairStart)
_BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 16


# --- Reading -------------------------------------------------------------------------

def read_bytes(path: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``); raises :class:`Malformed`.

    A folder, FIFO, device or socket is refused at once, unopened (reading a FIFO would
    wait for a writer forever, and opening some devices has effects).
    """
    try:
        _refuse_special(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with open(fd, "rb") as f:
            _refuse_special(path, os.fstat(fd).st_mode)  # replaced since the check
            # In chunks: f.read(MAX_INPUT_BYTES + 1) would reserve 5 MB for every file.
            chunks: list[bytes] = []
            size = 0
            while size <= limit and (chunk := f.read(_CHUNK)):
                chunks.append(chunk)
                size += len(chunk)
            data = b"".join(chunks)[: limit + 1]
    except FileNotFoundError:
        raise _malformed(path, "input.missing", "$", "There is no file at this path.") from None
    except IsADirectoryError:
        raise _malformed(path, "input.not_a_file", "$", "This path is a folder, not a file.") from None
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise _malformed(path, "input.unreadable", "$", f"The file cannot be read: {reason}.") from None
    if len(data) > limit:
        raise _malformed(path, "input.too_large", "$",
                         f"The file is larger than the limit of {limit} bytes ({limit / 2**20:g} MB).")
    return data


def open_regular(path: str) -> BinaryIO:
    """The regular file at ``path`` open for reading; OSError for anything else (never waits on a FIFO)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, "not a regular file", path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    f = open(fd, "rb")
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        f.close()
        raise OSError(errno.EINVAL, "not a regular file", path)
    return f


def _refuse_special(path: str, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(path)
    if not stat.S_ISREG(mode):
        raise _malformed(path, "input.special_file", "$",
                         "This path is a FIFO, device, socket or other special file, not a regular file; "
                         "it is not read.")


def parse_object(data: bytes, file: str) -> dict[str, Any]:
    """The JSON object in ``data``; raises :class:`Malformed` naming what is wrong."""
    if not data.strip():
        raise _malformed(file, "input.empty", "$", "The file is empty; expected a JSON object.")
    if data.startswith(_BOM):
        raise _malformed(file, "input.bom", "$",
                         "The file starts with a byte-order mark (BOM); save it as UTF-8 without BOM.")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _malformed(file, "input.not_utf8", "$",
                         "The file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8.")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _malformed(file, "input.not_utf8", "$",
                         f"The file is not valid UTF-8 (bad byte at offset {e.start}).") from None
    try:
        value = msgspec.json.decode(data)
    except RecursionError:
        raise _malformed(file, "input.too_deep", "$", "The JSON is nested too deeply.") from None
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as e:
        raise _malformed(file, "input.not_json", "$", _not_json(data, e)) from None
    if not isinstance(value, dict):
        raise _malformed(file, "input.not_object", "$",
                         f"Expected a JSON object at the top level, got {json_type(value)}.")
    too_big = limit_problem(value)
    if too_big is not None:
        raise Malformed([too_big.located(file)])
    duplicate = _duplicate_key(data)
    if duplicate is not None:
        raise _malformed(file, "input.duplicate_key", "$",
                         f"The key {duplicate!r} appears twice in one JSON object.")
    return value


def _not_json(data: bytes, error: Exception) -> str:
    """Why ``data`` is not JSON, with the line and column where Python's parser can tell."""
    try:
        json.loads(data, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as e:
        return f"The file is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})."
    except (RecursionError, ValueError):
        reason = str(error).partition(" - at `")[0]  # msgspec's own path is not a JSON path
        return f"The file is not valid JSON: {sentence(reason)}"
    return "The file is not valid JSON: a string holds a \\u escape of half a surrogate pair."


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise ValueError("number out of range")
    return number


def limit_problem(value: Any) -> Problem | None:
    """The first place where ``value`` exceeds a structural limit (MAX_ITEMS …), if any."""
    return None if _within_limits(value) else _find_limit_problem(value)


def _within_limits(value: Any) -> bool:
    """The fast scan (no paths) of :func:`limit_problem`."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    count = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        kind = type(item)
        if kind is str:
            if len(item) > MAX_STRING:
                return False
        elif kind is int:
            if not -MAX_NUMBER <= item <= MAX_NUMBER:
                return False
        elif kind is list or kind is dict:
            if len(item) > MAX_ITEMS or count + len(item) > MAX_VALUES or (item and depth >= MAX_DEPTH):
                return False
            if kind is dict:
                if any(len(k) > MAX_STRING for k in item):
                    return False
                item = item.values()
            stack.extend((v, depth + 1) for v in item)
    return True


def _find_limit_problem(value: Any) -> Problem | None:
    """The slow scan of :func:`limit_problem`: where the first limit is exceeded."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    count = 0
    while stack:
        item, parts = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return problem("input.too_many_values", "$",
                           f"The file holds more than {MAX_VALUES} JSON values; a game file holds about 600.")
        found = _too_big(item, parts)
        if found is not None:
            return found
        if isinstance(item, dict):
            stack.extend((v, (*parts, k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, (*parts, i)) for i, v in enumerate(item))
    return None


def _too_big(item: Any, parts: tuple[str | int, ...]) -> Problem | None:
    if len(parts) > MAX_DEPTH:
        return problem("input.too_deep", json_path(parts[:MAX_DEPTH]),
                       f"The JSON is nested more than {MAX_DEPTH} levels deep here; a game file has 6.")
    if isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_NUMBER:
        return problem("input.number_too_large", json_path(parts),
                       f"This number has {len(str(abs(item)))} digits; numbers beyond {MAX_NUMBER:,} "
                       "are not accepted.")
    if isinstance(item, str) and len(item) > MAX_STRING:
        return problem("input.too_long", json_path(parts),
                       f"This string has {len(item)} characters; at most {MAX_STRING} are accepted.")
    if isinstance(item, (list, dict)) and len(item) > MAX_ITEMS:
        what = "items" if isinstance(item, list) else "fields"
        return problem("input.too_many_items", json_path(parts),
                       f"This {json_type(item)} has {len(item)} {what}; at most {MAX_ITEMS} are accepted.")
    if isinstance(item, dict):
        key = next((k for k in item if len(k) > MAX_STRING), None)
        if key is not None:
            return problem("input.too_long", json_path(parts),
                           f"A field name here has {len(key)} characters; at most {MAX_STRING} are accepted.")
    return None


def _duplicate_key(data: bytes) -> str | None:
    found: list[str] = []

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen and not found:
                found.append(k)
            seen.add(k)
        return dict(pairs)

    try:
        json.loads(data, object_pairs_hook=hook)
    except (RecursionError, ValueError):
        return None  # msgspec already accepted the document; only duplicates matter here
    return found[0] if found else None


def load_game(data: bytes, file: str = "<game>") -> GameState:
    """The game in ``data``, schema-checked and invariant-checked (a player's view is refused)."""
    value = parse_object(data, file)
    if is_view(value):
        raise _malformed(file, "view.not_a_game", "$.viewer",
                         "This is a player's view of the game, not the game file: only the game master's "
                         "game file can be adjudicated.")
    state = _load(data, file, "game.schema.json", GameState, value)
    check_state(state, file)
    return state


def is_view(value: dict[str, Any]) -> bool:
    """Whether a parsed file is a view (it names its ``viewer``) rather than a game file."""
    return "viewer" in value


def load_view(data: bytes, file: str = "<view>") -> GameView:
    """The view in ``data``, schema-checked and checked to be a view of a consistent game."""
    from adjudicator.views.standin import view_problems

    view = _load(data, file, "view.schema.json", GameView)
    problems = view_problems(view)
    if problems:
        raise Inconsistent([p.located(file) for p in problems])
    return view


def load_game_or_view(data: bytes, file: str = "<game>") -> GameState | GameView:
    """A game file or a player's view of one, whichever ``data`` holds."""
    return load_view(data, file) if is_view(parse_object(data, file)) else load_game(data, file)


def read_game_or_view(path: str) -> GameState | GameView:
    """The game file or view at ``path``; raises :class:`Malformed` or :class:`Inconsistent`."""
    return load_game_or_view(read_bytes(path), path)


def load_orders(data: bytes, file: str = "<orders>") -> OrderFile:
    """The order file in ``data``, schema-checked."""
    return _load(data, file, "orders.schema.json", OrderFile)


def load_fair_start(data: bytes, file: str = "<fair start>") -> FairStart:
    """The pending fair start in ``data`` (``trajan new --fair``), schema-checked."""
    return _load(data, file, "fair-start.schema.json", FairStart)


def read_game(path: str) -> GameState:
    """The game file at ``path``; raises :class:`Malformed` or :class:`Inconsistent`."""
    return load_game(read_bytes(path), path)


def read_orders(path: str) -> OrderFile:
    """The order file at ``path``; raises :class:`Malformed`."""
    return load_orders(read_bytes(path), path)


def check_state(state: GameState, file: str) -> None:
    """Raise :class:`Inconsistent` if ``state`` breaks an invariant no schema can express."""
    problems = invariant_problems(state)
    if len(problems) > MAX_PROBLEMS:
        more = problem("state.too_many_problems", "$", f"Only the first {MAX_PROBLEMS} problems are listed.")
        problems = [*problems[:MAX_PROBLEMS], more]
    if problems:
        raise Inconsistent([p.located(file) for p in problems])


def invariant_problems(state: GameState) -> list[Problem]:
    """Every broken invariant of ``state`` (see ``adjudicator.rules.invariants``)."""
    from adjudicator.rules.invariants import validate_state  # lazy: only for game files

    return list(validate_state(state))


def _load(data: bytes, file: str, schema: str, model: type[_T], value: dict[str, Any] | None = None) -> _T:
    value = parse_object(data, file) if value is None else value
    # The schema is generated from the model (the source of truth), and the model is at
    # least as strict; so a file the model accepts is valid, and the (ten times slower)
    # schema runs only on a file the model refuses, to name every problem with its path.
    try:
        decoded: _T = _decoder(model).decode(data)
        return decoded
    except msgspec.ValidationError as e:
        error = e
    # A file of an earlier format is upgraded, then read as a current one.
    from adjudicator.files.formats import upgraded

    newer = upgraded(value, schema, file)
    if newer is not None:
        value = newer
        try:
            decoded = _decoder(model).decode(msgspec.json.encode(value))
            return decoded
        except msgspec.ValidationError as e:
            error = e
    problems = schema_problems(value, schema)
    if problems:
        raise Malformed([p.located(file) for p in problems])
    message, _, where = str(error).partition(" - at `")
    raise _malformed(file, "schema.invalid", where.rstrip("`") or "$", sentence(message))


@functools.cache
def _decoder(model: type[_T]) -> msgspec.json.Decoder[_T]:
    return msgspec.json.Decoder(model)


# --- Writing -------------------------------------------------------------------------------

def canonical(obj: Any, compact: bytes | None = None) -> bytes:
    """Deterministic pretty JSON: keys in struct order, 2-space indent, trailing newline
    (``compact``: the caller's ``msgspec.json.encode(obj)``, not made again)."""
    return msgspec.json.format(msgspec.json.encode(obj) if compact is None else compact, indent=2) + b"\n"


def encode_state(state: GameState, compact: bytes | None = None) -> bytes:
    """The canonical bytes of a game file (``compact`` as for :func:`canonical`); refuses
    one that reading would refuse (MAX_STRING)."""
    for field in ("game_id", "seed"):
        text: str = getattr(state, field)
        if len(text) > MAX_STRING:
            raise Malformed([problem("output.too_long", f"$.{field}",
                                     f"The {field.replace('_', ' ')} has {len(text)} characters; a game file "
                                     f"with a string longer than {MAX_STRING} characters could not be read "
                                     "back, so none is written.")])
    return canonical(state, compact)


def encode_orders(orders: OrderFile) -> bytes:
    """The canonical bytes of an order file."""
    return canonical(orders)


# --- Helpers ---------------------------------------------------------------------------

def _malformed(file: str, code: str, path: str, message: str) -> Malformed:
    return Malformed([problem(code, path, message).located(file)])


__all__ = ["MAX_INPUT_BYTES", "MAX_ITEMS", "MAX_STRING", "MAX_VALUES", "MAX_DEPTH", "MAX_NUMBER",
           "read_bytes", "open_regular", "parse_object", "limit_problem", "load_game", "is_view",
           "load_view", "load_game_or_view", "read_game_or_view", "load_orders", "load_fair_start",
           "read_game", "read_orders", "check_state", "invariant_problems", "canonical", "encode_state",
           "encode_orders"]
