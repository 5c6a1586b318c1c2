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

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.state import (
    ChooseBonus,
    ContinueTurn,
    GameOver,
    GameState,
    MeetDemands,
    Player,
    SetupCards,
    SetupMarkers,
    SetupTrajan,
    kind_of,
)
from adjudicator.model.vocab import ACTIONS, MARKER_COLOURS, SLOT_OF, TRAJAN_CATEGORIES, PlayerColour

# Where components lie: (JSON path, the components there).
Ledger = list[tuple[str, Iterable[str]]]
Check = Callable[[GameState], list[Problem]]


def validate_state(state: GameState) -> list[Problem]:
    """Every broken invariant of ``state``; empty when the game file is consistent."""
    return [p for check in CHECKS for p in check(state)]


# --- Counting components ---------------------------------------------------------------

def _where(ledger: Ledger, kind: str) -> list[tuple[str, int]]:
    """The locations holding ``kind``, with how many each holds."""
    out = []
    for path, items in ledger:
        n = sum(1 for item in items if item == kind)
        if n:
            out.append((path, n))
    return out


def _count_problems(code: str, noun: str, expected: dict[str, int], ledger: Ledger) -> list[Problem]:
    """A problem for every kind of component found more or less often than the box holds."""
    ledger = [(path, tuple(items)) for path, items in ledger]
    found: Counter[str] = Counter(item for _, items in ledger for item in items)
    problems = []
    for kind in [*expected, *sorted(set(found) - set(expected))]:
        want, have = expected.get(kind, 0), found[kind]
        if have == want:
            continue
        places = _where(ledger, kind)
        listed = "; ".join(f"{n} at {path}" for path, n in places)
        path = places[-1][0] if have > want else "$"
        if want == 0:
            message = f"There is no {noun} {kind!r} in the box, but the file has one ({listed})."
        else:
            message = (f"The box has {want} {noun} {kind!r} but the file has {have}"
                       + (f" ({listed})." if listed else "."))
        problems.append(problem(code, path, message))
    return problems


def _players_ledger(state: GameState, field: str) -> Ledger:
    return [(f"$.players[{i}].{field}", getattr(p, field)) for i, p in enumerate(state.players)]


def check_cards(state: GameState) -> list[Problem]:
    c = components().commodities
    ledger: Ledger = [
        ("$.piles.deck", state.piles.deck),
        ("$.board.discard1", state.board.discard1),
        ("$.board.discard2", state.board.discard2),
        *_players_ledger(state, "hand"),
        *_players_ledger(state, "display"),
        ("$.removed.commodities", state.removed.commodities),
    ]
    expected: dict[str, int] = {k: c.cards_per_commodity for k in c.commodities}
    return _count_problems("state.card_count", "commodity cards of", expected, ledger)


def check_forum_tiles(state: GameState) -> list[Problem]:
    ledger: Ledger = [
        ("$.board.forum", (t for t in state.board.forum if t is not None)),
        *((f"$.board.provinces[{i}].tile", (s.tile,) if s.tile else ())
          for i, s in enumerate(state.board.provinces)),
        ("$.piles.forum", state.piles.forum),
        *_players_ledger(state, "forum_tiles"),
        ("$.removed.forum", state.removed.forum),
    ]
    expected: dict[str, int] = {t.kind: t.count for t in components().forum.tiles}
    return _count_problems("state.forum_tile_count", "forum tiles", expected, ledger)


def check_extra_tiles(state: GameState) -> list[Problem]:
    ledger: Ledger = [
        ("$.board.forum_extra", (t for t in state.board.forum_extra if t is not None)),
        ("$.piles.extra", state.piles.extra),
        *_players_ledger(state, "extra_tiles"),
        ("$.removed.extra", state.removed.extra),
    ]
    expected: dict[str, int] = {t.action: t.count for t in components().extra.tiles}
    return _count_problems("state.extra_tile_count", "extra action tiles of", expected, ledger)


def check_demand_tiles(state: GameState) -> list[Problem]:
    ledger: Ledger = [
        ("$.board.demands", state.board.demands),
        ("$.piles.demand", state.piles.demand),
        ("$.piles.demand_removed", state.piles.demand_removed),
        ("$.removed.demand", state.removed.demand),
    ]
    expected: dict[str, int] = {t.kind: t.count for t in components().demand.tiles}
    problems = _count_problems("state.demand_tile_count", "demand tiles of", expected, ledger)
    removed = components().board.demand_tiles_removed
    if len(state.piles.demand_removed) != removed:
        problems.append(problem("state.demand_removed_count", "$.piles.demand_removed",
                                f"Exactly {removed} demand tiles are removed unseen at setup, "
                                f"not {len(state.piles.demand_removed)}."))
    return problems


