"""The shared board: header, time track, scores, senate, province map, district, forum,
ships, Trajan stacks, demand tiles and the face-down piles (as counts), drawn from a view."""

from __future__ import annotations

import math

import drawsvg as draw

from adjudicator.components import components
from adjudicator.drawing import layout as L
from adjudicator.drawing.pieces import empty_space, group, marker, player_piece, r1, short, text, tile
from adjudicator.game.engine import deciders
from adjudicator.model.state import GameOver, kind_of
from adjudicator.model.vocab import PROVINCES, SHIPS, TRAJAN_CATEGORIES, LeaderPlace, Province
from adjudicator.views.view import GameView


def round_of(v: GameView) -> int:
    """The round of the quarter: one demand tile is revealed after each of rounds 1-3."""
    return len(v.board.demands) + 1


def header(v: GameView) -> draw.Group:
    x, y = L.HEADER
    if isinstance(v.pending, GameOver):
        pending = "game over; ranking " + ", ".join(v.pending.ranking)
    else:
        pending = f"{kind_of(v.pending)}: " + ", ".join(deciders(v.pending))
    who = f"view of {v.viewer}" if v.viewer else "public view"
    g = group("header", None, decision=str(v.decision))
    g.append(text(x, y, f"Trajan · {v.game_id} · quarter {v.quarter}, round {round_of(v)} · "
                        f"decision {v.decision}: {pending} · {who}", 15, weight="bold"))
    if v.seed is not None:
        g.append(text(x + 980, y - 16, f"seed (game over): {v.seed}", 9, cls="seed"))
    if v.turn is not None:
        t = v.turn
        open_ = [f"{o.action} ({o.source})" for o in t.queue]
        g.append(text(x, y + 16, f"turn in progress: {t.player}, target tray {t.target}"
                      + (f"; may still perform {', '.join(open_)}" if open_ else "")
                      + ("; must discard a card" if t.discard_due else ""), 10, cls="turn-progress"))
    return g


def time_track(v: GameView) -> draw.Group:
    cx, cy = L.TIME_CENTRE
    lap = components().lap.get(len(v.seats), 21)
    g = group("time-track", f"time track: space {v.board.time} of {lap}", lap=str(lap))
    g.append(draw.Circle(cx, cy, L.TIME_RADIUS + 12, fill=L.PANEL, stroke=L.INK))
    for i in range(lap):
        a = -math.pi / 2 + 2 * math.pi * i / lap
        x, y = cx + L.TIME_RADIUS * math.cos(a), cy + L.TIME_RADIUS * math.sin(a)
        here = i == v.board.time
        g.append(draw.Circle(r1(x), r1(y), 10, fill="#F0E442" if here else L.EMPTY, stroke=L.INK,
                             stroke_width=2.5 if here else 0.8, data_space=str(i),
                             class_="time-space" + (" current" if here else "")))
        g.append(text(x, y + 3.5, "S" if i == 0 else str(i), 9, anchor="middle",
                      weight="bold" if here else "normal"))
    m = group("time-marker", f"time marker on space {v.board.time}", space=str(v.board.time))
    a = -math.pi / 2 + 2 * math.pi * v.board.time / lap
    r = L.TIME_RADIUS - 22
    m.append(draw.Line(cx, cy, r1(cx + r * math.cos(a)), r1(cy + r * math.sin(a)),
                       stroke=L.INK, stroke_width=3))
    g.append(m)
    rnd = group("round", None, quarter=str(v.quarter), round=str(round_of(v)))
    rnd.append(text(cx, cy - 6, f"quarter {v.quarter}", 13, anchor="middle", weight="bold"))
    rnd.append(text(cx, cy + 12, f"round {round_of(v)}", 13, anchor="middle", weight="bold"))
    g.append(rnd)
    return g


def scores(v: GameView) -> draw.Group:
    x, y = L.SCORES
    g = group("scores")
    g.append(text(x, y, "Victory points", 12, weight="bold"))
    ranked = sorted(v.players, key=lambda p: v.seats.index(p.colour))
    for i, p in enumerate(ranked):
        row = group("score", f"{p.colour}: {p.vp} VP", player=p.colour, vp=str(p.vp))
        row.append(player_piece("disc", p.colour, x + 10, y + 20 + i * 24, 9))
        row.append(text(x + 26, y + 24 + i * 24, f"{p.colour}: {p.vp} VP"
                        + ("  (start player)" if p.colour == v.start_player else ""), 11))
        g.append(row)
    return g


