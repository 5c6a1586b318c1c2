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

import functools
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from adjudicator.compose import words
from adjudicator.model.orders import ACTION_OF_STEP, Discard, Extra, Step, TrajanSpecial
from adjudicator.model.state import GameState, TurnProgress
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
LIMIT = 50000  # distinct points explored for one page (a few seconds at most)

_ENCODE = msgspec.msgpack.Encoder()
Edge = tuple[str, str, tuple[str, bool], str, int]  # line, words, group, subgroup, the point after


@dataclass
class _Point:
    end: int
    cut: bool = False
    edges: list[Edge] = field(default_factory=list)


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
        """The tables and nodes as the page reads them (``explored`` and ``cut`` stay here)."""
        return {"lines": self.lines, "words": self.words, "groups": [list(g) for g in self.groups],
                "subs": self.subs, "nodes": self.nodes}


@functools.lru_cache(maxsize=4096)
def _text(step: Step) -> str:
    return step_text(step)


@functools.lru_cache(maxsize=4096)
def _words(step: Step, events: tuple[Any, ...]) -> str:
    return words.step_words(step, events)


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


class _Points:
    """Every point found, by number; a point is found once (by its encoded game and turn)."""

    def __init__(self) -> None:
        self.number: dict[bytes, int] = {}
        self.found: list[_Point | None] = []
        self.queue: deque[tuple[int, GameState, TurnProgress, int]] = deque()

    def add(self, state: GameState, progress: TurnProgress, end: int) -> int:
        key = _ENCODE.encode((state, progress, end))
        if key not in self.number:
            self.number[key] = len(self.found)
            self.found.append(None)
            self.queue.append((len(self.found) - 1, state, progress, end))
        return self.number[key]


Root = tuple[GameState, TurnProgress, int]  # the game as the player sees it, the turn, what ending does


def explore(roots: Sequence[Root], limit: int = LIMIT) -> tuple[Graph, list[int]]:
    """The graph of every legal step sequence from each root (the game as the player sees
    it, the turn in progress, what ending there does); the node of each root."""
    points = _Points()
    starts = [points.add(*root) for root in roots]
    explored = 0
    while points.queue:
        at, state, progress, end = points.queue.popleft()
        if explored >= limit:
            points.found[at] = _Point(end, cut=True)
            continue
        explored += 1
        point = points.found[at] = _Point(end)
        for step in legal_steps(state, progress):
            if names_unseen(step):
                continue
            ch = Changes(state)
            after = apply_step(ch, progress.player, progress, step)
            child_end = PAUSES_DISCARD if after.discard_due else PAUSES_SEE if ch.revealed else ENDS
            point.edges.append((_text(step), _words(step, tuple(ch.events)), group_of(progress, step),
                                words.subgroup(step), points.add(ch.state, after, child_end)))
    found = [p for p in points.found if p is not None]
    assert len(found) == len(points.found)
    graph, ids = _merge(found, starts)
    graph.explored, graph.cut = explored, any(p.cut for p in found)
    return graph, [ids[k] for k in starts]


def _merge(points: list[_Point], roots: list[int]) -> tuple[Graph, list[int]]:
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

    ids = [-1] * len(points)
    signatures: dict[tuple[Any, ...], int] = {}
    for root in roots:
        stack: list[tuple[int, bool]] = [(root, False)]
        while stack:
            at, ready = stack.pop()
            if ids[at] >= 0:
                continue
            point = points[at]
            if not ready:
                stack.append((at, True))
                stack += [(e[4], False) for e in point.edges if ids[e[4]] < 0]
                continue
            edges = tuple((intern("lines", line), intern("words", said), intern("groups", group),
                           intern("subs", sub), ids[child]) for line, said, group, sub, child in point.edges)
            signature = (point.end, point.cut, edges)
            if signature not in signatures:
                signatures[signature] = len(graph.nodes)
                graph.nodes.append([point.end, int(point.cut), [list(e) for e in edges]])
            ids[at] = signatures[signature]
    return graph, ids