def _trajan_ledger(state: GameState) -> Ledger:
    stacks = state.board.trajan_stacks
    ledger: Ledger = [(f"$.board.trajan_stacks.{cat}", getattr(stacks, cat)) for cat in TRAJAN_CATEGORIES]
    for i, p in enumerate(state.players):
        ledger += [(f"$.players[{i}].slots.{a}", (t,)) for a in ACTIONS if (t := getattr(p.slots, a))]
        ledger.append((f"$.players[{i}].trajan_demand_tiles", p.trajan_demand_tiles))
    ledger.append(("$.removed.trajan", state.removed.trajan))
    return ledger


def check_trajan_tiles(state: GameState) -> list[Problem]:
    ledger = _trajan_ledger(state)
    expected: dict[str, int] = {tile_id: 1 for tile_id in components().trajan_tile}
    problems = [
        problem("state.unknown_trajan_tile", path, f"There is no Trajan tile {tile_id!r} in the box.")
        for path, items in ledger for tile_id in items if tile_id not in expected
    ]
    known: Ledger = [(path, [t for t in items if t in expected]) for path, items in ledger]
    return problems + _count_problems("state.trajan_tile_count", "Trajan tile", expected, known)


def check_trajan_places(state: GameState) -> list[Problem]:
    """Stacks hold only their own category; the demand row only demand tiles."""
    tiles = components().trajan_tile
    problems = []
    for cat in TRAJAN_CATEGORIES:
        for k, tile_id in enumerate(getattr(state.board.trajan_stacks, cat)):
            if tile_id in tiles and tiles[tile_id].category != cat:
                problems.append(problem("state.trajan_wrong_stack", f"$.board.trajan_stacks.{cat}[{k}]",
                                        f"Trajan tile {tile_id} belongs to the "
                                        f"{tiles[tile_id].category} stack, not the {cat} stack."))
    for i, p in enumerate(state.players):
        for k, tile_id in enumerate(p.trajan_demand_tiles):
            if tile_id in tiles and tiles[tile_id].category != "demand":
                problems.append(problem("state.trajan_not_demand", f"$.players[{i}].trajan_demand_tiles[{k}]",
                                        f"Only Trajan demand tiles stay with a player; {tile_id} "
                                        "leaves the game when accomplished."))
    return problems


def check_construction_tiles(state: GameState) -> list[Problem]:
    ledger: Ledger = [
        *((f"$.board.district[{i}].tile", (s.tile,) if s.tile else ())
          for i, s in enumerate(state.board.district)),
        *_players_ledger(state, "construction_tiles"),
    ]
    expected: dict[str, int] = {t.id: 1 for t in components().construction.tiles}
    return _count_problems("state.construction_tile_count", "construction tile", expected, ledger)


def check_bonus_tiles(state: GameState) -> list[Problem]:
    ledger: Ledger = [
        ("$.piles.bonus_bag", state.piles.bonus_bag),
        ("$.board.senate_bonus", state.board.senate_bonus),
        *((f"$.players[{i}].bonus_tiles", (b.tile for b in p.bonus_tiles))
          for i, p in enumerate(state.players)),
    ]
    expected: dict[str, int] = {t.id: 1 for t in components().bonus.tiles}
    return _count_problems("state.bonus_tile_count", "bonus tile", expected, ledger)


# --- Each player's pieces ----------------------------------------------------------------

def _each_player(check: Callable[[GameState, int, Player], list[Problem]]) -> Check:
    def run(state: GameState) -> list[Problem]:
        return [p for i, pl in enumerate(state.players) for p in check(state, i, pl)]
    run.__name__ = check.__name__
    return run


def tokens_on_board(state: GameState, p: Player) -> int:
    """The player's small tokens outside the supply and camps: legionnaires and workers."""
    workers = sum(site.workers.count(p.colour) for site in state.board.district)
    return len(p.legionnaires) + workers


def check_tokens(state: GameState, i: int, p: Player) -> list[Problem]:
    total = p.supply + p.worker_camp + p.military_camp + tokens_on_board(state, p)
    want = components().board.tokens_per_player
    if total == want:
        return []
    return [problem("state.token_count", f"$.players[{i}]",
                    f"{p.colour} has {total} small tokens (supply {p.supply}, worker camp "
                    f"{p.worker_camp}, military camp {p.military_camp}, legionnaires "
                    f"{len(p.legionnaires)}, workers in the district "
                    f"{tokens_on_board(state, p) - len(p.legionnaires)}), not {want}.")]


