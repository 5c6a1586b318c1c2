"""Invariants of a game file that no schema can express (issue 2, item 10).

``validate_state`` runs every check and returns every problem found, each with a
stable ``state.*`` code, a JSON path into the game file and one sentence.  The
checks are independent: a broken part of the file never stops another check.

* every component exactly once: 60 commodity cards, 70 forum tiles, 12 extra action
  tiles, 15 demand tiles, 54 Trajan tiles (by id), 20 construction tiles, 12 bonus
  tiles; 15 small tokens and 12 action markers per player; one senate disc each;
* positions legal: seats, the district and provinces in board order, forum spaces,
  the time marker on the track, the Arch of Trajan, one legionnaire per province and
  one own worker per site, [+2] markers on distinct actions;
* the pending decision coherent with the players and the turn in progress;
* the pending decision justified by the state (issue 8): setup decisions only while
  setting up (quarter 1, time 0, the hands and slots as far as setup has got), the
  demands and consul decisions only at the end of a quarter (3 demands revealed, 2
  bonus tiles to choose from, a real choice for each player asked), enough demand
  tiles face down for the rounds still to come, and a paused turn the engine can go
  on with.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.errors import Problem
from adjudicator.model.state import GameState
from adjudicator.rules.invariants.board import (
    check_district,
    check_provinces,
    check_seats,
    check_senate_stack,
    check_spaces,
    check_time,
)
from adjudicator.rules.invariants.common import Check
from adjudicator.rules.invariants.counting import (
    check_bonus_tiles,
    check_cards,
    check_construction_tiles,
    check_demand_tiles,
    check_extra_tiles,
    check_forum_tiles,
    check_trajan_places,
    check_trajan_tiles,
)
from adjudicator.rules.invariants.justified import (
    check_demand_supply,
    check_game_over,
    check_paused_turn,
    check_quarter_end,
    check_setup,
)
from adjudicator.rules.invariants.pending import check_pending_players, check_turn
from adjudicator.rules.invariants.players import (
    check_arch,
    check_legionnaires,
    check_markers,
    check_plus2,
    check_tokens,
    each_player,
)

CHECKS: Sequence[Check] = (
    check_seats,
    check_cards,
    check_forum_tiles,
    check_extra_tiles,
    check_demand_tiles,
    check_trajan_tiles,
    check_trajan_places,
    check_construction_tiles,
    check_bonus_tiles,
    each_player(check_tokens),
    each_player(check_markers),
    each_player(check_arch),
    each_player(check_legionnaires),
    each_player(check_plus2),
    check_senate_stack,
    check_district,
    check_provinces,
    check_spaces,
    check_time,
    check_pending_players,
    check_turn,
    check_setup,
    check_demand_supply,
    check_quarter_end,
    check_game_over,
    check_paused_turn,
)


def validate_state(state: GameState) -> list[Problem]:
    """Every broken invariant of ``state``; empty when the game file is consistent."""
    return [p for check in CHECKS for p in check(state)]
