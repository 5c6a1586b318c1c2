"""The base of every model: frozen, strict, keyword-only msgspec structs."""

from __future__ import annotations

import msgspec


class Model(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """An immutable value; unknown fields in a file are an error."""
