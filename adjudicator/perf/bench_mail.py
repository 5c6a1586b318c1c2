"""``trajan bench``: the mail judge against hostile mail (issue 25).

A 2-player game run by the mail judge from a local Maildir (a folder outbox): its first
mails are sent, then the 100 hostile messages of :mod:`adjudicator.perf.mail_bombs` are
delivered (190 MB in all: nesting, 100,000 parts, a 50 MB body, 20 MB of soft breaks, a
5 MB subject, 900 kB Message-IDs, 48 charsets, auto-replies...) and after them a player's
legal order.  The figure is one ``trajan mail run --once`` over all of it, in a fresh
process (wall time and peak resident memory, median of the runs); the order must be in
the log afterwards, or the benchmark fails.  The inbox is a Maildir so that no mail
server is needed here; ``tests/test_mail_bombs.py`` delivers the same messages to a real
IMAP server.
"""

from __future__ import annotations

import mailbox
import statistics
import sys
from collections.abc import Iterable
from pathlib import Path

from adjudicator.perf.bench import Figure, _run_child

TARGETS = {"judge_hostile_run_seconds": ("<=", 10.0), "judge_hostile_peak_mb": ("<", 200.0)}
NOW = "2026-03-02T09:00:00+00:00"
JUDGE, PLAYERS = "judge@example.org", {"red": "rhea@example.org", "green": "gaius@example.org"}


def _judged(name: str, value: float, unit: str) -> Figure:
    op, limit = TARGETS[name]
    met = value <= limit if op == "<=" else value < limit
    return Figure(name=name, value=value, unit=unit, target=f"{op} {limit:g}", met=met)


def prepare(folder: Path, messages: Iterable[bytes]) -> Path:
    """A game folder whose first mails went, with ``messages`` and then a legal order from
    the player who decides waiting in its Maildir; returns the game folder."""
    from datetime import datetime

    from adjudicator.files import io
    from adjudicator.game.engine import deciders
    from adjudicator.game.newgame import new_game
    from adjudicator.logs.absent import absent_orders
    from adjudicator.mail.judge.run import run
    from adjudicator.mail.judge.tokens import token_for
    from adjudicator.notation.text import order_text

    folder.mkdir(parents=True, exist_ok=True)
    box = mailbox.Maildir(folder / "Maildir", create=True)
    game = folder / "game"
    (game / "log").mkdir(parents=True)
    state = new_game(tuple(PLAYERS), "bench-mail", method="test")
    (game / "log" / "0000-game.json").write_bytes(io.encode_state(state))
    secret = b"the benchmark's secret, 32 bytes or more"
    (game / "secret").write_bytes(secret)
    (game / "roster.toml").write_text("".join(f'[players.{c}]\nname = "{c}"\naddress = "{a}"\n'
                                              for c, a in PLAYERS.items()))
    (game / "judge.toml").write_text(f'address = "{JUDGE}"\nsecret_file = "secret"\npictures = "none"\n'
                                     '[inbox]\nkind = "maildir"\npath = "../Maildir"\n'
                                     '[outbox]\nkind = "folder"\npath = "../sent"\n')
    run(game, datetime.fromisoformat(NOW))
    for data in messages:
        box.add(data)
    colour = deciders(state.pending)[0]
    order = absent_orders(state, colour, "random", "bench-mail")
    text = order_text(order).replace("\n", f"\ntoken {token_for(secret, state.game_id, colour)}\n", 1)
    box.add(f"From: {PLAYERS[colour]}\r\nTo: {JUDGE}\r\nSubject: my orders\r\n\r\n{text}".encode())
    return game


def prepare_bombs(folder: str) -> None:
    """:func:`prepare` with the 100 hostile messages (run in a child of its own, so that the
    benchmark's process never holds them: a child forked from it would count them)."""
    from adjudicator.perf.mail_bombs import hostile_messages

    prepare(Path(folder), hostile_messages(PLAYERS["red"], "stranger@elsewhere.example", JUDGE))


def mail_figures(tmp: Path, quick: bool) -> list[Figure]:
    """The judge's run over 100 hostile messages and a legal order: seconds, peak MB."""
    times: list[float] = []
    peaks: list[float] = []
    for k in range(1 if quick else 3):
        folder = tmp / f"mail-bench-{k}"
        _run_child([sys.executable, "-c", "import sys; from adjudicator.perf.bench_mail import "
                    "prepare_bombs; prepare_bombs(sys.argv[1])", str(folder)])
        game = folder / "game"
        child = _run_child([sys.executable, "-m", "adjudicator", "mail", "run", str(game), "--once",
                            "--now", NOW])
        if not (game / "log" / "0001-orders.json").exists():
            raise RuntimeError("the legal order after the hostile messages was not applied")
        times.append(child.wall)
        peaks.append(child.peak_mb)
    return [_judged("judge_hostile_run_seconds", statistics.median(times),
                    "s (100 hostile mails, then an order)"),
            _judged("judge_hostile_peak_mb", max(peaks), "MB")]
