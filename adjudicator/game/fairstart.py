"""The fair start: no one, the game master included, can choose or predict the shuffles.

1. ``trajan new --fair`` draws the game master's secret (128 random bits) and writes the
   pending fair start (:class:`~adjudicator.model.fairstart.FairStart`); the game master
   sends every player its announcement (:mod:`adjudicator.game.announcement`): the game id,
   seats, start player, options, who must contribute, the commitment (SHA-256 of
   ``"trajan-seed-commitment:" + secret``) and the digest of all of them.
2. Each contributor then sends a random value of their own, best made with ``trajan
   contribution`` (:func:`make_contribution`), which binds it to the announcement and
   keeps a receipt; ``trajan contribute`` records it.
3. When every contributor has sent one, ``trajan start`` writes the game: its ``seed`` is
   the secret, ``seeding`` holds the contributions, and every shuffle and the start player
   come from SHA-256 of the secret and all contributions
   (:func:`adjudicator.game.seeding.setup_seed`).

The secret was fixed before any contribution was known, so the game master cannot steer
the shuffles; no player knows the secret, so no player can predict them.  When the game is
over the secret is revealed and ``trajan verify`` proves the commitment and re-derives the
whole setup from the secret and the recorded contributions; with the announcement and
the players' receipts as witnesses it proves the terms are the announced ones and every
recorded value is its sender's (:mod:`adjudicator.logs.witness`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from msgspec.structs import replace

from adjudicator.errors import Illegal, Inconsistent, Malformed, problem
from adjudicator.game import announcement as announcements
from adjudicator.game import seeding as seeds
from adjudicator.game.announcement import (
    DIGEST,
    GAME,
    Terms,
    contribution_value,
    digest,
    in_words,
    numbered,
    terms_from,
    terms_of_pending,
)
from adjudicator.game.chain import commitment
from adjudicator.game.newgame import DEFAULT_OPTIONS, check_players, new_game
from adjudicator.model.fairstart import FairStart
from adjudicator.model.state import CONTRIBUTION_PATTERN, Contribution, GameState, Options

MIN_CONTRIBUTION = 16
_VALUE = re.compile(CONTRIBUTION_PATTERN)


def propose(players: Sequence[str], secret: str, *, first: str | None = None,
            options: Options = DEFAULT_OPTIONS, game_id: str | None = None,
            contributors: Sequence[str] | None = None) -> FairStart:
    """The pending fair start of a new game (step 1); ``contributors``: who must contribute
    (default: every seat)."""
    seats = tuple(check_players(players, first))
    chosen = check_contributors(seats, contributors)
    problems = seeds.seed_problems(secret, "fair")
    if problems:
        raise Malformed(problems)
    committed = commitment(secret)
    derived = seeds.default_game_id(committed, seats, first, options, chosen)
    return FairStart(game_id=game_id if game_id is not None else derived,
                     game_id_chosen=game_id is not None, seats=seats, first=first,  # type: ignore[arg-type]
                     options=options, contributors=chosen, secret=secret,  # type: ignore[arg-type]
                     commitment=committed)


def check_contributors(seats: Sequence[str], contributors: Sequence[str] | None) -> tuple[str, ...]:
    """The contributors in seat order (every seat when not given), or :class:`Malformed`."""
    if contributors is None:
        return tuple(seats)
    problems = [problem("fair.not_seated", f"--contributors[{i}]",
                        f"{c!r} has no seat in this game; the seats are {', '.join(seats)}.")
                for i, c in enumerate(contributors) if c not in seats]
    if not problems and not contributors:
        problems.append(problem("fair.no_contributors", "--contributors",
                                "A fair start needs at least one contributor besides the game master."))
    if problems:
        raise Malformed(problems)
    return tuple(s for s in seats if s in contributors)


def announcement(pending: FairStart) -> str:
    """What the game master sends every player before any contribution."""
    terms = terms_of_pending(pending)
    others = [s for s in pending.seats if s not in pending.contributors]
    who = ("Every player now sends" if not others else
           f"{in_words(pending.contributors)} (not {in_words(others)}) now send")
    return (terms.text() + "\n"
            f"Keep this message. {who} the game master a random value: best the one "
            f"`trajan contribution THIS-MESSAGE --player COLOUR -o RECEIPT` prints, which keeps a receipt "
            f"binding your value to these terms; or any random value of {MIN_CONTRIBUTION} to 100 letters "
            "and digits (keep a copy: `Contribution: COLOUR=VALUE`). The shuffles come from the game "
            "master's secret behind the commitment and every contributor's value; when the game is over, "
            "`trajan verify LOG --witness THIS-MESSAGE --witness RECEIPT` proves that the game was set up "
            "under these terms and with your value.\n")


def contribute(pending: FairStart, player: str, value: str) -> FairStart:
    """``pending`` with ``player``'s value recorded (step 2); contributions stay in seat order."""
    if player not in pending.seats:
        raise Malformed([problem("fair.not_seated", "--player",
                                 f"{player!r} has no seat in this game; the seats are "
                                 f"{', '.join(pending.seats)}.")])
    if player not in pending.contributors:
        raise Malformed([problem("fair.not_a_contributor", "--player",
                                 f"{player} is not one of the contributors the announcement named "
                                 f"({', '.join(pending.contributors)}).")])
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
    """The contributors who have not contributed yet."""
    given = {c.player for c in pending.contributions}
    return [s for s in pending.contributors if s not in given]


