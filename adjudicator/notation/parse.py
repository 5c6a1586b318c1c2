"""Text orders to the JSON order form: every line read, every problem named by its line.

:func:`parse_lines` reads numbered lines (already cleaned of what mail does to text, see
:mod:`adjudicator.mail.read`) into a :class:`TextOrder`; :func:`to_order_file` resolves
the game named in the header against the game file and gives the
:class:`~adjudicator.model.orders.OrderFile`, exactly as if it had been written in JSON.
"""

from __future__ import annotations

import difflib
import re
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
    # The line written for each part of the order file (a JSON path -> the line's text), so
    # that a problem found later (by the rules, at a JSON path) can quote the player's line.
    sources: dict[str, str] = field(default_factory=dict)


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
    """The problem for a line that does not read: every word of it that is not understood
    (each misspelling is corrected in turn to find the next), what was expected, the nearest
    words, and the corrected line when it then reads."""
    tokens = tokenize(text)
    line = quoted(text.strip())
    if failure.pos >= len(tokens):
        return problem("notation.missing_word", path,
                       f"{line}: the line ends where {_expects(failure)} was expected.")
    extra = failure.expects[-1:] == ["the end of the line"]
    code = "notation.extra_words" if extra else "notation.unknown_word"
    said, fixed = _corrections(text, failure)
    if fixed is not None:
        said.append(f"Write instead: {fixed}")
    elif extra and len(said) == 1:
        shorter = text[:tokens[failure.pos].start]
        if not isinstance(_reads(shorter), Fail | None):
            said.append(f"Write instead: {shorter.strip()}")
    return problem(code, path, f"{line}: " + " ".join(said))


def corrected(text: str) -> str | None:
    """The line with every misspelt word replaced by the nearest word the notation
    expects there, if it then reads (``milatary recruit`` -> ``military recruit``)."""
    found = _reads(text)
    if not isinstance(found, Fail):
        return None
    if found.pos >= len(tokenize(text)):
        return None
    return _corrections(text, found)[1]


def _corrections(text: str, failure: Fail) -> tuple[list[str], str | None]:
    """What is wrong with each word in turn, and the corrected line if it then reads."""
    said: list[str] = []
    fixed, fail = text, failure
    for _ in range(_MAX_WORDS):
        now = tokenize(fixed)
        token = now[fail.pos]
        lead = "is not understood here" if not said else "is not understood either"
        said.append(f"{quoted(token.raw)} {lead}; expected {_expects(fail)}.")
        near = nearest([t.raw for t in now[fail.pos:fail.pos + 3]], _words(fail))
        if near is None:
            return said, None
        said[-1] += f' Did you mean "{near[0]}"?'
        end = now[fail.pos + near[1] - 1]
        fixed = fixed[:token.start] + near[0] + fixed[end.start + len(_span(fixed, end)):]
        found = _reads(fixed)
        if not isinstance(found, Fail):
            return said, (fixed.split("#")[0].strip() if found is not None else None)
        if found.pos >= len(tokenize(fixed)):
            said.append(f"Even so, the line ends where {_expects(found)} was expected.")
            return said, None
        if found.pos <= fail.pos:
            return said, None
        fail = found
    return said, None


_MAX_WORDS = 6  # misspelt words named at most in one line


def _expects(failure: Fail) -> str:
    if failure.pos == 0:
        return "a step, an answer or a header word (" + ", ".join(first_words()) + ")"
    return _either(failure.expects)


def _words(failure: Fail) -> list[str]:
    return first_words() if failure.pos == 0 else failure.words


def _span(text: str, token: Token) -> str:
    """The characters of ``token`` as written in ``text`` (a quoted name with its quotes)."""
    if token.quoted:
        m = re.match(r'"(?:[^"\\\n]|\\.)*"', text[token.start:])
        return m.group() if m else token.raw
    return token.raw


def _reads(text: str) -> tuple[Line, dict[str, Any]] | list[tuple[Line, dict[str, Any]]] | Fail | None:
    try:
        return read_line(text)
    except TokenError:
        return Fail(0, [])


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def suggest_among(tokens: Sequence[str], choices: Sequence[str]) -> str | None:
    """The valid word nearest to the first token, or to it joined with the next one or two
    (``wild extras`` -> ``wild-extra``), whichever is nearest."""
    found = nearest(tokens, choices)
    return None if found is None else found[0]


def nearest(tokens: Sequence[str], choices: Sequence[str]) -> tuple[str, int] | None:
    """:func:`suggest_among`'s word, and how many of ``tokens`` it stands for."""
    by_norm = {norm(c): c for c in choices}
    best: tuple[float, str, int] | None = None
    for k in range(1, len(tokens) + 1):
        word = norm("".join(tokens[:k]))
        for near in difflib.get_close_matches(word, list(by_norm), n=1, cutoff=0.6):
            ratio = difflib.SequenceMatcher(None, word, near).ratio()
            if best is None or ratio > best[0]:
                best = (ratio, by_norm[near], k)
    return (best[1], best[2]) if best else None


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
    text_of: dict[str, str] = field(default_factory=dict)  # path of a line -> its text


def parse_lines(lines: Sequence[tuple[int, str]], place: str = "") -> TextOrder:
    """Read numbered lines of the notation; raises :class:`Malformed` naming every bad line."""
    got = _Collected()
    for lineno, text in lines:
        path = where(lineno, place)
        got.text_of[path] = text.strip()
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
        head = next((t.strip() for _, t in lines if t.strip()), "")
        got.problems.append(problem(
            "notation.no_header" if not got.header else "notation.missing_header", first,
            (f"{quoted(head)}: " if head else "")
            + ("the" if head else "The") + " orders must start with a header naming the game, the "
            "decision and the player, for example: game trajan-449a decision 41 player red"
            + (f" (missing: {', '.join(missing)})." if got.header else ".")))
    if len(got.problems) > MAX_PROBLEMS:
        more = problem("notation.too_many_problems", got.problems[MAX_PROBLEMS].path,
                       f"Only the first {MAX_PROBLEMS} problems are listed.")
        got.problems = [*got.problems[:MAX_PROBLEMS], more]
    if got.problems:
        raise Malformed(got.problems)
    assert answer is not None
    return TextOrder(header=got.header, answer=answer, where=got.where, sources=_sources(got))


