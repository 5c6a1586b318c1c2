"""Who may answer: a player's secret token, derived, never stored in the clear.

token = the first 16 characters of base32(HMAC-SHA256(secret, game id NUL colour)),
lower case.  The secret is the game master's (a file outside the log); the token reaches
the player in every mail the judge sends them (only to their registered address) and
must come back in their orders as a ``token ...`` line (a header line of the notation,
left out of the order file, so it never enters the log), or for JSON orders as a
``token ...`` line beside the JSON or an ``X-Trajan-Token`` mail header.  A token in
quoted text (``>``: the judge's mail quoted in a reply, whose template holds it) counts
too: only the player's own address ever received it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

from adjudicator.mail.message import Letter

LENGTH = 16
_LINE = re.compile(r"^[ \t>]*token[\s:=]+([A-Za-z0-9]{8,64})\s*(#.*)?$", re.IGNORECASE | re.MULTILINE)
# What a token looks like (base32, lower case; case is ignored when one is compared).
SHAPE = re.compile(rf"[a-z2-7]{{{LENGTH}}}", re.IGNORECASE)


def token_for(secret: bytes, game_id: str, colour: str) -> str:
    digest = hmac.new(secret, f"{game_id}\0{colour}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii")[:LENGTH].lower()


def tokens_in(letter: Letter) -> list[str]:
    """Every token a message carries: its ``X-Trajan-Token`` header and ``token`` lines."""
    found: list[str] = []
    header = letter.header.get("x-trajan-token")
    if header:
        found.append(header.strip())
    for part in letter.parts:
        found += [m.group(1) for m in _LINE.finditer(part.text)]
    return found


def carries(letter: Letter, expected: str) -> bool:
    """Whether the message carries ``expected`` (case-insensitive, compared in constant time)."""
    return any(hmac.compare_digest(t.lower().encode(), expected.encode()) for t in tokens_in(letter))


def carries_other(letter: Letter, known: list[str]) -> bool:
    """Whether the message carries something shaped like a token that is none of ``known``
    (a reply to the mail of another game, whose token it kept)."""
    def is_known(t: str) -> bool:
        return any(hmac.compare_digest(t.lower().encode(), k.encode()) for k in known)
    return any(SHAPE.fullmatch(t) and not is_known(t) for t in tokens_in(letter))
