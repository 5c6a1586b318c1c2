"""The game master's settings for the mail judge: ``GAMEDIR/judge.toml``, checked on reading.

A game folder holds ``judge.toml`` (these settings), ``roster.toml`` (each colour's name
and address), ``log/`` (the game's log: ``0000-game.json`` and what follows) and
``judge/`` (what the judge did: :mod:`adjudicator.mail.judge.record`).  Passwords are
never in a file of the game: they come from the environment (``password_env``) or from a
file of their own (``password_file``); the game master's secret for the tokens likewise
(``secret_file``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Literal, TypeVar

import msgspec

from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.model.roster import Address, Language

Port = Annotated[int, msgspec.Meta(ge=1, le=65535)]


class _Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class Login(_Settings, frozen=True, kw_only=True):
    host: str = "127.0.0.1"
    port: Port | None = None
    user: str | None = None
    password_env: str | None = None  # the name of an environment variable holding the password
    password_file: str | None = None  # a file holding only the password
    cafile: str | None = None  # certificates to trust (default: the system's)


class Inbox(Login, frozen=True, kw_only=True):
    kind: Literal["maildir", "imap"]
    path: str | None = None  # maildir: the Maildir folder
    security: Literal["imaps", "starttls", "none"] = "imaps"
    folder: str = "INBOX"
    # Other games' runs read this inbox too: a message not for this game (from an address
    # not in its roster, or carrying a token not this game's) is left unread for them.
    shared: bool = False


class Outbox(Login, frozen=True, kw_only=True):
    kind: Literal["smtp", "folder"]
    path: str | None = None  # folder: where the .eml files go (a dry run)
    security: Literal["tls", "starttls", "none"] = "starttls"


class Deadlines(_Settings, frozen=True, kw_only=True):
    hours: Annotated[int, msgspec.Meta(ge=1, le=24 * 60)] = 48
    weekends: bool = True  # whether Saturday and Sunday count towards a deadline
    remind_hours: Annotated[int, msgspec.Meta(ge=0, le=24 * 30)] = 12  # reminder this long before
    bot: str | None = None  # the stand-in bot (older settings; [standin] bot wins)
    enabled: bool = True
    timezone: str = "UTC"  # where Saturday and Sunday fall (an IANA name: "Europe/Berlin")


class Standin(_Settings, frozen=True, kw_only=True):
    """Who answers for a player who does not (issue 28): at a deadline, while they are away
    (with the stand-in policy), and for a seat abandoned or vacant."""

    bot: str | None = None  # any bot of ``trajan bot``; default greedy (the strongest that is fast)
    # The bot's budget, if it takes one (0: the planner without look-ahead).
    budget: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    # After this many stand-in answers in a row at deadlines the seat is abandoned (the
    # game master is told; the stand-in then answers at once); 0: never.
    abandon_after: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 5


class Absence(_Settings, frozen=True, kw_only=True):
    """A player's ``absent until DATE`` (issue 28): what happens meanwhile, and how long."""

    policy: Literal["stand-in", "pause"] = "stand-in"  # the stand-in answers, or the clock stops
    max_days: Annotated[int, msgspec.Meta(ge=1, le=366)] = 15  # one absence at most
    total_days: Annotated[int, msgspec.Meta(ge=1, le=3660)] = 30  # a player's absences in a game


class Requests(_Settings, frozen=True, kw_only=True):
    """Information commands by mail (``status``, ``history``...): how many a day per address."""

    per_day: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 20


class Endgame(_Settings, frozen=True, kw_only=True):
    """The final mail: a file larger than this is not attached (its size is stated)."""

    attach_kb: Annotated[int, msgspec.Meta(ge=1, le=20_000)] = 1024


