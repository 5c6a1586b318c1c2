"""``trajan new``: the setup of seed 000 that needs no player decision.

"Board and Player Setup" steps 1-8 and 10 and "Preparing to Play" steps 1-4 (the
face-up discard piles); what the players decide (markers, starting cards, starting
Trajan tiles) is left pending.  Every shuffle comes from :mod:`adjudicator.rng`.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from adjudicator.components import Components, components
from adjudicator.errors import Malformed, problem
from adjudicator.game import seeding as seeds
from adjudicator.game.chain import commitment, seal
from adjudicator.model.state import (
    Board,
    Contribution,
    GameState,
    Options,
    OwnedBonus,
    Piles,
    Player,
    ProvinceState,
    Seeding,
    SeedMethod,
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
from adjudicator.rules.ops import seat_order_from

# The rules options of a game created without any (frozen, so one shared value is safe).
DEFAULT_OPTIONS = Options()


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


class _Shuffled:
    """Every face-down pile in draw order, shuffled from the seed (one stream per pile)."""

    def __init__(self, c: Components, seed: str) -> None:
        self.forum = shuffled(seed, "forum-tiles", _forum_tiles(c))
        self.extra = shuffled(seed, "extra-action-tiles", _extra_tiles(c))
        self.demand = shuffled(seed, "demand-tiles", _demand_tiles(c))
        self.district = shuffled(seed, "construction-tiles", [t.id for t in c.construction.tiles])
        self.stacks = TrajanStacks(**{cat: shuffled(seed, f"trajan-{cat}", _trajan_ids(c, cat))
                                      for cat in TRAJAN_CATEGORIES})
        self.bag = shuffled(seed, "bonus-tiles", [t.id for t in c.bonus.tiles])
        self.deck = shuffled(seed, "commodity-cards", _cards(c))


def new_game(
    players: Sequence[str],
    seed: str,
    *,
    first: str | None = None,
    options: Options = DEFAULT_OPTIONS,
    game_id: str | None = None,
    method: SeedMethod = "test",
    contributions: Sequence[Contribution] = (),
) -> GameState:
    """A new game with the first setup decision (initial markers) pending.

    ``method`` says how ``seed`` was made (:class:`~adjudicator.model.state.Seeding`); a
    library caller that does not say is making a test game.  ``first`` and ``game_id``,
    when given, are recorded as chosen by hand.
    """
    seats = tuple(check_players(players, first))
    seeds.check(seats, seed, method, contributions)
    c = components()
    seeding = Seeding(method=method, contributions=tuple(contributions),
                      start_player_chosen=first is not None, game_id_chosen=game_id is not None)
    drawn = seeds.setup_seed(seed, seeding)
    start: PlayerColour = first if first is not None else choice(drawn, "start-player", seats)  # type: ignore[assignment]
    clockwise = seat_order_from(seats, start)
    piles = _Shuffled(c, drawn)
    # Preparing to Play 3: one bonus tile per player (in seat order), 2 beside the senate.
    bonus_of = dict(zip(clockwise, piles.bag, strict=False))
    beside = piles.bag[len(seats): len(seats) + c.board.bonus_tiles_per_quarter]
    board, rest = _board(c, piles, len(seats), clockwise, beside)
    committed = commitment(seed)
    return seal(GameState(
        options=options,
        game_id=game_id if game_id is not None else seeds.default_game_id(
            committed, seats, first, options, seeds.contributors_of(seeding)),
        seed=seed,
        commitment=committed,
        seeding=seeding,
        seats=seats,
        start_player=start,
        pending=SetupMarkers(players=clockwise),
        players=tuple(_new_player(c, colour, bonus_of[colour]) for colour in seats),
        board=board,
        piles=replace(rest, bonus_bag=piles.bag[len(seats) + len(beside):]),
    ))


def _board(c: Components, piles: _Shuffled, players: int, clockwise: tuple[PlayerColour, ...],
           beside: tuple[BonusTile, ...]) -> tuple[Board, Piles]:
    """The board of setup steps 5-7 and the piles left face down (the bag aside)."""
    # Setup 5: one forum tile per province, then the forum spaces, then 3 extra action tiles.
    forum = piles.forum
    provinces = tuple(ProvinceState(province=p.id, tile=forum[i]) for i, p in enumerate(c.board.provinces))
    spaces = c.board.forum_spaces_per_player * players
    forum_spaces = forum[len(provinces): len(provinces) + spaces]
    n_extra, removed = c.board.extra_action_spaces, c.board.demand_tiles_removed
    board = Board(
        time=0,
        forum=tuple(forum_spaces),
        forum_extra=piles.extra[:n_extra],
        provinces=provinces,
        district=tuple(SiteState(site=s, tile=t) for s, t in zip(c.sites, piles.district, strict=True)),
        senate_bonus=beside,
        senate_stack=clockwise,
        trajan_stacks=piles.stacks,
        discard1=(piles.deck[0],),  # Preparing to Play 4: two face-up discard piles
        discard2=(piles.deck[1],),
    )
    rest = Piles(
        deck=piles.deck[2:],
        forum=forum[len(provinces) + spaces:],
        extra=piles.extra[n_extra:],
        demand=piles.demand[removed:],  # Setup 4: 3 demand tiles removed unseen
        demand_removed=piles.demand[:removed],
    )
    return board, rest


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


__all__ = ["DEFAULT_OPTIONS", "check_players", "new_game"]
