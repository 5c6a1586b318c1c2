"""The judge's mails, as ``EmailMessage`` objects (UTF-8 plain text, lines kept short).

A decision mail goes to every player after every step of the log: the player's mail of
:mod:`adjudicator.mail.outgoing` (news, what to decide with every option ready to copy,
the reply template, the state as they see it, their view attached), with their token
line added to the template.  Refusals, receipts and
reminders are short; a refusal for a missing or wrong token says nothing about the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from email import message_from_bytes, policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from adjudicator.errors import Problem
from adjudicator.escape import terminal
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.problems import problem_text
from adjudicator.mail.outgoing.compose import Mail, Pictures, player_translator
from adjudicator.model.roster import Language, Roster
from adjudicator.model.vocab import PlayerColour

# The game id in a subject the judge wrote, kept in a reply ("Re: ..."): the judge's own
# mails ("[trajan GAME] ...", below) and the player's mail ("Trajan GAME, decision N: ...",
# mail/outgoing/compose.py).
_SUBJECT_GAME = re.compile(r"\[trajan (\S+?)\]|\bTrajan (\S+?), decision \d+:", re.IGNORECASE)


def game_in_subject(data: bytes) -> str | None:
    """The game id a message's subject carries in one of the judge's subject forms, if any."""
    message = message_from_bytes(data, policy=policy.default)
    found = _SUBJECT_GAME.search(str(message.get("Subject", "")))
    return None if found is None else found.group(1) or found.group(2)


def _message(sender: str, to: str, subject: str, body: str, now: datetime) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = make_msgid("trajan", domain=sender.rpartition("@")[2] or "localhost")
    message.set_content(body, charset="utf-8")
    return message


def decision_mails(log: Path, step: int, roster: Roster, sender: str,
                   token_of: Callable[[PlayerColour], str], pictures: Pictures,
                   language: Language = "en") -> list[Mail]:
    """Every player's mail of log step ``step`` (:func:`log_mails`, the player's mail of
    issue 17), sent by ``sender``, with the player's token line in the reply template; each
    in the player's language (``language``: where the roster names none, issue 31)."""
    from adjudicator.mail.outgoing.from_log import log_mails

    mails = log_mails(log, step, roster, pictures, language)
    for mail in mails:
        tr = player_translator(roster, mail.player, language)
        with_token(mail.message, token_of(mail.player), sender, tr)
    return mails


def with_token(message: EmailMessage, token: str, sender: str, tr: Translator = ENGLISH) -> None:
    """The token line after the template's header line; the judge's address as the sender."""
    from adjudicator.mail.outgoing.text import wrap

    del message["From"]
    message["From"] = Address(tr.gettext("Trajan judge"), addr_spec=sender)
    body = message.get_body(preferencelist=("plain",))
    assert isinstance(body, EmailMessage)
    lines = str(body.get_content()).split("\n")
    if "BEGIN ORDERS" in lines:
        at = lines.index("BEGIN ORDERS") + 2
        lines[at:at] = [f"token {token}"]
    if tr is ENGLISH:
        lines += ["", f"Your token for this game is {token}; keep it to yourself. Reply with the",
                  'subject "resend" to get this mail again.', ""]
    else:
        said = tr.gettext('Your token for this game is {token}; keep it to yourself. Reply with the subject '
                          '"resend" to get this mail again.')
        lines += ["", *wrap(said.format(token=token)), ""]
    params = dict(body.get_params() or [])
    body.set_content("\n".join(lines).rstrip("\n") + "\n", subtype="plain", charset="utf-8",
                     cte="quoted-printable")
    if params.get("format") == "flowed":
        body.set_param("format", "flowed")


def _text(paragraphs: Sequence[str]) -> str:
    """Paragraphs wrapped for a mail (no line over 72 columns but a long word), blank lines between."""
    from adjudicator.mail.outgoing.text import wrap

    return "\n\n".join("\n".join(wrap(p)) for p in paragraphs) + "\n"


def receipt(sender: str, to: str, game: str, decision: int, now: datetime,
            tr: Translator = ENGLISH) -> EmailMessage:
    if tr is ENGLISH:
        body = (f"Your orders for decision {decision} of the game {game} were accepted.\n"
                "The judge's next mail tells you what followed.\n")
    else:
        said = tr.gettext("Your orders for decision {decision} of the game {game} were accepted. The judge's "
                          "next mail tells you what followed.")
        body = _text([said.format(decision=decision, game=game)])
    subject = tr.gettext("orders accepted")
    return _message(sender, to, f"[trajan {game}] decision {decision}: {subject}", body, now)


def refusal(sender: str, to: str, game: str, problems: Sequence[Problem], now: datetime,
            tr: Translator = ENGLISH) -> EmailMessage:
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
    return _message(sender, to, subject, "\n".join(lines) + "\n", now)


def token_refusal(sender: str, to: str, now: datetime, tr: Translator = ENGLISH) -> EmailMessage:
    """Sent to the registered address, whoever wrote: tells nothing about the game."""
    if tr is ENGLISH:
        body = ("A message sent to the judge in your name was refused: it did not carry your\n"
                "token. If you sent it, copy the line beginning with \"token\" from the judge's\n"
                "latest mail to you into your orders. If you did not, someone else wrote it;\n"
                "nothing was changed.\n")
    else:
        body = _text([tr.gettext("A message sent to the judge in your name was refused: it did not carry "
                                 "your token. If you sent it, copy the line beginning with \"token\" from "
                                 "the judge's latest mail to you into your orders. If you did not, someone "
                                 "else wrote it; nothing was changed.")])
    return _message(sender, to, "[trajan] " + tr.gettext("message refused"), body, now)


def which_game(sender: str, to: str, now: datetime, tr: Translator = ENGLISH) -> EmailMessage:
    """To an address that plays several games of one judge, when a message (a ``resend``,
    or one carrying the tokens of several games) does not say which game it is for."""
    if tr is ENGLISH:
        body = ("The judge could not tell which of your games your message is for, so it did\n"
                "nothing with it. Reply to the judge's latest mail of that game (its subject names\n"
                "the game), or put the game's name in the subject, and send it again.\n")
    else:
        body = _text([tr.gettext("The judge could not tell which of your games your message is for, so it "
                                 "did nothing with it. Reply to the judge's latest mail of that game (its "
                                 "subject names the game), or put the game's name in the subject, and send "
                                 "it again.")])
    return _message(sender, to, "[trajan] " + tr.gettext("which game?"), body, now)


def reminder(sender: str, to: str, game: str, decision: int, deadline: datetime,
             now: datetime, tr: Translator = ENGLISH) -> EmailMessage:
    if tr is ENGLISH:
        body = (f"The judge is waiting for your answer to decision {decision} of the game {game}.\n"
                f"The deadline is {format_datetime(deadline)}; after it, a bot answers for you.\n"
                'Reply with the subject "resend" to get the mail with your options again.\n')
    else:
        said = tr.gettext("The judge is waiting for your answer to decision {decision} of the game {game}. "
                          "The deadline is {deadline}; after it, a bot answers for you. Reply with the "
                          "subject \"resend\" to get the mail with your options again.")
        body = _text([said.format(decision=decision, game=game, deadline=tr.when(deadline))])
    subject = tr.gettext("reminder")
    return _message(sender, to, f"[trajan {game}] decision {decision}: {subject}", body, now)
