"""Where the shuffles come from, and what binds the game id and start player to them (issue 14).

Every game file records ``seed`` (secret until the game is over), ``commitment``
(SHA-256 of ``"trajan-seed-commitment:" + seed``, public from the start) and ``seeding``
(public): how the seed was made and what was chosen by hand.

* The **setup seed**, from which every shuffle and the start player are drawn
  (:mod:`adjudicator.rng`), is ``seed`` itself, except in a fair start, where it is the
  SHA-256 hex of ``"trajan-fair-seed:" + seed`` followed, for each seat in seat order,
  by ``"\\n" + colour + "=" + contribution`` (:func:`setup_seed`).  ``seed`` is then the
  game master's secret, committed before any player contributed.
* The **game id**, unless chosen by hand, is ``"trajan-"`` + the first 12 hex digits of
  SHA-256 of ``"game-id\\x00"`` + commitment, seats joined by ",", the start player if
  chosen by hand (else empty) and :func:`options_text`, joined by ``"\\x00"``, and, in a
  fair start where not every seat contributes, the contributors joined by "," (one more
  ``"\\x00"``-joined part; issue 25): anyone can check it from the first file, and
  neither a new seed nor another start player, options or contributors chosen after a
  fair start's announcement can keep the announced id.
* The **start player**, unless chosen by hand, is drawn from the setup seed (stream
  ``start-player``).
* A seed is refused when empty, and when shorter than :data:`MIN_SEED` characters unless
  the game is marked as a test game (a short seed can be guessed from the commitment).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from adjudicator.digest import sha256
from adjudicator.errors import Malformed, Problem, problem
from adjudicator.model.state import Contribution, Options, Seeding, SeedMethod

if TYPE_CHECKING:
    from adjudicator.i18n import Translator

MIN_SEED = 16
FAIR_PREFIX = "trajan-fair-seed:"
GAME_ID_PREFIX = "game-id\x00"


def seed_problems(seed: str, method: SeedMethod, path: str = "--seed") -> list[Problem]:
    """Why ``seed`` may not be the seed of a game made by ``method`` (empty when it may)."""
    if not seed:
        return [problem("new.empty_seed", path, "The seed is empty; it would be known to everyone.")]
    if len(seed) < MIN_SEED and method in ("fair", "master"):
        chars = f"{len(seed)} character{'s' if len(seed) != 1 else ''}"
        return [problem("new.weak_seed", path,
                        f"The seed has {chars}; at least {MIN_SEED} are needed, or anyone could find it "
                        "from the commitment (use --test-seed for a test game).")]
    return []


def contribution_problems(seats: Sequence[str], method: SeedMethod,
                          contributions: Sequence[Contribution]) -> list[Problem]:
    """A fair start has one contribution from each of its contributors (at least one seat;
    every seat unless the announcement named fewer), in seat order; other games have none."""
    if method != "fair":
        if contributions:
            return [problem("new.contributions_unfair", "$.seeding.contributions",
                            "Only a fair start has contributions.")]
        return []
    given = [c.player for c in contributions]
    if not given or given != [s for s in seats if s in given] or len(set(given)) != len(given):
        return [problem("new.contributions_incomplete", "$.seeding.contributions",
                        f"A fair start needs one contribution from each of its contributors, at least "
                        f"one, in seat order ({', '.join(seats)}); got {', '.join(given) or 'none'}.")]
    return []


def check(seats: Sequence[str], seed: str, method: SeedMethod,
          contributions: Sequence[Contribution]) -> None:
    """Refuse a seed or contributions that ``method`` does not allow (see :func:`seed_problems` and
    :func:`contribution_problems`); raises :class:`~adjudicator.errors.Malformed` with every
    problem."""
    problems = seed_problems(seed, method) + contribution_problems(seats, method, contributions)
    if problems:
        raise Malformed(problems)


def setup_seed(seed: str, seeding: Seeding) -> str:
    """The seed every shuffle and the start player are drawn from."""
    if seeding.method != "fair":
        return seed
    material = FAIR_PREFIX + seed + "".join(f"\n{c.player}={c.value}" for c in seeding.contributions)
    return sha256(material.encode()).hexdigest()


def default_game_id(commitment: str, seats: Sequence[str], first: str | None = None,
                    options: Options | None = None, contributors: Sequence[str] | None = None) -> str:
    """The game id bound to the commitment, the seats, a start player chosen by hand, the
    rules options that differ from their defaults and, when not every seat contributes to
    a fair start, its contributors (so none can be changed after the announcement of a fair
    start without changing the id)."""
    return game_id_from(commitment, seats, first, options_text(options), contributors)


def game_id_from(commitment: str, seats: Sequence[str], first: str | None, options: str,
                 contributors: Sequence[str] | None) -> str:
    """:func:`default_game_id` with the options as :func:`options_text` gives them."""
    parts = [commitment, ",".join(seats), first or "", options]
    if contributors is not None and list(contributors) != list(seats):
        parts.append(",".join(contributors))
    material = "\x00".join(parts)
    return "trajan-" + sha256((GAME_ID_PREFIX + material).encode()).hexdigest()[:12]


def contributors_of(seeding: Seeding) -> tuple[str, ...] | None:
    """The players who contributed to a fair start (None for any other start)."""
    return tuple(c.player for c in seeding.contributions) if seeding.method == "fair" else None


def options_text(options: Options | None) -> str:
    """``name=value`` for each option that differs from its default, by name, joined by ","."""
    if options is None:
        return ""
    default = Options()
    return ",".join(f"{name}={msgspec.json.encode(options.value(name)).decode()}"
                    for name in sorted(options.__struct_fields__)
                    if options.value(name) != default.value(name))


def describe(seeding: Seeding, tr: Translator | None = None) -> str:
    """One short line on how the game started, for reports, ``show`` and ``verify`` (in
    ``tr``'s language for a player's mail; English by default)."""
    if tr is None:
        from adjudicator.i18n import ENGLISH

        tr = ENGLISH
    text = {
        "fair": tr.gettext("fair (the seed comes from the game master's committed secret and every player's "
                           "contribution)"),
        "master": tr.gettext("not fair (the game master drew the seed alone)"),
        "test": tr.gettext("not fair (a test seed)"),
        "unmarked": tr.gettext("unmarked (an older file that does not record how the seed was made)"),
    }[seeding.method]
    if seeding.start_player_chosen and seeding.game_id_chosen:
        text += tr.gettext("; start player and game id chosen by hand")
    elif seeding.start_player_chosen:
        text += tr.gettext("; start player chosen by hand")
    elif seeding.game_id_chosen:
        text += tr.gettext("; game id chosen by hand")
    return text


__all__ = ["MIN_SEED", "FAIR_PREFIX", "GAME_ID_PREFIX", "seed_problems", "contribution_problems", "check",
           "setup_seed", "default_game_id", "game_id_from", "contributors_of", "options_text", "describe"]
