"""The fair start: no one, the game master included, can choose or predict the shuffles.

1. ``trajan new --fair`` draws the game master's secret (128 random bits) and writes the
   pending fair start (:class:`~adjudicator.model.fairstart.FairStart`); the game master
   publishes its commitment, SHA-256 of ``"trajan-seed-commitment:" + secret``, and the
   game id, which is derived from the commitment.
2. Each player then sends a random value of their own (``trajan contribute`` records it).
3. When every player has contributed, ``trajan start`` writes the game: its ``seed`` is the
   secret, ``seeding`` holds the contributions, and every shuffle and the start player come
   from SHA-256 of the secret and all contributions (:func:`adjudicator.game.seeding.setup_seed`).

The secret was fixed before any contribution was known, so the game master cannot steer
the shuffles; no player knows the secret, so no player can predict them.  When the game is
over the secret is revealed and ``trajan verify`` proves the commitment and re-derives the
whole setup from the secret and the recorded contributions; each player checks that their
own value is among them (it is in every view, and ``verify --witness`` checks it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from msgspec.structs import replace

from adjudicator.errors import Illegal, Malformed, problem
from adjudicator.game import seeding as seeds
from adjudicator.game.chain import commitment
from adjudicator.game.newgame import DEFAULT_OPTIONS, check_players, new_game
from adjudicator.model.fairstart import FairStart
from adjudicator.model.state import CONTRIBUTION_PATTERN, Contribution, GameState, Options

MIN_CONTRIBUTION = 16
_VALUE = re.compile(CONTRIBUTION_PATTERN)


def propose(players: Sequence[str], secret: str, *, first: str | None = None,
            options: Options = DEFAULT_OPTIONS, game_id: str | None = None) -> FairStart:
    """The pending fair start of a new game (step 1)."""
    seats = tuple(check_players(players, first))
    problems = seeds.seed_problems(secret, "fair")
    if problems:
        raise Malformed(problems)
    committed = commitment(secret)
    derived = seeds.default_game_id(committed, seats, first, options)
    return FairStart(game_id=game_id if game_id is not None else derived,
                     game_id_chosen=game_id is not None, seats=seats, first=first,  # type: ignore[arg-type]
                     options=options, secret=secret, commitment=committed)


def contribute(pending: FairStart, player: str, value: str) -> FairStart:
    """``pending`` with ``player``'s value recorded (step 2); contributions stay in seat order."""
    if player not in pending.seats:
        raise Malformed([problem("fair.not_seated", "--player",
                                 f"{player!r} has no seat in this game; the seats are "
                                 f"{', '.join(pending.seats)}.")])
    if not _VALUE.match(value) or len(value) < MIN_CONTRIBUTION:
        raise Malformed([problem("fair.bad_value", "--value",
                                 f"A contribution is {MIN_CONTRIBUTION} to 100 letters, digits or "
                                 "'_.:-', drawn at random (the game master must not be able to guess it).")])
    if any(c.player == player for c in pending.contributions):
        raise Illegal([problem("fair.already_contributed", "--player",
                               f"{player} has already contributed; a contribution cannot be changed.")])
    given = {c.player: c for c in pending.contributions}
    given[player] = Contribution(player=player, value=value)
    ordered = tuple(given[s] for s in pending.seats if s in given)
    return replace(pending, contributions=ordered)


def missing(pending: FairStart) -> list[str]:
    """The players who have not contributed yet."""
    given = {c.player for c in pending.contributions}
    return [s for s in pending.seats if s not in given]


def start(pending: FairStart, file: str = "<fair start>") -> GameState:
    """The game set up from the secret and every contribution (step 3)."""
    waiting = missing(pending)
    if waiting:
        raise Illegal([problem("fair.waiting", "$.contributions",
                               f"Still waiting for the contribution of {', '.join(waiting)}.").located(file)])
    return new_game(pending.seats, pending.secret, first=pending.first, options=pending.options,
                    game_id=pending.game_id if pending.game_id_chosen else None, method="fair",
                    contributions=pending.contributions)
