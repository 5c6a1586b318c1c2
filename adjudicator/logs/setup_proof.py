"""What ``trajan verify`` proves about the start of a game (issue 14).

From the first game file alone (its commitment is public from the start):

* the game id is the one derived from the commitment and seats, unless the file says it
  was chosen by hand; so a new seed (a new commitment) cannot keep the game's id;
* a fair start has one contribution from each seat.

Once the game is over and its seed revealed:

* the seed matches the commitment;
* a seed of a game not marked as a test game has at least 16 characters;
* ``new`` with the revealed seed, the recorded seeding (method, contributions) and only
  what the file says was chosen by hand (start player, game id) gives the first game file
  again: every shuffle and the start player were drawn from the committed seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from adjudicator.errors import Problem, TrajanError, problem
from adjudicator.game import seeding as seeds
from adjudicator.game.announcement import CONTRIBUTORS, DIGEST, GAME_ID, OPTIONS, SEATS, START, in_words
from adjudicator.game.chain import commitment
from adjudicator.game.newgame import new_game
from adjudicator.model.state import GameState

if TYPE_CHECKING:
    from adjudicator.logs.verify import LogResult


def start_problem(first: GameState, name: str) -> Problem | None:
    """Why the first game file's id or seeding cannot be right, judged from the commitment."""
    s = first.seeding
    chosen_first = first.start_player if s.start_player_chosen else None
    derived = seeds.default_game_id(first.commitment, first.seats, chosen_first, first.options,
                                    seeds.contributors_of(s))
    if not s.game_id_chosen and first.game_id != derived:
        return problem("verify.game_id_unbound", "$.game_id",
                       "The game id is not the one derived from the commitment, seats, start player, "
                       "options and contributors, and the file does not say it was chosen by hand: the "
                       "setup was replaced or changed under this id."
                       ).located(name)
    found = seeds.contribution_problems(first.seats, s.method, s.contributions)
    if found:
        return problem("verify.contributions", found[0].path, found[0].message).located(name)
    return None


def setup_problem(first: GameState, seed: str, name: str) -> Problem | None:
    """Why the revealed ``seed`` does not give the first game file (None: it does)."""
    if commitment(seed) != first.commitment:
        return problem("verify.commitment_mismatch", "$.commitment",
                       "The revealed seed does not match the commitment recorded at setup.").located(name)
    s = first.seeding
    try:
        again = new_game(first.seats, seed, first=first.start_player if s.start_player_chosen else None,
                         options=first.options, game_id=first.game_id if s.game_id_chosen else None,
                         method=s.method, contributions=s.contributions)
    except TrajanError as e:
        return problem("verify.bad_seed", "$.seed",
                       f"The revealed seed could not have made this game: {e.problems[0].message}"
                       ).located(name)
    if again != first:
        from adjudicator.logs.verify import first_difference

        path = first_difference(msgspec.to_builtins(first), msgspec.to_builtins(again))
        what = {"$.start_player": "the start player was not drawn from the seed, yet the file does not "
                                  "say it was chosen by hand",
                "$.game_id": "the game id is not the one derived from the seed"}
        reason = what.get(path, "an edited shuffle?")
        return problem("verify.setup_mismatch", path,
                       f"The setup is not what `new` makes from the revealed seed ({reason}).").located(name)
    return None


def guarantees(result: LogResult) -> list[str]:
    """What a verified log proves, and what it cannot, in a few lines for people."""
    lines = []
    if result.seeding is not None:
        lines.append(f"Start: {seeds.describe(result.seeding)}.")
        given = [c.player for c in result.seeding.contributions]
        if result.commitment == "checked":
            lines.append("Setup: the revealed seed matches the commitment and gives every shuffle"
                         + (f" (with the contributions of {in_words(given)})" if given else "")
                         + (", the start player" if not result.seeding.start_player_chosen else "")
                         + (" and the game id" if not result.seeding.game_id_chosen else "") + ".")
        else:
            lines.append("Setup: not proven yet (the seed is revealed when the game is over).")
    choices = open_choices(result)
    if choices:
        lines.append(choices)
    if not result.witnesses:
        end = "" if result.game_over else " or cut short"
        lines.append(f"Witnesses: none, so this proves a legal game, not the game the players saw: a "
                     f"history replayed from any decision{end} would verify too (--witness).")
    else:
        lines.append(f"Witnesses: {result.witnesses}, all in the log: up to the latest of them, this is "
                     "the game the players saw.")
    return lines


_TERMS = {SEATS: "seats", START: "start player", OPTIONS: "options", GAME_ID: "game id",
          CONTRIBUTORS: "contributors"}


def open_choices(result: LogResult) -> str | None:
    """What the game master could still have chosen of the setup, given what was proven."""
    s = result.seeding
    if s is None:
        return None
    if s.method in ("test", "unmarked"):
        why = ("a test seed is neither secret nor fair" if s.method == "test" else
               "an older file claims nothing")
        return f"Game master: could have chosen the whole setup ({why})."
    if s.method == "master":
        return ("Game master: could have chosen the seed, and with it every shuffle"
                + ("" if s.start_player_chosen else " and the start player")
                + " (by drawing many before publishing the commitment).")
    bound = set(_TERMS) if DIGEST in result.announced else set(result.announced)
    loose = [name for label, name in _TERMS.items() if label not in bound]
    unconfirmed = [c.player for c in s.contributions if c.player not in result.receipts]
    choices = []
    if loose:
        choices.append(f"the {in_words(loose)} after seeing the contributions (no announcement among the "
                       "witnesses binds them)")
    if unconfirmed:
        many = len(unconfirmed) > 1
        choices.append(f"the value{'s' if many else ''} of {in_words(unconfirmed)}, and with "
                       f"{'them' if many else 'it'} the shuffles (no receipt among the witnesses)")
    if not choices:
        return ("Game master: could have chosen nothing of the setup after the announcement (its terms and "
                "every contribution are borne out), unless they showed the secret to a player.")
    return f"Game master: could still have chosen {'; and '.join(choices)}."