def senate(v: GameView) -> draw.Group:
    x, y = L.SENATE
    track = components().board.senate_track
    g = group("senate")
    g.append(text(x, y - 8, "Senate (bottom of each stack first)", 12, weight="bold"))
    order = {c: i for i, c in enumerate(v.board.senate_stack)}
    for i, value in enumerate(track):
        sx = x + i * L.SENATE_SPACE
        space = group("senate-space", None, space=str(value))
        space.append(draw.Rectangle(sx, y, L.SENATE_SPACE - 2, 110, fill=L.PANEL, stroke=L.INK,
                                    stroke_width=0.6))
        space.append(text(sx + 13, y + 104, "start" if value == 0 else str(value), 8 if value == 0 else 11,
                          anchor="middle", weight="bold"))
        here = sorted((p for p in v.players if p.senate == value), key=lambda p: order.get(p.colour, -1))
        for j, p in enumerate(here):
            space.append(player_piece("senate-disc", p.colour, sx + 13, y + 80 - j * 20, 9))
        g.append(space)
    bx, by = L.SENATE_BONUS
    g.append(text(bx, by - 4, "Bonus tiles beside the senate", 10))
    for i, b in enumerate(v.board.senate_bonus):
        g.append(tile(bx + i * 104, by, 100, 22, short(b), L.TILE_FILL["bonus"], "senate-bonus",
                      f"bonus tile {b}", tile=b))
    return g


def province_map(v: GameView) -> draw.Group:
    c = components()
    x, y, w, h = L.MAP_BOX
    g = group("map")
    g.append(draw.Rectangle(x, y, w, h, rx=8, fill="#e3eef3", stroke=L.INK, stroke_width=0.6))
    g.append(text(x, y - 6, "Provinces (dashed: by sea; dotted: from the camp)", 12, weight="bold"))
    seen: set[frozenset[str]] = set()
    places: list[tuple[LeaderPlace, tuple[Province, ...]]] = [
        ("camp", c.board.military_camp.adjacent), *((p, c.province[p].adjacent) for p in PROVINCES)]
    for place, adjacent in places:
        for other in adjacent:
            edge = frozenset((place, other))
            if edge in seen:
                continue
            seen.add(edge)
            (x1, y1), (x2, y2) = L.PLACE_POS[place], L.PLACE_POS[other]
            dash = "3,4" if place == "camp" else "8,5" if "britannia" in edge else None
            attrs = {"stroke_dasharray": dash} if dash else {}
            g.append(draw.Line(x1, y1, x2, y2, stroke="#8a6d3b", stroke_width=2.5, class_="adjacency",
                               data_from=place, data_to=other, **attrs))
    everywhere: tuple[LeaderPlace, ...] = ("camp", *PROVINCES)
    for place in everywhere:
        g.append(_province(v, place))
    return g


def _province(v: GameView, place: LeaderPlace) -> draw.Group:
    cx, cy = L.PLACE_POS[place]
    w, h = L.PROVINCE_SIZE
    x, y = cx - w / 2, cy - h / 2
    camp = place == "camp"
    name = "Military camp (Italia)" if camp else components().province[place].name  # type: ignore[index]
    g = group("province" if not camp else "camp", name, place=place)
    g.append(draw.Rectangle(x, y, w, h, rx=6, fill="#f4e6c4" if camp else "#dcebd0", stroke=L.INK))
    label = "Military camp" if camp else L.SHORT.get(place, name)
    vp = "" if camp else f"  {components().province[place].vp} VP"  # type: ignore[index]
    g.append(text(x + 5, y + 12, label + vp, 9.5, weight="bold"))
    if not camp:
        here = next((p.tile for p in v.board.provinces if p.province == place), None)
        if here is not None:
            g.append(tile(x + 5, y + 17, 74, 16, short(here), forum_fill(here), "province-tile",
                          f"forum tile {here} in {name}", size=8.5, tile=here))
    leaders = [p.colour for p in v.players if p.leader == place]
    legions = [p.colour for p in v.players if place in p.legionnaires]
    for i, colour in enumerate(leaders):
        g.append(player_piece("leader", colour, x + 13 + i * 26, y + h - 13, 9))
    for i, colour in enumerate(legions):
        g.append(player_piece("legionnaire", colour, x + w - 12 - i * 22, y + 25, 8))
    return g


