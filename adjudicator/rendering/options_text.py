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
from adjudicator.i18n import ENGLISH, Translator
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


def render_options(found: OptionsFile, tr: Translator = ENGLISH) -> str:
    """Every option as text; ``tr``: the language of the prose (the notation stays English)."""
    lines = [tr.gettext("Game {game}, decision {decision}").format(game=terminal(found.game_id),
                                                                  decision=found.decision)]
    for o in found.options:
        lines += [""] + _render(found, o, tr)
    return "\n".join(lines) + "\n"


def _header(found: OptionsFile, o: Options) -> str:
    assert o.player is not None
    return header_lines(found.game_id, found.decision, o.player)[0]


def _render(found: OptionsFile, o: Options, tr: Translator) -> list[str]:
    _ = tr.gettext
    if isinstance(o, NoDecision):
        return [_("{player}: nothing to decide ({reason}).").format(player=o.player, reason=o.reason)]
    head = _header(found, o)
    if isinstance(o, MarkersOptions):
        said = _("{player}: put {n} markers in each tray (2 of each colour: {colours}); {players} answer "
                 "this in any order. For example:")
        return [said.format(player=o.player, n=o.markers_per_tray, colours=", ".join(o.colours),
                            players=", ".join(o.players)),
                head, *answer_lines(_example_markers(o))]
    if isinstance(o, CardsOptions):
        said = tr.ngettext("{player}: take {n} starting card(s), one at a time, top to bottom (one take "
                           "line each, or all on one line):",
                           "{player}: take {n} starting card(s), one at a time, top to bottom (one take "
                           "line each, or all on one line):", o.cards_left)
        return [said.format(player=o.player, n=o.cards_left), head,
                *(_comment(answer_lines(TakeCards(take=(s.source,)))[0],
                           _("top: {card}").format(card=s.top) if s.top else _("{n} cards").format(n=s.count))
                  for s in o.sources)]
    if isinstance(o, TrajanOptions):
        return [_("{player}: take the top tile of 3 different stacks onto slots II, IV and VI, for "
                  "example:").format(player=o.player), head, *_trajan(o, tr)]
    if isinstance(o, (DemandsOptions, ConsulOptions)):
        said = (_("{player}: meet the people's demands; one of these lines:") if isinstance(o, DemandsOptions)
                else _("{player}: choose a bonus tile; one of these lines:"))
        return [said.format(player=o.player), head, *(line for a in o.answers for line in answer_lines(a))]
    if isinstance(o, ContinueOptions):
        said = (_("{player}: continue your turn (or end the turn); the legal next steps:") if o.may_end
                else _("{player}: continue your turn (a discard is due); the legal next steps:"))
        return [said.format(player=o.player), head,
                *(step_text(s) for s in o.steps), *(["end turn"] if o.may_end else [])]
    assert isinstance(o, TurnOptions)
    return _render_turn(o, head, tr)


def _comment(line: str, note: str) -> str:
    return f"{line}  # {note}"


def _example_markers(o: MarkersOptions) -> PlaceMarkers:
    c = o.colours  # 6 colours, 2 markers of each: every pair of colours twice
    pairs = {a: (c[(2 * i) % len(c)], c[(2 * i + 1) % len(c)]) for i, a in enumerate(ACTIONS)}
    return PlaceMarkers(trays=MarkerPlacement(**pairs))


def _trajan(o: TrajanOptions, tr: Translator) -> list[str]:
    stacks = [s.stack for s in o.stacks]
    out = []
    if len(stacks) >= 3:
        example = ChooseTrajanTiles(slots=StartingTiles(II=stacks[0], IV=stacks[1], VI=stacks[2]))
        out += answer_lines(example)
    return out + [f"# {s.stack}: {trajan_tile_text(s.top, tr)}" for s in o.stacks]


def _render_turn(o: TurnOptions, head: str, tr: Translator) -> list[str]:
    _ = tr.gettext
    lines = [_("{player}: your turn. Paste the header, one sow line (it empties that tray) and the steps you "
               "choose from those below it:").format(player=o.player), head]
    for t in o.trays:
        tile = ""
        if t.trajan_tile:
            said = (_("; Trajan tile {tile} can be accomplished") if t.accomplishable
                    else _("; Trajan tile {tile} not accomplished"))
            tile = said.format(tile=trajan_tile_text(t.trajan_tile, tr))
        end = _(" (the round ends)") if t.round_ends else ""
        note = tr.ngettext("{n} marker(s) -> {target}, time {time}{end}{tile}",
                           "{n} marker(s) -> {target}, time {time}{end}{tile}", len(t.markers)).format(
            n=len(t.markers), target=tr.action(t.target), time=t.time_after, end=end, tile=tile)
        lines.append(_comment(step_text(t.sow), note))
        lines += [f"  {step_text(s)}" for s in t.actions] or ["  # " + _("no action possible")]
    if o.extra_tiles:
        held = ", ".join(e.action or "wild" for e in o.extra_tiles)
        said = _("extra action tiles held: {tiles} (after that action: extra ACTION, or extra ACTION wild "
                 "for the wild card)")
        lines.append("# " + said.format(tiles=held))
    return lines
