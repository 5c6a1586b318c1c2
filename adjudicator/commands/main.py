"""The console entry point: every command module registered on the one Typer app."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import typer

from adjudicator.commands import arena, fair, game, log, logs, mail, notation, orders, pictures, records  # noqa: F401 (they register the commands)
from adjudicator.commands.app import app, print_problems, usage_problem


@contextmanager
def only_the_command_run(argv: Sequence[str]) -> Iterator[None]:
    """Typer builds the parser of every command at each start; when the first argument
    names a command, only that one is built (a fast start).  Its parsing, ``--help`` and
    usage errors are the same; ``trajan --help`` and unknown names still see them all."""
    registered = app.registered_commands
    name = argv[0] if argv else ""
    chosen = [c for c in registered
              if (c.name or (c.callback and typer.main.get_command_name(c.callback.__name__))) == name]
    if chosen:
        app.registered_commands = chosen
    try:
        yield
    finally:
        app.registered_commands = registered


def main() -> None:
    """The console entry point; with ``--json``, bad arguments too are reported as JSON problems."""
    import sys

    with only_the_command_run(sys.argv[1:]):
        _main(sys.argv[1:])


def _main(argv: Sequence[str]) -> None:
    import sys

    if "--json" not in argv:
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


def entry() -> None:
    """The ``trajan`` program: :func:`main`, then out without the interpreter's teardown.

    Freeing every module and model class at exit took a short command about a tenth of
    its time; every file is written and synced before this point, so the process ends
    once its output is flushed.  A standard output that cannot take the rest ends the
    command quietly with exit 2, as anywhere else.  (Tests call :func:`main`.)"""
    import os
    import sys

    try:
        main()
        code: object = 0
    except SystemExit as e:
        code = e.code
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        code = code or 2
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code or 0)

