"""Commands about a pending decision: ``check``, ``adjudicate``, ``options``, ``bot``."""

# Real annotations, not strings: Typer reads them at every start (a fast start).
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands import args as cli_args

if TYPE_CHECKING:
    from adjudicator.errors import Problem
    from adjudicator.files.pipeline import Adjudicated
    from adjudicator.files.write import OutputSet
    from adjudicator.model.vocab import PlayerColour

from adjudicator.commands.app import (
    GameArg,
    JsonFlag,
    OptionsJson,
    OrdersArg,
    app,
    echo,
    echo_json,
    print_problems,
    run,
)

# The first line of ``trajan options`` on a full game file (the decider's hand shows).
FULL_FILE_WARNING = ("Read from the full game file: these options show the decider's hand; send a player "
                     "only the options of their own view (trajan view GAME --player P -o VIEW; "
                     "trajan options VIEW).")


@app.command()
def check(game: GameArg, orders: OrdersArg, *, as_json: JsonFlag = False) -> None:
    """Check an order file against a game (or your view of it); exit 0 if it would be accepted."""
    def work() -> None:
        from adjudicator.errors import Illegal
        from adjudicator.files import io
        from adjudicator.files.orders_any import load_orders_any
        from adjudicator.game.hints import hints
        from adjudicator.views.standin import as_state, check_any
        from adjudicator.views.view import GameView

        state = io.read_game_or_view(str(game))
        order_file = load_orders_any(io.read_bytes(str(orders)), str(orders), state.game_id)
        with cli_args.located_in(view=str(game), orders=str(orders)):
            problems = check_any(state, order_file)
        if problems:
            raise Illegal([p if p.file else p.located(str(orders)) for p in problems])
        echo(f"The orders are legal: decision {order_file.decision}, "
                   f"{cli_args.answer_kind(order_file)} by {order_file.player}.")
        warnings = hints(as_state(state) if isinstance(state, GameView) else state, order_file)
        if warnings:  # legal, but value is left on the table (issue 17): exit 0, on stderr
            print_problems([w.located(str(orders)) for w in warnings], as_json, label="warning: ")

    run(as_json, work)

@app.command()
def adjudicate(
    game: GameArg,
    orders: OrdersArg,
    *,
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="Write the new game file here (may be GAME itself; - prints it).",
        show_default=False)],
    report: Annotated[Path | None, typer.Option(
        "--report", help="Write the Markdown report here (default, or -: print it).")] = None,
    reports_dir: Annotated[Path | None, typer.Option(
        "--reports-dir", help="Write public.md and one PLAYER.md per player (the public report plus what "
        "only that player learned) into this folder.")] = None,
    outbox: Annotated[Path | None, typer.Option(
        "--outbox", help="Write each player's mail (news, state, options, reply template) into this "
        "folder as .eml files.")] = None,
    roster: Annotated[Path | None, typer.Option(
        "--roster", help="The roster (TOML: each colour's name and address) the mails are addressed "
        "by.")] = None,
    number: Annotated[int | None, typer.Option(
        "--number", min=0, max=cli_args.MAX_STEP, metavar="N",
        help="The order's number in the log, first in the mails' file names (default: the decision "
             "answered).")] = None,
    pictures: Annotated[str, typer.Option(
        "--mail-pictures", help="The board picture attached to each mail: svg, png (SVG and PNG; needs "
        "Chromium) or none; drawn only where the drawing extra is installed.")] = "svg",
    as_json: JsonFlag = False,
) -> None:
    """Apply an order file to a game: write the new game file and a report of what happened."""
    def work() -> None:
        from adjudicator.files import io, lock, write
        from adjudicator.files.pipeline import adjudicate_bytes

        report_out = report is None and reports_dir is None or write.is_stdout(report)
        if report_out and write.is_stdout(output):
            raise _both_to_stdout()
        outputs = write.OutputSet(inputs={"GAME": str(game), "ORDERS": str(orders)})
        with lock.locked(str(game)):  # one run at a time on a game file (issue 14)
            game_data = io.read_bytes(str(game))
            result = adjudicate_bytes(game_data, io.read_bytes(str(orders)), str(game), str(orders))
            if report is not None and not report_out:
                outputs.add(str(report), result.report.encode(), option="--report")
            if reports_dir is not None:
                _add_reports(outputs, str(reports_dir), result.report, result.private)
            left_out: list[Problem] = []  # a board picture the mails lack, reported below
            if outbox is not None:
                left_out = _add_mails(outputs, str(outbox), str(roster) if roster else None, result,
                                      number, pictures)
            if not write.is_stdout(output):
                outputs.add(str(output), result.data, replaces="GAME", last=True)
            outputs.expect_unchanged(str(game), game_data)
            outputs.commit()
        if left_out:
            print_problems(left_out, as_json, label="warning: ")
        _tell(result, output, report_out, [p for p in (output, report, reports_dir, outbox) if p is not None])

    run(as_json, work)


