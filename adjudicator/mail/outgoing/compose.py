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
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.escape import terminal
from adjudicator.files import io
from adjudicator.files.write import OutputSet
from adjudicator.game.options import OptionsFile
from adjudicator.i18n import ENGLISH, Translator, translator
from adjudicator.mail.outgoing import headers, text
from adjudicator.model.events import Event
from adjudicator.model.roster import Language, Pictures, Roster
from adjudicator.model.state import GameOver, GameState, kind_of
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.redact import view_of
from adjudicator.views.view import GameView

JUDGE = "judge@trajan.invalid"  # the sender when the roster names none
# The board picture when nobody chose one: PNG, which mail clients show inline (SVG they
# offer as a file to open), and at this scale smaller than the SVG (issue 27).
DEFAULT_PICTURES: Pictures = "png"
PNG_SCALE = 0.7  # 1050 x 840 pixels, about 46 kB with Pillow (issue 27)
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


def player_mail(view: GameView, news: str | Sequence[str], roster: Roster | None = None,
                pictures: Pictures | None = "svg", *, notes: Sequence[str] = (), deadline: str | None = None,
                token: str | None = None, before: GameView | None = None, attach_view: bool | None = None,
                date: datetime | None = None, judge: str | None = None,
                warnings: list[Problem] | None = None, tr: Translator = ENGLISH) -> EmailMessage:
    """The mail for ``view.viewer``: what to decide (by ``deadline``), the reply template
    (with the player's ``token``), the news (``news``: the private reports since their last
    mail), the state; ``notes`` (receipts) at the top.  Attached: the view (``attach_view``;
    by default as the roster asks, and always without a roster) and the board picture
    (``pictures``: "png", "svg" or "none"; by default as the roster asks), the pieces that
    changed since ``before`` (the view of the player's last mail) marked.  A picture that
    fails to be drawn (or a PNG with no Chromium to make it) leaves the mail whole without
    it, and is reported: appended to ``warnings``, or raised (:class:`Malformed`) when no
    list is given.  A player who decides also gets the order composer page (issue 29; their
    seat's ``order_page``), its mail link to ``judge`` (default: the roster's), with ``token``.
    ``tr``: the player's language (``news`` is already in it)."""
    colour = view.viewer
    assert colour is not None
    seat = roster.players.get(colour) if roster is not None else None
    found = text.player_options(view)
    page = None
    if found is not None and (seat is None or seat.order_page):  # the order composer page (issue 29)
        from adjudicator.compose.attach import make_order_page

        page, failed = make_order_page(view, judge or (roster.judge if roster is not None else None), token)
        _report(failed, warnings)
    name = seat.name if seat else colour
    lines = _body(view, found, name, news, notes, deadline, token, page is not None, tr)
    msg = EmailMessage()
    _headers(msg, view, colour, roster, found is not None, judge, date, tr)
    body = _flowed(lines)
    msg.set_content(body, subtype="plain", charset="utf-8", cte="quoted-printable")
    if any(line.endswith(" ") for line in body.split("\n")):
        msg.set_param("format", "flowed")
    if attach_view if attach_view is not None else (seat.attach_view if seat is not None else True):
        msg.add_attachment(io.canonical(view), maintype="application", subtype="json",
                           filename=f"view-{colour}-{view.decision:04d}.json")
    chosen = pictures if pictures is not None else picture_choice(roster, colour)
    if chosen != "none":
        _report(_attach_picture(msg, view, chosen, before), warnings)
    if page is not None:
        from adjudicator.compose.attach import add_order_page

        add_order_page(msg, view, page)
    msg.set_boundary(f"trajan-{view.chain.hash[:32]}")  # same game file, same bytes
    return msg


def _body(view: GameView, found: OptionsFile | None, name: str, news: str | Sequence[str],
          notes: Sequence[str], deadline: str | None, token: str | None, page: bool,
          tr: Translator) -> list[str]:
    """The text of a player's mail, line by line (``page``: the order page is attached)."""
    assert view.viewer is not None
    lines = text.greeting(name, view.viewer, tr)
    lines += [*(w for note in notes for w in text.wrap(note)), *([""] if notes else [])]
    lines += [*text.opening(view, found is not None, deadline, tr), ""]
    if found is not None:
        lines += [*text.decide_section(view, found, tr, page), "",
                  *text.template_section(view, view.viewer, token, tr), ""]
    reports = [news] if isinstance(news, str) else list(news)
    said = text.news_section(reports, tr)
    witness = tr.gettext("Game file: {hash}").format(hash=view.chain.hash)
    lines += [*said, *([""] if said else []), *text.state_section(view, tr), "", witness]
    if token is not None:
        yours = tr.gettext('Your token for this game is {token}; keep it to yourself. Reply with the subject '
                          '"resend" to get this mail again.')
        lines += ["", *text.wrap(yours.format(token=token))]
    return lines + text.glossary_section(lines, tr)


