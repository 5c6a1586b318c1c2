"""Deadlines: each step of the log opens a decision at the time the judge wrote its mails
(the run's clock, read once at the command's boundary: ``--now`` in tests); the answer is
due ``hours`` later, counting Saturday and Sunday only if ``weekends`` is set (the days
as they fall in the game's ``timezone``, an IANA name such as "Europe/Berlin"; UTC by
default).  A
reminder goes ``remind_hours`` before the deadline; at the deadline the settings' bot
answers for each player still to answer, as ``trajan bot`` would (the report says so)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta, tzinfo


def parse_time(text: str) -> datetime:
    """An ISO 8601 time; one without a zone is UTC."""
    value = datetime.fromisoformat(text)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def zone(name: str) -> tzinfo:
    """The time zone named ``name`` (IANA); raises ``ValueError`` for an unknown name."""
    if name == "UTC":
        return UTC
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone {name!r}") from None


def due(opened: datetime, hours: int, weekends: bool, where: tzinfo = UTC) -> datetime:
    """The deadline of a decision opened at ``opened``; without ``weekends``, the clock
    stands still on Saturdays and Sundays as they fall in the zone ``where``.  Hours are
    counted as they pass (a change to or from summer time moves no deadline)."""
    if weekends:
        return opened + timedelta(hours=hours)
    at, left = opened.astimezone(UTC), timedelta(hours=hours)
    while left > timedelta(0):
        local = at.astimezone(where)
        midnight = datetime.combine(local.date() + timedelta(days=1), time(0), tzinfo=where).astimezone(UTC)
        if local.weekday() >= 5:  # Saturday or Sunday: the clock stands still
            at = midnight
            continue
        step = min(left, midnight - at)
        at, left = at + step, left - step
    return at


def remind_at(deadline: datetime, remind_hours: int) -> datetime:
    return deadline - timedelta(hours=remind_hours)
