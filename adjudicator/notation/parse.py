"""Text orders to the JSON order form: every line read, every problem named by its line.

:func:`parse_lines` reads numbered lines (already cleaned of what mail does to text, see
:mod:`adjudicator.mail.read`) into a :class:`TextOrder`; :func:`to_order_file` resolves
the game named in the header against the game file and gives the
:class:`~adjudicator.model.orders.OrderFile`, exactly as if it had been written in JSON.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.escape import terminal
from adjudicator.model.orders import ORDERS_FORMAT, Answer, OrderFile
from adjudicator.model.vocab import ACTIONS
from adjudicator.notation.match import Fail, Token, TokenError, match_items, match_line, norm, tokenize
from adjudicator.notation.table import (
    ANSWER_OF_KIND,
    ANSWERS,
    CONTINUE,
    END,
    HEADER,
    HEADER_FIELDS,
    MAX_CARDS,
    REQUIRED_HEADER,
    STEPS,
    Line,
    Word,
    first_words,
)

MIN_GAME_PREFIX = 4  # a game id may be shortened to a unique prefix of this many characters
MAX_LINE = 1000  # characters in one line of an order (the longest real one is under 100)
MAX_PROBLEMS = 100  # problems listed at most


@dataclass
class TextOrder:
    """An order read from text: the header as written, the answer, and where each came from."""

    header: dict[str, Any]
    answer: Answer
    where: dict[str, str] = field(default_factory=dict)  # header key -> path of its line


def where(lineno: int, place: str = "") -> str:
    """The path of a line in a problem: ``line 7`` (or ``orders.txt line 7``)."""
    return f"{place} line {lineno}".strip()


def quoted(text: str, limit: int = 80) -> str:
    """A player's line, quoted and escaped once for a message (``"`` and ``\\`` escaped, every
    non-printable character as ``\\uXXXX``: :func:`adjudicator.escape.terminal`)."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return '"' + terminal(cut.replace("\\", "\\\\").replace('"', '\\"')) + '"'


# --- One line ------------------------------------------------------------------------------

def read_line(text: str) -> tuple[Line, dict[str, Any]] | list[tuple[Line, dict[str, Any]]] | Fail | None:
    """What one line says: a pattern and its fields, header pairs (a list), a failure, or None
    for a blank or comment line."""
    tokens = tokenize(text)
    if not tokens:
        return None
    if _is_header(tokens):
        return _header_pairs(tokens, text)
    best: Fail | None = None
    for line in _BY_FIRST.get(tokens[0].norm, _ALL):
        found = match_line(line, tokens, text)
        if not isinstance(found, Fail):
            return line, found
        best = _deeper(best, found)
    assert best is not None
    return best


_ALL = (*STEPS, END, CONTINUE, *ANSWERS)
# The lines worth trying for a first word (any other first word: all of them).
def _index() -> dict[str, tuple[Line, ...]]:
    out: dict[str, tuple[Line, ...]] = {}
    for line in _ALL:
        first = line.items[0]
        assert isinstance(first, Word)
        for spelling in first.spellings:
            word = norm(spelling.split()[0])
            out[word] = (*out.get(word, ()), line)
    return out


_BY_FIRST = _index()


def _is_header(tokens: list[Token]) -> bool:
    return any(tokens[0].norm == norm(h.tag) for h in HEADER)


def _header_pairs(tokens: list[Token], text: str) -> list[tuple[Line, dict[str, Any]]] | Fail:
    pairs: list[tuple[Line, dict[str, Any]]] = []
    i = 0
    while i < len(tokens):
        best: Fail | None = None
        for line in HEADER:
            found = match_items(line.items, tokens, i, text)
            if not isinstance(found, Fail):
                i, fields, _ = found
                pairs.append((line, fields))
                break
            best = _deeper(best, found)
        else:
            assert best is not None
            if best.pos == i:
                best.expects = [f'"{h.tag}"' for h in HEADER]
                best.words = [h.tag for h in HEADER]
            return best
    return pairs


def _deeper(best: Fail | None, found: Fail) -> Fail:
    if best is None or found.pos > best.pos:
        return Fail(found.pos, list(found.expects), list(found.words))
    if found.pos == best.pos:
        best.expects += [e for e in found.expects if e not in best.expects]
        best.words += [w for w in found.words if w not in best.words]
    return best


