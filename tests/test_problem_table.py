"""The problem table (``adjudicator/data/problems.json``) names every problem code the
package uses, and only those (issue 25).

The codes are found in the source with :mod:`ast` (not by importing the code): every
string literal of the form ``prefix.name``, and every f-string code such as
``f"judge.{place}"`` given to ``problem(...)``.  A few dotted literals are not codes
(file names, module names, settings keys): they are listed here, by name.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "adjudicator"
TABLE = json.loads((PACKAGE / "data" / "problems.json").read_text())
SCHEMA = json.loads((ROOT / "schemas" / "components" / "problems.schema.json").read_text())

DOTTED = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
FILE_SUFFIXES = ("json", "toml", "md", "html", "png", "svg", "css", "js", "txt", "eml", "jsonl")
NOT_CODES = {
    "adjudicator.drawing", "adjudicator.league", "adjudicator.compose",  # package names (importlib.resources)
    "inbox.kind", "inbox.path",  # judge.toml settings keys, compared between games
    "encodings.utf_8",  # a codec module's name
    "board.trajan_stacks",  # a path of the game file (the table of hidden information's structs)
}
KIND_EXITS = {"malformed": {2}, "illegal": {1}, "inconsistent": {3}, "verify": {1}, "warning": {0},
              "internal": {2}}


def _literals() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Every code literal and every f-string code template (as a regular expression), with
    the files they are in."""
    codes: dict[str, set[str]] = {}
    templates: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(), where)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and DOTTED.match(node.value):
                if node.value.rsplit(".", 1)[1] not in FILE_SUFFIXES and node.value not in NOT_CODES:
                    codes.setdefault(node.value, set()).add(where)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "problem"
                  and node.args and isinstance(node.args[0], ast.JoinedStr)):
                parts = node.args[0].values
                pattern = "".join(re.escape(p.value) if isinstance(p, ast.Constant) else "[a-z0-9_]+"
                                  for p in parts)
                templates.setdefault(pattern, set()).add(where)
    return codes, templates


def test_the_table_follows_its_schema() -> None:
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(TABLE)) == []


def test_every_code_used_is_in_the_table() -> None:
    codes, templates = _literals()
    assert len(codes) > 250  # the extraction finds the codes (a broken pattern finds none)
    listed = {p["code"] for p in TABLE["problems"]}
    missing = {code: sorted(files) for code, files in codes.items() if code not in listed}
    assert missing == {}, "add these codes to adjudicator/data/problems.json"
    for pattern, files in templates.items():
        assert any(re.fullmatch(pattern, code) for code in listed), (pattern, files)


def test_every_code_in_the_table_is_used() -> None:
    codes, templates = _literals()
    unused = [p["code"] for p in TABLE["problems"]
              if p["code"] not in codes and not any(re.fullmatch(t, p["code"]) for t in templates)]
    assert unused == []


def test_the_table_is_one_entry_per_code_in_order_and_readable() -> None:
    problems = TABLE["problems"]
    names = [p["code"] for p in problems]
    assert names == sorted(set(names))
    prefixes = [g["prefix"] for g in TABLE["groups"]]
    assert sorted(set(prefixes)) == sorted({n.split(".")[0] for n in names}) and len(prefixes) == len(set(prefixes))
    for p in problems:
        assert set(p["exit"]) & KIND_EXITS[p["kind"]], p  # its kind's exit is among its exits
        assert p["meaning"][:1].isupper() and p["meaning"].endswith(".") and "\n" not in p["meaning"], p
        assert p["applies"] and "\n" not in p["applies"], p
    assert set(TABLE["kinds"]) == set(KIND_EXITS)
