"""``trajan compose``: the order composer page of one player's pending decision (issue 29)."""

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, echo, run


@app.command()
def compose(
    game: Annotated[Path, typer.Argument(help="The game file, or the player's own view.",
                                         show_default=False)],
    *,
    player: Annotated[str | None, typer.Option(
        "--player", help="The player whose order the page builds (default, on a view: its viewer).")] = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="The HTML page to write.",
                                         show_default=False)],
    judge: Annotated[str | None, typer.Option(
        "--judge", help="The judge's address: the page's mail link is addressed to it.")] = None,
    token: Annotated[str | None, typer.Option(
        "--token", help="The player's token from the mail judge: the page puts it into the order.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Write a self-contained page on which the player builds their order by clicking."""
    def work() -> None:
        from adjudicator.commands import args as cli_args
        from adjudicator.commands.pictures import drawing_available
        from adjudicator.errors import Malformed, problem
        from adjudicator.files import io, write
        from adjudicator.views.redact import seated
        from adjudicator.views.view import GameView

        drawing_available()
        from adjudicator.compose.page import page_for

        state = io.read_game_or_view(str(game))
        if isinstance(state, GameView):
            colour = cli_args.colour(player) if player is not None else state.viewer
        elif player is None:
            raise Malformed([problem("args.missing", "--player",
                                     "On a game file, name the player whose order the page builds "
                                     "(--player COLOUR).")])
        else:
            colour = seated(state, cli_args.colour(player))
        try:
            page = page_for(state, colour, judge, token)
        except Malformed as e:
            raise Malformed([p.located(str(game)) if p.path.startswith("$") else p
                             for p in e.problems]) from None
        write.write_atomic(str(output), page.encode("utf-8"))
        size = len(page.encode("utf-8")) // 1024
        echo(f"Wrote {output} ({size} kB): {colour}'s order for decision {state.decision} of game "
             f"{state.game_id}.")

    run(as_json, work)
