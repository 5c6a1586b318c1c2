"""Step 1 and 2 of a turn: rearrange action markers, move the time marker, and
accomplish the Trajan tile beside the target tray (seed 000, "Step 1", "Step 2")."""

from __future__ import annotations

from msgspec.structs import replace

from adjudicator.components import DeployLegionnaires, DeployWorkers, DrawCards, Plus2, components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import ArchMoved, Sown, TimeAdvanced, TrajanTileAccomplished
from adjudicator.model.orders import Sow
from adjudicator.model.state import GameState, Opportunity, Player, TurnProgress
from adjudicator.model.vocab import ACTIONS, Action, MarkerColour, PlayerColour
from adjudicator.rules.ops import (
    Changes,
    clockwise_from,
    gain,
    has_items,
    lap_length,
    player,
    slot_tile,
    tray,
    update_board,
    update_player,
    update_removed,
    with_player,
)

SPECIAL_EFFECTS = (DrawCards, DeployWorkers, DeployLegionnaires, Plus2)
_INDEX = {a: i for i, a in enumerate(ACTIONS)}


def check(state: GameState, colour: PlayerColour, step: Sow, path: str) -> list[Problem]:
    """The problems of step 1 of a turn: the tray must hold markers, and exactly those are sown."""
    held = tray(player(state, colour), step.tray)
    if not held:
        return [problem("tray.empty", f"{path}.tray",
                        f"The {step.tray} tray is empty; choose a tray holding at least one marker.")]
    if sorted(step.markers) != sorted(held):  # the same markers, as a multiset
        return [problem("sow.wrong_colours", f"{path}.markers",
                        f"The {step.tray} tray holds {_names(held)}; list exactly those "
                        f"{len(held)} markers in the order you sow them, not {_names(step.markers)}.")]
    return []


def _names(markers: tuple[MarkerColour, ...]) -> str:
    return ", ".join(markers) if markers else "no markers"


def sown_trays(
    p: Player, source: Action, markers: tuple[MarkerColour, ...]
) -> dict[Action, tuple[MarkerColour, ...]]:
    """The trays sowing ``markers`` from ``source`` changes (one marker per tray, clockwise),
    with their new contents; the source tray is emptied.

    With more than 5 markers the sowing passes the emptied tray and goes on (rulings.md).
    """
    trays = p.trays
    changed: dict[Action, tuple[MarkerColour, ...]] = {source: ()}
    start = _INDEX[source] + 1
    for i, marker in enumerate(markers, start=start):
        a = ACTIONS[i % len(ACTIONS)]
        held = changed[a] if a in changed else getattr(trays, a)
        changed[a] = held + (marker,)
    return changed


def apply(ch: Changes, colour: PlayerColour, step: Sow) -> TurnProgress:
    """Sow, move time, accomplish the Trajan tile; returns the new turn in progress."""
    p = player(ch.state, colour)
    trays = sown_trays(p, step.tray, step.markers)
    target = clockwise_from(step.tray, len(step.markers))
    ch.state = with_player(ch.state, replace(p, trays=replace(p.trays, **trays)))
    ch.events.append(Sown(player=colour, tray=step.tray, markers=step.markers, target=target))
    round_ends = _move_time(ch, len(step.markers))
    special = _accomplish(ch, colour, target)
    return TurnProgress(
        player=colour, target=target, round_ends=round_ends, special=special,
        queue=(Opportunity(action=target, source="main"),),
    )


def _move_time(ch: Changes, spaces: int) -> bool:
    # The round ends when the marker reaches or passes its start; overshoot carries on.
    lap = lap_length(ch.state)
    position = ch.state.board.time + spaces
    ends = position >= lap
    position %= lap
    ch.state = update_board(ch.state, time=position)
    ch.events.append(TimeAdvanced(spaces=spaces, position=position, round_ends=ends))
    return ends


def accomplishable(p: Player, target: Action) -> str | None:
    """The Trajan tile beside ``target`` if the tray holds its colours (double needs two)."""
    tile = slot_tile(p, target)
    if tile is None:
        return None
    return tile if has_items(tray(p, target), components().trajan_tile[tile].colours) else None


def _accomplish(ch: Changes, colour: PlayerColour, target: Action) -> str | None:
    """Accomplish the tile if possible (mandatory); the tile id if a special action is open."""
    p = player(ch.state, colour)
    tile_id = accomplishable(p, target)
    if tile_id is None:
        return None
    tile = components().trajan_tile[tile_id]
    kept = tile.category == "demand"
    ch.state = update_player(ch.state, colour, slots=replace(p.slots, **{target: None}),
                             trajan_demand_tiles=p.trajan_demand_tiles + ((tile_id,) if kept else ()))
    if not kept:
        ch.state = update_removed(ch.state, trajan=ch.state.removed.trajan + (tile_id,))
    ch.events.append(TrajanTileAccomplished(player=colour, tile=tile_id, slot=target, kept=kept))
    gain(ch, colour, tile.vp, f"Trajan tile {tile_id}")
    if p.arch is None:  # the Arch leaves the centre for the freed slot
        ch.state = update_player(ch.state, colour, arch=target)
        ch.events.append(ArchMoved(player=colour, slot=target))
    return tile_id if isinstance(tile.effect, SPECIAL_EFFECTS) else None
