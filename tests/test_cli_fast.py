"""``trajan adjudicate`` read without Typer (the start-up fast path) behaves as through Typer.

``adjudicator.commands.main.main`` may read a plain ``adjudicate`` call itself, to spare the
import of Pydantic that Typer's value coercion needs (see ``trajan bench``).  For the
same arguments, the exit code, stdout, stderr and the files written must be those of
the Typer path.  Skipped while the CLI has no fast path.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from adjudicator.commands import main as cli

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "turn"

CASES = [
    ["adjudicate", "{game}", "{orders}", "-o", "{out}/new.json", "--report", "{out}/report.md"],
    ["adjudicate", "{game}", "{orders}", "--output", "{out}/new.json"],
    ["adjudicate", "{game}", "{orders}", "-o", "{out}/new.json", "--reports-dir", "{out}/reports", "--json"],
    ["adjudicate", "{game}", "{game}", "-o", "{out}/new.json"],
    ["adjudicate", "{game}", "{game}", "-o", "{out}/new.json", "--json"],
    ["adjudicate", "{game}", "{out}/missing.json", "-o", "{out}/new.json"],
    ["adjudicate", "{game}", "{orders}", "-o", "{out}/no/such/folder/new.json", "--json"],
    ["adjudicate", "{game}", "{orders}"],
    ["adjudicate", "{game}", "{orders}", "--json"],
    ["adjudicate", "{game}", "{orders}", "-o", "{out}/a.json", "-o", "{out}/b.json"],
]


def _run(argv: list[str], out: Path, capfd: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str, dict[str, bytes]]:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    monkeypatch.setattr(sys, "argv", ["trajan", *argv])
    try:
        cli.main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    captured = capfd.readouterr()
    files = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return code, captured.out, captured.err, files


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c[3:]) for c in CASES])
def test_fast_path_matches_typer(case: list[str], tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(cli, "_fast_adjudicate"):
        pytest.skip("the CLI has no fast path")
    out = tmp_path / "out"
    argv = [a.format(game=EXAMPLE / "game.json", orders=EXAMPLE / "orders.json", out=out) for a in case]
    fast = _run(argv, out, capfd, monkeypatch)
    monkeypatch.setattr(cli, "_fast_adjudicate", lambda argv: False)
    slow = _run(argv, out, capfd, monkeypatch)
    assert fast == slow
