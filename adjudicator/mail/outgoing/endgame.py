"""The final mail of a game (issue 28): scores and how they were made, the ranking, the
record and the replay page, the seed, and how to check it all.

:func:`breakdown` replays a finished log's orders to gather every change of victory
points by its source (the ``score_changed`` events: Trajan tiles, construction, the
senate, legionnaires, shipping, the people's demands, and each line of the final
scoring); :func:`final_mail` writes the mail to one reader, with the files attached or,
when one is larger than the limit, its size and how to make it.  Everything in the mail
is public once the game is over (the seed is revealed then).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from adjudicator.digest import hexdigest
from adjudicator.escape import terminal
from adjudicator.files import io
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.reasons import reason_text
from adjudicator.mail.outgoing import headers
from adjudicator.mail.outgoing.text import edit_body, title, wrap
from adjudicator.model.events import ScoreChanged
from adjudicator.model.state import GameOver, GameState

FINAL = "final scoring: "
# The sources of victory points during the game, by how their reasons begin (the rules'
# scoring sites: rules/actions, rules/special, rules/quarter; rules/scoring for the end).
SOURCES = (("Trajan tile", "Trajan tiles"), ("construction tile", "construction tiles"),
           ("senate track", "the senate"), ("legionnaire in", "legionnaires in the provinces"),
           ("people's demands", "the people's demands"))
SHIPPING, OTHER = "shipping", "other"
SHIP = " ship ("


@dataclass(frozen=True)
class Attachment:
    """A file for the final mail: attached if ``data`` is given, else ``size`` and ``how``."""

    name: str
    maintype: str
    subtype: str
    what: str  # what it is, for the mail
    data: bytes | None
    size: int
    how: str  # how to get it when it is not attached


def source(reason: str) -> str:
    """The heading a reason for victory points is counted under."""
    if reason.startswith(FINAL):
        return reason
    if SHIP in reason:
        return SHIPPING
    return next((heading for start, heading in SOURCES if reason.startswith(start)), OTHER)


def heading_text(heading: str, tr: Translator = ENGLISH) -> str:
    """A source's heading (:data:`SOURCES`) in ``tr``'s language."""
    return {"Trajan tiles": tr.pgettext("points from", "Trajan tiles"),
            "construction tiles": tr.pgettext("points from", "construction tiles"),
            "the senate": tr.pgettext("points from", "the senate"),
            "legionnaires in the provinces": tr.pgettext("points from", "legionnaires in the provinces"),
            "the people's demands": tr.pgettext("points from", "the people's demands"),
            "shipping": tr.pgettext("points from", "shipping"),
            "other": tr.pgettext("points from", "other")}.get(heading, heading)


def breakdown(log: Path, last: int) -> dict[str, dict[str, int]]:
    """Each colour's victory points by source over the log's steps 1 to ``last``."""
    from adjudicator.game.engine import adjudicate

    state = io.load_game(io.read_bytes(str(log / "0000-game.json")), "0000-game.json")
    out: dict[str, dict[str, int]] = {c: {} for c in state.seats}
    for k in range(1, last + 1):
        orders = io.load_orders(io.read_bytes(str(log / f"{k:04d}-orders.json")), f"{k:04d}-orders.json")
        outcome = adjudicate(state, orders)
        for e in outcome.events:
            if isinstance(e, ScoreChanged) and e.vp:
                mine = out[e.player]
                mine[source(e.reason)] = mine.get(source(e.reason), 0) + e.vp
        state = outcome.state
    return out


def score_lines(state: GameState, names: Mapping[str, str],
                scored: Mapping[str, Mapping[str, int]], tr: Translator = ENGLISH) -> list[str]:
    """The ranking with each player's victory points, then how each made them (in ``tr``'s
    language; the sources in the order of their English names, the same in every mail)."""
    assert isinstance(state.pending, GameOver)
    _ = tr.gettext
    vp = {p.colour: p.vp for p in state.players}
    lines = [title(_("The final scores")), ""]
    for place, colour in enumerate(state.pending.ranking, start=1):
        lines.append(_("{place}. {name}: {vp} VP").format(place=f"{place:>2}", name=names.get(colour, colour),
                                                          vp=vp[colour]))
    lines += ["", title(_("How they scored")), ""]
    nothing = "    " + _("nothing")
    for colour in state.pending.ranking:
        parts = scored.get(colour, {})
        during = sorted((h, v) for h, v in parts.items() if not h.startswith(FINAL))
        final = [(reason_text(h[len(FINAL):], tr), v) for h, v in parts.items() if h.startswith(FINAL)]
        lines += [_("{name}: {vp} VP").format(name=names.get(colour, colour), vp=vp[colour]),
                  "  " + _("During the game:")]
        lines += [w for h, v in during for w in wrap(f"    {heading_text(h, tr)}: {v:+d}")] or [nothing]
        lines.append("  " + _("Final scoring:"))
        lines += [w for h, v in final for w in wrap(f"    {h}: {v:+d}")] or [nothing]
    return lines


def final_sections(state: GameState, *, scores: list[str], figures: Sequence[str],
                   files: Sequence[Attachment], verify: str, tr: Translator = ENGLISH) -> list[str]:
    """What the end of the game tells every reader: the scores, the answers, the seed, the
    record and the replay page, and how to check them (in ``tr``'s language)."""
    _ = tr.gettext
    lines = [*scores]
    if figures:
        lines += ["", title(_("Answers")), "", *figures]
    lines += ["", title(_("The seed")), "",
              *wrap(_("The seed of every shuffle, secret until now (the game's first file committed to it, "
                      "and the record holds it): {seed}").format(seed=terminal(state.seed))),
              "", title(_("The record and the replay page")), ""]
    for f in files:
        size = _("{size} bytes").format(size=f"{f.size:,}")
        if f.data is not None:
            lines += wrap(_("Attached: {name} ({size}), {what}.").format(name=f.name, size=size, what=f.what))
        else:
            lines += wrap(_("Not attached: {name} ({size}), {what}. {how}").format(
                name=f.name, size=size, what=f.what, how=f.how))
    return lines + ["", title(_("Check it yourself")), "",
                    *wrap(_("Save the judge's mails to you as .eml files in a folder, say trajan-mails/, put "
                            "the record beside it, and run (on Windows: type trajan-mails\\*.eml > "
                            "trajan-mails.txt):")),
                    "", *(f"    {line}" for line in verify.split("\n")), "",
                    *wrap(_("It replays the record from its seed and checks that every game file your "
                            "mails named (their \"Game file:\" lines) is in it: the game you were shown is "
                            "the game recorded."))]


def final_mail(state: GameState, *, sender: str, to: str, name: str, colour: str | None,
               sections: Sequence[str], files: Sequence[Attachment], now: datetime,
               tr: Translator = ENGLISH) -> EmailMessage:
    """The final mail to one reader who gets no mail of the last step (``colour``: their
    seat, None for an observer or the game master): ``sections`` (:func:`final_sections`)."""
    _ = tr.gettext
    game = terminal(state.game_id)
    hello = (_("Hello {name} ({colour}),").format(name=terminal(name), colour=colour) if colour
             else _("Hello {name},").format(name=terminal(name)))
    lines = [hello, "", *wrap(_("The game {game} is over. Thank you for playing.").format(game=game) if colour
                              else _("The game {game} you followed is over.").format(game=game)), "",
             *sections, "", f"Game file: {state.chain.hash}"]
    message = EmailMessage()
    message["From"] = headers.mailbox("From", "Trajan judge", sender)
    message["To"] = headers.mailbox("To", terminal(name), to)
    message["Subject"] = final_subject(state, tr)
    message["Date"] = format_datetime(now)
    reader = hexdigest(to.lower().encode())[:12]
    domain = sender.rpartition("@")[2] or "localhost"
    message["Message-ID"] = f"<trajan.{state.chain.hash[:24]}.final.{reader}@{domain}>"
    message["X-Trajan-Game"] = headers.text("X-Trajan-Game", game)
    message["X-Trajan-Game-File"] = state.chain.hash  # the game file it tells, as a step's mail does
    message.set_content("\n".join(lines) + "\n", subtype="plain", charset="utf-8", cte="quoted-printable")
    _attach(message, files)
    return message


def fold(message: EmailMessage, state: GameState, sections: Sequence[str], files: Sequence[Attachment],
         before: str, tr: Translator = ENGLISH) -> None:
    """The final mail folded into the mail of the last step: ``sections`` before its line
    ``before`` (the title of the game's state), the files attached, the final subject."""
    def insert(text: list[str]) -> None:
        at = text.index(before) if before in text else len(text)
        text[at:at] = [*sections, ""]

    edit_body(message, insert)
    del message["Subject"]
    message["Subject"] = final_subject(state, tr)
    _attach(message, files)


def final_subject(state: GameState, tr: Translator = ENGLISH) -> headers.Field:
    """The subject of the final mail (the same in a folded mail)."""
    return headers.text("Subject", "[Trajan {game}] {what}".format(
        game=terminal(state.game_id), what=tr.gettext("the game is over")))


def _attach(message: EmailMessage, files: Sequence[Attachment]) -> None:
    for f in files:
        if f.data is not None:
            message.add_attachment(f.data, maintype=f.maintype, subtype=f.subtype, filename=f.name)
