"""What the page offers for each kind of decision, worked out when the page is made.

Everything comes from the player's legal options (:func:`adjudicator.game.options.options`)
and the engine's own checks, on the game as the player sees it:

* a turn: each tray that may be emptied (its markers, target tray, time after, the
  Trajan tile there), and for each way the sowing can end (the Trajan tile accomplished
  or not) the graph of legal steps from there (:mod:`.graph`); which way a sowing ends is
  the one rule the page applies itself (sowing clockwise, matching the tile's colours);
* a paused turn: the graph of legal steps from the point where it paused;
* the initial markers: the page counts the markers left (2 of each colour, 2 a tray);
* the starting cards, the starting Trajan tiles, the people's demands and the consul's
  bonus tile: a tree of choices whose every complete path is a legal answer (every
  answer the options list, each filtered by the engine's check), with the answer's
  canonical text at the end of each path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any

from adjudicator.components import components
from adjudicator.compose import graph, words
from adjudicator.game import options as opts
from adjudicator.model.events import TrajanTileAccomplished
from adjudicator.model.orders import ChooseTrajanTiles, MeetDemandsAnswer, Sow, StartingTiles, TakeCards
from adjudicator.model.state import GameState
from adjudicator.model.vocab import ACTIONS, SLOT_OF, PlayerColour
from adjudicator.notation.text import answer_lines
from adjudicator.rules import setup
from adjudicator.rules.ops import Changes, clockwise_from, player, slot_tile, tray
from adjudicator.rules.turn import apply_step


def decision_data(seen: GameState, colour: PlayerColour, found: opts.Options,
                  limit: int = graph.LIMIT) -> dict[str, Any]:
    """The page's data for ``found`` (the player's options on the game they see)."""
    if isinstance(found, opts.TurnOptions):
        return _turn(seen, colour, found, limit)
    if isinstance(found, opts.ContinueOptions):
        assert seen.turn is not None
        end = graph.ENDS if found.may_end else graph.MAY_NOT_END
        g, roots = graph.explore([(seen, seen.turn, end)], limit)
        return {"graph": g.to_json(), "root": roots[0], "cut": g.cut, "explored": g.explored}
    if isinstance(found, opts.MarkersOptions):
        return {"colours": list(found.colours), "per_colour": components().board.markers_per_colour,
                "per_tray": found.markers_per_tray, "trays": list(ACTIONS)}
    if isinstance(found, opts.CardsOptions):
        n = found.cards_left
        return _choices("take", _card_paths(seen, colour, n),
                        [f"Card {i} of up to {n}: where do you take it from?" for i in range(1, n + 1)],
                        "You may send the order now and take the other card(s) in your next order, "
                        "or take the next one now.")
    if isinstance(found, opts.TrajanOptions):
        return _choices("tiles", _trajan_paths(seen, colour, found),
                        [f"Slot {r} ({a}): the top tile of which stack?"
                         for r, a in (("II", "forum"), ("IV", "senate"), ("VI", "construction"))])
    if isinstance(found, opts.DemandsOptions):
        demands = seen.board.demands
        return _choices("demands", [_demand_path(seen, colour, a) for a in found.answers],
                        [f"Demand {i} of {len(demands)} ({d}): how do you meet it?"
                         for i, d in enumerate(demands, start=1)])
    assert isinstance(found, opts.ConsulOptions)
    return _choices("bonus", [([(words.bonus_tile(a.tile), a.tile)], answer_lines(a)) for a in found.answers],
                    ["Which bonus tile do you take?"])


# --- A turn ---------------------------------------------------------------------------------


def _turn(seen: GameState, colour: PlayerColour, found: opts.TurnOptions, limit: int) -> dict[str, Any]:
    p = player(seen, colour)
    roots, cases = [], []
    for t in found.trays:
        for accomplished in (True, False):
            sow = _sowing(seen, colour, t, accomplished)
            if sow is None:
                continue
            ch = Changes(seen)
            progress = apply_step(ch, colour, None, sow)
            done = any(isinstance(e, TrajanTileAccomplished) for e in ch.events)
            assert done == accomplished, (sow, accomplished)
            roots.append((ch.state, progress, graph.ENDS))
            cases.append((t.tray, accomplished))
    g, nodes = graph.explore(roots, limit)
    by_tray: dict[str, dict[str, int]] = {}
    for (tray_name, accomplished), node in zip(cases, nodes, strict=True):
        by_tray.setdefault(tray_name, {})["yes" if accomplished else "no"] = node
    circle = [{"tray": a, "slot": SLOT_OF[a], "markers": list(tray(p, a)), "tile": _tile(slot_tile(p, a))}
              for a in ACTIONS]
    trays = [{"tray": t.tray, "target": t.target, "time": t.time_after, "round_ends": t.round_ends,
              "accomplishable": t.accomplishable, **by_tray[t.tray]} for t in found.trays]
    extras = [e.action or "wild" for e in found.extra_tiles]
    return {"circle": circle, "trays": trays, "extras": extras, "graph": g.to_json(), "cut": g.cut,
            "explored": g.explored}


def _tile(tile_id: str | None) -> dict[str, Any] | None:
    if tile_id is None:
        return None
    return {"id": tile_id, "colours": list(components().trajan_tile[tile_id].colours),
            "words": words.trajan_tile_with_effect(tile_id)}


def _sowing(seen: GameState, colour: PlayerColour, t: opts.TrayOption, accomplished: bool) -> Sow | None:
    """A sowing of the tray that accomplishes the Trajan tile at its target (or does not),
    if there is one: the options' own sowing, or one that puts other colours where the
    tile's would land."""
    if accomplished:
        return t.sow if t.accomplishable else None
    if t.trajan_tile is None or not t.accomplishable:
        return t.sow
    p = player(seen, colour)
    landing = [i for i in range(len(t.markers)) if clockwise_from(t.tray, i + 1) == t.target]
    there = Counter(() if t.target == t.tray else tray(p, t.target))
    need = Counter(components().trajan_tile[t.trajan_tile].colours)
    for chosen in combinations(range(len(t.markers)), len(landing)):
        if need - (there + Counter(t.markers[i] for i in chosen)):
            rest = [m for i, m in enumerate(t.markers) if i not in chosen]
            order = list(rest)
            for at, i in zip(landing, chosen, strict=True):
                order.insert(at, t.markers[i])
            return Sow(tray=t.tray, markers=tuple(order))
    return None