def _report(failed: Problem | None, warnings: list[Problem] | None) -> None:
    """A part left out of a mail: appended to ``warnings``, or raised without a list."""
    if failed is not None and warnings is None:
        raise Malformed([failed])
    if failed is not None and warnings is not None:
        warnings.append(failed)


def picture_choice(roster: Roster | None, colour: PlayerColour, fallback: Pictures | None = None) -> Pictures:
    """The board picture a player's mails carry: their seat's choice, else the roster's,
    else ``fallback`` (the judge's setting), else :data:`DEFAULT_PICTURES`."""
    seat = roster.players.get(colour) if roster is not None else None
    if seat is not None and seat.pictures is not None:
        return seat.pictures
    if roster is not None and roster.pictures is not None:
        return roster.pictures
    return fallback or DEFAULT_PICTURES


def _attach_picture(msg: EmailMessage, view: GameView, kind: Pictures,
                    before: GameView | None) -> Problem | None:
    """The board as the player sees it (issue 19), as PNG (small: what mail clients show
    inline) or SVG, with what changed since ``before`` marked, where the drawing extra is
    installed (the mail is complete without it); what kept a picture out otherwise: a
    drawing that failed, a PNG with no Chromium to make it."""
    import importlib.util

    if importlib.util.find_spec("drawsvg") is None:
        return None
    from adjudicator.drawing import board_svg, svg_png
    from adjudicator.drawing.replay_changes import marked

    name = f"board-{view.viewer}-{view.decision:04d}"
    try:
        svg = board_svg(view)
        if before is not None:
            svg = marked(svg, board_svg(before))
        picture = svg_png(svg, PNG_SCALE, small=True) if kind == "png" else svg.encode()
    except Exception as e:  # noqa: BLE001 - any drawing failure is reported by the caller, never dropped
        return problem("mail.picture_failed", "$", f"The board picture for {view.viewer} could not be drawn "
                       f"({type(e).__name__}: {str(e)[:200]}); the mail was written without it.")
    if picture is None:
        return problem("mail.picture_unavailable", "$", "The PNG board picture was left out of the mails: it "
                       "needs Chromium, which is not installed (the roster's pictures = \"svg\" attaches the "
                       "SVG instead).")
    if kind == "png":
        msg.add_attachment(picture, maintype="image", subtype="png", filename=f"{name}.png",
                           disposition="inline")
    else:
        msg.add_attachment(picture, maintype="image", subtype="svg+xml", filename=f"{name}.svg")
    return None


def _headers(msg: EmailMessage, view: GameView, colour: PlayerColour, roster: Roster | None,
             decides: bool, judge: str | None, date: datetime | None, tr: Translator = ENGLISH) -> None:
    game = terminal(view.game_id)
    kind = kind_of(view.pending)
    # The subject's "[Trajan GAME] decision N:" stays as it is in every language: replies are
    # routed by it (adjudicator.mail.judge.compose.game_in_subject).
    what = (tr.gettext(text.SUBJECTS[kind]) if kind in text.SUBJECTS else kind) if decides else (
        tr.gettext("the game is over") if isinstance(view.pending, GameOver) else tr.gettext("news"))
    # Text from the roster and the game file goes through headers.py: never decoded (issue 25).
    title = subject_line(game, f"decision {view.decision}: {what} ({colour})")
    msg["Subject"] = headers.text("Subject", title)
    sender = judge or (roster.judge if roster is not None and roster.judge else JUDGE)
    msg["From"] = headers.mailbox("From", tr.gettext("Trajan judge"), sender)
    seat = roster.players.get(colour) if roster is not None else None
    if seat is not None:
        msg["To"] = headers.mailbox("To", terminal(seat.name), seat.address)
    if date is not None:
        msg["Date"] = format_datetime(date)
    domain = sender.rpartition("@")[2]
    msg["Message-ID"] = f"<trajan.{view.chain.hash[:24]}.{colour}@{domain}>"
    msg["X-Trajan-Game"] = headers.text("X-Trajan-Game", game)
    msg["X-Trajan-Decision"] = str(view.decision)
    msg["X-Trajan-Player"] = colour
    msg["X-Trajan-Game-File"] = view.chain.hash


def subject_line(game: str, what: str) -> str:
    """``[Trajan GAME] WHAT``, cut so that the header never folds (the game id kept whole)."""
    line = f"[Trajan {game}] {what}"
    return line if len(line) <= headers.WIDTH - len("Subject: ") else f"[Trajan {game}]"


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
        message = player_mail(view, report, roster, pictures, warnings=found, tr=tr)
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
