"""The drawing's primitives: labelled pieces and tiles, each an SVG group with stable classes.

Every piece is a ``<g>`` whose ``class`` names its kind (``piece leader``, ``piece
legionnaire``, ``marker``, ``tile forum-tile`` ...) and whose ``data-*`` attributes name
its owner or colour, so a test can count pieces with a CSS selector.  Every coloured
piece carries a text label and a ``<title>`` (the tooltip), never colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import drawsvg as draw

from adjudicator.drawing import layout as L
from adjudicator.escape import terminal
from adjudicator.model.vocab import MarkerColour, PlayerColour


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def r1(value: float) -> float:
    """A coordinate to one decimal (the SVG stays small and byte-stable)."""
    return round(value, 1)


def text(x: float, y: float, words: str, size: float = 11, *, anchor: str = "start",
         weight: str = "normal", fill: str | None = None, cls: str | None = None) -> draw.Text:
    """One line of text; ``y`` is the baseline.  Defaults (start, normal, black) are left out.
    Every non-printable character shows as ``\\uXXXX`` (the project's one escaping; the
    XML escaping of ``<`` and ``&`` is drawsvg's)."""
    extra: dict[str, str] = {}
    if anchor != "start":
        extra["text_anchor"] = anchor
    if weight != "normal":
        extra["font_weight"] = weight
    if fill is not None and fill != "#000000":
        extra["fill"] = fill
    if cls:
        extra["class_"] = cls
    return draw.Text(terminal(words), r1(size), r1(x), r1(y), **extra)


def group(cls: str, title: str | None = None, **data: str) -> draw.Group:
    """A group with ``class`` and ``data-*`` attributes (and a tooltip)."""
    g = draw.Group(class_=cls, **{f"data_{k}": v for k, v in data.items()})
    if title:
        g.append(draw.Title(title))
    return g


def short(name: str) -> str:
    return L.SHORT.get(name, name)


def _centred_label(g: draw.Group, x: float, y: float, label: str, fill: str, size: float) -> None:
    g.append(text(x, y + size * 0.36, label, size, anchor="middle", weight="bold", fill=ink_on(fill)))


def player_piece(kind: str, colour: PlayerColour, x: float, y: float, size: float = 10) -> draw.Group:
    """A player's piece centred on (x, y): ``leader`` (a disc with a ring), ``legionnaire``
    (a square), ``worker`` (a house), ``senate-disc`` (a disc)."""
    fill = L.PLAYER_FILL[colour]
    g = group(f"piece {kind}", f"{colour} {kind}", player=colour)
    if kind == "leader":
        g.append(draw.Circle(r1(x), r1(y), size + 1, fill=fill, stroke=L.INK, stroke_width=2.5))
    elif kind == "legionnaire":
        g.append(draw.Rectangle(r1(x - size), r1(y - size), 2 * size, 2 * size, fill=fill, stroke=L.INK))
    elif kind == "worker":
        s = size
        g.append(draw.Lines(*(r1(c) for c in (x - s, y + s, x - s, y - s / 3, x, y - s - 2, x + s, y - s / 3,
                                              x + s, y + s)), close=True, fill=fill, stroke=L.INK))
    else:
        g.append(draw.Circle(r1(x), r1(y), size, fill=fill, stroke=L.INK))
    _centred_label(g, x, y, L.PLAYER_LABEL[colour], fill, size * 0.85)
    return g


def marker(colour: MarkerColour, x: float, y: float, r: float = 7.5, cls: str = "marker") -> draw.Group:
    """An octagonal action marker centred on (x, y), labelled with its colour's letter
    (``cls="tile-colour"``: the same shape printed on a Trajan tile)."""
    fill = L.MARKER_FILL[colour]
    g = group(cls, f"{colour} action marker" if cls == "marker" else f"{colour} on the tile", colour=colour)
    points: list[float] = []
    for i in range(8):
        a = math.pi / 8 + i * math.pi / 4
        points += [r1(x + r * math.cos(a)), r1(y + r * math.sin(a))]
    g.append(draw.Lines(*points, close=True, fill=fill, stroke=L.INK, stroke_width=0.8))
    _centred_label(g, x, y, L.MARKER_LABEL[colour], fill, r * 1.1)
    return g


def tile(x: float, y: float, w: float, h: float, label: str, fill: str, cls: str,
         title: str | None = None, *, size: float = 10, **data: str) -> draw.Group:
    """A rectangular tile with a centred label."""
    g = group(f"tile {cls}", title or label, **data)
    g.append(draw.Rectangle(r1(x), r1(y), r1(w), h, rx=4, fill=fill, stroke=L.INK, stroke_width=0.8))
    g.append(text(x + w / 2, y + h / 2 + size * 0.36, label, size, anchor="middle", fill=ink_on(fill)))
    return g


def empty_space(x: float, y: float, w: float, h: float, cls: str, label: str = "empty") -> draw.Group:
    g = group(f"space {cls}", label)
    g.append(draw.Rectangle(x, y, w, h, rx=4, fill="none", stroke="#999999", stroke_dasharray="4,3"))
    g.append(text(x + w / 2, y + h / 2 + 3, label, 8, anchor="middle", fill="#777777"))
    return g


def chips(x: float, y: float, width: float, items: Sequence[tuple[str, str, str, str]],
          height: float = 18) -> tuple[list[draw.Group], float]:
    """Tiles laid left to right, wrapping at ``width``: each item is (label, fill, class,
    title).  Returns the groups and the y below the last row."""
    out: list[draw.Group] = []
    cx, cy = x, y
    for label, fill, cls, title in items:
        w = max(30, 6.2 * len(label) + 10)
        if cx + w > x + width and cx > x:
            cx, cy = x, cy + height + 3
        out.append(tile(cx, cy, w, height, label, fill, cls, title, size=9))
        cx += w + 3
    return out, cy + height
