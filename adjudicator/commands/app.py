"""The ``trajan`` command: thin Typer commands over the library.

Every command runs through :func:`_run`, the one place where failures become exit
codes: 0 success, 1 orders illegal, 2 input not understood (or output not written,
or an internal error), 3 game file inconsistent.  No traceback reaches a user; set
``TRAJAN_DEBUG=1`` to see one.  Heavy imports happen inside the commands so that
``trajan --help`` starts fast.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands import args as cli_args

if TYPE_CHECKING:
    from adjudicator.errors import Problem

app = typer.Typer(
    name="trajan",
    help="A stateless adjudicator for Stefan Feld's board game Trajan: game file + order file in, "
         "new game file + report out.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print problems as a JSON list on stderr.")]
GameArg = Annotated[Path, typer.Argument(help="The game file (JSON).", show_default=False)]
OrdersArg = Annotated[Path, typer.Argument(help="The order file (JSON).", show_default=False)]


# --- The boundary: failures to exit codes, in one place -----------------------------------

def _run(as_json: bool, work: Callable[[], None]) -> None:
    """Run ``work``; turn every failure into problems on stderr and an exit code."""
    from adjudicator.errors import EXIT_MALFORMED, Problem, TrajanError

    try:
        work()
    except TrajanError as e:
        _print_problems(e.problems, as_json)
        raise typer.Exit(e.exit_code) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except BrokenPipeError:  # the reader of stdout went away (e.g. ``| head``): stop quietly
        _silence_stdout()
        raise typer.Exit(EXIT_MALFORMED) from None
    except (MemoryError, RecursionError) as e:
        if os.environ.get("TRAJAN_DEBUG"):
            raise
        message = (f"The input is too large or too deeply nested to process ({type(e).__name__}); "
                   "nothing was written.")
        _print_problems([Problem(code="input.too_complex", path="$", message=message)], as_json)
        raise typer.Exit(EXIT_MALFORMED) from None
    except Exception as e:  # the boundary: no traceback may reach a user
        if os.environ.get("TRAJAN_DEBUG"):
            raise
        message = (f"The adjudicator failed unexpectedly ({type(e).__name__}); nothing was written. "
                   "Please report this with the input files.")
        _print_problems([Problem(code="internal.error", path="$", message=message)], as_json)
        raise typer.Exit(EXIT_MALFORMED) from None


def _silence_stdout() -> None:
    """Point stdout at the null device, so that the final flush at exit cannot fail again."""
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _print_problems(problems: Sequence[Problem], as_json: bool) -> None:
    if as_json:
        import msgspec

        typer.echo(msgspec.json.encode(list(problems)).decode(), err=True)
        return
    for p in problems:
        typer.echo(p.render(), err=True)


def _version(value: bool) -> None:
    if value:
        from adjudicator import __version__

        typer.echo(f"trajan {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Adjudicate Trajan by files: every command reads files and writes files, nothing else."""


# --- Commands ------------------------------------------------------------------------------

