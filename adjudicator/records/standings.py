"""A tournament's standings from its records' headers (``trajan standings``).

Per player (the header's name for each colour): games, wins, points and average
victory points; per seat position (1 is the start player, then in turn order) and
number of players: games, wins and average victory points.  Points: one for each
player finishing below (in a 4-player game 3, 2, 1, 0).  A name that holds several seats
of one game (a bot playing itself) counts each seat as a game.  Unfinished games are
counted apart and score nothing.  A game is counted once, by its final hash: the same
record given twice counts once; two records of one game that disagree are refused.  Only
the headers are read (a format-2 header's seal is checked, which a header edited after
packing fails): verify the records first.

Names are hostile text: the text table shows them escaped (:func:`adjudicator.escape.terminal`,
so a name cannot add a line), the CSV table writes no cell that a spreadsheet would read
as a formula (:func:`adjudicator.escape.spreadsheet`).
"""

from __future__ import annotations

import csv
import io as text_io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from adjudicator.errors import Illegal, Malformed, problem
from adjudicator.escape import spreadsheet, terminal
from adjudicator.records import form
from adjudicator.records.form import Header

if TYPE_CHECKING:
    from adjudicator.league.ratings import Ratings


@dataclass
class Line:
    """One row of the standings (a player, or a seat position): games, wins, points and VP."""

    games: int = 0
    wins: int = 0
    points: int = 0
    vp: int = 0

    @property
    def average_vp(self) -> float:
        """The VP per game, to two decimals (0 before any game)."""
        return round(self.vp / self.games, 2) if self.games else 0.0

    def add(self, place: int, players: int, vp: int) -> None:
        """Count one game finished in ``place`` (1: a win) of ``players``, with ``vp``."""
        self.games += 1
        self.wins += place == 1
        self.points += players - place
        self.vp += vp


@dataclass
class Standings:
    """A tournament's table: each player's row, each seat position's row, the games counted and left
    unfinished, seats mostly played by a stand-in, and copies of a record counted once."""

    games: int = 0
    unfinished: int = 0
    players: dict[str, Line] = field(default_factory=dict)
    seats: dict[tuple[int, int], Line] = field(default_factory=dict)  # (players, seat position)
    stood_in: dict[str, int] = field(default_factory=dict)  # a person's seats mostly played by a stand-in
    duplicates: list[str] = field(default_factory=list)  # records of a game already counted

    def table(self) -> list[tuple[str, Line]]:
        """Players best first: points, then wins, then average VP, then name."""
        return sorted(self.players.items(), key=lambda kv: (-kv[1].points, -kv[1].wins,
                                                            -kv[1].average_vp, kv[0]))

    def as_json(self) -> dict[str, Any]:
        """The standings as ``trajan standings --json`` prints them (the ratings apart)."""
        return {"games": self.games, "unfinished": self.unfinished,
                "players": [{"name": n, "games": s.games, "wins": s.wins, "points": s.points,
                             "average_vp": s.average_vp} for n, s in self.table()],
                "seats": [{"players": p, "seat": k, "games": s.games, "wins": s.wins,
                           "average_vp": s.average_vp} for (p, k), s in sorted(self.seats.items())],
                "stood_in": dict(sorted(self.stood_in.items())), "duplicates": self.duplicates}


def header_line(content: bytes) -> bytes:
    """The first line of a record (its header), without reading the rest."""
    return content.split(b"\n", 1)[0]


def once(named: Sequence[tuple[str, Header]]) -> tuple[list[tuple[str, Header]], list[str]]:
    """Each game once (by its final hash), and the records left out as copies of one
    already taken; raises :class:`Illegal` for two records of one game that disagree."""
    kept: dict[str, tuple[str, Header]] = {}
    copies = []
    for path, h in named:
        first = kept.get(h.final)
        if first is None:
            kept[h.final] = (path, h)
        elif first[1] == h:
            copies.append(path)
        else:
            raise Illegal([problem("standings.conflicting_records", "$[0]", "This record and "
                                   f"{terminal(first[0])} are of the same game (the same final hash) but "
                                   "their headers differ: keep the one that verifies.").located(path)])
    return list(kept.values()), copies


