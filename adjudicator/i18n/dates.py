"""Dates and times for people: in the player's language and the game's time zone.

English mail keeps the RFC 2822 form it always had (``Sun, 08 Mar 2026 18:00:00 +0100``),
with or without Babel, so English mail never depends on what is installed.  Another
language formats the date and time with Babel (CLDR data) for that locale, followed by
the game's time zone and its offset: ``Sonntag, 8. März 2026, 18:00 (Europe/Rome,
UTC+01:00)``.  Without Babel (the ``i18n`` extra) such a date falls back to the RFC 2822
form.  Nothing here reads the environment's locale.
"""

from __future__ import annotations

import importlib.util
from datetime import datetime
from email.utils import format_datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.i18n import Translator


def babel_installed() -> bool:
    """Whether Babel (the ``i18n`` extra) can be imported."""
    return importlib.util.find_spec("babel") is not None


def format_when(moment: datetime, tr: Translator) -> str:
    """``moment`` (an aware time, in the zone it is to be shown in) for ``tr``'s language."""
    if tr.language == "en" or not babel_installed():
        return format_datetime(moment)
    from babel.dates import format_date, format_time

    from adjudicator.i18n import locale_name

    where = locale_name(tr.language)
    offset = moment.strftime("%z")
    name = _zone_name(moment)
    zone = f"{name}, UTC{offset[:3]}:{offset[3:]}" if offset and name != "UTC" else name
    # Translators: a deadline: "Sonntag, 8. März 2026, 18:00 (Europe/Rome, UTC+01:00)".
    return tr.gettext("{date}, {time} ({zone})").format(
        date=format_date(moment, "full", locale=where), time=format_time(moment, "short", locale=where),
        zone=zone)


def _zone_name(moment: datetime) -> str:
    """The IANA name of the moment's zone (``Europe/Rome``), or its abbreviation."""
    key = getattr(moment.tzinfo, "key", None)
    return key if isinstance(key, str) else (moment.tzname() or "UTC")
