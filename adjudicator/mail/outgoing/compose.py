"""The player's mail as a message, and the outbox: one ``.eml`` file per player per order.

:func:`player_mail` builds one :class:`email.message.EmailMessage` (UTF-8 text, quoted-
printable, no line over 78 characters) from the player's view and private report, with
the view attached as JSON.  :func:`player_mails` gives every player's mail after one
accepted order; :func:`write_player_mails` writes them into an outbox folder, all or
none, named ``NNNN-HASH-COLOUR.eml`` (NNNN: the number of the order in the game's log,
by default the decision it answered; HASH: the start of the new game file's chain hash)
so they sort in play order and never collide.  The mail
judge (issue 18) sends what :func:`player_mails` gives.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Literal

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.escape import terminal
from adjudicator.files import io
from adjudicator.files.write import OutputSet
from adjudicator.i18n import ENGLISH, Translator, translator
from adjudicator.mail.outgoing import headers, text
from adjudicator.model.events import Event
from adjudicator.model.roster import Language, Roster
from adjudicator.model.state import GameState, kind_of
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.redact import view_of
from adjudicator.views.view import GameView

JUDGE = "judge@trajan.invalid"
Pictures = Literal["none", "svg", "png"]  # the sender when the roster names none
# A player's report of the decision in a language: (colour, translator) -> Markdown (issue 31).
Told = Callable[[PlayerColour, Translator], str]


def told_from(before: GameState, events: Sequence[Event], after: GameState) -> Told:
    """The reports of one decision in any language, rendered from its events."""
    from adjudicator.rendering.report import render_private

    return lambda colour, tr: render_private(events, before, after, colour, tr)


def player_translator(roster: Roster | None, colour: PlayerColour, default: Language = "en") -> Translator:
    """The translator of ``colour``'s mail: the roster's language for them (issue 31)."""
    return translator(roster.language_of(colour, default) if roster is not None else default)


@dataclass(frozen=True)
class Mail:
    player: PlayerColour
    file_name: str
    message: EmailMessage
    warnings: tuple[Problem, ...] = ()  # what was left out of it (a board picture), and why


def player_mail(view: GameView, private_report: str, roster: Roster | None = None,
                pictures: Pictures = "svg", warnings: list[Problem] | None = None,
                tr: Translator = ENGLISH) -> EmailMessage:
    """The mail for ``view.viewer`` after a decision: news, what to decide, template, state;
    the view attached, and the board picture (``pictures``: "svg", "png" for SVG and PNG,
    "none") where the drawing extra is installed.  A picture that fails to be drawn (or a
    PNG with no Chromium to make it) leaves the mail whole without it, and is reported:
    appended to ``warnings``, or raised (:class:`Malformed`) when no list is given.  ``tr``:
    the player's language (``private_report`` is already in it)."""
    colour = view.viewer
    assert colour is not None
    seat = roster.players.get(colour) if roster is not None else None
    found = text.player_options(view)
    lines = text.greeting(seat.name if seat else colour, colour, tr)
    lines += text.news_section(private_report, tr) + [""]
    if found is None:
        lines += text.waiting_line(view, tr)
    else:
        lines += [*text.decide_section(view, found, tr), "", *text.template_section(view, colour, tr)]
    witness = tr.gettext("Game file: {hash}").format(hash=view.chain.hash)
    lines += ["", *text.state_section(view, tr), "", witness]
    lines += text.glossary_section(lines, tr)
    msg = EmailMessage()
    _headers(msg, view, colour, roster, found is not None, tr)
    body = _flowed(lines)
    msg.set_content(body, subtype="plain", charset="utf-8", cte="quoted-printable")
    if any(line.endswith(" ") for line in body.split("\n")):
        msg.set_param("format", "flowed")
    msg.add_attachment(io.canonical(view), maintype="application", subtype="json",
                       filename=f"view-{colour}-{view.decision:04d}.json")
    if pictures != "none":
        failed = _attach_pictures(msg, view, pictures == "png")
        if failed is not None and warnings is None:
            raise Malformed([failed])
        if failed is not None and warnings is not None:
            warnings.append(failed)
    msg.set_boundary(f"trajan-{view.chain.hash[:32]}")  # same game file, same bytes
    return msg


def _attach_pictures(msg: EmailMessage, view: GameView, png: bool) -> Problem | None:
    """The board as the player sees it (issue 19), attached where the drawing extra is
    installed (the mail is complete without it, as the README says); what kept a picture
    out otherwise: a drawing that failed, a PNG asked for with no Chromium to make it."""
    import importlib.util

    if importlib.util.find_spec("drawsvg") is None:
        return None
    from adjudicator.drawing import board_png, board_svg

    name = f"board-{view.viewer}-{view.decision:04d}"
    try:
        svg = board_svg(view).encode()
        picture = board_png(view) if png else None
    except Exception as e:  # noqa: BLE001 - any drawing failure is reported by the caller, never dropped
        return problem("mail.picture_failed", "$", f"The board picture for {view.viewer} could not be drawn "
                       f"({type(e).__name__}: {str(e)[:200]}); the mail was written without it.")
    msg.add_attachment(svg, maintype="image", subtype="svg+xml", filename=f"{name}.svg")
    if picture is not None:
        msg.add_attachment(picture, maintype="image", subtype="png", filename=f"{name}.png")
    elif png:
        return problem("mail.picture_unavailable", "$", "The PNG board picture was left out of the mails "
                       "(the SVG is attached): it needs Chromium, which is not installed.")
    return None


