"""The options of a pending decision as text for people: every legal answer and step in
the text notation (see :mod:`adjudicator.notation`), ready to paste under the header
line printed for each player; what helps to choose follows ``#`` (a comment)."""

from __future__ import annotations

from adjudicator.escape import terminal
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
from adjudicator.model.orders import (
    ChooseTrajanTiles,
    MarkerPlacement,
    PlaceMarkers,
    StartingTiles,
    TakeCards,
)
from adjudicator.model.vocab import ACTIONS
from adjudicator.notation.text import answer_lines, header_lines, step_text
from adjudicator.rendering.tiles import trajan_tile_text


def render_options(found: OptionsFile) -> str:
    lines = [f"Game {terminal(found.game_id)}, decision {found.decision}"]
    for o in found.options:
        lines += [""] + _render(found, o)
    return "\n".join(lines) + "\n"


def _header(found: OptionsFile, o: Options) -> str:
    assert o.player is not None
    return header_lines(found.game_id, found.decision, o.player)[0]


def _render(found: OptionsFile, o: Options) -> list[str]:
    if isinstance(o, NoDecision):
        return [f"{o.player}: nothing to decide ({o.reason})."]
    head = _header(found, o)
    if isinstance(o, MarkersOptions):
        return [f"{o.player}: put {o.markers_per_tray} markers in each tray (2 of each colour: "
                f"{', '.join(o.colours)}); {', '.join(o.players)} answer this in any order. For example:",
                head, *answer_lines(_example_markers(o))]
    if isinstance(o, CardsOptions):
        return [f"{o.player}: take {o.cards_left} starting card(s), one at a time, top to bottom "
                "(one take line each, or all on one line):", head,
                *(_comment(answer_lines(TakeCards(take=(s.source,)))[0],
                           f"top: {s.top}" if s.top else f"{s.count} cards") for s in o.sources)]
    if isinstance(o, TrajanOptions):
        return [f"{o.player}: take the top tile of 3 different stacks onto slots II, IV and VI, "
                "for example:", head, *_trajan(o)]
    if isinstance(o, (DemandsOptions, ConsulOptions)):
        what = "meet the people's demands" if isinstance(o, DemandsOptions) else "choose a bonus tile"
        return [f"{o.player}: {what}; one of these lines:", head,
                *(line for a in o.answers for line in answer_lines(a))]
    if isinstance(o, ContinueOptions):
        end = "or end the turn" if o.may_end else "a discard is due"
        return [f"{o.player}: continue your turn ({end}); the legal next steps:", head,
                *(step_text(s) for s in o.steps), *(["end turn"] if o.may_end else [])]
    assert isinstance(o, TurnOptions)
    return _render_turn(o, head)


def _comment(line: str, note: str) -> str:
    return f"{line}  # {note}"


def _example_markers(o: MarkersOptions) -> PlaceMarkers:
    c = o.colours  # 6 colours, 2 markers of each: every pair of colours twice
    pairs = {a: (c[(2 * i) % len(c)], c[(2 * i + 1) % len(c)]) for i, a in enumerate(ACTIONS)}
    return PlaceMarkers(trays=MarkerPlacement(**pairs))


def _trajan(o: TrajanOptions) -> list[str]:
    stacks = [s.stack for s in o.stacks]
    out = []
    if len(stacks) >= 3:
        example = ChooseTrajanTiles(slots=StartingTiles(II=stacks[0], IV=stacks[1], VI=stacks[2]))
        out += answer_lines(example)
    return out + [f"# {s.stack}: {trajan_tile_text(s.top)}" for s in o.stacks]


def _render_turn(o: TurnOptions, head: str) -> list[str]:
    lines = [f"{o.player}: your turn. Paste the header, one sow line (it empties that tray) and "
             "the steps you choose from those below it:", head]
    for t in o.trays:
        tile = ""
        if t.trajan_tile:
            tile = f"; Trajan tile {trajan_tile_text(t.trajan_tile)} " + (
                "can be accomplished" if t.accomplishable else "not accomplished")
        end = " (the round ends)" if t.round_ends else ""
        lines.append(_comment(step_text(t.sow), f"{len(t.markers)} marker(s) -> {t.target}, "
                              f"time {t.time_after}{end}{tile}"))
        lines += [f"  {step_text(s)}" for s in t.actions] or ["  # no action possible"]
    if o.extra_tiles:
        held = ", ".join(e.action or "wild" for e in o.extra_tiles)
        lines.append(f"# extra action tiles held: {held} (after that action: extra ACTION, or extra "
                     "ACTION wild for the wild card)")
    return lines
