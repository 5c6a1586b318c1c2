"""The arena's command-line words: bots as ``NAME[:BUDGET]``, player counts, ``--sprt``."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.arena.games import BotSpec
from adjudicator.arena.match import MatchPlan, Sprt
from adjudicator.errors import Malformed, Problem, problem


def bot_specs(words: Sequence[str]) -> tuple[BotSpec, ...]:
    """The bots named on the command line; raises :class:`Malformed` listing every bad name."""
    from adjudicator.bots import BOT_NAMES

    specs, problems = [], []
    for i, word in enumerate(words):
        name, sep, budget = word.partition(":")
        path = f"BOTS[{i}]"
        if name not in BOT_NAMES and (sep or "." in name):  # a bot of one's own: package.module:Class
            problems += _loadable(word, path)
            specs.append(BotSpec(label=word, name=word))
            continue
        if name not in BOT_NAMES:
            problems.append(problem("args.unknown_bot", path,
                                    f"Unknown bot {name!r}; expected one of {', '.join(BOT_NAMES)} "
                                    "(optionally with :BUDGET, e.g. search:64)."))
            continue
        if sep and not (budget.isdigit() and int(budget) <= 1_000_000):
            problems.append(problem("args.usage", path, f"The budget after {name}: is a whole number from "
                                    f"0 to 1000000, not {budget!r}."))
            continue
        specs.append(BotSpec(label=word, name=name, budget=int(budget) if sep else None))
    if len(words) < 2:
        problems.append(problem("args.usage", "BOTS", "An arena needs at least two bots."))
    _raise(problems)
    return tuple(_unique(specs))


def _loadable(word: str, path: str) -> list[Problem]:
    """A bot author's ``package.module:Class``: importable, and a class with ``answer``."""
    from adjudicator.arena.games import load_class

    if not word.partition(":")[2]:
        return [problem("args.unknown_bot", path, f"A bot of your own is named package.module:Class, "
                         f"not {word!r}.")]
    try:
        cls = load_class(word)
    except (ImportError, AttributeError) as e:
        return [problem("args.unknown_bot", path, f"Cannot load the bot {word!r} ({type(e).__name__}: {e}).")]
    if not callable(getattr(cls, "answer", None)):
        return [problem("args.unknown_bot", path, f"{word!r} has no answer(view) method.")]
    return []


def _unique(specs: list[BotSpec]) -> list[BotSpec]:
    """The same bot named twice is told apart by its place: ``greedy`` and ``greedy#2``."""
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        seen[s.label] = seen.get(s.label, 0) + 1
        out.append(s if seen[s.label] == 1 else BotSpec(f"{s.label}#{seen[s.label]}", s.name, s.budget,
                                                        s.weights, s.model))
    return out


def player_counts(text: str, bots: int) -> list[int]:
    """``--players``: 2, 3 or 4, or several comma-separated, each fitting the bots given;
    raises :class:`Malformed` listing every bad word."""
    counts, problems = [], []
    for word in (w.strip() for w in text.split(",")):
        if word not in ("2", "3", "4"):
            problems.append(problem("args.usage", "--players", f"--players takes 2, 3 or 4 "
                                    f"(comma-separated for several), not {word!r}."))
            continue
        n = int(word)
        if bots != n and bots != 2:
            problems.append(problem("args.usage", "--players", f"{bots} bots cannot share {n} seats: "
                                    "give two bots (the first against copies of the second) or one per "
                                    "seat."))
        counts.append(n)
    _raise(problems)
    return list(dict.fromkeys(counts))


def sprt(text: str | None, alpha: str, beta: str) -> Sprt | None:
    """``--sprt ELO0,ELO1`` with ``--alpha`` and ``--beta`` (read as text and checked here,
    every bad one reported); ``None`` without ``--sprt``."""
    problems: list[Problem] = []
    a, b = _rate(alpha, "--alpha", problems), _rate(beta, "--beta", problems)
    if text is None:
        _raise(problems)
        return None
    parts = text.split(",")
    try:
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        elo0 = elo1 = float("nan")
    if len(parts) != 2 or not elo0 < elo1 or abs(elo0) > 2000 or abs(elo1) > 2000:
        problems.insert(0, problem("args.usage", "--sprt", f"--sprt takes ELO0,ELO1 with ELO0 < ELO1 "
                                   f"(e.g. 0,50), not {text!r}."))
    _raise(problems)
    return Sprt(elo0=elo0, elo1=elo1, alpha=a, beta=b)


def _rate(text: str, option: str, problems: list[Problem]) -> float:
    """An error rate of the SPRT, above 0 and below 0.5; a problem added otherwise."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < 0.5:
        problems.append(problem("args.usage", option, f"{option} is an error rate above 0 and below 0.5, "
                                f"not {text!r}."))
    return value


def command(bots: Sequence[str], plan: MatchPlan, extra: Sequence[str]) -> str:
    """The command line that plays ``plan`` again (shell-quoted)."""
    import shlex

    words = ["trajan", "arena", *bots, "--players", str(plan.players), "--games",
             str(plan.setups * plan.players), "--seed", plan.seed, *extra]
    return " ".join(shlex.quote(w) for w in words)


def output_folder(path: str) -> None:
    """``-o``: its folder must exist (checked before hours of games, not after)."""
    from pathlib import Path

    if not Path(path).resolve().parent.is_dir():
        _raise([problem("args.usage", "-o", f"The folder of {path!r} does not exist; nothing was played.")])


def _raise(problems: list[Problem]) -> None:
    if problems:
        raise Malformed(problems)
