"""The options of a pending decision as text for people: every legal answer and step in
the text notation (see :mod:`adjudicator.notation`), ready to paste under the header
line printed for each player; what helps to choose follows ``#`` (a comment).

``grouped`` (the player's mail, issue 27) prints steps that differ only in their last
word once (``construction build A1``) with the other words in a comment below, so that a
first turn's choices fit on one screen; with the player's view, the construction sites
are grouped by the type of their tile, naming the bonus action of each type's first
tile the player has not built yet."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.components import components
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
    ConstructionBuild,
    ForumTake,
    MarkerPlacement,
    PlaceMarkers,
    SeaportShip,
    StartingTiles,
    Step,
    TakeCards,
)
from adjudicator.model.vocab import ACTIONS, PlayerColour
from adjudicator.notation.text import answer_lines, header_lines, step_text
from adjudicator.rendering.tiles import trajan_tile_text
from adjudicator.views.view import GameView


def render_options(found: OptionsFile, grouped: bool = False, view: GameView | None = None,
                   tr: Translator = ENGLISH) -> str:
    """Every option as text; ``grouped`` (the player's mail): steps that differ only in their
    last word once; ``tr``: the language of the prose (the notation stays English)."""
    lines = [tr.gettext("Game {game}, decision {decision}").format(game=terminal(found.game_id),
                                                                  decision=found.decision)]
    for o in found.options:
        lines += [""] + _render(found, o, Facts(grouped, view, tr))
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Facts:
    """How to print the options: grouped, and the view that names the sites' tiles."""

    grouped: bool = False
    view: GameView | None = None
    tr: Translator = ENGLISH  # the language of the prose


def _header(found: OptionsFile, o: Options) -> str:
    assert o.player is not None
    return header_lines(found.game_id, found.decision, o.player)[0]


def _render(found: OptionsFile, o: Options, facts: Facts) -> list[str]:
    tr = facts.tr
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
    return _render_turn(o, head, facts)


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


def _render_turn(o: TurnOptions, head: str, facts: Facts) -> list[str]:
    tr = facts.tr
    _ = tr.gettext
    if facts.grouped:
        intro = _("{player}: your turn. Copy one sow line (it empties that tray) and the steps you "
                  "choose from "
                  "those below it; a line followed by \"# or: ...\" may end in any of those words "
                  "instead:").format(player=o.player)
    else:
        intro = _("{player}: your turn. Paste the header, one sow line (it empties that tray) and the "
                  "steps you "
                  "choose from those below it:").format(player=o.player)
    lines = [intro, head]
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
        if facts.grouped:
            lines += grouped_steps(t.actions, o.player, facts.view, tr) or ["  # " + _("no action possible")]
        else:
            lines += [f"  {step_text(s)}" for s in t.actions] or ["  # " + _("no action possible")]
    if o.extra_tiles:
        held = ", ".join(e.action or "wild" for e in o.extra_tiles)
        said = _("extra action tiles held: {tiles} (after that action: extra ACTION, or extra ACTION wild "
                 "for the wild card)")
        lines.append("# " + said.format(tiles=held))
    return lines


def legal_lines(found: OptionsFile) -> list[str]:
    """Every line of the notation the options list (sow lines, the steps after them, the
    answers), each once: the lines a refusal suggests the nearest of."""
    out: list[str] = []
    for o in found.options:
        if isinstance(o, TurnOptions):
            for t in o.trays:
                out += [step_text(t.sow), *(step_text(s) for s in t.actions)]
        elif isinstance(o, ContinueOptions):
            out += [step_text(s) for s in o.steps] + (["end turn"] if o.may_end else [])
        elif isinstance(o, (DemandsOptions, ConsulOptions)):
            out += [line for a in o.answers for line in answer_lines(a)]
        elif isinstance(o, CardsOptions):
            out += [answer_lines(TakeCards(take=(s.source,)))[0] for s in o.sources]
        elif isinstance(o, TrajanOptions):
            out += _trajan(o, ENGLISH)[:1]
    return list(dict.fromkeys(out))


# --- Grouped steps (the player's mail) ----------------------------------------------------------

_GROUP_LEAST = 3  # steps that differ in their last word, printed once from this many


def grouped_steps(steps: tuple[Step, ...], player: PlayerColour, view: GameView | None,
                  tr: Translator = ENGLISH) -> list[str]:
    """The steps after one sow line, those that differ only in their last word(s) printed
    once (the first of them whole), the others named in a comment below it."""
    groups: dict[str, list[Step]] = {}
    for s in steps:
        groups.setdefault(_group_key(s), []).append(s)
    out: list[str] = []
    for key, members in groups.items():
        if isinstance(members[0], ConstructionBuild) and view is not None:
            out += _build_lines([m for m in members if isinstance(m, ConstructionBuild)], player, view, tr)
        elif len(members) < _GROUP_LEAST:
            out += [f"  {step_text(m)}" for m in members]
        else:
            rest = [step_text(m)[len(key):].strip() for m in members[1:]]
            out += [f"  {step_text(members[0])}", "  #   " + tr.gettext("or: {words}").format(words=", "
                     "".join(rest))]
    return out


def _group_key(step: Step) -> str:
    """The words a group of steps shares: all but the step's own choice (a seaport
    shipment's ship is shared: a shipment with another ship is another line)."""
    text = step_text(step)
    if isinstance(step, SeaportShip):
        return " ".join(text.split()[:3])
    if step.__struct_config__.tag in ("seaport_display", "seaport_take"):
        return " ".join(text.split()[:2])
    if isinstance(step, ForumTake) and step.extra_action is not None:
        return "forum extra action"
    words = text.split()
    return " ".join(words[:-1]) if len(words) > 1 else text


def _build_lines(builds: list[ConstructionBuild], player: PlayerColour, view: GameView,
                 tr: Translator = ENGLISH) -> list[str]:
    """The legal construction sites by the type of their tile, each type's first-tile bonus
    action named while the player has no tile of that type."""
    tiles = {s.site: s.tile for s in view.board.district}
    data = components()
    owned = {data.construction_tile[t].type for p in view.players if p.colour == player
             for t in p.construction_tiles}
    by_type: dict[str, list[str]] = {}
    for b in builds:
        tile = tiles.get(b.site)
        kind: str = data.construction_tile[tile].type if tile else ""
        by_type.setdefault(kind, []).append(b.site)
    lines = [f"  {step_text(builds[0])}"]
    if len(builds) == 1:
        return lines
    lines.append("  #   " + tr.gettext("or any of these sites, by the tile there (the first tile of a type "
                                      "brings its bonus action):"))
    for kind, sites in by_type.items():
        if not kind:
            label = tr.gettext("no tile (a worker only)")
        else:
            bonus = next(t.bonus_action for t in data.construction.types if t.type == kind)
            label = kind if kind in owned else tr.gettext("{tile} (first brings a {action} action)").format(
                tile=kind, action=tr.action(bonus))
        lines.append(f"  #   {label}: {' '.join(sites)}")
    return lines