# --- Answers chosen part by part ---------------------------------------------------------------

Path = tuple[list[tuple[str, str]], list[str]]  # (label, text) of each choice; the answer's lines


def _choices(word: str, paths: Sequence[Path], questions: list[str], more: str = "") -> dict[str, Any]:
    """A tree of choices: node ``[complete, [[label, text, child]...]]``; a complete node's
    path is a legal answer, written ``word`` and the texts of its choices; ``questions``:
    what is asked at each depth; ``more``: what a complete answer that may go on means."""
    nodes: list[list[Any]] = [[False, []]]
    for path, lines in paths:
        at = 0
        for label, text in path:
            edges = nodes[at][1]
            found = next((e for e in edges if e[1] == text), None)
            if found is None:
                found = [label, text, len(nodes)]
                nodes.append([False, []])
                edges.append(found)
            at = found[2]
        nodes[at][0] = True
        assert lines == [" ".join([word, *(text for _, text in path)])], (lines, path)
    return {"word": word, "nodes": nodes, "questions": questions, "more": more}


def _card_paths(seen: GameState, colour: PlayerColour, left: int) -> list[Path]:
    """Every legal way of taking 1 to ``left`` starting cards, one at a time."""
    out: list[Path] = []
    sources = ("deck", "discard1", "discard2")

    def walk(taken: tuple[str, ...], labels: list[tuple[str, str]]) -> None:
        for source in sources:
            answer = TakeCards(take=(*taken, source))  # type: ignore[arg-type]
            if setup.check_cards(seen, colour, answer, "$"):
                continue
            label = _take_label(seen, colour, taken, source)
            path = [*labels, (label, source)]
            out.append((path, answer_lines(answer)))
            if len(answer.take) < left:
                walk(answer.take, path)

    walk((), [])
    return out


def _take_label(seen: GameState, colour: PlayerColour, taken: tuple[str, ...], source: str) -> str:
    """The card a take gets, where the player can see it (after the takes before it)."""
    state = setup.apply_cards(seen, colour, TakeCards(take=taken)).state if taken else seen  # type: ignore[arg-type]
    if source == "deck":
        return "Take the top card of the face-down pile (unseen)"
    top = getattr(state.board, source)[0]
    seen_top = top if top != "unseen" else "a card you have not seen (refilled from the face-down pile)"
    return f"Take {seen_top} from {words.PILES[source]}"


def _trajan_paths(seen: GameState, colour: PlayerColour, found: opts.TrajanOptions) -> list[Path]:
    tops = {s.stack: s.top for s in found.stacks}
    out: list[Path] = []
    for a in _legal_tiles(seen, colour, found):
        chosen = (a.slots.II, a.slots.IV, a.slots.VI)
        path = [(f"{stack}: {words.trajan_tile(tops[stack])}: {words.special_effect(tops[stack])}",
                 f"{roman} {stack}") for roman, stack in zip(("II", "IV", "VI"), chosen, strict=True)]
        out.append((path, answer_lines(a)))
    return out


def _legal_tiles(seen: GameState, colour: PlayerColour, found: opts.TrajanOptions) -> list[ChooseTrajanTiles]:
    """Every answer ``check_trajan`` accepts: 3 of the stacks on offer, in slot order."""
    answers = (ChooseTrajanTiles(slots=StartingTiles(II=a, IV=b, VI=c))
               for a, b, c in permutations([s.stack for s in found.stacks], 3))
    return [a for a in answers if not setup.check_trajan(seen, colour, a, "$")]


_USE = {"forum": "with your {demand} forum tile", "wild": "with a demand wild card (wild-demand)",
        "trajan": "with your Trajan {demand} tile", "unmet": "leave it unmet (you lose victory points)"}


def _demand_path(seen: GameState, colour: PlayerColour, answer: MeetDemandsAnswer) -> Path:
    demands = seen.board.demands
    path = [(f"{demand.capitalize()} demand: " + _USE[use].format(demand=demand), str(use))
            for demand, use in zip(demands, answer.use, strict=True)]
    return path, answer_lines(answer)

