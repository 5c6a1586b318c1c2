"""``trajan new``: the setup of seed 000 that needs no player decision.

"Board and Player Setup" steps 1-8 and 10 and "Preparing to Play" steps 1-4 (the
face-up discard piles); what the players decide (markers, starting cards, starting
Trajan tiles) is left pending.  Every shuffle comes from :mod:`adjudicator.rng`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from adjudicator.chain import commitment, seal
from adjudicator.components import Components, components
from adjudicator.errors import Malformed, problem
from adjudicator.model.state import (
    Board,
    GameState,
    Options,
    OwnedBonus,
    Piles,
    Player,
    ProvinceState,
    SetupMarkers,
    SiteState,
    TrajanStacks,
)
from adjudicator.model.vocab import (
    PLAYER_COLOURS,
    TRAJAN_CATEGORIES,
    Action,
    BonusTile,
    Commodity,
    Demand,
    ForumTileKind,
    PlayerColour,
)
from adjudicator.rng import choice, shuffled

# The rules options of a game created without any (frozen, so one shared value is safe).
DEFAULT_OPTIONS = Options()


def seat_order_from(seats: Sequence[PlayerColour], first: PlayerColour) -> tuple[PlayerColour, ...]:
    """The seats clockwise, beginning with ``first``."""
    i = seats.index(first)
    return tuple(seats[i:]) + tuple(seats[:i])


def check_players(players: Sequence[str], first: str | None) -> list[PlayerColour]:
    """The seats as given, or :class:`Malformed` naming every problem."""
    problems = []
    if not 2 <= len(players) <= 4:
        problems.append(problem("new.player_count", "--players",
                                f"Trajan is played by 2 to 4 players, got {len(players)}."))
    for i, colour in enumerate(players):
        if colour not in PLAYER_COLOURS:
            problems.append(problem("new.unknown_colour", f"--players[{i}]",
                                    f"Unknown player colour {colour!r}; expected one of "
                                    f"{', '.join(PLAYER_COLOURS)}."))
        elif players.index(colour) != i:
            problems.append(problem("new.repeated_colour", f"--players[{i}]",
                                    f"Player colour {colour!r} is given twice."))
    if first is not None and first not in players:
        problems.append(problem("new.unknown_first", "--first",
                                f"The start player {first!r} is not one of the players."))
    if problems:
        raise Malformed(problems)
    return list(players)  # type: ignore[arg-type]


def default_game_id(seed: str, seats: Sequence[str]) -> str:
    digest = hashlib.sha256(("game-id\x00" + seed + "\x00" + ",".join(seats)).encode())
    return "trajan-" + digest.hexdigest()[:12]


def new_game(
    players: Sequence[str],
    seed: str,
    *,
    first: str | None = None,
    options: Options = DEFAULT_OPTIONS,
    game_id: str | None = None,
) -> GameState:
    """A new game with the first setup decision (initial markers) pending."""
    seats = tuple(check_players(players, first))
    c = components()
    start: PlayerColour = first if first is not None else choice(seed, "start-player", seats)  # type: ignore[assignment]
    clockwise = seat_order_from(seats, start)

    forum = shuffled(seed, "forum-tiles", _forum_tiles(c))
    provinces = tuple(ProvinceState(province=p.id, tile=forum[i]) for i, p in enumerate(c.board.provinces))
    forum = forum[len(provinces):]
    spaces = c.board.forum_spaces_per_player * len(seats)
    forum_spaces, forum = forum[:spaces], forum[spaces:]

    extra = shuffled(seed, "extra-action-tiles", _extra_tiles(c))
    n_extra = c.board.extra_action_spaces
    demand = shuffled(seed, "demand-tiles", _demand_tiles(c))
    removed = c.board.demand_tiles_removed
    district = shuffled(seed, "construction-tiles", [t.id for t in c.construction.tiles])
    stacks = TrajanStacks(**{cat: shuffled(seed, f"trajan-{cat}", _trajan_ids(c, cat))
                             for cat in TRAJAN_CATEGORIES})
    bag = shuffled(seed, "bonus-tiles", [t.id for t in c.bonus.tiles])
    deck = shuffled(seed, "commodity-cards", _cards(c))

    bonus_of = {colour: bag[i] for i, colour in enumerate(clockwise)}
    bag = bag[len(seats):]
    senate_bonus, bag = bag[: c.board.bonus_tiles_per_quarter], bag[c.board.bonus_tiles_per_quarter:]

    board = Board(
        time=0,
        forum=tuple(forum_spaces),
        forum_extra=tuple(extra[:n_extra]),
        provinces=provinces,
        district=tuple(SiteState(site=s, tile=t) for s, t in zip(c.sites, district, strict=False)),
        senate_bonus=senate_bonus,
        senate_stack=clockwise,
        trajan_stacks=stacks,
        discard1=(deck[0],),
        discard2=(deck[1],),
    )
    return seal(GameState(
        options=options,
        game_id=game_id if game_id is not None else default_game_id(seed, seats),
        seed=seed,
        commitment=commitment(seed),
        seats=seats,
        start_player=start,
        pending=SetupMarkers(players=clockwise),
        players=tuple(_new_player(c, colour, bonus_of[colour]) for colour in seats),
        board=board,
        piles=Piles(
            deck=deck[2:],
            forum=forum,
            extra=extra[n_extra:],
            demand=demand[removed:],
            demand_removed=demand[:removed],
            bonus_bag=bag,
        ),
    ))


def _new_player(c: Components, colour: PlayerColour, bonus: BonusTile) -> Player:
    tokens = c.board.tokens_per_player
    return Player(
        colour=colour,
        arch=c.board.starting_arch,
        supply=tokens - c.board.starting_worker_camp - c.board.starting_military_camp,
        worker_camp=c.board.starting_worker_camp,
        military_camp=c.board.starting_military_camp,
        bonus_tiles=(OwnedBonus(tile=bonus, side="yellow"),),
    )


def _forum_tiles(c: Components) -> list[ForumTileKind]:
    return [t.kind for t in c.forum.tiles for _ in range(t.count)]


def _extra_tiles(c: Components) -> list[Action]:
    return [t.action for t in c.extra.tiles for _ in range(t.count)]


def _demand_tiles(c: Components) -> list[Demand]:
    return [t.kind for t in c.demand.tiles for _ in range(t.count)]


def _cards(c: Components) -> list[Commodity]:
    return [k for k in c.commodities.commodities for _ in range(c.commodities.cards_per_commodity)]


def _trajan_ids(c: Components, category: str) -> list[str]:
    return [t.id for t in c.trajan.tiles if t.category == category]
