"""A match: setups played with the seats rotated, in parallel processes, until done or
until the sequential test decides.

Setup ``k`` of a match for ``P`` players is the test game ``{seed}-{P}p-{k}``; it is
played ``P`` times with the seats rotated, so each bot has every seat (for two players:
each setup with the seats swapped).  With as many bots as seats, rotation ``r`` puts bot
``i`` in seat ``i + r``; with two bots at a larger table the first sits alone in seat
``r`` against copies of the second.  A setup's games form one group for the SPRT (the
pentanomial of fishtest's paired games): its score is the first bot's share of the
opponents it finished ahead of, over the group's games.  Groups are taken in setup
order, so the decision and every figure depend on the seed, never on which process
finished first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence
from contextlib import closing

import msgspec

from adjudicator.arena import stats
from adjudicator.arena.games import BotSpec, GameResult, GameTask, play


class Sprt(msgspec.Struct, frozen=True):
    """The sequential test asked for: H0 the first bot is ``elo0`` stronger, H1 ``elo1``;
    ``alpha`` and ``beta`` its error rates."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05


class MatchPlan(msgspec.Struct, frozen=True):
    """A match: its bots, the player count, how many setups (from ``first_setup``) of
    which seed, and the sequential test if one is asked for."""

    bots: tuple[BotSpec, ...]
    players: int
    setups: int
    seed: str
    first_setup: int = 0
    sprt: Sprt | None = None


class SprtState(msgspec.Struct):
    """The test so far: the group scores taken, the ratio, the decision once made."""

    sprt: Sprt
    steps: int  # a group's score is a multiple of 1 / steps
    scores: list[float] = msgspec.field(default_factory=list)
    llr: float = 0.0
    decision: stats.Decision = None

    def add(self, score: float) -> stats.Decision:
        """Take one group's score; the decision once the ratio leaves Wald's bounds."""
        self.scores.append(score)
        s0, s1 = stats.score_of_elo(self.sprt.elo0), stats.score_of_elo(self.sprt.elo1)
        self.llr = stats.llr(stats.grid_counts(self.scores, self.steps), s0, s1)
        self.decision = stats.sprt_decision(self.llr, self.sprt.alpha, self.sprt.beta)
        return self.decision


def tables(bots: int, players: int) -> list[tuple[int, ...]]:
    """The seating of each rotation: ``table[seat]`` is a bot index."""
    if bots == players:
        return [tuple((seat - r) % players for seat in range(players)) for r in range(players)]
    if bots == 2:
        return [tuple(0 if seat == r else 1 for seat in range(players)) for r in range(players)]
    raise ValueError(f"{bots} bots cannot share {players} seats: give 2 bots, or one per seat")


def tasks(plan: MatchPlan) -> list[GameTask]:
    """Every game of the match, setup by setup, each setup in every rotation."""
    seating = tables(len(plan.bots), plan.players)
    return [GameTask(seed=f"{plan.seed}-{plan.players}p-{k}", setup=k, rotation=r, table=t)
            for k in range(plan.first_setup, plan.first_setup + plan.setups)
            for r, t in enumerate(seating)]


def group_score(games: Sequence[GameResult]) -> float:
    """The first bot's share of opponents it finished ahead of, over a setup's games."""
    beaten = total = 0
    for g in games:
        players = len(g.seats)
        for s in g.seats:
            if s.bot == 0:
                beaten += players - s.place
                total += players - 1
    return beaten / total if total else 0.5


class Failed(Exception):
    """A game could not be played (a bot gave an order the engine refused)."""


class Interrupted(Exception):
    """The match was stopped (Ctrl-C or SIGTERM) before it ended: the games of the setups
    complete by then, the test's state, and the first setup not taken."""

    def __init__(self, games: list[GameResult], sprt: SprtState | None, next_setup: int) -> None:
        super().__init__(f"interrupted before setup {next_setup}")
        self.games, self.sprt, self.next_setup = games, sprt, next_setup


Tick = Callable[[int, int, "SprtState | None"], None]


def run(plan: MatchPlan, jobs: int = 1,
        tick: Tick | None = None) -> tuple[list[GameResult], SprtState | None]:
    """Play the match; the games of the groups taken (in setup order) and the SPRT's state."""
    todo = tasks(plan)
    per_group = plan.players
    sprt = SprtState(plan.sprt, per_group * (plan.players - 1)) if plan.sprt else None
    done: dict[tuple[int, int], GameResult] = {}
    taken: list[GameResult] = []
    nxt = plan.first_setup
    try:
        with closing(_results(todo, plan.bots, jobs)) as results:
            for result in results:
                done[(result.task.setup, result.task.rotation)] = result
                while not _decided(sprt) and _complete(done, nxt, plan):
                    group = [done.pop((nxt, r)) for r in range(per_group)]
                    taken += group
                    nxt += 1
                    if sprt is not None:
                        sprt.add(group_score(group))
                if tick:
                    tick(len(taken) + len(done), len(todo), sprt)
                if _decided(sprt):
                    break
    except KeyboardInterrupt:  # the games of incomplete setups are dropped: a setup is one group
        raise Interrupted(taken, sprt, nxt) from None
    return taken, sprt


def _decided(sprt: SprtState | None) -> bool:
    return sprt is not None and sprt.decision is not None


def _complete(done: dict[tuple[int, int], GameResult], setup: int, plan: MatchPlan) -> bool:
    return setup < plan.first_setup + plan.setups and all((setup, r) in done for r in range(plan.players))


def _play(args: tuple[GameTask, tuple[BotSpec, ...]]) -> GameResult | str:
    try:
        return play(*args)
    except Exception as e:  # reported by the parent with the game it came from
        return f"{args[0].seed} (rotation {args[0].rotation}): {type(e).__name__}: {e}"


def _results(todo: Sequence[GameTask], bots: tuple[BotSpec, ...],
             jobs: int) -> Generator[GameResult, None, None]:
    work = [(t, bots) for t in todo]
    if jobs <= 1 or len(work) <= 1:
        for w in work:
            yield _checked(_play(w))
        return
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(min(jobs, len(work)), initializer=_worker_signals)
    try:
        for out in pool.imap_unordered(_play, work, chunksize=1):
            yield _checked(out)
    finally:
        pool.terminate()  # a decided test or a failure leaves no game running
        pool.join()


def _worker_signals() -> None:
    """A worker leaves Ctrl-C to the parent (which stops the match and reports what is
    complete) and dies quietly when the pool is terminated."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _checked(out: GameResult | str) -> GameResult:
    if isinstance(out, str):
        raise Failed(out)
    return out


def setups_for(games: int, players: int) -> int:
    """Whole setups covering at least ``games`` games."""
    return max(1, math.ceil(games / players))
