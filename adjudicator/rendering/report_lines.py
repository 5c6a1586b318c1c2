"""One line of report text per event: a renderer per event type, in a registry."""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec

from adjudicator.components import components
from adjudicator.escape import markdown
from adjudicator.model.events import (
    ActionDeclined,
    ArchMoved,
    BoardRefilled,
    BonusTileGained,
    CardDiscarded,
    CardsDisplayed,
    CardsDrawn,
    CardTaken,
    DemandMet,
    DiscardRefilled,
    Event,
    ExtraActionUsed,
    ExtraTileTaken,
    ForumCleared,
    ForumTileTaken,
    GameEnded,
    LeaderMoved,
    LegionnaireDeployed,
    MarkersPlaced,
    OrdersByBot,
    OrdersWrittenBy,
    Plus2Placed,
    ProvinceRefilled,
    ProvinceTileSeized,
    QuarterEnded,
    RoundEnded,
    ScoreChanged,
    SenateAdvanced,
    SenateReset,
    SenateTilesRemoved,
    SenateVote,
    Shipped,
    ShipsRestored,
    Sown,
    TimeAdvanced,
    TokensMoved,
    TrajanTileAccomplished,
    TrajanTileChosen,
    TrajanTileTaken,
    TurnBegan,
    TurnEnded,
    TurnPaused,
    WorkerBuilt,
)
from adjudicator.model.vocab import ACTIONS, SLOT_OF, Action
from adjudicator.views.redact import CardsDrawnUnseen, CardTakenUnseen

E = TypeVar("E", bound=Event)
Renderer = Callable[[Any], str]

# --- Renderers, one per event type --------------------------------------------------------

RENDERERS: dict[type[Event], Renderer] = {}


def renders(cls: type[E]) -> Callable[[Callable[[E], str]], Callable[[E], str]]:
    """Register the decorated function as the renderer of ``cls``."""
    def register(fn: Callable[[E], str]) -> Callable[[E], str]:
        RENDERERS[cls] = fn
        return fn
    return register


def render_event(event: Event) -> str:
    """One line for ``event``, shown exactly as given (redact first for the public)."""
    return RENDERERS.get(type(event), render_generic)(event)


def render_generic(event: Event) -> str:
    """Any event without its own renderer: its tag and fields."""
    tag = type(event).__struct_config__.tag
    fields = ", ".join(f"{k}={markdown(repr(v))}" for k, v in msgspec.structs.asdict(event).items())
    return f"{tag}: {fields}" if fields else str(tag)


def _list(items: Sequence[str]) -> str:
    return ", ".join(items) if items else "nothing"


def _slot(action: Action) -> str:
    return f"slot {SLOT_OF[action]} ({action})"


def _pile(source: str) -> str:
    return {"deck": "the face-down pile", "discard1": "discard pile 1",
            "discard2": "discard pile 2"}.get(source, source)


def _trajan(tile_id: str) -> str:
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return f"Trajan tile {tile_id}"
    return f"Trajan tile {tile_id} ({'+'.join(data.colours)}, {data.vp} VP)"


def signed(vp: int) -> str:
    return f"+{vp}" if vp >= 0 else str(vp)


@renders(MarkersPlaced)
def _markers_placed(e: MarkersPlaced) -> str:
    trays = "; ".join(f"{a} {'/'.join(m)}" for a, m in zip(ACTIONS, e.trays, strict=False))
    return f"{e.player} placed their 12 action markers, 2 in every tray: {trays}."


@renders(CardTaken)
def _card_taken(e: CardTaken) -> str:
    return f"{e.player} took {e.card} from {_pile(e.source)}."


@renders(CardTakenUnseen)
def _card_taken_unseen(e: CardTakenUnseen) -> str:
    return f"{e.player} took a card from {_pile(e.source)}."


@renders(DiscardRefilled)
def _discard_refilled(e: DiscardRefilled) -> str:
    return f"{_pile(e.pile).capitalize()} was empty and is refilled from the face-down pile: {e.card}."


@renders(TrajanTileChosen)
def _trajan_chosen(e: TrajanTileChosen) -> str:
    return f"{e.player} took {_trajan(e.tile)} from the {e.stack} stack onto {_slot(e.slot)}."


@renders(TurnBegan)
def _turn_began(e: TurnBegan) -> str:
    return f"{e.player} begins a turn (quarter {e.quarter}, round {e.round})."


