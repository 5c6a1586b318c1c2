"""A tournament's standings from its records' headers (``trajan standings``).

Per player (the header's name for each colour): games, wins, points and average
victory points; per seat position (1 is the start player, then in turn order) and
number of players: games, wins and average victory points.  Points: one for each
player finishing below (in a 4-player game 3, 2, 1, 0).  A name that holds several seats
of one game (a bot playing itself) counts each seat as a game.  Unfinished games are
counted apart and score nothing.  Only the headers are read: verify the records first.
"""

from __future__ import annotations

import csv
import io as text_io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from adjudicator.records.form import Header


@dataclass
class Line:
    games: int = 0
    wins: int = 0
    points: int = 0
    vp: int = 0

    @property
    def average_vp(self) -> float:
        return round(self.vp / self.games, 2) if self.games else 0.0

    def add(self, place: int, players: int, vp: int) -> None:
        self.games += 1
        self.wins += place == 1
        self.points += players - place
        self.vp += vp


@dataclass
class Standings:
    games: int = 0
    unfinished: int = 0
    players: dict[str, Line] = field(default_factory=dict)
    seats: dict[tuple[int, int], Line] = field(default_factory=dict)  # (players, seat position)

    def table(self) -> list[tuple[str, Line]]:
        """Players best first: points, then wins, then average VP, then name."""
        return sorted(self.players.items(), key=lambda kv: (-kv[1].points, -kv[1].wins,
                                                            -kv[1].average_vp, kv[0]))

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "unfinished": self.unfinished,
                "players": [{"name": n, "games": s.games, "wins": s.wins, "points": s.points,
                             "average_vp": s.average_vp} for n, s in self.table()],
                "seats": [{"players": p, "seat": k, "games": s.games, "wins": s.wins,
                           "average_vp": s.average_vp} for (p, k), s in sorted(self.seats.items())]}


def header_line(content: bytes) -> bytes:
    return content.split(b"\n", 1)[0]


def standings(headers: Sequence[Header]) -> Standings:
    out = Standings()
    for h in headers:
        out.games += 1
        if h.result is None:
            out.unfinished += 1
            continue
        n = len(h.seats)
        start = h.seats.index(h.start_player)
        for place, colour in enumerate(h.result.ranking, start=1):
            vp = h.result.vp[colour]
            out.players.setdefault(h.players.get(colour, colour), Line()).add(place, n, vp)
            seat = (h.seats.index(colour) - start) % n + 1
            out.seats.setdefault((n, seat), Line()).add(place, n, vp)
    return out


def decode_header(line: bytes) -> Header:
    return msgspec.json.decode(line, type=Header)


def render(s: Standings) -> str:
    rows = [f"Standings: {s.games} games" + (f" ({s.unfinished} unfinished, not scored)" if s.unfinished
                                             else ""),
            f"  {'#':>3} {'player':<24} {'games':>5} {'wins':>5} {'points':>6} {'avg VP':>7}"]
    for i, (name, line) in enumerate(s.table(), start=1):
        rows.append(f"  {i:>3} {name:<24} {line.games:>5} {line.wins:>5} {line.points:>6} "
                    f"{line.average_vp:>7.2f}")
    rows += ["By seat position (1: the start player, then in turn order):",
             f"  {'players':>7} {'seat':>4} {'games':>5} {'wins':>5} {'win %':>6} {'avg VP':>7}"]
    for (n, seat), line in sorted(s.seats.items()):
        share = 100 * line.wins / line.games if line.games else 0.0
        rows.append(f"  {n:>7} {seat:>4} {line.games:>5} {line.wins:>5} {share:>6.1f} "
                    f"{line.average_vp:>7.2f}")
    return "\n".join(rows)


def render_csv(s: Standings) -> str:
    buffer = text_io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    w.writerow(["table", "name", "players", "seat", "games", "wins", "points", "average_vp"])
    for name, line in s.table():
        w.writerow(["player", name, "", "", line.games, line.wins, line.points, line.average_vp])
    for (n, seat), line in sorted(s.seats.items()):
        w.writerow(["seat", "", n, seat, line.games, line.wins, "", line.average_vp])
    return buffer.getvalue()
