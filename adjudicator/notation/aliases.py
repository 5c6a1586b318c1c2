"""The actions' (and so the trays') names in the editions' languages, read as the English
words of the notation (issue 31): ``sow Hafen blue`` is ``sow seaport blue``, ``militar
recruit`` is ``military recruit``.  The notation itself stays English (the canonical text,
the order files); an alias only widens what the reader accepts, for every player.

The aliases come from the terms table (``adjudicator/i18n/terms.json``, the six entries of
kind ``action``: each language's term and its listed spellings).  They are compared as the
reader compares words (lower case, without ``_``, ``-`` or spaces) and also without
accents, so ``Militär``, ``militar`` and ``MILITAER`` are one word, ``Sénat`` is ``senat``.
``tests/test_i18n_aliases.py`` checks that no alias is another word of the notation.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from pathlib import Path

TERMS = Path(__file__).resolve().parent.parent / "i18n" / "terms.json"


def fold(word: str) -> str:
    """``word`` as aliases are compared: lower case, no accents, no ``_``, ``-`` or spaces."""
    text = unicodedata.normalize("NFKD", word.lower().replace("ß", "ss"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s_\-]+", "", text)


def alias_spellings() -> dict[str, dict[str, str]]:
    """Each language's aliases as written in the table: spelling -> the English action."""
    out: dict[str, dict[str, str]] = {}
    for entry in json.loads(TERMS.read_bytes())["terms"]:
        if entry["kind"] != "action":
            continue
        for language, term in entry["in"].items():
            mine = out.setdefault(language, {})
            for spelling in (term["term"], *term.get("aliases", ())):
                mine[spelling] = entry["word"]
    return out


@functools.cache
def aliases() -> dict[str, str]:
    """Every alias, folded, to the English action it names (``forum`` for ``Fórum`` too)."""
    return {fold(spelling): word for spellings in alias_spellings().values()
            for spelling, word in spellings.items()}


def english(normed: str) -> str:
    """The English word for a word already normalised by the reader (itself if no alias)."""
    table = aliases()
    if normed.isascii():
        return table.get(normed, normed)
    return table.get(fold(normed), normed)
