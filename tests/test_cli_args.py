"""Every numeric option of every command checks its range (issue 25): a value outside it,
negative, huge or not a whole number is an ``args.usage`` problem at that option, exit 2,
and the bounds themselves are accepted.

The options are found from the app (every command and group), and the expectations
below must cover exactly those: a new numeric option fails here until it has a row.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from adjudicator.commands.main import app, main

# (command path, option) -> (lowest, highest) accepted, and the rest of a command line
# that is refused after parsing (a missing file...), so that an accepted value runs nothing.
EXPECTED: dict[tuple[str, str], tuple[int, int, list[str]]] = {
    ("selfplay", "--players"): (2, 4, ["--bots", "nobody", "--out", "log"]),
    ("selfplay", "--budget"): (1, 10_000, ["--bots", "nobody", "--out", "log"]),
    ("bot", "--budget"): (0, 10_000, ["missing.json", "--player", "red", "-o", "out.json"]),
    ("bot", "--level"): (1, 5, ["missing.json", "--player", "red", "-o", "out.json"]),
    ("arena", "--games"): (1, 100_000, ["nobody", "nobody"]),
    ("arena", "--first-setup"): (0, 1_000_000, ["nobody", "nobody"]),
    ("arena", "--jobs"): (1, 256, ["nobody", "nobody"]),
    ("verify", "--jobs"): (1, 256, ["missing"]),
    ("adjudicate", "--number"): (0, 999_999, ["missing.json", "missing.json", "-o", "new.json"]),
    ("mail-out", "--step"): (0, 999_999, ["missing", "--outbox", "out"]),
    ("mail run", "--every"): (1, 86_400, ["missing"]),
    ("seat", "--rounds"): (1, 100, ["missing.txt"]),
}


def numeric_options() -> set[tuple[str, str]]:
    """(command path, longest option name) of every number-valued option in the app."""
    found: set[tuple[str, str]] = set()

    def walk(command: object, path: list[str]) -> None:
        for param in getattr(command, "params", []):
            if param.type.name.split()[0] in ("int", "integer", "float"):
                found.add((" ".join(path), max(param.opts, key=len)))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return found


def test_the_expectations_cover_every_numeric_option() -> None:
    assert numeric_options() == set(EXPECTED)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr("sys.argv", ["trajan", *argv])
    with pytest.raises(SystemExit) as done:
        main()
    code = done.value.code
    return code if isinstance(code, int) else 1, capsys.readouterr().err


CASES = [(command, option, kind) for (command, option) in EXPECTED
         for kind in ("below", "above", "negative", "huge", "fraction", "word", "lowest", "highest")]


@pytest.mark.parametrize(("command", "option", "kind"), CASES,
                         ids=[f"{c}{o}-{k}".replace(" ", "-") for c, o, k in CASES])
def test_a_numeric_option_checks_its_range(command: str, option: str, kind: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    low, high, rest = EXPECTED[(command, option)]
    value = {"below": low - 1, "above": high + 1, "negative": -1 if low > -1 else low - 1, "huge": 10**40,
             "fraction": f"{low}.5", "word": "many", "lowest": low, "highest": high}[kind]
    monkeypatch.chdir(tmp_path)
    code, err = _run([*command.split(), option, str(value), *rest], capsys, monkeypatch)
    usage = [line for line in err.splitlines() if line.endswith("[args.usage]")]
    if kind in ("lowest", "highest"):
        assert usage == [] and code in (1, 2), err  # accepted: refused later (a missing file)
    else:
        assert code == 2
        assert len(usage) == 1 and usage[0].startswith(f"{option}: "), err
        assert str(value) in usage[0]
