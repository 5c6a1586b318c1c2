"""The score chart of the replay page: every player's victory points over the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import drawsvg as draw

from adjudicator.drawing import layout as L
from adjudicator.drawing.pieces import group, r1, text

WIDTH, HEIGHT = 900, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 90, 16, 28


def score_chart(scores: Mapping[str, Sequence[int]]) -> str:
    """An inline SVG (no XML declaration): one polyline per player (``.score-line``), its
    final value labelled (``.score-final``), and a cursor (``#chart-cursor``) for the page."""
    frames = max((len(s) for s in scores.values()), default=1)
    values = [v for s in scores.values() for v in s] or [0]
    low, high = min(0, *values), max(10, *values)
    d = draw.Drawing(WIDTH, HEIGHT, id="score-chart", font_family=L.FONT)
    d.append(draw.Rectangle(0, 0, WIDTH, HEIGHT, fill="#ffffff"))

    def sx(i: int) -> float:
        return r1(LEFT + (WIDTH - LEFT - RIGHT) * i / max(1, frames - 1))

    def sy(v: int) -> float:
        return r1(TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low))

    axis = group("axes")
    for v in _ticks(low, high):
        axis.append(draw.Line(LEFT, sy(v), WIDTH - RIGHT, sy(v), stroke="#dddddd"))
        axis.append(text(LEFT - 6, sy(v) + 4, str(v), 10, anchor="end"))
    axis.append(text(LEFT, HEIGHT - 8, "decision →", 10))
    d.append(axis)
    label_y = _spread({c: sy(s[-1]) + 4 for c, s in scores.items() if s}, 13)
    for k, (colour, series) in enumerate(scores.items()):
        fill = L.PLAYER_FILL.get(colour, "#000000")  # type: ignore[call-overload]
        line = group("score-line", f"{colour}'s victory points", player=colour,
                     final=str(series[-1] if series else 0))
        dash = ("", "6,3", "2,3", "9,3,2,3")[k % 4]
        extra = {"stroke_dasharray": dash} if dash else {}
        points = [c for i, v in enumerate(series) for c in (sx(i), sy(v))]
        line.append(draw.Lines(*points, close=False, fill="none", stroke=fill, stroke_width=2.5, **extra))
        if series:
            line.append(text(sx(len(series) - 1) + 6, label_y[colour], f"{colour} {series[-1]}", 11,
                             weight="bold", fill=fill, cls="score-final"))
        d.append(line)
    d.append(draw.Line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, stroke=L.INK, stroke_width=1.5, id="chart-cursor"))
    return str(d.as_svg(header=""))


def _spread(ys: Mapping[str, float], gap: float) -> dict[str, float]:
    """The labels' heights moved apart (downwards) so that no two are closer than ``gap``."""
    placed: dict[str, float] = {}
    last = float("-inf")
    for name, y in sorted(ys.items(), key=lambda item: item[1]):
        last = max(y, last + gap)
        placed[name] = r1(last)
    return placed


def _ticks(low: int, high: int) -> list[int]:
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200) if (high - low) / s <= 8)
    first = (low // step) * step
    return [v for v in range(first, high + 1, step) if v >= low]
