"""The judge's mails, as ``EmailMessage`` objects (UTF-8 plain text, no line over 78 columns).

A decision mail goes to a player when they must decide (or, as their roster entry asks,
at every step or once a day: :mod:`.deliver`): the player's mail of
:mod:`adjudicator.mail.outgoing` with their token line added to the reply template.
Refusals, receipts and reminders are short; every mail has a ``Date``, the judge's and
the player's display names, and a subject ``[Trajan GAME] decision N: ...`` that fits one
line, so that mail clients sort and thread them; a receipt or refusal answers the
player's own message (``In-Reply-To``, ``References``).  A refusal for a missing or
wrong token says nothing about the game.  Each is in the player's language (``tr``, issue 31;
English is the text as it always was; the subject's ``[Trajan GAME]`` stays as it is).

Header safety (issue 25): the addresses are checked ones, every text a field carries is
terminal-escaped and written by :mod:`adjudicator.mail.outgoing.headers`, never decoded
again; a mail's Message-ID is :func:`message_id` of what it answers, so the same mail
written again (after a crash) is the same mail.
"""

from __future__ import annotations

import hashlib
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from adjudicator.errors import Problem
from adjudicator.escape import terminal
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.problems import problem_text
from adjudicator.mail.judge.refusal import Context, refusal_lines
from adjudicator.mail.outgoing import headers
from adjudicator.mail.read import Sources

