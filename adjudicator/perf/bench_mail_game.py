"""The mail figure of ``trajan bench`` (issue 27): mails and bytes per player for a whole
3-player game played by mail through the mail judge with the default roster.

The judge runs on a local Maildir inbox and a folder outbox (``trajan mail run`` with a
clock that advances half an hour per run, deadlines on, never reached).  Each player
answers the judge's latest decision mail as a mail client would: the order (a random bot's
choice from the view of the game the mail was about) typed at the top of the reply, the
judge's whole mail quoted below it (``style="top"``, the header and token read from the
quoted template), or, as every judge so far could read, the header, the token and the
order between ``BEGIN ORDERS`` and ``END ORDERS`` (``style="classic"``: the figure of
the judge before issue 27 is measured that way).  The same seed gives the same game
whatever the judge mails, so two judges' figures compare step for step.
"""

from __future__ import annotations

import mailbox
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path

ADDRESSES = {"red": "rhea@example.org", "green": "gaius@example.org", "blue": "bea@example.org"}
JUDGE = "judge@example.org"
SECRET = b"the game master's secret for the mail figure, 32+ bytes"
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


@dataclass
class PlayerFigure:
    """What one player received in the game: mails, bytes, decision mails."""

    mails: int = 0
    bytes: int = 0
    decision_mails: int = 0
    without_deadline: int = 0  # decision mails that do not state the deadline


@dataclass
class MailGame:
    """A whole game played by mail: its folder, its length, what each player received."""

    folder: Path
    steps: int = 0
    runs: int = 0
    players: dict[str, PlayerFigure] = field(default_factory=dict)
    refused: int = 0
    without_date: int = 0

    def text(self) -> str:
        """The figure as lines for people."""
        lines = [f"whole 3-player game by mail: {self.steps} steps, {self.runs} runs, "
                 f"{self.refused} refusals"]
        for colour, f in self.players.items():
            lines.append(f"  {colour}: {f.mails} mails, {f.bytes / 1e6:.2f} MB ({f.decision_mails} decision "
                         f"mails, {f.without_deadline} without a deadline)")
        return "\n".join(lines)


def make_game(folder: Path, seed: str, roster_extra: str = "", judge_extra: str = "") -> str:
    """The game folder: a new 3-player game, its roster (default settings, plus
    ``roster_extra`` in every entry), the judge's settings; the game id."""
    from adjudicator.files import io
    from adjudicator.game.newgame import new_game

    state = new_game(tuple(ADDRESSES), seed, method="test")
    (folder / "log").mkdir(parents=True)
    (folder / "log" / "0000-game.json").write_bytes(io.encode_state(state))
    (folder / "secret").write_bytes(SECRET)
    (folder / "roster.toml").write_text(f'game = "{state.game_id}"\n' + "".join(
        f'[players.{c}]\nname = "{c.title()} Player"\naddress = "{a}"\n{roster_extra}'
        for c, a in ADDRESSES.items()))
    (folder / "judge.toml").write_text(
        f'address = "{JUDGE}"\nsecret_file = "secret"\n{judge_extra}[inbox]\nkind = "maildir"\n'
        'path = "Maildir"\n[outbox]\nkind = "folder"\npath = "sent"\n'
        "[deadlines]\nhours = 48\nweekends = false\nremind_hours = 12\n")
    mailbox.Maildir(folder / "Maildir", create=True)
    return state.game_id


def play(folder: Path, seed: str = "mail-figure", style: str = "top", roster_extra: str = "",
         judge_extra: str = "", limit: int | None = None) -> MailGame:
    """A whole game by mail in ``folder`` (made); its figure."""
    from adjudicator.files import io
    from adjudicator.mail.judge import gamelog
    from adjudicator.mail.judge.run import run
    from adjudicator.model.state import GameOver

    make_game(folder, seed, roster_extra, judge_extra)
    box = mailbox.Maildir(folder / "Maildir", create=False)
    now, game = START, MailGame(folder)
    answered: set[str] = set()
    hashes: dict[str, int] = {}
    while True:
        summary = run(folder, now)
        game.runs += 1
        game.refused += sum(n for what, n in summary.counts.items() if what.startswith("refused"))
        latest = gamelog.latest(folder / "log")
        if isinstance(io.load_game(latest.data).pending, GameOver) or (limit and latest.step >= limit):
            break
        waiting = _to_answer(folder, answered)
        assert waiting, "no player has a mail to answer, yet the game is not over"
        for colour, mail in waiting:
            answered.add(str(mail["Message-ID"]))
            box.add(_reply(folder, mail, colour, seed, style, hashes).as_bytes())
        now += timedelta(minutes=30)
    game.steps = gamelog.latest(folder / "log").step
    _count(game)
    return game


