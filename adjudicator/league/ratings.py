"""Ratings over a tournament's records: OpenSkill's Plackett-Luce model (issue 30).

The model (Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
2011, algorithm 4; the ``openskill`` package's ``PlackettLuce``): each player's skill is
a normal distribution, mean ``mu`` and deviation ``sigma``, starting at ``mu`` 25 and
``sigma`` 25/3.  A game is a ranking of single-player teams (from the record's final
ranking, best first; rank 1, 2, ...).  Before each game every ``sigma`` grows by ``tau``
(25/300: skills drift); ``beta`` 25/6 is the spread of one game's performance around the
skill; ``kappa`` 0.0001 keeps ``sigma`` positive.  With
``c = sqrt(sum_i (sigma_i**2 + beta**2))``, ``C_q = sum over players s ranked at or below q
of exp(mu_s / c)`` and ``p_iq = exp(mu_i / c) / C_q``, player ``i`` moves by
``mu_i += sigma_i**2 / c * sum over q ranked at or above i of ([q == i] - p_iq)`` and
``sigma_i**2 *= max(1 - sigma_i / c * sigma_i**2 / c**2 * sum of p_iq (1 - p_iq), kappa)``.
The table's conservative rating is the ordinal ``mu - 3 sigma`` (0 at the start).

Which seats are rated: a person's seat whose order files were mostly (more than half)
given by a stand-in is left out, and so is every seat of a name that holds several seats
of one game (a bot playing itself); the other players of that game are rated on their
order among themselves, and a game with fewer than two rated seats changes nothing.  A
bot entered as a player (a seat no person held) is rated as a player of its own, under
its name.  A format-1 record does not say who held a seat: each seat is rated under its
name.

Play order: by the records' dates (the date of the last decision; records without one
come first), then by file name, then by final hash, so the order the records are listed
in never matters.  The last event is the last date (day) in play order; a player's
change is how far their ordinal moved in it (0 if they did not play it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import Malformed, problem
from adjudicator.escape import terminal
from adjudicator.records import form
from adjudicator.records.form import Header

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300
KAPPA = 0.0001
Z = 3  # the ordinal is mu - Z * sigma

MODEL = {"model": "Plackett-Luce (openskill)", "mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU,
         "kappa": KAPPA, "ordinal": "mu - 3 sigma"}


@dataclass
class Player:
    """One player's rating after the games so far, and its history (one point a game)."""

    name: str
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    left_out: int = 0  # seats not rated (a stand-in's, or one of several seats of one game)
    change: float = 0.0
    history: list[tuple[int, float]] = field(default_factory=list)  # (game number, ordinal after)
    _before_last: float | None = None

    @property
    def ordinal(self) -> float:
        """The conservative rating: mu minus Z times sigma."""
        return self.mu - Z * self.sigma


@dataclass(frozen=True)
class Game:
    """One record in play order: its path, its date, who was rated, who was left out (and why)."""

    number: int
    path: str
    header: Header
    rated: tuple[str, ...]  # best first
    left_out: tuple[tuple[str, str], ...]  # (name, "stand-in" or "several seats")


@dataclass
class Ratings:
    """Every rated player and every game rated, in play order."""
    players: dict[str, Player] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)

    def table(self) -> list[Player]:
        """Players best first: by ordinal, then by name."""
        return sorted(self.players.values(), key=lambda p: (-p.ordinal, p.name))

    def as_json(self) -> dict[str, Any]:
        """The ratings as the JSON of ``trajan standings --ratings --json``."""
        return {"model": MODEL, "games": len(self.games),
                "rated_games": sum(len(g.rated) >= 2 for g in self.games),
                "players": [{"name": p.name, "mu": round(p.mu, 4), "sigma": round(p.sigma, 4),
                             "ordinal": round(p.ordinal, 4), "games": p.games, "change": round(p.change, 4),
                             "left_out": p.left_out} for p in self.table()]}


def play_order(named: Sequence[tuple[str, Header]]) -> list[tuple[str, Header]]:
    """The records in the order the games were played (see the module's description)."""
    return sorted(named, key=lambda item: (item[1].date or "", item[0], item[1].final))


def event(h: Header) -> str:
    """The event a record belongs to: the day of its last decision (empty where it has no date)."""
    return (h.date or "")[:10]


def rate(named: Sequence[tuple[str, Header]]) -> Ratings:
    """Rate every player over the finished games of ``named`` (each game once), in play order."""
    model = _model()
    games = [(p, h) for p, h in play_order(named) if h.result is not None]
    last = max((event(h) for _, h in games), default="")
    out = Ratings()
    for number, (path, h) in enumerate(games, start=1):
        rated, left = seats_rated(h)
        for name, _ in left:
            out.players.setdefault(name, Player(name)).left_out += 1
        players = [out.players.setdefault(name, Player(name)) for name in rated]
        if event(h) == last:
            for p in players:
                p._before_last = p.ordinal if p._before_last is None else p._before_last
        if len(players) >= 2:
            teams = [[model.rating(mu=p.mu, sigma=p.sigma)] for p in players]
            after = model.rate(teams, ranks=list(range(1, len(players) + 1)))
            for p, [r] in zip(players, after, strict=True):
                p.mu, p.sigma, p.games = r.mu, r.sigma, p.games + 1
                p.history.append((number, p.ordinal))
        out.games.append(Game(number, path, h, tuple(rated) if len(rated) >= 2 else (), tuple(left)))
    for p in out.players.values():
        p.change = p.ordinal - p._before_last if p._before_last is not None else 0.0
    return out


def seats_rated(h: Header) -> tuple[list[str], list[tuple[str, str]]]:
    """The names rated in a finished game, best first, and the seats left out with why."""
    assert h.result is not None
    names = [h.players.get(c, c) for c in h.result.ranking]
    rated, left = [], []
    for colour, name in zip(h.result.ranking, names, strict=True):
        if names.count(name) > 1:
            left.append((name, "several seats"))
        elif form.stood_in(h, colour):
            left.append((name, "stand-in"))
        else:
            rated.append(name)
    return rated, left


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise Malformed([problem("league.no_openskill", "--ratings", "Ratings need the openskill package: "
                                 "pip install 'trajan-adjudicator[league]'.")]) from None
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, kappa=KAPPA, limit_sigma=False,
                        balance=False)


def render(r: Ratings) -> str:
    """The ratings as a text table (names escaped: one line each)."""
    rated = sum(len(g.rated) >= 2 for g in r.games)
    rows = [f"Ratings (OpenSkill Plackett-Luce, mu {MU:g}, sigma {SIGMA:.2f}, beta {BETA:.2f}, "
            f"tau {TAU:.4f}; ordinal mu - 3 sigma), {rated} games rated in play order:",
            f"  {'#':>3} {'player':<24} {'ordinal':>7} {'mu':>6} {'sigma':>6} {'games':>5} {'change':>7} "
            f"{'left out':>8}"]
    for i, p in enumerate(r.table(), start=1):
        rows.append(f"  {i:>3} {terminal(p.name):<24} {p.ordinal:>7.2f} {p.mu:>6.2f} {p.sigma:>6.2f} "
                    f"{p.games:>5} {p.change:>+7.2f} {p.left_out or '':>8}".rstrip())
    if any(p.left_out for p in r.table()):
        rows.append("Left out: seats played mostly by a stand-in, and a name's several seats of one game.")
    return "\n".join(rows)
