"""Commands about game logs and measurement: ``selfplay``, ``verify``, ``bench``."""

# Real annotations, not strings: Typer reads them at every start (a fast start).
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.commands import args as cli_args
from adjudicator.commands.app import BenchJson, JsonFlag, VerifyJson, app, echo, echo_json, run


@app.command()
def selfplay(
    *,
    players: Annotated[int, typer.Option(
        "--players", min=2, max=4, metavar="N", help="Number of players (2 to 4).")] = 4,
    seed: Annotated[str | None, typer.Option(help="Seed of the game and the bots; default: random.")] = None,
    bots: Annotated[str, typer.Option(
        "--bots", help="Bots by seat, comma-separated (greedy, random, search); missing seats play random.",
    )] = "random",
    budget: Annotated[int | None, typer.Option(
        "--budget", min=1, max=cli_args.MAX_BUDGET, metavar="N",
        help="The search bots' rollouts per decision (default 64).",
        show_default=False)] = None,
    out: Annotated[Path, typer.Option("--out", help="The log folder to write.", show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """Bots play a whole game through the adjudicator; leaves a log folder, prints the ranking."""
    def work() -> None:
        import secrets

        from adjudicator.logs.selfplay import selfplay as play
        from adjudicator.model.state import GameOver

        names = [b.strip() for b in bots.split(",") if b.strip()]
        cli_args.check_bots(names)
        final = play(players, seed if seed is not None else secrets.token_hex(16), names, out, budget=budget)
        assert isinstance(final.pending, GameOver)
        vp = {p.colour: p.vp for p in final.players}
        echo(f"Game {final.game_id} over; log in {out}. Final ranking:")
        for place, colour in enumerate(final.pending.ranking, start=1):
            echo(f"  {place}. {colour} {vp[colour]} VP")

    run(as_json, work)

@app.command()
def verify(
    logs: Annotated[list[Path], typer.Argument(
        metavar="LOGS...", help="Log folders (as `trajan selfplay` writes them), game records, folders "
        "of records, or files listing any of these.", show_default=False)],
    *,
    jobs: Annotated[int, typer.Option(
        "--jobs", min=1, max=cli_args.MAX_JOBS, metavar="N",
        help="Verify this many games at once (processes, or Dask workers).")] = 1,
    backend: Annotated[str, typer.Option(
        "--backend", help="pool (local processes) or dask (a Dask cluster: pip install "
                          "'trajan-adjudicator[cluster]').")] = "pool",
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", help="The Dask scheduler's address (default: a local "
                                               "cluster of --jobs workers).")] = None,
    witness: Annotated[list[Path] | None, typer.Option(
        "--witness", metavar="FILE",
        help="A view, report, mail or accepted order file a player kept, or a list of game-file "
             "hashes: the log must bear it out (repeatable; one log only).")] = None,
    as_json: VerifyJson = False,
) -> None:
    """Re-adjudicate game logs and prove every file is what the rules produce; exit 0 only if all verify."""
    def work() -> None:
        import sys

        import msgspec

        from adjudicator.errors import EXIT_ILLEGAL
        from adjudicator.logs.verify import summary
        from adjudicator.records.many import verify_many

        show_progress = sys.stderr.isatty() and not as_json
        if witness:
            from adjudicator.logs.witness import read_witnesses
            from adjudicator.records.many import verify_witnessed

            cli_args.one_log_for_witnesses(logs)
            results = [verify_witnessed(logs[0], read_witnesses([str(w) for w in witness]))]
        else:
            results = verify_many(logs, jobs, cli_args.backend(backend, scheduler), scheduler,
                                  progress=show_progress)
        if as_json:
            echo_json(msgspec.json.encode([r.as_json() for r in results]).decode())
        else:
            for r in results:
                echo(summary(r))
        if not all(r.ok for r in results):
            raise typer.Exit(EXIT_ILLEGAL)

    run(as_json, work)

@app.command()
def bench(
    *,
    quick: Annotated[bool, typer.Option("--quick", help="Fewer repetitions (a rough figure).")] = False,
    as_json: BenchJson = False,
) -> None:
    """Measure start-up, throughput, self-play, verify and memory; exit 1 if a target is missed."""
    def work() -> None:
        import msgspec

        from adjudicator.errors import EXIT_ILLEGAL
        from adjudicator.perf.bench import render, run

        result = run(quick=quick)
        if as_json:
            echo_json(msgspec.json.encode(result).decode(), nl=False)
        else:
            echo(render(result))
        missed = [f.name for f in result.figures if f.met is False]
        if missed:
            echo(f"Targets not met: {', '.join(missed)}.", err=True)
            raise typer.Exit(EXIT_ILLEGAL)

    run(as_json, work)
