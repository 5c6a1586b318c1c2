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

import msgspec
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
from adjudicator.rules.seen import as_seen_by


def play(state: GameState, colour: PlayerColour, answer: PlayTurn, path: str) -> Changes:
    """Apply the steps of a turn (or of a paused turn's remainder); raises :class:`Illegal`.

    The verdict is the one on the game as the player sees it (:mod:`adjudicator.rules.seen`).
    Until a step brings a hidden component into play (a draw, a refilled discard pile, a
    Trajan stack's next tile) the real game and the seen one agree on everything a check
    reads, so the steps are checked on the real game; the seen game is checked too once
    a step follows one that did (rulings.md, "Verdicts and hidden cards")."""
    ch = Changes(state)
    run = _steps(ch, colour, answer, path)
    problems = run.problems
    if run.late:
        problems = _steps(Changes(as_seen_by(state, colour)), colour, answer, path).problems
    if problems:
        raise Illegal(problems)
    assert run.progress is not None
    finish(ch, run.progress, run.revealed)
    return ch


class _Run(msgspec.Struct):  # a Struct, not a dataclass: a fast start
    progress: TurnProgress | None = None
    revealed: bool = False  # the last step showed the player new cards
    late: bool = False  # a step was checked after one that brought a hidden component into play
    problems: list[Problem] = msgspec.field(default_factory=list)  # of the first refused step


def _steps(ch: Changes, colour: PlayerColour, answer: PlayTurn, path: str) -> _Run:
    """Check and apply each step in turn, up to the first refused one."""
    state = ch.state
    run = _Run(progress=state.turn if isinstance(state.pending, ContinueTurn) else None)
    if run.progress is None:
        ch.events.append(TurnBegan(player=colour, quarter=state.quarter, round=len(state.board.demands) + 1))
        if not answer.steps:
            run.problems = [problem("turn.sow_first", f"{path}.steps",
                                    "A turn begins by emptying a tray: the first step must be 'sow'.")]
    elif run.progress.discard_due and not answer.steps:  # project ruling (i)
        run.problems = [problem("turn.discard_due", f"{path}.steps",
                                "A discard is due: the paused turn goes on with a 'discard' step "
                                "(a card from your hand onto a discard pile) before it can end.")]
    for i, step in enumerate(answer.steps):
        run.late = run.late or _hidden_moved(state, ch.state)
        run.problems = check_step(ch.state, colour, run.progress, step, f"{path}.steps[{i}]")
        if run.problems:
            if i + 1 < len(answer.steps):
                run.problems.append(problem("orders.not_checked", f"{path}.steps[{i + 1}]",
                                            "The steps after a refused step were not checked: "
                                            "they depend on it."))
            break
        ch.revealed = False
        run.progress = apply_step(ch, colour, run.progress, step)
        run.revealed = ch.revealed
    return run


def _hidden_moved(before: GameState, now: GameState) -> bool:
    """Whether a hidden pile (face-down piles, Trajan stacks) has changed since ``before``."""
    return now.piles is not before.piles or now.board.trajan_stacks is not before.board.trajan_stacks


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
    if isinstance(step, Discard):
        seaport.apply_discard(ch, colour, step)
        return replace(progress, special=None, discard_due=False)
    if isinstance(step, Extra):
        _decline(ch, progress.queue, colour)  # what is still open is declined first
        repeats = extra.apply(ch, progress, step)
        return replace(progress, special=None, extra_used=True,
                       queue=(Opportunity(action=step.action, source="extra"),) * repeats)
    action = ACTION_OF_STEP[type(step)]
    queue = progress.queue
    at = 0
    while queue[at].action != action:  # the first opportunity for this action (checked)
        at += 1
    _decline(ch, queue[:at], colour)
    taken, queue = queue[at], queue[at + 1:]
    ch.bonus, ch.discard_due = None, False
    module_for(action).apply(ch, colour, step)
    performed = progress.performed + (action,) if taken.source != "extra" else progress.performed
    if ch.bonus is not None:  # first construction tile of a type: its bonus action now
        queue = (Opportunity(action=ch.bonus, source="bonus"),) + queue
    return replace(progress, special=None, queue=queue, performed=performed, discard_due=ch.discard_due)


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
