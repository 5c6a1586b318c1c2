"""``trajan show``: a readable text picture of the public state of a game, or of a view.

It draws a view (:mod:`adjudicator.views.view`): a game file is first turned into the public
view by :func:`adjudicator.views.redact.view_of`, so only what every player at the table can
see is shown: hands, face-down piles (and their draw order), the removed demand tiles
and the seed (until the game is over) as counts or not at all.  A player's own view
also shows their hand.  ``tr`` gives the language: English for ``trajan show``, the
player's for their mail (issue 31).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.components import components
from adjudicator.escape import terminal
from adjudicator.game.engine import deciders
from adjudicator.game.seeding import describe as describe_seeding
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.model.state import (
    GameOver,
    GameState,
    Pending,
    TurnProgress,
    kind_of,
)
from adjudicator.model.vocab import ACTIONS, PROVINCES, SLOT_OF
from adjudicator.rendering.report import describe_pending
from adjudicator.rendering.report_lines import side, source
from adjudicator.rendering.tiles import trajan_tile_text
from adjudicator.views.redact import view_of
from adjudicator.views.view import GameView, PlayerView


def render_show(game: GameState | GameView, tr: Translator = ENGLISH) -> str:
    """The public state of a game, or a player's view, as plain text (ends with a newline);
    ``tr``: the language (a player's mail), English for ``trajan show``."""
    state = game if isinstance(game, GameView) else view_of(game, None)
    lines = [
        *_header(state, tr),
        "",
        *_board(state, tr),
        *[line for player in _in_seat_order(state) for line in ["", *_mat(state, player, tr)]],
    ]
    return "\n".join(lines) + "\n"


# --- Header and pending decision ---------------------------------------------------------

def _header(state: GameView, tr: Translator) -> list[str]:
    _ = tr.gettext
    start = _("{player} (start player)")
    seats = [start.format(player=c) if c == state.start_player else c for c in state.seats]
    on, off = _("on"), _("off")
    options = ", ".join(f"{name}={on if value else off}" if isinstance(value, bool) else f"{name}={value}"
                        for name, value in _options(state))
    when = (_("the game is over") if isinstance(state.pending, GameOver)
            else _("round {round}").format(round=len(state.board.demands) + 1))
    lines = [
        _("Trajan, game {game}: decision {decision}, quarter {quarter}, {when}").format(
            game=terminal(state.game_id), decision=state.decision, quarter=state.quarter, when=when),
        _("Seats: {seats}").format(seats=", ".join(seats)),
        _("Rules: {rules}; options: {options}").format(rules=state.rules, options=options or _("none")),
        _("Start: {start}").format(start=describe_seeding(state.seeding, tr)),
        _("Game file: {hash}").format(hash=state.chain.hash),
        _("Pending: {pending}").format(pending=_pending(state.pending, tr)),
    ]
    if state.viewer is not None:
        lines.insert(1, _("The view of {player}: the other hands and the face-down piles are hidden").format(
            player=state.viewer))
    if state.seed is not None:
        lines.append(_("Seed (shown now that the game is over): {seed}").format(seed=terminal(state.seed)))
    if state.turn is not None:
        lines.append(_("Turn in progress: {progress}").format(progress=_progress(state.turn, tr)))
    return lines


def _options(state: GameView) -> list[tuple[str, object]]:
    return [(name, state.options.value(name)) for name in state.options.__struct_fields__]


def _pending(pending: Pending, tr: Translator) -> str:
    if isinstance(pending, GameOver):
        return tr.gettext("game_over: the game is over; ranking {ranking}.").format(
            ranking=", ".join(pending.ranking))
    return tr.gettext("{kind}: {players} — {what}.").format(
        kind=kind_of(pending), players=", ".join(deciders(pending)), what=describe_pending(pending, tr))


def _progress(turn: TurnProgress, tr: Translator) -> str:
    _ = tr.gettext
    parts = [_("{player}, target tray {tray}").format(player=turn.player, tray=tr.action(turn.target))]
    if turn.special is not None:
        parts.append(_("Trajan tile {tile} special action still open").format(tile=turn.special))
    if turn.queue:
        parts.append(_("may still perform {actions}").format(
            actions=", ".join(f"{tr.action(o.action)} ({source(o.source, tr)})" for o in turn.queue)))
    if turn.discard_due:
        parts.append(_("must discard a card"))
    if turn.extra_used:
        parts.append(_("extra action tile already used"))
    if turn.round_ends:
        parts.append(_("the round ends after this turn"))
    return "; ".join(parts) + "."


# --- The board ---------------------------------------------------------------------------

def _board(state: GameView, tr: Translator) -> list[str]:
    _ = tr.gettext
    c = components()
    b = state.board
    lap = c.lap.get(len(state.seats))
    empty = _("(empty)")
    time = _("Time track: space {space} of a {lap}-space lap") if lap else _("Time track: space {space}")
    lines = ["== " + _("Board") + " ==", time.format(space=b.time, lap=lap)]
    lines.append(_("Forum: {tiles}").format(tiles=_items((t or empty for t in b.forum), tr)))
    extra = _("extra {action}")
    lines.append(_("Extra action spaces: {tiles}").format(
        tiles=_items((extra.format(action=tr.action(a)) if a else empty for a in b.forum_extra), tr)))
    lines.append(_("Provinces:"))
    lines.extend(_provinces(state, tr))
    lines.append(_("Construction district (tile, or workers on a site whose tile is taken):"))
    lines.extend(_district(state))
    lines.append(_("Senate track (bottom to top of each stack):"))
    lines.extend(_senate(state, tr))
    lines.append(_("Bonus tiles beside the senate: {tiles}").format(tiles=_items(b.senate_bonus, tr)))
    up = _("{ship} {side} side up")
    ships = [up.format(ship=s, side=side(getattr(b.ships, s), tr)) for s in b.ships.__struct_fields__]
    lines.append(_("Ships: {ships}").format(ships=", ".join(ships)))
    stacks = b.trajan_stacks
    lines.append(_("Trajan stacks (face-up top, tiles left):"))
    for cat in stacks.__struct_fields__:
        stack = getattr(stacks, cat)
        left = stack.below + (stack.top is not None)
        top = trajan_tile_text(stack.top, tr) if stack.top else empty
        each = tr.ngettext("  {stack:<13} {top}, {n} left", "  {stack:<13} {top}, {n} left", left)
        lines.append(each.format(stack=cat, top=top, n=left))
    lines.append(_("Demand tiles revealed this quarter: {tiles}").format(tiles=_items(b.demands, tr)))
    for name, discard in (("discard1", b.discard1), ("discard2", b.discard2)):
        top = discard[0] if discard else empty
        lines.append(tr.ngettext("Discard pile {n}: {top} on top, {count} card(s)",
                                 "Discard pile {n}: {top} on top, {count} card(s)", len(discard)).format(
            n=name[-1], top=top, count=len(discard)))
    p = state.piles
    lines.append(_("Face down: {deck} commodity cards, {forum} forum tiles, {extra} extra action tiles, "
                   "{demand} demand tiles (+{removed} removed unseen), {bag} bonus tiles in the bag").format(
        deck=p.deck, forum=p.forum, extra=p.extra, demand=p.demand, removed=p.demand_removed,
        bag=p.bonus_bag))
    return lines


def _provinces(state: GameView, tr: Translator) -> list[str]:
    _ = tr.gettext
    c = components()
    here = {p.province: p.tile for p in state.board.provinces}
    lines = []
    for province in PROVINCES:
        if province not in here and not any(province == p.leader for p in state.players):
            continue
        leaders = [p.colour for p in state.players if p.leader == province]
        legions = [p.colour for p in state.players if province in p.legionnaires]
        parts = [_("tile {tile}").format(tile=here.get(province) or _("(none)"))]
        if leaders:
            parts.append(_("leader {players}").format(players=", ".join(leaders)))
        if legions:
            parts.append(_("legionnaires {players}").format(players=", ".join(legions)))
        worth = _("({vp:>2} VP)").format(vp=c.province[province].vp)
        lines.append(f"  {province:<18} {worth} " + "; ".join(parts))
    in_camp = [p.colour for p in state.players if p.leader == "camp"]
    if in_camp:
        leader = _("leader {players}").format(players=", ".join(in_camp))
        lines.append(f"  {_('military camp'):<26} {leader}")
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


def _senate(state: GameView, tr: Translator) -> list[str]:
    space_of = {p.colour: p.senate for p in state.players}
    lines = []
    for space in sorted(set(space_of.values()), reverse=True):
        stack = [c for c in state.board.senate_stack if space_of.get(c) == space]
        stack += [c for c in space_of if space_of[c] == space and c not in stack]
        lines.append(tr.gettext("  space {space}: {players}").format(space=space, players=", ".join(stack)))
    return lines


# --- A player's mat --------------------------------------------------------------------------

def _mat(state: GameView, p: PlayerView, tr: Translator) -> list[str]:
    _ = tr.gettext
    title = _("{player}: {vp} VP, senate space {space}").format(player=p.colour, vp=p.vp, space=p.senate)
    lines = [f"== {title} ==", _("Action circle (slot, tray, markers, Trajan tile):")]
    trays = {action: _items(getattr(p.trays, action), tr) for action in ACTIONS}
    width = max(36, *(len(t) + 2 for t in trays.values()))  # 6 markers do not reach the tile
    named = max(13, *(len(tr.action(a)) + 1 for a in ACTIONS))
    for action in ACTIONS:
        tile: str | None = getattr(p.slots, action)
        held = trajan_tile_text(tile, tr) if tile else _("(free)")
        where = _("Arch of Trajan") if p.arch == action else held
        lines.append(f"  {SLOT_OF[action]:<4}{tr.action(action):<{named}}{trays[action]:<{width}}{where}")
    if p.arch is None:
        lines.append(_("  The Arch of Trajan is in the centre: every slot is full."))
    return lines + _holdings(p, tr)


def _holdings(p: PlayerView, tr: Translator) -> list[str]:
    """What a player has beside the action circle: pieces, cards and tiles."""
    _ = tr.gettext
    leader = _("camp") if p.leader == "camp" and tr is not ENGLISH else p.leader
    hand = tr.ngettext("Hand: {n} card(s){hand}; display: {display}",
                       "Hand: {n} card(s){hand}; display: {display}", p.hand_count)
    demand_tiles = _items((trajan_tile_text(t, tr) for t in p.trajan_demand_tiles), tr)
    bonus = _items((f"{b.tile} ({side(b.side, tr)})" for b in p.bonus_tiles), tr)
    return [
        _("Supply {supply}, worker camp {workers}, military camp {legions}; leader: {leader}; "
          "legionnaires in: {provinces}").format(
              supply=p.supply, workers=p.worker_camp, legions=p.military_camp, leader=leader,
              provinces=_items(p.legionnaires, tr)),
        hand.format(n=p.hand_count, hand=_own_hand(p, tr), display=_items(p.display, tr)),
        _("Forum tiles: {tiles}").format(tiles=_items(p.forum_tiles, tr)),
        _("Extra action tiles: {tiles}; [+2] markers on: {actions}").format(
            tiles=_items((tr.action(t) for t in p.extra_tiles), tr),
            actions=_items((tr.action(a) for a in p.plus2), tr)),
        _("Construction tiles: {tiles}").format(tiles=_items(p.construction_tiles, tr)),
        _("Trajan demand tiles: {tiles}").format(tiles=demand_tiles),
        _("Bonus tiles: {tiles}").format(tiles=bonus),
    ]


# --- Helpers -------------------------------------------------------------------------------

def _own_hand(p: PlayerView, tr: Translator) -> str:
    return f" ({_items(p.hand, tr)})" if p.hand is not None and p.hand else ""


def _in_seat_order(state: GameView) -> Sequence[PlayerView]:
    order = {c: i for i, c in enumerate(state.seats)}
    return sorted(state.players, key=lambda p: order.get(p.colour, len(order)))




def _items(items: Iterable[str], tr: Translator) -> str:
    listed = list(items)
    return ", ".join(listed) if listed else tr.gettext("none")
