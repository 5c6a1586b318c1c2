"""``trajan show``: a readable text picture of the public state of a game, or of a view.

It draws a view (:mod:`adjudicator.views.view`): a game file is first turned into the public
view by :func:`adjudicator.views.redact.view_of`, so only what every player at the table can
see is shown: hands, face-down piles (and their draw order), the removed demand tiles
and the seed (until the game is over) as counts or not at all.  A player's own view
also shows their hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.components import components
from adjudicator.escape import terminal
from adjudicator.game.engine import deciders
from adjudicator.game.seeding import describe as describe_seeding
from adjudicator.model.state import (
    GameOver,
    GameState,
    Pending,
    TurnProgress,
    kind_of,
)
from adjudicator.model.vocab import ACTIONS, PROVINCES, SLOT_OF
from adjudicator.rendering.report import describe_pending
from adjudicator.rendering.tiles import trajan_tile_text
from adjudicator.views.redact import view_of
from adjudicator.views.view import GameView, PlayerView


def render_show(game: GameState | GameView) -> str:
    """The public state of a game, or a player's view, as plain text (ends with a newline)."""
    state = game if isinstance(game, GameView) else view_of(game, None)
    lines = [
        *_header(state),
        "",
        *_board(state),
        *[line for player in _in_seat_order(state) for line in ["", *_mat(state, player)]],
    ]
    return "\n".join(lines) + "\n"


# --- Header and pending decision ---------------------------------------------------------

def _header(state: GameView) -> list[str]:
    seats = [f"{c} (start player)" if c == state.start_player else c for c in state.seats]
    options = ", ".join(f"{name}={'on' if value else 'off'}" if isinstance(value, bool) else f"{name}={value}"
                        for name, value in _options(state))
    lines = [
        f"Trajan, game {terminal(state.game_id)}: decision {state.decision}, quarter {state.quarter}, "
        + ("the game is over" if isinstance(state.pending, GameOver)
           else f"round {len(state.board.demands) + 1}"),
        f"Seats: {', '.join(seats)}",
        f"Rules: {state.rules}; options: {options or 'none'}",
        f"Start: {describe_seeding(state.seeding)}",
        f"Game file: {state.chain.hash}",
        f"Pending: {_pending(state.pending)}",
    ]
    if state.viewer is not None:
        lines.insert(1, f"The view of {state.viewer}: the other hands and the face-down piles are hidden")
    if state.seed is not None:
        lines.append(f"Seed (shown now that the game is over): {terminal(state.seed)}")
    if state.turn is not None:
        lines.append(f"Turn in progress: {_progress(state.turn)}")
    return lines


def _options(state: GameView) -> list[tuple[str, object]]:
    return [(name, state.options.value(name)) for name in state.options.__struct_fields__]


def _pending(pending: Pending) -> str:
    if isinstance(pending, GameOver):
        return f"game_over: the game is over; ranking {', '.join(pending.ranking)}."
    return f"{kind_of(pending)}: {', '.join(deciders(pending))} — {describe_pending(pending)}."


def _progress(turn: TurnProgress) -> str:
    parts = [f"{turn.player}, target tray {turn.target}"]
    if turn.special is not None:
        parts.append(f"Trajan tile {turn.special} special action still open")
    if turn.queue:
        parts.append("may still perform " + ", ".join(f"{o.action} ({o.source})" for o in turn.queue))
    if turn.discard_due:
        parts.append("must discard a card")
    if turn.extra_used:
        parts.append("extra action tile already used")
    if turn.round_ends:
        parts.append("the round ends after this turn")
    return "; ".join(parts) + "."


# --- The board ---------------------------------------------------------------------------

def _board(state: GameView) -> list[str]:
    c = components()
    b = state.board
    lap = c.lap.get(len(state.seats))
    lines = ["== Board ==", f"Time track: space {b.time}" + (f" of a {lap}-space lap" if lap else "")]
    lines.append("Forum: " + _items(t or "(empty)" for t in b.forum))
    lines.append("Extra action spaces: " + _items(f"extra {a}" if a else "(empty)" for a in b.forum_extra))
    lines.append("Provinces:")
    lines.extend(_provinces(state))
    lines.append("Construction district (tile, or workers on a site whose tile is taken):")
    lines.extend(_district(state))
    lines.append("Senate track (bottom to top of each stack):")
    lines.extend(_senate(state))
    lines.append("Bonus tiles beside the senate: " + _items(b.senate_bonus))
    ships = [f"{s} {getattr(b.ships, s)} side up" for s in b.ships.__struct_fields__]
    lines.append("Ships: " + ", ".join(ships))
    stacks = b.trajan_stacks
    lines.append("Trajan stacks (face-up top, tiles left):")
    for cat in stacks.__struct_fields__:
        stack = getattr(stacks, cat)
        left = stack.below + (stack.top is not None)
        lines.append(f"  {cat:<13} {(trajan_tile_text(stack.top) if stack.top else '(empty)')}, {left} left")
    lines.append(f"Demand tiles revealed this quarter: {_items(b.demands)}")
    for name, discard in (("discard1", b.discard1), ("discard2", b.discard2)):
        top = discard[0] if discard else "(empty)"
        lines.append(f"Discard pile {name[-1]}: {top} on top, {len(discard)} card(s)")
    p = state.piles
    lines.append(
        f"Face down: {p.deck} commodity cards, {p.forum} forum tiles, {p.extra} extra action "
        f"tiles, {p.demand} demand tiles (+{p.demand_removed} removed unseen), "
        f"{p.bonus_bag} bonus tiles in the bag")
    return lines


