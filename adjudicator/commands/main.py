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
    """The ``trajan`` program: :func:`main`, then a normal exit with a cheaper teardown.

    Freeing every module and model class at exit took a short command about a sixth of
    its time, most of it the final garbage collections over every object the command
    made: :func:`gc.freeze` moves them out of the collector's sight, and the interpreter
    then ends as always (``atexit`` handlers run, open files are flushed and closed).
    A standard output that cannot take the rest (``| head``) ends the command quietly
    with exit 2, as anywhere else.  (Tests call :func:`main`.)"""
    import gc
    import sys

    try:
        main()
        code: object = 0
    except SystemExit as e:
        code = e.code
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        from adjudicator.commands.app import silence_stdout

        silence_stdout()
        code = code or 2
    gc.freeze()
    sys.exit(code if code is None or isinstance(code, int) else str(code))
