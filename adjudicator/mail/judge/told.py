"""What the judge's mails have told each player (issue 27), kept in the judge's record.

With a player's roster ``mail`` setting the judge no longer mails every player after every
step, so it keeps, per player: the last log step whose news their mails carried (the next
mail brings everything since), the decision their latest decision mail asked, when their
latest mail was written (at most one news mail a day for ``digest``), and the receipts of
their accepted orders still to be said (``decisions`` folds them into the next mail).
"""

from __future__ import annotations

import msgspec


class Told(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One player's mails so far."""

    news_upto: int = -1  # the last log step whose report reached them
    asked: int = -1  # the decision number their latest decision mail asked
    asked_id: str = ""  # that mail's Message-ID (a reminder answers it)
    at: str = ""  # when their latest mail was written (ISO 8601)
    receipts: list[int] = msgspec.field(default_factory=list)  # accepted decisions not yet confirmed
    reply_to: str = ""  # the Message-ID of their latest accepted message