def forum_fill(kind: str) -> str:
    family = kind.split("-")[0]
    if family in ("bread", "games", "religion"):
        return L.TILE_FILL["demand"]
    return L.TILE_FILL.get(family, L.TILE_FILL["card"])


def district(v: GameView) -> draw.Group:
    c = components()
    x0, y0 = L.DISTRICT
    w, h = L.SITE_SIZE
    g = group("district")
    g.append(text(x0, y0 - 10, "Construction district (tiles left; workers on built sites)", 12,
                  weight="bold"))
    sites = {s.site: s for s in v.board.district}
    for r, row in enumerate(c.board.district.rows):
        for col_i, col in enumerate(c.board.district.columns):
            name = f"{col}{row}"
            site = sites.get(name)  # type: ignore[call-overload]
            x, y = x0 + col_i * (w + 4), y0 + r * (h + 4)
            cell = group("site", f"site {name}", site=name)
            cell.append(draw.Rectangle(x, y, w, h, fill=L.PANEL, stroke=L.INK, stroke_width=0.8))
            cell.append(text(x + 4, y + 11, name, 9, fill="#666666"))
            if site is not None and site.tile is not None:
                cell.append(tile(x + 6, y + 16, w - 12, 22, site.tile, L.TILE_FILL["construction"],
                                 "construction-tile", f"construction tile {site.tile}", tile=site.tile))
            for i, colour in enumerate(site.workers if site else ()):
                wx, wy = x + 14 + (i % 4) * 20, y + h - 14 - (i // 4) * 20
                cell.append(player_piece("worker", colour, wx, wy, 8))
            g.append(cell)
    return g


def forum(v: GameView) -> draw.Group:
    x, y = L.FORUM
    w, h = L.FORUM_TILE
    g = group("forum")
    g.append(text(x, y - 8, "Forum: tiles on offer, then the 3 extra action spaces", 12, weight="bold"))
    for i, kind in enumerate(v.board.forum):
        tx = x + i * (w + 4)
        if kind is None:
            g.append(empty_space(tx, y, w, h, "forum-space"))
        else:
            g.append(tile(tx, y, w, h, short(kind), forum_fill(kind), "forum-tile", f"forum tile {kind}",
                          size=9, tile=kind))
    ex = x + len(v.board.forum) * (w + 4) + 16
    for i, action in enumerate(v.board.forum_extra):
        tx = ex + i * (w + 4)
        if action is None:
            g.append(empty_space(tx, y, w, h, "extra-space"))
        else:
            g.append(tile(tx, y, w, h, f"x {short(action)}", L.TILE_FILL["extra"], "extra-tile",
                          f"extra action tile {action}", size=9, tile=action))
    return g


def ships(v: GameView) -> draw.Group:
    x, y = L.SHIPS
    w, h = L.SHIP_SIZE
    g = group("ships")
    g.append(text(x, y - 8, "Ships (side up; points for 1, 2, 3, 4)", 12, weight="bold"))
    for i, ship in enumerate(SHIPS):
        side = getattr(v.board.ships, ship)
        data = components().ship[ship]
        values = "/".join(str(n) for n in (data.coloured if side == "coloured" else data.grey))
        t = tile(x + i * (w + 6), y, w, h, f"{ship} · {side}", L.TILE_FILL[f"ship-{side}"],
                 "ship", f"{data.name} ship, {side} side up: {values} VP", size=9.5, ship=ship, side=side)
        t.append(text(x + i * (w + 6) + w / 2, y + h - 4, values + " VP", 8, anchor="middle"))
        g.append(t)
    return g


def stacks(v: GameView) -> draw.Group:
    x, y = L.STACKS
    w, h = L.STACK_SIZE
    g = group("trajan-stacks")
    g.append(text(x, y - 6, "Trajan tile stacks (face-up top; tiles left)", 12, weight="bold"))
    for i, cat in enumerate(TRAJAN_CATEGORIES):
        stack = getattr(v.board.trajan_stacks, cat)
        left = stack.below + (stack.top is not None)
        sx = x + i * (w + 6)
        s = group("trajan-stack", f"{cat} stack: {left} tile(s)", category=cat, left=str(left))
        s.append(draw.Rectangle(sx, y, w, h, rx=5, fill=L.PANEL, stroke=L.INK, stroke_width=0.6))
        s.append(text(sx + 4, y + 11, f"{short(cat)} · {left} left", 9))
        if stack.top is not None:
            s.append(trajan_tile(stack.top, sx + 8, y + 16, w - 16, 36))
        g.append(s)
    return g


def trajan_tile(tile_id: str, x: float, y: float, w: float, h: float) -> draw.Group:
    """A Trajan tile: its two marker colours (labelled) and its category and VP."""
    data = components().trajan_tile.get(tile_id)
    g = group("tile trajan-tile", tile_id if data is None else
              f"Trajan tile {tile_id}: {'+'.join(data.colours)}, {data.category}, {data.vp} VP", tile=tile_id)
    g.append(draw.Rectangle(x, y, w, h, rx=4, fill=L.TILE_FILL["trajan"], stroke=L.INK))
    if data is None:
        g.append(text(x + w / 2, y + h / 2 + 3, tile_id, 8, anchor="middle"))
        return g
    for i, colour in enumerate(data.colours):
        g.append(marker(colour, x + 10 + i * 16, y + h / 2, 6.5, "tile-colour"))
    g.append(text(x + 40, y + h / 2 - 2, short(data.category), 8))
    g.append(text(x + 40, y + h / 2 + 9, f"{data.vp} VP", 8.5, weight="bold"))
    return g


def demands_and_piles(v: GameView) -> draw.Group:
    x, y = L.DEMANDS
    g = group("demands")
    g.append(text(x, y - 6, "Demand tiles revealed this quarter", 12, weight="bold"))
    for i in range(components().board.rounds_per_quarter - 1):
        tx = x + i * 76
        if i < len(v.board.demands):
            demand = v.board.demands[i]
            g.append(tile(tx, y + 4, 72, 30, demand, L.TILE_FILL["demand"], "demand-tile",
                          f"demand tile {demand}", tile=demand))
        else:
            g.append(empty_space(tx, y + 4, 72, 30, "demand-space", "face down"))
    px, py = L.PILES
    p = v.piles
    piles = group("piles")
    lines = [f"Face down: {p.deck} cards, {p.forum} forum, {p.extra} extra action tiles",
             f"{p.demand} demand (+{p.demand_removed} removed unseen), {p.bonus_bag} bonus in the bag"]
    for name, pile in (("discard 1", v.board.discard1), ("discard 2", v.board.discard2)):
        lines.append(f"{name}: {pile[0] if pile else 'empty'} on top, {len(pile)} card(s)")
    for i, line in enumerate(lines):
        piles.append(text(px, py + 14 + i * 15, line, 10))
    both = group("demands-and-piles")
    both.extend([g, piles])
    return both


def legend(v: GameView) -> draw.Group:
    """What each shape means (the same for every view)."""
    x, y = L.LEGEND
    g = group("legend")
    g.append(text(x, y, "Legend", 11, weight="bold"))
    rows = [
        (player_piece("leader", "red", x + 10, y + 16, 8), "leader (Re = red ...)"),
        (player_piece("legionnaire", "green", x + 10, y + 36, 7), "legionnaire"),
        (player_piece("worker", "blue", x + 10, y + 56, 7), "worker"),
        (marker("yellow", x + 10, y + 76, 7), "action marker (Y = yellow)"),
    ]
    for i, (piece, meaning) in enumerate(rows):
        g.append(piece)
        g.append(text(x + 24, y + 20 + i * 20, meaning, 9.5))
    return g
