"""``trajan arena``: its statistics against hand-worked cases, its seating, its command.

The expected numbers are worked out here from the formulas (Wilson's interval; the
log-likelihood ratio of a two-valued score, whose only distribution with a given mean is
that mean; a three-valued score, where the constrained maximum likelihood is a quadratic),
never by calling the arena's own code.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import Answer, View
from adjudicator.arena import stats
from adjudicator.arena.match import MatchPlan, Sprt, SprtState, group_score, tables, tasks
from adjudicator.commands.main import app

Z = 1.959963984540054
EPS = 1e-3  # the count fishtest (and the arena) gives a group score never seen


def test_wilson_interval_worked_by_hand() -> None:
    # 8 of 10: p = 0.8, z^2/n = 0.38415; centre (0.8 + 0.19207) / 1.38415 = 0.71675,
    # half 1.96 * sqrt(0.016 + 0.0096037) / 1.38415 = 0.22658.
    low, high = stats.wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    # 0 of 5: the interval is [0, z^2 / (n + z^2)] = [0, 3.84146 / 8.84146].
    low, high = stats.wilson(0, 5)
    assert low == 0.0 and high == pytest.approx(Z * Z / (5 + Z * Z), abs=1e-12)
    # 140 of 200 (the search bot's old test): 63.3 % to 75.9 %.
    low, high = stats.wilson(140, 200)
    assert (round(low, 3), round(high, 3)) == (0.633, 0.759)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_logistic_elo() -> None:
    assert stats.score_of_elo(0) == 0.5
    assert stats.score_of_elo(400) == pytest.approx(10 / 11)  # 1 / (1 + 10^-1)
    assert stats.elo_of_score(10 / 11) == pytest.approx(400)


S0, S1 = 0.5, 1 / (1 + 10 ** (-100 / 400))  # elo0 = 0, elo1 = 100: s1 = 0.6400650
WIN_STEP = math.log(S1 / S0)  # +0.2469616 per win
LOSS_STEP = math.log((1 - S1) / (1 - S0))  # -0.3286846 per loss
UPPER = math.log(0.95 / 0.05)  # alpha = beta = 0.05: +-2.944439


def test_llr_of_wins_and_losses_worked_by_hand() -> None:
    # A group score of 0 or 1 only: the one distribution with mean s puts s on 1, so the
    # ratio is W ln(s1/s0) + L ln((1-s1)/(1-s0)).
    value = stats.llr({0.0: 10, 1.0: 30}, S0, S1)
    assert value == pytest.approx(30 * WIN_STEP + 10 * LOSS_STEP, abs=1e-9)  # 7.408849 - 3.286846
    assert value == pytest.approx(4.122003, abs=1e-6)


def test_sprt_stops_at_the_worked_game() -> None:
    # Straight wins, one game a group: after k wins the ratio is k * 0.2469616 plus the
    # never-seen loss's EPS * -0.3286846; 11 wins give 2.7162 < 2.9444, 12 give 2.9632.
    state = SprtState(Sprt(elo0=0, elo1=100), steps=1)
    decisions = [state.add(1.0) for _ in range(12)]
    assert decisions[:11] == [None] * 11 and decisions[11] == "H1"
    assert state.llr == pytest.approx(12 * WIN_STEP + EPS * LOSS_STEP, abs=1e-9)
    # Straight losses: each -0.3286846; 8 losses give -2.6295, 9 give -2.9582 < -2.9444.
    state = SprtState(Sprt(elo0=0, elo1=100), steps=1)
    decisions = [state.add(0.0) for _ in range(9)]
    assert decisions[:8] == [None] * 8 and decisions[8] == "H0"
    assert stats.bounds(0.05, 0.05) == pytest.approx((-UPPER, UPPER))


def _three_point_mle(counts: tuple[float, float, float], s: float) -> list[float]:
    """The most likely distribution on {0, 1/2, 1} with mean s, from the secular equation
    sum p a / (1 + x a) = 0 (a = v - s) multiplied out: A x^2 + B x + C = 0."""
    n = sum(counts)
    p = [c / n for c in counts]
    a = [0 - s, 0.5 - s, 1 - s]
    qa = a[0] * a[1] * a[2]
    qb = p[0] * a[0] * (a[1] + a[2]) + p[1] * a[1] * (a[0] + a[2]) + p[2] * a[2] * (a[0] + a[1])
    qc = p[0] * a[0] + p[1] * a[1] + p[2] * a[2]
    if qa == 0:  # s = 1/2: the middle value drops out and the equation is linear
        roots = [-qc / qb]
    else:
        roots = [(-qb + sign * math.sqrt(qb * qb - 4 * qa * qc)) / (2 * qa) for sign in (1, -1)]
    x = next(r for r in roots if -1 / a[2] < r < -1 / a[0])  # every 1 + x a positive
    return [pi / (1 + x * ai) for pi, ai in zip(p, a, strict=True)]


def test_llr_of_paired_games_worked_by_hand() -> None:
    # Pairs of games with the seats swapped: 8 lost both, 30 split, 12 won both.
    counts = (8.0, 30.0, 12.0)
    p0 = _three_point_mle(counts, S0)
    # With s0 = 1/2 the middle value has a = 0: the split share stays, the rest halves.
    assert p0 == pytest.approx([0.2, 0.6, 0.2])
    p1 = _three_point_mle(counts, S1)
    assert sum(p1) == pytest.approx(1) and p1[1] * 0.5 + p1[2] == pytest.approx(S1)
    expected = sum(c * (math.log(b) - math.log(a)) for c, a, b in zip(counts, p0, p1, strict=True))
    assert stats.llr({0.0: 8, 0.5: 30, 1.0: 12}, S0, S1) == pytest.approx(expected, abs=1e-9)
    assert stats.grid_counts([0.0] * 8 + [0.5] * 30 + [1.0] * 12, 2) == {0.0: 8, 0.5: 30, 1.0: 12}
    assert stats.grid_counts([1.0], 2) == {0.0: EPS, 0.5: EPS, 1.0: 1}


def test_quantile_and_mean_interval() -> None:
    assert stats.quantile([3, 1, 2, 10], 0.5) == 2  # nearest rank: the 2nd of 4
    assert stats.quantile(list(range(1, 101)), 0.99) == 99
    mean, low, high = stats.mean_interval([1.0, 3.0])  # sd sqrt(2), se 1
    assert (mean, low, high) == pytest.approx((2.0, 2 - Z, 2 + Z))


def test_every_bot_has_every_seat() -> None:
    assert tables(2, 2) == [(0, 1), (1, 0)]
    assert tables(2, 4) == [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0)]
    assert sorted(t.index(0) for t in tables(3, 3)) == [0, 1, 2]
    from adjudicator.arena.games import BotSpec

    plan = MatchPlan(bots=(BotSpec("a", "greedy"), BotSpec("b", "random")), players=2, setups=3, seed="s", first_setup=5)
    seeds = [(t.seed, t.rotation) for t in tasks(plan)]
    assert seeds[:2] == [("s-2p-5", 0), ("s-2p-5", 1)] and len(seeds) == 6


def test_group_score_is_the_share_of_opponents_beaten() -> None:
    from adjudicator.arena.games import GameResult, GameTask, SeatResult

    def game(places: tuple[int, ...]) -> GameResult:
        task = GameTask(seed="s", setup=0, rotation=0, table=(0, 1, 1, 1))
        return GameResult(task=task, game_id="g", decisions=1, seats=tuple(
            SeatResult(bot=task.table[i], colour="red", position=1, vp=0, place=place, margin=0, unmet=0,
                       extra_taken=0, extra_spent=0, turns=0, cpu=()) for i, place in enumerate(places)))

    # The first bot second of four (it beat 2 of 3), then first (3 of 3): 5 of 6.
    assert group_score([game((2, 1, 3, 4)), game((1, 2, 3, 4))]) == pytest.approx(5 / 6)


def _arena(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["arena", *args])
    return result.exit_code, result.output


def test_arena_command(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    code, text = _arena("greedy", "random", "--games", "4", "--seed", "t", "-o", str(out))
    assert code == 0, text
    assert "greedy" in text and "Reproduce: trajan arena greedy random --players 2 --games 4 --seed t" in text
    document = json.loads(out.read_text())
    (summary,) = document["summaries"]
    assert summary["games"] == 4 and summary["setups"] == 2
    games = document["games"]
    # Each setup twice, the seats swapped: the greedy bot (bot 0) once red and once green.
    by_setup: dict[int, list[str]] = {}
    for g in games:
        by_setup.setdefault(g["task"]["setup"], []).append(next(s["colour"] for s in g["seats"] if s["bot"] == 0))
    assert {k: sorted(v) for k, v in by_setup.items()} == {0: ["green", "red"], 1: ["green", "red"]}
    wins = sum(s["place"] == 1 for g in games for s in g["seats"] if s["bot"] == 0)
    greedy = summary["overall"][0]
    assert greedy["bot"] == "greedy" and greedy["wins"] == wins and greedy["games"] == 4
    assert (greedy["win_low"], greedy["win_high"]) == pytest.approx(stats.wilson(wins, 4))
    margins = [s["margin"] for g in games for s in g["seats"] if s["bot"] == 0]
    assert greedy["mean_margin"] == pytest.approx(sum(margins) / 4)
    # The same command gives the same games (but for the CPU clock).
    code, again = _arena("greedy", "random", "--games", "4", "--seed", "t", "--json", "--jobs", "2")
    assert code == 0
    assert json.loads(again)[0]["overall"] == summary["overall"]


def test_arena_sprt_stops_early() -> None:
    code, text = _arena("greedy", "random", "--games", "200", "--seed", "t", "--sprt", "-400,-300", "--json")
    assert code == 0, text
    (summary,) = json.loads(text)
    # Greedy beats random every game: each pair of wins pushes the ratio far above the
    # bounds of a test between -400 and -300 Elo, so it stops long before 200 games.
    assert summary["sprt"]["decision"] == "H1" and summary["games"] < 40
    assert summary["games"] == 2 * summary["sprt"]["groups"]


def test_arena_refuses_bad_words() -> None:
    code, text = _arena("greedy", "nobody", "search:x", "--json")
    assert code == 2
    codes = [p["code"] for p in json.loads(text)]
    assert codes == ["args.unknown_bot", "args.usage"]
    assert _arena("greedy", "random", "--players", "5")[0] == 2
    assert _arena("greedy", "random", "--sprt", "50,0")[0] == 2
    code, text = _arena("greedy", "random", "--sprt", "0,50", "--alpha", "0.5", "--beta", "x", "--json")
    assert code == 2 and [(p["code"], p["path"]) for p in json.loads(text)] == [
        ("args.usage", "--alpha"), ("args.usage", "--beta")]
    assert _arena("greedy", "random", "greedy", "--players", "4")[0] == 2


class FirstStep:
    """A bot author's bot (the public API): each step the first legal one, handed views only."""

    name = "first-step"
    handed: list[type] = []

    def answer(self, view: View) -> Answer:
        FirstStep.handed.append(type(view))
        if view.pending.kind not in ("turn", "turn_continue"):
            return next(view.legal_answers())
        plan = view.turn()
        while not plan.may_end and (steps := plan.legal_steps()):
            plan.play(steps[0])
        return plan.answer()


