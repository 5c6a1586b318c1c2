"""The console entry point: every command module registered on the one Typer app."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from adjudicator.commands import fair, game, logs, notation, orders, pictures  # noqa: F401 (they register the commands)
from adjudicator.commands.app import app, print_problems, usage_problem
from adjudicator.commands.orders import adjudicate

# The fast path of the commonest command.  Typer coerces every value but a flag with a
# Pydantic TypeAdapter, and importing Pydantic takes longer than the whole adjudication;
# a plain ``trajan adjudicate GAME ORDERS -o OUT [--report R] [--reports-dir D] [--json]``
# is therefore read here and given to the same command function.  Anything else (help, a
# short option glued to its value, ``--opt=value``, an unknown or repeated option, a value
# that looks like an option, a missing argument) goes to Typer as before.
_FAST_OPTIONS = {"-o": "output", "--output": "output", "--report": "report", "--reports-dir": "reports_dir"}
_FAST_FLAGS = {"--json": "as_json"}


def _fast_adjudicate(argv: Sequence[str]) -> bool:
    """Run ``trajan adjudicate`` from ``argv`` if it is a plain call; False to leave it to Typer."""
    import sys

    if not argv or argv[0] != "adjudicate":
        return False
    positional: list[Path] = []
    given: dict[str, Path | bool] = {}
    tokens = iter(argv[1:])
    for token in tokens:
        value: Path | bool
        if token in _FAST_FLAGS:
            name, value = _FAST_FLAGS[token], True
        elif token in _FAST_OPTIONS:
            text = next(tokens, "")
            if not text or text.startswith("-"):
                return False
            name, value = _FAST_OPTIONS[token], Path(text)
        elif token and not token.startswith("-"):
            positional.append(Path(token))
            continue
        else:
            return False
        if name in given:
            return False
        given[name] = value
    if len(positional) != 2 or "output" not in given:
        return False
    try:
        adjudicate(*positional, **given)  # type: ignore[arg-type]
    except typer.Exit as e:  # what Typer does with these
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        sys.exit(130)
    return True


def main() -> None:
    """The console entry point; with ``--json``, bad arguments too are reported as JSON problems."""
    import sys

    if _fast_adjudicate(sys.argv[1:]):
        return
    if "--json" not in sys.argv[1:]:
        app(prog_name="trajan")
        return
    try:
        code = app(prog_name="trajan", standalone_mode=False)
    except typer.Abort:
        typer.echo("Aborted!", err=True)
        sys.exit(1)
    except Exception as e:
        if not hasattr(e, "format_message"):  # not a usage error of the command-line parser
            raise
        print_problems([usage_problem(e)], True)
        sys.exit(getattr(e, "exit_code", 2))
    sys.exit(code if isinstance(code, int) else 0)


