"""Construction action (seed 000, "Construction Action"): hire or build."""

from __future__ import annotations

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import TokensMoved, WorkerBuilt
from adjudicator.model.orders import ActionStep, ConstructionBuild, ConstructionHire
from adjudicator.model.state import GameState, SiteState
from adjudicator.model.vocab import SITES, PlayerColour, Site
from adjudicator.rules.ops import Changes, gain, player, update_board, update_player

ACTION = "construction"
STEPS = (ConstructionHire, ConstructionBuild)


def own_sites(state: GameState, colour: PlayerColour) -> list[Site]:
    """The district sites where ``colour`` has a worker."""
    return [s.site for s in state.board.district if colour in s.workers]


def check(state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
    """The problems of ``step`` of the construction action for ``colour`` now (none: it is legal);
    ``path`` is the step's JSON path."""
    p = player(state, colour)
    if isinstance(step, ConstructionHire):
        if p.supply == 0:
            return [problem("construction.no_supply", path, "You have no small tokens left in your supply.")]
        return []
    assert isinstance(step, ConstructionBuild)
    problems = []
    if p.worker_camp == 0:
        problems.append(problem("construction.no_worker", path, "You have no worker in the worker camp."))
    mine = own_sites(state, colour)
    if step.site in mine:
        problems.append(problem("construction.own_worker_there", f"{path}.site",
                                f"You already have a worker on {step.site}; one per site."))
    elif mine and not any(n in mine for n in components().adjacent_sites(step.site)):
        near = sorted({n for s in mine for n in components().adjacent_sites(s)} - set(mine))
        problems.append(problem("construction.not_adjacent", f"{path}.site",
                                f"{step.site} is not next to one of your workers "
                                f"(horizontally or vertically); you may build on {', '.join(near)}."))
    return problems


def apply(ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
    """Perform ``step`` of the construction action for ``colour`` into ``ch`` (a step ``check``
    accepts)."""
    p = player(ch.state, colour)
    if isinstance(step, ConstructionHire):
        ch.state = update_player(ch.state, colour, supply=p.supply - 1, worker_camp=p.worker_camp + 1)
        ch.events.append(TokensMoved(player=colour, count=1, to="worker_camp"))
        return
    assert isinstance(step, ConstructionBuild)
    site = next(s for s in ch.state.board.district if s.site == step.site)
    tile = site.tile
    ch.state = update_board(ch.state, district=tuple(
        SiteState(site=s.site, tile=None, workers=s.workers + (colour,)) if s.site == step.site else s
        for s in ch.state.board.district))
    ch.state = update_player(ch.state, colour, worker_camp=p.worker_camp - 1,
                             construction_tiles=p.construction_tiles + ((tile,) if tile else ()))
    bonus = None
    if tile is not None:
        data = components().construction_tile[tile]
        first = all(components().construction_tile[t].type != data.type for t in p.construction_tiles)
        if first:  # "first construction tile of that type": its bonus action
            bonus = components().construction_type[data.type].bonus_action
    ch.events.append(WorkerBuilt(player=colour, site=step.site, tile=tile, bonus=bonus))
    if tile is not None:
        gain(ch, colour, components().construction_tile[tile].vp, f"construction tile {tile}")
    ch.bonus = bonus


def candidates(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """Every construction step worth asking ``check`` about; the legal ones are those it accepts."""
    # check refuses a site with the player's own worker and, once they have one, a site
    # next to none of theirs: those are not worth asking about.
    mine = own_sites(state, colour)
    near = {n for s in mine for n in components().adjacent_sites(s)}
    sites = [s for s in SITES if s not in mine and (not mine or s in near)]
    return [ConstructionHire(), *(ConstructionBuild(site=s) for s in sites)]