class JudgeConfig(_Settings, frozen=True, kw_only=True):
    address: Address  # the judge's own address (From: of every mail): a plain one, as the roster's
    secret_file: str  # the game master's secret for the tokens; keep it out of the log
    inbox: Inbox
    outbox: Outbox
    deadlines: Deadlines = msgspec.field(default_factory=Deadlines)
    # The board picture in each player's mail; None: as the roster says (default PNG).
    pictures: Literal["none", "svg", "png"] | None = None
    standin: Standin = msgspec.field(default_factory=Standin)
    absence: Absence = msgspec.field(default_factory=Absence)
    requests: Requests = msgspec.field(default_factory=Requests)
    endgame: Endgame = msgspec.field(default_factory=Endgame)
    # The language of the game master's messages, and of every player's mail where the
    # roster names none (issue 31): "en", "pt-BR", "de" or "fr".
    language: Language = "en"

    @property
    def bot(self) -> str:
        """The stand-in bot: ``[standin] bot``, else ``[deadlines] bot``, else greedy."""
        return self.standin.bot or self.deadlines.bot or DEFAULT_BOT


DEFAULT_BOT = "greedy"  # the strongest bot that answers well within a run (trajan bench: bot)


_Box = TypeVar("_Box", Inbox, Outbox)


def load_config(path: Path) -> JudgeConfig:
    """The settings in ``path`` (TOML); relative paths in it are read from its folder."""
    import tomllib

    file = str(path)
    try:
        value = tomllib.loads(io.read_bytes(file).decode("utf-8"))
        config = msgspec.convert(value, JudgeConfig)
    except UnicodeDecodeError:
        raise _bad(file, "$", "The judge's settings are not UTF-8 text.") from None
    except tomllib.TOMLDecodeError as e:
        raise _bad(file, "$", f"The judge's settings are not valid TOML: {e}.") from None
    except msgspec.ValidationError as e:
        message, _, at = str(e).partition(" - at `")
        raise _bad(file, at.rstrip("`") or "$", f"The judge's settings are not valid: {message}.") from None
    from adjudicator.mail.judge.deadlines import zone

    try:
        zone(config.deadlines.timezone)
    except ValueError:
        raise _bad(file, "$.deadlines.timezone", f"The time zone {config.deadlines.timezone!r} is not "
                   "known; give an IANA name such as \"Europe/Berlin\" or \"UTC\".") from None
    _check_bot(file, config)
    base = path.parent
    for place, box in (("inbox", config.inbox), ("outbox", config.outbox)):
        if box.kind in ("maildir", "folder") and not box.path:
            raise _bad(file, f"$.{place}.path", f"A {box.kind} {place} needs a path.")
    return msgspec.structs.replace(
        config, secret_file=str(base / config.secret_file),
        inbox=_rebased(config.inbox, base), outbox=_rebased(config.outbox, base))


def _check_bot(file: str, config: JudgeConfig) -> None:
    from adjudicator.bots import BOT_NAMES

    for place, name in (("standin", config.standin.bot), ("deadlines", config.deadlines.bot)):
        if name is not None and name not in BOT_NAMES:
            raise _bad(file, f"$.{place}.bot", f"There is no bot {name!r}; the bots are "
                       f"{', '.join(BOT_NAMES)}.")


def _rebased(box: _Box, base: Path) -> _Box:
    def at(p: str | None) -> str | None:
        return None if p is None else str(base / os.path.expanduser(p))
    changes = {"cafile": at(box.cafile), "password_file": at(box.password_file), "path": at(box.path)}
    return msgspec.structs.replace(box, **changes)


def password(box: Login, place: str) -> str | None:
    """The password for ``box``, from the environment or its file (never from the settings)."""
    if box.password_env:
        value = os.environ.get(box.password_env)
        if value is None:
            raise _bad("judge.toml", f"$.{place}.password_env",
                       f"The environment variable {box.password_env} (the {place} password) is not set.")
        return value
    if box.password_file:
        return io.read_bytes(box.password_file).decode("utf-8").strip()
    return None


def read_secret(config: JudgeConfig) -> bytes:
    data = io.read_bytes(config.secret_file).strip()
    if len(data) < 16:
        raise _bad(config.secret_file, "$", "The judge's secret is shorter than 16 bytes; make one with "
                   "'trajan mail secret FILE'.")
    return data


def _bad(file: str, path: str, message: str) -> Malformed:
    return Malformed([problem("judge.settings", path, message).located(file)])