def check_markers(state: GameState, i: int, p: Player) -> list[Problem]:
    held: Counter[str] = Counter(m for a in ACTIONS for m in getattr(p.trays, a))
    waiting = isinstance(state.pending, SetupMarkers) and p.colour in state.pending.players
    if waiting:
        if held:
            return [problem("state.markers_before_setup", f"$.players[{i}].trays",
                            f"{p.colour} has not placed their action markers yet, "
                            "so every tray must be empty.")]
        return []
    per = components().board.markers_per_colour
    wrong = [c for c in [*MARKER_COLOURS, *sorted(set(held) - set(MARKER_COLOURS))] if held[c] != per]
    if not wrong:
        return []
    counts = ", ".join(f"{held[c]} {c}" for c in wrong)
    return [problem("state.marker_count", f"$.players[{i}].trays",
                    f"{p.colour}'s trays must hold {per} action markers of each colour; "
                    f"they hold {counts}.")]


def check_arch(state: GameState, i: int, p: Player) -> list[Problem]:
    free = [a for a in ACTIONS if getattr(p.slots, a) is None]
    if p.arch is None:
        if free:
            return [problem("state.arch_missing", f"$.players[{i}].arch",
                            f"{p.colour}'s Arch of Trajan is in the centre, but slot "
                            f"{SLOT_OF[free[0]]} ({free[0]}) is free; the Arch leaves the "
                            "circle only when all six slots are full.")]
        return []
    tile = getattr(p.slots, p.arch)
    if tile is not None:
        return [problem("state.arch_on_tile", f"$.players[{i}].arch",
                        f"{p.colour}'s Arch of Trajan stands on slot {SLOT_OF[p.arch]} "
                        f"({p.arch}), which holds Trajan tile {tile}; the Arch marks a free slot.")]
    return []


def check_legionnaires(state: GameState, i: int, p: Player) -> list[Problem]:
    twice = sorted(prov for prov, n in Counter(p.legionnaires).items() if n > 1)
    return [problem("state.legionnaire_twice", f"$.players[{i}].legionnaires",
                    f"{p.colour} has more than one legionnaire in {prov}; one per province.")
            for prov in twice]


def check_plus2(state: GameState, i: int, p: Player) -> list[Problem]:
    twice = sorted(a for a, n in Counter(p.plus2).items() if n > 1)
    return [problem("state.plus2_twice", f"$.players[{i}].plus2",
                    f"{p.colour} has more than one [+2] marker on the {a} action; one per action.")
            for a in twice]


# --- Seats, discs and the board -------------------------------------------------------

def check_seats(state: GameState) -> list[Problem]:
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
    if sorted(state.board.senate_stack) == sorted(state.seats):
        return []
    return [problem("state.senate_stack", "$.board.senate_stack",
                    "The senate stack must hold one disc of every player "
                    f"({', '.join(sorted(state.seats))}), not "
                    f"{', '.join(state.board.senate_stack) or 'none'}.")]


def check_district(state: GameState) -> list[Problem]:
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
    lap = components().lap.get(len(state.seats))
    if lap is None or state.board.time < lap:
        return []
    return [problem("state.time_off_track", "$.board.time",
                    f"The time track has {lap} spaces (0 to {lap - 1}) with {len(state.seats)} "
                    f"players; the time marker cannot stand on {state.board.time}.")]


# --- The pending decision ---------------------------------------------------------------

def _named_players(state: GameState) -> list[tuple[str, str]]:
    """(path, colour) of every player the pending decision and turn name."""
    pend: Any = state.pending
    named: list[tuple[str, str]] = []
    for field in ("player", "vice_consul", "next_turn"):
        if hasattr(pend, field):
            named.append((f"$.pending.{field}", getattr(pend, field)))
    for field in ("players", "ranking"):
        named += [(f"$.pending.{field}[{k}]", c) for k, c in enumerate(getattr(pend, field, ()))]
    if state.turn is not None:
        named.append(("$.turn.player", state.turn.player))
    return named


