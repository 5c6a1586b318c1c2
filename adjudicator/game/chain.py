"""The hash chain and the setup commitment (tamper-evident game files and logs).

* ``commitment(seed)`` = SHA-256 hex of ``"trajan-seed-commitment:" + seed``; ``new``
  records it in every game file from the start.  The seed itself is shown to players
  only when the game is over; then anyone can check the commitment and re-derive the
  whole setup with ``new``.
* ``state_hash(state)`` = SHA-256 hex of the compact canonical JSON of the game file
  with ``chain.hash`` set to the empty string.
* ``orders_hash(orders)`` = SHA-256 hex of the compact canonical JSON of the order file.
* ``seal(state, parent, orders)`` records the parent's hash, the orders' hash and the
  file's own hash.

A game file's hash thus fixes every earlier game file and order file: a player who keeps
one (every view and report carries it) is a witness against a rewritten log
(:mod:`adjudicator.logs.witness`).  What binds the game id, the start player and the fair
start to the committed seed is in :mod:`adjudicator.game.seeding`.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from adjudicator.digest import hexdigest as _sha256
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import Chain, GameState

COMMITMENT_PREFIX = "trajan-seed-commitment:"


def commitment(seed: str) -> str:
    """The commitment to ``seed``: SHA-256 hex of ``"trajan-seed-commitment:" + seed``."""
    return _sha256((COMMITMENT_PREFIX + seed).encode())


_encode = msgspec.json.Encoder().encode  # one encoder for the process (compact, canonical)


def state_hash(state: GameState) -> str:
    """The hash of a game file: SHA-256 hex of its compact canonical JSON with ``chain.hash`` empty."""
    unsealed = state if not state.chain.hash else replace(state, chain=replace(state.chain, hash=""))
    return _sha256(_encode(unsealed))


def orders_hash(orders: OrderFile) -> str:
    """The hash of an order file: SHA-256 hex of its compact canonical JSON."""
    return _sha256(_encode(orders))


def seal(state: GameState, parent: GameState | None = None, orders: OrderFile | None = None) -> GameState:
    """``state`` with its chain: the parent's hash, the orders' hash, its own hash."""
    chain = Chain(parent=parent.chain.hash if parent else None,
                  orders=orders_hash(orders) if orders else None)
    unsealed = replace(state, chain=chain)  # its hash is still empty
    return replace(unsealed, chain=replace(chain, hash=state_hash(unsealed)))


def seal_encoded(state: GameState, parent: GameState | None = None,
                 orders: OrderFile | None = None) -> tuple[GameState, bytes]:
    """:func:`seal`, and the sealed state's compact canonical JSON, made from the JSON its
    hash was taken of (not encoded again): the chain's own JSON in it, found exactly
    once, replaced by the sealed chain's (else the sealed state is encoded)."""
    chain = Chain(parent=parent.chain.hash if parent else None,
                  orders=orders_hash(orders) if orders else None)
    unsealed = replace(state, chain=chain)
    data = _encode(unsealed)
    sealed_chain = replace(chain, hash=_sha256(data))
    sealed = replace(unsealed, chain=sealed_chain)
    old = _encode(chain)
    return sealed, (data.replace(old, _encode(sealed_chain)) if data.count(old) == 1 else _encode(sealed))


def is_sealed(state: GameState) -> bool:
    """Whether the game file's recorded hash is the hash of its content."""
    return state.chain.hash == state_hash(state)


__all__ = ["COMMITMENT_PREFIX", "commitment", "state_hash", "orders_hash", "seal", "seal_encoded",
           "is_sealed"]
