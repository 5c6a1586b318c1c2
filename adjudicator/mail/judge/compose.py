"""The judge's mails, as ``EmailMessage`` objects (UTF-8 plain text, lines kept short).

A decision mail goes to every player after every step of the log: the player's mail of
:mod:`adjudicator.mail.outgoing` (news, what to decide with every option ready to copy,
the reply template, the state as they see it, their view attached), with their token
line added to the template.  Refusals, receipts and
reminders are short; a refusal for a missing or wrong token says nothing about the game.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from adjudicator.errors import Problem
from adjudicator.escape import terminal
from adjudicator.mail.outgoing import headers
from adjudicator.mail.outgoing.compose import Mail, Pictures
from adjudicator.model.roster import Roster
from adjudicator.model.vocab import PlayerColour

# The game id in a subject the judge wrote, kept in a reply ("Re: ..."): the judge's own
# mails ("[trajan GAME] ...", below) and the player's mail ("Trajan GAME, decision N: ...",
# mail/outgoing/compose.py).
_SUBJECT_GAME = re.compile(r"\[trajan (\S+?)\]|\bTrajan (\S+?), decision \d+:", re.IGNORECASE)


def game_in_subject(subject: str) -> str | None:
    """The game id a message's subject carries in one of the judge's subject forms, if any."""
    found = _SUBJECT_GAME.search(subject)
    return None if found is None else found.group(1) or found.group(2)


def message_id(sender: str, kind: str, seed: str) -> str:
    """The Message-ID of a judge's mail of ``kind`` answering ``seed`` (the key of the message
    it answers, or what it is about): the same every time that mail is written again."""
    digest = hashlib.sha256(f"{kind}\0{seed}".encode("utf-8", "surrogateescape")).hexdigest()[:24]
    return f"<trajan.{kind}.{digest}@{sender.rpartition('@')[2] or 'localhost'}>"


def _message(sender: str, to: str, subject: str, body: str, now: datetime, msgid: str | None) -> EmailMessage:
    # Header safety (issue 25): the addresses are checked ones, the subject's text is
    # terminal-escaped and written by headers.py, never decoded again.
    message = EmailMessage()
    message["From"] = headers.mailbox("From", "", sender)
    message["To"] = headers.mailbox("To", "", to)
    message["Subject"] = headers.text("Subject", terminal(subject))
    message["Date"] = format_datetime(now)
    message["Message-ID"] = msgid or make_msgid("trajan", domain=sender.rpartition("@")[2] or "localhost")
    message.set_content(body, charset="utf-8")
    return message


def decision_mails(log: Path, step: int, roster: Roster, sender: str,
                   token_of: Callable[[PlayerColour], str], pictures: Pictures,
                   since: int | None = None) -> list[Mail]:
    """Every player's mail of log step ``step`` (:func:`log_mails`, the player's mail of
    issue 17; its news since step ``since``), sent by ``sender``, with the player's token
    line in the reply template."""
    from adjudicator.mail.outgoing.from_log import log_mails

    mails = log_mails(log, step, roster, pictures, since)
    for mail in mails:
        with_token(mail.message, token_of(mail.player), sender)
    return mails


def with_token(message: EmailMessage, token: str, sender: str) -> None:
    """The token line after the template's header line; the judge's address as the sender."""
    del message["From"]
    message["From"] = headers.mailbox("From", "Trajan judge", sender)
    body = message.get_body(preferencelist=("plain",))
    assert isinstance(body, EmailMessage)
    lines = str(body.get_content()).split("\n")
    if "BEGIN ORDERS" in lines:
        at = lines.index("BEGIN ORDERS") + 2
        lines[at:at] = [f"token {token}"]
    lines += ["", f"Your token for this game is {token}; keep it to yourself. Reply with the",
              'subject "resend", keeping this text quoted, to get this mail again.', ""]
    params = dict(body.get_params() or [])
    body.set_content("\n".join(lines).rstrip("\n") + "\n", subtype="plain", charset="utf-8",
                     cte="quoted-printable")
    if params.get("format") == "flowed":
        body.set_param("format", "flowed")


def receipt(sender: str, to: str, game: str, decision: int, now: datetime, *,
            msgid: str | None = None) -> EmailMessage:
    body = (f"Your orders for decision {decision} of the game {game} were accepted.\n"
            "The judge's next mail tells you what followed.\n")
    return _message(sender, to, f"[trajan {game}] decision {decision}: orders accepted", body, now, msgid)


def refusal(sender: str, to: str, game: str, problems: Sequence[Problem], now: datetime, *,
            msgid: str | None = None) -> EmailMessage:
    lines = [f"Your orders for the game {game} were refused; nothing changed in the game.", "",
             "What is wrong:", ""]
    for p in problems:
        where = f"{terminal(p.path)}: " if p.path and p.path != "$" else ""
        lines.append(f"- {where}{terminal(p.message)} [{p.code}]")
    lines += ["", "Correct them and send the orders again."]
    return _message(sender, to, f"[trajan {game}] orders refused", "\n".join(lines) + "\n", now, msgid)


def token_refusal(sender: str, to: str, now: datetime, *, msgid: str | None = None) -> EmailMessage:
    """Sent to the registered address, whoever wrote: tells nothing about the game."""
    body = ("A message sent to the judge in your name was refused: it did not carry your\n"
            "token. If you sent it, copy the line beginning with \"token\" from the judge's\n"
            "latest mail to you into your orders. If you did not, someone else wrote it;\n"
            "nothing was changed.\n"
            # issue 25: a request needs the token too; at most one such note a day
            "To get the judge's latest mail again, reply to it with the subject \"resend\",\n"
            "keeping its quoted text (it holds your token). The judge sends at most one\n"
            "note like this a day.\n")
    return _message(sender, to, "[trajan] message refused", body, now, msgid)


def unreadable(sender: str, to: str, reason: Problem, now: datetime, *,
               msgid: str | None = None) -> EmailMessage:
    """Sent to the registered address for a message the judge did not read (over a limit,
    or not readable as mail): tells nothing about the game (issue 25)."""
    body = ("A message sent to the judge in your name was not read:\n\n"
            f"{terminal(reason.message)} [{reason.code}]\n\n"
            "Nothing was changed. If you sent it, send your orders again as a short plain-text\n"
            "reply to the judge's latest mail. The judge sends at most one note like this a day.\n")
    return _message(sender, to, "[trajan] message not read", body, now, msgid)


def which_game(sender: str, to: str, now: datetime, *, msgid: str | None = None) -> EmailMessage:
    """To an address that plays several games of one judge, when a message (a ``resend``,
    or one carrying the tokens of several games) does not say which game it is for."""
    body = ("The judge could not tell which of your games your message is for, so it did\n"
            "nothing with it. Reply to the judge's latest mail of that game (its subject names\n"
            "the game), or put the game's name in the subject, and send it again.\n")
    return _message(sender, to, "[trajan] which game?", body, now, msgid)


def reminder(sender: str, to: str, game: str, decision: int, deadline: datetime,
             now: datetime, *, msgid: str | None = None) -> EmailMessage:
    body = (f"The judge is waiting for your answer to decision {decision} of the game {game}.\n"
            f"The deadline is {format_datetime(deadline)}; after it, a bot answers for you.\n"
            "To get the mail with your options again, reply to it with the subject \"resend\",\n"
            "keeping its quoted text (it holds your token).\n")
    return _message(sender, to, f"[trajan {game}] decision {decision}: reminder", body, now, msgid)
