"""The table of hidden information as the tests read it: the JSON file, nothing else.

``adjudicator/data/hidden.json`` is read here with :mod:`json` and the game file is walked
as plain JSON (``msgspec.to_builtins``), by the table's paths: none of the code that
derives the view, the seen game, the stand-in, the deal or the reports from the table
(``adjudicator.views.hidden`` and its users) is called, so the tests that use this module
check those artefacts against the table, not against themselves.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from adjudicator.model.state import GameState

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "adjudicator" / "data"
TABLE: dict[str, Any] = json.loads((DATA / "hidden.json").read_text())
ZONES: list[dict[str, Any]] = TABLE["game_file"]["hidden"]
KINDS: dict[str, dict[str, Any]] = {k["kind"]: k for k in TABLE["components"]}
EVENTS: list[dict[str, Any]] = TABLE["events"]["hidden"]

Doc = dict[str, Any]
# (zone, the colour whose mat it is on or None, game over?) -> level
Sight = Callable[[dict[str, Any], "str | None", bool], str]


@dataclass
class Place:
    """One concrete place of a document: ``holder[key]`` is ``value``."""

    path: str  # a JSON path: $.players[1].hand
    holder: Any
    key: Any
    owner: str | None  # the colour of the player whose mat it is on

    @property
    def value(self) -> Any:
        return self.holder[self.key]


def places(doc: Doc, path: str) -> Iterator[Place]:
    """Every place ``path`` (``players[].hand``, ``board.provinces[].tile``) names in ``doc``."""
    yield from _walk(doc, path.split("."), "$", None)


def _walk(node: Any, parts: list[str], at: str, owner: str | None) -> Iterator[Place]:
    part, rest = parts[0], parts[1:]
    name, each = part.removesuffix("[]"), part.endswith("[]")
    if not each:
        if rest:
            yield from _walk(node[name], rest, f"{at}.{name}", owner)
        else:
            yield Place(f"{at}.{name}", node, name, owner)
        return
    for i, item in enumerate(node[name]):
        who = item["colour"] if name == "players" else owner
        if rest:
            yield from _walk(item, rest, f"{at}.{name}[{i}]", who)
        else:
            yield Place(f"{at}.{name}[{i}]", node[name], i, who)


def game_over(doc: Doc) -> bool:
    return bool(doc["pending"]["kind"] == "game_over")


def sight_of(viewer: str | None) -> Sight:
    """What the seated ``viewer`` (None: an observer) may see of a zone, by the table."""
    def level(zone: dict[str, Any], owner: str | None, over: bool) -> str:
        if over and zone.get("after_game_over"):
            return str(zone["after_game_over"])
        if viewer is None:
            return str(zone["observer"])
        if owner is not None and owner == viewer and zone.get("owner"):
            return str(zone["owner"])
        return str(zone["player"])
    return level


def public_sight(zone: dict[str, Any], owner: str | None, over: bool) -> str:
    """What the public (the reports) may see of a zone."""
    if over and zone.get("after_game_over"):
        return str(zone["after_game_over"])
    return str(zone["public"])


def doc_of(value: Any) -> Any:
    """Any model as plain JSON (what a file holds)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def masked(doc: Doc) -> Doc:
    """A copy of ``doc`` with every hidden zone null: what is left is every zone the table
    shows to everyone (it lists every field, hidden or shown)."""
    out = doc_of(doc)
    for zone in ZONES:
        for place in places(out, zone["path"]):
            place.holder[place.key] = None
    return out


# --- What is hidden -------------------------------------------------------------------------


def hidden_items(doc: Doc, sight: Sight) -> dict[str, list[str]]:
    """By kind, every component at a place the sight does not see (not the tops)."""
    out: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for zone in ZONES:
        for place in places(doc, zone["path"]):
            level = sight(zone, place.owner, game_over(doc))
            if zone.get("kind") and level == "count":
                out[zone["kind"]] += place.value
            elif zone.get("kind") and level == "top":
                out[zone["kind"]] += place.value[1:]
    return out


