"""What the table's state is, in lines (issue 28): whose turn, the deadline, who is late,
who is away, which seats are abandoned or vacant, and each holder's on-time figures.

Used by the ``status`` command by mail, by ``trajan mail gm GAMEDIR status`` and by the
final mail.  Nothing here depends on anything hidden: it is computed from the pending
decision, the judge's record and the campaign's state (names are escaped).
"""

from __future__ import annotations

from datetime import datetime

from adjudicator.escape import terminal
from adjudicator.game.engine import deciders
from adjudicator.i18n import ENGLISH, N_, Translator
from adjudicator.mail.judge import clock, deadlines
from adjudicator.mail.judge.campaign import Campaign, Tally
from adjudicator.mail.judge.config import JudgeConfig
from adjudicator.model.roster import Roster
from adjudicator.model.state import GameOver, GameState, kind_of

# "Waiting for {names} to ... (decision {decision})." by the kind of the pending decision.
WHAT = {"setup_markers": N_("Waiting for {names} to place their initial markers (decision {decision})."),
        "setup_cards": N_("Waiting for {names} to choose their starting cards (decision {decision})."),
        "setup_trajan": N_("Waiting for {names} to choose a Trajan tile (decision {decision})."),
        "turn": N_("Waiting for {names} to take their turn (decision {decision})."),
        "turn_continue": N_("Waiting for {names} to go on with their turn (decision {decision})."),
        "demands": N_("Waiting for {names} to meet the people's demands (decision {decision})."),
        "consul": N_("Waiting for {names} to choose a bonus tile (the consul) (decision {decision}).")}
DECIDE = N_("Waiting for {names} to decide (decision {decision}).")


def who(roster: Roster, colour: str, tr: Translator = ENGLISH) -> str:
    """"red (Rhea)" (the name escaped), or "red (vacant)"."""
    seat = roster.players.get(colour)  # type: ignore[call-overload]
    if seat is None:
        return colour
    return tr.gettext("{colour} (vacant)").format(colour=colour) if seat.vacant else \
        f"{colour} ({terminal(seat.name)})"


def due_of(config: JudgeConfig, c: Campaign, state: GameState, opened: str | None) -> datetime | None:
    """The deadline of the pending decision (None: none runs, or it never opened)."""
    if not config.deadlines.enabled or opened is None or isinstance(state.pending, GameOver):
        return None
    return clock.deadline(config, c, state.decision, deadlines.parse_time(opened))


def waiting_lines(config: JudgeConfig, roster: Roster, c: Campaign, state: GameState, opened: str | None,
                  now: datetime, tr: Translator = ENGLISH) -> list[str]:
    """Whose turn it is and until when; who is late; a pause in force."""
    _ = tr.gettext
    if isinstance(state.pending, GameOver):
        return [_("The game is over.")]
    waiting = deciders(state.pending)
    names = ", ".join(who(roster, c_, tr) for c_ in waiting)
    lines = [_(WHAT.get(kind_of(state.pending), DECIDE)).format(names=names, decision=state.decision)]
    pause = c.paused()
    due = due_of(config, c, state, opened)
    if pause is not None:
        why = f": {terminal(pause.reason)}" if pause.reason else ""
        start = clock.shown(deadlines.parse_time(pause.start).astimezone(clock.where(config)), tr)
        lines.append(_("The game master paused the game on {start}{why}. No deadline runs until it "
                       "resumes.").format(start=start, why=why))
    elif due is not None:
        lines.append(_("Deadline: {due}.").format(due=clock.shown(due, tr)))
        late = [who(roster, c_, tr) for c_ in waiting if now >= due]
        lines.append(_("Late: {names}.").format(names=", ".join(late)) if late else _("Late: nobody."))
    elif not config.deadlines.enabled:
        lines.append(_("This game has no deadlines."))
    else:
        lines.append(_("The clock stands still while a player is away."))
    return lines


def table_lines(config: JudgeConfig, roster: Roster, c: Campaign, now: datetime,
                tr: Translator = ENGLISH) -> list[str]:
    """Who is away, which seats are abandoned or vacant."""
    _ = tr.gettext
    lines = []
    zone = clock.where(config)
    for colour, seat in roster.players.items():
        away = c.away(colour, seat.generation)
        if seat.vacant:
            lines.append(_("{colour}: the seat is vacant; the {bot} bot plays it.").format(
                colour=colour, bot=config.bot))
        elif away is not None:
            until = clock.shown(deadlines.parse_time(away.until).astimezone(zone), tr)
            said = (_("{who} is away until {until}; the {bot} bot answers for them.")
                    if config.absence.policy == "stand-in" else
                    _("{who} is away until {until}; the clock stands still."))
            lines.append(said.format(who=who(roster, colour, tr), until=until, bot=config.bot))
        elif colour in c.abandoned:
            lines.append(_("{who}: the seat is abandoned; the {bot} bot plays it.").format(
                who=who(roster, colour, tr), bot=config.bot))
    return lines


def tally_text(t: Tally, tr: Translator = ENGLISH) -> str:
    """One holder's figures in words."""
    return tr.gettext("{on_time} on time, {late} after the deadline, {missed} by the stand-in at a "
                      "deadline, {away} by the stand-in while away").format(
        on_time=t.on_time, late=t.late, missed=t.missed, away=t.away)


def figures(roster: Roster, c: Campaign, tr: Translator = ENGLISH) -> list[str]:
    """Each holder's on-time figures, seat by seat (former holders too)."""
    lines = []
    for colour, seat in roster.players.items():
        holders = [(p.name, p.generation, p.vacant) for p in seat.history]
        holders.append((seat.name, seat.generation, seat.vacant))
        for name, generation, vacant in holders:
            t = c.tallies.get(f"{colour}/{generation}")
            if t is None or vacant:
                continue
            lines.append(f"{colour} ({terminal(name)}): {tally_text(t, tr)}")
    return lines


def status_lines(config: JudgeConfig, roster: Roster, c: Campaign, state: GameState, opened: str | None,
                 now: datetime, tr: Translator = ENGLISH) -> list[str]:
    """The whole status (no board): waiting, table, figures."""
    lines = waiting_lines(config, roster, c, state, opened, now, tr) + table_lines(config, roster, c, now, tr)
    shown = figures(roster, c, tr)
    if shown:
        lines += ["", tr.gettext("Answers so far:"), *(f"  {line}" for line in shown)]
    return lines
