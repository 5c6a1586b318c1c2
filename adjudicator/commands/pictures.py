"""Commands that draw: ``replay`` (a log as one HTML page), and the drawing behind
``show --svg`` / ``--png`` (the command itself lives with ``show``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, run

if TYPE_CHECKING:
    from adjudicator.model.state import GameState
    from adjudicator.views.view import GameView


def drawing_available() -> None:
    """Raise :class:`Malformed` with an install hint if the drawing extra is missing."""
    from adjudicator.errors import Malformed, problem

    try:
        import drawsvg  # noqa: F401
    except ImportError:
        raise Malformed([problem("drawing.unavailable", "--svg", "Drawing needs the drawsvg package: "
                                 "pip install 'trajan-adjudicator[drawing]'.")]) from None


def drawing(state: GameState | GameView, png: bool, output: Path | None) -> bytes:
    """``trajan show --svg`` / ``--png``: the board of a game file's public view, or of a view."""
    from adjudicator.errors import Malformed, problem

    drawing_available()
    from adjudicator.drawing import board_png, board_svg
    from adjudicator.views.redact import view_of
    from adjudicator.views.view import GameView

    view = state if isinstance(state, GameView) else view_of(state, None)
    if not png:
        return board_svg(view).encode("utf-8")
    if output is None:
        raise Malformed([problem("args.png_needs_output", "--png",
                                 "A PNG is written to a file: give -o FILE.")])
    picture = board_png(view)
    if picture is None:
        raise Malformed([problem("drawing.no_converter", "--png",
                                 "Drawing a PNG needs a headless browser (chromium); use --svg instead.")])
    return picture


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(
        metavar="LOG", help="The log folder (0000-game.json, 0001-orders.json, ...).", show_default=False)],
    *,
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="The HTML page to write.", show_default=False)],
    player: Annotated[str | None, typer.Option(
        "--player", help="Replay as this player saw it (adds their own hand and reports); "
                         "default: as the public saw it.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Write a game log as one self-contained HTML page to step through, with a score chart."""
    def work() -> None:
        drawing_available()
        from adjudicator.drawing.log_steps import read_log
        from adjudicator.drawing.replay import replay_html
        from adjudicator.files import write
        from adjudicator.views.redact import seated

        steps = read_log(log)
        page = replay_html(steps, seated(steps[0].game, player))
        write.write_atomic(str(output), page.encode("utf-8"))
        typer.echo(f"Wrote {output}: {len(steps)} boards of game {steps[0].game.game_id}, "
                   f"as {player or 'the public'} saw it.")

    run(as_json, work)
