"""The arena's figures from the games of a match: per bot, per player count and per seat;
rendered as text or JSON (:class:`Summary`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from adjudicator.arena import stats
from adjudicator.arena.games import BotSpec, GameResult, SeatResult
from adjudicator.arena.match import MatchPlan, SprtState


class Figures(msgspec.Struct, frozen=True):
    """One bot's results over some seats: ``games`` is the number of seats it played
    (a bot filling three seats of a table counts three)."""

    bot: str
    games: int
    wins: int
    win_rate: float
    win_low: float  # the 95 % Wilson interval of the win rate
    win_high: float
    mean_vp: float
    mean_margin: float  # VP less the best other player's
    margin_low: float  # its 95 % interval (normal approximation)
    margin_high: float
    players: int | None = None  # the player count (None: all of the match)
    position: int | None = None  # the seat in turn order (1: start player); None: every seat


class Diagnostics(msgspec.Struct, frozen=True):
    """What a bot did with its turns, and what its decisions cost."""

    bot: str
    games: int
    unmet_demands_per_game: float
    extra_tiles_taken_per_game: float
    extra_tiles_spent_per_game: float
    extra_spent_share: float | None  # spent / taken (None: none taken)
    decisions: int
    cpu_median_s: float
    cpu_p99_s: float
    cpu_max_s: float


class SprtFigures(msgspec.Struct, frozen=True):
    """The sequential test where the match stopped: its hypotheses, ratio, bounds and decision."""

    elo0: float
    elo1: float
    alpha: float
    beta: float
    llr: float
    lower: float
    upper: float
    decision: str | None  # "H1": the first bot is stronger by elo1; "H0": not by elo0; None: no decision
    groups: int
    score: float  # the first bot's mean group score
    elo: float  # the logistic Elo of that score


class Summary(msgspec.Struct, frozen=True):
    """A match's figures (the form of ``trajan arena --json``): per bot, per seat, what the
    bots did, the test, and the command that plays the match again."""

    command: str
    seed: str
    players: int
    setups: int  # setups played (each with the seats rotated)
    games: int
    bots: tuple[BotSpec, ...]
    overall: tuple[Figures, ...]
    by_position: tuple[Figures, ...]
    diagnostics: tuple[Diagnostics, ...]
    sprt: SprtFigures | None = None
    planned_setups: int | None = None  # set when the match was interrupted: the setups asked for
    go_on: str | None = None  # and the command that plays the setups not yet played


def summarize(plan: MatchPlan, games: Sequence[GameResult], sprt: SprtState | None,
              command: str, go_on: str | None = None) -> Summary:
    """The figures of the games of ``plan`` played (and the test's state); ``go_on``: the
    match was interrupted, and this command plays the rest."""
    seats = [(g, s) for g in games for s in g.seats]
    labels = [b.label for b in plan.bots]
    overall = tuple(_figures(labels[i], [s for _, s in seats if s.bot == i], plan.players)
                    for i in range(len(labels)))
    by_position = tuple(
        _figures(labels[i], [s for _, s in seats if s.bot == i and s.position == pos], plan.players, pos)
        for pos in range(1, plan.players + 1) for i in range(len(labels)))
    diagnostics = tuple(_diagnostics(labels[i], [s for _, s in seats if s.bot == i])
                        for i in range(len(labels)))
    return Summary(command=command, seed=plan.seed, players=plan.players, setups=len(games) // plan.players,
                   games=len(games), bots=plan.bots, overall=overall, by_position=by_position,
                   diagnostics=diagnostics, sprt=_sprt(sprt) if sprt else None,
                   planned_setups=plan.setups if go_on else None, go_on=go_on)


def _figures(label: str, seats: Sequence[SeatResult], players: int, position: int | None = None) -> Figures:
    n = len(seats)
    wins = sum(s.place == 1 for s in seats)
    low, high = stats.wilson(wins, n)
    margin, m_low, m_high = stats.mean_interval([float(s.margin) for s in seats])
    return Figures(bot=label, games=n, wins=wins, win_rate=wins / n if n else 0.0, win_low=low,
                   win_high=high, mean_vp=sum(s.vp for s in seats) / n if n else 0.0,
                   mean_margin=margin, margin_low=m_low, margin_high=m_high, players=players,
                   position=position)


def _diagnostics(label: str, seats: Sequence[SeatResult]) -> Diagnostics:
    n = max(1, len(seats))
    taken, spent = sum(s.extra_taken for s in seats), sum(s.extra_spent for s in seats)
    cpu = [c for s in seats for c in s.cpu]
    return Diagnostics(
        bot=label, games=len(seats), unmet_demands_per_game=sum(s.unmet for s in seats) / n,
        extra_tiles_taken_per_game=taken / n, extra_tiles_spent_per_game=spent / n,
        extra_spent_share=spent / taken if taken else None, decisions=len(cpu),
        cpu_median_s=stats.quantile(cpu, 0.5), cpu_p99_s=stats.quantile(cpu, 0.99),
        cpu_max_s=max(cpu, default=0.0))


def _sprt(state: SprtState) -> SprtFigures:
    low, high = stats.bounds(state.sprt.alpha, state.sprt.beta)
    score = sum(state.scores) / len(state.scores) if state.scores else 0.5
    return SprtFigures(elo0=state.sprt.elo0, elo1=state.sprt.elo1, alpha=state.sprt.alpha,
                       beta=state.sprt.beta, llr=state.llr, lower=low, upper=high,
                       decision=state.decision, groups=len(state.scores), score=score,
                       elo=stats.elo_of_score(score))


# --- Text ------------------------------------------------------------------------------

def render(summary: Summary) -> str:
    """The summary for people: one table per view, then the test."""
    bots = ", ".join(b.label for b in summary.bots)
    lines = [f"Arena: {bots}; {summary.games} {summary.players}-player games "
             f"({summary.setups} setups, seats rotated), seed {summary.seed!r}.", ""]
    lines += _table("bot", summary.overall, lambda f: f.bot)
    lines += ["", "By seat (1 = the start player):"]
    lines += _table("seat", summary.by_position, lambda f: f"{f.position} {f.bot}")
    lines += ["", "What the bots did (per game), and CPU per decision:"]
    lines.append(f"  {'bot':<16} {'unmet':>6} {'extra taken':>12} {'spent':>6} {'share':>6}"
                 f" {'decisions':>10} {'median':>8} {'p99':>8} {'max':>8}")
    for d in summary.diagnostics:
        share = f"{d.extra_spent_share:.0%}" if d.extra_spent_share is not None else "-"
        lines.append(f"  {d.bot:<16} {d.unmet_demands_per_game:>6.2f} {d.extra_tiles_taken_per_game:>12.2f}"
                     f" {d.extra_tiles_spent_per_game:>6.2f} {share:>6} {d.decisions:>10}"
                     f" {d.cpu_median_s:>7.3f}s {d.cpu_p99_s:>7.3f}s {d.cpu_max_s:>7.3f}s")
    if summary.sprt:
        s = summary.sprt
        verdict = {"H1": f"H1 accepted: {summary.bots[0].label} is stronger by at least {s.elo1:g} Elo",
                   "H0": f"H0 accepted: {summary.bots[0].label} is not stronger by {s.elo1:g} Elo "
                         f"(at most {s.elo0:g})"}.get(s.decision or "", "no decision yet")
        lines += ["", f"SPRT elo0={s.elo0:g} elo1={s.elo1:g} alpha={s.alpha:g} beta={s.beta:g}: "
                      f"LLR {s.llr:.2f} in ({s.lower:.2f}, {s.upper:.2f}) after {s.groups} setups; "
                      f"score {s.score:.3f} ({s.elo:+.0f} Elo); {verdict}."]
    if summary.go_on:
        lines += ["", f"Interrupted after {summary.setups} of {summary.planned_setups} setups: the figures "
                      "are those of the setups complete (a setup counts only with every rotation played).",
                  f"Go on: {summary.go_on}"]
    lines += ["", f"Reproduce: {summary.command}"]
    return "\n".join(lines) + "\n"


def _table(head: str, rows: Sequence[Figures], name: Callable[[Figures], str]) -> list[str]:
    out = [f"  {head:<16} {'games':>6} {'wins':>5} {'rate':>6} {'95% Wilson':>15} {'mean VP':>8}"
           f" {'margin':>7} {'95% interval':>16}"]
    for f in rows:
        out.append(f"  {name(f):<16} {f.games:>6} {f.wins:>5} {f.win_rate:>6.1%} "
                   f"{f.win_low:>6.1%} – {f.win_high:<6.1%} {f.mean_vp:>8.1f} {f.mean_margin:>+7.1f}"
                   f" {f.margin_low:>+7.1f} – {f.margin_high:<+7.1f}")
    return out
