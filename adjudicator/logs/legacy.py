"""Verifying a log written in format 1 (before simultaneous decisions kept their number).

A format-1 log is never rewritten: its files keep the hashes they were written with.
Each step is checked in two parts:

* the hash chain, on the bytes as written: each game file's own hash (SHA-256 of its
  compact JSON with ``chain.hash`` empty, keys in the order written), its parent (the
  previous game file's hash) and its orders (SHA-256 of the order file's compact JSON);
  and every format-1 step moves ``decision`` on by one, as format 1 did;
* the play, under today's rules: the order file (upgraded) is adjudicated against the
  game file before it (upgraded), and the result must equal the recorded game file
  (upgraded) in everything but what format 2 changed: the decision numbering, who has
  answered a simultaneous decision, and the order of the removed forum tiles (a set).

Reports and views of a format-1 log are not checked: format 1 did not make them part of
the log, and their wording belongs to the release that wrote them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from adjudicator.errors import Illegal
from adjudicator.files import io
from adjudicator.game import engine
from adjudicator.game.chain import seal
from adjudicator.model.state import Chain, GameState

# (file, code, path, message) -> an exception to raise
Fail = Callable[[str, str, str, str], Exception]


def raw_format(data: bytes) -> Any:
    """The ``format`` field of a JSON file, or None when it cannot be read."""
    try:
        value = msgspec.json.decode(data)
    except msgspec.DecodeError:
        return None
    return value.get("format") if isinstance(value, dict) else None


def own_hash(raw: dict[str, Any]) -> str:
    """The hash a format-1 game file was sealed with, from its content as written."""
    chain = raw.get("chain")
    unsealed = dict(raw, chain=dict(chain, hash="")) if isinstance(chain, dict) else raw
    return hashlib.sha256(msgspec.json.encode(unsealed)).hexdigest()


def _chain(raw: dict[str, Any]) -> dict[str, Any]:
    chain = raw.get("chain")
    return chain if isinstance(chain, dict) else {}


def check_start(data: bytes, name: str, fail: Fail) -> None:
    """Check that a format-1 log's first game file carries its own hash; raises through ``fail``
    otherwise."""
    raw = msgspec.json.decode(data)
    if _chain(raw).get("hash") != own_hash(raw):
        raise fail(name, "verify.hash_mismatch", "$.chain.hash",
                   "The recorded hash is not the hash of this game file's content.")


def replay_step(before: GameState, before_raw: dict[str, Any], orders_data: bytes, orders_name: str,
                game_data: bytes, game_name: str, fail: Fail) -> tuple[GameState, dict[str, Any]]:
    """Check one format-1 step; returns the recorded game after it (upgraded) and as written."""
    orders = io.load_orders(orders_data, orders_name)
    recorded = io.load_game(game_data, game_name)
    raw = msgspec.json.decode(game_data)
    chain = _chain(raw)
    if chain.get("hash") != own_hash(raw):
        raise fail(game_name, "verify.hash_mismatch", "$.chain.hash",
                   "The recorded hash is not the hash of this game file's content.")
    if chain.get("parent") != _chain(before_raw).get("hash"):
        raise fail(game_name, "verify.chain_broken", "$.chain.parent",
                   "The parent hash does not match the previous game file.")
    compact_orders = msgspec.json.encode(msgspec.json.decode(orders_data))
    if chain.get("orders") != hashlib.sha256(compact_orders).hexdigest():
        raise fail(game_name, "verify.orders_mismatch", "$.chain.orders",
                   "The orders hash does not match the order file of this step.")
    if raw.get("decision") != before_raw.get("decision", 0) + 1:
        raise fail(game_name, "verify.state_mismatch", "$.decision",
                   "In a format-1 log every step moves the decision number on by one.")
    try:
        after = engine.adjudicate(before, orders).state
    except Illegal as e:
        p = e.problems[0]
        raise fail(orders_name, "verify.illegal_orders", p.path,
                   f"These orders are not legal against the game file before them: {p.message} "
                   f"[{p.code}]") from None
    got, want = comparable(recorded), comparable(after)
    if got != want:
        from adjudicator.logs.verify import first_difference

        raise fail(game_name, "verify.state_mismatch", first_difference(got, want),
                   "The recorded game file differs from what the rules produce here.")
    return recorded, raw


def as_written_today(first: GameState) -> GameState:
    """The first game file of a format-1 log, upgraded and sealed as `new` seals it today
    (to compare with what `new` makes from the revealed seed)."""
    return seal(replace(first, chain=Chain()))


def comparable(state: GameState) -> Any:
    """The game as plain data without what format 2 changed (see the module's notes)."""
    data: Any = msgspec.to_builtins(state)
    data.pop("chain")
    data.pop("decision")
    data.pop("format")
    data["pending"].pop("answered", None)
    data["removed"]["forum"] = sorted(data["removed"]["forum"])
    return data
