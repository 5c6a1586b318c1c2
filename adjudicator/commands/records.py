"""Commands about game records: ``pack``, ``unpack``, ``standings`` (issue 20)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, echo, echo_json, run


@app.command()
def pack(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="A log folder (as `trajan selfplay` writes it).",
                                        show_default=False)],
    *,
    output: Annotated[Path, typer.Option("-o", "--output", help="The record to write (name it "
                                         "*.trajan.jsonl).", show_default=False)],
    name: Annotated[list[str] | None, typer.Option(
        "--name", metavar="COLOUR=NAME", help="Who played a colour (repeatable); default: the stand-in "
        "bot that gave all its orders, else the colour.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Pack a log folder that verifies into a one-file game record (JSON Lines)."""
    def work() -> None:
        from adjudicator.files import write
        from adjudicator.records.pack import pack as make

        names = _names(name or [])
        record = make(log, names)
        write.write_atomic(str(output), record, inputs={"LOG": str(log)})
        echo(f"Packed {log} into {output} ({len(record):,} bytes).")

    run(as_json, work)


def _names(pairs: list[str]) -> dict[str, str]:
    from adjudicator.commands.args import colour
    from adjudicator.errors import Malformed, problem

    out: dict[str, str] = {}
    for pair in pairs:
        c, sep, who = pair.partition("=")
        if not sep or not who.strip():
            raise Malformed([problem("args.usage", "--name", f"--name takes COLOUR=NAME, not {pair!r}.")])
        out[colour(c.strip())] = who.strip()
    return out


@app.command()
def unpack(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help="A game record.", show_default=False)],
    *,
    out: Annotated[Path, typer.Option("--out", help="The log folder to write (new or empty).",
                                      show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """Replay a game record into a full log folder (game files and reports); it must verify."""
    def work() -> None:
        from adjudicator.errors import Illegal
        from adjudicator.files import io
        from adjudicator.records.replay import unpack as replay

        result = replay(io.read_bytes(str(record)), str(record), out)
        if not result.ok:
            raise Illegal(result.problems)
        echo(f"Unpacked {record} into {out}: {result.decisions} decisions.")

    run(as_json, work)


@app.command()
def standings(
    records: Annotated[list[Path], typer.Argument(
        metavar="RECORDS...", help="Records, folders of records, or files listing them.",
        show_default=False)],
    *,
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the standings as CSV.")] = False,
) -> None:
    """A tournament's table from its records: games, wins, points, average VP, by seat too."""
    def work() -> None:
        import msgspec

        from adjudicator.errors import Malformed, problem
        from adjudicator.files import io
        from adjudicator.records import standings as table
        from adjudicator.records.many import sources

        headers = []
        for s in sources(records):
            if s.kind != "record":
                raise Malformed([problem("standings.not_a_record", "$", "This is not a game record "
                                         "(pack a log folder with `trajan pack`).").located(s.path)])
            try:
                headers.append(table.decode_header(table.header_line(io.read_bytes(s.path))))
            except msgspec.DecodeError as e:
                raise Malformed([problem("record.malformed", "$[0]", f"Line 1 is not a game record's "
                                         f"header: {e}.").located(s.path)]) from None
        result = table.standings(headers)
        if as_json:
            echo_json(msgspec.json.encode(result.as_json()).decode())
        elif as_csv:
            echo(table.render_csv(result), nl=False)
        else:
            echo(table.render(result))

    run(as_json, work)
