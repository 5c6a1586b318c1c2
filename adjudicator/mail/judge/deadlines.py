"""Deadlines: each step of the log opens a decision at the time the judge wrote its mails
(the run's clock, read once at the command's boundary: ``--now`` in tests); the answer is
due ``hours`` later, counting Saturday and Sunday (UTC) only if ``weekends`` is set.  A
reminder goes ``remind_hours`` before the deadline; at the deadline the settings' bot
answers for each player still to answer, as ``trajan bot`` would (the report says so)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def parse_time(text: str) -> datetime:
    """An ISO 8601 time; one without a zone is UTC."""
    value = datetime.fromisoformat(text)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def due(opened: datetime, hours: int, weekends: bool) -> datetime:
    """The deadline of a decision opened at ``opened``."""
    if weekends:
        return opened + timedelta(hours=hours)
    at, left = opened.astimezone(UTC), timedelta(hours=hours)
    while left > timedelta(0):
        midnight = datetime(at.year, at.month, at.day, tzinfo=UTC) + timedelta(days=1)
        if at.weekday() >= 5:  # Saturday or Sunday: the clock stands still
            at = midnight
            continue
        step = min(left, midnight - at)
        at, left = at + step, left - step
    return at


def remind_at(deadline: datetime, remind_hours: int) -> datetime:
    return deadline - timedelta(hours=remind_hours)
