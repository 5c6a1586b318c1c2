"""The roster: who plays which colour and where their mail goes (issue 17).

Kept by the game master beside the game's log in a TOML file edited by hand
(``roster.toml``), read by :func:`adjudicator.mail.outgoing.roster.load_roster`.  It is
not part of the game file: addresses never enter the hash chain, a report or a view.

A campaign (issue 28) adds, all optional so that an older roster reads as before: the
game master's own address (``gm``: their commands by mail), observers (a name and an
address, no colour: they get the public mails only), and for each seat its generation
(raised when the seat passes to someone else: the token changes with it) and its history
(who held it before, until which step of the log).  The mail judge rewrites the roster
for ``trajan mail gm GAMEDIR replace`` and ``kick`` (:mod:`adjudicator.mail.judge.seats`).
"""

from typing import Annotated, Literal

import msgspec

from adjudicator.model.base import Model
from adjudicator.model.vocab import PlayerColour

# A display name: one line (no control or line character can pass: C0 and C1 controls,
# DEL, line and paragraph separators).  Bidi and other format characters are shown
# escaped (adjudicator/escape.py); the name reaches a mail header only as text
# (mail/outgoing/headers.py), never decoded there.
_LINES = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
_FORMAT = r"\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=f"^[^{_LINES}]+$")]
# A plain address local@domain: no spaces, angle brackets, quotes, commas, controls or
# format characters, and nothing a mail reader could take for an encoded word ("=?").
Address = Annotated[str, msgspec.Meta(min_length=3, max_length=254,
                                      pattern=rf'^(?!.*=\?)[^\s<>()\[\]\\,;:"@{_LINES}{_FORMAT}]+@[A-Za-z0-9.-]+\.[A-Za-z]{{2,}}$')]
# A time the judge wrote: ISO 8601 with its offset ("2026-03-02T09:00:00+00:00").
Moment = Annotated[str, msgspec.Meta(
    min_length=10, max_length=40, pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+([+-][0-9]{2}:[0-9]{2}|Z)$")]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]


class PastHolder(Model, frozen=True):
    """Someone who held a seat before its present holder (or a time it stood vacant)."""

    name: Name
    address: Address
    generation: Count  # the seat's generation while they held it (their token's)
    until_step: Count  # the last step of the log in their time (later steps are their successor's)
    decision: Count  # the decision pending when the seat passed on (for people)
    left: Moment  # when the seat passed on
    vacant: bool = False  # the seat stood vacant (kicked): its stand-in played, nobody held it


# The languages a player's mail may be in (issue 31; adjudicator.i18n): BCP 47 tags.
Language = Literal["en", "pt-BR", "de", "fr"]
# How often a player gets mail from the mail judge (issue 27): "decisions", when they must
# decide (with all news since their last mail) and at each quarter's end and the game's end;
# "every-step", after every step of the game; "digest", as "decisions", plus at most one
# news mail a day.
MailMode = Literal["decisions", "every-step", "digest"]
# The board picture a mail carries: PNG (shown inline by mail clients), SVG, or none.
Pictures = Literal["svg", "png", "none"]


class Seat(Model, kw_only=True, frozen=True):
    """One player: the name their mails greet them by, their address, and how they want
    their mail (every field after the address is optional, so older rosters still load),
    in which language (default: the roster's ``language``).

    ``generation`` goes up by one each time the seat passes to someone else: the token of
    the seat is derived with it, so the former holder's token stops working at once.  A
    ``vacant`` seat (its holder kicked, nobody new yet) is played by the stand-in bot and
    gets no mail; its name and address are placeholders."""

    name: Name
    address: Address
    mail: MailMode = "decisions"
    attach_view: bool = False  # the view file attached (for ``trajan check``/``options``)
    pictures: Pictures | None = None  # None: the roster's ``pictures``
    order_page: bool = True  # the order composer page (issue 29) attached to each decision mail
    language: Language | None = None
    generation: Count = 0
    history: tuple[PastHolder, ...] = ()
    vacant: bool = False


class Observer(Model, frozen=True):
    """Someone who follows the game with no colour: the public mails only."""

    name: Name
    address: Address


class Roster(Model, kw_only=True, frozen=True):
    """Every player of one game by colour; ``game`` (optional) the game id it belongs to."""

    game: str | None = None
    # The game master's own address, the sender of every mail (From:).
    judge: Address | None = None
    # The board picture of every seat that names none (None: PNG where it can be made).
    pictures: Pictures | None = None
    # The language of every player's mail unless their seat names one (default English).
    language: Language | None = None
    players: dict[PlayerColour, Seat]
    # The game master's address: their commands by mail come from it (with their token),
    # and the judge's mails to the game master (a seat abandoned) go to it.
    gm: Address | None = None
    observers: tuple[Observer, ...] = ()

    def language_of(self, colour: PlayerColour, default: Language = "en") -> Language:
        """The language of ``colour``'s mail: their seat's, else the roster's, else ``default``
        (the judge's ``language`` in a mail-judge game)."""
        seat = self.players.get(colour)
        return (seat.language if seat is not None and seat.language else None) or self.language or default


def tenures(seat: Seat) -> list[tuple[str | None, int]]:
    """Each holder of the seat in order (None: it stood vacant) and the first log step of
    their time (a game record's ``holders``: :mod:`adjudicator.records.form`). A holder
    whose time held no step (the seat passed on again before the game moved) is left out,
    since a record's times must follow each other."""
    out: list[tuple[str | None, int]] = []
    start = 1
    for past in seat.history:
        _add_time(out, None if past.vacant else past.name, start)
        start = past.until_step + 1
    _add_time(out, None if seat.vacant else seat.name, start)
    return out


def _add_time(out: list[tuple[str | None, int]], holder: str | None, start: int) -> None:
    if out and out[-1][1] == start:  # the previous holder's time held no step
        out.pop()
    out.append((holder, start))
