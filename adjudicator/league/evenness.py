"""How even a seating plan is, against the best any plan of its table sizes could do, and
the plan written out: text, CSV, and a roster-ready TOML file per table.

Bounds (for the table sizes of the plan, whoever sits where): position ``k`` exists at
``T_k`` tables over the rounds, so the most even plan seats each person there
``floor(T_k / n)`` or ``ceil(T_k / n)`` times.  ``M`` meetings of pairs are made over the
rounds among ``P = n (n - 1) / 2`` pairs, so at least ``max(0, M - P)`` meetings repeat
an earlier one, and some pair meets at least ``ceil(M / P)`` times (and at least
``ceil(m / (n - 1))`` times, ``m`` the most opponents any person must meet).
"""

from __future__ import annotations

import csv
import io as text_io
from dataclasses import dataclass
from itertools import combinations

from adjudicator.escape import spreadsheet, terminal
from adjudicator.league.seating import Plan
from adjudicator.model.vocab import PLAYER_COLOURS


@dataclass(frozen=True)
class Evenness:
    """Per seat position: the fewest and most times a person sat there, and the bound;
    the most times a pair met, the meetings that repeat an earlier one, and their bounds."""

    positions: tuple[tuple[int, int, int, int], ...]  # (least, most, bound least, bound most)
    most_meetings: int
    most_bound: int
    repeats: int
    repeats_bound: int

    @property
    def perfect(self) -> bool:
        """Whether the plan reaches every bound (seat positions, most meetings, repeats)."""
        return (all(lo == blo and hi == bhi for lo, hi, blo, bhi in self.positions)
                and self.most_meetings == self.most_bound and self.repeats == self.repeats_bound)


def evenness(plan: Plan) -> Evenness:
    """How even ``plan`` is: seat-position counts and pair meetings against their bounds."""
    n = len(plan.people)
    width = max(len(t) for r in plan.rounds for t in r)
    count = [[0] * width for _ in range(n)]
    meet: dict[tuple[int, int], int] = {}
    opponents = [0] * n
    for r in plan.rounds:
        for t in r:
            for pos, p in enumerate(t):
                count[p][pos] += 1
                opponents[p] += len(t) - 1
            for a, b in combinations(sorted(t), 2):
                meet[(a, b)] = meet.get((a, b), 0) + 1
    positions = []
    for k in range(width):
        tables = sum(len(t) > k for r in plan.rounds for t in r)
        got = [count[p][k] for p in range(n)]
        positions.append((min(got), max(got), tables // n, -(-tables // n)))
    pairs, meetings = n * (n - 1) // 2, sum(meet.values())
    most_bound = max(-(-meetings // pairs), -(-max(opponents) // max(1, n - 1)))
    return Evenness(tuple(positions), max(meet.values(), default=0), most_bound,
                    sum(m - 1 for m in meet.values()), max(0, meetings - pairs))


def render(plan: Plan, e: Evenness) -> str:
    """The plan and how even it is, for people (names escaped: one line each)."""
    sizes = sorted({len(t) for r in plan.rounds for t in r}, reverse=True)
    rows = [f"Seating plan: {len(plan.people)} people, {len(plan.rounds)} rounds, tables of "
            f"{' and '.join(map(str, sizes))} ({plan.design})"]
    for i, r in enumerate(plan.rounds, start=1):
        rows.append(f"Round {i}")
        for j, t in enumerate(r, start=1):
            rows.append(f"  table {j:>2}: " + ", ".join(f"{k} {terminal(plan.people[p])}"
                                                       for k, p in enumerate(t, start=1)))
    rows.append(render_evenness(e))
    return "\n".join(rows)


def render_evenness(e: Evenness) -> str:
    """How even a plan is, as lines of text for the organiser (stderr of ``trajan seat``)."""
    rows = ["How even (1 is the start player, then in turn order; the bound is the best any plan "
            "of these tables could do):"]
    for k, (lo, hi, blo, bhi) in enumerate(e.positions, start=1):
        rows.append(f"  seat position {k}: each person {lo} to {hi} times (bound: {blo} to {bhi})")
    rows.append(f"  the most times any pair meets: {e.most_meetings} (bound: at least {e.most_bound})")
    rows.append(f"  meetings repeating an earlier one: {e.repeats} (bound: at least {e.repeats_bound})")
    rows.append("  the plan is as even as the bound" if e.perfect else "  the plan is not at the bound")
    return "\n".join(rows)


def render_csv(plan: Plan) -> str:
    """The plan as CSV: a row per seat (round, table, seat, colour, name), safe for spreadsheets."""
    buffer = text_io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    w.writerow(["round", "table", "seat", "colour", "name"])
    for i, r in enumerate(plan.rounds, start=1):
        for j, t in enumerate(r, start=1):
            for k, p in enumerate(t, start=1):
                w.writerow([i, j, k, PLAYER_COLOURS[k - 1], spreadsheet(plan.people[p])])
    return buffer.getvalue()


def toml_string(text: str) -> str:
    """A TOML basic string (every character outside printable ASCII escaped)."""
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif " " <= c <= "~":
            out.append(c)
        else:
            out.append(f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
    return '"' + "".join(out) + '"'


def rosters(plan: Plan, addresses: dict[str, str]) -> dict[str, str]:
    """A roster (``roster.toml``) per table, by file name; seat position 1 is red, then green,
    blue, brown in turn order, and a comment says how to start the game so."""
    out = {}
    for i, r in enumerate(plan.rounds, start=1):
        for j, t in enumerate(r, start=1):
            colours = PLAYER_COLOURS[: len(t)]
            lines = [f"# Round {i}, table {j}: seat positions 1 to {len(t)} are {', '.join(colours)}.",
                     f"# Start it with: trajan new --players {','.join(colours)} --first red ...", ""]
            for colour, p in zip(colours, t, strict=True):
                lines += [f"[players.{colour}]", f"name = {toml_string(plan.people[p])}",
                          f"address = {toml_string(addresses[plan.people[p]])}", ""]
            out[f"round-{i:02d}-table-{j:02d}.toml"] = "\n".join(lines)
    return out
