"""What a campaign adds to the judge's record (issue 28): ``GAMEDIR/judge/campaign.json``.

The mail judge's own record (:mod:`.record`: ``state.json``, the mails) says what was
handled and sent; this file says what the table's life added around the game: the game
master's pauses and extensions, each player's absences, stand-in answers in a row and
abandoned seats, each holder's on-time figures, the one-line notices waiting for the
next mails, the information requests counted per address and day, and the former holders
already told that their seat passed on.  It is written together with ``state.json`` and
the mails of the same step (:class:`.record.Commit`: all or none), and like it is the
judge's: the game file's history never holds any of it.

Every change the game master makes, and every absence, abandonment and replacement, is
also appended to the game master's journal (:mod:`.journal`) with its time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import msgspec

from adjudicator.files import io
from adjudicator.mail.judge import journal
from adjudicator.mail.judge.record import Commit, judge_dir

FILE = "campaign.json"


class Pause(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The game master's pause: no deadline runs and no order is adjudicated meanwhile."""

    start: str  # ISO time
    end: str | None = None  # None: still paused
    reason: str = ""


class Away(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A player's absence (``absent until DATE``): from ``start`` until ``until``, or
    ``ended`` if they came back earlier (``back``) or their seat passed on."""

    colour: str
    generation: int
    start: str
    until: str
    reason: str = ""
    ended: str | None = None


class Tally(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One holder's answers: on time, after the deadline (read before the stand-in came),
    by the stand-in at a deadline, and by the stand-in while they were away."""

    on_time: int = 0
    late: int = 0
    missed: int = 0
    away: int = 0


class Requests(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An address's information requests on one day (the game's time zone)."""

    day: str
    count: int = 0
    told: bool = False  # the one "too many requests" note of the day went


class Notice(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A one-line notice for the table, kept untranslated: ``text`` is the English message
    (marked for translation where it is made) and each reader's mail gives it in their
    language (:func:`.tablemail.told`) with ``args`` filled in and ``times`` (ISO times)
    shown in that language and the game's time zone."""

    text: str
    args: dict[str, str] = msgspec.field(default_factory=dict)
    times: dict[str, str] = msgspec.field(default_factory=dict)


class Campaign(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The campaign's state of one game (``judge/campaign.json``)."""

    format: int = 1
    pauses: list[Pause] = msgspec.field(default_factory=list)
    extensions: dict[str, int] = msgspec.field(default_factory=dict)  # decision -> hours added
    absences: list[Away] = msgspec.field(default_factory=list)
    streak: dict[str, int] = msgspec.field(default_factory=dict)  # colour -> stand-in answers in a row
    abandoned: dict[str, str] = msgspec.field(default_factory=dict)  # colour -> when
    tallies: dict[str, Tally] = msgspec.field(default_factory=dict)  # "colour/generation" -> figures
    # One line each, for the next mails (a plain string: a notice written before issue 31's
    # campaign mails were translated, shown as it is).
    notices: list[str | Notice] = msgspec.field(default_factory=list)
    # Each reader's place in ``notices`` (a colour, or an observer's address): the notices
    # from there on are in their next mail (a reader not mailed at a step sees them later).
    notices_seen: dict[str, int] = msgspec.field(default_factory=dict)
    requests: dict[str, Requests] = msgspec.field(default_factory=dict)  # address (lower case) -> today's
    passed_told: list[str] = msgspec.field(default_factory=list)  # former holders' addresses told once
    gm_noted: str | None = None  # the day the game master's address was last told a mail lacked the token

    def tally(self, colour: str, generation: int) -> Tally:
        """The figures of ``colour``'s holder in ``generation`` (made if new)."""
        return self.tallies.setdefault(f"{colour}/{generation}", Tally())

    def note(self, text: str, times: dict[str, str] | None = None, **args: str) -> None:
        """A one-line notice for the table, told in each reader's next mail: ``text`` the
        English message with its ``args`` and ``times`` (ISO) named (:class:`Notice`)."""
        self.notices.append(Notice(text=text, args=args, times=times or {}))

    def unseen(self, reader: str) -> list[str | Notice]:
        """The notices ``reader`` has not been told yet; from now on they have."""
        start = self.notices_seen.get(reader, 0)
        self.notices_seen[reader] = len(self.notices)
        return self.notices[start:]

    def forget_seen(self, readers: set[str]) -> None:
        """Drop the notices every one of ``readers`` (the table now) has been told."""
        self.notices_seen = {r: self.notices_seen.get(r, 0) for r in readers}
        told = min(self.notices_seen.values(), default=0)
        if told:
            self.notices = self.notices[told:]
            self.notices_seen = {r: n - told for r, n in self.notices_seen.items()}

    def paused(self) -> Pause | None:
        """The game master's pause in force, if any."""
        return self.pauses[-1] if self.pauses and self.pauses[-1].end is None else None

    def away(self, colour: str, generation: int) -> Away | None:
        """``colour``'s absence in force (of its present holder), if any."""
        return next((a for a in self.absences if a.colour == colour and a.generation == generation
                     and a.ended is None), None)


def path(gamedir: Path) -> Path:
    """Where the campaign's state of the game folder ``gamedir`` is kept."""
    return judge_dir(gamedir) / FILE


def load(gamedir: Path) -> Campaign:
    """The campaign's state (a game without one: nothing happened yet)."""
    file = path(gamedir)
    if not file.exists():
        return Campaign()
    return msgspec.json.decode(io.read_bytes(str(file)), type=Campaign)


@dataclass
class _Open:
    """The campaign's state as one commit changes it, and the journal entries it adds."""

    state: Campaign
    entries: list[journal.Entry] = field(default_factory=list)


def _open(commit: Commit) -> _Open:
    if commit.campaign is None:
        commit.campaign = _Open(load(commit.gamedir))
        commit.before.append(_stage)
    opened: _Open = commit.campaign
    return opened


def of(commit: Commit) -> Campaign:
    """The campaign's state for ``commit``: loaded once, written with it."""
    return _open(commit).state


def log(commit: Commit, when: datetime, by: str, action: str, **detail: str | int) -> None:
    """An entry of the game master's journal (``by``: "gm" for a command, "gm by mail",
    a colour, or "judge"), written with ``commit``."""
    _open(commit).entries.append(journal.Entry(time=when.isoformat(), by=by, action=action,
                                               detail={k: str(v) for k, v in detail.items()}))


def _stage(commit: Commit) -> None:
    opened: _Open = commit.campaign
    if opened.entries:  # staged once: a second write of the commit adds them again to nothing
        commit.others[journal.path(commit.gamedir)] = journal.appended(commit.gamedir, opened.entries)
        opened.entries = []
    commit.others[path(commit.gamedir)] = msgspec.json.format(msgspec.json.encode(opened.state)) + b"\n"