def check_pending_players(state: GameState) -> list[Problem]:
    problems = [
        problem("state.unknown_player", path, f"{colour} has no seat in this game.")
        for path, colour in _named_players(state) if colour not in state.seats
    ]
    pend = state.pending
    if isinstance(pend, (SetupMarkers, MeetDemands)):
        if not pend.players:
            problems.append(problem("state.pending_nobody", "$.pending.players",
                                    f"The pending {kind_of(pend)!r} decision names no player to answer it."))
        for k, colour in enumerate(pend.players):
            if pend.players.index(colour) != k:
                problems.append(problem("state.pending_repeated", f"$.pending.players[{k}]",
                                        f"{colour} is listed twice."))
    if isinstance(pend, ChooseBonus) and pend.player == pend.vice_consul:
        problems.append(problem("state.consul_is_vice", "$.pending.vice_consul",
                                f"{pend.player} cannot be both consul and vice consul."))
    if isinstance(pend, GameOver) and sorted(pend.ranking) != sorted(state.seats):
        problems.append(problem("state.ranking", "$.pending.ranking",
                                "The final ranking must list every player exactly once."))
    return problems


def check_turn(state: GameState) -> list[Problem]:
    """A turn in progress is stored exactly while a paused turn waits for its player."""
    pend, turn = state.pending, state.turn
    if isinstance(pend, ContinueTurn):
        if turn is None:
            return [problem("state.pause_without_turn", "$.turn",
                            f"{pend.player}'s turn is paused, but the turn in progress is missing.")]
        if turn.player != pend.player:
            return [problem("state.turn_player", "$.turn.player",
                            f"The paused turn is {pend.player}'s, but the turn in progress is "
                            f"{turn.player}'s.")]
    elif turn is not None:
        return [problem("state.turn_without_pause", "$.turn",
                        f"A turn in progress is stored only while a turn is paused; the pending "
                        f"decision is {kind_of(pend)!r}.")]
    if turn is not None and turn.special is not None and turn.special not in components().trajan_tile:
        return [problem("state.unknown_trajan_tile", "$.turn.special",
                        f"There is no Trajan tile {turn.special!r} in the box.")]
    return []


# --- The pending decision justified by the state (issue 8) ---------------------------------

SETUP_KINDS = (SetupMarkers, SetupCards, SetupTrajan)


def _setup_order(state: GameState) -> tuple[PlayerColour, ...] | None:
    """The seats from the start player, or None when the seats are broken (reported elsewhere)."""
    from adjudicator.newgame import seat_order_from

    if state.start_player not in state.seats or len(set(state.seats)) != len(state.seats):
        return None
    return seat_order_from(state.seats, state.start_player)


def _setup_done(state: GameState, order: tuple[PlayerColour, ...], colour: PlayerColour) -> int:
    """-1, 0 or 1: ``colour`` comes before, is, or comes after the player setting up now."""
    pend: Any = state.pending
    here = order.index(pend.player)
    there = order.index(colour)
    return (there > here) - (there < here)


def _expected_hand(state: GameState, order: tuple[PlayerColour, ...], colour: PlayerColour) -> int:
    cards = components().board.starting_cards
    pend = state.pending
    if isinstance(pend, SetupMarkers):
        return 0
    if isinstance(pend, SetupCards):
        return {-1: cards, 0: cards - pend.cards_left, 1: 0}[_setup_done(state, order, colour)]
    return cards


def _expected_slots(state: GameState, order: tuple[PlayerColour, ...], colour: PlayerColour) -> set[str]:
    if isinstance(state.pending, SetupTrajan) and _setup_done(state, order, colour) < 0:
        return set(components().board.starting_trajan_slots)
    return set()


def check_setup(state: GameState) -> list[Problem]:
    """A setup decision pends only while setting up, and matches how far setup has got."""
    if not isinstance(state.pending, SETUP_KINDS):
        return []
    problems = _setup_late(state)
    order = _setup_order(state)
    if order is None or getattr(state.pending, "player", order[0]) not in order:
        return problems  # broken seats or an unknown player: reported by the checks above
    return problems + [p for i, pl in enumerate(state.players) if pl.colour in order
                       for p in _setup_player(state, order, i, pl)]


def _setup_late(state: GameState) -> list[Problem]:
    b = state.board
    found = [
        ("$.quarter", "it is quarter 1", f"it is quarter {state.quarter}", state.quarter != 1),
        ("$.board.time", "the time marker is on 0", f"it is on {b.time}", b.time != 0),
        ("$.board.demands", "no demand tile is revealed", f"{len(b.demands)} are", bool(b.demands)),
    ]
    kind = kind_of(state.pending)
    return [problem("state.setup_late", path,
                    f"The pending {kind!r} decision is part of the setup, when {what}; here {have}.")
            for path, what, have, bad in found if bad]


