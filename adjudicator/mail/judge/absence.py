"""A player's absence by mail (issue 28): ``absent until DATE [reason]`` and ``back``.

``DATE`` is a day (``2026-03-20``: the player is back at the start of that day, in the
game's time zone) or a day and time (``2026-03-20T18:00``, in the game's time zone, or
with its own offset).  It must lie ahead, at most ``[absence] max_days`` from now, and a
player's absences in one game add up to at most ``total_days`` (a shorter one is allowed
while days are left).  Meanwhile, by ``[absence] policy``: ``stand-in`` (the stand-in
bot answers the player's decisions at once) or ``pause`` (the clock of the whole game
stands still, so no deadline passes; the game waits for the absent player's own
decisions).  A new ``absent until`` replaces the one in force; ``back`` ends it early, and
it ends by itself on its date.  The table is told in one line of the next mails, and
every absence is in the game master's journal.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from adjudicator.errors import Problem, problem
from adjudicator.escape import terminal
from adjudicator.i18n import N_, Translator
from adjudicator.mail.judge import campaign, clock, deadlines
from adjudicator.mail.judge.campaign import Away
from adjudicator.mail.judge.record import Commit
from adjudicator.mail.judge.status import who
from adjudicator.model.vocab import PlayerColour

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game

REASON_CHARS = 200


def until_of(text: str, game: Game, tr: Translator) -> datetime | Problem:
    """The end of an absence as written, in the game's time zone, or the problem."""
    where = clock.where(game.config)
    try:
        if len(text) == 10:
            return datetime.combine(datetime.strptime(text, "%Y-%m-%d").date(), time(0), tzinfo=where)
        moment = datetime.fromisoformat(text)
    except ValueError:
        return problem("judge.absence_date", "$", tr.gettext(
            "{text} is not a date: write it as 2026-03-20 (back at the start of that day) or "
            "2026-03-20T18:00.").format(text=repr(terminal(text[:40]))))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=where)


def begin(game: Game, commit: Commit, colour: PlayerColour, words: list[str]) -> list[str] | Problem:
    """``absent until DATE [reason]`` (``words`` after ``absent``): the answer's lines, or the problem."""
    tr = game.tr(colour)
    _ = tr.gettext
    if len(words) < 2 or words[0].lower() != "until":
        return problem("judge.absence_date", "$", _("Write the absence as: absent until 2026-03-20 "
                                                    "[reason] (the day you are back)."))
    until = until_of(words[1], game, tr)
    if isinstance(until, Problem):
        return until
    rules = game.config.absence
    if until <= game.now:
        return problem("judge.absence_past", "$", _("{until} is not ahead: an absence ends later than "
                                                    "now.").format(until=clock.shown(until, tr)))
    if until - game.now > timedelta(days=rules.max_days):
        return problem("judge.absence_too_long", "$", _(
            "An absence lasts at most {days} days in this game (until {until}).").format(
            days=rules.max_days, until=clock.shown(game.now + timedelta(days=rules.max_days), tr)))
    c = campaign.of(commit)
    seat = game.roster.players[colour]
    left = timedelta(days=rules.total_days) - _used(c.absences, colour, seat.generation, game.now)
    if until - game.now > left:
        return problem("judge.absence_too_long", "$", _(
            "Your absences in this game add up to at most {days} days; {left} day(s) are left.").format(
            days=rules.total_days, left=max(left.days, 0)))
    reason = terminal(" ".join(words[2:]))[:REASON_CHARS]
    current = c.away(colour, seat.generation)
    if current is not None:
        current.ended = game.now.isoformat()
    c.absences.append(Away(colour=colour, generation=seat.generation, start=game.now.isoformat(),
                           until=until.isoformat(), reason=reason))
    local = until.astimezone(clock.where(game.config))
    why = f" ({reason})" if reason else ""
    pause = game.config.absence.policy == "pause"
    c.note(N_("{who} is away until {until}{why}; the game's clock stands still meanwhile.") if pause else
           N_("{who} is away until {until}{why}; the {bot} bot answers for them meanwhile."),
           {"until": local.isoformat()}, who=who(game.roster, colour), why=why, bot=game.config.bot)
    campaign.log(commit, game.now, colour, "absent", until=until.isoformat(), reason=reason)
    said = (_("You are away until {until}{why}: the game's clock stands still meanwhile.") if pause else
            _("You are away until {until}{why}: the {bot} bot answers for you meanwhile."))
    return [said.format(until=clock.shown(local, tr), why=why, bot=game.config.bot),
            _('Mail "back" (with your token) when you are back earlier.')]


def end(game: Game, commit: Commit, colour: PlayerColour) -> list[str] | Problem:
    """``back``: the absence in force (or an abandoned seat) ends now."""
    c = campaign.of(commit)
    seat = game.roster.players[colour]
    away = c.away(colour, seat.generation)
    abandoned = c.abandoned.pop(colour, None)
    _ = game.tr(colour).gettext
    if away is None and abandoned is None:
        return problem("judge.not_away", "$", _("You are not away in this game: nothing changed."))
    if away is not None:
        away.ended = game.now.isoformat()
    c.streak.pop(colour, None)
    c.note(N_("{who} is back."), who=who(game.roster, colour))
    campaign.log(commit, game.now, colour, "back")
    return [_("Welcome back: the judge waits for your own answers again.")]


def expire(game: Game, commit: Commit) -> bool:
    """End the absences whose date has come; whether any did."""
    c = campaign.of(commit)
    ended = False
    for away in c.absences:
        if away.ended is None and deadlines.parse_time(away.until) <= game.now:
            away.ended = away.until
            c.note(N_("{who} is back (their absence ended)."), who=who(game.roster, away.colour))
            campaign.log(commit, game.now, "judge", "absence ended", colour=away.colour)
            ended = True
    return ended


def _used(absences: list[Away], colour: str, generation: int, now: datetime) -> timedelta:
    """How long ``colour``'s present holder has been away in this game so far (an absence in
    force counts until now: a new one replaces it)."""
    total = timedelta(0)
    for a in absences:
        if a.colour == colour and a.generation == generation:
            end = deadlines.parse_time(a.ended) if a.ended else min(deadlines.parse_time(a.until), now)
            total += max(timedelta(0), end - deadlines.parse_time(a.start))
    return total
