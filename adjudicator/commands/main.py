"""The console entry point: the command named is imported (and so registered on the one
Typer app) before the app runs; ``app`` here is the app with every command."""

from __future__ import annotations

from typing import Any

from adjudicator.commands import catalog
from adjudicator.commands.app import app as _app


def __getattr__(name: str) -> Any:
    """``from adjudicator.commands.main import app``: the app with every command registered."""
    if name == "app":
        catalog.load_all()
        return _app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """The ``trajan`` command line (usage errors and failures become problems and exit codes)."""
    import sys

    catalog.load(sys.argv[1:])
    _app(prog_name="trajan")


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