@app.command()
def new(
    *,
    players: Annotated[str, typer.Option(
        "--players", help="Seat order, comma-separated (2 to 4 of red, green, blue, brown).",
        show_default=False)],
    seed: Annotated[str | None, typer.Option(
        help="Seed of every shuffle; default: a random one, recorded in the game file.")] = None,
    first: Annotated[str | None, typer.Option(
        help="The start player; default: drawn from the seed.")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="NAME=VALUE",
        help="A rules option, e.g. trajan_tiles_score_at_end=true (repeatable).")] = None,
    game_id: Annotated[str | None, typer.Option(
        "--game-id", help="The game id; default: derived from the seed and seats.")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the game file here (default: print it).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Set up a new game: everything but the players' own setup decisions."""
    def work() -> None:
        import secrets

        from adjudicator.files import io
        from adjudicator.game.newgame import new_game

        state = new_game(
            [p.strip() for p in players.split(",")],
            seed if seed is not None else secrets.token_hex(16),
            first=first,
            options=cli_args.parse_options(option or []),
            game_id=game_id,
        )
        cli_args.self_check(state)
        data = io.encode_state(state)
        if output is None:
            typer.echo(data.decode(), nl=False)
            return
        io.write_atomic(str(output), data)
        typer.echo(f"Wrote {output}: game {state.game_id}, seats {', '.join(state.seats)}, "
                   f"start player {state.start_player}. {cli_args.next(state)}")

    _run(as_json, work)


@app.command()
def show(game: GameArg, *, as_json: JsonFlag = False) -> None:
    """Print a readable picture of the public state of a game, or of a player's view."""
    def work() -> None:
        from adjudicator.files import io
        from adjudicator.rendering.show import render_show

        typer.echo(render_show(io.read_game_or_view(str(game))), nl=False)

    _run(as_json, work)


@app.command()
def view(
    game: GameArg,
    *,
    player: Annotated[str | None, typer.Option(
        "--player", help="The player whose view to write (default: the public view, no hand).")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the view here (default: print it).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Write the game as one player may see it: their hand, the public state, counts for the hidden."""
    def work() -> None:
        from adjudicator.files import io
        from adjudicator.views.redact import view_for

        data = io.canonical(view_for(io.read_game(str(game)), player))
        if output is None:
            typer.echo(data.decode(), nl=False)
            return
        io.write_atomic(str(output), data)
        typer.echo(f"Wrote {output}: the view of {player or 'the public'}.")

    _run(as_json, work)


@app.command()
def check(game: GameArg, orders: OrdersArg, *, as_json: JsonFlag = False) -> None:
    """Check an order file against a game (or your view of it); exit 0 if it would be accepted."""
    def work() -> None:
        from adjudicator.errors import Illegal
        from adjudicator.files import io
        from adjudicator.views.standin import check_any

        state = io.read_game_or_view(str(game))
        order_file = io.read_orders(str(orders))
        problems = check_any(state, order_file)
        if problems:
            raise Illegal([p if p.file else p.located(str(orders)) for p in problems])
        typer.echo(f"The orders are legal: decision {order_file.decision}, "
                   f"{cli_args.answer_kind(order_file)} by {order_file.player}.")

    _run(as_json, work)


@app.command()
def adjudicate(
    game: GameArg,
    orders: OrdersArg,
    *,
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="Write the new game file here (may be GAME itself).", show_default=False)],
    report: Annotated[Path | None, typer.Option(
        "--report", help="Write the Markdown report here (default: print it).")] = None,
    reports_dir: Annotated[Path | None, typer.Option(
        "--reports-dir", help="Write public.md and one PLAYER.md per player (the public report plus what "
        "only that player learned) into this folder.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Apply an order file to a game: write the new game file and a report of what happened."""
    def work() -> None:
        from adjudicator.files import io
        from adjudicator.files.pipeline import adjudicate_bytes

        cli_args.refuse_overwriting_inputs(game, orders, output, report, reports_dir)
        result = adjudicate_bytes(io.read_bytes(str(game)), io.read_bytes(str(orders)),
                                  str(game), str(orders))
        if report is not None:
            io.write_atomic(str(report), result.report.encode())
        if reports_dir is not None:
            io.write_reports(str(reports_dir), result.report, result.private)
        io.write_atomic(str(output), result.data)
        if report is None and reports_dir is None:
            typer.echo(result.report, nl=not result.report.endswith("\n"))
        else:
            written = ", ".join(str(p) for p in (report, reports_dir) if p is not None)
            typer.echo(f"Wrote {output} and {written}. {cli_args.next(result.state)}")

    _run(as_json, work)


@app.command()
def options(
    game: GameArg,
    *,
    player: Annotated[str | None, typer.Option(
        "--player", help="Only this player's options (default: every player who may decide; "
        "on a view, the viewer).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """List what the pending decision allows (GAME may be your view): text, or JSON (--json)."""
    def work() -> None:
        import msgspec

        from adjudicator.files import io
        from adjudicator.rendering.options_text import render_options
        from adjudicator.views.standin import options_any

        found = options_any(io.read_game_or_view(str(game)), cli_args.colour(player) if player else None)
        if as_json:
            typer.echo(msgspec.json.encode(found).decode())
        else:
            typer.echo(render_options(found), nl=False)

    _run(as_json, work)


@app.command()
def selfplay(
    *,
    players: Annotated[int, typer.Option("--players", min=2, max=4, help="Number of players (2 to 4).")] = 4,
    seed: Annotated[str | None, typer.Option(help="Seed of the game and the bots; default: random.")] = None,
    bots: Annotated[str, typer.Option(
        "--bots", help="Bots by seat, comma-separated (greedy, random); missing seats play random.",
    )] = "random",
    out: Annotated[Path, typer.Option("--out", help="The log folder to write.", show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """Bots play a whole game through the adjudicator; leaves a log folder, prints the ranking."""
    def work() -> None:
        import secrets

        from adjudicator.logs.selfplay import selfplay as play
        from adjudicator.model.state import GameOver

        names = [b.strip() for b in bots.split(",") if b.strip()]
        cli_args.check_bots(names)
        final = play(players, seed if seed is not None else secrets.token_hex(16), names, out)
        assert isinstance(final.pending, GameOver)
        vp = {p.colour: p.vp for p in final.players}
        typer.echo(f"Game {final.game_id} over; log in {out}. Final ranking:")
        for place, colour in enumerate(final.pending.ranking, start=1):
            typer.echo(f"  {place}. {colour} {vp[colour]} VP")

    _run(as_json, work)


@app.command()
def verify(
    logs: Annotated[list[Path], typer.Argument(help="Log folders (as `trajan selfplay` writes them).",
                                               show_default=False)],
    *,
    jobs: Annotated[int, typer.Option(
        "--jobs", min=1, help="Verify this many logs at once (processes).")] = 1,
    as_json: JsonFlag = False,
) -> None:
    """Re-adjudicate game logs and prove every file is what the rules produce; exit 0 only if all verify."""
    def work() -> None:
        import sys

        import msgspec

        from adjudicator.errors import EXIT_ILLEGAL
        from adjudicator.logs.verify import summary, verify_logs

        show_progress = sys.stderr.isatty() and not as_json
        results = verify_logs(logs, jobs, progress=show_progress)
        if as_json:
            typer.echo(msgspec.json.encode([r.as_json() for r in results]).decode())
        else:
            for r in results:
                typer.echo(summary(r))
        if not all(r.ok for r in results):
            raise typer.Exit(EXIT_ILLEGAL)

    _run(as_json, work)


@app.command()
def bench(
    *,
    quick: Annotated[bool, typer.Option("--quick", help="Fewer repetitions (a rough figure).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Measure start-up, throughput, self-play, verify and memory against the targets."""
    def work() -> None:
        import msgspec

        from adjudicator.perf.bench import render, run

        result = run(quick=quick)
        typer.echo(msgspec.json.encode(result).decode() if as_json else render(result), nl=not as_json)

    _run(as_json, work)


@app.command()
def bot(
    game: GameArg,
    *,
    player: Annotated[str, typer.Option("--player", help="The absent player.", show_default=False)],
    bot_name: Annotated[str, typer.Option("--bot", help="The bot: greedy or random.")] = "greedy",
    seed: Annotated[str | None, typer.Option(
        help="Seed of the bot's choices; default: the game id.")] = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="Write the order file here.",
                                         show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """Write the order a bot gives for an absent player's pending decision (from GAME or their view)."""
    def work() -> None:
        from adjudicator.errors import Illegal, Malformed, problem
        from adjudicator.files import io
        from adjudicator.game.engine import deciders
        from adjudicator.logs.selfplay import absent_orders
        from adjudicator.views.standin import check_any
        from adjudicator.views.view import GameView

        cli_args.check_bots([bot_name])
        colour = cli_args.colour(player)
        game_file = io.read_game_or_view(str(game))
        if isinstance(game_file, GameView) and game_file.viewer != colour:
            raise Illegal([problem("view.other_player", "--player",
                                   f"This is {game_file.viewer}'s view; a bot may answer only for "
                                   "its viewer.")])
        if colour not in deciders(game_file.pending):
            raise Illegal([problem("orders.wrong_player", "--player",
                                   f"{colour} has no decision to make now.")])
        orders = absent_orders(game_file, colour, bot_name, seed if seed is not None else game_file.game_id)
        problems = check_any(game_file, orders)
        if problems:  # a bug, not bad input: never write an order the judge would refuse
            raise Malformed([problem("internal.bot_illegal", "$", "The bot produced an illegal order; "
                                     "nothing was written. Please report this with the game file."),
                             *problems])
        io.write_atomic(str(output), io.encode_orders(orders))
        typer.echo(f"Wrote {output}: the {bot_name} bot's orders for {colour} (decision {orders.decision}).")

    _run(as_json, work)


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
        _print_problems([_usage_problem(e)], True)
        sys.exit(getattr(e, "exit_code", 2))
    sys.exit(code if isinstance(code, int) else 0)


def _usage_problem(error: Exception) -> Problem:
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
