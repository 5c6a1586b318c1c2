"""The roster: who plays which colour and where their mail goes (issue 17).

Kept by the game master beside the game's log in a TOML file edited by hand
(``roster.toml``), read by :func:`adjudicator.mail.outgoing.roster.load_roster`.  It is
not part of the game file: addresses never enter the hash chain, a report or a view.
"""

from typing import Annotated, Literal

import msgspec

from adjudicator.model.base import Model
from adjudicator.model.vocab import PlayerColour

# A display name: printable, one line (no control, line or format character can pass).
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")]
# A plain address local@domain: no spaces, angle brackets, quotes, commas or controls.
Address = Annotated[str, msgspec.Meta(min_length=3, max_length=254,
                                      pattern=r"^[^\s<>()\[\]\\,;:\"@]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")]


# How often a player gets mail from the mail judge (issue 27): "decisions", when they must
# decide (with all news since their last mail) and at each quarter's end and the game's end;
# "every-step", after every step of the game; "digest", as "decisions", plus at most one
# news mail a day.
MailMode = Literal["decisions", "every-step", "digest"]
# The board picture a mail carries: PNG (shown inline by mail clients), SVG, or none.
Pictures = Literal["svg", "png", "none"]


class Seat(Model, kw_only=True, frozen=True):
    """One player: the name their mails greet them by, their address, and how they want
    their mail (every field after the address is optional, so older rosters still load)."""

    name: Name
    address: Address
    mail: MailMode = "decisions"
    attach_view: bool = False  # the view file attached (for ``trajan check``/``options``)
    pictures: Pictures | None = None  # None: the roster's ``pictures``


class Roster(Model, kw_only=True, frozen=True):
    """Every player of one game by colour; ``game`` (optional) the game id it belongs to."""

    game: str | None = None
    # The game master's own address, the sender of every mail (From:).
    judge: Address | None = None
    # The board picture of every seat that names none (None: PNG where it can be made).
    pictures: Pictures | None = None
    players: dict[PlayerColour, Seat]
