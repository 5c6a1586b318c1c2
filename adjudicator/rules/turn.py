"""A player's turn as a sequence of steps (seed 000, "A player's turn").

The order file lists steps; each is checked against the state the earlier steps left,
then applied.  The turn in progress (:class:`TurnProgress`) records what may still be
done: the Trajan tile's special action, the actions granted (main action, bonus action
of a first construction tile, extra action repeats), whether a discard is due, and
whether an extra action tile was spent.  When the order ends, the turn ends, unless the
last step showed the player new cards and a choice remains: then it pauses for the
same player (rulings.md, "Hidden information mid-turn").
"""

from __future__ import annotations

from msgspec.structs import replace

from adjudicator.errors import Illegal, Problem, problem
from adjudicator.model.events import ActionDeclined, TurnBegan, TurnPaused
from adjudicator.model.orders import (
    ACTION_OF_STEP,
    Discard,
    Extra,
    PlayTurn,
    Sow,
    Step,
    TrajanSpecial,
)
from adjudicator.model.state import ContinueTurn, GameState, Opportunity, TurnProgress
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules import extra, flow, sowing, special
from adjudicator.rules.actions import has_legal_step, module_for, seaport
from adjudicator.rules.ops import Changes


def play(state: GameState, colour: PlayerColour, answer: PlayTurn, path: str) -> Changes:
    """Apply the steps of a turn (or of a paused turn's remainder); raises :class:`Illegal`."""
    ch = Changes(state)
    progress = state.turn if isinstance(state.pending, ContinueTurn) else None
    if progress is None:
        ch.events.append(TurnBegan(player=colour, quarter=state.quarter, round=len(state.board.demands) + 1))
    if progress is None and not answer.steps:
        raise Illegal([problem("turn.sow_first", f"{path}.steps",
                               "A turn begins by emptying a tray: the first step must be 'sow'.")])
    revealed = False
    for i, step in enumerate(answer.steps):
        here = f"{path}.steps[{i}]"
        problems = check_step(ch.state, colour, progress, step, here)
        if problems:
            if i + 1 < len(answer.steps):
                problems.append(problem("orders.not_checked", f"{path}.steps[{i + 1}]",
                                        "The steps after a refused step were not checked: "
                                        "they depend on it."))
            raise Illegal(problems)
        ch.revealed = False
        progress = apply_step(ch, colour, progress, step)
        revealed = ch.revealed
    assert progress is not None
    finish(ch, progress, revealed)
    return ch


def check_step(state: GameState, colour: PlayerColour, progress: TurnProgress | None,
               step: Step, path: str) -> list[Problem]:
    """Every problem with ``step`` at this point of the turn."""
    if progress is None:
        if not isinstance(step, Sow):
            return [problem("turn.sow_first", f"{path}.do",
                            "A turn begins by emptying a tray: the first step must be 'sow'.")]
        return sowing.check(state, colour, step, path)
    if isinstance(step, Sow):
        return [problem("turn.sow_once", f"{path}.do",
                        "You have already rearranged your action markers this turn.")]
    if progress.discard_due and not isinstance(step, Discard):
        return [problem("seaport.discard_required", f"{path}.do",
                        "After drawing 2 cards you must discard 1 card before anything else.")]
    if isinstance(step, Discard):
        if not progress.discard_due:
            return [problem("seaport.no_discard_due", f"{path}.do",
                            "A discard follows only the seaport option 'draw 2 cards'.")]
        return seaport.check_discard(state, colour, step, path)
    if isinstance(step, TrajanSpecial):
        if progress.special is None:
            return [problem("special.not_available", f"{path}.do",
                            "No Trajan tile's special action is open now: it follows right "
                            "after the tile is accomplished.")]
        return special.check(state, colour, progress.special, step, path)
    if isinstance(step, Extra):
        return extra.check(state, progress, step, path)
    action = ACTION_OF_STEP[type(step)]
    if all(o.action != action for o in progress.queue):
        open_ = ", ".join(f"{o.action} ({o.source})" for o in progress.queue) or "none"
        return [problem("action.not_available", f"{path}.do",
                        f"You may not take the {action} action now; actions open to you: {open_}.")]
    return module_for(action).check(state, colour, step, path)


def apply_step(ch: Changes, colour: PlayerColour, progress: TurnProgress | None, step: Step) -> TurnProgress:
    """Apply a checked step; returns the turn in progress after it."""
    if isinstance(step, Sow):
        return sowing.apply(ch, colour, step)
    assert progress is not None
    if isinstance(step, TrajanSpecial):
        assert progress.special is not None
        special.apply(ch, colour, progress.special, step)
        return replace(progress, special=None)
    progress = replace(progress, special=None)
    if isinstance(step, Discard):
        seaport.apply_discard(ch, colour, step)
        return replace(progress, discard_due=False)
    if isinstance(step, Extra):
        _decline(ch, progress.queue, colour)  # what is still open is declined first
        repeats = extra.apply(ch, progress, step)
        return replace(progress, extra_used=True,
                       queue=(Opportunity(action=step.action, source="extra"),) * repeats)
    action = ACTION_OF_STEP[type(step)]
    at = next(i for i, o in enumerate(progress.queue) if o.action == action)
    _decline(ch, progress.queue[:at], colour)
    taken, queue = progress.queue[at], progress.queue[at + 1:]
    ch.bonus, ch.discard_due = None, False
    module_for(action).apply(ch, colour, step)
    performed = progress.performed + ((action,) if taken.source != "extra" else ())
    if ch.bonus is not None:  # first construction tile of a type: its bonus action now
        queue = (Opportunity(action=ch.bonus, source="bonus"),) + queue
    return replace(progress, queue=queue, performed=performed, discard_due=ch.discard_due)


def _decline(ch: Changes, skipped: tuple[Opportunity, ...], colour: PlayerColour) -> None:
    for o in skipped:
        ch.events.append(ActionDeclined(player=colour, action=o.action, source=o.source))


def has_choice(state: GameState, progress: TurnProgress) -> bool:
    """Whether any step is still legal in this turn (other than ending it)."""
    colour = progress.player
    if progress.discard_due or progress.special is not None:
        return True
    if any(has_legal_step(state, colour, o.action) for o in progress.queue):
        return True
    return any(
        not extra.check(state, progress, e, "$") and has_legal_step(state, colour, e.action)
        for e in extra.candidates(state, progress)
    )


def finish(ch: Changes, progress: TurnProgress, revealed: bool) -> None:
    """Pause the turn for the same player, or end it."""
    if progress.discard_due or (revealed and has_choice(ch.state, progress)):
        ch.state = replace(ch.state, turn=progress, pending=ContinueTurn(player=progress.player))
        ch.events.append(TurnPaused(player=progress.player))
        return
    _decline(ch, progress.queue, progress.player)
    flow.end_turn(ch, progress)
