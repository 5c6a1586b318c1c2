"""Commands about one game file: ``new``, ``show``, ``view``."""

# Real annotations, not strings: Typer reads them at every start (a fast start).
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from adjudicator.model.state import GameState

from adjudicator.commands import args as cli_args
from adjudicator.commands.app import GameArg, JsonFlag, app, echo, echo_json, run


@app.command()
def new(
    *,
    players: Annotated[str, typer.Option(
        "--players", help="Seat order, comma-separated (2 to 4 of red, green, blue, brown).",
        show_default=False)],
    seed: Annotated[str | None, typer.Option(
        help="Seed of every shuffle (at least 16 characters); default: a random one, recorded in the "
             "game file.")] = None,
    test_seed: Annotated[str | None, typer.Option(
        "--test-seed", help="A seed of any length for a test game; the game is marked as one.")] = None,
    fair: Annotated[bool, typer.Option(
        "--fair", help="Begin a fair start: write the pending fair start (keep it secret) and publish "
                       "its commitment; then `trajan contribute` and `trajan start`.")] = False,
    first: Annotated[str | None, typer.Option(
        help="The start player (recorded as chosen by hand); default: drawn from the seed.")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="NAME=VALUE",
        help="A rules option, e.g. trajan_tiles_score_at_end=true (repeatable).")] = None,
    game_id: Annotated[str | None, typer.Option(
        "--game-id", help="The game id (recorded as chosen by hand); default: derived from the "
                          "commitment and seats.")] = None,
    contributors: Annotated[str | None, typer.Option(
        "--contributors", help="With --fair: who must contribute, comma-separated (default: every seat; "
                               "leave out a seat the game master plays).", show_default=False)] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the game file here; - prints it. Without -o it is printed "
        "only when stdout is not a terminal (it holds the secret seed and deck order).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Set up a new game: everything but the players' own setup decisions."""
    def work() -> None:
        import secrets

        from adjudicator.game.newgame import new_game
        from adjudicator.model.state import SeedMethod

        seats = [p.strip() for p in players.split(",")]
        options = cli_args.parse_options(option or [])
        cli_args.check_seed_options(seed, test_seed, fair)
        from adjudicator.commands.fair import contributors_option, propose

        named = contributors_option(contributors, fair)
        if fair:
            propose(seats, first, options, game_id, output, named)
            return
        chosen = test_seed if test_seed is not None else seed
        method: SeedMethod = "test" if test_seed is not None else "master"
        state = new_game(seats, chosen if chosen is not None else secrets.token_hex(16), first=first,
                         options=options, game_id=game_id, method=method)
        cli_args.self_check(state)
        _write_new_game(state, output)

    run(as_json, work)


def _write_new_game(state: "GameState", output: Path | None) -> None:
    """Write (or print) a new game file; a secret game file is never shown on a screen."""
    from adjudicator.errors import Malformed, problem
    from adjudicator.files import io, write

    data = io.encode_state(state)
    summary = (f"game {state.game_id}, seats {', '.join(state.seats)}, start player "
               f"{state.start_player}. {cli_args.next(state)}")
    if output is None and _on_terminal():
        echo(f"Set up {summary}")
        raise Malformed([problem("args.output_needed", "-o", "The game file holds the secret seed and "
                                 "deck order and was not printed on the terminal; give -o FILE to "
                                 "write it, or -o - to print it.")])
    if output is None or write.is_stdout(output):
        echo_json(data.decode(), nl=False)
        return
    write.write_atomic(str(output), data)
    echo(f"Wrote {output}: {summary}")

def _on_terminal() -> bool:
    import sys

    return sys.stdout.isatty()


@app.command()
def show(
    game: GameArg,
    *,
    svg: Annotated[bool, typer.Option("--svg", help="Draw the board as SVG instead of text.")] = False,
    png: Annotated[bool, typer.Option(
        "--png", help="Draw the board as PNG (needs chromium; with -o only).")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the picture here (default: print it).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Print a readable picture of the public state of a game, or of a player's view."""
    def work() -> None:
        from adjudicator.files import io, write

        state = io.read_game_or_view(str(game))
        if svg or png:
            from adjudicator.commands.pictures import drawing

            data = drawing(state, png, output)
        else:
            from adjudicator.rendering.show import render_show

            data = render_show(state).encode("utf-8")
        if output is None:
            echo(data.decode("utf-8"), nl=False)
            return
        write.write_atomic(str(output), data)
        what = "board as PNG" if png else "board as SVG" if svg else "picture"
        echo(f"Wrote {output}: the {what} of decision {state.decision}.")

    run(as_json, work)

@app.command()
def view(
    game: GameArg,
    *,
    player: Annotated[str | None, typer.Option(
        "--player", help="The player whose view to write (default: the public view, no hand).")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the view here (default, or -: print it).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Write the game as one player may see it: their hand, the public state, counts for the hidden."""
    def work() -> None:
        from adjudicator.files import io, write
        from adjudicator.views.redact import view_for

        data = io.canonical(view_for(io.read_game(str(game)), player))
        if output is None or write.is_stdout(output):
            echo_json(data.decode(), nl=False)
            return
        write.write_atomic(str(output), data, inputs={"GAME": str(game)})
        echo(f"Wrote {output}: the view of {player or 'the public'}.")

    run(as_json, work)
