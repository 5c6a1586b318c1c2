"""Commands for leagues: ``seat`` (issue 30); the standings are in :mod:`adjudicator.commands.records`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, echo, run

MAX_ROUNDS = 100
MAX_PEOPLE = 1000


@app.command()
def seat(
    people: Annotated[Path, typer.Argument(help="The people to seat: one a line, `Name` or `Name <address>`.",
                                           show_default=False)],
    *,
    rounds: Annotated[int, typer.Option("--rounds", min=1, max=MAX_ROUNDS, metavar="N",
                                        help=f"How many rounds to plan (1 to {MAX_ROUNDS}).",
                                        show_default=False)],
    tables: Annotated[str, typer.Option(
        "--tables", metavar="SIZES", help="The table sizes allowed, comma-separated (2 to 4).")] = "3,4",
    seed: Annotated[str, typer.Option("--seed", help="The seed the plan is drawn from (the same seed, the "
                                      "same plan).")] = "trajan-seat",
    ratings: Annotated[list[Path] | None, typer.Option(
        "--ratings", metavar="RECORDS", help="Records (or folders or lists of them) to rate the people by: "
        "rounds after the first seat people of like rating together (Swiss-like). Repeatable.")] = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the plan as CSV (round, table, seat, colour, "
                                         "name); how even it is goes to stderr.")] = False,
    toml: Annotated[Path | None, typer.Option(
        "--toml", metavar="DIR", help="Also write a roster (roster.toml) per table into this new folder "
        "(every person needs an address).", show_default=False)] = None,
    as_json: JsonFlag = False,
) -> None:
    """Plan the tables of each round: even seat positions, pairs meeting as rarely as possible."""
    def work() -> None:
        from adjudicator.files import io
        from adjudicator.league import evenness as even
        from adjudicator.league.people import read_people
        from adjudicator.league.seating import plan

        sizes = _sizes(tables)
        signed = read_people(io.read_bytes(str(people)), str(people))
        if len(signed) > MAX_PEOPLE:
            from adjudicator.errors import Malformed, problem

            raise Malformed([problem("seat.too_many", "PEOPLE", f"At most {MAX_PEOPLE} people can be seated "
                                     f"by one plan, not {len(signed)}.").located(str(people))])
        if toml is not None:
            _check_rosters(toml, signed)
        names = [n for n, _ in signed]
        rated = _ratings(ratings) if ratings else None
        made = plan(names, rounds, sizes, seed, rated)
        if toml is not None:
            _write_rosters(toml, even.rosters(made, {n: a or "" for n, a in signed}))
        result = even.evenness(made)
        if as_csv:
            echo(even.render_csv(made), nl=False)
            echo(even.render_evenness(result), err=True)
        else:
            echo(even.render(made, result))

    run(as_json, work)


def _sizes(text: str) -> list[int]:
    from adjudicator.errors import Malformed, problem

    parts = [p.strip() for p in text.split(",")]
    if not all(p.isdigit() and 2 <= int(p) <= 4 for p in parts):
        raise Malformed([problem("args.tables", "--tables", "--tables takes table sizes of 2 to 4 seats, "
                                 f"comma-separated (3,4), not {text!r}.")])
    return sorted({int(p) for p in parts})


def _ratings(paths: list[Path]) -> dict[str, float]:
    """Each rated player's ordinal over ``paths`` (records, folders or lists)."""
    from adjudicator.errors import Malformed
    from adjudicator.league.ratings import rate
    from adjudicator.records import standings as table

    try:
        named, _ = table.once(table.read_headers(paths))
    except Malformed as e:
        raise Malformed([p if p.code not in ("standings.not_a_record", "verify.wrong_kind") else
                         type(p)(code="seat.not_a_record", path="--ratings", file=p.file,
                                 message="This is not a game record: --ratings takes records, folders of "
                                 "them or lists.") for p in e.problems]) from None
    return {p.name: p.ordinal for p in rate(named).players.values() if p.games}


def _check_rosters(folder: Path, signed: list[tuple[str, str | None]]) -> None:
    from adjudicator.errors import Malformed, problem

    missing = [n for n, a in signed if a is None]
    if missing:
        raise Malformed([problem("seat.no_address", "--toml", f"A roster needs every person's address; "
                                 f"{len(missing)} have none (the first: {missing[0]!r}): write them in the "
                                 "list as `Name <address>`.")])
    if folder.exists():
        raise Malformed([problem("seat.out_exists", "--toml",
                                 f"{folder} already exists: give a new folder.")])


def _write_rosters(folder: Path, files: dict[str, str]) -> None:
    """Every roster into the new ``folder``, all or none (written beside it, then renamed)."""
    import os
    import shutil
    import tempfile

    from adjudicator.files import write

    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        for name, text in files.items():
            write.write_atomic(str(staging / name), text.encode("utf-8"))
        os.rename(staging, folder)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    echo(f"Wrote {len(files)} rosters into {folder}.", err=True)
