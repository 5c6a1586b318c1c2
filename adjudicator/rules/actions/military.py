"""Military action (seed 000, "Military Action"): recruit, move leader, deploy."""

from __future__ import annotations

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import LeaderMoved, LegionnaireDeployed, ProvinceTileSeized, TokensMoved
from adjudicator.model.orders import ActionStep, MilitaryDeploy, MilitaryMove, MilitaryRecruit
from adjudicator.model.state import GameState, ProvinceState
from adjudicator.model.vocab import PROVINCES, PlayerColour, Province
from adjudicator.rules.ops import Changes, gain, player, update_board, update_player

ACTION = "military"
STEPS = (MilitaryRecruit, MilitaryMove, MilitaryDeploy)


def check(state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
    """The problems of ``step`` of the military action for ``colour`` now (none: it is legal);
    ``path`` is the step's JSON path."""
    p = player(state, colour)
    if isinstance(step, MilitaryRecruit):
        if p.supply == 0:
            return [problem("military.no_supply", path, "You have no small tokens left in your supply.")]
    elif isinstance(step, MilitaryMove):
        near = components().neighbours(p.leader)
        if step.province not in near:
            return [problem("military.not_adjacent", f"{path}.province",
                            f"Your leader is in {p.leader} and may move to {', '.join(near)}, "
                            f"not {step.province}.")]
    elif isinstance(step, MilitaryDeploy):
        return _check_deploy(state, colour, path)
    return []


def _check_deploy(state: GameState, colour: PlayerColour, path: str) -> list[Problem]:
    p = player(state, colour)
    problems = []
    if p.leader == "camp":
        problems.append(problem("military.leader_in_camp", path,
                                "Your leader is still in the military camp; a legionnaire goes to the "
                                "leader's province."))
    elif p.leader in p.legionnaires:
        problems.append(problem("military.already_deployed", path,
                                f"You already have a legionnaire in {p.leader}; only one per province."))
    if p.military_camp == 0:
        problems.append(problem("military.no_legionnaire", path,
                                "You have no legionnaire in the military camp."))
    return problems


def province_vp(state: GameState, colour: PlayerColour, province: Province) -> tuple[int, int]:
    """(victory points for deploying there, other players' legionnaires there)."""
    others = sum(province in p.legionnaires for p in state.players if p.colour != colour)
    vp = components().province[province].vp - components().board.legionnaire_penalty * others
    return max(0, vp), others  # never less than 0


def apply(ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
    """Perform ``step`` of the military action for ``colour`` into ``ch`` (a step ``check``
    accepts)."""
    p = player(ch.state, colour)
    if isinstance(step, MilitaryRecruit):
        ch.state = update_player(ch.state, colour, supply=p.supply - 1, military_camp=p.military_camp + 1)
        ch.events.append(TokensMoved(player=colour, count=1, to="military_camp"))
    elif isinstance(step, MilitaryMove):
        ch.state = update_player(ch.state, colour, leader=step.province)
        ch.events.append(LeaderMoved(player=colour, origin=p.leader, province=step.province))
        _seize(ch, colour, step.province)
    elif isinstance(step, MilitaryDeploy):
        province: Province = p.leader  # type: ignore[assignment]
        vp, others = province_vp(ch.state, colour, province)
        ch.state = update_player(ch.state, colour, military_camp=p.military_camp - 1,
                                 legionnaires=p.legionnaires + (province,))
        ch.events.append(LegionnaireDeployed(player=colour, province=province, others=others))
        gain(ch, colour, vp, f"legionnaire in {province}")


def _seize(ch: Changes, colour: PlayerColour, province: Province) -> None:
    """The leader takes the forum tile lying in the province, if any."""
    spaces = ch.state.board.provinces
    here = next(s for s in spaces if s.province == province)
    if here.tile is None:
        return
    p = player(ch.state, colour)
    ch.state = update_player(ch.state, colour, forum_tiles=p.forum_tiles + (here.tile,))
    ch.state = update_board(ch.state, provinces=tuple(
        ProvinceState(province=province) if s.province == province else s for s in spaces))
    ch.events.append(ProvinceTileSeized(player=colour, province=province, tile=here.tile))


def candidates(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """Every military step worth asking ``check`` about; the legal ones are those it accepts."""
    # check refuses a move to a province that is not next to the leader.
    near = components().neighbours(player(state, colour).leader)
    moves = [MilitaryMove(province=v) for v in PROVINCES if v in near]
    return [MilitaryRecruit(), *moves, MilitaryDeploy()]