def start(pending: FairStart, file: str = "<fair start>") -> GameState:
    """The game set up from the secret and every contribution (step 3)."""
    waiting = missing(pending)
    if waiting:
        raise Illegal([problem("fair.waiting", "$.contributions",
                               f"Still waiting for the contribution of {', '.join(waiting)}.").located(file)])
    return new_game(pending.seats, pending.secret, first=pending.first, options=pending.options,
                    game_id=pending.game_id if pending.game_id_chosen else None, method="fair",
                    contributions=pending.contributions)


@dataclass(frozen=True)
class Receipt:
    """A contribution made with ``trajan contribution``: the value to send and the receipt to keep."""

    value: str
    text: str


def make_contribution(text: str, player: str, key: str, file: str) -> Receipt:
    """``player``'s contribution to the fair start announced in ``text``, made from ``key``
    (the receipt holds the announcement's lines, the value and the key)."""
    terms, said = _announced_terms(text, file)
    if player not in terms.seats:
        raise Malformed([problem("fair.not_seated", "--player", f"{player!r} has no seat in this game; "
                                 f"the seats are {', '.join(terms.seats)}.")])
    if player not in terms.contributors:
        raise Malformed([problem("fair.not_a_contributor", "--player",
                                 f"{player} is not one of the contributors the announcement names "
                                 f"({', '.join(terms.contributors)}): send no value.")])
    value = contribution_value(said, player, key)
    return Receipt(value=value, text=(
        f"Receipt of {player}'s contribution to the fair start of game {terms.game_id}. Keep this file: "
        "it is your witness for `trajan verify --witness`.\n\n" + terms.text() + "\n"
        f"Contribution: {player}={value}\nContribution key: {player}={key}\n"))


def _announced_terms(text: str, file: str) -> tuple[Terms, str]:
    """The terms of the one announcement in ``text`` and its digest, checked."""
    found = announcements.read(numbered(text))
    if len(found) != 1:
        what = "no announcement of a fair start" if not found else f"{len(found)} announcements"
        raise Malformed([problem("fair.no_announcement", "$", f"This file holds {what}; give the "
                                 "announcement of the game you contribute to, as the game master sent "
                                 "it.").located(file)])
    terms = terms_from(found[0])
    if terms is None:
        raise Malformed([problem("fair.old_announcement", "$", "This announcement does not state every "
                                 "term (an older release made it): reply with a random value of "
                                 f"{MIN_CONTRIBUTION} to 100 letters and digits instead, and keep a "
                                 "copy of it.").located(file)])
    said = found[0].lines[DIGEST]
    derived = seeds.game_id_from(terms.commitment, terms.seats, terms.first, terms.options,
                                 terms.contributors)
    if said[0] != digest(terms):
        raise Inconsistent([problem("fair.announcement_altered", f"line {said[1]}",
                                    "The announcement's hash is not the hash of its terms: a line was "
                                    "changed after it was made. Ask the game master for the announcement "
                                    "as sent, and send nothing until it checks.").located(file)])
    if not terms.game_id_chosen and terms.game_id != derived:
        line = found[0].lines[GAME][1]
        raise Inconsistent([problem("fair.announcement_game_id", f"line {line}",
                                    f"The announcement says the game id is derived, but these terms give "
                                    f"{derived}, not {terms.game_id}: send nothing until the game master "
                                    "explains.").located(file)])
    return terms, said[0]
