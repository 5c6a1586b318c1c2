"""What a step or an answer does, in the words a player uses (second person, present).

A step is described from the events the engine announces when it is applied on the game
as the player sees it (:mod:`adjudicator.rules.seen`): what is taken, drawn or placed,
the victory points it brings and the actions it gives up, exactly as the rules work it
out; nothing is worked out here.  A card the player has not seen is only counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.components import DeployLegionnaires, DeployWorkers, DrawCards, MeetDemand, Plus2, components
from adjudicator.model import events as ev
from adjudicator.model.orders import (
    ConstructionBuild,
    ConstructionHire,
    Discard,
    Extra,
    ForumTake,
    MilitaryDeploy,
    MilitaryMove,
    MilitaryRecruit,
    SeaportDisplay,
    SeaportDraw,
    SeaportShip,
    SeaportTake,
    SenateAdvance,
    Step,
    TrajanSpecial,
    TrajanTake,
)
from adjudicator.model.state import Opportunity
from adjudicator.model.vocab import SLOT_OF, Action
from adjudicator.rendering.tiles import trajan_tile_text
from adjudicator.rules.seen import UNSEEN

PILES = {"deck": "the face-down pile", "discard1": "discard pile 1", "discard2": "discard pile 2"}


def trajan_tile(tile_id: str) -> str:
    """``Trajan tile workers-4 (green+orange, workers, 5 VP)``."""
    return f"Trajan tile {trajan_tile_text(tile_id)}"


def trajan_tile_with_effect(tile_id: str) -> str:
    """``Trajan tile cards-3 (yellow+yellow, cards, 3 VP; special action: draw 2 cards ...)``."""
    effect = special_effect(tile_id)
    said = "no special action" if effect == "no special action" else f"special action: {effect}"
    return f"{trajan_tile(tile_id)[:-1]}; {said})"


def special_effect(tile_id: str) -> str:
    """What the special action of a Trajan tile does."""
    effect = components().trajan_tile[tile_id].effect
    if isinstance(effect, DrawCards):
        return f"draw {effect.count} cards from the face-down pile"
    if isinstance(effect, DeployWorkers):
        return f"move {_tokens(effect.count)} from your supply to the worker camp"
    if isinstance(effect, DeployLegionnaires):
        return f"move {_tokens(effect.count)} from your supply to the military camp"
    if isinstance(effect, Plus2):
        return "put a [+2] marker on an action"
    if isinstance(effect, MeetDemand):
        return f"it meets a {effect.demand} demand at the end of each quarter"
    return "no special action"


def _tokens(n: int) -> str:
    return "1 token" if n == 1 else f"{n} tokens"


def forum_tile(kind: str) -> str:
    """A forum tile by what it is for: ``senate-3 (3 votes in the senate)``."""
    data = components().forum_tile.get(kind)  # type: ignore[call-overload]
    if data is None:
        return kind
    what = {"senate": f"{data.votes} votes in the senate", "demand": f"meets a {data.demand} demand",
            "wild_commodity": "a commodity wild card", "wild_demand": "meets any one demand",
            "wild_construction": "a construction wild card", "wild_extra": "an extra-action wild card",
            "extra": f"an extra {data.action} action"}[data.type]
    return f"{kind} ({what})"


def opportunity(o: Opportunity) -> str:
    """An action still open in a turn, and why it is open."""
    why = {"main": "your main action (the target tray)",
           "bonus": "a bonus action: your first construction tile of its type",
           "extra": "the repeat your extra action tile gives"}[o.source]
    return f"{o.action.capitalize()}: {why}"


def _cards(cards: Sequence[str]) -> str:
    seen = [c for c in cards if c != UNSEEN]
    unseen = len(cards) - len(seen)
    said = ", ".join(seen)
    if unseen:
        said += (" and " if said else "") + f"{unseen} card(s) you have not seen yet"
    return said or "nothing"


def _slot(action: Action) -> str:
    return f"slot {SLOT_OF[action]} ({action})"


# --- Each event as a part of a sentence (second person) ------------------------------------


def _short(e: ev.CardsDrawn) -> str:
    return f" ({e.wanted} wanted: the pile runs out)" if len(e.cards) < e.wanted else ""


_EVENT: dict[type[Any], Callable[[Any], str]] = {
    ev.CardsDrawn: lambda e: f"draw {len(e.cards)} card(s) from the face-down pile" + _short(e),
    ev.CardDiscarded: lambda e: f"discard {e.card} onto {PILES[e.pile]}",
    ev.CardTaken: lambda e: f"take {_cards((e.card,))} from {PILES[e.source]}",
    ev.DiscardRefilled: lambda e: f"{PILES[e.pile]} is refilled from the face-down pile",
    ev.CardsDisplayed: lambda e: f"put {_cards(e.cards)} on display",
    ev.Shipped: lambda e: (f"ship {_cards(e.cards) if e.cards else 'no card from your hand'}"
                           + (f" and {len(e.wild)} commodity wild card(s) as {', '.join(e.wild)}"
                              if e.wild else "") + f" on the {e.ship} ship ({e.side} side)"),
    ev.ForumTileTaken: lambda e: f"take the forum tile {forum_tile(e.tile)}",
    ev.ExtraTileTaken: lambda e: f"take the {e.action} extra action tile",
    ev.LeaderMoved: lambda e: f"move your leader to {e.province}",
    ev.ProvinceTileSeized: lambda e: f"seize its forum tile {forum_tile(e.tile)}",
    ev.LegionnaireDeployed: lambda e: f"deploy a legionnaire to {e.province}"
                                      + (f" ({e.others} of others there)" if e.others else ""),
    ev.TrajanTileTaken: lambda e: f"take {trajan_tile(e.tile)} from the {e.stack} stack onto {_slot(e.slot)}",
    ev.SenateAdvanced: lambda e: f"advance to space {e.space} of the senate track",
    ev.WorkerBuilt: lambda e: (f"put a worker on site {e.site}"
                               + (f" and take its tile {e.tile}" if e.tile else " (no tile there)")
                               + (f"; first tile of its type: a bonus {e.bonus} action" if e.bonus else "")),
    ev.TokensMoved: lambda e: f"move {_tokens(e.count)} from your supply to the {e.to.replace('_', ' ')}",
    ev.Plus2Placed: lambda e: (f"put a [+2] marker on the {e.action} action" if e.action
                               else "no [+2] marker (every action has one)"),
    ev.ExtraActionUsed: lambda e: ({"extra_action_tile": f"spend your {e.action} extra action tile",
                                    "forum_tile": f"spend your extra-{e.action} forum tile",
                                    "wild": "spend your extra-action wild card"}[e.tile]
                                   + f" to perform the {e.action} action again"
                                   + (f" ({e.repeats} times: [+2] marker)" if e.repeats > 1 else "")),
    ev.ActionDeclined: lambda e: f"you give up the {e.action} action ({e.source})",
}

# What the player chose, for a step whose events say nothing (nothing moved).
_QUIET: dict[type[Any], str] = {
    MilitaryRecruit: "recruit: move tokens from your supply to the military camp",
    ConstructionHire: "hire: move tokens from your supply to the worker camp",
    TrajanSpecial: "take the Trajan tile's special action",
    SeaportDraw: "draw 2 cards from the face-down pile",
    SenateAdvance: "advance on the senate track",
    MilitaryDeploy: "deploy a legionnaire",
}


# Steps whose events alone would read alike (each may move tokens from the supply).
_PREFIX: dict[type[Any], str] = {MilitaryRecruit: "recruit: ", ConstructionHire: "hire: ",
                                 TrajanSpecial: "special action: "}


def step_words(step: Step, events: Sequence[Any]) -> str:
    """A step as a player says it, from the events applying it announced."""
    parts = [_EVENT[type(e)](e) for e in events if type(e) in _EVENT]
    declined = [p for p, e in zip(parts, (e for e in events if type(e) in _EVENT), strict=True)
                if isinstance(e, ev.ActionDeclined)]
    said = [p for p in parts if p not in declined] or [_QUIET.get(type(step), type(step).__name__)]
    vp = sum(e.vp for e in events if isinstance(e, ev.ScoreChanged))
    text = _PREFIX.get(type(step), "") + "; ".join(said)
    if isinstance(step, SeaportDraw):
        text += ", then discard 1 card"
    if vp:
        text += f": {'+' if vp > 0 else ''}{vp} VP"
    if declined:
        text += " (" + "; ".join(declined) + ")"
    return text[0].upper() + text[1:]


def subgroup(step: Step) -> str:
    """The kind of a step, for a long list of choices: ``Ship on the pairs ship``."""
    if isinstance(step, SeaportShip):
        return f"Ship on the {step.ship} ship"
    kinds: dict[type[Any], str] = {
        SeaportDraw: "Draw 2 cards", SeaportTake: "Take from a discard pile",
        SeaportDisplay: "Put cards on display", Discard: "Discard a card",
        MilitaryRecruit: "Recruit", MilitaryMove: "Move your leader", MilitaryDeploy: "Deploy a legionnaire",
        TrajanTake: "Take a Trajan tile", SenateAdvance: "Advance in the senate",
        ConstructionHire: "Hire", ConstructionBuild: "Build on a site", TrajanSpecial: "Special action",
        Extra: "Extra action",
    }
    if isinstance(step, ForumTake):
        return "Take an extra action tile" if step.extra_action else "Take a forum tile"
    return kinds[type(step)]


def bonus_tile(tile: str) -> str:
    """A senate bonus tile by what it scores."""
    data = components().bonus_tile.get(tile)  # type: ignore[call-overload]
    if data is None:
        return tile
    what = {"forum_demand": f"{data.demand} forum tiles", "workers_in_district": "workers in the district",
            "legionnaires_in_provinces": "legionnaires in the provinces",
            "yellow_bonus_tiles": "bonus tiles on their yellow side",
            "display_commodities": f"{' and '.join(data.commodities)} on display"}
    return f"{tile} (scores for {what.get(data.scoring, data.scoring)} at the end of the game)"
