"""The pending fair start: the game master's file between ``new --fair`` and ``start``.

It holds the game master's secret (so it is never sent to players) and its commitment,
the seats, options and game id of the game to come, and the contributions received so
far.  The protocol is described in :mod:`adjudicator.game.fairstart`.
"""

from __future__ import annotations

from typing import Literal

from adjudicator.model.base import Model
from adjudicator.model.state import Contribution, Options
from adjudicator.model.vocab import PlayerColour


class FairStart(Model, kw_only=True, frozen=True):
    format: Literal[1] = 1  # its own format (the game file's is model.state.FORMAT)
    kind: Literal["fair_start"] = "fair_start"
    game_id: str
    game_id_chosen: bool = False
    seats: tuple[PlayerColour, ...]
    # The start player chosen by hand; null: drawn from the setup seed.
    first: PlayerColour | None = None
    options: Options = Options()
    # The game master's secret (the game's ``seed``) and its commitment, published first.
    secret: str
    commitment: str
    contributions: tuple[Contribution, ...] = ()
