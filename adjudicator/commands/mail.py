"""``trajan mail-out``: the players' mails of a game log's steps, written into an outbox;
``trajan mail run``: the mail judge (issue 18), and ``trajan mail secret``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands.app import JsonFlag, app, echo, print_problems, run

if TYPE_CHECKING:
    from adjudicator.errors import Problem


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
        "--step", min=0, max=999_999, help="The step whose mails to write (default: the latest).")] = None,
    every: Annotated[bool, typer.Option("--all", help="The mails of every step.")] = False,
    pictures: Annotated[str, typer.Option(
        "--mail-pictures", help="The board picture attached: svg, png (needs Chromium) or none.")] = "svg",
    as_json: JsonFlag = False,
) -> None:
    """Write each player's mail (news, what to decide, reply template, state) of a log's step."""
    def work() -> None:
        from adjudicator.errors import Malformed, problem
        from adjudicator.files.write import OutputSet
        from adjudicator.mail.outgoing.compose import unique_warnings
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
        left_out: list[Problem] = []  # a board picture the mails lack, reported on stderr
        for k in wanted:
            try:
                mails = log_mails(log, k, names, pictures)  # type: ignore[arg-type]
            except Malformed as e:
                raise Malformed([p if p.file else p.located(str(roster)) for p in e.problems]) from None
            left_out += [w for w in unique_warnings(mails) if all(w.code != f.code for f in left_out)]
            for mail in mails:
                outputs.add(str(outbox / mail.file_name), bytes(mail.message), option="--outbox",
                            folder=str(outbox))
                count += 1
        outputs.commit()
        if left_out:
            print_problems(left_out, as_json, label="warning: ")
        echo(f"Wrote {count} mail(s) into {outbox}.")

    run(as_json, work)


mail_app = typer.Typer(help="The mail judge: a game played by mail from a mailbox (see the manual).",
                       no_args_is_help=True)
app.add_typer(mail_app, name="mail")


@mail_app.command("run")
def mail_run(
    gamedirs: Annotated[list[Path], typer.Argument(
        help="The game folder (judge.toml, roster.toml, log/); several share one judge address and inbox.",
        show_default=False, metavar="GAMEDIR")],
    *,
    once: Annotated[bool, typer.Option("--once", help="One run, then stop (for cron).")] = False,
    every: Annotated[int, typer.Option("--every", min=1, max=86_400,
                                       help="Seconds between runs when not --once.")] = 300,
    now: Annotated[str | None, typer.Option(
        "--now", help="The time of the run (ISO 8601; default: the clock). For tests.",
        show_default=False)] = None,
) -> None:
    """Read new orders from the inbox, adjudicate them into the log, send every mail that follows."""
    import time
    from datetime import UTC, datetime

    from adjudicator.mail.judge.deadlines import parse_time
    from adjudicator.mail.judge.run import run as judge_run

    def work() -> None:
        while True:
            at = parse_time(now) if now is not None else datetime.now(UTC)
            stamp = at.isoformat(timespec="seconds")
            if len(gamedirs) == 1:
                summary = judge_run(gamedirs[0], at)
                echo(f"{stamp}: {summary.text()}")
                print_problems(summary.warnings, False, label="warning: ")
            else:
                from adjudicator.mail.judge.route import run_many

                for label, summary in run_many(gamedirs, at):
                    echo(f"{stamp}: {label}: {summary.text()}")
                    print_problems(summary.warnings, False, label="warning: ")
            if once:
                return
            time.sleep(every)

    run(False, work)


@mail_app.command("secret")
def mail_secret(
    file: Annotated[Path, typer.Argument(help="Where to keep the secret (outside the log).",
                                         show_default=False)],
) -> None:
    """Make the game master's secret, from which each player's token is derived."""
    def work() -> None:
        import base64
        import os

        from adjudicator.errors import Malformed, problem

        try:
            fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise Malformed([problem("output.exists", "$", f"{file} exists; a secret is never "
                                     "replaced (the players' tokens come from it).")]) from None
        with os.fdopen(fd, "wb") as out:
            out.write(base64.b64encode(os.urandom(32)) + b"\n")
        echo(f"Wrote {file}: keep it private and out of the game's log.")

    run(False, work)
