"""Seats, senate discs and the board: district, provinces, spaces, time."""


from __future__ import annotations

from collections import Counter

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.state import (
    GameState,
)

# --- Seats, discs and the board -------------------------------------------------------

def check_seats(state: GameState) -> list[Problem]:
    """2 to 4 seats, each colour once; the players listed in seat order; the start player seated."""
    problems = []
    n = len(state.seats)
    if n not in components().lap:
        problems.append(problem("state.player_count", "$.seats",
                                f"Trajan is played by 2 to 4 players, not {n}."))
    for k, colour in enumerate(state.seats):
        if state.seats.index(colour) != k:
            problems.append(problem("state.seat_repeated", f"$.seats[{k}]", f"{colour} has two seats."))
    colours = tuple(p.colour for p in state.players)
    if colours != state.seats:
        problems.append(problem("state.players_not_seats", "$.players",
                                f"The players must be listed once each in seat order "
                                f"({', '.join(state.seats)}), not {', '.join(colours) or 'none'}."))
    if state.start_player not in state.seats:
        problems.append(problem("state.unknown_player", "$.start_player",
                                f"The start player {state.start_player} has no seat."))
    return problems


def check_senate_stack(state: GameState) -> list[Problem]:
    """The senate stack holds one disc of every player."""
    if sorted(state.board.senate_stack) == sorted(state.seats):
        return []
    return [problem("state.senate_stack", "$.board.senate_stack",
                    "The senate stack must hold one disc of every player "
                    f"({', '.join(sorted(state.seats))}), not "
                    f"{', '.join(state.board.senate_stack) or 'none'}.")]


def check_district(state: GameState) -> list[Problem]:
    """The 20 district sites in board order, each with at most one worker of each (seated) player."""
    problems = []
    sites = tuple(s.site for s in state.board.district)
    if sites != components().sites:
        problems.append(problem("state.district_sites", "$.board.district",
                                "The construction district must list the 20 sites in board order "
                                f"({', '.join(components().sites)})."))
    colours = set(state.seats)
    for i, s in enumerate(state.board.district):
        for colour, n in sorted(Counter(s.workers).items()):
            if colour not in colours:
                problems.append(problem("state.unknown_player", f"$.board.district[{i}].workers",
                                        f"Site {s.site} holds a worker of {colour}, who is not playing."))
            elif n > 1:
                problems.append(problem("state.site_two_workers", f"$.board.district[{i}].workers",
                                        f"Site {s.site} holds {n} workers of {colour}; "
                                        "one own worker per site."))
    return problems


def check_provinces(state: GameState) -> list[Problem]:
    """The provinces listed once each, in board order."""
    have = tuple(s.province for s in state.board.provinces)
    want = tuple(p.id for p in components().board.provinces)
    if have == want:
        return []
    return [problem("state.provinces", "$.board.provinces",
                    f"The provinces must be listed once each in board order ({', '.join(want)}).")]


def check_spaces(state: GameState) -> list[Problem]:
    """Forum spaces, extra action spaces, revealed demands, bonus tiles by the senate."""
    b, c = state.board, components().board
    problems = []
    spaces = c.forum_spaces_per_player * len(state.seats)
    if len(b.forum) != spaces:
        problems.append(problem("state.forum_spaces", "$.board.forum",
                                f"The forum has {spaces} spaces with {len(state.seats)} players "
                                f"(empty ones are null), not {len(b.forum)}."))
    if len(b.forum_extra) != c.extra_action_spaces:
        problems.append(problem("state.forum_extra_spaces", "$.board.forum_extra",
                                f"The forum has {c.extra_action_spaces} extra action spaces "
                                f"(empty ones are null), not {len(b.forum_extra)}."))
    if len(b.demands) > c.rounds_per_quarter - 1:
        problems.append(problem("state.too_many_demands", "$.board.demands",
                                f"At most {c.rounds_per_quarter - 1} demand tiles are revealed in a "
                                f"quarter, not {len(b.demands)}."))
    if len(b.senate_bonus) > c.bonus_tiles_per_quarter:
        problems.append(problem("state.too_many_senate_bonus", "$.board.senate_bonus",
                                f"At most {c.bonus_tiles_per_quarter} bonus tiles lie beside the "
                                f"senate, not {len(b.senate_bonus)}."))
    return problems


def check_time(state: GameState) -> list[Problem]:
    """The time marker stands on the track of this number of players."""
    lap = components().lap.get(len(state.seats))
    if lap is None or state.board.time < lap:
        return []
    return [problem("state.time_off_track", "$.board.time",
                    f"The time track has {lap} spaces (0 to {lap - 1}) with {len(state.seats)} "
                    f"players; the time marker cannot stand on {state.board.time}.")]
