"""Extra actions and [+2] markers (seed 000, "Extra Actions & [+2] Markers";
seed 001: a first-construction-tile bonus action may be repeated the same way)."""

from __future__ import annotations

from typing import Literal

from adjudicator.errors import Problem, problem
from adjudicator.model.events import ExtraActionUsed
from adjudicator.model.orders import Extra
from adjudicator.model.state import GameState, Player, TurnProgress
from adjudicator.model.vocab import Action, ForumTileKind
from adjudicator.rules.ops import Changes, player, remove_items, update_player, update_removed

TileUsed = Literal["extra_action_tile", "forum_tile", "wild"]


def tile_for(p: Player, action: Action, wild: bool) -> TileUsed | None:
    """Which of the player's tiles an extra action of ``action`` would spend."""
    if wild:
        return "wild" if "wild-extra" in p.forum_tiles else None
    if action in p.extra_tiles:
        return "extra_action_tile"
    if f"extra-{action}" in p.forum_tiles:
        return "forum_tile"
    return None


def check(state: GameState, progress: TurnProgress, step: Extra, path: str) -> list[Problem]:
    """The problems of spending an extra action on ``step``'s action: one per turn, an
    action performed this turn, and a tile (or wild card) to spend."""
    p = player(state, progress.player)
    if progress.extra_used:
        return [problem("extra.second_tile", path,
                        "You have already spent an extra action tile this turn; only one per turn.")]
    if step.action not in progress.performed:
        done = ", ".join(progress.performed) or "none yet"
        return [problem("extra.not_performed", f"{path}.action",
                        f"An extra action repeats an action you performed this turn "
                        f"(performed: {done}), not {step.action}.")]
    if tile_for(p, step.action, step.wild) is None:
        if step.wild:
            return [problem("extra.no_wild", f"{path}.wild",
                            "You have no extra-action wild card.")]
        return [problem("extra.no_tile", f"{path}.action",
                        f"You have no extra action tile for {step.action}"
                        + (" (you could use your extra-action wild card: set 'wild')."
                           if "wild-extra" in p.forum_tiles else "."))]
    return []


def apply(ch: Changes, progress: TurnProgress, step: Extra) -> int:
    """Spend the tile; returns how many repeats it gives (2 with a [+2] marker)."""
    colour = progress.player
    p = player(ch.state, colour)
    used = tile_for(p, step.action, step.wild)
    if used == "extra_action_tile":
        ch.state = update_player(ch.state, colour, extra_tiles=remove_items(p.extra_tiles, [step.action]))
        ch.state = update_removed(ch.state, extra=ch.state.removed.extra + (step.action,))
    else:
        kind: ForumTileKind = "wild-extra" if used == "wild" else f"extra-{step.action}"  # type: ignore[assignment]
        ch.state = update_player(ch.state, colour, forum_tiles=remove_items(p.forum_tiles, [kind]))
        ch.state = update_removed(ch.state, forum=ch.state.removed.forum + (kind,))
    repeats = 2 if step.action in p.plus2 else 1
    assert used is not None
    ch.events.append(ExtraActionUsed(player=colour, action=step.action, tile=used, repeats=repeats))
    return repeats


def candidates(state: GameState, progress: TurnProgress) -> list[Extra]:
    """Every extra action worth asking ``check`` about: each action performed this turn, with and
    without the wild card."""
    return [Extra(action=a, wild=w) for a in dict.fromkeys(progress.performed) for w in (False, True)]