def test_arena_plays_a_bot_authors_class_handed_views() -> None:
    FirstStep.handed.clear()
    code, text = _arena("tests.test_arena:FirstStep", "greedy", "--games", "2", "--seed", "t", "--json")
    assert code == 0, text
    (summary,) = json.loads(text)
    assert summary["overall"][0]["bot"] == "tests.test_arena:FirstStep" and summary["games"] == 2
    assert FirstStep.handed and set(FirstStep.handed) == {View}
    code, text = _arena("tests.test_arena:Nothing", "greedy", "--json")
    assert code == 2 and [p["code"] for p in json.loads(text)] == ["args.unknown_bot"]


def test_an_interrupted_match_keeps_its_complete_setups() -> None:
    from adjudicator.arena.games import BotSpec
    from adjudicator.arena.match import Interrupted, run

    def tick(done: int, total: int, sprt: SprtState | None) -> None:
        if done == 5:  # setups 0 and 1 complete, setup 2 half played
            raise KeyboardInterrupt

    plan = MatchPlan(bots=(BotSpec("random", "random"), BotSpec("random#2", "random")), players=2, setups=10, seed="t",
                     first_setup=3)
    with pytest.raises(Interrupted) as stopped:
        run(plan, jobs=1, tick=tick)
    assert [(g.task.setup, g.task.rotation) for g in stopped.value.games] == [(3, 0), (3, 1), (4, 0), (4, 1)]
    assert stopped.value.next_setup == 5


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_arena_stopped_reports_what_is_complete_and_how_to_go_on(tmp_path: Path, how: str) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "arena.json"
    cli = [sys.executable, "-c", "from adjudicator.commands.main import main; main()"]
    proc = subprocess.Popen([*cli, "arena", "random", "random", "--games", "100000", "--seed", "t",
                             "--first-setup", "7", "--jobs", "2", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(4)
    if how == "ctrl-c":  # a terminal sends SIGINT to the whole process group, workers too
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Error" not in stderr, stderr
    (summary,) = json.loads(out.read_text())["summaries"]
    setups = summary["setups"]
    assert 0 < setups < 50_000 and summary["games"] == 2 * setups and summary["planned_setups"] == 50_000
    setups_played = sorted({g["task"]["setup"] for g in json.loads(out.read_text())["games"]})
    assert setups_played == list(range(7, 7 + setups))  # whole setups, in order, none missing
    rest = 50_000 - setups
    go_on = f"trajan arena random random --players 2 --games {2 * rest} --seed t --first-setup {7 + setups}"
    assert summary["go_on"] == go_on
    assert f"Interrupted after {setups} of 50000 setups" in stdout and f"Go on: {go_on}" in stdout


def _without_cpu(summary: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in summary.items() if k != "diagnostics"}


def test_arena_merge_pools_split_runs_as_one_run(tmp_path: Path) -> None:
    a, b, c, whole, merged = (tmp_path / f"{n}.json" for n in ("a", "b", "c", "whole", "merged"))
    assert _arena("greedy", "random", "--games", "4", "--seed", "t", "-o", str(a))[0] == 0
    assert _arena("greedy", "random", "--games", "6", "--seed", "t", "--first-setup", "1", "-o", str(b))[0] == 0
    assert _arena("greedy", "random", "--games", "8", "--seed", "t", "-o", str(whole))[0] == 0
    # Setups 0-1 and 1-3: setup 1 is in both files and counts once.
    result = CliRunner().invoke(app, ["arena-merge", str(a), str(b), "-o", str(merged)])
    assert result.exit_code == 0, result.output
    assert "Reproduce: trajan arena greedy random --players 2 --games 8 --seed t\n" in result.output
    (got,), (want,) = json.loads(merged.read_text())["summaries"], json.loads(whole.read_text())["summaries"]
    assert _without_cpu(got) == _without_cpu(want)
    for field in ("unmet_demands_per_game", "extra_tiles_taken_per_game", "decisions"):
        assert [d[field] for d in got["diagnostics"]] == [d[field] for d in want["diagnostics"]]

    def games(path: Path) -> list[tuple[int, int, str, list[int]]]:
        return [(g["task"]["setup"], g["task"]["rotation"], g["game_id"], [s["vp"] for s in g["seats"]])
                for g in json.loads(path.read_text())["games"]]

    assert games(merged) == sorted(games(whole))
    # Setups that do not follow on: the figures of both, and each run's command.
    assert _arena("greedy", "random", "--games", "2", "--seed", "t", "--first-setup", "9", "-o", str(c))[0] == 0
    result = CliRunner().invoke(app, ["arena-merge", str(a), str(c), "--json"])
    (gapped,) = json.loads(result.output)
    assert gapped["setups"] == 3 and gapped["command"] == (
        "trajan arena greedy random --players 2 --games 4 --seed t ; "
        "trajan arena greedy random --players 2 --games 2 --seed t --first-setup 9")


def test_arena_merge_refuses_runs_of_different_matches(tmp_path: Path) -> None:
    a, b, text = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "a.txt"
    assert _arena("greedy", "random", "--games", "4", "--seed", "t", "-o", str(a))[0] == 0
    document = json.loads(a.read_text())
    document["games"][3]["seats"][0]["vp"] += 1  # a game played differently (another bot version)
    del document["games"][0]  # and setup 0 no longer whole
    b.write_text(json.dumps(document))
    text.write_text("Arena: greedy, random\n")
    result = CliRunner().invoke(app, ["arena-merge", str(a), str(b), str(text), str(tmp_path / "none.json"),
                                      "--json"])
    assert result.exit_code == 2
    problems = [(p["code"], p["file"].rsplit("/", 1)[-1], p["path"]) for p in json.loads(result.output)]
    assert problems == [("input.not_json", "a.txt", "$"), ("input.missing", "none.json", "$")]
    result = CliRunner().invoke(app, ["arena-merge", str(b), "--json"])
    assert [(p["code"], p["path"]) for p in json.loads(result.output)] == [
        ("arena.incomplete_setup", "$.games")]
    result = CliRunner().invoke(app, ["arena-merge", str(a), str(b), "--json"])
    assert [(p["code"], p["path"]) for p in json.loads(result.output)] == [("arena.conflict", "$.games[2]")]
    b.write_text(json.dumps({"summaries": [], "games": [{"task": 3}]}))
    result = CliRunner().invoke(app, ["arena-merge", str(b), "--json"])
    assert [(p["code"], p["path"]) for p in json.loads(result.output)] == [("arena.not_results", "$.games[0].task")]


def test_progress_off_a_terminal_is_a_line_a_setup(capsys: pytest.CaptureFixture[str]) -> None:
    from adjudicator.arena.progress import Bar

    bar = Bar("lines", 2)
    for done in range(1, 6):
        bar.tick(done, 5, None)
    bar.close()
    assert capsys.readouterr().err == "2/5 games (2p)\n4/5 games (2p)\n5/5 games (2p)\n"
    quiet = Bar(None, 2)
    quiet.tick(2, 5, None)
    quiet.close()
    assert capsys.readouterr().err == ""


def test_arena_in_the_background_logs_its_progress() -> None:
    import subprocess
    import sys

    cli = [sys.executable, "-c", "from adjudicator.commands.main import main; main()"]
    proc = subprocess.run([*cli, "arena", "greedy", "random", "--games", "4", "--seed", "t"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "2/4 games (2p)\n4/4 games (2p)\n"
    quiet = subprocess.run([*cli, "arena", "greedy", "random", "--games", "2", "--seed", "t", "--json"],
                           capture_output=True, text=True, timeout=120)
    assert quiet.returncode == 0 and quiet.stderr == ""
