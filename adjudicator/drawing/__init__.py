"""Pictures of a game: the board as SVG (:func:`board_svg`), drawn only from a view, and
the replay page of a game log (:mod:`adjudicator.drawing.replay`).

Drawing from a :class:`~adjudicator.views.view.GameView` and never from a game file
means nothing hidden can be drawn: a view holds only what its viewer may see.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import drawsvg as draw

from adjudicator.drawing import board, layout, mats
from adjudicator.views.view import GameView

__all__ = ["board_parts", "board_svg", "board_png", "png_converter", "svg_png"]


# Each part of the board: how to draw it from a view, and the slice of the view it reads
# (parts whose slice did not change are not drawn again: see :func:`_part`).
_PARTS: tuple[tuple[Callable[[GameView], draw.Group], Callable[[GameView], object]], ...] = (
    (board.header, lambda v: (v.game_id, v.decision, v.quarter, len(v.board.demands), v.pending,
                              v.viewer, v.seed, v.turn)),
    (board.time_track, lambda v: (len(v.seats), v.board.time, v.quarter, len(v.board.demands))),
    (board.scores, lambda v: (v.seats, v.start_player, tuple((p.colour, p.vp) for p in v.players))),
    (board.senate, lambda v: (v.board.senate_stack, v.board.senate_bonus,
                              tuple((p.colour, p.senate) for p in v.players))),
    (board.province_map, lambda v: (v.board.provinces,
                                    tuple((p.colour, p.leader, p.legionnaires) for p in v.players))),
    (board.district, lambda v: v.board.district),
    (board.forum, lambda v: (v.board.forum, v.board.forum_extra)),
    (board.ships, lambda v: v.board.ships),
    (board.stacks, lambda v: v.board.trajan_stacks),
    (board.demands_and_piles, lambda v: (v.board.demands, v.piles, v.board.discard1, v.board.discard2)),
    (board.legend, lambda v: ()),
)


def board_parts(view: GameView) -> list[str]:
    """The board's SVG document (no XML declaration) cut into its top-level parts (the
    opening, each part of the board, each mat, the closing): their concatenation is the
    document.  The replay page stores each distinct part once."""
    parts = [_opening(view)]
    for draw_part, key in _PARTS:
        parts.append(_part(draw_part.__name__, key(view), functools.partial(draw_part, view)))
    for p in view.players:
        x, own = mats.mat_x(view, p.colour), p.hand is not None
        parts.append(_part("mat", (p, x, own), functools.partial(mats.mat, p, x, layout.MATS[1], own)))
    parts.append("</svg>\n")
    return parts


def _opening(view: GameView) -> str:
    """The ``<svg>`` element's start tag and the paper under the board."""
    w, h = layout.CANVAS
    d = draw.Drawing(w, h, id="board", class_="trajan-board", data_decision=str(view.decision),
                     data_viewer=view.viewer or "public", font_family=layout.FONT)
    d.append(draw.Rectangle(0, 0, w, h, fill=layout.PAPER))
    svg = str(d.as_svg(header=""))
    return svg[:svg.rindex("</svg>")]


_CACHE: dict[tuple[str, object], str] = {}
_CACHE_SIZE = 2048


def _part(name: str, key: object, drawn: Callable[[], draw.Group]) -> str:
    """The SVG text of one part, drawn once per distinct ``key`` (the slice of the view the
    part reads); the cache is cleared when full."""
    try:
        return _CACHE[(name, key)]
    except KeyError:
        pass
    d = draw.Drawing(1, 1)
    d.append(drawn())
    svg = str(d.as_svg(header=""))
    text = svg[svg.index("</defs>\n") + 8:svg.rindex("</svg>")]
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[(name, key)] = text
    return text


def board_svg(view: GameView) -> str:
    """The board as ``view``'s viewer sees it: one standalone SVG document."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + "".join(board_parts(view))


def png_converter() -> str | None:
    """The headless browser that turns the SVG into PNG, if one is installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def board_png(view: GameView, scale: float = 1.0) -> bytes | None:
    """The board as PNG (headless Chromium), or ``None`` where no converter is installed."""
    return svg_png(board_svg(view), scale)


def svg_png(svg: str, scale: float = 1.0, small: bool = False) -> bytes | None:
    """A board's SVG document as PNG (headless Chromium), or ``None`` where no converter is
    installed; with ``small``, made smaller (a palette of few colours) where Pillow is."""
    browser = png_converter()
    if browser is None:
        return None
    w, h = layout.CANVAS
    with tempfile.TemporaryDirectory() as tmp:
        page, shot = Path(tmp) / "board.html", Path(tmp) / "board.png"
        page.write_text("<!doctype html><html><body style='margin:0'>" + svg.split("?>", 1)[-1]
                        + "</body></html>", encoding="utf-8")
        subprocess.run(
            [browser, *HEADLESS_ARGS, f"--user-data-dir={tmp}/profile", f"--screenshot={shot}",
             f"--window-size={w},{h}", f"--force-device-scale-factor={scale}",
             page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )
        png = shot.read_bytes()
    return _small(png) if small else png


# The colours of a small PNG: the board has few (median cut keeps them, without dithering,
# which would cost more than it shows); measured in issue 27: about a third of the bytes.
SMALL_COLOURS = 40


def _small(png: bytes) -> bytes:
    """The PNG with a palette of :data:`SMALL_COLOURS` colours, if Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return png
    import io

    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.quantize(SMALL_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True)
    return out.getvalue() if out.tell() < len(png) else png


HEADLESS_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars",
)
