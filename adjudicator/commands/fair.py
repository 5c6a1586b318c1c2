"""The fair start: ``new --fair`` (here: :func:`propose`), ``contribute`` and ``start``.

The protocol is described in :mod:`adjudicator.game.fairstart`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands import args as cli_args
from adjudicator.commands.app import JsonFlag, app, echo, echo_json, run

if TYPE_CHECKING:
    from adjudicator.model.state import Options

PendingArg = Annotated[Path, typer.Argument(
    help="The pending fair start (written by `trajan new --fair`).", show_default=False)]


def propose(seats: list[str], first: str | None, options: Options, game_id: str | None,
            output: Path | None, contributors: list[str] | None = None) -> None:
    """``trajan new --fair``: draw the secret, write the pending fair start, print the announcement."""
    import secrets

    from adjudicator.errors import Malformed, problem
    from adjudicator.files import io, write
    from adjudicator.game.fairstart import announcement
    from adjudicator.game.fairstart import propose as make

    if output is None or str(output) == "-":
        raise Malformed([problem("args.missing_output", "-o",
                                 "--fair needs -o PENDING: the pending fair start holds the secret and "
                                 "is never printed.")])
    pending = make(seats, secrets.token_hex(16), first=first, options=options, game_id=game_id,
                   contributors=contributors)
    write.write_atomic(str(output), io.canonical(pending))
    echo(f"Wrote {output}: the pending fair start of game {pending.game_id} (keep this file secret).")
    echo("Send every player this announcement:\n")
    echo(announcement(pending))


def contributors_option(text: str | None, fair: bool) -> list[str] | None:
    """The colours ``--contributors`` names (only with ``--fair``)."""
    from adjudicator.errors import Malformed, problem

    if text is None:
        return None
    if not fair:
        raise Malformed([problem("args.needs_fair", "--contributors",
                                 "--contributors names who contributes to a fair start: use it with "
                                 "--fair.")])
    return [c.strip() for c in text.split(",") if c.strip()]


@app.command()
def contribution(
    announcement_file: Annotated[Path, typer.Argument(
        help="The announcement of the fair start, as the game master sent it (a text file or the mail).",
        show_default=False)],
    *,
    player: Annotated[str, typer.Option("--player", help="Your colour.", show_default=False)],
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="Write your receipt here (keep it: it is your witness).",
        show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """A player's part of a fair start: check the announcement, keep a receipt, print the value
    to send (the game master records it with contribute)."""
    def work() -> None:
        import secrets

        from adjudicator.errors import Malformed, problem
        from adjudicator.files import io, write
        from adjudicator.game.fairstart import make_contribution

        name = str(announcement_file)
        try:
            text = io.read_bytes(name).decode("utf-8")
        except UnicodeDecodeError:
            raise Malformed([problem("input.not_utf8", "$", "The announcement is not UTF-8 text.")
                             .located(name)]) from None
        made = make_contribution(text, player, secrets.token_hex(16), name)
        write.write_atomic(str(output), made.text.encode(), inputs={"ANNOUNCEMENT": name})
        echo(f"Wrote {output}: your receipt (keep it; `trajan verify --witness {output}` proves your value "
             "was used). Send the game master this value:\n")
        echo(made.value)

    run(as_json, work)


@app.command()
def contribute(
    pending_file: PendingArg,
    *,
    player: Annotated[str, typer.Option("--player", help="The player who sent the value.",
                                        show_default=False)],
    value: Annotated[str, typer.Option("--value", help="The player's random value (16 to 100 letters, "
                                                       "digits or _.:-).", show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """The game master's part of a fair start: record the value a player made with contribution
    (the pending file is updated in place)."""
    def work() -> None:
        from adjudicator.files import io, lock, write
        from adjudicator.game.fairstart import contribute as record
        from adjudicator.game.fairstart import missing

        name = str(pending_file)
        with lock.locked(name):  # two contributions at once: neither is lost (issue 14)
            data = io.read_bytes(name)
            pending = record(io.load_fair_start(data, name), player, value)
            outputs = write.OutputSet(inputs={"PENDING": name})
            outputs.add(name, io.canonical(pending), option="PENDING", replaces="PENDING")
            outputs.expect_unchanged(name, data)
            outputs.commit()
        waiting = missing(pending)
        rest = (f"still waiting for {', '.join(waiting)}." if waiting else
                f"every player has contributed: `trajan start {pending_file} -o GAME`.")
        echo(f"Recorded {player}'s contribution to game {pending.game_id}; {rest}")

    run(as_json, work)


@app.command()
def start(
    pending_file: PendingArg,
    *,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the game file here (default, or -: print it).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Set up the game of a fair start once every player has contributed."""
    def work() -> None:
        from adjudicator.files import io, write
        from adjudicator.game.fairstart import start as begin

        name = str(pending_file)
        state = begin(io.load_fair_start(io.read_bytes(name), name), name)
        cli_args.self_check(state)
        data = io.encode_state(state)
        if output is None or write.is_stdout(output):
            echo_json(data.decode(), nl=False)
            return
        write.write_atomic(str(output), data, inputs={"PENDING": name})
        echo(f"Wrote {output}: game {state.game_id} (fair start), seats {', '.join(state.seats)}, "
                   f"start player {state.start_player}. {cli_args.next(state)}")

    run(as_json, work)
