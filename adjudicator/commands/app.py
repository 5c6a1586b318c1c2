"""The ``trajan`` Typer application and its boundary.

Every command (one module per area in this package) runs through :func:`run`, the
one place where failures become exit codes: 0 success, 1 orders illegal, 2 input not
understood (or output not written, or an internal error), 3 game file inconsistent.
No traceback reaches a user; set
``TRAJAN_DEBUG=1`` to see one.  Heavy imports happen inside the commands so that
``trajan --help`` starts fast.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from adjudicator.commands.group import TrajanGroup

if TYPE_CHECKING:
    from adjudicator.errors import Problem

app = typer.Typer(
    name="trajan",
    help="A stateless adjudicator for Stefan Feld's board game Trajan: game file + order file in, "
         "new game file + report out.",
    cls=TrajanGroup,  # the help in panels; usage errors as problems
    rich_markup_mode=None,  # plain help: no Rich to import, and [brackets] in help texts stay
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print problems as a JSON list on stderr.")]

# Where --json also switches the command's own output, its help says so.
OptionsJson = Annotated[bool, typer.Option("--json", help="Print the options as JSON (the form of "
                                           "schemas/options.schema.json); problems as a JSON list on "
                                           "stderr.")]
VerifyJson = Annotated[bool, typer.Option("--json", help="Print a JSON summary of each log instead of "
                                          "text; problems as a JSON list on stderr.")]
BenchJson = Annotated[bool, typer.Option("--json", help="Print the figures as JSON instead of a table; "
                                         "problems as a JSON list on stderr.")]
GameArg = Annotated[Path, typer.Argument(metavar="GAME", help="The game file (JSON).", show_default=False)]
OrdersArg = Annotated[Path, typer.Argument(
    metavar="ORDERS", help="The order file: JSON, the text notation, or a whole mail message.",
    show_default=False)]


# --- The boundary: failures to exit codes, in one place -----------------------------------

def run(as_json: bool, work: Callable[[], None]) -> None:
    """Run ``work``; turn every failure into problems on stderr and an exit code."""
    from adjudicator.errors import EXIT_MALFORMED, TrajanError

    try:
        work()
    except TrajanError as e:
        print_problems(e.problems, as_json)
        raise typer.Exit(e.exit_code) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except BrokenPipeError:  # the reader of stdout went away (e.g. ``| head``): stop quietly
        silence_stdout()
        raise typer.Exit(EXIT_MALFORMED) from None
    except OSError as e:
        if e.errno not in _WRITE_FAILURES:
            _failed(as_json, "internal.error", f"The adjudicator failed unexpectedly ({type(e).__name__}); "
                    "nothing was written. Please report this with the input files.")
        silence_stdout()  # the final flush at exit must not fail again
        _failed(as_json, "output.write_failed", f"Writing the output failed ({os.strerror(e.errno)}): "
                "a file is written whole or not at all, but what went to standard output may be cut short.")
    except (MemoryError, RecursionError) as e:
        _failed(as_json, "input.too_complex", f"The input is too large or too deeply nested to process "
                f"({type(e).__name__}); nothing was written.")
    except Exception as e:  # the boundary: no traceback may reach a user
        _failed(as_json, "internal.error", f"The adjudicator failed unexpectedly ({type(e).__name__}); "
                "nothing was written. Please report this with the input files.")


# A full disk, a device error, a quota or a file too large: the output could not be
# written (e.g. ``trajan show > /dev/full``), not a failure of the program.
_WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})


def _failed(as_json: bool, code: str, message: str) -> NoReturn:
    """An unexpected failure as one problem and exit 2 (re-raised with ``TRAJAN_DEBUG=1``)."""
    from adjudicator.errors import EXIT_MALFORMED, Problem

    if os.environ.get("TRAJAN_DEBUG"):
        raise
    print_problems([Problem(code=code, path="$", message=message)], as_json)
    raise typer.Exit(EXIT_MALFORMED) from None


def echo(text: str, *, nl: bool = True, err: bool = False) -> None:
    """Text for people on stdout (or stderr), every line made terminal-safe (issue 14)."""
    from adjudicator.escape import terminal_lines

    typer.echo(terminal_lines(text), nl=nl, err=err)


def echo_json(text: str, *, nl: bool = True, err: bool = False) -> None:
    """A JSON document on stdout (or stderr), its strings made terminal-safe (same data)."""
    from adjudicator.escape import json_text

    typer.echo(json_text(text), nl=nl, err=err)


def silence_stdout() -> None:
    """Point stdout at the null device, so that the final flush at exit cannot fail again."""
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def print_problems(problems: Sequence[Problem], as_json: bool, label: str = "") -> None:
    """Problems (or warnings, ``label`` before each line of text) on stderr."""
    if as_json:
        import msgspec

        echo_json(msgspec.json.encode(list(problems)).decode(), err=True)
        return
    for p in problems:
        echo(label + p.render(), err=True)


def _version(value: bool) -> None:
    if value:
        from adjudicator import DISTRIBUTION, __version__

        typer.echo(f"trajan {__version__} ({DISTRIBUTION})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Adjudicate Trajan by files: every command reads files and writes files, nothing else."""


def usage_problem(error: Exception) -> Problem:
    """A command-line usage error (missing argument, unknown option, bad value) as a problem."""
    from adjudicator.errors import problem

    param = getattr(error, "param", None)
    opts = getattr(param, "opts", None) or []
    option = max((o for o in opts if o.startswith("-")), key=len, default=None)
    path = option or (param.name.upper() if param is not None and param.name else None)
    path = path or getattr(error, "option_name", None) or "$"
    format_message = getattr(error, "format_message", None)
    text = " ".join(str(format_message() if callable(format_message) else error).split())
    text = text or "Bad command-line arguments"
    return problem("args.usage", path, text if text.endswith(".") else text + ".")