JUDGE_NAME = "Trajan judge"  # translated where it is shown: tr.gettext(JUDGE_NAME)
# The game id in a subject the judge wrote, kept in a reply ("Re: ..."): "[Trajan GAME] ..."
# (every mail since issue 27), and the older "Trajan GAME, decision N: ..." of the player's mail.
_SUBJECT_GAME = re.compile(r"\[trajan (\S+?)\]|\bTrajan (\S+?), decision \d+:", re.IGNORECASE)
# A message id as a reply may carry it (anything else in the player's headers is not copied;
# no "=?", which a mail reader could take for an encoded word).
_MSGID = re.compile(r"<(?:(?!=\?)[!-;=?-~]){1,200}@(?:(?!=\?)[!-;=?-~]){1,200}>")
_REPLY_PREFIX = re.compile(r"^\s*((re|aw|sv|antw|fwd?|wg|tr)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)
SUBJECT_MOST = headers.WIDTH - len("Subject: ")  # a subject that fits one header line never folds
_THREAD_MOST = 10  # message ids kept in References


def game_in_subject(subject: str) -> str | None:
    """The game id a message's subject carries in one of the judge's subject forms, if any."""
    found = _SUBJECT_GAME.search(subject)
    return None if found is None else found.group(1) or found.group(2)


def message_id(sender: str, kind: str, seed: str) -> str:
    """The Message-ID of a judge's mail of ``kind`` answering ``seed`` (the key of the message
    it answers, or what it is about): the same every time that mail is written again."""
    digest = hashlib.sha256(f"{kind}\0{seed}".encode("utf-8", "surrogateescape")).hexdigest()[:24]
    return f"<trajan.{kind}.{digest}@{sender.rpartition('@')[2] or 'localhost'}>"


def subject(game: str | None, what: str) -> str:
    """``[Trajan GAME] WHAT``, cut to fit one line (the game id is kept whole: replies are
    routed by it)."""
    head = f"[Trajan {terminal(game)}]" if game is not None else "[Trajan]"
    text = f"{head} {what}"
    return text if len(text) <= SUBJECT_MOST else head[:SUBJECT_MOST]


@dataclass(frozen=True)
class Answering:
    """What a mail answering a player's message needs of it: its Message-ID, the ids of
    its thread and its subject (as the message carries them: hostile, checked here)."""

    message_id: str = ""
    references: str = ""
    subject: str = ""

    @staticmethod
    def of(message: EmailMessage) -> Answering:
        """The message's own fields (``References``, else ``In-Reply-To``)."""
        return Answering(str(message.get("Message-ID", "")),
                         str(message.get("References", "")) or str(message.get("In-Reply-To", "")),
                         str(message.get("Subject", "")))


def _message(sender: str, to: str, title: str, body: str, now: datetime, *, name: str | None = None,
             reply_to: Answering | None = None, msgid: str | None = None,
             tr: Translator = ENGLISH) -> EmailMessage:
    message = EmailMessage()
    message["From"] = headers.mailbox("From", tr.gettext(JUDGE_NAME), sender)
    message["To"] = headers.mailbox("To", terminal(name) if name else "", to)
    message["Subject"] = headers.text("Subject", terminal(_reply_subject(reply_to, title)))
    message["Date"] = format_datetime(now)
    message["Message-ID"] = msgid or make_msgid("trajan", domain=sender.rpartition("@")[2] or "localhost")
    thread(message, reply_to)
    message.set_content(_lines(body), charset="utf-8", cte="quoted-printable")
    return message


def thread(message: EmailMessage, reply_to: Answering | None) -> None:
    """``In-Reply-To`` and ``References`` to answer ``reply_to`` (its ids checked, the
    thread kept short)."""
    if reply_to is None:
        return
    theirs = _MSGID.findall(reply_to.message_id)[:1]
    if not theirs:
        return
    before = _MSGID.findall(reply_to.references)
    chain = [i for i in before if i != theirs[0]][-(_THREAD_MOST - 1):] + theirs
    for name, value in (("In-Reply-To", theirs[0]), ("References", " ".join(chain))):
        del message[name]
        message[name] = headers.text(name, value)


def _reply_subject(reply_to: Answering | None, title: str) -> str:
    """``Re:`` and the player's own subject when it names the same game and fits a line (a
    client threads by it), else ``title``."""
    if reply_to is None:
        return title
    theirs = _REPLY_PREFIX.sub("", " ".join(reply_to.subject.split()))
    game = _SUBJECT_GAME.search(title)
    mine = _SUBJECT_GAME.search(theirs)
    if (game is None or mine is None or (mine.group(1) or mine.group(2)) != game.group(1)
            or not theirs.isprintable() or len("Re: " + theirs) > SUBJECT_MOST):
        return title
    return "Re: " + theirs


def _lines(body: str) -> str:
    """The body with every line wrapped at 72 columns (a continuation under the text of its
    line: a list item's under the item's words)."""
    out: list[str] = []
    for line in body.rstrip("\n").split("\n"):
        lead = re.match(r"^\s*(\d+\.\s+|-\s+)?", line)
        indent = " " * (lead.end() if lead else 0)
        out += textwrap.wrap(line, 72, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return "\n".join(out) + "\n"


def receipt_line(decision: int, waiting: Sequence[str] = (), tr: Translator = ENGLISH) -> str:
    """The receipt of an accepted order, as a line (alone, or at the top of the next mail)."""
    if waiting:
        return tr.ngettext("Your answer to decision {decision} was accepted. The answers are revealed "
                           "together "
                           "once {players} has answered.",
                           "Your answer to decision {decision} was accepted. The answers are revealed "
                           "together "
                           "once {players} have answered.", len(waiting)).format(
                               decision=decision, players=", ".join(waiting))
    return tr.gettext("Your orders for decision {decision} were accepted.").format(decision=decision)


def receipt(sender: str, to: str, game: str, decision: int, now: datetime, *, name: str | None = None,
            reply_to: Answering | None = None, waiting: Sequence[str] = (),
            msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    body = (f"{receipt_line(decision, waiting, tr)}\n\n"
            + tr.gettext("The judge mails you what followed when you decide next.") + "\n")
    title = f"decision {decision}: " + tr.gettext("orders accepted")
    return _message(sender, to, subject(game, title), body, now, name=name, reply_to=reply_to, msgid=msgid,
                    tr=tr)


def refusal(sender: str, to: str, game: str, problems: Sequence[Problem], now: datetime, *,
            name: str | None = None, reply_to: Answering | None = None, sources: Sources | None = None,
            context: Context | None = None, decision: int | None = None,
            msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    """The problems in words: each with the player's own line, what is wrong, what to write."""
    _ = tr.gettext
    first = (_("Your orders for decision {decision} were refused; nothing changed in the game.").format(
                 decision=decision) if decision is not None else
             _("Your orders for the game {game} were refused; nothing changed in the game.").format(
                 game=terminal(game)))
    lines = [first, _("Correct what is listed below and send your whole order again."), "",
             *refusal_lines(problems, sources, context or Context(game_id=game), tr)]
    title = f"decision {decision}: " + _("orders refused") if decision is not None else _("orders refused")
    return _message(sender, to, subject(game, title), "\n".join(lines), now, name=name, reply_to=reply_to,
                    msgid=msgid, tr=tr)


def token_refusal(sender: str, to: str, now: datetime, *, name: str | None = None,
                  reply_to: Answering | None = None, msgid: str | None = None,
                  tr: Translator = ENGLISH) -> EmailMessage:
    """Sent to the registered address, whoever wrote: tells nothing about the game."""
    body = (tr.gettext("A message sent to the judge in your name was refused: it did not carry your token. "
                       "If you sent it, copy the line beginning with \"token\" from the judge's latest "
                       "mail to "
                       "you into your orders (or reply to that mail, quoting it). If you did not, "
                       "someone else "
                       "wrote it; nothing was changed.") + "\n"
            # issue 25: a request needs the token too; at most one such note a day
            + tr.gettext("To get the judge's latest mail again, reply to it with the subject \"resend\", "
                         "keeping its quoted text (it holds your token). The judge sends at most one "
                         "note like "
                         "this a day.") + "\n")
    return _message(sender, to, subject(None, tr.gettext("message refused")), body, now, name=name,
                    reply_to=reply_to, msgid=msgid, tr=tr)


def unreadable(sender: str, to: str, reason: Problem, now: datetime, *, name: str | None = None,
               reply_to: Answering | None = None, msgid: str | None = None,
               tr: Translator = ENGLISH) -> EmailMessage:
    """Sent to the registered address for a message the judge did not read (over a limit,
    or not readable as mail): tells nothing about the game (issue 25)."""
    said = terminal(reason.message) if tr is ENGLISH else terminal(problem_text(reason, tr))
    body = (tr.gettext("A message sent to the judge in your name was not read:") + "\n\n"
            f"{said} [{reason.code}]\n\n"
            + tr.gettext("Nothing was changed. If you sent it, send your orders again as a short plain-text "
                         "reply to the judge's latest mail. The judge sends at most one note like this "
                         "a day.")
            + "\n")
    return _message(sender, to, subject(None, tr.gettext("message not read")), body, now, name=name,
                    reply_to=reply_to, msgid=msgid, tr=tr)


def which_game(sender: str, to: str, now: datetime, *, name: str | None = None,
               reply_to: Answering | None = None, msgid: str | None = None,
               tr: Translator = ENGLISH) -> EmailMessage:
    """To an address that plays several games of one judge, when a message (a ``resend``,
    or one carrying the tokens of several games) does not say which game it is for."""
    body = tr.gettext("The judge could not tell which of your games your message is for, so it did nothing "
                      "with it. Reply to the judge's latest mail of that game (its subject names the "
                      "game), or "
                      "put the game's name in the subject, and send it again.") + "\n"
    return _message(sender, to, subject(None, tr.gettext("which game?")), body, now, name=name,
                    reply_to=reply_to, msgid=msgid, tr=tr)


def reminder(sender: str, to: str, game: str, decision: int, deadline: datetime, now: datetime, *,
             name: str | None = None, reply_to: Answering | None = None,
             msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    _ = tr.gettext
    body = (_("The judge is waiting for your answer to decision {decision} of the game {game}.").format(
                decision=decision, game=terminal(game)) + "\n"
            + _("The deadline is {deadline}; after it, a bot answers for you.").format(
                deadline=when(deadline, tr)) + "\n"
            + _("To get the mail with your options again, reply to it with the subject \"resend\", "
                "keeping its "
                "quoted text (it holds your token).") + "\n")
    return _message(sender, to, subject(game, f"decision {decision}: " + _("reminder")), body, now, name=name,
                    reply_to=reply_to, msgid=msgid, tr=tr)


def when(moment: datetime, tr: Translator = ENGLISH) -> str:
    """A deadline as people read it, with its time zone: ``Wed 4 Mar 2026, 18:00 CET``; in
    another language, in its locale (:meth:`Translator.when`: ``Sonntag, 8. März 2026, 18:00
    Uhr (Europe/Rome, UTC+01:00)``)."""
    if tr is not ENGLISH:
        return tr.when(moment)
    zone = moment.tzname() or "UTC"
    return f"{moment:%a} {moment.day} {moment:%b %Y, %H:%M} {zone}"


def short(sender: str, to: str, subject: str, body: str, now: datetime, *, name: str | None = None,
          msgid: str | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    """A short judge's mail (issue 28: notes to the table, answers to commands), from the
    judge named in ``tr``'s language."""
    return _message(sender, to, subject, body, now, name=name, msgid=msgid, tr=tr)
