"""MkDocs hooks of the manual: the references generated from the program's own tables.

A page asks for a generated part with a marker line of its own, ``<!-- generated: NAME -->``;
:func:`on_page_markdown` replaces it with ``GENERATORS[NAME]()``.  An unknown name fails
the build.  The parts a reader should also find in the page's source (the notation's
grammar) are committed in the page instead, and checked here: a stale copy fails the build.

* ``cli``: every command and option, from the Click tree of the Typer app;
* ``schemas``: every file format, from ``schemas/*.schema.json``;
* ``exit-codes``: the exit codes and the exceptions of the Python API that carry them;
* ``problem-codes``: every problem code, from the problem table (``adjudicator/data/problems.json``).

``python docs/hooks.py NAME`` prints one part (for a look without building).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the hooks run from a checkout, the package beside them
    sys.path.insert(0, str(ROOT))

MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.M)


# --- The command line ------------------------------------------------------------------------


def cli_reference() -> str:
    """Every command of ``trajan`` (groups first-level, then their subcommands), from Click.

    Typer may carry its own copy of Click, so the tree is read through the interface both
    share (``list_commands``, ``get_command``, ``context_class``), not Click's classes."""
    import typer.main

    from adjudicator.commands import catalog
    from adjudicator.commands.main import app  # the app with every command registered

    root = typer.main.get_command(app)
    found = list(_walk(root, root.context_class(root, info_name="trajan")))
    out: list[str] = []
    for panel in catalog.PANELS:  # the panels of ``trajan --help``, in its order
        entries = sorted((e for e in found if catalog.panel_of(e[0].split()[1]) == panel),
                         key=lambda e: list(catalog.COMMANDS).index(e[0].split()[1]))
        out += [f"## {panel}", ""]
        out += [line for entry in entries for line in _command_section(*entry, level=3)]
    return "\n".join(out)


def _is_group(command: Any) -> bool:
    return hasattr(command, "list_commands")


def _walk(command: Any, ctx: Any) -> Iterator[tuple[str, Any, Any]]:
    if not _is_group(command):
        return
    for name in command.list_commands(ctx):
        sub = command.get_command(ctx, name)
        if sub is None or sub.hidden:
            continue
        sub_ctx = sub.context_class(sub, info_name=name, parent=ctx)
        yield sub_ctx.command_path, sub, sub_ctx
        yield from _walk(sub, sub_ctx)


def _command_section(path: str, command: Any, ctx: Any, level: int) -> list[str]:
    lines = [f"{'#' * level} `{path}`", "", _plain(command.help or command.short_help or ""), "",
             "```text", command.get_usage(ctx).replace("Usage: ", "", 1), "```", ""]
    if _is_group(command):
        names = [n for n in command.list_commands(ctx) if not command.get_command(ctx, n).hidden]
        lines += ["Subcommands: " + ", ".join(f"`{path} {n}`" for n in names) + ".", ""]
    rows = [r for r in (_param_row(p, ctx) for p in command.get_params(ctx)) if r]
    if rows:
        lines += ["| argument or option | what it does |", "|---|---|", *rows, ""]
    return lines


def _param_row(param: Any, ctx: Any) -> str | None:
    record = param.get_help_record(ctx)
    if record is None:
        return None
    return f"| {_cell('`' + record[0] + '`')} | {_cell(_plain(record[1] or ''))} |"


def _plain(text: str) -> str:
    """Help text as Markdown: Click's no-rewrap marks dropped, paragraphs kept."""
    return re.sub(r"\n\s*\n", "\n\n", text.replace("\b\n", "")).strip()


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


# --- The file formats ------------------------------------------------------------------------


