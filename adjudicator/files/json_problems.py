"""JSON Schema validation of input files: every violation as a problem with a JSON path.

The schemas ship in the package (``adjudicator/schemas``); each is compiled once per
process.  Messages are one sentence naming the bad value and what is expected.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from adjudicator.errors import Problem, problem
from adjudicator.escape import terminal

# The schemas shipped in the package (not read through importlib.resources: a fast start).
SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
# At most this many schema problems are listed for one file.
MAX_PROBLEMS = 100

# --- Schema validation -------------------------------------------------------------------

def load_schema(name: str) -> dict[str, Any]:
    """The packaged JSON Schema ``name`` (e.g. ``game.schema.json``)."""
    text = (SCHEMA_DIR / name).read_bytes()
    schema: dict[str, Any] = json.loads(text)
    return schema


@functools.cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema(name))


def schema_problems(value: Any, schema: str) -> list[Problem]:
    """Every violation of the packaged schema ``schema`` by ``value`` (at most MAX_PROBLEMS)."""
    problems: list[Problem] = []
    for error in _validator(schema).iter_errors(value):
        problems.extend(p for p in _problems_of(error) if p not in problems)
        if len(problems) >= MAX_PROBLEMS:
            problems = problems[:MAX_PROBLEMS]
            problems.append(problem("schema.too_many_problems", "$",
                                    f"Only the first {MAX_PROBLEMS} problems are listed."))
            break
    return problems


def json_path(parts: Iterable[str | int]) -> str:
    """``$.a.b[0]`` for the parts ``a``, ``b``, ``0``."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            out += f"[{json.dumps(part)}]"
    return out


def _problems_of(error: Any) -> Iterator[Problem]:
    kind = error.validator
    path = json_path(error.absolute_path)
    instance = error.instance
    expected = error.validator_value
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = sorted(error.schema.get("properties", {}))
        for key in instance:
            if key not in known:
                yield problem("schema.unknown_field", json_path([*error.absolute_path, key]),
                              f"Unknown field {key!r}; expected one of: {', '.join(known)}.")
        return
    if kind in ("anyOf", "oneOf") and error.context:
        yield _any_of_problem(error, path)
        return
    if kind == "required":  # one error per missing field: all listed once, a tag with its values
        missing = [k for k in expected if isinstance(instance, dict) and k not in instance]
        fields = error.schema.get("properties", {})
        named = [repr(k) + (f" (one of {', '.join(brief(v) for v in fields[k]['enum'])})"
                            if "enum" in fields.get(k, {}) else "") for k in missing]
        plural = "s" if len(missing) > 1 else ""
        yield problem("schema.required", path, f"Missing required field{plural} {', '.join(named)}.")
        return
    yield _one_problem(kind, path, instance, expected, error.message)


def _one_problem(kind: str, path: str, instance: Any, expected: Any, fallback: str) -> Problem:
    if kind == "type":
        types = expected if isinstance(expected, list) else [expected]
        return problem("schema.type", path,
                       f"Expected {' or '.join(types)}, got {json_type(instance)} {brief(instance)}.")
    if kind == "enum":
        return problem("schema.enum", path,
                       f"Expected one of {', '.join(brief(v) for v in expected)}; got {brief(instance)}.")
    if kind == "const":
        return problem("schema.const", path, f"Expected {brief(expected)}, got {brief(instance)}.")
    if kind in ("minItems", "maxItems", "minLength", "maxLength"):
        size = len(instance) if isinstance(instance, (list, str)) else 0
        bound = "at least" if kind.startswith("min") else "at most"
        unit = "items" if kind.endswith("Items") else "characters"
        return problem("schema.length", path, f"Expected {bound} {expected} {unit}, got {size}.")
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        op = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}[kind]
        return problem("schema.out_of_range", path,
                       f"Expected a number {op} {expected}, got {brief(instance)}.")
    return problem("schema.invalid", path, sentence(fallback))


def _any_of_problem(error: Any, path: str) -> Problem:
    """One problem for a failed ``anyOf``: the alternatives, or the deepest sub-error."""
    from jsonschema.exceptions import best_match

    here = [e for e in error.context if not e.relative_path]
    if len(here) == len(error.context) and all(e.validator in ("type", "enum", "const") for e in here):
        wanted = []
        for e in here:
            if e.validator == "type":
                wanted.append(str(e.validator_value))
            elif e.validator == "const":
                wanted.append(brief(e.validator_value))
            else:
                wanted.extend(brief(v) for v in e.validator_value)
        return problem("schema.type", path,
                       f"Expected {' or '.join(wanted)}; got {json_type(error.instance)} "
                       f"{brief(error.instance)}.")
    deepest = best_match(error.context)
    return next(_problems_of(deepest))



def json_type(value: Any) -> str:
    """The JSON name of a decoded value's type (``null``, ``boolean``, ``integer``, ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def brief(value: Any, limit: int = 60) -> str:
    """A short JSON form of ``value`` for a message: at most ``limit`` characters, safe for a
    terminal."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"<{json_type(value)}>"
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    # No control character of a hostile file reaches a terminal (line breaks, escapes).
    return terminal(text)


def sentence(text: str, limit: int = 300) -> str:
    """``text`` as one sentence: on one line, at most ``limit`` characters, capitalised, with a full
    stop."""
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!", "…")) else text + "."