def below_tops(doc: Doc) -> list[str]:
    """The Trajan tile ids (unique) no viewer may see: below each stack's top."""
    return [t for zone in ZONES if zone["player"] == "top" for p in places(doc, zone["path"]) for t in p.value[1:]]


def words(text: str) -> set[str]:
    """The words of ``text`` (ids such as ``cards-1`` are words), to look ids up in."""
    return set(re.findall(r"[\w-]+", text))


def visible_items(doc: Doc, kind: str, sight: Sight) -> Counter[str]:
    """The components of ``kind`` the sight sees, at every place the table lists for it."""
    zones = {z["path"]: z for z in ZONES}
    seen: Counter[str] = Counter()
    for path in KINDS[kind]["places"]:
        for place in places(doc, path):
            zone = zones.get(path)
            level = sight(zone, place.owner, game_over(doc)) if zone else "shown"
            value = place.value
            if level == "top":
                seen.update(value[:1])
            elif level == "shown":
                seen.update(_components(value))
    return seen


def _components(value: Any) -> list[str]:
    if isinstance(value, list):
        return [v for v in value if v is not None]
    if isinstance(value, dict):
        return [v for v in value.values() if v is not None]
    return [] if value is None else [value]


@functools.cache
def box(kind: str) -> Counter[str]:
    """Every component of ``kind`` in the box, from the component data files."""
    row = KINDS[kind]
    data = json.loads((DATA / f"{row['box']}.json").read_text())
    if row["box"] == "commodities":
        return Counter({c: data["cards_per_commodity"] for c in data["commodities"]})
    if row["box"] == "trajan_tiles":
        return Counter(t["id"] for t in data["tiles"] if t["category"] == row["category"])
    if row["box"] == "bonus_tiles":
        return Counter(t["id"] for t in data["tiles"])
    key = "action" if row["box"] == "extra_action_tiles" else "kind"
    return Counter({t[key]: t["count"] for t in data["tiles"]})


def hidden_event(event: Any) -> dict[str, Any] | None:
    """The table's row for ``event`` if the table hides part of it from all but its owner."""
    doc = doc_of(event)
    for row in EVENTS:
        if row["event"] == doc["event"] and all(doc[f] in v for f, v in row.get("when", {}).items()):
            return row
    return None


# --- Changing what a viewer cannot see ------------------------------------------------------


def scramble(state: GameState, sight: Sight, rng: random.Random) -> GameState:
    """``state`` with everything ``sight`` does not see dealt afresh: the components of each
    kind shuffled among the places that hide them (the table's), a secret replaced."""
    doc = doc_of(state)
    over = game_over(doc)
    pools: dict[str, list[str]] = {kind: [] for kind in KINDS}
    dealt: list[tuple[Place, str, int]] = []
    for zone in ZONES:
        for place in places(doc, zone["path"]):
            level = sight(zone, place.owner, over)
            if level == "secret":
                place.holder[place.key] = f"other-{rng.random()}"
            elif level in ("count", "top"):
                keep = 1 if level == "top" else 0
                pools[zone["kind"]] += place.value[keep:]
                dealt.append((place, zone["kind"], keep))
    for pool in pools.values():
        rng.shuffle(pool)
    for place, kind, keep in dealt:
        n = len(place.value) - keep if place.value else 0
        place.holder[place.key] = place.value[:keep] + pools[kind][:n]
        del pools[kind][:n]
    return msgspec.convert(doc, GameState)


def expected_view(game: Doc, viewer: str | None) -> Doc:
    """The view of ``game`` the table asks for (the view file's layout: a count in place,
    or null and the count at ``count_at``; a stack as its top and how many lie below)."""
    view = doc_of(game)
    view["viewer"] = viewer
    level_of = sight_of(viewer)
    for zone in ZONES:
        for place in places(view, zone["path"]):
            value, level = place.value, level_of(zone, place.owner, game_over(game))
            if zone.get("count_at"):
                place.holder[zone["count_at"]] = len(value)
            if level == "count":
                place.holder[place.key] = None if zone.get("count_at") else len(value)
            elif level == "top":
                place.holder[place.key] = {"top": value[0] if value else None, "below": max(0, len(value) - 1)}
            elif level == "secret":
                place.holder[place.key] = None
    return view