@renders(Sown)
def _sown(e: Sown) -> str:
    return (f"{e.player} emptied the {e.tray} tray and sowed {len(e.markers)} marker(s) clockwise "
            f"({', '.join(e.markers)}); the target tray is {e.target}.")


@renders(TimeAdvanced)
def _time_advanced(e: TimeAdvanced) -> str:
    line = f"The time marker moved {e.spaces} space(s) to space {e.position}."
    if e.round_ends:
        line += " It reached or passed its start: the round ends after this turn."
    return line


@renders(ScoreChanged)
def _score_changed(e: ScoreChanged) -> str:
    return f"{e.player}: {signed(e.vp)} VP ({e.reason}) \u2192 {e.total} VP."


@renders(TrajanTileAccomplished)
def _accomplished(e: TrajanTileAccomplished) -> str:
    where = "it stays in their demand row" if e.kept else "it leaves the game"
    return f"{e.player} accomplished {_trajan(e.tile)} beside the {e.slot} tray; {where}."


@renders(ArchMoved)
def _arch_moved(e: ArchMoved) -> str:
    if e.slot is None:
        return f"{e.player}'s Arch of Trajan goes to the centre: all six slots are full."
    return f"{e.player}'s Arch of Trajan moves to {_slot(e.slot)}."


@renders(CardsDrawn)
def _cards_drawn(e: CardsDrawn) -> str:
    short = f" ({e.wanted} wanted; the pile ran out)" if len(e.cards) < e.wanted else ""
    return f"{e.player} drew {_list(e.cards)} from the face-down pile{short}."


@renders(CardsDrawnUnseen)
def _cards_drawn_unseen(e: CardsDrawnUnseen) -> str:
    short = f" ({e.wanted} wanted; the pile ran out)" if e.count < e.wanted else ""
    return f"{e.player} drew {e.count} card(s) from the face-down pile{short}."


@renders(TokensMoved)
def _tokens_moved(e: TokensMoved) -> str:
    camp = e.to.replace("_", " ")
    return f"{e.player} moved {e.count} token(s) from their supply to the {camp}."


@renders(Plus2Placed)
def _plus2_placed(e: Plus2Placed) -> str:
    if e.action is None:
        return f"{e.player} placed no [+2] marker: every action already has one."
    return f"{e.player} placed a [+2] marker on the {e.action} action."


@renders(CardDiscarded)
def _card_discarded(e: CardDiscarded) -> str:
    return f"{e.player} discarded {e.card} face up onto {_pile(e.pile)}."


@renders(CardsDisplayed)
def _cards_displayed(e: CardsDisplayed) -> str:
    return f"{e.player} put {_list(e.cards)} into their display."


@renders(Shipped)
def _shipped(e: Shipped) -> str:
    wild = f" and {len(e.wild)} commodity wild card(s) as {', '.join(e.wild)}" if e.wild else ""
    flip = "; the ship turns to its grey side" if e.side == "coloured" else ""
    if not e.cards:
        return (f"{e.player} shipped {len(e.wild)} commodity wild card(s) alone on the {e.ship} ship "
                f"({e.side} side){flip}.")
    return f"{e.player} shipped {_list(e.cards)}{wild} on the {e.ship} ship ({e.side} side){flip}."


@renders(ForumTileTaken)
def _forum_tile(e: ForumTileTaken) -> str:
    return f"{e.player} took the forum tile {e.tile}."


@renders(ExtraTileTaken)
def _extra_tile(e: ExtraTileTaken) -> str:
    return f"{e.player} took the {e.action} extra action tile from the forum."


@renders(LeaderMoved)
def _leader_moved(e: LeaderMoved) -> str:
    origin = "the military camp" if e.origin == "camp" else e.origin
    return f"{e.player}'s leader moved from {origin} to {e.province}."


@renders(ProvinceTileSeized)
def _tile_seized(e: ProvinceTileSeized) -> str:
    return f"{e.player} seized the forum tile {e.tile} in {e.province}."


@renders(LegionnaireDeployed)
def _legionnaire(e: LegionnaireDeployed) -> str:
    return (f"{e.player} deployed a legionnaire to {e.province} "
            f"({e.others} other player(s)' legionnaire(s) already there).")


@renders(TrajanTileTaken)
def _trajan_taken(e: TrajanTileTaken) -> str:
    return f"{e.player} took {_trajan(e.tile)} from the {e.stack} stack onto {_slot(e.slot)}."


@renders(SenateAdvanced)
def _senate(e: SenateAdvanced) -> str:
    return f"{e.player} advanced on the senate track to space {e.space}."


