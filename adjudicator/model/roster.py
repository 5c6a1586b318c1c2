"""The roster: who plays which colour and where their mail goes (issue 17).

Kept by the game master beside the game's log in a TOML file edited by hand
(``roster.toml``), read by :func:`adjudicator.mail.outgoing.roster.load_roster`.  It is
not part of the game file: addresses never enter the hash chain, a report or a view.
"""

from typing import Annotated

import msgspec

from adjudicator.model.base import Model
from adjudicator.model.vocab import PlayerColour

# A display name: printable, one line (no control, line or format character can pass).
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")]
# A plain address local@domain: no spaces, angle brackets, quotes, commas or controls.
Address = Annotated[str, msgspec.Meta(min_length=3, max_length=254,
                                      pattern=r"^[^\s<>()\[\]\\,;:\"@]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")]


class Seat(Model, frozen=True):
    """One player: the name their mails greet them by, and their address."""

    name: Name
    address: Address


class Roster(Model, kw_only=True, frozen=True):
    """Every player of one game by colour; ``game`` (optional) the game id it belongs to."""

    game: str | None = None
    # The game master's own address, the sender of every mail (From:).
    judge: Address | None = None
    players: dict[PlayerColour, Seat]