def check_seal(h: Header, path: str) -> None:
    """Refuse a format-2 header whose seal is not its own (edited after packing)."""
    if h.format == 2 and h.seal != form.seal_of(h):
        raise Illegal([problem("record.seal_mismatch", "$[0].seal", "The header's seal is not its own: "
                               "the header was edited after the record was packed.").located(path)])


def standings(headers: Sequence[Header]) -> Standings:
    """The table of ``headers`` (each game once: see :func:`once`)."""
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
            name = h.players.get(colour, colour)
            out.players.setdefault(name, Line()).add(place, n, vp)
            if form.stood_in(h, colour):
                out.stood_in[name] = out.stood_in.get(name, 0) + 1
            seat = (h.seats.index(colour) - start) % n + 1
            out.seats.setdefault((n, seat), Line()).add(place, n, vp)
    return out


def decode_header(line: bytes) -> Header:
    """A record's header from its line; raises :class:`msgspec.ValidationError` (or ``DecodeError``)
    if it is none."""
    return msgspec.json.decode(line, type=Header)


def read_headers(paths: Sequence[Path]) -> list[tuple[str, Header]]:
    """Each record's path and header (records, folders of them or lists, as ``verify``
    takes them); raises :class:`Malformed` for anything that is not a record and
    :class:`Illegal` for a header whose seal is not its own."""
    from adjudicator.files import io
    from adjudicator.records.many import sources

    out = []
    for s in sources(paths):
        if s.kind != "record":
            raise Malformed([problem("standings.not_a_record", "$", "This is not a game record "
                                     "(pack a log folder with `trajan pack`).").located(s.path)])
        try:
            h = decode_header(header_line(io.read_bytes(s.path)))
        except msgspec.DecodeError as e:
            raise Malformed([problem("record.malformed", "$[0]", f"Line 1 is not a game record's "
                                     f"header: {e}.").located(s.path)]) from None
        check_seal(h, s.path)
        out.append((s.path, h))
    return out


def render(s: Standings) -> str:
    """The standings as the text table ``trajan standings`` prints."""
    rows = [f"Standings: {s.games} games" + (f" ({s.unfinished} unfinished, not scored)" if s.unfinished
                                             else ""),
            f"  {'#':>3} {'player':<24} {'games':>5} {'wins':>5} {'points':>6} {'avg VP':>7}"]
    for i, (name, line) in enumerate(s.table(), start=1):
        rows.append(f"  {i:>3} {terminal(name):<24} {line.games:>5} {line.wins:>5} {line.points:>6} "
                    f"{line.average_vp:>7.2f}")
    rows += ["By seat position (1: the start player, then in turn order):",
             f"  {'players':>7} {'seat':>4} {'games':>5} {'wins':>5} {'win %':>6} {'avg VP':>7}"]
    for (n, seat), line in sorted(s.seats.items()):
        share = 100 * line.wins / line.games if line.games else 0.0
        rows.append(f"  {n:>7} {seat:>4} {line.games:>5} {line.wins:>5} {share:>6.1f} "
                    f"{line.average_vp:>7.2f}")
    if s.stood_in:
        rows.append("Seats played mostly by a stand-in (counted here, left out of ratings): " + ", ".join(
            f"{terminal(name)} {k}" for name, k in sorted(s.stood_in.items())))
    if s.duplicates:
        rows.append(f"Copies of a game already counted, left out: {len(s.duplicates)}")
    return "\n".join(rows)


def render_csv(s: Standings, ratings: Ratings | None = None) -> str:
    """The standings (and the ratings, as rows of a ``rating`` table) as CSV."""
    buffer = text_io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    extra = ["mu", "sigma", "ordinal", "change", "left_out"] if ratings else []
    blank = [""] * len(extra)
    w.writerow(["table", "name", "players", "seat", "games", "wins", "points", "average_vp", *extra])
    for name, line in s.table():
        w.writerow(["player", spreadsheet(name), "", "", line.games, line.wins, line.points, line.average_vp,
                    *blank])
    for (n, seat), line in sorted(s.seats.items()):
        w.writerow(["seat", "", n, seat, line.games, line.wins, "", line.average_vp, *blank])
    for p in ratings.table() if ratings else []:
        w.writerow(["rating", spreadsheet(p.name), "", "", p.games, "", "", "", round(p.mu, 4),
                    round(p.sigma, 4), round(p.ordinal, 4), round(p.change, 4), p.left_out])
    return buffer.getvalue()