@renders(WorkerBuilt)
def _worker_built(e: WorkerBuilt) -> str:
    line = f"{e.player} placed a worker on site {e.site}"
    line += f" and took construction tile {e.tile}" if e.tile else " (no tile there)"
    if e.bonus is not None:
        line += f"; first tile of its type: a bonus {e.bonus} action"
    return line + "."


@renders(ActionDeclined)
def _declined(e: ActionDeclined) -> str:
    return f"{e.player} did not take the {e.action} action ({e.source})."


@renders(ExtraActionUsed)
def _extra_used(e: ExtraActionUsed) -> str:
    tile = {"extra_action_tile": f"a {e.action} extra action tile",
            "forum_tile": f"the extra-{e.action} forum tile",
            "wild": "an extra-action wild card"}.get(e.tile, e.tile)
    return f"{e.player} spent {tile} to perform the {e.action} action {e.repeats} more time(s)."


@renders(TurnPaused)
def _paused(e: TurnPaused) -> str:
    return f"The turn pauses: {e.player} has seen new cards and sends the rest of the turn next."


@renders(TurnEnded)
def _turn_ended(e: TurnEnded) -> str:
    return f"{e.player}'s turn ends."


@renders(RoundEnded)
def _round_ended(e: RoundEnded) -> str:
    if e.demand is None:
        return f"Round {e.round} of quarter {e.quarter} ends, and with it the quarter."
    return f"Round {e.round} of quarter {e.quarter} ends. The people demand: {e.demand}."


@renders(DemandMet)
def _demand_met(e: DemandMet) -> str:
    means = {"forum": f"a {e.demand} forum tile", "wild": "a demand wild card",
             "trajan": "a Trajan demand tile"}
    if e.means not in means:
        return f"{e.player} could not meet the {e.demand} demand."
    return f"{e.player} met the {e.demand} demand with {means[e.means]}."


@renders(SenateVote)
def _senate_vote(e: SenateVote) -> str:
    office = {"consul": " \u2014 consul", "vice_consul": " \u2014 vice consul"}.get(e.office, "")
    return f"{e.player}: {e.votes} vote(s) in the senate{office}."


@renders(BonusTileGained)
def _bonus(e: BonusTileGained) -> str:
    return f"{e.player} gained the bonus tile {e.tile}, {e.side} side up."


@renders(QuarterEnded)
def _quarter_ended(e: QuarterEnded) -> str:
    return f"Quarter {e.quarter} ends."


@renders(BoardRefilled)
def _refilled(e: BoardRefilled) -> str:
    def spaces(tiles: Sequence[str | None]) -> str:
        return ", ".join(t or "(empty)" for t in tiles) or "none"
    return (f"The board is refilled. Forum: {spaces(e.forum)}. Extra action tiles: "
            f"{spaces(e.forum_extra)}. New tiles in: {_list(e.provinces)}. "
            f"Bonus tiles beside the senate: {_list(e.senate_bonus)}.")


@renders(SenateReset)
def _senate_reset(e: SenateReset) -> str:
    return f"Every disc returns to the senate start space; the stack from bottom to top: {_list(e.stack)}."


@renders(SenateTilesRemoved)
def _senate_tiles_removed(e: SenateTilesRemoved) -> str:
    return f"{e.player}'s senate tiles leave the game: {_list(e.tiles)}."


@renders(ForumCleared)
def _forum_cleared(e: ForumCleared) -> str:
    return (f"Leaving the game: the forum tiles {_list(e.forum)}, the extra action tiles "
            f"{_list(e.forum_extra)} and the demand tiles {_list(e.demands)}.")


@renders(ProvinceRefilled)
def _province_refilled(e: ProvinceRefilled) -> str:
    return f"A new forum tile in {e.province}: {e.tile}."


@renders(ShipsRestored)
def _ships_restored(e: ShipsRestored) -> str:
    return f"Ships turned back to their coloured side: {_list(e.ships)}."


@renders(OrdersByBot)
def _orders_by_bot(e: OrdersByBot) -> str:
    return f"{e.player} was absent; orders by the {markdown(e.by)}."


@renders(OrdersWrittenBy)
def _orders_written_by(e: OrdersWrittenBy) -> str:
    return f"{e.player}'s orders were written by {markdown(e.by)}."


@renders(GameEnded)
def _game_ended(e: GameEnded) -> str:
    ranks = ", ".join(f"{i}. {c}" for i, c in enumerate(e.ranking, start=1))
    return f"The game is over. Final ranking: {ranks}."
