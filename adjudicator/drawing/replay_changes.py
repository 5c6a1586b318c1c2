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

_SVG = "{http://www.w3.org/2000/svg}"
_NOT_PIECES = {"header", "legend", "round"}
_G_TAG = re.compile(r"<g\b[^>]*>")
STYLE = ("<style>.changed > :not(title):not(text) { stroke: #d40000 !important; "
         "stroke-width: 3.5px !important; } .changed text { font-weight: bold; }</style>")

Key = tuple[tuple[str, ...], ...]


def _pieces(svg: str) -> list[tuple[int, Key, bytes]]:
    """Each leaf group of the document: its index among all groups (document order), its
    place in the tree, and how it is drawn."""
    root = ET.fromstring(svg.split("?>", 1)[-1].strip())
    out: list[tuple[int, Key, bytes]] = []
    counter = [0]

    def walk(node: ET.Element, path: Key, skip: bool) -> None:
        seen: dict[tuple[str, ...], int] = {}
        for child in node:
            if child.tag != f"{_SVG}g":
                continue
            index = counter[0]
            counter[0] += 1
            label = (child.get("class", ""), *sorted(f"{k}={v}" for k, v in child.attrib.items()
                                                     if k.startswith("data-")))
            rank = seen.get(label, 0)
            seen[label] = rank + 1
            here = (*path, (*label, str(rank)))
            hidden = skip or bool(_NOT_PIECES & set(child.get("class", "").split()))
            if any(g.tag == f"{_SVG}g" for g in child.iter() if g is not child):
                walk(child, here, hidden)
            elif not hidden:
                out.append((index, here, ET.tostring(child)))
    walk(root, (), False)
    return out


def changed(new: str, old: str) -> list[int]:
    """The indices (among the ``<g>`` elements of ``new``, in document order) of the pieces
    that are not on ``old`` as they are on ``new``."""
    before = {key: drawn for _, key, drawn in _pieces(old)}
    return [index for index, key, drawn in _pieces(new) if before.get(key) != drawn]


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