def _setup_player(state: GameState, order: tuple[PlayerColour, ...], i: int, p: Player) -> list[Problem]:
    kind = kind_of(state.pending)
    problems = []
    want = _expected_hand(state, order, p.colour)
    if len(p.hand) != want:
        problems.append(problem("state.setup_hand", f"$.players[{i}].hand",
                                f"At this point of the setup ({kind!r}) {p.colour} holds {want} "
                                f"card(s), not {len(p.hand)}."))
    arch = components().board.starting_arch
    if p.arch != arch:
        problems.append(problem("state.setup_arch", f"$.players[{i}].arch",
                                f"During the setup {p.colour}'s Arch of Trajan stands on slot "
                                f"{SLOT_OF[arch]} ({arch}), not on {p.arch or 'the centre'}."))
    filled = {a for a in ACTIONS if getattr(p.slots, a) is not None}
    slots = _expected_slots(state, order, p.colour)
    if filled != slots:
        where = ", ".join(a for a in ACTIONS if a in slots) or "none"
        problems.append(problem("state.setup_slots", f"$.players[{i}].slots",
                                f"At this point of the setup ({kind!r}) {p.colour}'s Trajan tiles lie "
                                f"on the slots {where}, not "
                                f"{', '.join(a for a in ACTIONS if a in filled) or 'none'}."))
    return problems


def check_demand_supply(state: GameState) -> list[Problem]:
    """Enough demand tiles lie face down for every round still to come (the engine reveals them)."""
    if isinstance(state.pending, GameOver):
        return []
    b = components().board
    per = b.rounds_per_quarter - 1
    revealed = len(state.board.demands)
    if revealed > per:
        return []  # state.too_many_demands
    still = per * (b.quarters - state.quarter) + max(0, per - revealed)
    have = len(state.piles.demand)
    if have >= still:
        return []
    return [problem("state.demand_pile_short", "$.piles.demand",
                    f"In quarter {state.quarter} with {revealed} demand tile(s) revealed, {still} must "
                    f"still lie face down for the rounds to come; the pile holds {have}.")]


def check_quarter_end(state: GameState) -> list[Problem]:
    """The demands and consul decisions come only at the end of a quarter."""
    pend = state.pending
    if not isinstance(pend, (MeetDemands, ChooseBonus)):
        return []
    per = components().board.rounds_per_quarter - 1
    revealed = len(state.board.demands)
    if revealed != per:
        return [problem("state.quarter_not_over", "$.board.demands",
                        f"The pending {kind_of(pend)!r} decision comes at the end of a quarter, "
                        f"after {per} demand tiles were revealed, not {revealed}.")]
    if isinstance(pend, ChooseBonus):
        return _consul_tiles(state)
    return _demand_choices(state, pend)


def _consul_tiles(state: GameState) -> list[Problem]:
    offered = len(state.board.senate_bonus)
    if offered >= 2:
        return []
    return [problem("state.consul_without_choice", "$.board.senate_bonus",
                    f"The consul chooses between 2 bonus tiles beside the senate, but {offered} "
                    "lie there (with fewer the tile is awarded without asking).")]


def _demand_choices(state: GameState, pend: MeetDemands) -> list[Problem]:
    from adjudicator.rules.demands import best_ways

    players = {p.colour: p for p in state.players}
    return [
        problem("state.demands_no_choice", f"$.pending.players[{k}]",
                f"{colour} has only one way to meet the demands, so it is applied, not asked.")
        for k, colour in enumerate(pend.players)
        if colour in players and len(best_ways(state.board.demands, players[colour])) < 2
    ]


def check_paused_turn(state: GameState) -> list[Problem]:
    """A paused turn the engine can go on with."""
    turn = state.turn
    if turn is None or not isinstance(state.pending, ContinueTurn):
        return []
    from adjudicator.rules.sowing import SPECIAL_EFFECTS

    problems = []
    tile = components().trajan_tile.get(turn.special) if turn.special is not None else None
    if tile is not None and not isinstance(tile.effect, SPECIAL_EFFECTS):
        problems.append(problem("state.special_without_action", "$.turn.special",
                                f"Trajan tile {turn.special} has no special action to take."))
    p = next((p for p in state.players if p.colour == turn.player), None)
    if turn.discard_due and p is not None and not p.hand:
        problems.append(problem("state.discard_without_card", "$.turn.discard_due",
                                f"{turn.player} must discard a card but holds none."))
    if not turn.extra_used and any(o.source == "extra" for o in turn.queue):
        problems.append(problem("state.extra_not_spent", "$.turn.queue",
                                "The turn lists repeats of an extra action, but no extra action tile "
                                "was spent (extra_used is false)."))
    return problems


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
    _each_player(check_tokens),
    _each_player(check_markers),
    _each_player(check_arch),
    _each_player(check_legionnaires),
    _each_player(check_plus2),
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
    check_paused_turn,
)
