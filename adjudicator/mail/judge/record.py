"""What the judge did, kept in the game folder (``GAMEDIR/judge/``): the run has no other state.

- ``state.json``: every message handled (by Message-ID and by a hash of its sender, date,
  subject and body, so a duplicate delivery, a re-run or a copy with a new Message-ID is
  recognised, and the same short text sent again later is not), the log
  step whose mails were last written, when each step opened (for its deadline), which
  reminders went out, each player's latest mail, and a counter naming outgoing mails.
- ``outbox/``: mails written but not yet sent (the journal), named in sending order;
  ``sent/``: each mail once sent (so ``resend`` can send a player's latest one again).

A step is committed in this order: the log (through the log command), then
``state.json`` together with the new mails of ``outbox/`` (one all-or-none write), then
the mails are sent, each moved to ``sent/`` once the server took it.  A crash after the
log and before the record is caught on the next run: an order identical to the log's
latest order file was applied already (:func:`adjudicator.mail.judge.run`).  A crash
while sending leaves the unsent mails in ``outbox/``; the next run sends them (a mail may
then go twice, with the same Message-ID; never not at all).
"""

from __future__ import annotations

import hashlib
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import msgspec

from adjudicator.files import io, write
from adjudicator.mail.judge.told import Told


class State(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    format: int = 1
    handled: dict[str, str] = msgspec.field(default_factory=dict)  # "id:<msgid>"/"sha:<hash>" -> outcome
    mailed: int = -1  # the last log step whose player mails were written
    opened: dict[str, str] = msgspec.field(default_factory=dict)  # step -> ISO time it opened
    reminded: list[int] = msgspec.field(default_factory=list)
    latest: dict[str, str] = msgspec.field(default_factory=dict)  # colour -> file name of their latest mail
    sequence: int = 0
    told: dict[str, Told] = msgspec.field(default_factory=dict)  # colour -> what their mails said (issue 27)


def judge_dir(gamedir: Path) -> Path:
    return gamedir / "judge"


def load_state(gamedir: Path) -> State:
    path = judge_dir(gamedir) / "state.json"
    if not path.exists():
        return State()
    return msgspec.json.decode(io.read_bytes(str(path)), type=State)


def message_keys(data: bytes) -> list[str]:
    """The keys a message is known by: its Message-ID (if any) and the hash of its sender,
    date, subject and body (a copy keeps them; a second "resend" sent later has another date)."""
    message = message_from_bytes(data, policy=policy.default)
    keys = []
    msgid = message.get("Message-ID")
    if msgid:
        keys.append(f"id:{str(msgid).strip()}")
    head = "\0".join(" ".join(str(message.get(h, "")).split()) for h in ("From", "Date", "Subject"))
    body = data.replace(b"\r\n", b"\n").split(b"\n\n", 1)[-1]
    keys.append("sha:" + hashlib.sha256(head.encode("utf-8", "replace") + b"\0" + body).hexdigest())
    return keys


def seen(state: State, keys: list[str]) -> bool:
    return any(k in state.handled for k in keys)


class Commit:
    """The record and the new mails of one step, written all or none."""

    def __init__(self, gamedir: Path, state: State) -> None:
        self.gamedir, self.state = gamedir, state
        self.mails: list[tuple[str, EmailMessage]] = []

    def mail(self, message: EmailMessage, colour: str | None, kind: str) -> None:
        self.state.sequence += 1
        name = f"{self.state.sequence:06d}-{colour or 'judge'}-{kind}.eml"
        self.mails.append((name, message))
        if colour is not None and kind in ("decision", "news"):
            self.state.latest[colour] = name

    def handled(self, keys: list[str], outcome: str) -> None:
        for key in keys:
            self.state.handled[key] = outcome

    def write(self) -> None:
        folder = judge_dir(self.gamedir)
        outputs = write.OutputSet()
        outputs.folder(str(folder / "outbox"))
        outputs.folder(str(folder / "sent"))
        for name, message in self.mails:
            outputs.add(str(folder / "outbox" / name), message.as_bytes(), option="mail",
                        folder=str(folder / "outbox"))
        outputs.add(str(folder / "state.json"), msgspec.json.format(msgspec.json.encode(self.state)) + b"\n",
                    option="record", folder=str(folder), last=True)
        outputs.commit()
        self.mails = []


def pending(gamedir: Path) -> list[Path]:
    """The mails written and not yet sent, in the order they were written."""
    folder = judge_dir(gamedir) / "outbox"
    return sorted(folder.glob("*.eml")) if folder.is_dir() else []


def mark_sent(path: Path) -> None:
    path.replace(path.parent.parent / "sent" / path.name)


def sent_mail(gamedir: Path, name: str) -> bytes | None:
    for where in ("sent", "outbox"):
        path = judge_dir(gamedir) / where / name
        if path.exists():
            return path.read_bytes()
    return None
