"""The roster as the judge reads it: ``GAMEDIR/roster.toml``, each colour's name and address.

```toml
game = "GAMEID"            # optional: the game it belongs to
[players.green]
name = "Alice"
address = "alice@example.org"
```
Addresses are compared case-insensitively.  The roster is not part of the game file, so
addresses never enter the log.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.model.vocab import PlayerColour


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    address: str


class Roster(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    game: str | None = None
    judge: str | None = None
    players: dict[PlayerColour, Seat]

    def colour_of(self, address: str) -> PlayerColour | None:
        found = [c for c, s in self.players.items() if s.address.lower() == address.lower()]
        return found[0] if len(found) == 1 else None


def read_roster(path: Path, game_id: str, seats: tuple[PlayerColour, ...]) -> Roster:
    import tomllib

    file = str(path)
    try:
        roster = msgspec.convert(tomllib.loads(io.read_bytes(file).decode("utf-8")), Roster)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, msgspec.ValidationError) as e:
        raise Malformed([problem("roster.invalid", "$", f"The roster is not valid: {e}.").located(file)]) \
            from None
    problems = []
    if roster.game is not None and roster.game != game_id:
        problems.append(problem("roster.game", "$.game", f"This roster is for the game {roster.game!r}, "
                                f"not {game_id!r}."))
    problems += [problem("roster.missing_player", f"$.players.{c}", f"The roster has no address for {c}.")
                 for c in seats if c not in roster.players]
    if problems:
        raise Malformed([p.located(file) for p in problems])
    return roster