def fail_problem(text: str, failure: Fail, path: str) -> Problem:
    """The problem for a line that does not read: what was expected, and the nearest word."""
    tokens = tokenize(text)
    line = quoted(text.strip())
    if failure.pos == 0:
        expects = "a step, an answer or a header word (" + ", ".join(first_words()) + ")"
        words = first_words()
    else:
        expects = _either(failure.expects)
        words = failure.words
    if failure.pos >= len(tokens):
        return problem("notation.missing_word", path, f"{line}: the line ends where {expects} was expected.")
    token = tokens[failure.pos]
    extra = failure.expects[-1:] == ["the end of the line"]
    code = "notation.extra_words" if extra else "notation.unknown_word"
    message = f"{line}: {quoted(token.raw)} is not understood here; expected {expects}."
    near = suggest_among([t.raw for t in tokens[failure.pos:failure.pos + 3]], words)
    if near is not None:
        message += f' Did you mean "{near}"?'
    return problem(code, path, message)


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def suggest_among(tokens: Sequence[str], choices: Sequence[str]) -> str | None:
    """The valid word nearest to the first token, or to it joined with the next one or two
    (``wild extras`` -> ``wild-extra``), whichever is nearest."""
    by_norm = {norm(c): c for c in choices}
    best: tuple[float, str] | None = None
    for k in range(1, len(tokens) + 1):
        word = norm("".join(tokens[:k]))
        for near in difflib.get_close_matches(word, list(by_norm), n=1, cutoff=0.6):
            ratio = difflib.SequenceMatcher(None, word, near).ratio()
            if best is None or ratio > best[0]:
                best = (ratio, by_norm[near])
    return best[1] if best else None


def suggest(word: str, choices: Sequence[str]) -> str | None:
    """The valid word nearest to ``word`` (``milatary`` -> ``military``), if one is near."""
    by_norm = {norm(c): c for c in choices}
    near = difflib.get_close_matches(norm(word), list(by_norm), n=1, cutoff=0.6)
    return by_norm[near[0]] if near else None


# --- The whole order -----------------------------------------------------------------------

@dataclass
class _Collected:
    header: dict[str, Any] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)
    answers: list[tuple[str, Line, dict[str, Any]]] = field(default_factory=list)  # (path, line, fields)
    problems: list[Problem] = field(default_factory=list)


def parse_lines(lines: Sequence[tuple[int, str]], place: str = "") -> TextOrder:
    """Read numbered lines of the notation; raises :class:`Malformed` naming every bad line."""
    got = _Collected()
    for lineno, text in lines:
        path = where(lineno, place)
        if len(text) > MAX_LINE:
            got.problems.append(problem("notation.line_too_long", path, f"{quoted(text)}: this line has "
                                        f"more than {MAX_LINE} characters; no order line is that long."))
            continue
        try:
            found = read_line(text)
        except TokenError as e:
            got.problems.append(problem("notation.bad_quote", path, f"{quoted(text.strip())}: {e}."))
            continue
        if found is None:
            continue
        if isinstance(found, Fail):
            got.problems.append(fail_problem(text, found, path))
        elif isinstance(found, list):
            _add_header(got, found, path)
        else:
            got.answers.append((path, *found))
    first = where(lines[0][0], place) if lines else where(1, place)
    answer = _answer(got, first)
    missing = [k for k in REQUIRED_HEADER if k not in got.header]
    if missing and not got.problems:
        got.problems.append(problem(
            "notation.no_header" if not got.header else "notation.missing_header", first,
            "The orders must start with a header naming the game, the decision and the player, "
            "for example: game trajan-449a decision 41 player red"
            + (f" (missing: {', '.join(missing)})." if got.header else ".")))
    if len(got.problems) > MAX_PROBLEMS:
        more = problem("notation.too_many_problems", got.problems[MAX_PROBLEMS].path,
                       f"Only the first {MAX_PROBLEMS} problems are listed.")
        got.problems = [*got.problems[:MAX_PROBLEMS], more]
    if got.problems:
        raise Malformed(got.problems)
    assert answer is not None
    return TextOrder(header=got.header, answer=answer, where=got.where)


def _add_header(got: _Collected, pairs: list[tuple[Line, dict[str, Any]]], path: str) -> None:
    for line, fields in pairs:
        if line.tag in got.header:
            got.problems.append(problem("notation.repeated", path, f'The header names "{line.tag}" twice '
                                        f"({got.where[line.tag]} and here)."))
            continue
        got.header[line.tag] = fields[line.tag]
        got.where[line.tag] = path


def _answer(got: _Collected, first: str) -> Answer | None:
    if not got.answers:
        if not got.problems:
            got.problems.append(problem("notation.no_answer", first,
                                        "There is no answer or step after the header (a turn with no "
                                        "further step is written: end turn)."))
        return None
    kind = ANSWER_OF_KIND[got.answers[0][1].kind]
    for path, line, _ in got.answers:
        if ANSWER_OF_KIND[line.kind] != kind:
            got.problems.append(problem("notation.mixed_answer", path,
                                        f"This line answers a {ANSWER_OF_KIND[line.kind]} decision, but the "
                                        f"lines before it answer a {kind} decision; one order answers one "
                                        "decision."))
            return None
    before = len(got.problems)
    value = _BUILD[kind](got)
    if len(got.problems) > before:
        return None
    try:
        answer: Answer = msgspec.convert(value, Answer)
        return answer
    except msgspec.ValidationError as e:
        got.problems.append(problem("notation.invalid", got.answers[0][0], f"The answer is not valid: {e}."))
        return None


