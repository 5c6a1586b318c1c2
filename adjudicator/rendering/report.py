"""The Markdown report of one decision, rendered from its events (issues 3, 4 and 6).

The report tells what happened from the events alone; the states before and after are
used only for the heading (game id, decision number), the scores and who decides next.
Every event type has one small renderer in ``RENDERERS``; an event type without one is
rendered generically (its tag and fields), so a new event never breaks a report.

Hidden information is redacted in one place, :mod:`adjudicator.views.redact` (re-exported
here): :func:`public_event` turns cards drawn from the face-down pile into a count.
:func:`render` shows only public events; :func:`render_private` adds, for one player,
what the redaction hid from the others about that player.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from adjudicator.escape import markdown
from adjudicator.game.engine import deciders
from adjudicator.game.seeding import describe as describe_seeding
from adjudicator.model.events import (
    BoardRefilled,
    BonusTileGained,
    DemandMet,
    Event,
    ForumCleared,
    GameEnded,
    ProvinceRefilled,
    QuarterEnded,
    RoundEnded,
    ScoreChanged,
    SenateReset,
    SenateTilesRemoved,
    SenateVote,
    ShipsRestored,
)
from adjudicator.model.state import ChooseBonus, GameOver, GameState, Pending, SetupCards, kind_of
from adjudicator.model.vocab import PlayerColour
from adjudicator.rendering.report_lines import RENDERERS, render_event, render_generic, renders, signed  # noqa: F401
from adjudicator.views.redact import CardsDrawnUnseen, CardTakenUnseen, private_events, public_event

__all__ = ["CardTakenUnseen", "CardsDrawnUnseen", "private_events", "public_event", "render",
           "render_all", "render_private"]

E = TypeVar("E", bound=Event)
Renderer = Callable[[Any], str]

# --- Sections ------------------------------------------------------------------------

# Events from which on the report tells of the round, quarter and game end.
END_OF_ROUND: tuple[type[Event], ...] = (
    RoundEnded, QuarterEnded, DemandMet, SenateVote, SenateReset, BonusTileGained,
    SenateTilesRemoved, ForumCleared, ProvinceRefilled, BoardRefilled, ShipsRestored, GameEnded,
)

# Events that happen only when a quarter ends.
QUARTER_END: tuple[type[Event], ...] = (
    QuarterEnded, DemandMet, SenateVote, SenateReset, BonusTileGained, SenateTilesRemoved, ForumCleared,
    ProvinceRefilled, BoardRefilled, ShipsRestored,
)

TITLES = {
    "setup_markers": "Setup: action markers", "setup_cards": "Setup: starting cards",
    "setup_trajan": "Setup: starting Trajan tiles", "turn": "The turn",
    "turn_continue": "The turn, continued", "demands": "Quarter end: the people's demands",
    "consul": "Quarter end: the consul's choice",
}


def split(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """(the decision's own steps, the round/quarter/game end that followed)."""
    for i, e in enumerate(events):
        if isinstance(e, END_OF_ROUND):
            return list(events[:i]), list(events[i:])
    return list(events), []


def answerer(events: Sequence[Event], before: GameState) -> str:
    """Who answered the decision: its only decider, else the first player named."""
    who = deciders(before.pending)
    if len(who) == 1:
        return who[0]
    named = [p for e in events if isinstance(p := getattr(e, "player", None), str)]
    return named[0] if named else ", ".join(who) or "nobody"


# The same in every report of a game: made once (both are pure functions).
_escaped_id = functools.lru_cache(maxsize=64)(markdown)
_start = functools.lru_cache(maxsize=64)(describe_seeding)


def header(events: Sequence[Event], before: GameState) -> list[str]:
    return [
        f"# Trajan {_escaped_id(before.game_id)}: decision {before.decision}",
        "",
        f"Answered by **{answerer(events, before)}** "
        f"(`{kind_of(before.pending)}`, quarter {before.quarter}).",
    ]


def witness_section(after: GameState) -> list[str]:
    """The hash of the game file this report belongs to (a player keeps it as a witness for
    ``trajan verify --witness``) and how the game started (issue 14)."""
    return ["", f"- Game file: {after.chain.hash}", f"- Start: {_start(after.seeding)}"]


def steps_section(events: Sequence[Event], before: GameState) -> list[str]:
    if not events:
        return []
    title = TITLES.get(kind_of(before.pending), kind_of(before.pending))
    return ["", f"## {title}", "", *(f"{i}. {render_event(e)}" for i, e in enumerate(events, start=1))]


def points_by_player(events: Sequence[Event]) -> list[str]:
    """Every change of score, grouped by player, so each total can be checked by hand."""
    scores = [e for e in events if isinstance(e, ScoreChanged)]
    lines: list[str] = []
    for colour in dict.fromkeys(e.player for e in scores):
        mine = [e for e in scores if e.player == colour]
        start, gained = mine[0].total - mine[0].vp, sum(e.vp for e in mine)
        lines.append(f"- **{colour}**: {start} {signed(gained)} = {mine[-1].total} VP")
        lines += [f"  - {signed(e.vp)} VP: {e.reason}" for e in mine]
    return lines


def end_section(events: Sequence[Event]) -> list[str]:
    if not events:
        return []
    lines = ["", f"## {end_title(events)}", ""]
    lines += [f"- {render_event(e)}" for e in events if not isinstance(e, ScoreChanged)]
    points = points_by_player(events)
    if points:
        lines += ["", "### Points scored", "", *points]
    return lines


def end_title(events: Sequence[Event]) -> str:
    """"End of round", "End of round and quarter", ...: only what did end."""
    parts: tuple[tuple[str, tuple[type[Event], ...]], ...] = (
        ("round", (RoundEnded,)), ("quarter", QUARTER_END), ("game", (GameEnded,)))
    ended = [name for name, kinds in parts if any(isinstance(e, kinds) for e in events)]
    words = ", ".join(ended[:-1]) + " and " + ended[-1] if len(ended) > 1 else "".join(ended) or "round"
    return f"End of {words}"


def scores_section(after: GameState) -> list[str]:
    return ["", "## Scores", "", *(f"- {p.colour}: {p.vp} VP" for p in after.players)]


def describe_pending(pending: Pending) -> str:
    """What the pending decision asks, in words."""
    if isinstance(pending, SetupCards):
        return f"take {pending.cards_left} more starting card(s)"
    if isinstance(pending, ChooseBonus):
        return f"as consul, choose a bonus tile (the vice consul {pending.vice_consul} gets the other)"
    return {
        "setup_markers": "place the 12 action markers, 2 in every tray",
        "setup_trajan": "choose 3 starting Trajan tiles for slots II, IV and VI",
        "turn": "take a turn", "turn_continue": "continue the paused turn",
        "demands": "choose how to meet the people's demands",
    }.get(kind_of(pending), kind_of(pending))


def next_section(after: GameState) -> list[str]:
    if isinstance(after.pending, GameOver):
        return ["", "## Next", "", "The game is over; no further orders are taken."]
    who = deciders(after.pending)
    names = ", ".join(f"**{c}**" for c in who) or "nobody"
    return ["", "## Next", "",
            f"Decision {after.decision} (`{kind_of(after.pending)}`): {names} \u2014 "
            f"{describe_pending(after.pending)}."]


def _public_report(events: Sequence[Event], before: GameState, after: GameState) -> list[str]:
    return _report_lines([public_event(e) for e in events], before, after)


def _report_lines(shown: Sequence[Event], before: GameState, after: GameState) -> list[str]:
    """The lines of the public report of the (already redacted) events ``shown``."""
    own, end = split(shown)
    return [*header(shown, before), *witness_section(after), *steps_section(own, before), *end_section(end),
            *scores_section(after), *next_section(after)]


def render(events: Sequence[Event], before: GameState, after: GameState) -> str:
    """The public Markdown report of one decision: nothing hidden from any player."""
    return "\n".join(_public_report(events, before, after)) + "\n"


def private_section(events: Sequence[Event], player: PlayerColour) -> list[str]:
    hidden = private_events(events, player)
    lines = ["", f"## Only for {player}", ""]
    if not hidden:
        return [*lines, "Nothing hidden from the others was revealed to you in this decision."]
    return [*lines, *(f"- {render_event(e)}" for e in hidden)]


def render_private(events: Sequence[Event], before: GameState, after: GameState,
                   player: PlayerColour) -> str:
    """The public report plus what only ``player`` learned (e.g. the cards they drew)."""
    return "\n".join([*_public_report(events, before, after), *private_section(events, player)]) + "\n"


def render_all(events: Sequence[Event], before: GameState,
               after: GameState) -> tuple[str, dict[PlayerColour, str]]:
    """The public report and every seated player's report, the public part rendered once."""
    shown = [public_event(e) for e in events]
    public = _report_lines(shown, before, after)
    hidden = [e for e, s in zip(events, shown, strict=True) if s is not e]  # what private sections hold
    text = "\n".join(public) + "\n"
    private = {c: text + "\n".join(private_section(hidden, c)) + "\n" for c in before.seats}
    return text, private
