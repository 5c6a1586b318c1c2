"""An order file in any form: JSON (read exactly by :func:`~adjudicator.files.io.load_orders`),
or the text notation or a whole mail message (the forgiving reader of
:mod:`adjudicator.mail.read`, imported only for them)."""

from __future__ import annotations

import msgspec

from adjudicator.errors import Malformed
from adjudicator.files.io import load_orders
from adjudicator.model.orders import OrderFile

_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def is_json_text(data: bytes) -> bool:
    """Whether an order file is to be read as JSON (exactly as before the text notation): it
    starts with ``{``, ``[`` or ``"`` (after blanks: JSON that lost its first brace), a
    byte-order mark, holds nothing, or is any JSON value."""
    start = data.lstrip()[:1]
    if start in (b"{", b"[", b'"', b"") or data.startswith(_BOMS):
        return True
    try:
        msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return False
    return True


def load_orders_any(data: bytes, file: str = "<orders>", game_id: str | None = None) -> OrderFile:
    """An order file in JSON, or in the text notation or a mail message (see
    :mod:`adjudicator.mail.read`; a text header's game is resolved against ``game_id``).
    JSON is read by :func:`load_orders`; only JSON that is not JSON (mangled by mail)
    gets a second reading."""
    if is_json_text(data):
        try:
            return load_orders(data, file)
        except Malformed as e:
            if [p.code for p in e.problems] != ["input.not_json"]:
                raise
            from adjudicator.mail.read import recover_json_orders  # lazy: not for JSON

            recovered = recover_json_orders(data, file)
            if recovered is None:
                raise
            return recovered
    from adjudicator.mail.read import read_orders  # lazy: not for JSON

    return read_orders(data, file, (game_id,) if game_id is not None else ())
