"""One line of report text per event: a renderer per event type, in a registry.

Every renderer takes the event and a :class:`~adjudicator.i18n.Translator`: the log's
reports use English (the identity: the text below, byte for byte, which ``verify``
re-renders), a player's mail the player's language (issue 31).  Words of the notation and
the vocabulary's values (colours, cards, tiles, provinces) stay as they are; an action
is named by the edition's term (``tr.action``).
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec

from adjudicator.components import components
from adjudicator.escape import markdown
from adjudicator.i18n import ENGLISH, N_, Translator
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
Renderer = Callable[[Any, Translator], str]

# --- Renderers, one per event type --------------------------------------------------------

RENDERERS: dict[type[Event], Renderer] = {}


def renders(cls: type[E]) -> Callable[[Callable[[E, Translator], str]], Callable[[E, Translator], str]]:
    """Register the decorated function as the renderer of ``cls``."""
    def register(fn: Callable[[E, Translator], str]) -> Callable[[E, Translator], str]:
        RENDERERS[cls] = fn
        return fn
    return register


def render_event(event: Event, tr: Translator = ENGLISH) -> str:
    """One line for ``event``, shown exactly as given (redact first for the public)."""
    return RENDERERS.get(type(event), render_generic)(event, tr)


def render_generic(event: Event, tr: Translator = ENGLISH) -> str:
    """Any event without its own renderer: its tag and fields."""
    tag = type(event).__struct_config__.tag
    fields = ", ".join(f"{k}={markdown(repr(v))}" for k, v in msgspec.structs.asdict(event).items())
    return f"{tag}: {fields}" if fields else str(tag)


def _list(items: Sequence[str], tr: Translator) -> str:
    return ", ".join(items) if items else tr.gettext("nothing")


def _slot(action: Action, tr: Translator) -> str:
    return tr.gettext("slot {slot} ({action})").format(slot=SLOT_OF[action], action=tr.action(action))


_PILES = {"deck": N_("the face-down pile"), "discard1": N_("discard pile 1"),
          "discard2": N_("discard pile 2")}


def _pile(source: str, tr: Translator) -> str:
    return tr.gettext(_PILES[source]) if source in _PILES else source


def _trajan(tile_id: str, tr: Translator) -> str:
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return tr.gettext("Trajan tile {tile}").format(tile=tile_id)
    return tr.gettext("Trajan tile {tile} ({colours}, {vp} VP)").format(
        tile=tile_id, colours="+".join(data.colours), vp=data.vp)


def signed(vp: int) -> str:
    return f"+{vp}" if vp >= 0 else str(vp)


def side(value: str, tr: Translator) -> str:
    """A ship's or a bonus tile's side (``coloured``, ``grey``, ``yellow``) in prose."""
    sides = {"coloured": tr.pgettext("side", "coloured"), "grey": tr.pgettext("side", "grey"),
             "yellow": tr.pgettext("side", "yellow")}
    return sides.get(value, value)


@renders(MarkersPlaced)
def _markers_placed(e: MarkersPlaced, tr: Translator) -> str:
    trays = "; ".join(f"{tr.action(a)} {'/'.join(m)}" for a, m in zip(ACTIONS, e.trays, strict=False))
    return tr.gettext("{player} placed their 12 action markers, 2 in every tray: {trays}.").format(
        player=e.player, trays=trays)


@renders(CardTaken)
def _card_taken(e: CardTaken, tr: Translator) -> str:
    return tr.gettext("{player} took {card} from {pile}.").format(
        player=e.player, card=e.card, pile=_pile(e.source, tr))


@renders(CardTakenUnseen)
def _card_taken_unseen(e: CardTakenUnseen, tr: Translator) -> str:
    return tr.gettext("{player} took a card from {pile}.").format(player=e.player, pile=_pile(e.source, tr))


@renders(DiscardRefilled)
def _discard_refilled(e: DiscardRefilled, tr: Translator) -> str:
    pile = _pile(e.pile, tr)
    return tr.gettext("{Pile} was empty and is refilled from the face-down pile: {card}.").format(
        Pile=pile[:1].upper() + pile[1:], card=e.card)


@renders(TrajanTileChosen)
def _trajan_chosen(e: TrajanTileChosen, tr: Translator) -> str:
    return tr.gettext("{player} took {tile} from the {stack} stack onto {slot}.").format(
        player=e.player, tile=_trajan(e.tile, tr), stack=e.stack, slot=_slot(e.slot, tr))


@renders(TurnBegan)
def _turn_began(e: TurnBegan, tr: Translator) -> str:
    return tr.gettext("{player} begins a turn (quarter {quarter}, round {round}).").format(
        player=e.player, quarter=e.quarter, round=e.round)


@renders(Sown)
def _sown(e: Sown, tr: Translator) -> str:
    # Translators: English keeps "marker(s)" for every count; give the language's plural forms.
    text = tr.ngettext("{player} emptied the {tray} tray and sowed {n} marker(s) clockwise ({markers}); "
                       "the target tray is {target}.",
                       "{player} emptied the {tray} tray and sowed {n} marker(s) clockwise ({markers}); "
                       "the target tray is {target}.", len(e.markers))
    return text.format(player=e.player, tray=tr.action(e.tray), n=len(e.markers),
                       markers=", ".join(e.markers), target=tr.action(e.target))


@renders(TimeAdvanced)
def _time_advanced(e: TimeAdvanced, tr: Translator) -> str:
    line = tr.ngettext("The time marker moved {n} space(s) to space {position}.",
                       "The time marker moved {n} space(s) to space {position}.", e.spaces).format(
        n=e.spaces, position=e.position)
    if e.round_ends:
        line += " " + tr.gettext("It reached or passed its start: the round ends after this turn.")
    return line


@renders(ScoreChanged)
def _score_changed(e: ScoreChanged, tr: Translator) -> str:
    from adjudicator.i18n.reasons import reason_text

    return tr.gettext("{player}: {vp} VP ({reason}) \u2192 {total} VP.").format(
        player=e.player, vp=signed(e.vp), reason=reason_text(e.reason, tr), total=e.total)


@renders(TrajanTileAccomplished)
def _accomplished(e: TrajanTileAccomplished, tr: Translator) -> str:
    if e.kept:
        text = tr.gettext("{player} accomplished {tile} beside the {tray} tray; it stays in their demand "
                          "row.")
    else:
        text = tr.gettext("{player} accomplished {tile} beside the {tray} tray; it leaves the game.")
    return text.format(player=e.player, tile=_trajan(e.tile, tr), tray=tr.action(e.slot))


@renders(ArchMoved)
def _arch_moved(e: ArchMoved, tr: Translator) -> str:
    if e.slot is None:
        return tr.gettext("{player}'s Arch of Trajan goes to the centre: all six slots are full.").format(
            player=e.player)
    return tr.gettext("{player}'s Arch of Trajan moves to {slot}.").format(player=e.player,
                                                                            slot=_slot(e.slot, tr))


def _short(count: int, wanted: int, tr: Translator) -> str:
    if count >= wanted:
        return ""
    return " " + tr.gettext("({wanted} wanted; the pile ran out)").format(wanted=wanted)


@renders(CardsDrawn)
def _cards_drawn(e: CardsDrawn, tr: Translator) -> str:
    return tr.gettext("{player} drew {cards} from the face-down pile{short}.").format(
        player=e.player, cards=_list(e.cards, tr), short=_short(len(e.cards), e.wanted, tr))


@renders(CardsDrawnUnseen)
def _cards_drawn_unseen(e: CardsDrawnUnseen, tr: Translator) -> str:
    return tr.ngettext("{player} drew {n} card(s) from the face-down pile{short}.",
                       "{player} drew {n} card(s) from the face-down pile{short}.", e.count).format(
        player=e.player, n=e.count, short=_short(e.count, e.wanted, tr))


_CAMPS = {"worker_camp": N_("worker camp"), "military_camp": N_("military camp")}


@renders(TokensMoved)
def _tokens_moved(e: TokensMoved, tr: Translator) -> str:
    camp = tr.gettext(_CAMPS[e.to]) if e.to in _CAMPS else e.to.replace("_", " ")
    return tr.ngettext("{player} moved {n} token(s) from their supply to the {camp}.",
                       "{player} moved {n} token(s) from their supply to the {camp}.", e.count).format(
        player=e.player, n=e.count, camp=camp)


@renders(Plus2Placed)
def _plus2_placed(e: Plus2Placed, tr: Translator) -> str:
    if e.action is None:
        return tr.gettext("{player} placed no [+2] marker: every action already has one.").format(
            player=e.player)
    return tr.gettext("{player} placed a [+2] marker on the {action} action.").format(
        player=e.player, action=tr.action(e.action))


@renders(CardDiscarded)
def _card_discarded(e: CardDiscarded, tr: Translator) -> str:
    return tr.gettext("{player} discarded {card} face up onto {pile}.").format(
        player=e.player, card=e.card, pile=_pile(e.pile, tr))


@renders(CardsDisplayed)
def _cards_displayed(e: CardsDisplayed, tr: Translator) -> str:
    return tr.gettext("{player} put {cards} into their display.").format(player=e.player,
                                                                          cards=_list(e.cards, tr))


@renders(Shipped)
def _shipped(e: Shipped, tr: Translator) -> str:
    flip = tr.gettext("; the ship turns to its grey side") if e.side == "coloured" else ""
    if not e.cards:
        return tr.ngettext(
            "{player} shipped {n} commodity wild card(s) alone on the {ship} ship ({side} side){flip}.",
            "{player} shipped {n} commodity wild card(s) alone on the {ship} ship ({side} side){flip}.",
            len(e.wild)).format(player=e.player, n=len(e.wild), ship=e.ship, side=side(e.side, tr), flip=flip)
    wild = ""
    if e.wild:
        wild = tr.ngettext(" and {n} commodity wild card(s) as {cards}",
                           " and {n} commodity wild card(s) as {cards}", len(e.wild)).format(
            n=len(e.wild), cards=", ".join(e.wild))
    return tr.gettext("{player} shipped {cards}{wild} on the {ship} ship ({side} side){flip}.").format(
        player=e.player, cards=_list(e.cards, tr), wild=wild, ship=e.ship, side=side(e.side, tr), flip=flip)


@renders(ForumTileTaken)
def _forum_tile(e: ForumTileTaken, tr: Translator) -> str:
    return tr.gettext("{player} took the forum tile {tile}.").format(player=e.player, tile=e.tile)


@renders(ExtraTileTaken)
def _extra_tile(e: ExtraTileTaken, tr: Translator) -> str:
    return tr.gettext("{player} took the {action} extra action tile from the forum.").format(
        player=e.player, action=tr.action(e.action))


@renders(LeaderMoved)
def _leader_moved(e: LeaderMoved, tr: Translator) -> str:
    origin = tr.gettext("the military camp") if e.origin == "camp" else e.origin
    return tr.gettext("{player}'s leader moved from {origin} to {province}.").format(
        player=e.player, origin=origin, province=e.province)


@renders(ProvinceTileSeized)
def _tile_seized(e: ProvinceTileSeized, tr: Translator) -> str:
    return tr.gettext("{player} seized the forum tile {tile} in {province}.").format(
        player=e.player, tile=e.tile, province=e.province)


@renders(LegionnaireDeployed)
def _legionnaire(e: LegionnaireDeployed, tr: Translator) -> str:
    return tr.ngettext("{player} deployed a legionnaire to {province} ({n} other player(s)' legionnaire(s) "
                       "already there).",
                       "{player} deployed a legionnaire to {province} ({n} other player(s)' legionnaire(s) "
                       "already there).", e.others).format(player=e.player, province=e.province, n=e.others)


@renders(TrajanTileTaken)
def _trajan_taken(e: TrajanTileTaken, tr: Translator) -> str:
    return tr.gettext("{player} took {tile} from the {stack} stack onto {slot}.").format(
        player=e.player, tile=_trajan(e.tile, tr), stack=e.stack, slot=_slot(e.slot, tr))


@renders(SenateAdvanced)
def _senate(e: SenateAdvanced, tr: Translator) -> str:
    return tr.gettext("{player} advanced on the senate track to space {space}.").format(
        player=e.player, space=e.space)


@renders(WorkerBuilt)
def _worker_built(e: WorkerBuilt, tr: Translator) -> str:
    if e.tile:
        line = tr.gettext("{player} placed a worker on site {site} and took construction tile {tile}").format(
            player=e.player, site=e.site, tile=e.tile)
    else:
        line = tr.gettext("{player} placed a worker on site {site} (no tile there)").format(
            player=e.player, site=e.site)
    if e.bonus is not None:
        line += tr.gettext("; first tile of its type: a bonus {action} action").format(
            action=tr.action(e.bonus))
    return line + "."


def source(value: str, tr: Translator) -> str:
    """Where an open action comes from (``main``, ``extra``, ``bonus``), in prose."""
    sources = {"main": tr.pgettext("action source", "main"), "extra": tr.pgettext("action source", "extra"),
               "bonus": tr.pgettext("action source", "bonus")}
    return sources.get(value, value)


@renders(ActionDeclined)
def _declined(e: ActionDeclined, tr: Translator) -> str:
    return tr.gettext("{player} did not take the {action} action ({source}).").format(
        player=e.player, action=tr.action(e.action), source=source(e.source, tr))


@renders(ExtraActionUsed)
def _extra_used(e: ExtraActionUsed, tr: Translator) -> str:
    tile = {"extra_action_tile": tr.gettext("a {action} extra action tile"),
            "forum_tile": tr.gettext("the extra-{action} forum tile"),
            "wild": tr.gettext("an extra-action wild card")}.get(e.tile, e.tile)
    tile = tile.format(action=tr.action(e.action) if e.tile == "extra_action_tile" else e.action)
    text = tr.ngettext("{player} spent {tile} to perform the {action} action {n} more time(s).",
                       "{player} spent {tile} to perform the {action} action {n} more time(s).", e.repeats)
    return text.format(player=e.player, tile=tile, action=tr.action(e.action), n=e.repeats)


@renders(TurnPaused)
def _paused(e: TurnPaused, tr: Translator) -> str:
    text = tr.gettext("The turn pauses: {player} has seen new cards and sends the rest of the turn next.")
    return text.format(player=e.player)


@renders(TurnEnded)
def _turn_ended(e: TurnEnded, tr: Translator) -> str:
    return tr.gettext("{player}'s turn ends.").format(player=e.player)


@renders(RoundEnded)
def _round_ended(e: RoundEnded, tr: Translator) -> str:
    if e.demand is None:
        return tr.gettext("Round {round} of quarter {quarter} ends, and with it the quarter.").format(
            round=e.round, quarter=e.quarter)
    return tr.gettext("Round {round} of quarter {quarter} ends. The people demand: {demand}.").format(
        round=e.round, quarter=e.quarter, demand=e.demand)


@renders(DemandMet)
def _demand_met(e: DemandMet, tr: Translator) -> str:
    means = {"forum": tr.gettext("a {demand} forum tile"), "wild": tr.gettext("a demand wild card"),
             "trajan": tr.gettext("a Trajan demand tile")}
    if e.means not in means:
        return tr.gettext("{player} could not meet the {demand} demand.").format(player=e.player,
                                                                                  demand=e.demand)
    return tr.gettext("{player} met the {demand} demand with {means}.").format(
        player=e.player, demand=e.demand, means=means[e.means].format(demand=e.demand))


@renders(SenateVote)
def _senate_vote(e: SenateVote, tr: Translator) -> str:
    offices = {"consul": tr.gettext(" \u2014 consul"), "vice_consul": tr.gettext(" \u2014 vice consul")}
    text = tr.ngettext("{player}: {n} vote(s) in the senate{office}.",
                       "{player}: {n} vote(s) in the senate{office}.", e.votes)
    return text.format(player=e.player, n=e.votes, office=offices.get(e.office, ""))


@renders(BonusTileGained)
def _bonus(e: BonusTileGained, tr: Translator) -> str:
    return tr.gettext("{player} gained the bonus tile {tile}, {side} side up.").format(
        player=e.player, tile=e.tile, side=side(e.side, tr))


@renders(QuarterEnded)
def _quarter_ended(e: QuarterEnded, tr: Translator) -> str:
    return tr.gettext("Quarter {quarter} ends.").format(quarter=e.quarter)


@renders(BoardRefilled)
def _refilled(e: BoardRefilled, tr: Translator) -> str:
    def spaces(tiles: Sequence[str | None]) -> str:
        return ", ".join(t or tr.gettext("(empty)") for t in tiles) or tr.gettext("none")
    return tr.gettext("The board is refilled. Forum: {forum}. Extra action tiles: {extra}. New tiles in: "
                      "{provinces}. Bonus tiles beside the senate: {bonus}.").format(
        forum=spaces(e.forum), extra=spaces(e.forum_extra), provinces=_list(e.provinces, tr),
        bonus=_list(e.senate_bonus, tr))


@renders(SenateReset)
def _senate_reset(e: SenateReset, tr: Translator) -> str:
    return tr.gettext("Every disc returns to the senate start space; the stack from bottom to top: "
                      "{stack}.").format(stack=_list(e.stack, tr))


@renders(SenateTilesRemoved)
def _senate_tiles_removed(e: SenateTilesRemoved, tr: Translator) -> str:
    return tr.gettext("{player}'s senate tiles leave the game: {tiles}.").format(
        player=e.player, tiles=_list(e.tiles, tr))


@renders(ForumCleared)
def _forum_cleared(e: ForumCleared, tr: Translator) -> str:
    return tr.gettext("Leaving the game: the forum tiles {forum}, the extra action tiles {extra} and the "
                      "demand tiles {demands}.").format(
        forum=_list(e.forum, tr), extra=_list(e.forum_extra, tr), demands=_list(e.demands, tr))


@renders(ProvinceRefilled)
def _province_refilled(e: ProvinceRefilled, tr: Translator) -> str:
    return tr.gettext("A new forum tile in {province}: {tile}.").format(province=e.province, tile=e.tile)


@renders(ShipsRestored)
def _ships_restored(e: ShipsRestored, tr: Translator) -> str:
    return tr.gettext("Ships turned back to their coloured side: {ships}.").format(ships=_list(e.ships, tr))


@renders(OrdersByBot)
def _orders_by_bot(e: OrdersByBot, tr: Translator) -> str:
    return tr.gettext("{player} was absent; orders by the {by}.").format(player=e.player, by=markdown(e.by))


@renders(OrdersWrittenBy)
def _orders_written_by(e: OrdersWrittenBy, tr: Translator) -> str:
    return tr.gettext("{player}'s orders were written by {by}.").format(player=e.player, by=markdown(e.by))


@renders(GameEnded)
def _game_ended(e: GameEnded, tr: Translator) -> str:
    ranks = ", ".join(f"{i}. {c}" for i, c in enumerate(e.ranking, start=1))
    return tr.gettext("The game is over. Final ranking: {ranking}.").format(ranking=ranks)