def schemas_reference() -> str:
    """Each published schema: its title, its file, and a table of every definition's fields."""
    out: list[str] = []
    for path in sorted((ROOT / "schemas").glob("*.schema.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        stem = path.name.removesuffix(".schema.json")
        out += [f"## {doc.get('title', stem)}", "", f"`schemas/{path.name}` (the installed package holds the "
                f"same file in `adjudicator/schemas/`)." + _top(doc, stem), ""]
        for name, definition in doc.get("$defs", {}).items():
            out += _definition(stem, name, definition)
    components = sorted((ROOT / "schemas" / "components").glob("*.json"))
    out += ["## The components", "",
            "The printed components (`adjudicator/data/*.json`) each have a schema in `schemas/components/`: "
            + ", ".join(f"`{p.name}`" for p in components) + ".", ""]
    return "\n".join(out)


def _top(doc: Mapping[str, Any], stem: str) -> str:
    if "$ref" in doc:
        return f" The file is one {_type(doc, stem)}."
    return ""


def _definition(stem: str, name: str, definition: Mapping[str, Any]) -> list[str]:
    lines = [f"### {name} {{ #{_anchor(stem, name)} }}", ""]
    if definition.get("description"):
        lines += [_cell(definition["description"]), ""]
    props: Mapping[str, Any] = definition.get("properties", {})
    if not props:
        lines += [f"A {_type(definition)}.", ""]
        return lines
    required = set(definition.get("required", ()))
    lines += ["| field | type | required | default | meaning |", "|---|---|---|---|---|"]
    for field, spec in props.items():
        default = f"`{json.dumps(spec['default'])}`" if "default" in spec else ""
        lines.append(f"| `{field}` | {_cell(_type(spec, stem))} | {'yes' if field in required else ''} | "
                     f"{_cell(default)} | {_cell(_description(spec))} |")
    lines.append("")
    return lines


def _anchor(stem: str, name: str) -> str:
    return f"{stem}-{name}".lower().replace("_", "-")


def _description(spec: Mapping[str, Any]) -> str:
    if spec.get("description"):
        return str(spec["description"])
    for option in spec.get("anyOf", ()):
        if option.get("description"):
            return str(option["description"])
    return ""


def _type(spec: Mapping[str, Any], stem: str = "") -> str:
    """A short human form of a JSON Schema type."""
    if "$ref" in spec:
        name = str(spec["$ref"]).rsplit("/", 1)[-1]
        return f"[{name}](#{_anchor(stem, name)})" if stem else name
    if "enum" in spec:
        values = [json.dumps(v) for v in spec["enum"]]
        return " | ".join(f"`{v}`" for v in values[:8]) + (" …" if len(values) > 8 else "")
    if "const" in spec:
        return f"`{json.dumps(spec['const'])}`"
    if "anyOf" in spec:
        return " or ".join(_type(o, stem) for o in spec["anyOf"])
    kind = spec.get("type", "any")
    if kind == "array":
        items = spec.get("items") or spec.get("prefixItems")
        if isinstance(items, list):
            return "array of " + ", ".join(_type(i, stem) for i in items)
        return f"array of {_type(items, stem)}" if items else "array"
    if kind == "object" and "additionalProperties" in spec and isinstance(spec["additionalProperties"], dict):
        return f"object of {_type(spec['additionalProperties'], stem)}"
    bounds = [f"{k} {spec[k]}" for k in ("minimum", "maximum", "minLength", "maxLength") if k in spec]
    return str(kind) + (f" ({', '.join(bounds)})" if bounds else "")


# --- Exit codes and problem codes ------------------------------------------------------------


def exit_codes_reference() -> str:
    """The exit codes of :mod:`adjudicator.errors`, with the exception of the Python API for each."""
    import adjudicator
    from adjudicator import errors

    exceptions = {e.exit_code: e for e in (adjudicator.IllegalOrderError, adjudicator.MalformedError,
                                           adjudicator.InconsistentGameError)}
    lines = ["| exit | constant | raised in Python as | meaning |", "|---|---|---|---|"]
    for name in sorted((n for n in vars(errors) if n.startswith("EXIT_")), key=lambda n: getattr(errors, n)):
        code = getattr(errors, name)
        exc = exceptions.get(code)
        doc = (exc.__doc__ or "").strip().split("\n\n")[0] if exc else "success"
        raised = f"`adjudicator.{exc.__name__}`" if exc else "(nothing raised)"
        lines.append(f"| {code} | `{name}` | {raised} | {_cell(doc)} |")
    return "\n".join(lines) + "\n"


def problem_codes_reference() -> str:
    """The problem codes from the problem table (``adjudicator/data/problems.json``), one
    section per area (the part before the dot), with each code's kind, exit codes, meaning
    and where it applies."""
    from adjudicator.problems import table

    problems = table()
    out = [f"{len(problems.problems)} codes in {len(problems.groups)} areas.", ""]
    for group in problems.groups:
        codes = [p for p in problems.problems if p.code.split(".", 1)[0] == group.prefix]
        out += [f"## `{group.prefix}.*`: {group.title}", "", group.about, "",
                "| code | kind | exit | meaning | applies to |", "|---|---|---|---|---|",
                *(f"| `{p.code}` | {p.kind} | {', '.join(map(str, p.exit))} | {_cell(p.meaning)} | "
                  f"{_cell(p.applies)} |" for p in codes), ""]
    return "\n".join(out)


# --- The hooks -------------------------------------------------------------------------------


GENERATORS: dict[str, Callable[[], str]] = {
    "cli": cli_reference,
    "schemas": schemas_reference,
    "exit-codes": exit_codes_reference,
    "problem-codes": problem_codes_reference,
}


def expand(markdown: str, page: str = "<page>") -> str:
    """``markdown`` with every marker replaced by its generated part; raises ``KeyError``."""
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in GENERATORS:
            raise KeyError(f"{page}: no generator named {name!r}; known: {', '.join(GENERATORS)}")
        return GENERATORS[name]()
    return MARKER.sub(one, markdown)


def committed_parts() -> dict[str, str]:
    """The generated text a page holds in its source, by page: the notation's grammar."""
    from adjudicator.notation.grammar import grammar

    return {"reference/grammar.md": grammar()}


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """MkDocs: expand the page's markers; fail on a stale committed part."""
    from mkdocs.exceptions import PluginError

    src = page.file.src_uri
    wanted = committed_parts().get(src)
    if wanted is not None and wanted not in markdown:
        raise PluginError(f"{src} no longer holds the generated text: regenerate it "
                          "(python -m adjudicator.notation.grammar)")
    try:
        return expand(markdown, src)
    except KeyError as e:
        raise PluginError(str(e)) from None


if __name__ == "__main__":
    print(GENERATORS[sys.argv[1]]())
