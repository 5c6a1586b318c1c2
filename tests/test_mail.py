"""The mail corpus: every message yields its expected order or reports its expected problem.

Each ``fixtures/mail/NAME.eml`` (a whole message) or ``NAME.txt`` (a pasted body) has
``NAME.expected.json``: ``{"orders": ORDER FILE}`` or ``{"problem": {"code", "path"}}``.
The messages are written by ``fixtures/mail/generate.py`` in the styles of Gmail,
Outlook, Apple Mail and Thunderbird.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from adjudicator.errors import Malformed
from adjudicator.files.orders_any import load_orders_any

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "mail"
GAME = "trajan-449ab87432d3"
MESSAGES = sorted(p for p in CORPUS.iterdir() if p.suffix in (".eml", ".txt"))


def test_the_corpus_is_large_enough() -> None:
    assert len(MESSAGES) >= 40


@pytest.mark.parametrize("path", MESSAGES, ids=lambda p: p.name)
def test_message(path: Path) -> None:
    expect = json.loads((CORPUS / f"{path.stem}.expected.json").read_text())
    data = path.read_bytes()
    if "orders" in expect:
        order = load_orders_any(data, path.name, GAME)
        assert json.loads(msgspec.json.encode(order)) == expect["orders"]
        return
    with pytest.raises(Malformed) as e:
        load_orders_any(data, path.name, GAME)
    found = [(p.code, p.path) for p in e.value.problems]
    assert (expect["problem"]["code"], expect["problem"]["path"]) in found, e.value.problems
    for p in e.value.problems:
        assert p.file is not None and p.file.startswith(path.name)
        assert all(c.isprintable() for c in p.message), p.message
