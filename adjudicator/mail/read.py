"""The forgiving reader: orders from a whole mail message, a pasted body or a text file.

An order block is found in each candidate text (:mod:`adjudicator.mail.message`): the
lines between optional ``BEGIN ORDERS`` / ``END ORDERS`` lines, or from the first header
line (``game ... decision ... player ...``) to the first line that is plainly not part
of an order (greeting text before and after is ignored), or else a JSON object (smart
or single quotes, quoting and quoted-printable undone where that is unambiguous).  The
writer's own lines are searched first, then a forwarded message, then the quoted text.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.mail.clean import Lines, normalise, segments
from adjudicator.mail.message import is_message, parts
from adjudicator.model.orders import OrderFile
from adjudicator.notation.match import Fail, TokenError, norm, tokenize
from adjudicator.notation.parse import parse_lines, read_line, to_order_file, where
from adjudicator.notation.table import BEGIN, END_BLOCK, HEADER, MAIL_ONLY_HEADER, first_words

# What phones and webmail add below a message (no "-- " before it).
_SIGN_OFF = re.compile(r"(sent from|sent with|get outlook|envoyé de|von meinem|enviado desde)\b",
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


def read_orders(data: bytes, file: str, game_ids: Sequence[str] = ()) -> OrderFile:
    """The order in ``data`` (a mail message, a pasted body, text or JSON); the game named
    in a text header is resolved against ``game_ids``.  Raises :class:`Malformed`."""
    if is_message(data):
        candidates = [(p.place, p.text) for p in parts(data, file)]
    else:
        candidates = [("", decode(data))]
    return orders_in(candidates, file, game_ids)


def orders_in(candidates: Sequence[tuple[str, str]], file: str, game_ids: Sequence[str] = ()) -> OrderFile:
    """The order in the candidate texts of a message (``(place, text)``, in the order to
    try them: :func:`adjudicator.mail.message.parts`).  Raises :class:`Malformed`."""
    found: list[OrderFile] = []
    failed: list[Malformed] = []
    for place, text in candidates:
        block = find_block(text)
        if block is None:
            continue
        try:
            order = _orders_of(block, place, file, game_ids)
        except Malformed as e:
            failed.append(e)
            continue
        if order not in found:
            found.append(order)
    if len(found) > 1:
        raise Malformed([problem("mail.ambiguous", "$", "The message holds two different orders (in "
                                 "the text and in an attachment, say); send one.").located(file)])
    if found:
        return found[0]
    if failed:
        raise Malformed([p if p.file else p.located(file) for p in failed[0].problems])
    raise Malformed([problem("mail.no_orders", "$", "No orders were found: start them with a header line "
                             "such as \"game trajan-449a decision 41 player red\" (optionally between "
                             "BEGIN ORDERS and END ORDERS lines), or attach the order file.").located(file)])


def decode(data: bytes) -> str:
    """Text as UTF-8, or else Windows-1252 (what a mail client or editor most likely wrote)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def find_block(text: str) -> Block | None:
    """The order block in ``text``: the writer's own lines first, then own lines typed into
    the quoted judge's mail, then forwarded, then quoted lines."""
    own, after, quoted = segments(text)
    block = _in(own) or _typed_into_quote(own, quoted)
    if block is not None:
        return block
    for lines in (after, quoted):
        block = _in(lines)
        if block is not None:
            return block
    return None


def _in(lines: Lines) -> Block | None:
    return _marked(lines) or _headed(lines) or _json(lines)


def _typed_into_quote(own: Lines, quoted: Lines) -> Block | None:
    """Own lines answering the quoted judge's mail: typed between its quoted ``BEGIN ORDERS``
    and ``END ORDERS`` lines, or steps above it whose header is in its quoted reply
    template (the judge's own header for this player and decision)."""
    merged = sorted(own + quoted)
    marked = _marked(merged)
    mine = {n for n, t in own if t.strip()}
    if marked is not None and any(n in mine for n, _ in marked.lines):
        return marked
    template = _marked(quoted)
    if template is None or not template.lines:
        return None
    header = [(n, t) for n, t in template.lines if t.strip() and not t.strip().startswith("#")]
    if not header or not all(_is_header_line(t) for _, t in header):
        return None
    start = next((k for k, (_, t) in enumerate(own) if _is_answer_line(t)), None)
    if start is None:
        return None
    steps = _headed_from(own, start)
    return Block(steps.kind, header + steps.lines) if steps.kind == "text" else steps


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
    end = start
    while end < len(lines) and _order_like(lines[end][1], after_blank=not lines[end - 1][1].strip()):
        end += 1
        if end - start > MAX_BLOCK_LINES:
            return Block("too_long", lines[start:end])
    return Block("text", lines[start:end])


def _is_header_line(text: str) -> bool:
    if text.lstrip().startswith(('"', "{")):  # a line of JSON ("decision": 5,) is not a header
        return False
    first = text.split(maxsplit=1)[:1]
    if not first or norm(first[0].split(":")[0]) not in _HEADER_WORDS:
        return False
    try:
        return isinstance(read_line(text), list)
    except TokenError:
        return False


def _order_like(text: str, after_blank: bool) -> bool:
    """Whether a line belongs to the order block: blank, a comment, a line of the
    notation, or a line starting with a word of it, or nearly one right after other order
    lines (a misspelt line is an error, never silently the end of the orders)."""
    if _is(text, END_BLOCK) or _SIGN_OFF.match(text.strip()):
        return False
    try:
        tokens = tokenize(text)
        if not tokens or not isinstance(read_line(text), Fail):
            return True
    except TokenError:
        return True
    first = tokens[0].norm
    words = [norm(w) for w in first_words()]
    if after_blank:
        return first in words
    return bool(first) and bool(difflib.get_close_matches(first, words, n=1, cutoff=0.75))


def _json(lines: Lines) -> Block | None:
    start = next((k for k, (_, t) in enumerate(lines) if t.strip().startswith("{")), None)
    if start is None:
        return None
    end = max((k for k, (_, t) in enumerate(lines) if k >= start and t.strip().endswith("}")),
              default=len(lines) - 1)  # no end: all of it, to be reported as not JSON
    return Block("json", lines[start:end + 1])


def _orders_of(block: Block, place: str, file: str, game_ids: Sequence[str]) -> OrderFile:
    if block.kind == "too_long":
        raise Malformed([problem("mail.too_long", where(block.lines[0][0], place),
                                 f"The orders starting here run over more than {MAX_BLOCK_LINES} lines; "
                                 "an order has at most 64 steps. End them with an END ORDERS line.")])
    if block.kind == "json":
        data = recover_json("\n".join(t for _, t in block.lines))
        label = f"{file} ({place})" if place else file
        return io.load_orders(data, label)
    return to_order_file(parse_lines(block.lines, place), game_ids)


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
