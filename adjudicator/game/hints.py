"""Warnings on a legal order: value left on the table that a player rarely means to leave
(issue 17).  ``trajan check`` prints them (exit 0), the player's mail shows them beside
the options.

Like the verdict, the warnings depend only on what the order's player could see: they
are computed on the game as that player sees it (:func:`adjudicator.rules.seen.as_seen_by`),
so the game master's file and the stand-in of the player's view give the same warnings.

* ``hint.action_not_taken``, ``hint.bonus_action_not_taken``,
  ``hint.extra_repeat_not_taken``: the turn ends with the main action, the bonus action
  of a first construction tile of a type, or an extra action tile's repeat still open
  and legal (seed 000, "A player's turn");
* ``hint.special_not_taken``: the accomplished Trajan tile's special action is open and
  legal when the turn ends;
* ``hint.sowing_misses_tile``: the sowing leaves the target's Trajan tile unaccomplished
  although another order of the same markers would accomplish it;
* ``hint.drawn_then_ended``: a turn paused to show drawn cards is ended with nothing done
  although a step is still legal.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.orders import (
    ACTION_OF_STEP,
    ContinueTurnAnswer,
    OrderFile,
    PlayTurn,
    Sow,
    TrajanSpecial,
)
from adjudicator.model.state import ContinueTurn, GameState, TakeTurn, TurnProgress
from adjudicator.model.vocab import Action, MarkerColour, PlayerColour
from adjudicator.rules.legal import legal_steps
from adjudicator.rules.ops import Changes, clockwise_from, player, slot_tile, tray
from adjudicator.rules.seen import as_seen_by
from adjudicator.rules.turn import apply_step, check_step, has_choice

_OPEN = {
    "main": ("hint.action_not_taken", "the {action} action of your turn"),
    "bonus": ("hint.bonus_action_not_taken", "the bonus {action} action of your first construction tile "
              "of that type"),
    "extra": ("hint.extra_repeat_not_taken", "the {action} action your extra action tile repeats"),
}


def hints(state: GameState, orders: OrderFile) -> list[Problem]:
    """The warnings on ``orders`` (a legal order, checked first by the caller)."""
    answer = orders.answer
    if not isinstance(answer, PlayTurn) or not isinstance(state.pending, (TakeTurn, ContinueTurn)):
        return []
    colour = orders.player
    seen = as_seen_by(state, colour)
    ch = Changes(seen)
    progress = seen.turn if isinstance(seen.pending, ContinueTurn) else None
    out: list[Problem] = []
    for i, step in enumerate(answer.steps):
        path = f"$.answer.steps[{i}]"
        if check_step(ch.state, colour, progress, step, path):
            return []  # not a legal order: its problems say more than any warning
        if isinstance(step, Sow):
            out += _sowing(ch.state, colour, step, path)
        ch.revealed = False
        progress = apply_step(ch, colour, progress, step)
    if progress is None or progress.discard_due or (ch.revealed and has_choice(ch.state, progress)):
        return out  # the turn pauses: the player goes on later
    if isinstance(answer, ContinueTurnAnswer) and not answer.steps and has_choice(ch.state, progress):
        out.append(problem("hint.drawn_then_ended", "$.answer.steps",
                           "Your turn was paused so that you could act after seeing the cards drawn; "
                           "this order ends it with nothing done."))
    return out + left_open(ch.state, progress, "$.answer.steps")


def left_open(state: GameState, progress: TurnProgress, path: str) -> list[Problem]:
    """What a turn ending now would leave open although a step of it is legal."""
    legal = legal_steps(state, progress)
    out = []
    if any(isinstance(s, TrajanSpecial) for s in legal):
        out.append(problem("hint.special_not_taken", path,
                           f"The special action of the Trajan tile {progress.special} you accomplished is "
                           "open and legal ('trajan special'); the turn ends without it."))
    doable = {ACTION_OF_STEP[type(s)] for s in legal if type(s) in ACTION_OF_STEP}
    for o in dict.fromkeys(progress.queue):
        if o.action in doable:
            code, what = _OPEN[o.source]
            out.append(problem(code, path, f"The turn ends with {what.format(action=o.action)} not taken, "
                               "although a step of it is legal."))
    return out


def _sowing(state: GameState, colour: PlayerColour, step: Sow, path: str) -> list[Problem]:
    """A warning if the sowing misses a Trajan tile another order of its markers accomplishes."""
    p = player(state, colour)
    held = tray(p, step.tray)
    target = clockwise_from(step.tray, len(held))
    tile = slot_tile(p, target)
    if tile is None or not can_accomplish(p.trays, step.tray, held, target, tile):
        return []
    landing = Counter(m for i, m in enumerate(step.markers, start=1)
                      if clockwise_from(step.tray, i) == target)
    there = Counter(() if target == step.tray else tray(p, target)) + landing
    if not Counter(components().trajan_tile[tile].colours) - there:
        return []
    return [problem("hint.sowing_misses_tile", f"{path}.markers",
                    f"This order of the markers leaves the Trajan tile {tile} beside the {target} tray "
                    "unaccomplished; another order of the same markers would accomplish it "
                    f"(it needs {'+'.join(components().trajan_tile[tile].colours)} in that tray).")]


def can_accomplish(trays: object, source: Action, held: tuple[MarkerColour, ...], target: Action,
                   tile: str) -> bool:
    """Whether some order of the ``held`` markers puts the tile's colours in the target tray."""
    slots = sum(1 for i in range(1, len(held) + 1) if clockwise_from(source, i) == target)
    there = Counter(() if target == source else getattr(trays, target))
    missing = Counter(components().trajan_tile[tile].colours) - there
    return sum(missing.values()) <= slots and not (missing - Counter(held))
