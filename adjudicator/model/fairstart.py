"""The pending fair start: the game master's file between ``new --fair`` and ``start``.

It holds the game master's secret (so it is never sent to players) and its commitment,
the seats, options, game id and contributors of the game to come (its announcement,
:mod:`adjudicator.game.announcement`), and the contributions received so far.  The
protocol is described in :mod:`adjudicator.game.fairstart`.
"""

from __future__ import annotations

from typing import Final, Literal

from adjudicator.model.base import Model
from adjudicator.model.state import Contribution, Options
from adjudicator.model.vocab import PlayerColour

FAIR_START_FORMAT: Final = 2


class FairStart(Model, kw_only=True, frozen=True):
    """The pending fair start (``pending.json``): the terms announced, the game master's
    secret and its commitment, and each contribution received; ``trajan start`` turns it
    into the game file once every contributor has sent one."""

    # Its own format (the game file's is model.state.FORMAT).  Format 2 (issue 25) names the
    # contributors; a format-1 file is read with every seat as a contributor.
    format: Literal[2] = FAIR_START_FORMAT
    kind: Literal["fair_start"] = "fair_start"
    game_id: str
    game_id_chosen: bool = False
    seats: tuple[PlayerColour, ...]
    # The start player chosen by hand; null: drawn from the setup seed.
    first: PlayerColour | None = None
    options: Options = Options()
    # The players who must contribute, in seat order (every seat unless the game master,
    # say, plays a seat: a contribution they choose knowing the secret would not be fair).
    contributors: tuple[PlayerColour, ...]
    # The game master's secret (the game's ``seed``) and its commitment, published first.
    secret: str
    commitment: str
    contributions: tuple[Contribution, ...] = ()


__all__ = ["FAIR_START_FORMAT", "FairStart"]
