"""The forgiving reader: orders from a whole mail message, a pasted body or a text file.

An order block is found in each candidate text (:mod:`adjudicator.mail.message`), in the
writer's own lines first (:mod:`adjudicator.mail.clean`: above, between or below the
quoted lines of a reply):

1. the writer's lines between their own ``BEGIN ORDERS`` and ``END ORDERS`` lines;
2. else from the writer's first header line (``game ... decision ... player ...``) to the
   first line that is plainly not part of an order (greeting text before and after is
   ignored; a later line that reads as a step joins the block, so an order is never cut
   short by a stray line: that line is reported instead);
3. else a JSON object among the writer's lines;
4. else the writer's order lines without a header (steps typed above, inside or below the
   judge's quoted mail): the header is then the judge's reply template in the quoted (or
   Outlook's unquoted) mail, the block between its ``BEGIN ORDERS`` and ``END ORDERS``;
5. else an order in a forwarded or quoted message, but never the judge's own mail (its
   template holds no answer, its options are not the player's orders).

:func:`read_orders_located` also gives, for each part of the order, the line the player
wrote (:class:`Sources`), so that a refusal can quote it.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.mail.clean import Lines, Segments, normalise, segments
from adjudicator.mail.message import is_message, parts
from adjudicator.model.orders import OrderFile
from adjudicator.notation.match import Fail, TokenError, norm, tokenize
from adjudicator.notation.parse import corrected, parse_lines, quoted, read_line, to_order_file, where
from adjudicator.notation.table import BEGIN, END_BLOCK, HEADER, HEADER_FIELDS, MAIL_ONLY_HEADER, first_words

# What phones and webmail add below a message (no "-- " before it).
_SIGN_OFF = re.compile(r"(sent from|sent with|sent via|get outlook|download outlook|envoyé de|von meinem|"
                       r"enviado desde|enviado do|inviato da|verzonden (vanaf|met)|skickat från)\b",
                       re.IGNORECASE)

# An order is at most 64 steps and a header; an order block longer than this is refused
# unread (a crafted message must not cost minutes).
MAX_BLOCK_LINES = 300
# A block starts with a header line that names the order (a lone ``token`` line beside JSON
# orders does not start one).
_HEADER_WORDS = {norm(h.tag) for h in HEADER if h.tag not in MAIL_ONLY_HEADER}


@dataclass(frozen=True)
class Block:
    kind: str  # "text" (the notation), "json", or "too_long"
    lines: Lines
    # The writer's order-like lines that are not in the block, each with why it was not read.
    ignored: tuple[tuple[int, str, str], ...] = ()
    borrowed: frozenset[int] = frozenset()  # lines taken from the judge's quoted template


@dataclass(frozen=True)
class Sources:
    """The line the player wrote for each part of an order (JSON path prefix -> line)."""

    lines: dict[str, str] = field(default_factory=dict)
    ignored: tuple[tuple[int, str, str], ...] = ()
    borrowed: frozenset[str] = frozenset()  # paths whose line is the judge's (the quoted template)

    def borrowed_path(self, path: str) -> bool:
        """Whether the line of ``path`` came from the judge's quoted mail, not the player."""
        return any(path == k or path.startswith((k + ".", k + "[")) for k in self.borrowed)

    def line_of(self, path: str) -> str | None:
        """The player's line for a problem's JSON path (its longest known prefix)."""
        best = max((k for k in self.lines if path == k or path.startswith((k + ".", k + "["))),
                   key=len, default=None)
        return None if best is None else self.lines[best]


def read_orders(data: bytes, file: str, game_ids: Sequence[str] = ()) -> OrderFile:
    """The order in ``data`` (a mail message, a pasted body, text or JSON); the game named
    in a text header is resolved against ``game_ids``.  Raises :class:`Malformed`."""
    return read_orders_located(data, file, game_ids)[0]


def read_orders_located(data: bytes, file: str, game_ids: Sequence[str] = ()) -> tuple[OrderFile, Sources]:
    """The order in ``data`` and the player's line for each of its parts."""
    if is_message(data):
        candidates = [(p.place, p.text) for p in parts(data, file)]
    else:
        candidates = [("", decode(data))]
    return orders_in_located(candidates, file, game_ids)


