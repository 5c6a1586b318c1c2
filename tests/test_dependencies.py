"""The package uses its dependencies only through their public names (issue 25): no
module, function or attribute of a third-party package whose name starts with ``_``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator"
OURS = {"adjudicator", "__future__"}


def _third_party(module: str) -> bool:
    top = module.split(".")[0]
    return top not in OURS and top not in sys.stdlib_module_names


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Each import of a private name of a third-party package, and each private attribute
    read from a name bound to such a package, as ``line: what``."""
    tree = ast.parse(source)
    bound: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _third_party(alias.name):
                    bound.add(alias.asname or alias.name.split(".")[0])
                    if any(_private(part) for part in alias.name.split(".")):
                        found.append(f"{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and _third_party(node.module):
            for alias in node.names:
                bound.add(alias.asname or alias.name)
                if any(_private(part) for part in [*node.module.split("."), alias.name]):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in bound and _private(node.attr):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_private_name_of_a_dependency_is_used() -> None:
    uses = {str(path.relative_to(PACKAGE)): private_uses(path.read_text(encoding="utf-8"))
            for path in sorted(PACKAGE.rglob("*.py"))}
    assert {name: found for name, found in uses.items() if found} == {}


def test_the_scan_finds_each_form_of_a_private_use() -> None:
    source = ("import typer._coercion\nfrom typer._param_types import coerce_cli_path\n"
              "from typer import _coercion\nimport typer.core as core\nx = core._helper\n"
              "from msgspec import _core as c\nimport _thread\nfrom os import _exit\n"
              "from adjudicator import _x\nimport typer\ny = typer.__version__\n")
    assert private_uses(source) == [
        "1: import typer._coercion", "2: from typer._param_types import coerce_cli_path",
        "3: from typer import _coercion", "6: from msgspec import _core", "5: core._helper"]