def _turn(got: _Collected) -> dict[str, Any]:
    steps = []
    decision = "turn"
    for n, (path, line, fields) in enumerate(got.answers):
        if line.kind == "continue":
            if n:
                got.problems.append(problem("notation.continue_not_first", path,
                                            '"continue turn" may only be the first line of the answer.'))
            decision = line.tag
            continue
        if line.kind == "end":
            if n != len(got.answers) - 1:
                got.problems.append(problem("notation.end_not_last", path,
                                            '"end turn" ends the turn: no step may follow it.'))
            continue
        steps.append({"do": line.tag, **fields})
    return {"decision": decision, "steps": steps}


def _markers(got: _Collected) -> dict[str, Any]:
    trays: dict[str, Any] = {}
    for path, _, fields in got.answers:
        if fields["tray"] in trays:
            got.problems.append(problem("notation.repeated", path,
                                        f"The {fields['tray']} tray is given twice."))
        trays[fields["tray"]] = fields["markers"]
    missing = [a for a in ACTIONS if a not in trays]
    if missing:
        got.problems.append(problem("notation.missing_trays", got.answers[-1][0],
                                    f"Every tray needs 2 markers; missing: {', '.join(missing)} "
                                    "(one line each, e.g. tray seaport yellow orange)."))
    return {"decision": "setup_markers", "trays": {a: trays[a] for a in ACTIONS if a in trays}}


def _cards(got: _Collected) -> dict[str, Any]:
    take = [s for _, _, fields in got.answers for s in fields["take"]]
    if len(take) > MAX_CARDS:
        got.problems.append(problem("notation.too_many", got.answers[-1][0],
                                    f"At most {MAX_CARDS} starting cards are taken; these lines take "
                                    f"{len(take)}."))
    return {"decision": "setup_cards", "take": take}


def _single(got: _Collected) -> dict[str, Any]:
    for path, _, _ in got.answers[1:]:
        got.problems.append(problem("notation.repeated", path,
                                    "This answer is given in one line; it is given twice."))
    _, line, fields = got.answers[0]
    if line.kind == "tiles":
        return {"decision": line.tag, "slots": fields}
    return {"decision": line.tag, **fields}


_BUILD = {"turn": _turn, "setup_markers": _markers, "setup_cards": _cards, "setup_trajan": _single,
          "demands": _single, "consul": _single}


# --- The game named in the header ------------------------------------------------------------

def resolve_game(written: str, game_ids: Sequence[str], path: str) -> str:
    """The game id that ``written`` names among ``game_ids``: itself, or the one game id it
    begins (at least 4 characters, any case); raises :class:`Malformed`."""
    if written in game_ids:
        return written
    if len(written) < MIN_GAME_PREFIX:
        raise Malformed([problem("notation.game_prefix_short", path,
                                 f"The game {quoted(written)} is too short to name a game: give at least "
                                 f"{MIN_GAME_PREFIX} characters of its id.")])
    found = [g for g in game_ids if g.lower().startswith(written.lower())]
    if len(found) == 1:
        return found[0]
    if found:
        raise Malformed([problem("notation.game_ambiguous", path,
                                 f"The game {quoted(written)} could be any of {', '.join(found)}; give more "
                                 "of its id.")])
    raise Malformed([problem("notation.wrong_game", path,
                             f"These orders name the game {quoted(written)}, but the game file is "
                             f"{' or '.join(game_ids)}.")])


def to_order_file(order: TextOrder, game_ids: Sequence[str] = ()) -> OrderFile:
    """The JSON order form of ``order``; the game id resolved against ``game_ids`` if given."""
    header = dict(order.header)
    if game_ids:
        header["game"] = resolve_game(header["game"], game_ids, order.where["game"])
    envelope = {HEADER_FIELDS[k]: v for k, v in header.items() if k in HEADER_FIELDS}
    try:
        raw = {"format": ORDERS_FORMAT, **envelope, "answer": msgspec.to_builtins(order.answer)}
        return msgspec.convert(raw, OrderFile)
    except msgspec.ValidationError as e:
        message, _, at = str(e).partition(" - at `$.")
        key = next((k for k, v in HEADER_FIELDS.items() if at.startswith(v)), "game")
        raise Malformed([problem("notation.invalid", order.where.get(key, "line 1"),
                                 f"The header is not valid: {message}.")]) from None
