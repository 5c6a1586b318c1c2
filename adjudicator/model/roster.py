"""The roster: who plays which colour and where their mail goes (issue 17).

Kept by the game master beside the game's log in a TOML file edited by hand
(``roster.toml``), read by :func:`adjudicator.mail.outgoing.roster.load_roster`.  It is
not part of the game file: addresses never enter the hash chain, a report or a view.
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
    in which language (default: the roster's ``language``)."""

    name: Name
    address: Address
    mail: MailMode = "decisions"
    attach_view: bool = False  # the view file attached (for ``trajan check``/``options``)
    pictures: Pictures | None = None  # None: the roster's ``pictures``
    order_page: bool = True  # the order composer page (issue 29) attached to each decision mail
    language: Language | None = None


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

    def language_of(self, colour: PlayerColour, default: Language = "en") -> Language:
        """The language of ``colour``'s mail: their seat's, else the roster's, else ``default``
        (the judge's ``language`` in a mail-judge game)."""
        seat = self.players.get(colour)
        return (seat.language if seat is not None and seat.language else None) or self.language or default
