"""A Babel extraction method for the problem table (``data/problems.json``): the meaning
of every code a player can meet in a mail (the prefixes of
:data:`adjudicator.i18n.problems.PLAYER_PREFIXES`) becomes a message of the catalogue,
so a refusal can say in the player's language what is wrong.  ``babel.cfg`` names it."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from adjudicator.i18n.problems import PLAYER_PREFIXES


def problem_meanings(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                     options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """(line, no function, the meaning, a comment naming the code), code by code."""
    text = fileobj.read().decode("utf-8")
    lines = text.split("\n")
    for entry in json.loads(text)["problems"]:
        if entry["code"].split(".")[0] in PLAYER_PREFIXES:
            at = next((i for i, line in enumerate(lines, 1) if f'"{entry["code"]}"' in line), 0)
            yield at, None, entry["meaning"], [f"Translators: the problem {entry['code']} ({entry['kind']})"]
