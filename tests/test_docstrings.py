"""Every public name has a docstring, or is on a list that only shrinks (issue 26).

A public name is a function or class at the top of a module, or a method of such a class,
whose name (and whose module's path) does not start with ``_``. The names that lacked a
docstring when this test was written are in ``tests/docstring-allowlist.txt``; a name
outside it must have one, and an entry that has since been documented (or removed) must
leave the list, so it only shrinks. The Python API and the modules written with it have
no entry: every name there is documented, with the exceptions it raises.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALLOWLIST = Path(__file__).with_name("docstring-allowlist.txt")
# Modules in which no name may be undocumented (the allowlist may hold none of theirs).
DOCUMENTED = ("adjudicator", "adjudicator.api", "adjudicator.bots")


def public_names() -> dict[str, bool]:
    """Every public name, ``module:Qualified.name``, and whether it has a docstring."""
    found: dict[str, bool] = {}
    for path in sorted((ROOT / "adjudicator").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if any(p.startswith("_") and p != "__init__" for p in parts):
            continue
        module = ".".join(parts).removesuffix(".__init__")
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and not node.name.startswith("_"):
                found[f"{module}:{node.name}"] = ast.get_docstring(node) is not None
                if isinstance(node, ast.ClassDef):
                    for sub in node.body:
                        if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and not sub.name.startswith("_"):
                            found[f"{module}:{node.name}.{sub.name}"] = ast.get_docstring(sub) is not None
    return found


def allowlist() -> list[str]:
    lines = ALLOWLIST.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_every_public_name_outside_the_allowlist_has_a_docstring() -> None:
    allowed = set(allowlist())
    undocumented = sorted(n for n, documented in public_names().items() if not documented and n not in allowed)
    assert undocumented == [], f"{len(undocumented)} public names without a docstring: {undocumented}"


def test_the_allowlist_only_shrinks() -> None:
    names = public_names()
    entries = allowlist()
    assert entries == sorted(set(entries)), "keep the allowlist sorted, each name once"
    stale = [n for n in entries if names.get(n, True)]
    assert stale == [], f"documented or gone: remove from {ALLOWLIST.name}: {stale}"
    ours = [n for n in entries if n.split(":")[0] in DOCUMENTED or n.startswith("adjudicator.api.")]
    assert ours == []


def _api_modules() -> list[str]:
    folder = ROOT / "adjudicator" / "api"
    return ["adjudicator", "adjudicator.api", *(f"adjudicator.api.{p.stem}" for p in sorted(folder.glob("[!_]*.py")))]


@pytest.mark.parametrize("name", _api_modules())
def test_every_public_module_of_the_api_lists_its_names(name: str) -> None:
    module = importlib.import_module(name)
    listed = module.__all__
    assert len(listed) == len(set(listed))
    assert [n for n in listed if not hasattr(module, n)] == []


def _api_callables() -> list[tuple[str, object]]:
    import adjudicator

    out: list[tuple[str, object]] = []
    for name in adjudicator.__all__:
        value = getattr(adjudicator, name)
        if inspect.isclass(value) and value.__module__.startswith("adjudicator.api"):
            out.append((name, value))
            for attr, member in vars(value).items():
                if not attr.startswith("_") and (inspect.isfunction(member) or isinstance(member, classmethod)):
                    out.append((f"{name}.{attr}", member))
        elif inspect.isfunction(value):
            out.append((name, value))
    return out


@pytest.mark.parametrize(("name", "value"), _api_callables(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_function_of_the_api_says_what_it_raises(name: str, value: object) -> None:
    """A docstring, and in it the exceptions (``:raises X:``) or that it never fails."""
    func = value.__func__ if isinstance(value, classmethod) else value
    doc = inspect.getdoc(func) or ""
    assert doc, f"{name} has no docstring"
    if inspect.isfunction(func) and name.split(".")[-1] not in ("__init__",):
        assert ":raises" in doc or "never fails" in doc or "never raises" in doc or "may raise" in doc, name


def test_every_name_of_the_api_is_documented() -> None:
    import adjudicator

    for name in adjudicator.__all__:
        value = getattr(adjudicator, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert (value.__doc__ or "").strip(), name
