"""The steps of a turn as a graph for the page to walk: every legal step from every point.

The page never judges a step: at each point of a turn it offers the steps listed here,
which are the engine's own legal steps (:func:`adjudicator.rules.legal.legal_steps`, the
listing ``trajan options`` uses), each applied with the engine's own rules
(:func:`adjudicator.rules.turn.apply_step`) to find the point after it.  Everything is
computed on the game as the player sees it (:func:`adjudicator.rules.seen.as_seen_by`):
a card drawn in this order is a placeholder, so a step that would need it is not legal
(``turn.unseen_cards``) and none is listed.

Points reached by different steps are merged when they are the same game, and then again
when everything that can follow them is the same (the smallest graph of the same
sequences), so the page stays small.  Exploring stops after ``limit`` distinct points
(breadth first, so the first steps of every tray are always complete); a point left
unexplored is marked ``cut`` and the page says so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from adjudicator.model.orders import ACTION_OF_STEP, Discard, Extra, Step, TrajanSpecial
from adjudicator.model.state import GameState, TurnProgress
from adjudicator.compose import words
from adjudicator.notation.text import step_text
from adjudicator.rules.legal import legal_steps
from adjudicator.rules.ops import Changes
from adjudicator.rules.seen import UNSEEN
from adjudicator.rules.turn import apply_step

# What ending the order at a point does (rules.turn.finish; rulings.md "Hidden information
# mid-turn"): the turn ends; it pauses for the discard that is due; it pauses so that the
# player goes on having seen the cards the last step showed (unless nothing is left to
# do); the order may not end here (a paused turn's discard is due: turn.discard_due).
ENDS, PAUSES_DISCARD, PAUSES_SEE, MAY_NOT_END = 0, 1, 2, 3
LIMIT = 5000  # distinct points explored for one page (about a second)

_ENCODE = msgspec.msgpack.Encoder()


@dataclass
class _Point:
    end: int
    cut: bool = False
    edges: list[tuple[str, str, tuple[str, bool], str, bytes]] = field(default_factory=list)


@dataclass
class Graph:
    """The merged graph: string tables and nodes ``[end, cut, [[line, words, group, sub, child]...]]``
    (indexes into ``lines``, ``words``, ``groups`` and ``subs``; ``child`` a node)."""

    lines: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    groups: list[tuple[str, bool]] = field(default_factory=list)  # heading, lost if left open
    subs: list[str] = field(default_factory=list)
    nodes: list[list[Any]] = field(default_factory=list)
    explored: int = 0
    cut: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"lines": self.lines, "words": self.words, "groups": [list(g) for g in self.groups],
                "subs": self.subs, "nodes": self.nodes}


def _key(state: GameState, progress: TurnProgress, end: int) -> bytes:
    return _ENCODE.encode((state, progress, end))


def names_unseen(step: Step) -> bool:
    """Whether ``step`` names a card the player has not seen (it has no text, and no check
    would accept it in an order file)."""
    return any(v == UNSEEN or (isinstance(v, tuple) and UNSEEN in v)
               for v in msgspec.structs.astuple(step))


def group_of(progress: TurnProgress, step: Step) -> tuple[str, bool]:
    """The heading a step is listed under, and whether what it heads is lost if left open."""
    if isinstance(step, TrajanSpecial):
        assert progress.special is not None
        return (f"Special action of {words.trajan_tile(progress.special)}: "
                f"{words.special_effect(progress.special)}", True)
    if isinstance(step, Discard):
        return "Discard a card (due after drawing 2 cards)", False
    if isinstance(step, Extra):
        return "Spend an extra action tile: repeat an action you performed this turn", False
    action = ACTION_OF_STEP[type(step)]
    return words.opportunity(next(o for o in progress.queue if o.action == action)), True


def explore(roots: Sequence[tuple[GameState, TurnProgress, int]], limit: int = LIMIT) -> tuple[Graph, list[int]]:
    """The graph of every legal step sequence from each root (the game as the player sees
    it, the turn in progress, what ending there does); the node of each root."""
    points: dict[bytes, _Point | None] = {}
    queue: deque[tuple[bytes, GameState, TurnProgress, int]] = deque()
    keys = []
    for state, progress, end in roots:
        key = _key(state, progress, end)
        keys.append(key)
        if key not in points:
            points[key] = None
            queue.append((key, state, progress, end))
    explored = 0
    while queue:
        key, state, progress, end = queue.popleft()
        if explored >= limit:
            points[key] = _Point(end, cut=True)
            continue
        explored += 1
        point = points[key] = _Point(end)
        for step in legal_steps(state, progress):
            if names_unseen(step):
                continue
            ch = Changes(state)
            after = apply_step(ch, progress.player, progress, step)
            child_end = PAUSES_DISCARD if after.discard_due else PAUSES_SEE if ch.revealed else ENDS
            child = _key(ch.state, after, child_end)
            if child not in points:
                points[child] = None
                queue.append((child, ch.state, after, child_end))
            point.edges.append((step_text(step), words.step_words(step, ch.events), group_of(progress, step),
                                words.subgroup(step), child))
    graph, ids = _merge(points, keys)
    graph.explored, graph.cut = explored, any(p is not None and p.cut for p in points.values())
    return graph, [ids[k] for k in keys]


def _merge(points: dict[bytes, _Point | None], roots: list[bytes]) -> tuple[Graph, dict[bytes, int]]:
    """The smallest graph: points with the same end, the same cut and the same labelled
    edges to the same merged nodes become one node (bottom up, in post-order)."""
    graph = Graph()
    tables: dict[str, dict[Any, int]] = {"lines": {}, "words": {}, "groups": {}, "subs": {}}

    def intern(table: str, value: Any) -> int:
        found = tables[table]
        if value not in found:
            found[value] = len(found)
            getattr(graph, table).append(value)
        return found[value]

    ids: dict[bytes, int] = {}
    signatures: dict[tuple[Any, ...], int] = {}
    for root in roots:
        stack: list[tuple[bytes, bool]] = [(root, False)]
        while stack:
            key, ready = stack.pop()
            if key in ids:
                continue
            point = points[key]
            assert point is not None
            if not ready:
                stack.append((key, True))
                stack += [(e[4], False) for e in point.edges if e[4] not in ids]
                continue
            edges = tuple((intern("lines", line), intern("words", said), intern("groups", group),
                           intern("subs", sub), ids[child]) for line, said, group, sub, child in point.edges)
            signature = (point.end, point.cut, edges)
            if signature not in signatures:
                signatures[signature] = len(graph.nodes)
                graph.nodes.append([point.end, int(point.cut), [list(e) for e in edges]])
            ids[key] = signatures[signature]
    return graph, ids
