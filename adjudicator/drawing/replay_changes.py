"""What changed between two boards, marked (issue 27): on the replay page since the previous
board, and on the picture in a player's mail since their last mail.

Both boards are SVG documents drawn from views by :mod:`adjudicator.drawing`, whose every
piece is a ``<g>`` with stable classes and ``data-*`` attributes.  A piece (a group with no
group inside) is changed when the other board has no piece at the same place in the tree
(the same classes and data on the way down, the same rank among such siblings), or one
drawn differently.  The header (the decision, whose turn) and the legend are not pieces.
Only the drawing's own SVG is read here; it holds nothing the views did not.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

_SVG = "{http://www.w3.org/2000/svg}"
_NOT_PIECES = {"header", "legend", "round"}
_G_TAG = re.compile(r"<g\b[^>]*>")
# How a changed piece is drawn: a thick dark red outline, its words bold (not colour alone).
CHANGED_CSS = (".changed > :not(title):not(text) { stroke: #d40000 !important; stroke-width: 3.5px "
               "!important; } .changed text { font-weight: bold; }")
STYLE = f"<style>{CHANGED_CSS}</style>"

Key = tuple[tuple[str, ...], ...]
_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'


def _pieces(svg: str) -> list[tuple[int, Key, bytes]]:
    """Each leaf group of the document: its index among all groups (document order), its
    place in the tree, and how it is drawn."""
    root = ET.fromstring(svg.split("?>", 1)[-1].strip())
    order = {id(g): i for i, g in enumerate(root.iter(f"{_SVG}g"))}
    out: list[tuple[int, Key, bytes]] = []

    def walk(node: ET.Element, path: Key, skip: bool) -> None:
        seen: dict[tuple[str, ...], int] = {}
        for child in node:
            if child.tag != f"{_SVG}g":
                continue
            label = (child.get("class", ""), *sorted(f"{k}={v}" for k, v in child.attrib.items()
                                                     if k.startswith("data-")))
            rank = seen.get(label, 0)
            seen[label] = rank + 1
            here = (*path, (*label, str(rank)))
            hidden = skip or bool(_NOT_PIECES & set(child.get("class", "").split()))
            if any(g is not child for g in child.iter(f"{_SVG}g")):
                walk(child, here, hidden)
            elif not hidden:
                out.append((order[id(child)], here, ET.tostring(child)))
    walk(root, (), False)
    return out


def changed(new: str, old: str) -> list[int]:
    """The indices (among the ``<g>`` elements of ``new``, in document order) of the pieces
    that are not on ``old`` as they are on ``new``."""
    before = {key: drawn for _, key, drawn in _pieces(old)}
    return [index for index, key, drawn in _pieces(new) if before.get(key) != drawn]


def changed_parts(new: Sequence[str], old: Sequence[str]) -> list[int]:
    """:func:`changed` for two boards cut into their parts (``drawing.board_parts``): only
    the parts that differ are read (the replay page compares every board so)."""
    out: list[int] = []
    offset = 0
    for at, part in enumerate(new):
        if "<g" in part and (at >= len(old) or part != old[at]):
            mine = _pieces(_OPEN + part + "</svg>")
            theirs = _pieces(_OPEN + old[at] + "</svg>") if at < len(old) else []
            before = {key: drawn for _, key, drawn in theirs}
            out += [offset + index for index, key, drawn in mine if before.get(key) != drawn]
        offset += len(_G_TAG.findall(part))
    return out


def marked(new: str, old: str) -> str:
    """``new`` with its changed pieces in the class ``changed`` (drawn with a thick outline)."""
    indices = set(changed(new, old))
    if not indices:
        return new
    count = [-1]

    def mark(m: re.Match[str]) -> str:
        count[0] += 1
        tag = m.group(0)
        if count[0] not in indices:
            return tag
        if ' class="' in tag:
            return tag.replace(' class="', ' class="changed ', 1)
        return tag[:2] + ' class="changed"' + tag[2:]
    out = _G_TAG.sub(mark, new)
    at = out.index(">", out.index("<svg")) + 1
    return out[:at] + STYLE + out[at:]