def _sent(folder: Path) -> list[tuple[Path, EmailMessage]]:
    out = []
    for path in sorted((folder / "sent").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
        mail = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(mail, EmailMessage)
        out.append((path, mail))
    return out


def _plain(mail: EmailMessage) -> str:
    body = mail.get_body(preferencelist=("plain",))
    return str(body.get_content()).replace("\r\n", "\n") if body is not None else ""


def asks(mail: EmailMessage) -> bool:
    """Whether a mail asks its player to decide (it holds their reply template)."""
    return mail["X-Trajan-Game-File"] is not None and "\nBEGIN ORDERS\n" in _plain(mail)


def _to_answer(folder: Path, answered: set[str]) -> list[tuple[str, EmailMessage]]:
    latest: dict[str, EmailMessage] = {}
    for _, mail in _sent(folder):
        colour = next((c for c, a in ADDRESSES.items() if parseaddr(str(mail["To"]))[1] == a), None)
        if colour is not None and mail["X-Trajan-Game-File"] is not None:
            latest[colour] = mail
    return [(c, m) for c, m in latest.items() if asks(m) and str(m["Message-ID"]) not in answered]


def _reply(folder: Path, mail: EmailMessage, colour: str, seed: str, style: str,
           hashes: dict[str, int]) -> EmailMessage:
    """The player's answer: a random bot's choice from the view of the game the mail was
    about, typed into a reply in ``style``."""
    import msgspec

    from adjudicator.files import io
    from adjudicator.logs.absent import absent_orders
    from adjudicator.notation.text import order_text
    from adjudicator.views.redact import view_of

    step = _step_of(folder, str(mail["X-Trajan-Game-File"]).strip(), hashes)
    view = view_of(io.load_game((folder / "log" / f"{step:04d}-game.json").read_bytes()), colour)  # type: ignore[arg-type]
    order = absent_orders(view, colour, "random", f"{seed}-{view.decision}")  # type: ignore[arg-type]
    lines = order_text(msgspec.structs.replace(order, stand_in=None)).rstrip("\n").split("\n")
    text = _plain(mail)
    quoted = "\n".join(("> " + line).rstrip() for line in text.split("\n"))
    if style == "top":
        body = "\n".join(lines[1:]) + f"\n\nCheers\n\nOn Monday, Trajan judge <{JUDGE}> wrote:\n{quoted}\n"
    else:
        token = re.search(r"^token [a-z0-9]+$", text, re.MULTILINE)
        assert token is not None, "the mail has no token line"
        body = ("Hi judge,\n\nBEGIN ORDERS\n" + lines[0] + "\n" + token.group(0) + "\n" + "\n".join(lines[1:])
                + f"\nEND ORDERS\n\nCheers\n-- \nsent from my desk\n\nOn a day, the judge wrote:\n{quoted}\n")
    return reply_to(mail, ADDRESSES[colour], body)


def reply_to(mail: EmailMessage, sender: str, body: str) -> EmailMessage:
    """A reply to the judge's ``mail`` from ``sender``, as a mail client heads it."""
    answer = EmailMessage()
    answer["From"] = sender
    answer["To"] = JUDGE
    answer["Subject"] = "Re: " + str(mail["Subject"])
    answer["Message-ID"] = make_msgid("player", domain=sender.rpartition("@")[2])
    answer["In-Reply-To"] = str(mail["Message-ID"])
    answer.set_content(body)
    return answer


def _step_of(folder: Path, chain_hash: str, hashes: dict[str, int]) -> int:
    """The log step whose game file has ``chain_hash`` (the mail's witness header)."""
    import msgspec

    if chain_hash not in hashes:
        for path in sorted((folder / "log").glob("*-game.json")):
            raw = msgspec.json.decode(path.read_bytes())
            hashes[raw["chain"]["hash"]] = int(path.name[:4])
    return hashes[chain_hash]


def _count(game: MailGame) -> None:
    for colour, address in ADDRESSES.items():
        figure = game.players.setdefault(colour, PlayerFigure())
        for path, mail in _sent(game.folder):
            if parseaddr(str(mail["To"]))[1] != address:
                continue
            figure.mails += 1
            figure.bytes += path.stat().st_size
            game.without_date += mail["Date"] is None
            if asks(mail):
                figure.decision_mails += 1
                figure.without_deadline += "Deadline:" not in _plain(mail)


# Today's figure (issue 27): the judge before issue 27 (main at cdaf68c, its defaults: every
# player mailed after every step, the view and the SVG board attached), the same game
# (``play(style="classic")``, seed "mail-figure", 100 steps), mails and bytes per player.
BEFORE = {"red": (135, 13_590_000), "green": (133, 13_540_000), "blue": (135, 13_540_000)}
MAIL_SHARE, BYTES_SHARE = 1 / 3, 1 / 5  # at most this share of the figure before (issue 27)


def figures(tmp: Path, quick: bool) -> list[tuple[str, float, str, tuple[str, float] | None]]:
    """The figure for ``trajan bench``: per player, mails and MB for the whole game, with
    the targets (a third of the mails, a fifth of the bytes of the judge before)."""
    game = play(tmp / "mail-game", judge_extra='pictures = "none"\n' if quick else "")
    out: list[tuple[str, float, str, tuple[str, float] | None]] = [
        ("mail_game_steps", game.steps, "steps", None)]
    for colour, f in game.players.items():
        mails, size = BEFORE[colour]
        out.append((f"mail_{colour}_mails", f.mails, "mails", ("<=", mails * MAIL_SHARE)))
        out.append((f"mail_{colour}_mb", f.bytes / 1e6, "MB" + (" (no pictures: --quick)" if quick else ""),
                    ("<=", size * BYTES_SHARE / 1e6)))
    missing = sum(f.without_deadline for f in game.players.values())
    out.append(("mail_decision_mails_without_deadline", missing, "mails", ("<=", 0)))
    out.append(("mail_mails_without_date", game.without_date, "mails", ("<=", 0)))
    return out
