"""``trajan compose``: the order composer page of one player's pending decision (issue 29)."""

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, echo, run


@app.command()
def compose(
    game: Annotated[Path, typer.Argument(help="The game file, or the player's own view.", show_default=False)],
    *,
    player: Annotated[str | None, typer.Option(
        "--player", help="The player whose order the page builds (default, on a view: its viewer).")] = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="The HTML page to write.", show_default=False)],
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
        from adjudicator.files import io, write
        from adjudicator.views.redact import view_of
        from adjudicator.views.view import GameView

        drawing_available()
        from adjudicator.compose import compose_html

        from adjudicator.errors import Malformed, problem
        from adjudicator.views.redact import seated

        state = io.read_game_or_view(str(game))
        if isinstance(state, GameView):
            view = state
            if player is not None and cli_args.colour(player) != state.viewer:
                raise Malformed([problem("view.other_player", "$.viewer",
                                         f"This is {state.viewer}'s view: it composes only {state.viewer}'s "
                                         f"order, not {player}'s.").located(str(game))])
        elif player is None:
            raise Malformed([problem("args.player_needed", "--player",
                                     "On a game file, name the player whose order the page builds "
                                     "(--player COLOUR).")])
        else:
            view = view_of(state, seated(state, cli_args.colour(player)))
        page = compose_html(view, judge, token)
        write.write_atomic(str(output), page.encode("utf-8"))
        echo(f"Wrote {output} ({len(page.encode('utf-8')) // 1024} kB): {view.viewer}'s order for decision "
             f"{view.decision} of game {view.game_id}.")

    run(as_json, work)
