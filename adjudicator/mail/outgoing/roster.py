"""Reading the roster (``roster.toml``): TOML, checked against ``roster.schema.json``.

Every problem has a code, a path and a sentence, like every other input: TOML syntax
(``roster.toml``), the schema (``schema.*`` with the JSON path of the bad value) and
the game (``roster.game``, ``roster.missing_player``).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.files.json_problems import schema_problems
from adjudicator.model.roster import Roster
from adjudicator.model.vocab import PlayerColour


def load_roster(data: bytes, file: str) -> Roster:
    """The roster in ``data`` (TOML); raises :class:`Malformed` with every problem."""
    import tomllib

    try:
        value = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Malformed([problem("roster.encoding", "$", "The roster is not UTF-8 text.").located(file)]) \
            from None
    except tomllib.TOMLDecodeError as e:
        raise Malformed([problem("roster.toml", "$", f"The roster is not valid TOML: {e}.").located(file)]) \
            from None
    problems = schema_problems(value, "roster.schema.json")
    if problems:
        raise Malformed([p.located(file) for p in problems])
    return msgspec.convert(value, Roster)


def read_roster(path: str) -> Roster:
    return load_roster(io.read_bytes(path), path)


def roster_problems(roster: Roster, game_id: str, seats: Sequence[PlayerColour]) -> list[Problem]:
    """Whether the roster fits the game: its id (if given) and a seat for every colour."""
    problems = []
    if roster.game is not None and roster.game != game_id:
        problems.append(problem("roster.game", "$.game",
                                f"This roster is for the game {roster.game!r}, not {game_id!r}."))
    for colour in seats:
        if colour not in roster.players:
            problems.append(problem("roster.missing_player", f"$.players.{colour}",
                                    f"The roster has no name and address for {colour}."))
    return problems