def _tell(result: "Adjudicated", output: Path, report_out: bool, paths: list[Path]) -> None:
    """What ``adjudicate`` prints once every file is written: the new game file (``-o -``)
    or the report (``report_out``) on stdout, else which files it wrote and what comes next."""
    from adjudicator.files import write

    if write.is_stdout(output):
        echo_json(result.data.decode(), nl=False)
    elif report_out:
        echo(result.report, nl=not result.report.endswith("\n"))
    if not report_out:
        written = [str(p) for p in paths if not write.is_stdout(p)]
        echo(f"Wrote {' and '.join(written)}. {cli_args.next(result.state)}", err=write.is_stdout(output))


def _add_reports(outputs: "OutputSet", folder: str, public: str,
                 private: "Mapping[PlayerColour, str]") -> None:
    """``public.md`` and one ``PLAYER.md`` per player into ``folder`` (made if missing)."""
    import os

    outputs.folder(folder)
    files = {"public": public, **{str(c): text for c, text in private.items()}}
    for name, text in files.items():
        outputs.add(os.path.join(folder, f"{name}.md"), text.encode(), option="--reports-dir", folder=folder)


def _add_mails(outputs: "OutputSet", outbox: str, roster_path: str | None, result: "Adjudicated",
               number: int | None, pictures: str) -> "list[Problem]":
    """Every player's mail into ``outbox`` (issue 17), addressed by the roster if given, in
    each player's language (issue 31); what the mails lack (a board picture that could not
    be drawn)."""
    from adjudicator.errors import Malformed, problem
    from adjudicator.mail.outgoing.compose import told_from, write_player_mails

    state = result.state
    from adjudicator.mail.outgoing.roster import read_roster, roster_problems

    roster = read_roster(roster_path) if roster_path is not None else None
    if roster is not None:
        problems = roster_problems(roster, state.game_id, state.seats)
        if problems:
            raise Malformed([p.located(roster_path or "") for p in problems])
    if pictures not in ("none", "svg", "png"):
        raise Malformed([problem("args.mail_pictures", "--mail-pictures",
                                 f"{pictures!r} is not one of svg, png, none.")])
    left_out: list[Problem] = []
    write_player_mails(outbox, state, result.private, roster, number, outputs=outputs,
                       pictures=pictures, warnings=left_out,  # type: ignore[arg-type]
                       told=told_from(result.before, result.events, state))
    return left_out


def _both_to_stdout() -> Exception:
    from adjudicator.errors import Malformed, problem

    return Malformed([problem("args.stdout_twice", "-o",
                              "The new game file and the report cannot both go to standard output; "
                              "give --report FILE or --reports-dir DIR.")])


