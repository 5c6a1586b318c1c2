"""Commands that draw: ``replay`` (a log as one HTML page); ``show --svg`` lives with ``show``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, run


def drawing_available() -> None:
    """Raise :class:`Malformed` with an install hint if the drawing extra is missing."""
    from adjudicator.errors import Malformed, problem

    try:
        import drawsvg  # noqa: F401
    except ImportError:
        raise Malformed([problem("drawing.unavailable", "--svg", "Drawing needs the drawsvg package: "
                                 "pip install 'trajan[drawing]'.")]) from None


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="The log folder (0000-game.json, 0001-orders.json, ...).",
                                        show_default=False)],
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
