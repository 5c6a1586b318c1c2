"""JSON Schemas generated from the msgspec models: ``python -m adjudicator.files.schemagen``.

The models are the source of truth; the schemas are derived from them with
``msgspec.json.schema`` and written twice: to ``schemas/`` at the top of the checkout
(the published copy) and to ``adjudicator/schemas/`` (the copy shipped in the package
and used at run time).  The output is deterministic, so the committed copies can be
compared with a fresh generation.

msgspec describes a tagged union as ``anyOf`` plus an OpenAPI ``discriminator``.
JSON Schema validators ignore the discriminator and report a failed ``anyOf`` at the
union itself, which hides the real mistake.  Each tagged union is therefore rewritten
as "the tag is one of these" plus one ``if``/``then`` per tag; it accepts exactly the
same documents, and an error inside the chosen variant is reported at its own path.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgspec

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://trajan.invalid/schemas/"
PACKAGE_DIR = Path(__file__).resolve().parent.parent
PUBLISHED_DIR = PACKAGE_DIR.parent / "schemas"
PACKAGED_DIR = PACKAGE_DIR / "schemas"


def _rewrite_unions(node: Any) -> Any:
    """``node`` with every discriminated ``anyOf`` turned into tag-checked ``if``/``then``."""
    if isinstance(node, list):
        return [_rewrite_unions(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _rewrite_unions(value) for key, value in node.items()}
    disc = out.pop("discriminator", None)
    if disc is None:
        return out
    field: str = disc["propertyName"]
    mapping: dict[str, str] = disc["mapping"]
    if sorted(item.get("$ref", "") for item in out.get("anyOf", [])) != sorted(mapping.values()):
        out["discriminator"] = disc  # not a plain tagged union: leave it as msgspec wrote it
        return out
    del out["anyOf"]
    out.update({
        "type": "object",
        "required": [field],
        "properties": {field: {"enum": list(mapping)}},
        "allOf": [
            {
                "if": {"properties": {field: {"const": tag}}, "required": [field]},
                "then": {"$ref": ref},
            }
            for tag, ref in mapping.items()
        ],
    })
    return out


def schema_for(model: Any, name: str, title: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``model``, published as ``name``."""
    body = _rewrite_unions(msgspec.json.schema(model))
    return {"$schema": SCHEMA_DIALECT, "$id": BASE_ID + name, "title": title, **body}


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema by its relative file name (``game.schema.json``, ``components/…``)."""
    from adjudicator.components import DATA_FILES
    from adjudicator.game.options import OptionsFile
    from adjudicator.model.fairstart import FairStart
    from adjudicator.model.orders import OrderFile
    from adjudicator.model.roster import Roster
    from adjudicator.model.state import GameState
    from adjudicator.views.view import GameView

    out = {
        "game.schema.json": schema_for(GameState, "game.schema.json", "Trajan game file"),
        "orders.schema.json": schema_for(OrderFile, "orders.schema.json", "Trajan order file"),
        "view.schema.json": schema_for(GameView, "view.schema.json", "Trajan view file (one player's view)"),
        "options.schema.json": schema_for(OptionsFile, "options.schema.json",
                                          "Trajan options (`trajan options --json`)"),
        "fair-start.schema.json": schema_for(FairStart, "fair-start.schema.json",
                                             "Trajan pending fair start (the game master's, secret)"),
        "roster.schema.json": schema_for(Roster, "roster.schema.json",
                                         "Trajan roster (roster.toml: names and addresses, by colour)"),
        "record.schema.json": record_schema(),
    }
    for data_name, model in DATA_FILES.items():
        rel = f"components/{data_name}.schema.json"
        out[rel] = schema_for(model, rel, f"Trajan component data: {data_name}")
    from adjudicator.views.hidden import HiddenTable  # the table of hidden information (issue 25)

    rel = "components/hidden.schema.json"
    out[rel] = schema_for(HiddenTable, rel, "Trajan table of hidden information (data/hidden.json)")
    from adjudicator.problems import ProblemsFile

    rel = "components/problems.schema.json"
    out[rel] = schema_for(ProblemsFile, rel, "Trajan data: the table of problem codes")
    return out


def record_schema() -> dict[str, Any]:
    """A game record is JSON Lines: each line is its header or an order line (issue 20)."""
    from adjudicator.records.form import Header, Move

    (header, move), defs = msgspec.json.schema_components((Header, Move), ref_template="#/$defs/{name}")
    body = _rewrite_unions({"anyOf": [header, move], "$defs": defs})
    name = "record.schema.json"
    return {"$schema": SCHEMA_DIALECT, "$id": BASE_ID + name, "description": (
        "A game record is JSON Lines: its first line is the Header, each further line an order line "
        "(Move)."), "title": "Trajan game record (one line)", **body}


def encode(schema: dict[str, Any]) -> bytes:
    """The canonical bytes of a schema file (2-space indent, trailing newline)."""
    return msgspec.json.format(msgspec.json.encode(schema), indent=2) + b"\n"


def rendered() -> dict[str, bytes]:
    """Every schema file's bytes, by relative file name."""
    return {name: encode(schema) for name, schema in all_schemas().items()}


def write(directories: tuple[Path, ...] = (PUBLISHED_DIR, PACKAGED_DIR)) -> list[Path]:
    """Write every schema into each of ``directories``; returns the files written."""
    written = []
    files = rendered()
    for directory in directories:
        for name, data in files.items():
            path = directory / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    return written


def main() -> None:
    """``python -m adjudicator.files.schemagen``: write every schema, both copies, naming each file."""
    for path in write():
        sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