def _headers(msg: EmailMessage, view: GameView, colour: PlayerColour, roster: Roster | None,
             decides: bool, tr: Translator = ENGLISH) -> None:
    game = terminal(view.game_id)
    # The subject's "Trajan GAME, decision N:" stays as it is in every language: replies are
    # routed by it (adjudicator.mail.judge.compose.game_in_subject).
    what = (tr.gettext("your decision ({kind})").format(kind=kind_of(view.pending)) if decides
            else tr.gettext("news"))
    # Text from the roster and the game file goes through headers.py: never decoded (issue 25).
    msg["Subject"] = headers.text("Subject", f"Trajan {game}, decision {view.decision}: {what} ({colour})")
    judge = roster.judge if roster is not None and roster.judge else JUDGE
    msg["From"] = headers.mailbox("From", tr.gettext("Trajan judge"), judge)
    seat = roster.players.get(colour) if roster is not None else None
    if seat is not None:
        msg["To"] = headers.mailbox("To", terminal(seat.name), seat.address)
    domain = judge.rpartition("@")[2]
    msg["Message-ID"] = f"<trajan.{view.chain.hash[:24]}.{colour}@{domain}>"
    msg["X-Trajan-Game"] = headers.text("X-Trajan-Game", game)
    msg["X-Trajan-Decision"] = str(view.decision)
    msg["X-Trajan-Player"] = colour
    msg["X-Trajan-Game-File"] = view.chain.hash


def _flowed(lines: list[str]) -> str:
    """The body: a line over 78 characters (a long notation line) gets soft breaks
    (RFC 3676, a space before the break), which ``format=flowed`` clients join again."""
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if line.startswith((" ", ">", "From ")) and len(line) >= text.MOST:
            line = " " + line  # space-stuffed, as flowed text requires
        while len(line) > text.MOST:
            cut = line.rfind(" ", 1, text.WIDTH)
            cut = cut if cut > 0 else line.find(" ", text.WIDTH)
            if cut <= 0:
                break
            out.append(line[:cut + 1])
            line = line[cut + 1:]
        out.append(line)
    return "\n".join(out) + "\n"


def player_mails(state: GameState, private: Mapping[PlayerColour, str], roster: Roster | None = None,
                 number: int | None = None, pictures: Pictures = "svg", told: Told | None = None,
                 language: Language = "en") -> list[Mail]:
    """Every player's mail after an accepted order (``state``: the game after it;
    ``private``: each player's private report of it, English; ``number``: the order's
    number in the log, by default the decision it answered).  A player whose roster
    language is not English gets their report from ``told`` (the same events in their
    language); ``language``: the default where the roster names none (the judge's)."""
    n = number if number is not None else state.decision - 1
    mails = []
    for colour in state.seats:
        view = view_of(state, colour)
        name = f"{n:04d}-{state.chain.hash[:8]}-{colour}.eml"
        found: list[Problem] = []
        tr = player_translator(roster, colour, language)
        report = told(colour, tr) if told is not None and tr is not ENGLISH else private.get(colour, "")
        message = player_mail(view, report, roster, pictures, found, tr)
        mails.append(Mail(colour, name, message, tuple(found)))
    return mails


def write_player_mails(outbox: str, state: GameState, private: Mapping[PlayerColour, str],
                       roster: Roster | None = None, number: int | None = None,
                       outputs: OutputSet | None = None, pictures: Pictures = "svg",
                       warnings: list[Problem] | None = None, told: Told | None = None) -> list[str]:
    """Write every player's mail into ``outbox`` (made if missing); the paths written.

    With ``outputs``, the files join that set (committed by the caller with its others).
    What was left out of the mails (a board picture) goes into ``warnings`` (one problem
    for all mails), or is raised as :class:`Malformed` (nothing written) if none is given."""
    own = outputs is None
    out = outputs if outputs is not None else OutputSet(inputs={})
    out.folder(outbox)
    paths = []
    mails = player_mails(state, private, roster, number, pictures, told)
    left_out = unique_warnings(mails)
    if left_out and warnings is None:
        raise Malformed(left_out)
    for mail in mails:
        path = os.path.join(outbox, mail.file_name)
        out.add(path, bytes(mail.message), option="--outbox", folder=outbox)
        paths.append(path)
    if warnings is not None:
        warnings.extend(left_out)
    if own:
        out.commit()
    return paths



def unique_warnings(mails: list[Mail]) -> list[Problem]:
    """The mails' warnings, each once (every player's mail lacks the same picture)."""
    found: list[Problem] = []
    for mail in mails:
        found += [w for w in mail.warnings if all(w.code != f.code for f in found)]
    return found
