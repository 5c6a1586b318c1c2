"""The judge's mails, as ``EmailMessage`` objects (UTF-8 plain text, lines kept short).

A decision mail goes to every player after every step of the log: what they learned
(their private report of that step), and, for those who decide now, their legal answers
in the text notation and a reply template with the header and their token filled in;
their view (JSON) is attached for those who check with ``trajan`` themselves.  Nothing
in a mail comes from another player's private information.  Refusals, receipts and
reminders are short; a refusal for a missing or wrong token says nothing about the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from adjudicator.errors import Problem
from adjudicator.escape import terminal
from adjudicator.files import io
from adjudicator.game.engine import deciders
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.notation.text import header_lines


def _message(sender: str, to: str, subject: str, body: str, now: datetime) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = make_msgid("trajan", domain=sender.rpartition("@")[2] or "localhost")
    message.set_content(body, charset="utf-8")
    return message


def decision_mail(sender: str, to: str, name: str, state: GameState, step: int, report: str | None,
                  token: str, colour: PlayerColour, now: datetime) -> EmailMessage:
    """The mail for ``colour`` after log step ``step`` (0: the game's start)."""
    from adjudicator.rendering.options_text import render_options
    from adjudicator.views.redact import view_of
    from adjudicator.views.standin import options_any

    view = view_of(state, colour)  # everything in the mail comes from the player's own view
    deciding = colour in deciders(state.pending)
    game = state.game_id
    parts = [f"Hello {name},", ""]
    parts.append(report.rstrip() if report else f"The game {game} has begun; you play {colour}.")
    parts.append("")
    if isinstance(state.pending, GameOver):
        parts.append("The game is over. Thank you for playing.")
    elif deciding:
        parts += ["You decide now. Your legal answers and steps, ready to copy:", "",
                  render_options(options_any(view, colour)).rstrip(), "",
                  "Reply to this mail with your orders between these lines:", "",
                  "BEGIN ORDERS", *header_lines(game, state.decision, colour), f"token {token}",
                  "(your answer or steps here, one per line)", "END ORDERS"]
    else:
        parts.append("You have nothing to decide now; the next mail comes when you do.")
    parts += ["", f"Your token for this game is {token}; keep it to yourself.",
              'Reply with the word "resend" as the subject to get this mail again.']
    kind = "your answer is needed" if deciding else "news"
    message = _message(sender, to, f"[trajan {game}] step {step}: {kind}", "\n".join(parts) + "\n", now)
    message.add_attachment(io.canonical(view), maintype="application",
                           subtype="json", filename=f"view-{colour}-{step:04d}.json")
    return message


def receipt(sender: str, to: str, game: str, decision: int, now: datetime) -> EmailMessage:
    body = (f"Your orders for decision {decision} of the game {game} were accepted.\n"
            "The judge's next mail tells you what followed.\n")
    return _message(sender, to, f"[trajan {game}] decision {decision}: orders accepted", body, now)


def refusal(sender: str, to: str, game: str, problems: Sequence[Problem], now: datetime) -> EmailMessage:
    lines = [f"Your orders for the game {game} were refused; nothing changed in the game.", "",
             "What is wrong:", ""]
    for p in problems:
        where = f"{terminal(p.path)}: " if p.path and p.path != "$" else ""
        lines.append(f"- {where}{terminal(p.message)} [{p.code}]")
    lines += ["", "Correct them and send the orders again."]
    return _message(sender, to, f"[trajan {game}] orders refused", "\n".join(lines) + "\n", now)


def token_refusal(sender: str, to: str, now: datetime) -> EmailMessage:
    """Sent to the registered address, whoever wrote: tells nothing about the game."""
    body = ("A message sent to the judge in your name was refused: it did not carry your\n"
            "token. If you sent it, copy the line beginning with \"token\" from the judge's\n"
            "latest mail to you into your orders. If you did not, someone else wrote it;\n"
            "nothing was changed.\n")
    return _message(sender, to, "[trajan] message refused", body, now)


def reminder(sender: str, to: str, game: str, decision: int, deadline: datetime,
             now: datetime) -> EmailMessage:
    body = (f"The judge is waiting for your answer to decision {decision} of the game {game}.\n"
            f"The deadline is {format_datetime(deadline)}; after it, a bot answers for you.\n"
            'Reply with the subject "resend" to get the mail with your options again.\n')
    return _message(sender, to, f"[trajan {game}] decision {decision}: reminder", body, now)
