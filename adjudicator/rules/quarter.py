"""End of a quarter year (seed 000, "End of a Quarter Year") and of the game.

In the rulebook's order: 1. the people's demands (:mod:`demands`), 2. the balance of
power in the senate (:mod:`senate_vote`), 3. remove tiles and refill the board, then
the next quarter begins with the next player.  After the 4th quarter the game ends
with the final scoring (:mod:`scoring`) instead of the refill.  Two decisions may
interrupt: players with more than one way to meet the demands, and the consul's
choice of bonus tile; each answer continues the quarter end where it stopped.
"""

from __future__ import annotations

from msgspec.structs import replace

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import (
    BoardRefilled,
    ForumCleared,
    ProvinceRefilled,
    QuarterEnded,
    SenateTilesRemoved,
    ShipsRestored,
)
from adjudicator.model.orders import ChooseBonusAnswer, MeetDemandsAnswer
from adjudicator.model.state import ChooseBonus, GameState, MeetDemands, Ships, TakeTurn
from adjudicator.model.vocab import SHIPS, Action, ForumTileKind, PlayerColour, Province
from adjudicator.rules import demands, scoring, senate_vote
from adjudicator.rules.ops import (
    Changes,
    update_board,
    update_piles,
    update_player,
    update_removed,
)


def end_quarter(ch: Changes, following: PlayerColour) -> None:
    """The quarter ends; ``following`` begins the next one."""
    ch.events.append(QuarterEnded(quarter=ch.state.quarter))
    # 1. Meeting the people's demands: applied where there is one way, asked otherwise.
    choosing = []
    for colour in ch.state.seats:
        way = demands.only_way(ch.state, colour)
        if way is None:
            choosing.append(colour)
        else:
            demands.meet(ch, colour, way)
    if choosing:
        ch.state = replace(ch.state, pending=MeetDemands(players=tuple(choosing), next_turn=following))
        return
    _senate(ch, following)


def check_demands(state: GameState, colour: PlayerColour, answer: MeetDemandsAnswer,
                  path: str) -> list[Problem]:
    """The problems of a player's answer to ``demands`` (see
    :func:`adjudicator.rules.demands.check`)."""
    return demands.check(state, colour, answer.use, f"{path}.use")


def apply_demands(state: GameState, colour: PlayerColour, answer: MeetDemandsAnswer) -> Changes:
    """Meet the demands as answered; the senate vote follows once every player asked has answered."""
    pending = state.pending
    assert isinstance(pending, MeetDemands)
    ch = Changes(state)
    demands.meet(ch, colour, answer.use)
    # The answers come in any order: the removed forum tiles are kept sorted so that
    # every order of answers leaves the same game (project ruling m).
    ch.state = update_removed(ch.state, forum=tuple(sorted(ch.state.removed.forum)))
    waiting = tuple(c for c in pending.players if c != colour)
    done = tuple(c for c in state.seats if c in pending.answered or c == colour)
    if waiting:
        ch.state = replace(ch.state, pending=replace(pending, players=waiting, answered=done))
    else:
        _senate(ch, pending.next_turn)
    return ch


def _senate(ch: Changes, following: PlayerColour) -> None:
    """2. Balance of power in the senate; the consul chooses when there is a choice."""
    consul, vice = senate_vote.vote(ch)
    offered = ch.state.board.senate_bonus
    if len(offered) > 1:
        ch.state = replace(ch.state, pending=ChooseBonus(player=consul, vice_consul=vice,
                                                         next_turn=following))
        return
    for tile in offered:  # a single tile (an exhausted bag): the consul's, yellow side up
        senate_vote.award(ch, consul, tile, "yellow")
    _after_senate(ch, following)


def check_bonus(state: GameState, colour: PlayerColour, answer: ChooseBonusAnswer,
                path: str) -> list[Problem]:
    """The problems of the consul's choice: the tile must lie beside the senate."""
    offered = state.board.senate_bonus
    if answer.tile not in offered:
        return [problem("bonus.not_offered", f"{path}.tile",
                        f"The bonus tile {answer.tile!r} is not beside the senate; choose one of "
                        f"{', '.join(offered)}.")]
    return []


def apply_bonus(state: GameState, colour: PlayerColour, answer: ChooseBonusAnswer) -> Changes:
    """Give the consul the chosen tile and the vice consul the other, then end the quarter."""
    pending = state.pending
    assert isinstance(pending, ChooseBonus)
    ch = Changes(state)
    senate_vote.award_both(ch, pending.player, pending.vice_consul, answer.tile)
    _after_senate(ch, pending.next_turn)
    return ch


