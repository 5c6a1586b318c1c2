"""An observer's mail (issue 28): the public news of a step, for someone with no colour.

An observer (``[[observers]]`` in the roster: a name and an address) gets after every
step what everyone may see and nothing more: the public report of the step (the log's
``kkkk-report.md``), whom the game waits for and until when, the public state (``trajan
show`` of the public view) and the public view attached.  It is computed from the
public view and the public report alone, so it is the same whatever is hidden (the leak
test checks it byte for byte).  An observer has no token and no commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from adjudicator.digest import hexdigest
from adjudicator.escape import terminal
from adjudicator.files import io
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.steps import step_report
from adjudicator.mail.outgoing import headers
from adjudicator.mail.outgoing.text import news_section, title, wrap
from adjudicator.model.roster import Observer
from adjudicator.model.state import GameState
from adjudicator.rendering.show import render_show
from adjudicator.views.redact import view_of


def observer_mail(log: Path, step: int, state: GameState, observer: Observer, sender: str,
                  lines: Sequence[str], now: datetime, tr: Translator = ENGLISH) -> EmailMessage:
    """The mail of log step ``step`` (``state``: the game after it) for ``observer``, in
    ``tr``'s language (the game's: an observer has no seat to choose one)."""
    return public_mail(state, step_report(log, step, None, tr), observer, sender, lines, now, tr)


def public_mail(state: GameState, report: str, observer: Observer, sender: str, lines: Sequence[str],
                now: datetime, tr: Translator = ENGLISH) -> EmailMessage:
    """The public mail of a step from the game after it and the step's public report."""
    _ = tr.gettext
    view = view_of(state, None)
    game = terminal(view.game_id)
    body = [_("Hello {name},").format(name=terminal(observer.name)), "",
            *wrap(_("You follow the game {game} as an observer: you get the public news of every "
                    "step.").format(game=game)),
            *([""] + list(lines) if lines else []), "",
            *news_section([report], tr), "",
            title(_("The game as everyone sees it")), "", *wrap(render_show(view, tr).rstrip("\n")), "",
            f"Game file: {view.chain.hash}"]
    message = EmailMessage()
    # Text from the roster and the game file goes through headers.py: never decoded (issue 25).
    message["From"] = headers.mailbox("From", "Trajan judge", sender)
    message["To"] = headers.mailbox("To", terminal(observer.name), observer.address)
    subject = _("Trajan {game}, decision {decision}: news (observer)")
    message["Subject"] = headers.text("Subject", subject.format(game=game, decision=view.decision))
    message["Date"] = format_datetime(now)
    domain = sender.rpartition("@")[2] or "localhost"
    message["Message-ID"] = (f"<trajan.{view.chain.hash[:24]}.observer."
                             f"{hexdigest(observer.address.lower().encode())[:12]}@{domain}>")
    message["X-Trajan-Game"] = headers.text("X-Trajan-Game", game)
    message["X-Trajan-Decision"] = str(view.decision)
    message["X-Trajan-Game-File"] = view.chain.hash
    message.set_content("\n".join(body) + "\n", subtype="plain", charset="utf-8", cte="quoted-printable")
    message.add_attachment(io.canonical(view), maintype="application", subtype="json",
                           filename=f"view-public-{view.decision:04d}.json")
    message.set_boundary(f"trajan-{view.chain.hash[:32]}")
    return message
