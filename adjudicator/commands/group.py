"""The class of the ``trajan`` app (Typer's ``cls=``): the help in panels, usage errors as problems.

``trajan --help`` lists the commands in the panels of :mod:`adjudicator.commands.catalog`,
written with Click's help formatter (Typer's ``rich_help_panel`` needs Rich, and the
app's help is plain text: ``rich_markup_mode=None``).  A command line that cannot be
parsed (a missing argument, an unknown option, a number out of its range) is reported
like every other failure: an ``args.usage`` problem on stderr, as JSON with ``--json``,
and exit 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from adjudicator.commands import catalog

# The groups that show their help when named without a command (``trajan log``).
GROUPS = ("log", "mail")
# The longest first sentence of a command's help shown whole in ``trajan --help``.
SHORT_HELP = 150


class TrajanGroup(TyperGroup):
    """The top-level group of ``trajan``."""

    # ctx and formatter: Click's Context and HelpFormatter (as Typer passes them).
    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands under one heading per panel, in the catalog's order."""
        listed = [(name, cmd) for name in self.list_commands(ctx)
                  if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden]
        if not listed:
            return
        order = list(catalog.COMMANDS)
        width = max(len(name) for name, _ in listed)  # one column for every panel
        def place(name: str) -> int:
            return order.index(name) if name in order else len(order)

        for panel in catalog.PANELS:  # each command's first sentence, whole (wrapped)
            names = sorted((name for name, _ in listed if catalog.panel_of(name) == panel), key=place)
            rows = [(name.ljust(width), dict(listed)[name].get_short_help_str(SHORT_HELP)) for name in names]
            if rows:
                with formatter.section(panel):
                    formatter.write_dl(rows)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Parse and run; a usage error becomes an ``args.usage`` problem (exit 2)."""
        argv = list(sys.argv[1:] if args is None else args)
        if not standalone_mode or not argv or (len(argv) == 1 and argv[0] in GROUPS):
            # Typer's own handling: the caller's, or a group's help when nothing is named.
            return super().main(argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        try:
            code = super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        except Exception as e:
            if not hasattr(e, "format_message"):  # not a usage error of the command-line parser
                raise
            _usage_failed(e, "--json" in argv)
        sys.exit(code if isinstance(code, int) else 0)


def _usage_failed(error: Exception, as_json: bool) -> NoReturn:
    from adjudicator.commands.app import echo, print_problems, usage_problem

    print_problems([usage_problem(error)], as_json)
    ctx = getattr(error, "ctx", None)
    if not as_json and ctx is not None:
        echo(f"Try '{ctx.command_path} --help' for help.", err=True)
    code = getattr(error, "exit_code", 2)
    sys.exit(code if isinstance(code, int) else 2)