def orders_in(candidates: Sequence[tuple[str, str]], file: str, game_ids: Sequence[str] = ()) -> OrderFile:
    """The order in the candidate texts of a message (``(place, text)``, in the order to
    try them: :func:`adjudicator.mail.message.parts`).  Raises :class:`Malformed`."""
    return orders_in_located(candidates, file, game_ids)[0]


def orders_in_located(candidates: Sequence[tuple[str, str]], file: str,
                      game_ids: Sequence[str] = ()) -> tuple[OrderFile, Sources]:
    """:func:`orders_in`, with the player's line for each part of the order."""
    found: list[tuple[OrderFile, Sources]] = []
    failed: list[Malformed] = []
    for place, text in candidates:
        block = find_block(text)
        if block is None:
            continue
        try:
            order, sources = _orders_of(block, place, file, game_ids)
        except Malformed as e:
            failed.append(Malformed([*e.problems, *_ignored_problems(block, place)]))
            continue
        if all(order != o for o, _ in found):
            found.append((order, sources))
    if len(found) > 1:
        raise Malformed([problem("mail.ambiguous", "$", "The message holds two different orders (in "
                                 "the text and in an attachment, say); send one.").located(file)])
    if found:
        return found[0]
    if failed:
        raise Malformed([p if p.file else p.located(file) for p in failed[0].problems])
    stray = [p for place, text in candidates
             for p in _ignored_problems(Block("text", [], tuple(signed_lines(segments(text)))), place)]
    none = problem("mail.no_orders", "$", "No orders were found: write your order lines at the top of your "
                   "reply to the judge's mail, or start them with a header line such as \"game trajan-449a "
                   "decision 41 player red\", or attach the order file.")
    raise Malformed([*(p.located(file) for p in stray[:MAX_IGNORED]), none.located(file)])


