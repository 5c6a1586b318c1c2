"""``trajan mail-out``: the players' mails of a game log's steps, written into an outbox."""

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, echo, run


@app.command("mail-out")
def mail_out(
    log: Annotated[Path, typer.Argument(help="The game's log folder.", show_default=False)],
    *,
    outbox: Annotated[Path, typer.Option(
        "--outbox", help="Write the mails here (.eml files; the folder is made if missing).",
        show_default=False)],
    roster: Annotated[Path | None, typer.Option(
        "--roster", help="The roster (TOML: each colour's name and address).")] = None,
    step: Annotated[int | None, typer.Option(
        "--step", help="The step whose mails to write (default: the latest).")] = None,
    every: Annotated[bool, typer.Option("--all", help="The mails of every step.")] = False,
    pictures: Annotated[str, typer.Option(
        "--mail-pictures", help="The board picture attached: svg, png (needs Chromium) or none.")] = "svg",
    as_json: JsonFlag = False,
) -> None:
    """Write each player's mail (news, what to decide, reply template, state) of a log's step."""
    def work() -> None:
        from adjudicator.errors import Malformed, problem
        from adjudicator.files.write import OutputSet
        from adjudicator.mail.outgoing.from_log import log_mails, steps
        from adjudicator.mail.outgoing.roster import read_roster

        if pictures not in ("none", "svg", "png"):
            raise Malformed([problem("args.mail_pictures", "--mail-pictures",
                                     f"{pictures!r} is not one of svg, png, none.")])
        names = read_roster(str(roster)) if roster is not None else None
        wanted = steps(log) if every else [step]
        outputs = OutputSet(inputs={"LOG": str(log)})
        outputs.folder(str(outbox))
        count = 0
        for k in wanted:
            try:
                mails = log_mails(log, k, names, pictures)  # type: ignore[arg-type]
            except Malformed as e:
                raise Malformed([p if p.file else p.located(str(roster)) for p in e.problems]) from None
            for mail in mails:
                outputs.add(str(outbox / mail.file_name), bytes(mail.message), option="--outbox",
                            folder=str(outbox))
                count += 1
        outputs.commit()
        echo(f"Wrote {count} mail(s) into {outbox}.")

    run(as_json, work)