def _provinces(state: GameView) -> list[str]:
    c = components()
    here = {p.province: p.tile for p in state.board.provinces}
    lines = []
    for province in PROVINCES:
        if province not in here and not any(province == p.leader for p in state.players):
            continue
        leaders = [p.colour for p in state.players if p.leader == province]
        legions = [p.colour for p in state.players if province in p.legionnaires]
        parts = [f"tile {here.get(province) or '(none)'}"]
        if leaders:
            parts.append("leader " + ", ".join(leaders))
        if legions:
            parts.append("legionnaires " + ", ".join(legions))
        lines.append(f"  {province:<18} ({c.province[province].vp:>2} VP) " + "; ".join(parts))
    in_camp = [p.colour for p in state.players if p.leader == "camp"]
    if in_camp:
        lines.append(f"  {'military camp':<26} leader " + ", ".join(in_camp))
    return lines


def _district(state: GameView) -> list[str]:
    c = components()
    cols, rows = c.board.district.columns, c.board.district.rows
    cell: dict[str, str] = {s.site: (s.tile or "+".join(s.workers) or ".") for s in state.board.district}
    width = max([10, *(len(v) for v in cell.values())]) + 2
    lines = [("     " + "".join(f"{col:<{width}}" for col in cols)).rstrip()]
    for row in rows:
        cells = "".join(f"{cell.get(f'{col}{row}', '?'):<{width}}" for col in cols)
        lines.append(f"  {row}  {cells}".rstrip())
    return lines


def _senate(state: GameView) -> list[str]:
    space_of = {p.colour: p.senate for p in state.players}
    lines = []
    for space in sorted(set(space_of.values()), reverse=True):
        stack = [c for c in state.board.senate_stack if space_of.get(c) == space]
        stack += [c for c in space_of if space_of[c] == space and c not in stack]
        lines.append(f"  space {space}: " + ", ".join(stack))
    return lines


# --- A player's mat --------------------------------------------------------------------------

def _mat(state: GameView, p: PlayerView) -> list[str]:
    lines = [f"== {p.colour}: {p.vp} VP, senate space {p.senate} =="]
    lines.append("Action circle (slot, tray, markers, Trajan tile):")
    trays = {action: _items(getattr(p.trays, action)) for action in ACTIONS}
    width = max(36, *(len(t) + 2 for t in trays.values()))  # 6 markers do not reach the tile
    for action in ACTIONS:
        tile: str | None = getattr(p.slots, action)
        where = "Arch of Trajan" if p.arch == action else (trajan_tile_text(tile) if tile else "(free)")
        lines.append(f"  {SLOT_OF[action]:<4}{action:<13}{trays[action]:<{width}}{where}")
    if p.arch is None:
        lines.append("  The Arch of Trajan is in the centre: every slot is full.")
    lines += [
        f"Supply {p.supply}, worker camp {p.worker_camp}, military camp {p.military_camp}; "
        f"leader: {p.leader}; legionnaires in: {_items(p.legionnaires)}",
        f"Hand: {p.hand_count} card(s){_own_hand(p)}; display: {_items(p.display)}",
        f"Forum tiles: {_items(p.forum_tiles)}",
        f"Extra action tiles: {_items(p.extra_tiles)}; [+2] markers on: {_items(p.plus2)}",
        f"Construction tiles: {_items(p.construction_tiles)}",
        f"Trajan demand tiles: {_items(trajan_tile_text(t) for t in p.trajan_demand_tiles)}",
        f"Bonus tiles: {_items(f'{b.tile} ({b.side})' for b in p.bonus_tiles)}",
    ]
    return lines


# --- Helpers -------------------------------------------------------------------------------

def _own_hand(p: PlayerView) -> str:
    return f" ({_items(p.hand)})" if p.hand is not None and p.hand else ""


def _in_seat_order(state: GameView) -> Sequence[PlayerView]:
    order = {c: i for i, c in enumerate(state.seats)}
    return sorted(state.players, key=lambda p: order.get(p.colour, len(order)))




def _items(items: Iterable[str]) -> str:
    listed = list(items)
    return ", ".join(listed) if listed else "none"