def decode(data: bytes) -> str:
    """Text as UTF-8, or else Windows-1252 (what a mail client or editor most likely wrote)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


# --- Where the orders are ---------------------------------------------------------------------

def find_block(text: str) -> Block | None:
    """The order block in ``text`` (see the module's docstring for the order of looking)."""
    seg = segments(text)
    template = _template(seg.quoted) or _template(seg.after)
    own = _marked(seg.own) or _headed(seg.own) or _json(seg.own)
    if own is not None:
        if own.kind == "text" and template is not None and not _has_header(own.lines):
            own = _headed_by(template, own)  # steps between the writer's own markers
        return _with_ignored(own, seg)
    if template is not None:
        steps = _steps_only(seg.own)
        if steps is not None:
            return _with_ignored(_headed_by(template, steps) if steps.kind == "text" else steps, seg)
    for lines in (seg.after, seg.quoted):
        block = _in_earlier(lines)
        if block is not None:
            return _with_ignored(block, seg)
    steps = _steps_only(seg.own)  # order lines with no header anywhere: reported as such
    return None if steps is None else _with_ignored(steps, seg)


def _headed_by(template: Lines, block: Block) -> Block:
    """The writer's lines under the header of the judge's template (lines they did not write)."""
    return Block(block.kind, template + block.lines, block.ignored, frozenset(n for n, _ in template))


def _in_earlier(lines: Lines) -> Block | None:
    """An order in a forwarded or quoted message: between its markers if it holds an answer
    there, else headed or JSON, unless it is the judge's mail (a template without answer)."""
    marked = _marked(lines)
    if marked is not None:
        answers = [t for _, t in marked.lines if _is_answer_line(t)]
        return marked if answers or marked.kind != "text" else None
    return _headed(lines) or _json(lines)


def _template(lines: Lines) -> Lines | None:
    """The header of the judge's reply template in quoted text: a ``BEGIN ORDERS`` block
    holding only header lines (the token among them) and comments."""
    block = _marked(lines)
    if block is None or block.kind != "text":
        return None
    header = [(n, t) for n, t in block.lines if t.strip() and not t.strip().startswith("#")]
    if not header or not all(_is_any_header(t) for _, t in header):
        return None
    return header


def _has_header(lines: Lines) -> bool:
    return any(_is_header_line(t) for _, t in lines)


def _is_answer_line(text: str) -> bool:
    try:
        return isinstance(read_line(text), tuple)
    except TokenError:
        return False


_MARKERS = {m: re.compile(r"[\W_]*" + r"[\W_]+".join(m.split()) + r"[\W_]*", re.IGNORECASE)
            for m in (BEGIN, END_BLOCK)}


def _is(line: str, marker: str) -> bool:
    """Whether ``line`` is the marker (``BEGIN ORDERS``, ``--- end orders ---``)."""
    return len(line) < 100 and _MARKERS[marker].fullmatch(line) is not None


def _marked(lines: Lines) -> Block | None:
    for k, (_, line) in enumerate(lines):
        if _is(line, BEGIN):
            body = lines[k + 1:]
            end = next((j for j, (_, t) in enumerate(body) if _is(t, END_BLOCK)), len(body))
            body = body[:end]
            kind = "json" if body and _first_text(body).startswith("{") else "text"
            return Block("too_long" if len(body) > MAX_BLOCK_LINES else kind, body)
    return None


def _first_text(lines: Lines) -> str:
    return next((t.strip() for _, t in lines if t.strip()), "")


def _headed(lines: Lines) -> Block | None:
    start = next((k for k, (_, t) in enumerate(lines) if _is_header_line(t)), None)
    if start is None:
        return None
    return _headed_from(lines, start)


def _headed_from(lines: Lines, start: int) -> Block:
    """The block from ``start`` to the last line of the order: it runs while lines are
    order-like, and on to any later line that reads as a step or answer (so a stray line
    inside an order is reported, never silently the end of it)."""
    end = start + 1
    while end < len(lines) and _order_like(lines[end][1], after_blank=not lines[end - 1][1].strip()):
        end += 1
        if end - start > MAX_BLOCK_LINES:
            return Block("too_long", lines[start:end])
    later = [k for k in range(end, min(len(lines), start + MAX_BLOCK_LINES + 1))
             if _is_answer_line(lines[k][1]) and not _SIGN_OFF.match(lines[k][1].strip())]
    if later:
        end = later[-1] + 1
    if end - start > MAX_BLOCK_LINES:
        return Block("too_long", lines[start:end])
    return Block("text", lines[start:end])


def _steps_only(lines: Lines) -> Block | None:
    """The writer's order lines when they wrote no header: every run of order-shaped lines
    (a reply may put them above the quote, inside it or below it), in order."""
    picked: Lines = []
    k = 0
    while k < len(lines):
        if not order_shaped(lines[k][1]):
            k += 1
            continue
        run = _headed_from(lines, k)
        if run.kind == "too_long" or len(picked) + len(run.lines) > MAX_BLOCK_LINES:
            return Block("too_long", picked + run.lines)
        picked += run.lines
        k = lines.index(run.lines[-1]) + 1
    return Block("text", picked) if picked else None


def _is_header_line(text: str) -> bool:
    if text.lstrip().startswith(('"', "{")):  # a line of JSON ("decision": 5,) is not a header
        return False
    first = text.split(maxsplit=1)[:1]
    if not first or norm(first[0].split(":")[0]) not in _HEADER_WORDS:
        return False
    return _is_any_header(text)


def _is_any_header(text: str) -> bool:
    try:
        return isinstance(read_line(text), list)
    except TokenError:
        return False


def _order_like(text: str, after_blank: bool) -> bool:
    """Whether a line belongs to the order block: blank, a comment, a line of the
    notation, or one shaped like a line of it (a misspelt step is reported, never silently
    the end of the orders); after a blank line, only one starting with a word of it."""
    if _is(text, END_BLOCK) or _SIGN_OFF.match(text.strip()):
        return False
    try:
        tokens = tokenize(text)
        if not tokens or not isinstance(read_line(text), Fail):
            return True
    except TokenError:
        return True
    if after_blank and tokens[0].norm not in _FIRST_WORDS:
        return False
    return order_shaped(text)


_FIRST_WORDS = frozenset(norm(w) for w in first_words())


@functools.lru_cache(maxsize=4096)
def order_shaped(text: str) -> bool:
    """Whether a line is meant as a line of orders: it reads as one, or it starts with a
    word of the notation (or nearly one) and either matches at least two words of a line
    of it, ends early, or reads once its misspelt words are corrected; prose ("Senate is
    mine next round!", "Trajan is a fine game.") is not."""
    if _SIGN_OFF.match(text.strip()) or _is(text, BEGIN) or _is(text, END_BLOCK):
        return False
    if text.lstrip().startswith(('"', "{", "}")):  # a line of JSON ("game_id": ...) is not one
        return False
    try:
        tokens = tokenize(text)
        found = read_line(text)
    except TokenError:
        return text.split(maxsplit=1)[:1] != [] and _near_first(norm(text.split(maxsplit=1)[0]))
    if not tokens or found is None:
        return False
    if not isinstance(found, Fail):
        return True
    if not _near_first(tokens[0].norm) or len(tokens) > 20:
        return False
    return found.pos >= 2 or found.pos >= len(tokens) or corrected(text) is not None


@functools.lru_cache(maxsize=4096)
def _near_first(word: str) -> bool:
    return word in _FIRST_WORDS or bool(difflib.get_close_matches(word, list(_FIRST_WORDS), n=1, cutoff=0.75))


def _json(lines: Lines) -> Block | None:
    start = next((k for k, (_, t) in enumerate(lines) if t.strip().startswith("{")), None)
    if start is None:
        return None
    end = max((k for k, (_, t) in enumerate(lines) if k >= start and t.strip().endswith("}")),
              default=len(lines) - 1)  # no end: all of it, to be reported as not JSON
    return Block("json", lines[start:end + 1])


# --- Lines the writer wrote that were not read --------------------------------------------------

MAX_IGNORED = 10  # lines named at most as not read


def _with_ignored(block: Block, seg: Segments) -> Block:
    """``block`` with the writer's order-shaped lines outside it, and why each was not read."""
    if block.kind == "too_long":
        return block
    read = {n for n, _ in block.lines}
    first = min(read, default=0)
    ignored: list[tuple[int, str, str]] = []
    if block.kind == "text":
        for n, text in seg.own:
            if n not in read and order_shaped(text):
                ignored.append((n, text, f"it stands {'above' if n < first else 'below'} the orders that "
                                         "were read (only one block of orders is read: put all your lines "
                                         "together)"))
    return Block(block.kind, block.lines, tuple((ignored + signed_lines(seg))[:MAX_IGNORED]), block.borrowed)


def signed_lines(seg: Segments) -> list[tuple[int, str, str]]:
    """The writer's order-shaped lines below their signature line."""
    return [(n, text, 'it stands below your signature line ("-- "), which is not read')
            for n, text in seg.signed[:MAX_BLOCK_LINES] if order_shaped(text)][:MAX_IGNORED]


def _ignored_problems(block: Block, place: str) -> list[Problem]:
    return [problem("mail.ignored_line", where(n, place),
                    f"{quoted(text.strip())}: this line was not read as part of your orders: {why}.")
            for n, text, why in block.ignored]


# --- The order ------------------------------------------------------------------------------------

def _orders_of(block: Block, place: str, file: str, game_ids: Sequence[str]) -> tuple[OrderFile, Sources]:
    if block.kind == "too_long":
        raise Malformed([problem("mail.too_long", where(block.lines[0][0], place),
                                 f"The orders starting here run over more than {MAX_BLOCK_LINES} lines; "
                                 "an order has at most 64 steps. End them with an END ORDERS line.")])
    if block.kind == "json":
        data = recover_json("\n".join(t for _, t in block.lines))
        label = f"{file} ({place})" if place else file
        return io.load_orders(data, label), Sources(ignored=block.ignored)
    text = parse_lines(block.lines, place)
    theirs = {where(n, place) for n in block.borrowed}
    borrowed = frozenset(f"$.{HEADER_FIELDS[k]}" for k, p in text.where.items()
                         if p in theirs and k in HEADER_FIELDS)
    return to_order_file(text, game_ids), Sources(text.sources, block.ignored, borrowed)


def recover_json(text: str) -> bytes:
    """JSON as mail left it, repaired where the repair is unambiguous: smart quotes (already
    plain), single quotes when the text has no double quote."""
    if '"' not in text and "'" in text:
        text = text.replace("'", '"')
    return text.strip().encode("utf-8")


def recover_json_orders(data: bytes, file: str) -> OrderFile | None:
    """An order file from JSON that mail mangled (``input.not_json``), or None if none is found."""
    text = normalise(decode(data))
    block = find_block(text)
    if block is None or block.kind != "json":
        return None
    try:
        return io.load_orders(recover_json("\n".join(t for _, t in block.lines)), file)
    except Malformed:
        return None
