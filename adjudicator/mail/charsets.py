"""Bytes in a declared charset to text, whatever the charset says.

A charset is used only if it names a text encoding Python knows; Python's own codecs
that are no character set of mail (``base64``, ``zlib``, ``rot13``, ``idna``,
``unicode_escape``, ``undefined``...) and every unknown or malformed name count as no
charset at all.  Text in no usable charset is read as ``check`` reads a pasted body:
UTF-8 if it is valid UTF-8, else Windows-1252.  Nothing here raises.
"""

from __future__ import annotations

import codecs
import re

# Python's codecs that are not character sets (their canonical names, as codecs.lookup gives them).
NOT_CHARSETS = frozenset({
    "base64", "bz2", "hex", "quopri", "uu", "zlib", "rot-13",  # bytes-to-bytes and text transforms
    "idna", "punycode", "undefined", "unicode-escape", "raw-unicode-escape", "charmap", "mbcs", "oem",
})
# What a charset name may look like (IANA names are at most 40 characters).
_NAME = re.compile(r"[a-z0-9][a-z0-9_.:+-]{0,39}")


def codec(charset: str | None) -> str | None:
    """The codec a declared charset names (quotes, blanks and case ignored), or None."""
    if not charset:
        return None
    name = charset.strip().strip("\"'").strip().lower()
    if _NAME.fullmatch(name) is None:
        return None
    try:
        found = codecs.lookup(name).name
    except LookupError:
        return None
    return None if found in NOT_CHARSETS else found


def fallback(data: bytes) -> str:
    """Text in no usable charset: UTF-8 if it is valid UTF-8, else Windows-1252."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def decode(data: bytes, charset: str | None) -> str:
    """``data`` read in ``charset`` (bytes it cannot decode become U+FFFD), or as :func:`fallback`."""
    name = codec(charset)
    if name is not None:
        try:
            return data.decode(name, errors="replace")
        except (LookupError, UnicodeError, ValueError, TypeError):  # a codec that cannot decode bytes
            pass
    return fallback(data)
