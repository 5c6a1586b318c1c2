"""Ratings (issue 30): OpenSkill's Plackett-Luce update, checked against numbers worked by
hand and against the paper's formulas written out here (Weng and Lin 2011, algorithm 4;
single-player teams, no ties); play order, not listing order; stand-in seats and a
name's several seats left out; bots entered as players rated under their names."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from adjudicator.league.ratings import rate
from adjudicator.model.state import Seeding
from adjudicator.records.form import Header, Result

MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25 / 3, 25 / 6, 25 / 300, 0.0001


def plackett_luce(players: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """One game of the paper's Plackett-Luce update; ``players`` (mu, sigma) best first."""
    sigma2 = [s * s + TAU * TAU for _, s in players]  # the drift added before the game
    c = math.sqrt(sum(s2 + BETA * BETA for s2 in sigma2))
    e = [math.exp(mu / c) for mu, _ in players]
    big_c = [sum(e[q:]) for q in range(len(players))]  # players ranked at or below q
    out = []
    for i, (mu, _) in enumerate(players):
        omega = sum((1.0 if q == i else 0.0) - e[i] / big_c[q] for q in range(i + 1))
        delta = sum((e[i] / big_c[q]) * (1 - e[i] / big_c[q]) for q in range(i + 1))
        gamma = math.sqrt(sigma2[i]) / c
        new_mu = mu + sigma2[i] / c * omega
        new_sigma2 = sigma2[i] * max(1 - gamma * sigma2[i] / c ** 2 * delta, KAPPA)
        out.append((new_mu, math.sqrt(new_sigma2)))
    return out


def header(final: str, ranking: list[str], date: str | None = None, people: dict[str, str] | None = None,
           stand_ins: dict[str, int] | None = None, fmt: int = 2) -> Header:
    """A finished game's header: ``ranking`` names best first, seated red, green, ..."""
    colours = ("red", "green", "blue", "brown")[: len(ranking)]
    names = dict(zip(colours, ranking, strict=True))
    two: dict[str, Any] = {} if fmt == 1 else {
        "people": {c: n for c, n in names.items() if people is None or n in people},
        "answers": dict.fromkeys(colours, 10), "stand_ins": {c: (stand_ins or {}).get(n, 0)
                                                            for c, n in names.items()},
        "date": date, "seal": "0" * 64}
    return Header(format=fmt, rules="r", game_format=2, game_id="g", seats=colours,  # type: ignore[arg-type]
                  players=names, start_player="red", seeding=Seeding(method="test"), commitment="c",  # type: ignore[arg-type]
                  seed="s", start="0" * 64, decisions=0, final=final * 64,
                  result=Result(ranking=colours, vp=dict.fromkeys(colours, 0)), **two)  # type: ignore[arg-type]


def test_one_three_player_game_worked_by_hand() -> None:
    # All start at mu 25, sigma^2 = (25/3)^2 + (25/300)^2 = 69.4514; c^2 = 3 (69.4514 + 17.3611)
    # = 260.4375, c = 16.1381; equal mus, so p = 1/3 against all, 1/2 against the last two.
    # Winner: mu + 69.4514/16.1381 (1 - 1/3) = 25 + 4.3036 * 2/3 = 27.8690;
    # second: 25 + 4.3036 (-1/3 + 1/2) = 25.7173; third: 25 + 4.3036 (-1/3 - 1/2) = 21.4137.
    # Winner's sigma^2: 69.4514 (1 - (8.3337/16.1381) (69.4514/260.4375) (1/3)(2/3)) = 67.3258.
    r = rate([("a", header("a", ["Ann", "Bob", "Cid"]))])
    got = {p.name: (p.mu, p.sigma) for p in r.players.values()}
    assert got["Ann"][0] == pytest.approx(27.8690, abs=1e-4)
    assert got["Bob"][0] == pytest.approx(25.7173, abs=1e-4)
    assert got["Cid"][0] == pytest.approx(21.4137, abs=1e-4)
    assert got["Ann"][1] == pytest.approx(math.sqrt(67.3258), abs=1e-4)
    assert r.players["Ann"].ordinal == pytest.approx(27.8690 - 3 * math.sqrt(67.3258), abs=1e-3)


