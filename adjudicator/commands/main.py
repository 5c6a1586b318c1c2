"""The console entry point: every command module registered on the one Typer app."""

from __future__ import annotations

import typer

from adjudicator.commands import fair, game, logs, notation, orders, pictures  # noqa: F401 (they register the commands)
from adjudicator.commands.app import app, print_problems, usage_problem


def main() -> None:
    """The console entry point; with ``--json``, bad arguments too are reported as JSON problems."""
    import sys

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


