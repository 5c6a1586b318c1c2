"""``trajan convert``: an order file from JSON to the text notation, or back."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, OrdersArg, app, echo, echo_json, run


@app.command()
def convert(
    orders: OrdersArg,
    *,
    to: Annotated[str | None, typer.Option(
        "--to", help="text or json (default: the other form than ORDERS').", show_default=False)] = None,
    game: Annotated[Path | None, typer.Option(
        "--game", help="The game file or your view: a shortened game id in a text header becomes the "
        "full id.", show_default=False)] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the order file here (default, or -: print it).",
        show_default=False)] = None,
    as_json: JsonFlag = False,
) -> None:
    """Convert an order file between JSON and the text notation (text, or a mail message, in)."""
    def work() -> None:
        from adjudicator.errors import Malformed, problem
        from adjudicator.files import io, write
        from adjudicator.files.orders_any import is_json_text, load_orders_any

        if to not in (None, "text", "json"):
            raise Malformed([problem("args.usage", "--to", f"--to takes text or json, not {to!r}.")])
        game_id = io.read_game_or_view(str(game)).game_id if game is not None else None
        data = io.read_bytes(str(orders))
        was_json = is_json_text(data)
        order = load_orders_any(data, str(orders), game_id)
        target = to or ("text" if was_json else "json")
        if target == "json":
            out = io.encode_orders(order)
            if game is None and not was_json:
                echo("Note: the game id is kept as written; give --game GAME to turn a shortened "
                           "id into the full one.", err=True)
        else:
            from adjudicator.notation.text import order_text

            out = order_text(order).encode()
        if output is None or write.is_stdout(output):
            (echo_json if target == "json" else echo)(out.decode(), nl=False)
        else:
            inputs = {"ORDERS": str(orders), **({"--game": str(game)} if game is not None else {})}
            write.write_atomic(str(output), out, inputs=inputs)

    run(as_json, work)