def test_a_series_of_games_matches_the_papers_formulas() -> None:
    games = [["Ann", "Bob", "Cid", "Dee"], ["Cid", "Ann", "Dee"], ["Dee", "Bob"], ["Bob", "Dee", "Ann", "Cid"],
             ["Ann", "Cid"]]
    want = {n: (MU, SIGMA) for n in ("Ann", "Bob", "Cid", "Dee")}
    for ranking in games:
        for name, after in zip(ranking, plackett_luce([want[n] for n in ranking]), strict=True):
            want[name] = after
    named = [(f"g{k}", header(chr(97 + k), ranking, date=f"2025-01-0{k + 1}")) for k, ranking in enumerate(games)]
    r = rate(named)
    for name, (mu, sigma) in want.items():
        assert r.players[name].mu == pytest.approx(mu, abs=1e-9)
        assert r.players[name].sigma == pytest.approx(sigma, abs=1e-9)
        assert r.players[name].games == sum(name in g for g in games)
    assert [p.name for p in r.table()] == sorted(want, key=lambda n: -(want[n][0] - 3 * want[n][1]))
    # The last event is 2025-01-05 (Ann beat Cid): only they changed in it.
    assert r.players["Bob"].change == 0 and r.players["Dee"].change == 0
    assert r.players["Ann"].change > 0 > r.players["Cid"].change


def test_play_order_not_listing_order() -> None:
    games = [["Ann", "Bob"], ["Bob", "Ann"], ["Bob", "Cid", "Ann"], ["Ann", "Cid"]]
    dates = ["2025-05-01", "2025-02-01", "2025-03-01T10:00:00Z", "2025-03-01"]
    named = [(f"z{k}", header(chr(97 + k), g, date=d)) for k, (g, d) in enumerate(zip(games, dates, strict=True))]
    first = {p.name: (p.mu, p.sigma) for p in rate(named).table()}
    for seed in range(5):
        shuffled = named[:]
        random.Random(seed).shuffle(shuffled)
        assert {p.name: (p.mu, p.sigma) for p in rate(shuffled).table()} == first
    # In date order: game 1 (Feb), game 3 (Mar 1, date only), game 2 (Mar 1 10:00), game 0 (May).
    want = {n: (MU, SIGMA) for n in ("Ann", "Bob", "Cid")}
    for k in (1, 3, 2, 0):
        for name, after in zip(games[k], plackett_luce([want[n] for n in games[k]]), strict=True):
            want[name] = after
    assert _flat(first) == pytest.approx(_flat(want))
    assert _flat(first) != pytest.approx(_flat(_in_listing_order(games)))


def _flat(ratings: dict[str, tuple[float, float]]) -> list[float]:
    return [v for name in sorted(ratings) for v in ratings[name]]


def _in_listing_order(games: list[list[str]]) -> dict[str, tuple[float, float]]:
    want = {n: (MU, SIGMA) for n in ("Ann", "Bob", "Cid")}
    for g in games:
        for name, after in zip(g, plackett_luce([want[n] for n in g]), strict=True):
            want[name] = after
    return want


def test_stand_in_seats_and_several_seats_are_left_out() -> None:
    # Game 1: Ann, Bob, Cid, Dee; Bob's seat mostly a stand-in's (6 of 10 order files):
    # left out, the others rated as Ann, Cid, Dee.  5 of 10 is not "mostly": rated.
    g1 = header("a", ["Ann", "Bob", "Cid", "Dee"], date="2025-01-01", stand_ins={"Bob": 6, "Cid": 5})
    # Game 2: the greedy bot entered twice (no person) and Ann: the bot's two seats left out,
    # so Ann alone is rated: the game changes nothing.
    g2 = header("b", ["greedy bot", "Ann", "greedy bot"], date="2025-01-02", people={"Ann"})
    # Game 3: a bot entered as a player (no person held the seat) is rated under its name,
    # even though a stand-in gave all its orders.
    g3 = header("c", ["random bot", "Dee"], date="2025-01-03", people={"Dee"}, stand_ins={"random bot": 10})
    r = rate([("1", g1), ("2", g2), ("3", g3)])
    want = dict.fromkeys(("Ann", "Cid", "Dee", "random bot"), (MU, SIGMA))
    for ranking in (["Ann", "Cid", "Dee"], ["random bot", "Dee"]):
        for name, after in zip(ranking, plackett_luce([want[n] for n in ranking]), strict=True):
            want[name] = after
    assert _flat({n: (p.mu, p.sigma) for n, p in r.players.items() if p.games}) == pytest.approx(_flat(want))
    assert r.players["Bob"].games == 0 and r.players["Bob"].left_out == 1
    assert r.players["greedy bot"].left_out == 2 and r.players["Ann"].games == 1
    assert [g.left_out for g in r.games] == [(("Bob", "stand-in"),),
                                             (("greedy bot", "several seats"), ("greedy bot", "several seats")),
                                             ()]
    assert r.games[1].rated == ()


def test_a_format_1_record_rates_every_seat_under_its_name() -> None:
    r = rate([("1", header("a", ["Ann", "Bob"], fmt=1))])
    assert r.players["Ann"].games == r.players["Bob"].games == 1
    assert r.players["Ann"].mu == pytest.approx(plackett_luce([(MU, SIGMA)] * 2)[0][0])
