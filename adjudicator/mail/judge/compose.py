"""The judge's mails, as ``EmailMessage`` objects (UTF-8 plain text, lines kept short).

A decision mail goes to every player after every step of the log: the player's mail of
:mod:`adjudicator.mail.outgoing` (news, what to decide with every option ready to copy,
the reply template, the state as they see it, their view attached), with their token
line added to the template.  Refusals, receipts and
reminders are short; a refusal for a missing or wrong token says nothing about the game.
Each is in the player's language (``tr``, issue 31); English is the text as it always was.
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
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.problems import problem_text
from adjudicator.mail.outgoing import headers
from adjudicator.mail.outgoing.compose import Mail, Pictures, player_translator
from adjudicator.model.roster import Language, Roster
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
                   since: int | None = None, language: Language = "en") -> list[Mail]:
    """Every player's mail of log step ``step`` (:func:`log_mails`, the player's mail of
    issue 17; its news since step ``since``), sent by ``sender``, with the player's token
    line in the reply template; each in the player's language (``language``: where the
    roster names none)."""
    from adjudicator.mail.outgoing.from_log import log_mails

    mails = log_mails(log, step, roster, pictures, since, language)
    for mail in mails:
        tr = player_translator(roster, mail.player, language)
        with_token(mail.message, token_of(mail.player), sender, tr)
    return mails


def _paragraphs(*paragraphs: str) -> str:
    """Paragraphs wrapped for a mail (72 columns), a blank line between."""
    from adjudicator.mail.outgoing.text import wrap

    return "\n\n".join("\n".join(wrap(p)) for p in paragraphs) + "\n"


def with_token(message: EmailMessage, token: str, sender: str, tr: Translator = ENGLISH) -> None:
    """The token line after the template's header line; the judge's address as the sender."""
    del message["From"]
    message["From"] = headers.mailbox("From", tr.gettext("Trajan judge"), sender)
    body = message.get_body(preferencelist=("plain",))
    assert isinstance(body, EmailMessage)
    lines = str(body.get_content()).split("\n")
    if "BEGIN ORDERS" in lines:
        at = lines.index("BEGIN ORDERS") + 2
        lines[at:at] = [f"token {token}"]
    if tr is ENGLISH:
        lines += ["", f"Your token for this game is {token}; keep it to yourself. Reply with the",
                  'subject "resend", keeping this text quoted, to get this mail again.', ""]
    else:
        said = tr.gettext('Your token for this game is {token}; keep it to yourself. Reply with the subject '
                          '"resend", keeping this text quoted, to get this mail again.')
        lines += ["", *_paragraphs(said.format(token=token)).split("\n")]
    params = dict(body.get_params() or [])
    body.set_content("\n".join(lines).rstrip("\n") + "\n", subtype="plain", charset="utf-8",
                     cte="quoted-printable")
    if params.get("format") == "flowed":
        body.set_param("format", "flowed")


def receipt(sender: str, to: str, game: str, decision: int, now: datetime, *,
            msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    if tr is ENGLISH:
        body = (f"Your orders for decision {decision} of the game {game} were accepted.\n"
                "The judge's next mail tells you what followed.\n")
    else:
        body = _paragraphs(tr.gettext("Your orders for decision {decision} of the game {game} were accepted. "
                                      "The judge's next mail tells you what followed.").format(
                                          decision=decision, game=game))
    subject = f"[trajan {game}] decision {decision}: " + tr.gettext("orders accepted")
    return _message(sender, to, subject, body, now, msgid)


def refusal(sender: str, to: str, game: str, problems: Sequence[Problem], now: datetime, *,
            msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    from adjudicator.mail.outgoing.text import wrap

    lines = [*wrap(tr.gettext("Your orders for the game {game} were refused; nothing changed in the "
                              "game.").format(game=game)), "", tr.gettext("What is wrong:"), ""]
    for p in problems:
        where = f"{terminal(p.path)}: " if p.path and p.path != "$" else ""
        if tr is ENGLISH:
            lines.append(f"- {where}{terminal(p.message)} [{p.code}]")
        else:
            lines += wrap(f"- {where}{terminal(problem_text(p, tr))} [{p.code}]")
    lines += ["", tr.gettext("Correct them and send the orders again.")]
    subject = f"[trajan {game}] " + tr.gettext("orders refused")
    return _message(sender, to, subject, "\n".join(lines) + "\n", now, msgid)


def token_refusal(sender: str, to: str, now: datetime, *, msgid: str | None = None,
                  tr: Translator = ENGLISH) -> EmailMessage:
    """Sent to the registered address, whoever wrote: tells nothing about the game."""
    if tr is ENGLISH:
        body = ("A message sent to the judge in your name was refused: it did not carry your\n"
                "token. If you sent it, copy the line beginning with \"token\" from the judge's\n"
                "latest mail to you into your orders. If you did not, someone else wrote it;\n"
                "nothing was changed.\n"
                # issue 25: a request needs the token too; at most one such note a day
                "To get the judge's latest mail again, reply to it with the subject \"resend\",\n"
                "keeping its quoted text (it holds your token). The judge sends at most one\n"
                "note like this a day.\n")
    else:
        body = _paragraphs(
            tr.gettext("A message sent to the judge in your name was refused: it did not carry your token. "
                       "If you sent it, copy the line beginning with \"token\" from the judge's latest "
                       "mail to you into your orders. If you did not, someone else wrote it; nothing was "
                       "changed."),
            tr.gettext("To get the judge's latest mail again, reply to it with the subject \"resend\", "
                       "keeping its quoted text (it holds your token). The judge sends at most one note like "
                       "this a day."))
    return _message(sender, to, "[trajan] " + tr.gettext("message refused"), body, now, msgid)


def unreadable(sender: str, to: str, reason: Problem, now: datetime, *,
               msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    """Sent to the registered address for a message the judge did not read (over a limit,
    or not readable as mail): tells nothing about the game (issue 25)."""
    if tr is ENGLISH:
        body = ("A message sent to the judge in your name was not read:\n\n"
                f"{terminal(reason.message)} [{reason.code}]\n\n"
                "Nothing was changed. If you sent it, send your orders again as a short plain-text\n"
                "reply to the judge's latest mail. The judge sends at most one note like this a day.\n")
    else:
        body = _paragraphs(
            tr.gettext("A message sent to the judge in your name was not read:"),
            f"{terminal(problem_text(reason, tr))} [{reason.code}]",
            tr.gettext("Nothing was changed. If you sent it, send your orders again as a short plain-text "
                       "reply to the judge's latest mail. The judge sends at most one note like this a day."))
    return _message(sender, to, "[trajan] " + tr.gettext("message not read"), body, now, msgid)


def which_game(sender: str, to: str, now: datetime, *, msgid: str | None = None,
               tr: Translator = ENGLISH) -> EmailMessage:
    """To an address that plays several games of one judge, when a message (a ``resend``,
    or one carrying the tokens of several games) does not say which game it is for."""
    if tr is ENGLISH:
        body = ("The judge could not tell which of your games your message is for, so it did\n"
                "nothing with it. Reply to the judge's latest mail of that game (its subject names\n"
                "the game), or put the game's name in the subject, and send it again.\n")
    else:
        body = _paragraphs(tr.gettext(
            "The judge could not tell which of your games your message is for, so it did nothing with it. "
            "Reply to the judge's latest mail of that game (its subject names the game), or put the game's "
            "name in the subject, and send it again."))
    return _message(sender, to, "[trajan] " + tr.gettext("which game?"), body, now, msgid)


def reminder(sender: str, to: str, game: str, decision: int, deadline: datetime,
             now: datetime, *, msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    if tr is ENGLISH:
        body = (f"The judge is waiting for your answer to decision {decision} of the game {game}.\n"
                f"The deadline is {format_datetime(deadline)}; after it, a bot answers for you.\n"
                "To get the mail with your options again, reply to it with the subject \"resend\",\n"
                "keeping its quoted text (it holds your token).\n")
    else:
        said = tr.gettext("The judge is waiting for your answer to decision {decision} of the game {game}. "
                          "The deadline is {deadline}; after it, a bot answers for you. To get the mail with "
                          "your options again, reply to it with the subject \"resend\", keeping its quoted "
                          "text (it holds your token).")
        body = _paragraphs(said.format(decision=decision, game=game, deadline=tr.when(deadline)))
    subject = f"[trajan {game}] decision {decision}: " + tr.gettext("reminder")
    return _message(sender, to, subject, body, now, msgid)
