"""The deadline of a decision in a campaign (issue 28): the settings' hours, plus the game
master's extensions, with the clock stopped while the game is paused.

A decision opens when its mails are written; its deadline is ``hours`` later as
:func:`adjudicator.mail.judge.deadlines.due` counts them (weekends, the game's time
zone), plus the hours the game master added to that decision (``extend``).  Each pause
that falls after the opening and before the deadline pushes it on by its length
(elapsed time): the game master's pauses, and, with the absence policy ``pause``, every
player's absence (to its announced end, or to when they came back).  While a pause with
no end yet is in force there is no deadline at all.
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

from adjudicator.i18n import ENGLISH, Translator
from adjudicator.mail.judge import deadlines
from adjudicator.mail.judge.campaign import Campaign
from adjudicator.mail.judge.config import JudgeConfig

Interval = tuple[datetime, datetime | None]


def pauses(c: Campaign, config: JudgeConfig) -> list[Interval]:
    """The times the clock stands still, sorted and merged (an open end last)."""
    found: list[Interval] = [(deadlines.parse_time(p.start), _end(p.end)) for p in c.pauses]
    if config.absence.policy == "pause":
        found += [(deadlines.parse_time(a.start), deadlines.parse_time(a.ended or a.until))
                  for a in c.absences]
    merged: list[Interval] = []
    for start, end in sorted(found, key=lambda i: i[0]):
        if merged and (merged[-1][1] is None or start <= merged[-1][1]):
            last_start, last_end = merged[-1]
            merged[-1] = (last_start, None if end is None or last_end is None else max(end, last_end))
        else:
            merged.append((start, end))
    return merged


def _end(text: str | None) -> datetime | None:
    return None if text is None else deadlines.parse_time(text)


def where(config: JudgeConfig) -> tzinfo:
    """The game's time zone (``[deadlines] timezone``)."""
    return deadlines.zone(config.deadlines.timezone)


def deadline(config: JudgeConfig, c: Campaign, decision: int, opened: datetime) -> datetime | None:
    """When decision ``decision``, opened at ``opened``, is due (in the game's time zone);
    None while the clock is stopped with no end in sight."""
    rules = config.deadlines
    due = deadlines.due(opened, rules.hours, rules.weekends, where(config))
    due += timedelta(hours=c.extensions.get(str(decision), 0))
    for start, end in pauses(c, config):
        if end is not None and end <= opened:
            continue
        start = max(start, opened)
        if start >= due:
            break
        if end is None:
            return None
        due += end - start
    return due.astimezone(where(config))


def stopped(c: Campaign, config: JudgeConfig, now: datetime) -> bool:
    """Whether the clock stands still at ``now`` (a pause in force)."""
    return any(start <= now and (end is None or now < end) for start, end in pauses(c, config))


def shown(moment: datetime, tr: Translator = ENGLISH) -> str:
    """A time as the mails give it: "Mon 9 Mar 2026, 18:00 CET (UTC+01:00)", or "..., 18:00 UTC";
    in another language than English, in ``tr``'s (:meth:`.Translator.when`)."""
    if tr.language != "en":
        return tr.when(moment)
    offset = moment.strftime("%z")
    zone = f"UTC{offset[:3]}:{offset[3:]}" if offset not in ("", "+0000") else "UTC"
    name = moment.strftime("%Z")
    label = f"{name} ({zone})" if name and name != "UTC" and not name.startswith(("+", "-")) else zone
    return f"{moment:%a} {moment.day} {moment:%b %Y, %H:%M} {label}"
