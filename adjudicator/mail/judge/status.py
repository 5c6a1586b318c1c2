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
from adjudicator.mail.judge import clock, deadlines
from adjudicator.mail.judge.campaign import Campaign, Tally
from adjudicator.mail.judge.config import JudgeConfig
from adjudicator.model.roster import Roster
from adjudicator.model.state import GameOver, GameState, kind_of

WHAT = {"setup_markers": "place their initial markers", "setup_cards": "choose their starting cards",
        "setup_trajan": "choose a Trajan tile", "turn": "take their turn",
        "turn_continue": "go on with their turn", "demands": "meet the people's demands",
        "consul": "choose a bonus tile (the consul)"}


def who(roster: Roster, colour: str) -> str:
    """"red (Rhea)" (the name escaped), or "red (vacant)"."""
    seat = roster.players.get(colour)  # type: ignore[call-overload]
    if seat is None:
        return colour
    return f"{colour} (vacant)" if seat.vacant else f"{colour} ({terminal(seat.name)})"


def due_of(config: JudgeConfig, c: Campaign, state: GameState, opened: str | None) -> datetime | None:
    """The deadline of the pending decision (None: none runs, or it never opened)."""
    if not config.deadlines.enabled or opened is None or isinstance(state.pending, GameOver):
        return None
    return clock.deadline(config, c, state.decision, deadlines.parse_time(opened))


def waiting_lines(config: JudgeConfig, roster: Roster, c: Campaign, state: GameState, opened: str | None,
                  now: datetime) -> list[str]:
    """Whose turn it is and until when; who is late; a pause in force."""
    if isinstance(state.pending, GameOver):
        return ["The game is over."]
    waiting = deciders(state.pending)
    names = ", ".join(who(roster, c_) for c_ in waiting)
    what = WHAT.get(kind_of(state.pending), "decide")
    lines = [f"Waiting for {names} to {what} (decision {state.decision})."]
    pause = c.paused()
    due = due_of(config, c, state, opened)
    if pause is not None:
        why = f": {terminal(pause.reason)}" if pause.reason else ""
        start = clock.shown(deadlines.parse_time(pause.start).astimezone(clock.where(config)))
        lines.append(f"The game master paused the game on {start}{why}. No deadline runs until it resumes.")
    elif due is not None:
        lines.append(f"Deadline: {clock.shown(due)}.")
        late = [who(roster, c_) for c_ in waiting if now >= due]
        lines.append(f"Late: {', '.join(late) if late else 'nobody'}.")
    elif not config.deadlines.enabled:
        lines.append("This game has no deadlines.")
    else:
        lines.append("The clock stands still while a player is away.")
    return lines


def table_lines(config: JudgeConfig, roster: Roster, c: Campaign, now: datetime) -> list[str]:
    """Who is away, which seats are abandoned or vacant."""
    lines = []
    zone = clock.where(config)
    for colour, seat in roster.players.items():
        away = c.away(colour, seat.generation)
        if seat.vacant:
            lines.append(f"{colour}: the seat is vacant; the {config.bot} bot plays it.")
        elif away is not None:
            until = clock.shown(deadlines.parse_time(away.until).astimezone(zone))
            meanwhile = (f"the {config.bot} bot answers for them" if config.absence.policy == "stand-in"
                         else "the clock stands still")
            lines.append(f"{who(roster, colour)} is away until {until}; {meanwhile}.")
        elif colour in c.abandoned:
            lines.append(f"{who(roster, colour)}: the seat is abandoned; the {config.bot} bot plays it.")
    return lines


def tally_text(t: Tally) -> str:
    """One holder's figures in words."""
    return (f"{t.on_time} on time, {t.late} after the deadline, {t.missed} by the stand-in at a deadline, "
            f"{t.away} by the stand-in while away")


def figures(roster: Roster, c: Campaign) -> list[str]:
    """Each holder's on-time figures, seat by seat (former holders too)."""
    lines = []
    for colour, seat in roster.players.items():
        holders = [(p.name, p.generation, p.vacant) for p in seat.history]
        holders.append((seat.name, seat.generation, seat.vacant))
        for name, generation, vacant in holders:
            t = c.tallies.get(f"{colour}/{generation}")
            if t is None or vacant:
                continue
            lines.append(f"{colour} ({terminal(name)}): {tally_text(t)}")
    return lines


def status_lines(config: JudgeConfig, roster: Roster, c: Campaign, state: GameState, opened: str | None,
                 now: datetime) -> list[str]:
    """The whole status (no board): waiting, table, figures."""
    lines = waiting_lines(config, roster, c, state, opened, now) + table_lines(config, roster, c, now)
    shown = figures(roster, c)
    if shown:
        lines += ["", "Answers so far:", *(f"  {line}" for line in shown)]
    return lines
