"""A player's mat: the action circle (six trays with their markers, the Trajan tiles in the
slots, the Arch), the camps and supply, and every tile and card the player holds in the
open.  The hand is drawn only when the view shows it (the viewer's own)."""

from __future__ import annotations

import math

import drawsvg as draw

from adjudicator.drawing import layout as L
from adjudicator.drawing.board import forum_fill, trajan_tile
from adjudicator.drawing.pieces import chips, group, marker, r1, short, text
from adjudicator.model.vocab import ACTIONS, SLOT_OF, Action, PlayerColour
from adjudicator.views.view import GameView, PlayerView


def mat_x(v: GameView, colour: PlayerColour) -> float:
    """The left edge of ``colour``'s mat: mats stand in seat order."""
    return L.MATS[0] + v.seats.index(colour) * (L.MAT_SIZE[0] + L.MAT_GAP)


def mat(p: PlayerView, x: float, y: float, own: bool) -> draw.Group:
    w, h = L.MAT_SIZE
    fill = L.PLAYER_FILL[p.colour]
    g = group("mat", f"{p.colour}'s mat", player=p.colour)
    g.append(draw.Rectangle(x, y, w, h, rx=8, fill=L.PANEL, stroke=fill, stroke_width=4))
    g.append(draw.Rectangle(x, y, w, 22, rx=8, fill=fill))
    g.append(text(x + 10, y + 16, f"{p.colour} · {p.vp} VP · senate {p.senate}"
                  + (" · your mat" if own else ""), 13, weight="bold", fill="#ffffff"))
    for action in ACTIONS:
        g.append(_tray(p, action, x, y))
    if p.arch is None:
        cx, cy = x + L.CIRCLE_CENTRE[0], y + L.CIRCLE_CENTRE[1]
        g.append(_arch(cx - 22, cy - 14, 44, 28, "centre"))
    _rows(g, p, x + 10, y + L.MAT_ROWS[0], w - 20)
    return g


def _tray(p: PlayerView, action: Action, x: float, y: float) -> draw.Group:
    a = math.radians(L.TRAY_ANGLE[action])
    cx, cy = x + L.CIRCLE_CENTRE[0], y + L.CIRCLE_CENTRE[1]
    tx, ty = cx + L.TRAY_RING * math.cos(a), cy + L.TRAY_RING * math.sin(a)
    markers = getattr(p.trays, action)
    g = group("tray", f"{p.colour}'s {action} tray: {len(markers)} marker(s)", action=action,
              count=str(len(markers)))
    g.append(draw.Circle(r1(tx), r1(ty), L.TRAY_RADIUS, fill="#ffffff", stroke=L.INK))
    g.append(text(tx, ty - L.TRAY_RADIUS + 10, f"{SLOT_OF[action]} {short(action)}", 8.5, anchor="middle",
                  weight="bold"))
    per_row = 4
    for i, colour in enumerate(markers):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(markers) - row * per_row)
        g.append(marker(colour, tx + (col - (in_row - 1) / 2) * 15, ty - 6 + row * 15, 7))
    sw, sh = L.SLOT_SIZE
    sx, sy = r1(cx + L.SLOT_RING[0] * math.cos(a) - sw / 2), r1(cy + L.SLOT_RING[1] * math.sin(a) - sh / 2)
    tile_id = getattr(p.slots, action)
    slot = group("slot", f"slot {SLOT_OF[action]}", action=action, slot=SLOT_OF[action])
    if p.arch == action:
        slot.append(_arch(sx, sy, sw, sh, action))
    elif tile_id is not None:
        slot.append(trajan_tile(tile_id, sx, sy, sw + 8, sh))
    else:
        slot.append(draw.Rectangle(sx, sy, sw, sh, rx=4, fill="none", stroke="#999999",
                                   stroke_dasharray="4,3"))
        slot.append(text(sx + sw / 2, sy + sh / 2 + 3, f"slot {SLOT_OF[action]} free", 8, anchor="middle",
                         fill="#777777"))
    g.append(slot)
    return g


def _arch(x: float, y: float, w: float, h: float, where: str) -> draw.Group:
    g = group("arch", f"the Arch of Trajan ({where})", at=where)
    p = draw.Path(fill="#b08d57", stroke=L.INK)
    p.M(x, y + h).L(x, y + h / 3).Q(x + w / 2, y - h / 3, x + w, y + h / 3).L(x + w, y + h).Z()
    g.append(p)
    g.append(text(x + w / 2, y + h - 6, "Arch", 9, anchor="middle", weight="bold"))
    return g


def _rows(g: draw.Group, p: PlayerView, x: float, y: float, width: float) -> None:
    step = L.MAT_ROWS[1]
    pieces = group("camps", None, player=p.colour)
    pieces.append(text(x, y + 4, f"supply {p.supply} · worker camp {p.worker_camp} · "
                                 f"military camp {p.military_camp} · leader: {short(p.leader)}", 10))
    g.append(pieces)
    y += step - 6
    rows: list[tuple[str, list[tuple[str, str, str, str]]]] = [
        (f"hand ({p.hand_count})", [(c, L.TILE_FILL["card"], "hand-card", f"card {c} in hand")
                                         for c in (p.hand or ())]),
        ("display", [(c, L.TILE_FILL["card"], "display-card", f"card {c} in the display")
                     for c in p.display]),
        ("forum", [(short(t), forum_fill(t), "owned-forum-tile", f"forum tile {t}") for t in p.forum_tiles]),
        ("extra/+2", [(f"x {short(a)}", L.TILE_FILL["extra"], "owned-extra-tile", f"extra action tile {a}")
                      for a in p.extra_tiles]
         + [(f"+2 {short(a)}", L.TILE_FILL["wild"], "plus2", f"[+2] marker on {a}") for a in p.plus2]),
        ("built", [(t, L.TILE_FILL["construction"], "owned-construction-tile", f"construction tile {t}")
                   for t in p.construction_tiles]),
        ("demand", [(t, L.TILE_FILL["trajan"], "owned-trajan-demand", f"Trajan demand tile {t}")
                    for t in p.trajan_demand_tiles]),
        ("bonus", [(f"{short(b.tile)} ({b.side[0]})",
                    L.TILE_FILL["bonus" if b.side == "yellow" else "bonus-grey"],
                    "owned-bonus-tile", f"bonus tile {b.tile}, {b.side} side") for b in p.bonus_tiles]),
    ]
    for label, items in rows:
        g.append(text(x, y + 12, label, 9, weight="bold"))
        if not items:
            g.append(text(x + 62, y + 12, "none", 9, fill="#777777"))
        drawn, bottom = chips(x + 62, y, width - 62, items)
        g.extend(drawn)
        y = max(bottom, y + 18) + 4
    legions = group("legion-list", None, player=p.colour)
    where = ", ".join(short(q) for q in p.legionnaires) or "none"
    legions.append(text(x, y + 12, f"legionnaires in: {where}", 9))
    g.append(legions)