@app.command()
def options(
    game: GameArg,
    *,
    player: Annotated[str | None, typer.Option(
        "--player", help="Only this player's options (default: every player who may decide; "
        "on a view, the viewer).")] = None,
    as_json: OptionsJson = False,
) -> None:
    """List what the pending decision allows (GAME may be your view): text, or JSON (--json)."""
    def work() -> None:
        import msgspec

        from adjudicator.files import io
        from adjudicator.rendering.options_text import render_options
        from adjudicator.views.standin import options_any
        from adjudicator.views.view import GameView

        game_file = io.read_game_or_view(str(game))
        with cli_args.located_in(view=str(game)):
            found = options_any(game_file, cli_args.colour(player) if player else None)
        if as_json:
            echo_json(msgspec.json.encode(found).decode())
            return
        if not isinstance(game_file, GameView):
            echo(FULL_FILE_WARNING)
        echo(render_options(found), nl=False)

    run(as_json, work)

@app.command()
def bot(
    game: GameArg,
    *,
    player: Annotated[str, typer.Option("--player", help="The absent player.", show_default=False)],
    bot_name: Annotated[str, typer.Option(
        "--bot", help="The bot: greedy, random, search or planner.")] = "greedy",
    budget: Annotated[int | None, typer.Option(
        "--budget", min=0, max=cli_args.MAX_BUDGET, metavar="N",
        help="A searching bot's rollouts per decision (search: default 64; planner: default 192, a "
             "quarter as many deep ones; below 192 shallow ones, 0 for no look-ahead; from 768 wider "
             "too).", show_default=False)] = None,
    seconds: Annotated[str | None, typer.Option(
        "--seconds", metavar="S", help="The planner's CPU time per decision instead of a budget (above 0, "
                                       "at most 3600; its order then depends on the machine).",
        show_default=False)] = None,
    level: Annotated[int | None, typer.Option(
        "--level", min=1, max=5, metavar="1..5",
        help="1 (a beginner's opponent) to 5 (the strongest): a bot and a budget, instead of --bot.",
        show_default=False)] = None,
    seed: Annotated[str | None, typer.Option(
        help="Seed of the bot's choices; default: the game id.")] = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="Write the order file here (- prints it).",
                                         show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """Write the order a bot gives for an absent player's pending decision (from GAME or their view)."""
    def work() -> None:
        from adjudicator.errors import Illegal, Malformed, problem
        from adjudicator.files import io, write
        from adjudicator.game.engine import deciders
        from adjudicator.logs.absent import absent_orders
        from adjudicator.views.standin import check_any
        from adjudicator.views.view import GameView

        name, rollouts = cli_args.bot_level(level, bot_name, budget)
        limit = cli_args.seconds(seconds)
        cli_args.check_bots([name])
        colour = cli_args.colour(player)
        game_file = io.read_game_or_view(str(game))
        if isinstance(game_file, GameView) and game_file.viewer != colour:
            raise Illegal([problem("view.other_player", "$.viewer",
                                   f"This is {game_file.viewer}'s view; a bot may answer only for "
                                   f"its viewer, not for {colour} (--player).").located(str(game))])
        if colour not in deciders(game_file.pending):
            raise Illegal([problem("orders.wrong_player", "--player",
                                   f"{colour} has no decision to make now.")])
        orders = absent_orders(game_file, colour, name, seed if seed is not None else game_file.game_id,
                               rollouts, limit)
        problems = check_any(game_file, orders)
        if problems:  # a bug, not bad input: never write an order the judge would refuse
            raise Malformed([problem("internal.bot_illegal", "$", "The bot produced an illegal order; "
                                     "nothing was written. Please report this with the game file."),
                             *problems])
        if write.is_stdout(output):
            echo_json(io.encode_orders(orders).decode(), nl=False)
            return
        write.write_atomic(str(output), io.encode_orders(orders), inputs={"GAME": str(game)})
        echo(f"Wrote {output}: the {name} bot's orders for {colour} (decision {orders.decision}).")

    run(as_json, work)
