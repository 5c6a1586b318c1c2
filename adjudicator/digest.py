"""SHA-256 for the hash chain, the seed commitment and the generator.

``hashlib.sha256`` loads OpenSSL, which costs a short process (``trajan check``,
``adjudicate``, ``bot``) more than all the hashing it does.  The interpreter's own
SHA-256 (module ``_sha2``, ``_sha256`` before Python 3.12) loads at once and is as fast
on short inputs, three times slower on a whole game file; so a process hashes with it
until it has hashed :data:`BUILTIN_BYTES`, then with OpenSSL's (self-play and
``verify`` hash thousands of game files).  Both give the same digest.
"""

import importlib
from typing import Any, Protocol


class Hash(Protocol):
    """What :func:`sha256` returns: the built-in or OpenSSL's hash object, finished."""

    def digest(self) -> bytes:
        """The 32 bytes of the digest."""

    def hexdigest(self) -> str:
        """The digest as 64 lower-case hexadecimal digits."""

# Bytes hashed with the built-in SHA-256 before a process loads OpenSSL's.
BUILTIN_BYTES = 256 * 1024


def _builtin() -> Any:
    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
    return None


_BUILTIN: Any = _builtin()
_hashed = 0


def sha256(data: bytes) -> Hash:
    """A SHA-256 hash object of ``data`` (``.digest()``, ``.hexdigest()``)."""
    global _hashed
    _hashed += len(data)
    if _BUILTIN is not None and _hashed <= BUILTIN_BYTES:
        made: Hash = _BUILTIN(data)
        return made
    import hashlib

    return hashlib.sha256(data)


def hexdigest(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex."""
    return sha256(data).hexdigest()


__all__ = ["Hash", "BUILTIN_BYTES", "sha256", "hexdigest"]
