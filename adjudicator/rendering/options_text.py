"""The options of a pending decision as text for people."""

from __future__ import annotations

import msgspec

from adjudicator.components import components
from adjudicator.game.options import (
    CardsOptions,
    ConsulOptions,
    ContinueOptions,
    DemandsOptions,
    MarkersOptions,
    NoDecision,
    Options,
    OptionsFile,
    TrajanOptions,
    TurnOptions,
)
from adjudicator.model.orders import Step


def trajan_tile_text(tile_id: str) -> str:
    """A Trajan tile with what a player chooses it by: its colours, category and VP."""
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return tile_id
    return f"{tile_id} ({'+'.join(data.colours)}, {data.category}, {data.vp} VP)"


def step_text(step: Step) -> str:
    fields = msgspec.structs.asdict(step)
    tag = type(step).__struct_config__.tag
    args = ", ".join(f"{k}={'/'.join(v) if isinstance(v, tuple) else v}" for k, v in fields.items()
                     if v not in (None, (), False))
    return f"{tag}({args})" if args else str(tag)


def render_options(found: OptionsFile) -> str:
    lines = [f"Game {found.game_id}, decision {found.decision}"]
    for o in found.options:
        lines += [""] + _render(o)
    return "\n".join(lines) + "\n"


def _render(o: Options) -> list[str]:
    if isinstance(o, NoDecision):
        return [f"{o.player}: nothing to decide ({o.reason})."]
    if isinstance(o, MarkersOptions):
        return [f"{o.player}: put {o.markers_per_tray} markers in each tray "
                f"(2 of each colour: {', '.join(o.colours)}); {', '.join(o.players)} answer this "
                "in any order."]
    if isinstance(o, CardsOptions):
        src = "; ".join(f"{s.source}" + (f" (top: {s.top})" if s.top else f" ({s.count} cards)")
                        for s in o.sources)
        return [f"{o.player}: take {o.cards_left} starting card(s), one at a time, from: {src}."]
    if isinstance(o, TrajanOptions):
        return [f"{o.player}: take the top tile of 3 different stacks onto slots II, IV and VI:",
                *(f"  {s.stack}: {trajan_tile_text(s.top)}" for s in o.stacks)]
    if isinstance(o, (DemandsOptions, ConsulOptions)):
        what = "meet the people's demands" if isinstance(o, DemandsOptions) else "choose a bonus tile"
        return [f"{o.player}: {what}; legal answers:",
                *(f"  {msgspec.json.encode(a).decode()}" for a in o.answers)]
    if isinstance(o, ContinueOptions):
        end = "or end the turn" if o.may_end else "a discard is due"
        return [f"{o.player}: continue your turn ({end}); legal next steps:",
                *(f"  {step_text(s)}" for s in o.steps)]
    assert isinstance(o, TurnOptions)
    return _render_turn(o)


def _render_turn(o: TurnOptions) -> list[str]:
    lines = [f"{o.player}: your turn. Empty one tray:"]
    for t in o.trays:
        tile = ""
        if t.trajan_tile:
            tile = f"; Trajan tile {t.trajan_tile} " + (
                "can be accomplished" if t.accomplishable else "not accomplished")
        end = " (the round ends)" if t.round_ends else ""
        lines.append(f"  {t.tray}: {len(t.markers)} marker(s) {'/'.join(t.markers)} -> target {t.target}"
                     f", time {t.time_after}{end}{tile}")
        lines.append(f"    then (after sowing {'/'.join(t.sow.markers)}): "
                     + (", ".join(step_text(s) for s in t.actions) or "no action possible"))
    if o.extra_tiles:
        lines.append("  extra action tiles held: " + ", ".join(e.action or "wild" for e in o.extra_tiles))
    return lines
