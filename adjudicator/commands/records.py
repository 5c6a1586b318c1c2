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
        "--name", metavar="COLOUR=NAME", help="The person who held a colour's seat (repeatable; wins over "
        "--roster); a colour without one is a bot entered as a player: the stand-in bot that gave all "
        "its orders, else the colour.")] = None,
    roster: Annotated[Path | None, typer.Option(
        "--roster", help="Take each seat's person from this roster (roster.toml).",
        show_default=False)] = None,
    date: Annotated[str | None, typer.Option(
        "--date", metavar="DATE", help="When the last decision was made (YYYY-MM-DD, or an ISO date and "
        "time with its offset); default: when the mail judge opened the last step, if the log is a "
        "judge's GAMEDIR/log.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Pack a log folder that verifies into a one-file game record (JSON Lines)."""
    def work() -> None:
        from adjudicator.files import write
        from adjudicator.records.pack import pack as make

        names = {**_roster_names(roster), **_names(name or [])}
        record = make(log, names, _date(date))
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
        person = who.strip()
        if not person.isprintable() or len(person) > 100:
            raise Malformed([problem("args.name", "--name", "A name is printable text on one line, at most "
                                     "100 characters.")])
        out[colour(c.strip())] = person
    return out


def _roster_names(path: Path | None) -> dict[str, str]:
    if path is None:
        return {}
    from adjudicator.mail.outgoing.roster import read_roster

    return {c: seat.name for c, seat in read_roster(str(path)).players.items()}


def _date(text: str | None) -> str | None:
    if text is None:
        return None
    from adjudicator.errors import Malformed, problem
    from adjudicator.records.form import utc_date

    try:
        return utc_date(text.strip())
    except ValueError:
        raise Malformed([problem("args.date", "--date", "--date takes YYYY-MM-DD or an ISO date and time "
                                 f"with its offset (2025-03-01T18:30:00+01:00), not {text!r}.")]) from None


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
    ratings: Annotated[bool, typer.Option("--ratings", help="Rate every player in play order (OpenSkill "
                                          "Plackett-Luce; needs the league extra).")] = False,
    html: Annotated[Path | None, typer.Option(
        "--html", help="Also write the standings page (one self-contained HTML file, with the ratings).",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the standings as CSV.")] = False,
) -> None:
    """A tournament's table from its records: games, wins, points, average VP, by seat too."""
    def work() -> None:
        import msgspec

        from adjudicator.records import standings as table

        named, copies = table.once(table.read_headers(records))
        result = table.standings([h for _, h in named])
        result.duplicates = copies
        rated = None
        if ratings or html is not None:
            from adjudicator.league.ratings import rate

            rated = rate(named)
        if html is not None:
            from adjudicator.files import write
            from adjudicator.league.page import standings_page

            write.write_atomic(str(html), standings_page(result, rated, html.parent).encode("utf-8"))
        shown = rated if ratings else None
        if as_json:
            data = result.as_json() | ({"ratings": shown.as_json()} if shown else {})
            echo_json(msgspec.json.encode(data).decode())
        elif as_csv:
            echo(table.render_csv(result, shown), nl=False)
        else:
            from adjudicator.league.ratings import render

            echo(table.render(result) + (f"\n{render(shown)}" if shown else ""))

    run(as_json, work)
