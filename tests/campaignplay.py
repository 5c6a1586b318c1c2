"""A campaign's game folder for the tests (issue 28): the 2-player game of
:mod:`tests.judgeplay` with a game master's address, an observer and the campaign's
settings; and the mails a player or the game master sends (commands, with or without
their token)."""

from __future__ import annotations

import hashlib
import mailbox
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr
from pathlib import Path

from adjudicator.mail.judge.tokens import GM, token_for
from tests.judgeplay import ADDRESSES, JUDGE, SECRET, make_gamedir, sent_mails
from tests.mailtext import text_of

GM_ADDRESS = "gm@example.org"
OBSERVER = "olga@example.org"
STRANGER = "mallory@example.net"
ROSTER_HEAD = f'# The league game of March.\ngm = "{GM_ADDRESS}"  # the game master\n'
OBSERVERS = f'\n# who follows the game\n[[observers]]\nname = "Olga Observer"\naddress = "{OBSERVER}"\n'


def make_campaign(folder: Path, seed: str, inbox: str, outbox: str, settings: str = "") -> str:
    """A 2-player campaign folder; returns the game id."""
    # Every player is mailed after every step (issue 27's "every-step"), as the tests read the mails.
    game_id = make_gamedir(folder, seed, inbox, outbox, settings, seat='attach_view = true\nmail = "every-step"\n')
    roster = folder / "roster.toml"
    roster.write_text(ROSTER_HEAD + roster.read_text().replace("[players.green]", "# green joined late\n"
                                                                "[players.green]") + OBSERVERS)
    return game_id


def maildir_campaign(tmp_path: Path, seed: str, settings: str = "") -> tuple[Path, str, mailbox.Maildir]:
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    game = tmp_path / "game"
    game_id = make_campaign(game, seed, 'kind = "maildir"\npath = "../Maildir"', 'kind = "folder"\npath = "../sent"',
                            settings)
    return game, game_id, box


def gm_token(game_id: str) -> str:
    return token_for(SECRET, game_id, GM)


def seat_token(game_id: str, colour: str, generation: int = 0) -> str:
    return token_for(SECRET, game_id, colour, generation)


def message(sender: str, subject: str, text: str, token: str | None = None, day: int = 2,
            hour: int = 9) -> EmailMessage:
    """A plain mail to the judge (``token``: a token line after the text)."""
    from datetime import UTC, datetime

    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, JUDGE, subject
    m["Date"] = format_datetime(datetime(2026, 3, day, hour, 0, tzinfo=UTC))
    m["Message-ID"] = make_msgid("player", domain="example.org")
    m.set_content(text + (f"\n\ntoken {token}\n" if token else "\n"))
    return m


def to(tmp_path: Path, address: str) -> list[EmailMessage]:
    return [m for m in sent_mails(tmp_path) if parseaddr(str(m["To"]))[1] == address]


def files_of(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by its relative path, with the hash of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


__all__ = ["ADDRESSES", "GM_ADDRESS", "OBSERVER", "STRANGER", "files_of", "gm_token", "maildir_campaign",
           "make_campaign", "message", "seat_token", "text_of", "to"]
