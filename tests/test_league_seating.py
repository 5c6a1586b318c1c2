"""Seating plans (issue 30): 64 people over 8 rounds of 4 with every person in every seat
position exactly twice and no pair meeting twice; mixed tables for other head counts,
with how close the plan is to the bound; the same plan from the same seed in another
process; rosters that the roster reader takes; clear errors for bad input."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.league.seating import plan
from adjudicator.mail.outgoing.roster import read_roster


def run_cli(args: list[str]) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, args)
    return r.exit_code, r.stdout, r.stderr


def people_file(tmp_path: Path, n: int, addresses: bool = True) -> Path:
    path = tmp_path / "people.txt"
    path.write_text("# sign-ups\n" + "".join(f"Player {i:02d}" + (f" <p{i}@example.org>" if addresses else "")
                                             + "\n" for i in range(n)))
    return path


def seats_and_pairs(rounds: list[list[list[str]]]) -> tuple[Counter[tuple[str, int]], Counter[frozenset[str]]]:
    seats: Counter[tuple[str, int]] = Counter()
    pairs: Counter[frozenset[str]] = Counter()
    for r in rounds:
        for t in r:
            seats.update((name, k) for k, name in enumerate(t, start=1))
            pairs.update(frozenset(p) for p in combinations(t, 2))
    return seats, pairs


def from_csv(text: str) -> list[list[list[str]]]:
    rows = list(csv.DictReader(io.StringIO(text)))
    rounds: dict[int, dict[int, list[tuple[int, str]]]] = {}
    for row in rows:
        rounds.setdefault(int(row["round"]), {}).setdefault(int(row["table"]), []).append(
            (int(row["seat"]), row["name"]))
    return [[[name for _, name in sorted(t)] for _, t in sorted(r.items())] for _, r in sorted(rounds.items())]


def test_64_people_8_rounds_of_4_every_seat_twice_and_no_pair_twice(tmp_path: Path) -> None:
    code, out, err = run_cli(["seat", str(people_file(tmp_path, 64)), "--rounds", "8", "--tables", "4",
                              "--seed", "league-64", "--csv"])
    assert code == 0, err
    rounds = from_csv(out)
    assert len(rounds) == 8 and all(len(r) == 16 and all(len(t) == 4 for t in r) for r in rounds)
    for r in rounds:
        assert sorted(name for t in r for name in t) == [f"Player {i:02d}" for i in range(64)]
    seats, pairs = seats_and_pairs(rounds)
    assert set(seats.values()) == {2} and len(seats) == 64 * 4
    assert max(pairs.values()) == 1 and len(pairs) == 8 * 16 * 6
    assert "the plan is as even as the bound" in err


@pytest.mark.parametrize("n,size", [(64, 4), (16, 4), (9, 3), (27, 3), (8, 2)])
def test_the_affine_design_makes_every_pair_meet_exactly_once(n: int, size: int) -> None:
    """All (n - 1) / (size - 1) parallel classes of AG(k, size): a resolvable design, each
    pair exactly once; seat positions within one of even (floor or ceil of rounds / size)."""
    rounds = (n - 1) // (size - 1)
    made = plan([f"P{i}" for i in range(n)], rounds, [size], "affine")
    tables = [[[f"P{p}" for p in t] for t in r] for r in made.rounds]
    seats, pairs = seats_and_pairs(tables)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}
    assert set(seats.values()) <= {rounds // size, -(-rounds // size)}
    assert all(sum(seats[(f"P{p}", k)] for k in range(1, size + 1)) == rounds for p in range(n))


@pytest.mark.parametrize("n,rounds", [(13, 4), (10, 5), (23, 3), (7, 6)])
def test_other_head_counts_mix_tables_and_say_how_close_to_the_bound(n: int, rounds: int, tmp_path: Path) -> None:
    names = [f"Player {i:02d}" for i in range(n)]
    made = plan(names, rounds, [3, 4], "mixed")
    tables = [[[names[p] for p in t] for t in r] for r in made.rounds]
    fours, threes = {10: (1, 2), 13: (1, 3), 23: (5, 1), 7: (1, 1)}[n]
    for r in tables:
        assert sorted(len(t) for t in r) == [3] * threes + [4] * fours
        assert sorted(name for t in r for name in t) == names
    seats, pairs = seats_and_pairs(tables)
    code, out, err = run_cli(["seat", str(people_file(tmp_path, n)), "--rounds", str(rounds), "--seed", "mixed"])
    assert code == 0, err
    for k in (1, 2, 3):  # each position at every table: the most even is floor/ceil of tables / n
        have = [seats[(name, k)] for name in names]
        total = rounds * (fours + threes)
        assert f"seat position {k}: each person {min(have)} to {max(have)} times (bound: {total // n} to " \
               f"{-(-total // n)})" in out
        assert max(have) - min(have) <= 1
    meetings = rounds * (6 * fours + 3 * threes)
    assert f"the most times any pair meets: {max(pairs.values())} (bound: at least " in out
    assert f"meetings repeating an earlier one: {sum(m - 1 for m in pairs.values())} (bound: at least " \
           f"{max(0, meetings - n * (n - 1) // 2)})" in out


def test_the_same_seed_gives_the_same_plan_in_another_process_and_another_seed_another(tmp_path: Path) -> None:
    people = people_file(tmp_path, 17)
    code, here, _ = run_cli(["seat", str(people), "--rounds", "4", "--seed", "same"])
    assert code == 0
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    there = subprocess.run([sys.executable, "-m", "adjudicator", "seat", str(people), "--rounds", "4",
                            "--seed", "same"], capture_output=True, text=True, env=env, check=True).stdout
    assert here == there
    code, other, _ = run_cli(["seat", str(people), "--rounds", "4", "--seed", "other"])
    assert code == 0 and other != here


def test_ratings_seat_like_with_like_after_the_first_round() -> None:
    names = [f"P{i:02d}" for i in range(16)]
    ratings = {name: float(-i) for i, name in enumerate(names)}  # P00 best
    rank = {name: i for i, name in enumerate(names)}

    def spread(r: tuple[tuple[int, ...], ...]) -> int:
        return sum(max(rank[names[p]] for p in t) - min(rank[names[p]] for p in t) for t in r)

    swiss = plan(names, 3, [4], "swiss", ratings)
    plain = plan(names, 3, [4], "swiss")
    # Round 2 is near the tables filled in rating order (a spread of 3 a table, 12); later
    # rounds give way to the pairs that already met; over the rounds after the first, like
    # sits with like more than without ratings.
    assert spread(swiss.rounds[1]) <= 12 + 16 < spread(plain.rounds[1])
    assert sum(map(spread, swiss.rounds[1:])) < sum(map(spread, plain.rounds[1:]))
    assert spread(swiss.rounds[0]) > 12 + 16  # the first round is not grouped


def test_rosters_are_read_by_the_roster_reader(tmp_path: Path) -> None:
    people = tmp_path / "people.txt"
    people.write_text('Ann <ann@example.org>\nBo "the Brave" Ek <bo@example.org>\nCid \\ Tor <cid@example.org>\n'
                      "Dee Åström <dee@example.org>\nEve <eve@example.org>\nFay <fay@example.org>\n"
                      "Gus <gus@example.org>\n")
    out = tmp_path / "rosters"
    code, text, err = run_cli(["seat", str(people), "--rounds", "2", "--toml", str(out)])
    assert code == 0, err
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["round-01-table-01.toml", "round-01-table-02.toml",
                                       "round-02-table-01.toml", "round-02-table-02.toml"]
    for f in files:
        roster = read_roster(str(f))
        r, t = int(f.name[6:8]), int(f.name[15:17])
        line = next(line for line in text.splitlines() if line.startswith(f"  table {t:>2}:")
                    and text.splitlines().index(line) > text.splitlines().index(f"Round {r}"))
        shown = [part.split(" ", 1)[1] for part in line.split(": ", 1)[1].split(", ")]
        assert [roster.players[c].name for c in roster.players] == shown
    assert {p.name for f in files[:2] for p in read_roster(str(f)).players.values()} == {
        "Ann", 'Bo "the Brave" Ek', "Cid \\ Tor", "Dee Åström", "Eve", "Fay", "Gus"}


BAD: dict[str, tuple[str | bytes, list[str], str, int]] = {
    "duplicate names": ("Ann\nBob\nann\nCid\nBob\nDee\n", [], "seat.duplicate_name", 2),
    "too few people": ("Ann\nBob\n", [], "seat.too_few", 1),
    "no tables fit": ("A\nB\nC\nD\nE\n", [], "seat.no_tables", 1),
    "a bad address": ("Ann <ann>\nBob\nCid\n", [], "seat.bad_address", 1),
    "an unknown record": ("A\nB\nC\n", ["--ratings", "RECORD"], "seat.not_a_record", 1),
    "a table of 5": ("A\nB\nC\n", ["--tables", "3,5"], "args.tables", 1),
    "no rounds": ("A\nB\nC\n", ["--rounds", "0"], "args.usage", 1),
    "rosters without addresses": ("A\nB\nC\n", ["--toml", "OUT"], "seat.no_address", 1),
    "a name on two lines' worth": ("A\nB\u2028C\nD\nE\n", [], "seat.bad_name", 1),
    "a rosters folder that exists": ("A <a@x.org>\nB <b@x.org>\nC <c@x.org>\n", ["--toml", "EXISTS"],
                                     "seat.out_exists", 1),
    "too many people": ("".join(f"P{i}\n" for i in range(1001)), [], "seat.too_many", 1),
    "not UTF-8": (b"Ann\n\xff\xfe\n", [], "seat.encoding", 1),
}


@pytest.mark.parametrize("what", list(BAD))
def test_bad_input_gets_a_clear_error(what: str, tmp_path: Path) -> None:
    text, extra, code_wanted, count = BAD[what]
    people = tmp_path / "people.txt"
    people.write_bytes(text if isinstance(text, bytes) else text.encode())
    (tmp_path / "RECORD").write_text('{"not": "a record"}\n')
    (tmp_path / "EXISTS").mkdir()
    extra = [str(tmp_path / e) if e in ("RECORD", "OUT", "EXISTS") else e for e in extra]
    args = ["seat", str(people), *(["--rounds", "2"] if "--rounds" not in extra else []), *extra, "--json"]
    code, out, err = run_cli(args)
    assert code == 2 and out == ""
    problems = json.loads(err)
    assert [p["code"] for p in problems] == [code_wanted] * count, problems
    assert all(p["message"].endswith(".") for p in problems)
    assert not (tmp_path / "OUT").exists()


@pytest.mark.parametrize("n,size,rounds", [(24, 4, 10), (21, 3, 7), (12, 2, 5)])
def test_the_edge_colouring_gives_each_position_floor_or_ceil_of_rounds_over_size(n: int, size: int,
                                                                                 rounds: int) -> None:
    """The colouring alone (not the trading used for mixed tables), on random tables."""
    import random

    from adjudicator.league.positions import _coloured

    rng = random.Random(n)
    tables = []
    for _ in range(rounds):
        people = list(range(n))
        rng.shuffle(people)
        tables.append([people[i:i + size] for i in range(0, n, size)])
    seated = _coloured([[t[:] for t in r] for r in tables], n, size)
    assert [[sorted(t) for t in r] for r in seated] == [[sorted(t) for t in r] for r in tables]
    count = Counter((p, k) for r in seated for t in r for k, p in enumerate(t))
    assert {count[(p, k)] for p in range(n) for k in range(size)} <= {rounds // size, -(-rounds // size)}
