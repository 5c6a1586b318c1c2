"""Reading one line of the notation: tokens, and matching them against a line pattern.

Words are compared case-insensitively and without ``_``, ``-`` or spaces, so that
``germania inferior``, ``Germania-Inferior`` and ``germania_inferior`` are one name,
and ``+2`` is ``plus2``; an action's name in an edition's language is that action
(``Hafen`` is ``seaport``: :mod:`adjudicator.notation.aliases`).  Commas, semicolons
and colons separate like spaces; ``#`` starts a comment; a name may be written in
double quotes (JSON escapes).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

from adjudicator.notation.aliases import english
from adjudicator.notation.table import ID, INT, TEXT, TOKEN, Item, Line, Opt, Slot, Vocab, Word

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#.*|"|[^\s,;:"#]+')
_MAX_JOIN = 3  # a name is written in at most 3 words ("germania inferior", "senate 2")


@dataclass(frozen=True)
class Token:
    raw: str  # as written (a quoted token: its decoded text)
    norm: str  # for comparing: lower case, no _ - or spaces, + as "plus"
    start: int  # offset in the line
    quoted: bool = False


class TokenError(ValueError):
    """A line that cannot be split into tokens (an unterminated or bad quoted name)."""


@functools.lru_cache(maxsize=4096)
def norm(text: str) -> str:
    text = text.lower().replace("+", "plus").rstrip(".!")
    return english(re.sub(r"[\s_\-]+", "", text))


def tokenize(line: str) -> list[Token]:
    """The tokens of ``line`` up to a ``#`` comment."""
    tokens: list[Token] = []
    for m in _TOKEN.finditer(line):
        text = m.group()
        if text.startswith("#"):
            break
        if text.startswith('"'):
            if len(text) < 2 or not text.endswith('"'):
                raise TokenError("a double quote is not closed")
            try:
                value = json.loads(text)
            except ValueError:
                raise TokenError(f"the quoted name {text} has a bad escape") from None
            tokens.append(Token(value, norm(value), m.start(), quoted=True))
        else:
            tokens.append(Token(text, norm(text), m.start()))
    return tokens


@dataclass
class Fail:
    """How far a line matched a pattern, and what was expected there."""

    pos: int
    expects: list[str]
    words: list[str] = field(default_factory=list)


@dataclass
class _Soft:
    """Expectations that could have continued the line at ``pos`` (an optional tail)."""

    pos: int
    expects: list[str]
    words: list[str]


def match_line(line: Line, tokens: list[Token], text: str) -> dict[str, Any] | Fail:
    """The fields of ``line`` read from all of ``tokens``, or how it failed."""
    found = match_items(line.items, tokens, 0, text)
    if isinstance(found, Fail):
        return found
    end, fields, soft = found
    if end < len(tokens):
        here = [s for s in soft if s.pos == end]
        return Fail(end, [e for s in here for e in s.expects] + ["the end of the line"],
                    [w for s in here for w in s.words])
    return fields


def match_items(items: tuple[Item, ...], tokens: list[Token], i: int,
                text: str) -> tuple[int, dict[str, Any], list[_Soft]] | Fail:
    """Match ``items`` from token ``i``: (next token, fields, optional continuations)."""
    fields: dict[str, Any] = {}
    soft: list[_Soft] = []
    for item in items:
        if isinstance(item, Opt):
            first = item.items[0]
            assert isinstance(first, Word)
            if isinstance(_word(first, tokens, i), Fail):
                soft.append(_Soft(i, [_show(first)], [first.spellings[0].split()[0]]))
                continue
            found = match_items(item.items, tokens, i, text)
            if isinstance(found, Fail):
                return found
            i, more, deeper = found
            fields.update(more)
            soft += deeper
        elif isinstance(item, Word):
            step = _word(item, tokens, i)
            if isinstance(step, Fail):
                return step
            i = step
            if item.flag:
                fields[item.flag] = True
        else:
            got = _slot(item, tokens, i, text, soft)
            if isinstance(got, Fail):
                return got
            i, fields[item.field] = got
    return i, fields, soft


def _show(word: Word) -> str:
    return " or ".join(f'"{s}"' for s in word.spellings)


def _word(word: Word, tokens: list[Token], i: int) -> int | Fail:
    best = Fail(i, [_show(word)], [word.spellings[0].split()[0]])
    for spelling in word.spellings:
        parts = spelling.split()
        j = 0
        while j < len(parts) and i + j < len(tokens) and tokens[i + j].norm == norm(parts[j]):
            j += 1
        if j == len(parts):
            return i + j
        if i < len(tokens) and tokens[i].norm and norm(spelling).startswith(tokens[i].norm):
            for k in range(1, min(len(parts), len(tokens) - i) + 1):
                if "".join(t.norm for t in tokens[i:i + k]) == norm(spelling):
                    return i + k
        if j and i + j > best.pos:
            best = Fail(i + j, [f'"{" ".join(parts[j:])}"'], [parts[j]])
    return best


def _slot(slot: Slot, tokens: list[Token], i: int, text: str,
          soft: list[_Soft]) -> tuple[int, Any] | Fail:
    vocab = slot.vocab
    if vocab is TEXT:
        if i >= len(tokens):
            return Fail(i, [vocab.what])
        if len(tokens) == i + 1 and tokens[i].quoted:
            return len(tokens), tokens[i].raw
        return len(tokens), text[tokens[i].start:].split("#")[0].strip()
    if vocab is ID or vocab is TOKEN:
        return (i + 1, tokens[i].raw) if i < len(tokens) else Fail(i, [vocab.what])
    if vocab is INT:
        if i < len(tokens) and re.fullmatch(r"[0-9]{1,16}", tokens[i].raw):
            return i + 1, int(tokens[i].raw)
        return Fail(i, [vocab.what])
    values: list[str] = []
    while len(values) < slot.most:
        got = _name(vocab, tokens, i)
        if got is None:
            break
        i, value = got
        values.append(value)
    if len(values) < slot.least:
        return Fail(i, [_describe(vocab)], list(vocab.values))
    if len(values) < slot.most:
        soft.append(_Soft(i, [_describe(vocab)], list(vocab.values)))
    if slot.least == slot.most == 1:
        return i, values[0]
    return i, tuple(values)


def _name(vocab: Vocab, tokens: list[Token], i: int) -> tuple[int, str] | None:
    names = _names(vocab)
    for k in range(min(_MAX_JOIN, len(tokens) - i), 0, -1):
        value = names.get("".join(t.norm for t in tokens[i:i + k]))
        if value is not None:
            return i + k, value
    return None


@functools.cache
def _names(vocab: Vocab) -> dict[str, str]:
    return {norm(v): v for v in vocab.values}


def _describe(vocab: Vocab) -> str:
    if "(" in vocab.what:
        return vocab.what
    if len(vocab.values) <= 12:
        return f"{vocab.what} ({', '.join(vocab.values)})"
    return f"{vocab.what} (such as {', '.join(vocab.values[:6])}, ...)"