def _after_senate(ch: Changes, following: PlayerColour) -> None:
    """3. Remove tiles; then the next quarter, or after the last one the final scoring."""
    remove_tiles(ch)
    if ch.state.quarter >= components().board.quarters:
        scoring.final_scoring(ch)  # refilling a board nobody plays on again is skipped
        return
    refill(ch)
    ch.state = replace(ch.state, quarter=ch.state.quarter + 1, pending=TakeTurn(player=following))


# --- 3. Remove tiles and refill game board spaces ----------------------------------------

def remove_tiles(ch: Changes) -> None:
    """All senate tiles, used or not; every tile left in the forum; the revealed demands.
    (The forum tiles used for the demands left the game when they were spent.)"""
    senate_kinds = {t.kind for t in components().forum.tiles if t.type == "senate"}
    gone: list[ForumTileKind] = []
    for p in ch.state.players:
        tiles = tuple(t for t in p.forum_tiles if t in senate_kinds)
        if tiles:
            kept = tuple(t for t in p.forum_tiles if t not in senate_kinds)
            ch.state = update_player(ch.state, p.colour, forum_tiles=kept)
            ch.events.append(SenateTilesRemoved(player=p.colour, tiles=tiles))
            gone += tiles
    b = ch.state.board
    forum = tuple(t for t in b.forum if t is not None)
    extra = tuple(t for t in b.forum_extra if t is not None)
    ch.state = update_board(ch.state, forum=(None,) * len(b.forum),
                            forum_extra=(None,) * len(b.forum_extra), demands=())
    r = ch.state.removed
    ch.state = update_removed(ch.state, forum=r.forum + tuple(gone) + forum, extra=r.extra + extra,
                              demand=r.demand + b.demands)
    ch.events.append(ForumCleared(forum=forum, forum_extra=extra, demands=b.demands))


def refill(ch: Changes) -> None:
    """New bonus tiles, province tiles, forum and extra action tiles; ships turned back."""
    per_quarter = components().board.bonus_tiles_per_quarter
    bag = ch.state.piles.bonus_bag
    bonus = ch.state.board.senate_bonus + bag[:per_quarter]
    ch.state = update_piles(update_board(ch.state, senate_bonus=bonus), bonus_bag=bag[per_quarter:])
    provinces = _refill_provinces(ch)
    forum = tuple(_draw_forum(ch) for _ in ch.state.board.forum)
    extra = tuple(_draw_extra(ch) for _ in ch.state.board.forum_extra)
    ch.state = update_board(ch.state, forum=forum, forum_extra=extra)
    ch.events.append(BoardRefilled(forum=forum, forum_extra=extra, provinces=provinces,
                                   senate_bonus=bonus))
    grey = tuple(s for s in SHIPS if getattr(ch.state.board.ships, s) == "grey")
    if grey:
        ch.state = update_board(ch.state, ships=Ships())
        ch.events.append(ShipsRestored(ships=grey))


def occupied(state: GameState, province: Province) -> bool:
    """A military leader or a legionnaire of any player stands in the province."""
    return any(p.leader == province or province in p.legionnaires for p in state.players)


def _refill_provinces(ch: Changes) -> tuple[Province, ...]:
    # A province gets a tile only if it has no tile, no leader and no legionnaire.
    refilled = []
    for i, s in enumerate(ch.state.board.provinces):
        if s.tile is not None or occupied(ch.state, s.province):
            continue
        tile = _draw_forum(ch)
        if tile is None:
            break  # the forum pile is exhausted
        provinces = list(ch.state.board.provinces)
        provinces[i] = replace(s, tile=tile)
        ch.state = update_board(ch.state, provinces=tuple(provinces))
        ch.events.append(ProvinceRefilled(province=s.province, tile=tile))
        refilled.append(s.province)
    return tuple(refilled)


def _draw_forum(ch: Changes) -> ForumTileKind | None:
    pile = ch.state.piles.forum
    if not pile:
        return None
    ch.state = update_piles(ch.state, forum=pile[1:])
    return pile[0]


def _draw_extra(ch: Changes) -> Action | None:
    pile = ch.state.piles.extra
    if not pile:
        return None
    ch.state = update_piles(ch.state, extra=pile[1:])
    return pile[0]
