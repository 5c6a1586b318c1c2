"""The standings page (``trajan standings ... --html PAGE``): one self-contained HTML file.

It holds the standings with the ratings (every column sortable by a click), each
player's rating over time as a small inline SVG chart, the results by seat position with
95 % Wilson score intervals, and the games in play order, each linked to its replay page
when one sits beside the record (``NAME.html`` for ``NAME.trajan.jsonl``; ``trajan unpack``
and ``trajan replay`` make it).  It needs no network: a Content-Security-Policy forbids
every fetch and lets only the page's own script and style run (by their hashes), as on
the replay page.  Every name is hostile text, put in as escaped HTML text only.
"""

from __future__ import annotations

import base64
import hashlib
import math
import os
import re
from html import escape
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from adjudicator.league.ratings import Game, Player, Ratings
from adjudicator.records.form import SUFFIX
from adjudicator.records.standings import Standings

Z95 = 1.959963984540054  # the normal quantile of 97.5 %: a two-sided 95 % interval
CHART_W, CHART_H = 120, 28


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / games`` (Wilson 1927); (0, 0) for no games."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    z2 = z * z / games
    centre = (p + z2 / 2) / (1 + z2)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z2)
    return max(0.0, centre - half), min(1.0, centre + half)


def _hash(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def csp(script: str, style: str) -> str:
    """Nothing fetched, no inline handler: only the page's own script and style (by hash)."""
    return (f"default-src 'none'; script-src 'sha256-{_hash(script)}'; style-src 'sha256-{_hash(style)}'; "
            "img-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'")


def _cell(text: str, sort: float | int | str | None = None, cls: str = "") -> str:
    value = "" if sort is None else f' data-sort="{escape(str(sort))}"'
    klass = f' class="{cls}"' if cls else ""
    return f"<td{klass}{value}>{text}</td>"


def _head(names: list[str]) -> str:
    named = ' class="name"'
    return "".join(f'<th scope="col"{named if n == "player" else ""}>{escape(n)}</th>' for n in names)


def chart(player: Player, games: int) -> str:
    """The player's ordinal after each rated game, as a small SVG polyline (x: game number)."""
    if not player.history:
        return ""
    values = [0.0] + [v for _, v in player.history]
    xs = [0] + [n for n, _ in player.history]
    low, high = min(values), max(values)
    span = (high - low) or 1.0

    def x(n: int) -> float:
        return round(2 + (CHART_W - 4) * n / max(1, games), 1)

    def y(v: float) -> float:
        return round(2 + (CHART_H - 4) * (high - v) / span, 1)

    points = " ".join(f"{x(n)},{y(v)}" for n, v in zip(xs, values, strict=True))
    zero = y(0.0)
    return (f'<svg class="rating-chart" width="{CHART_W}" height="{CHART_H}" '
            f'viewBox="0 0 {CHART_W} {CHART_H}" '
            f'role="img" aria-label="{escape(player.name)}: rating over time">'
            f'<line x1="0" y1="{zero}" x2="{CHART_W}" y2="{zero}" stroke="#cccccc" stroke-width="1"/>'
            f'<polyline points="{points}" fill="none" stroke="#1f4f8a" stroke-width="1.5"/></svg>')


STANDINGS_HEAD = ["#", "player", "games", "wins", "points", "avg VP", "ordinal", "mu", "sigma", "rated",
                  "change", "left out", "rating over time"]


def _standings_rows(s: Standings, r: Ratings) -> str:
    rows = []
    for i, (name, line) in enumerate(s.table(), start=1):
        p = r.players.get(name, Player(name))
        cls = ' class="left-out"' if p.left_out else ""
        rows.append(f"<tr{cls}>" + "".join([
            _cell(str(i), i), _cell(escape(name), cls="name"), _cell(str(line.games), line.games),
            _cell(str(line.wins), line.wins), _cell(str(line.points), line.points),
            _cell(f"{line.average_vp:.2f}", line.average_vp), _cell(f"{p.ordinal:.2f}", round(p.ordinal, 4)),
            _cell(f"{p.mu:.2f}", round(p.mu, 4)), _cell(f"{p.sigma:.2f}", round(p.sigma, 4)),
            _cell(str(p.games), p.games), _cell(f"{p.change:+.2f}", round(p.change, 4)),
            _cell(str(p.left_out or ""), p.left_out), _cell(chart(p, len(r.games)), round(p.ordinal, 4),
                                                            "chart")]) + "</tr>")
    return "\n".join(rows)


SEATS_HEAD = ["players", "seat", "games", "wins", "win %", "95 % interval", "avg VP"]


def _seat_rows(s: Standings) -> str:
    rows = []
    for (n, seat), line in sorted(s.seats.items()):
        low, high = wilson(line.wins, line.games)
        share = 100 * line.wins / line.games if line.games else 0.0
        rows.append("<tr>" + "".join([
            _cell(str(n), n), _cell(str(seat), seat), _cell(str(line.games), line.games),
            _cell(str(line.wins), line.wins), _cell(f"{share:.1f}", round(share, 4)),
            _cell(f"{100 * low:.1f} &ndash; {100 * high:.1f}", round(100 * low, 4)),
            _cell(f"{line.average_vp:.2f}", line.average_vp)]) + "</tr>")
    return "\n".join(rows)


GAMES_HEAD = ["#", "date", "record", "ranking (VP)", "left out", "replay"]


def replay_link(record: str, folder: Path) -> str | None:
    """The replay page beside ``record`` (``NAME.html``), as a link from ``folder``, if it exists."""
    path = Path(record)
    beside = path.with_name(path.name.removesuffix(SUFFIX) + ".html")
    if not path.name.endswith(SUFFIX) or not beside.is_file():
        return None
    return quote(os.path.relpath(beside, folder).replace(os.sep, "/"))


def _game_rows(r: Ratings, folder: Path) -> str:
    rows = []
    for g in r.games:
        rows.append("<tr>" + "".join([
            _cell(str(g.number), g.number), _cell(escape(g.header.date or ""), g.header.date or ""),
            _cell(escape(Path(g.path).name), cls="name"), _cell(_ranking(g), cls="name"),
            _cell(escape(", ".join(f"{n} ({why})" for n, why in g.left_out)), cls="name"),
            _cell(_link(g.path, folder))]) + "</tr>")
    return "\n".join(rows)


def _ranking(g: Game) -> str:
    result = g.header.result
    if result is None:
        return ""
    return escape(", ".join(f"{g.header.players.get(c, c)} {result.vp[c]}" for c in result.ranking))


def _link(record: str, folder: Path) -> str:
    href = replay_link(record, folder)
    return f'<a href="{escape(href)}">replay</a>' if href else ""


def standings_page(s: Standings, r: Ratings | None, folder: Path) -> str:
    """The whole page; ``folder`` is where it will be written (links are relative to it)."""
    if r is None:
        r = Ratings()
    asset = resources.files("adjudicator.league")
    script = asset.joinpath("standings.js").read_text(encoding="utf-8")
    style = asset.joinpath("standings.css").read_text(encoding="utf-8")
    rated = sum(len(g.rated) >= 2 for g in r.games)
    note = (f"{s.games} games ({s.unfinished} unfinished); {rated} rated in play order."
            + (f" {len(s.duplicates)} copies of a game already counted were left out."
               if s.duplicates else ""))
    fill = {
        "CSP": csp(f"\n{script}\n", f"\n{style}\n"), "TITLE": f"Trajan standings: {s.games} games",
        "NOTE": escape(note), "STYLE": style, "SCRIPT": script,
        "STANDINGS_HEAD": _head(STANDINGS_HEAD), "STANDINGS_ROWS": _standings_rows(s, r),
        "SEATS_HEAD": _head(SEATS_HEAD), "SEATS_ROWS": _seat_rows(s),
        "GAMES_HEAD": _head(GAMES_HEAD), "GAMES_ROWS": _game_rows(r, folder),
    }
    template = asset.joinpath("standings.html").read_text(encoding="utf-8")
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: fill[m.group(1)], template)

