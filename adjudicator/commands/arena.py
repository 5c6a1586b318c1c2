"""``trajan arena``: bots against bots on paired setups, with the statistics (issue 32)."""

# Real annotations, not strings: Typer reads them at every start (a fast start).
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.commands.app import app, echo, echo_json, run
from adjudicator.commands.args import MAX_JOBS

EXIT_INTERRUPTED = 130  # as a shell reports a program stopped by Ctrl-C
MAX_SETUP = 1_000_000  # --first-setup: a match of 100,000 games has at most 50,000 setups

if TYPE_CHECKING:
    from adjudicator.arena.games import GameResult
    from adjudicator.arena.match import MatchPlan
    from adjudicator.arena.progress import Show
    from adjudicator.arena.summary import Summary

ArenaJson = Annotated[bool, typer.Option("--json", help="Print the figures as JSON instead of tables; "
                                         "problems as a JSON list on stderr.")]


@app.command()
def arena(
    bots: Annotated[list[str], typer.Argument(
        help="The bots, as NAME or NAME:BUDGET (e.g. planner search:64). Two bots at a larger table: "
             "the first against copies of the second; otherwise one bot per seat.", show_default=False)],
    *,
    players: Annotated[str, typer.Option("--players", help="Player count, or several comma-separated "
                                         "(each a match of its own).")] = "2",
    games: Annotated[int, typer.Option("--games", min=1, max=100_000, help="Games per player count, "
                                       "rounded up to whole setups (each setup is played once per seat "
                                       "rotation).")] = 100,
    seed: Annotated[str, typer.Option("--seed", help="Setup k of a P-player match is the test game "
                                      "SEED-Pp-k.")] = "arena",
    first: Annotated[int, typer.Option("--first-setup", min=0, max=MAX_SETUP, help="The first setup's "
                                       "number (to go on from an earlier run).")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", min=1, max=MAX_JOBS, help="Games played at once "
                                      "(processes).")] = 1,
    sprt: Annotated[str | None, typer.Option(
        "--sprt", metavar="ELO0,ELO1", help="Stop as soon as a sequential probability ratio test decides "
        "between the first bot being ELO0 and ELO1 logistic Elo stronger than the others.",
        show_default=False)] = None,
    alpha: Annotated[str, typer.Option("--alpha", metavar="P", help="The SPRT's false-positive rate "
                                       "(above 0, below 0.5).")] = "0.05",
    beta: Annotated[str, typer.Option("--beta", metavar="P", help="The SPRT's false-negative rate "
                                      "(above 0, below 0.5).")] = "0.05",
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Also write the figures and every game's result here (JSON).",
        show_default=False)] = None,
    as_json: ArenaJson = False,
) -> None:
    """Play bots against each other with the seats rotated; wins, VP margins, Wilson intervals, SPRT."""
    def work() -> None:
        import sys

        from adjudicator.arena import spec
        from adjudicator.arena.match import MatchPlan, setups_for

        specs = spec.bot_specs(bots)
        counts = spec.player_counts(players, len(specs))
        test = spec.sprt(sprt, alpha, beta)
        if output is not None:
            spec.output_folder(str(output))
        show: Show = None if as_json else "bar" if sys.stderr.isatty() else "lines"

        def line(plan: "MatchPlan") -> str:
            extra = [*(["--first-setup", str(plan.first_setup)] if plan.first_setup else []),
                     *(["--sprt", sprt, "--alpha", alpha, "--beta", beta] if sprt else [])]
            return spec.command(bots, plan, extra)

        plans = (MatchPlan(bots=specs, players=n, setups=setups_for(games, n), seed=seed,
                           first_setup=first, sprt=test) for n in counts)
        summaries, played = _matches(plans, jobs, line, show)
        _report(summaries, played, output, as_json)
        if summaries and summaries[-1].go_on:
            raise typer.Exit(EXIT_INTERRUPTED)

    run(as_json, work)


def _matches(plans: Iterable["MatchPlan"], jobs: int, line: Callable[["MatchPlan"], str],
             show: "Show") -> tuple[list["Summary"], list["GameResult"]]:
    """Play the matches in turn; once one is interrupted, the others are not started."""
    summaries: list[Summary] = []
    played: list[GameResult] = []
    with _stop_on_sigterm():
        for plan in plans:
            summary, results = _match(plan, jobs, line, show)
            summaries.append(summary)
            played += results
            if summary.go_on:
                break
    return summaries, played


def _report(summaries: list["Summary"], played: list["GameResult"], output: Path | None,
            as_json: bool) -> None:
    """The figures on stdout (text or JSON), and with every game's result in ``output``."""
    import msgspec

    from adjudicator.arena.summary import render

    if output is not None:
        from adjudicator.files import write

        document = {"summaries": summaries, "games": played}
        write.write_atomic(str(output), msgspec.json.format(msgspec.json.encode(document)) + b"\n")
    if as_json:
        echo_json(msgspec.json.format(msgspec.json.encode(summaries)).decode())
        return
    echo("\n".join(render(s) for s in summaries), nl=False)


def _match(plan: "MatchPlan", jobs: int, line: Callable[["MatchPlan"], str],
           show: "Show") -> tuple["Summary", list["GameResult"]]:
    """Play one match; interrupted, the figures of its complete setups and how to go on."""
    import msgspec

    from adjudicator.arena.match import Failed, Interrupted
    from adjudicator.arena.match import run as play
    from adjudicator.arena.progress import Bar
    from adjudicator.arena.summary import summarize
    from adjudicator.errors import Malformed, problem

    bar = Bar(show, plan.players)
    try:
        games, test = play(plan, jobs, bar.tick)
    except Failed as e:
        raise Malformed([problem("internal.bot_illegal", "$", f"A game could not be played: {e}. "
                                 "Please report this with the command.")]) from None
    except Interrupted as stop:
        rest = msgspec.structs.replace(plan, first_setup=stop.next_setup,
                                       setups=plan.first_setup + plan.setups - stop.next_setup)
        return summarize(plan, stop.games, stop.sprt, line(plan), go_on=line(rest)), stop.games
    finally:
        bar.close()
    return summarize(plan, games, test, line(plan)), list(games)


@contextmanager
def _stop_on_sigterm() -> Iterator[None]:
    """SIGTERM (a batch system's stop) ends the match as Ctrl-C does: with the figures so far."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


MAX_RESULTS_BYTES = 256 * 1024 * 1024  # an arena -o file: about 2 kB a 2-player game


@app.command("arena-merge")
def arena_merge(
    files: Annotated[list[Path], typer.Argument(
        help="Files written by trajan arena -o (runs of one match, e.g. split with --first-setup).",
        show_default=False)],
    *,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Also write the pooled figures and games here (JSON, as trajan arena -o).",
        show_default=False)] = None,
    as_json: ArenaJson = False,
) -> None:
    """Pool arena runs of one match (split with --first-setup) into one run's figures."""
    def work() -> None:
        from adjudicator.arena import merge
        from adjudicator.errors import Malformed, Problem
        from adjudicator.files.io import read_bytes

        loaded: list[tuple[str, merge.ArenaFile]] = []
        problems: list[Problem] = []
        for path in files:
            try:
                loaded.append((str(path), merge.load(read_bytes(str(path), MAX_RESULTS_BYTES), str(path))))
            except Malformed as e:
                problems += e.problems
        if problems:
            raise Malformed(problems)
        summaries, games = merge.merge(loaded)
        _report(summaries, games, output, as_json)

    run(as_json, work)
