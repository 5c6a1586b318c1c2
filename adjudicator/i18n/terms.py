"""The game's own words in each edition (``terms.json``, issue 31), as data.

Each entry names an English word and, per language, the edition's term, its sources and
how sure it is (``high``: read in the edition's rules; ``medium``: in a review or a
player's account of that edition; ``low``: no edition source found).  Kinds:

- ``action``: the six actions, which are also the trays' names; their terms (and the
  listed ``aliases``) are accepted by the notation's reader (:mod:`adjudicator.notation.aliases`);
- ``game``: the words the translations use for the game's components and rules;
- ``notation`` and ``data``: the words of the notation (kept English: they are the file
  format) and the vocabulary's values; every translated mail explains those it shows
  (:func:`glossary`).
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Literal

import msgspec

from adjudicator.model.roster import Language

Kind = Literal["action", "game", "notation", "data"]
Confidence = Literal["high", "medium", "low"]


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class Source(_Data, frozen=True):
    """Where terms were read: a rulebook's transcription, a review (``url``: empty for the seeds)."""

    title: str
    url: str
    language: str


class Term(_Data, frozen=True):
    """A word in one language: the edition's term, its sources and how sure it is."""

    term: str
    sources: tuple[str, ...]
    confidence: Confidence
    aliases: tuple[str, ...] = ()
    pattern: str | None = None  # what a translation of a sentence with the word must contain


class Entry(_Data, frozen=True):
    """One English word of the game, and its term in each language."""

    word: str
    kind: Kind
    about: str
    # msgspec reads the keys "pt-BR", "de", "fr" of "in"
    translations: dict[str, Term] = msgspec.field(name="in")


class TermsFile(_Data, frozen=True):
    """``terms.json``: what it is, its sources, its entries."""

    about: str
    sources: dict[str, Source]
    terms: tuple[Entry, ...]


@functools.cache
def table() -> TermsFile:
    """The terms table, read once."""
    data = (resources.files(__package__ or __name__) / "terms.json").read_bytes()
    return msgspec.json.decode(data, type=TermsFile)


@functools.cache
def explained(language: Language) -> dict[str, str]:
    """The notation's and data's words with their explanation in ``language``."""
    out: dict[str, str] = {}
    for entry in table().terms:
        if entry.kind != "game" and language in entry.translations:
            out.setdefault(entry.word, entry.translations[language].term)
    return out


@functools.cache
def action_terms(language: Language) -> dict[str, str]:
    """The six actions' names in ``language``'s edition (``seaport`` -> ``Hafen``)."""
    return {e.word: e.translations[language].term for e in table().terms
            if e.kind == "action" and language in e.translations}


_WORD = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
_NUMBERED = re.compile(r"^(.*?)-\d+$")


def _meaning(word: str, words: dict[str, str]) -> list[tuple[str, str]]:
    """The glossary lines for one word of the notation or data: itself if known, else its
    parts (``extra-seaport``: extra, seaport; ``stairs-3``: stairs)."""
    if word in words:
        return [(word, words[word])]
    numbered = _NUMBERED.match(word)
    if numbered and numbered.group(1) in words:
        return [(numbered.group(1), words[numbered.group(1)])]
    parts = [p for p in re.split(r"[-_]", word) if p in words]
    return [(p, words[p]) for p in parts] if len(parts) == len(re.split(r"[-_]", word)) else []


def glossary(notation_lines: list[str], language: Language) -> list[tuple[str, str]]:
    """The words of the notation and data in ``notation_lines`` with their terms in
    ``language``, once each, in the order of the table (empty for English)."""
    if language == "en":
        return []
    words = explained(language)
    found: dict[str, str] = {}
    for line in notation_lines:
        for token in _WORD.findall(line.lower()):
            for word, term in _meaning(token, words):
                found.setdefault(word, term)
    order = {w: i for i, w in enumerate(words)}
    return sorted(found.items(), key=lambda item: order[item[0]])
