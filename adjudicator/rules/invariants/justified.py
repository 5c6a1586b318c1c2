"""The pending decision justified by the state (hand-edited files, issue 8)."""


from __future__ import annotations

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
from adjudicator.model.vocab import ACTIONS, SLOT_OF, PlayerColour

# --- The pending decision justified by the state (issue 8) ---------------------------------

SETUP_KINDS = (SetupMarkers, SetupCards, SetupTrajan)


def _setup_order(state: GameState) -> tuple[PlayerColour, ...] | None:
    """The seats from the start player, or None when the seats are broken (reported elsewhere)."""
    from adjudicator.rules.ops import seat_order_from

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


def check_game_over(state: GameState) -> list[Problem]:
    """A game is over only after the last quarter's end."""
    last = components().board.quarters
    if isinstance(state.pending, GameOver) and state.quarter != last:
        return [problem("state.game_not_over", "$.quarter",
                        f"The game ends after quarter {last}, but this file is in quarter {state.quarter}.")]
    return []


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

    tiles = components().trajan_tile
    # A player holding an unknown Trajan tile is refused by check_trajan_tiles already.
    players = {p.colour: p for p in state.players if all(t in tiles for t in p.trajan_demand_tiles)}
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
