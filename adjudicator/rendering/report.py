"""The Markdown report of one decision, rendered from its events (issues 3, 4 and 6).

The report tells what happened from the events alone; the states before and after are
used only for the heading (game id, decision number), the scores and who decides next.
Every event type has one small renderer in ``RENDERERS``; an event type without one is
rendered generically (its tag and fields), so a new event never breaks a report.

Hidden information is redacted in one place, :mod:`adjudicator.views.redact` (re-exported
here): :func:`public_event` turns cards drawn from the face-down pile into a count.
:func:`render` shows only public events; :func:`render_private` adds, for one player,
what the redaction hid from the others about that player.

The log's reports are English (``tr`` left at :data:`~adjudicator.i18n.ENGLISH`: the text
below, byte for byte); a player's mail renders the same events in the player's language
(issue 31).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from adjudicator.escape import markdown
from adjudicator.game.engine import deciders
from adjudicator.game.seeding import describe as describe_seeding
from adjudicator.i18n import ENGLISH, N_, Translator
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
Renderer = Callable[[Any, Translator], str]

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
    "setup_markers": N_("Setup: action markers"), "setup_cards": N_("Setup: starting cards"),
    "setup_trajan": N_("Setup: starting Trajan tiles"), "turn": N_("The turn"),
    "turn_continue": N_("The turn, continued"), "demands": N_("Quarter end: the people's demands"),
    "consul": N_("Quarter end: the consul's choice"),
}


def split(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """(the decision's own steps, the round/quarter/game end that followed)."""
    for i, e in enumerate(events):
        if isinstance(e, END_OF_ROUND):
            return list(events[:i]), list(events[i:])
    return list(events), []


def answerer(events: Sequence[Event], before: GameState, tr: Translator = ENGLISH) -> str:
    """Who answered the decision: its only decider, else the first player named."""
    who = deciders(before.pending)
    if len(who) == 1:
        return who[0]
    named = [p for e in events if isinstance(p := getattr(e, "player", None), str)]
    return named[0] if named else ", ".join(who) or tr.gettext("nobody")


# The same in every report of a game: made once (both are pure functions).
_escaped_id = functools.lru_cache(maxsize=64)(markdown)
_start = functools.lru_cache(maxsize=64)(describe_seeding)


def header(events: Sequence[Event], before: GameState, tr: Translator = ENGLISH) -> list[str]:
    return [
        tr.gettext("# Trajan {game}: decision {decision}").format(game=_escaped_id(before.game_id),
                                                                  decision=before.decision),
        "",
        tr.gettext("Answered by **{player}** (`{kind}`, quarter {quarter}).").format(
            player=answerer(events, before, tr), kind=kind_of(before.pending), quarter=before.quarter),
    ]


def witness_section(after: GameState, tr: Translator = ENGLISH) -> list[str]:
    """The hash of the game file this report belongs to (a player keeps it as a witness for
    ``trajan verify --witness``) and how the game started (issue 14)."""
    start = _start(after.seeding) if tr is ENGLISH else describe_seeding(after.seeding, tr)
    return ["", tr.gettext("- Game file: {hash}").format(hash=after.chain.hash),
            tr.gettext("- Start: {start}").format(start=start)]


def steps_section(events: Sequence[Event], before: GameState, tr: Translator = ENGLISH) -> list[str]:
    if not events:
        return []
    kind = kind_of(before.pending)
    title = tr.gettext(TITLES[kind]) if kind in TITLES else kind
    return ["", f"## {title}", "", *(f"{i}. {render_event(e, tr)}" for i, e in enumerate(events, start=1))]


def points_by_player(events: Sequence[Event], tr: Translator = ENGLISH) -> list[str]:
    """Every change of score, grouped by player, so each total can be checked by hand."""
    from adjudicator.i18n.reasons import reason_text

    scores = [e for e in events if isinstance(e, ScoreChanged)]
    lines: list[str] = []
    for colour in dict.fromkeys(e.player for e in scores):
        mine = [e for e in scores if e.player == colour]
        start, gained = mine[0].total - mine[0].vp, sum(e.vp for e in mine)
        lines.append(tr.gettext("- **{player}**: {start} {gained} = {total} VP").format(
            player=colour, start=start, gained=signed(gained), total=mine[-1].total))
        each = tr.gettext("  - {vp} VP: {reason}")
        lines += [each.format(vp=signed(e.vp), reason=reason_text(e.reason, tr)) for e in mine]
    return lines


def end_section(events: Sequence[Event], tr: Translator = ENGLISH) -> list[str]:
    if not events:
        return []
    lines = ["", f"## {end_title(events, tr)}", ""]
    lines += [f"- {render_event(e, tr)}" for e in events if not isinstance(e, ScoreChanged)]
    points = points_by_player(events, tr)
    if points:
        lines += ["", tr.gettext("### Points scored"), "", *points]
    return lines


def end_title(events: Sequence[Event], tr: Translator = ENGLISH) -> str:
    """"End of round", "End of round and quarter", ...: only what did end."""
    parts: tuple[tuple[str, tuple[type[Event], ...]], ...] = (
        ("round", (RoundEnded,)), ("quarter", QUARTER_END), ("game", (GameEnded,)))
    ended = tuple(name for name, kinds in parts if any(isinstance(e, kinds) for e in events))
    titles = {
        ("round",): tr.gettext("End of round"), ("quarter",): tr.gettext("End of quarter"),
        ("game",): tr.gettext("End of game"), ("round", "quarter"): tr.gettext("End of round and quarter"),
        ("round", "game"): tr.gettext("End of round and game"),
        ("quarter", "game"): tr.gettext("End of quarter and game"),
        ("round", "quarter", "game"): tr.gettext("End of round, quarter and game"),
    }
    return titles.get(ended, titles[("round",)])


def scores_section(after: GameState, tr: Translator = ENGLISH) -> list[str]:
    return ["", tr.gettext("## Scores"), "",
            *(tr.gettext("- {player}: {vp} VP").format(player=p.colour, vp=p.vp) for p in after.players)]


def describe_pending(pending: Pending, tr: Translator = ENGLISH) -> str:
    """What the pending decision asks, in words."""
    if isinstance(pending, SetupCards):
        return tr.ngettext("take {n} more starting card(s)", "take {n} more starting card(s)",
                           pending.cards_left).format(n=pending.cards_left)
    if isinstance(pending, ChooseBonus):
        return tr.gettext("as consul, choose a bonus tile (the vice consul {player} gets the other)").format(
            player=pending.vice_consul)
    said = {
        "setup_markers": tr.gettext("place the 12 action markers, 2 in every tray"),
        "setup_trajan": tr.gettext("choose 3 starting Trajan tiles for slots II, IV and VI"),
        "turn": tr.gettext("take a turn"), "turn_continue": tr.gettext("continue the paused turn"),
        "demands": tr.gettext("choose how to meet the people's demands"),
    }
    return said.get(kind_of(pending), kind_of(pending))


def next_section(after: GameState, tr: Translator = ENGLISH) -> list[str]:
    if isinstance(after.pending, GameOver):
        return ["", tr.gettext("## Next"), "", tr.gettext("The game is over; no further orders are taken.")]
    who = deciders(after.pending)
    names = ", ".join(f"**{c}**" for c in who) or tr.gettext("nobody")
    return ["", tr.gettext("## Next"), "",
            tr.gettext("Decision {decision} (`{kind}`): {players} \u2014 {what}.").format(
                decision=after.decision, kind=kind_of(after.pending), players=names,
                what=describe_pending(after.pending, tr))]


def _public_report(events: Sequence[Event], before: GameState, after: GameState,
                   tr: Translator = ENGLISH) -> list[str]:
    return _report_lines([public_event(e) for e in events], before, after, tr)


def _report_lines(shown: Sequence[Event], before: GameState, after: GameState,
                  tr: Translator = ENGLISH) -> list[str]:
    """The lines of the public report of the (already redacted) events ``shown``."""
    own, end = split(shown)
    return [*header(shown, before, tr), *witness_section(after, tr), *steps_section(own, before, tr),
            *end_section(end, tr), *scores_section(after, tr), *next_section(after, tr)]


def render(events: Sequence[Event], before: GameState, after: GameState, tr: Translator = ENGLISH) -> str:
    """The public Markdown report of one decision: nothing hidden from any player."""
    return "\n".join(_public_report(events, before, after, tr)) + "\n"


def private_section(events: Sequence[Event], player: PlayerColour, tr: Translator = ENGLISH) -> list[str]:
    hidden = private_events(events, player)
    lines = ["", tr.gettext("## Only for {player}").format(player=player), ""]
    if not hidden:
        return [*lines, tr.gettext("Nothing hidden from the others was revealed to you in this decision.")]
    return [*lines, *(f"- {render_event(e, tr)}" for e in hidden)]


def render_private(events: Sequence[Event], before: GameState, after: GameState,
                   player: PlayerColour, tr: Translator = ENGLISH) -> str:
    """The public report plus what only ``player`` learned (e.g. the cards they drew), in
    ``tr``'s language (the log's copy: English)."""
    lines = [*_public_report(events, before, after, tr), *private_section(events, player, tr)]
    return "\n".join(lines) + "\n"


def render_all(events: Sequence[Event], before: GameState,
               after: GameState) -> tuple[str, dict[PlayerColour, str]]:
    """The public report and every seated player's report, the public part rendered once."""
    shown = [public_event(e) for e in events]
    public = _report_lines(shown, before, after)
    hidden = [e for e, s in zip(events, shown, strict=True) if s is not e]  # what private sections hold
    text = "\n".join(public) + "\n"
    private = {c: text + "\n".join(private_section(hidden, c)) + "\n" for c in before.seats}
    return text, private
