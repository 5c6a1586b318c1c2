"""The game master's log: ``trajan log new`` starts a game into a folder, ``trajan log add``
adds each accepted order (layout: :mod:`adjudicator.logs.folder`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands import args as cli_args
from adjudicator.commands.app import JsonFlag, OrdersArg, app, echo, print_problems, run

if TYPE_CHECKING:
    from adjudicator.errors import Problem
    from adjudicator.model.state import GameState

log_app = typer.Typer(
    help="The game master's log folder: one command per received order keeps every game file, "
         "report and view in the layout `trajan verify` reads.",
    no_args_is_help=True,
)
app.add_typer(log_app, name="log")

LogArg = Annotated[Path, typer.Argument(metavar="LOG", help="The game's log folder.", show_default=False)]


@log_app.command("new")
def log_new(
    log: LogArg,
    *,
    players: Annotated[str | None, typer.Option(
        "--players", help="Seat order, comma-separated (2 to 4 of red, green, blue, brown).")] = None,
    seed: Annotated[str | None, typer.Option(
        help="Seed of every shuffle (at least 16 characters); default: a random one.")] = None,
    test_seed: Annotated[str | None, typer.Option(
        "--test-seed", help="A seed of any length for a test game; the game is marked as one.")] = None,
    first: Annotated[str | None, typer.Option(
        help="The start player (recorded as chosen by hand); default: drawn from the seed.")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="NAME=VALUE", help="A rules option (repeatable).")] = None,
    game_id: Annotated[str | None, typer.Option(
        "--game-id", help="The game id (recorded as chosen by hand).")] = None,
    start: Annotated[Path | None, typer.Option(
        "--from", help="Start the log from this game file as `new` or `start` wrote it, instead "
                       "of setting up a game here.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Start a game into an empty folder: 0000-game.json and each player's view."""
    def work() -> None:
        import secrets

        from adjudicator.files import io
        from adjudicator.game.newgame import new_game
        from adjudicator.logs import folder

        if start is not None:
            state = _a_start(io.read_game(str(start)), str(start))
        else:
            if players is None:
                from adjudicator.errors import Malformed, problem

                raise Malformed([problem("args.missing", "--players",
                                         "Give the seats with --players (or a game file with --from).")])
            cli_args.check_seed_options(seed, test_seed, False)
            chosen = test_seed if test_seed is not None else seed
            state = new_game([p.strip() for p in players.split(",")],
                             chosen if chosen is not None else secrets.token_hex(16), first=first,
                             options=cli_args.parse_options(option or []), game_id=game_id,
                             method="test" if test_seed is not None else "master")
            cli_args.self_check(state)
        folder.start(log, state)
        echo(f"Started game {state.game_id} in {log} (seats {', '.join(state.seats)}; views "
             f"0000-view-COLOUR.json to send). {cli_args.next(state)}")

    run(as_json, work)


def _a_start(state: GameState, name: str) -> GameState:
    from adjudicator.errors import Malformed, problem

    if state.chain.parent is not None:
        raise Malformed([problem("log.not_a_start", "$.chain.parent",
                                 "A log starts from a game file as `new` or `start` wrote it, before any "
                                 "order; this one follows another game file.").located(name)])
    return state


@log_app.command("add")
def log_add(
    log: LogArg,
    orders: OrdersArg,
    *,
    outbox: Annotated[Path | None, typer.Option(
        "--outbox", help="Also write each player's mail of the new step into this folder (.eml).")] = None,
    roster: Annotated[Path | None, typer.Option(
        "--roster", help="The roster (TOML: names and addresses) the mails are addressed by.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check an order file against the log's latest game and, if it is accepted, add the next
    step: order file, game file, public report, each player's report and view."""
    def work() -> None:
        from adjudicator.files import io
        from adjudicator.logs import folder

        names = None
        if roster is not None:  # read before the step is added: a bad roster changes nothing
            from adjudicator.mail.outgoing.roster import read_roster

            names = read_roster(str(roster))
        k, result = folder.add(log, io.read_bytes(str(orders)), str(orders))
        if outbox is not None:
            from adjudicator.mail.outgoing.compose import told_from, write_player_mails

            left_out: list[Problem] = []  # a board picture the mails lack
            write_player_mails(str(outbox), result.state, result.private, names, k, warnings=left_out,
                               told=told_from(result.before, result.events, result.state))
            if left_out:
                print_problems(left_out, as_json, label="warning: ")
        echo(f"Added step {k:04d} to {log}: {k:04d}-orders.json, -game.json, -report.md, "
             f"-report-COLOUR.md, -view-COLOUR.json. {cli_args.next(result.state)}")

    run(as_json, work)