def _sources(got: _Collected) -> dict[str, str]:
    """The JSON path of each part of the order, and the text of the line that wrote it."""
    out = {f"$.{HEADER_FIELDS[k]}": got.text_of[p] for k, p in got.where.items() if k in HEADER_FIELDS}
    if not got.answers:
        return out
    out["$.answer"] = got.text_of[got.answers[0][0]]
    kind = got.answers[0][1].kind
    steps = [(path, fields) for path, line, fields in got.answers if line.kind == "step"]
    if ANSWER_OF_KIND[kind] == "turn":
        out.update({f"$.answer.steps[{i}]": got.text_of[path] for i, (path, _) in enumerate(steps)})
    elif kind == "markers":
        out.update({f"$.answer.trays.{f['tray']}": got.text_of[path] for path, _, f in got.answers})
    elif kind == "cards":
        taken = [got.text_of[path] for path, _, f in got.answers for _ in f["take"]]
        out.update({f"$.answer.take[{i}]": text for i, text in enumerate(taken)})
    return out


def _line_problem(got: _Collected, code: str, path: str, sentence: str) -> Problem:
    """A problem at a line, its sentence after the line as written (so a mail can quote it)."""
    text = got.text_of.get(path, "")
    if not text:
        return problem(code, path, sentence)
    return problem(code, path, f"{quoted(text)}: {sentence[:1].lower()}{sentence[1:]}")


def _add_header(got: _Collected, pairs: list[tuple[Line, dict[str, Any]]], path: str) -> None:
    for line, fields in pairs:
        if line.tag in got.header:
            got.problems.append(_line_problem(got, "notation.repeated", path,
                                              f'The header names "{line.tag}" twice '
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
            got.problems.append(_line_problem(got, "notation.mixed_answer", path,
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
        got.problems.append(_line_problem(got, "notation.invalid", got.answers[0][0],
                                          f"The answer is not valid: {e}."))
        return None


def _turn(got: _Collected) -> dict[str, Any]:
    steps = []
    decision = "turn"
    for n, (path, line, fields) in enumerate(got.answers):
        if line.kind == "continue":
            if n:
                got.problems.append(_line_problem(got, "notation.continue_not_first", path,
                                            '"continue turn" may only be the first line of the answer.'))
            decision = line.tag
            continue
        if line.kind == "end":
            if n != len(got.answers) - 1:
                got.problems.append(_line_problem(got, "notation.end_not_last", path,
                                            '"end turn" ends the turn: no step may follow it.'))
            continue
        steps.append({"do": line.tag, **fields})
    return {"decision": decision, "steps": steps}


def _markers(got: _Collected) -> dict[str, Any]:
    trays: dict[str, Any] = {}
    for path, _, fields in got.answers:
        if fields["tray"] in trays:
            got.problems.append(_line_problem(got, "notation.repeated", path,
                                        f"The {fields['tray']} tray is given twice."))
        trays[fields["tray"]] = fields["markers"]
    missing = [a for a in ACTIONS if a not in trays]
    if missing:
        got.problems.append(_line_problem(got, "notation.missing_trays", got.answers[-1][0],
                                    f"Every tray needs 2 markers; missing: {', '.join(missing)} "
                                    "(one line each, e.g. tray seaport yellow orange)."))
    return {"decision": "setup_markers", "trays": {a: trays[a] for a in ACTIONS if a in trays}}


def _cards(got: _Collected) -> dict[str, Any]:
    take = [s for _, _, fields in got.answers for s in fields["take"]]
    if len(take) > MAX_CARDS:
        got.problems.append(_line_problem(got, "notation.too_many", got.answers[-1][0],
                                    f"At most {MAX_CARDS} starting cards are taken; these lines take "
                                    f"{len(take)}."))
    return {"decision": "setup_cards", "take": take}


def _single(got: _Collected) -> dict[str, Any]:
    for path, _, _ in got.answers[1:]:
        got.problems.append(_line_problem(got, "notation.repeated", path,
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
        try:
            header["game"] = resolve_game(header["game"], game_ids, order.where["game"])
        except Malformed as e:
            raise _header_quoted(e, order.sources.get("$.game_id")) from None
    envelope = {HEADER_FIELDS[k]: v for k, v in header.items() if k in HEADER_FIELDS}
    try:
        raw = {"format": ORDERS_FORMAT, **envelope, "answer": msgspec.to_builtins(order.answer)}
        return msgspec.convert(raw, OrderFile)
    except msgspec.ValidationError as e:
        message, _, at = str(e).partition(" - at `$.")
        key = next((k for k, v in HEADER_FIELDS.items() if at.startswith(v)), "game")
        raise _header_quoted(Malformed([problem("notation.invalid", order.where.get(key, "line 1"),
                                                f"The header is not valid: {message}.")]),
                             order.sources.get("$.game_id")) from None


def _header_quoted(e: Malformed, line: str | None) -> Malformed:
    """``e`` with each problem's sentence after the header line as written (so a mail can
    quote the player's own line, as for every other line)."""
    if line is None:
        return e
    return Malformed([msgspec.structs.replace(p, message=f"{quoted(line)}: {p.message}") for p in e.problems])
