"""``trajan --help`` (issue 26): the commands in panels a user follows, flags without type
placeholders; the whole text is compared with a golden file
(``TRAJAN_UPDATE_GOLDEN=1 pytest tests/test_cli_help.py`` rewrites it after a deliberate change)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.commands import catalog
from adjudicator.commands.main import app

GOLDEN = Path(__file__).resolve().parent.parent / "fixtures" / "help"


def _help(args: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "80")  # the width the golden files are written at
    result = CliRunner().invoke(app, [*args, "--help"], prog_name="trajan")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("args", [[], ["check"], ["adjudicate"], ["verify"], ["log"], ["mail"]],
                         ids=lambda a: "-".join(a) or "trajan")
def test_the_help_is_the_golden_text(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = _help(args, monkeypatch)
    golden = GOLDEN / f"{'-'.join(['trajan', *args])}.txt"
    if os.environ.get("TRAJAN_UPDATE_GOLDEN") == "1":
        golden.write_text(text)
    assert text == golden.read_text()


def test_the_panels_come_in_order_with_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _help([], monkeypatch).splitlines()
    headings = [line[:-1] for line in lines if line.endswith(":") and not line.startswith(" ")]
    assert headings == ["Options", *catalog.PANELS]
    panels = lines[lines.index(f"{catalog.PANELS[0]}:"):]
    listed = [line.split()[0] for line in panels if line.startswith("  ") and not line.startswith("   ")]
    assert listed == [name for panel in catalog.PANELS for name, (_, p) in catalog.COMMANDS.items() if p == panel]


def test_the_catalog_lists_exactly_the_registered_commands() -> None:
    group = typer.main.get_command(app)
    assert set(getattr(group, "commands", {})) == set(catalog.COMMANDS)
    for name, (module, _) in catalog.COMMANDS.items():  # each from the module the catalog names
        command = getattr(group, "commands", {})[name]
        callback = command.callback or next(iter(command.commands.values())).callback
        assert callback is not None and callback.__module__ == f"adjudicator.commands.{module}", name


@pytest.mark.parametrize("name", list(catalog.COMMANDS))
def test_no_flag_shows_a_type_placeholder(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _help([name], monkeypatch)
    assert "<bool>" not in text
    for line in text.splitlines():  # e.g. "  --json  Print problems as a JSON list on stderr."
        if line.lstrip().startswith("--json"):
            assert line.split()[:1] == ["--json"] and line.split()[1][0].isupper()


def test_every_module_that_registers_a_command_is_in_the_catalog() -> None:
    folder = Path(catalog.__file__).parent
    registering = {p.stem for p in folder.glob("*.py")
                   if "@app.command(" in (text := p.read_text(encoding="utf-8")) or "app.add_typer(" in text}
    assert registering == set(catalog.MODULES)
