"""The actions' and trays' names in the editions' languages are read as the notation's
English words (issue 31), and no alias is another word of the notation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.model.vocab import ACTIONS
from adjudicator.notation import table
from adjudicator.notation.aliases import alias_spellings, fold
from adjudicator.notation.match import norm
from adjudicator.notation.parse import parse_lines

TERMS = Path(__file__).resolve().parent.parent / "adjudicator" / "i18n" / "terms.json"
# The edition's names, as the terms table gives them (the data the aliases are made from).
EDITION = {(language, entry["word"]): term["term"]
           for entry in json.loads(TERMS.read_text(encoding="utf-8"))["terms"] if entry["kind"] == "action"
           for language, term in entry["in"].items()}


def _answer(text: str) -> object:
    lines = list(enumerate(text.strip().split("\n"), start=1))
    return parse_lines(lines).answer


def test_every_language_names_all_six_actions() -> None:
    for language in ("pt-BR", "de", "fr"):
        assert {word for (lang, word) in EDITION if lang == language} == set(ACTIONS)
    assert EDITION[("de", "seaport")] == "Hafen" and EDITION[("pt-BR", "construction")] == "Construção"


@pytest.mark.parametrize(("language", "action"), sorted(EDITION))
def test_an_editions_action_name_is_read_as_the_notations_word(language: str, action: str) -> None:
    name = EDITION[(language, action)]
    head = "game trajan-0000 decision 5 player red"
    english = _answer(f"{head}\nsow {action} blue\nextra {action}\n")
    for written in (name, name.upper(), name.lower()):
        assert _answer(f"{head}\nsow {written} blue\nextra {written}\n") == english, written


def test_aliases_read_in_every_place_an_action_is_named() -> None:
    head = "game trajan-0000 decision 5 player red"
    assert _answer(f"{head}\nsow Hafen blue\nHafen draw\ndiscard fish discard1\n") == \
        _answer(f"{head}\nsow seaport blue\nseaport draw\ndiscard fish discard1\n")
    assert _answer(f"{head}\nsow Militär pink\nmilitar recruit\nextra MILITAER\n") == \
        _answer(f"{head}\nsow military pink\nmilitary recruit\nextra military\n")
    assert _answer(f"{head}\nsow Sénat white\nsenat\n") == _answer(f"{head}\nsow senate white\nsenate\n")
    assert _answer(f"{head}\nsow construção white\nConstrucao hire\n") == \
        _answer(f"{head}\nsow construction white\nconstruction hire\n")
    assert _answer(f"{head}\nsow Bauen white\nforum extra action Hafen\n") == \
        _answer(f"{head}\nsow construction white\nforum extra action seaport\n")
    assert _answer(f"{head}\nsow trajano yellow\ntrajano legionnaires\n") == \
        _answer(f"{head}\nsow trajan yellow\ntrajan legionnaires\n")
    trays = "\n".join(f"tray {a} blue green" for a in ACTIONS[1:])
    assert _answer(f"game trajan-0000 decision 1 player red\ntray Porto blue green\n{trays}\n") == \
        _answer(f"game trajan-0000 decision 1 player red\ntray seaport blue green\n{trays}\n")


def _notation_words() -> dict[str, str]:
    """Every word of the notation, normalised as the reader compares it (without aliases),
    and what it is: the fixed words of every line and every vocabulary's values."""
    words: dict[str, str] = {}

    def plain(w: str) -> str:
        return fold(w.replace("+", "plus"))

    def add(item: object, line: table.Line) -> None:
        if isinstance(item, table.Word):
            for spelling in item.spellings:
                for part in spelling.split():
                    words.setdefault(plain(part), f"the word {part!r} of {line.tag}")
        elif isinstance(item, table.Opt):
            for inner in item.items:
                add(inner, line)
    for line in table.LINES:
        for item in line.items:
            add(item, line)
    for vocab in table.VOCABS:
        for value in vocab.values:
            words.setdefault(plain(value), f"{vocab.what} {value!r}")
    words.update({plain(w): "an order block word" for w in (*table.BEGIN.split(), *table.END_BLOCK.split())})
    return words


def _collisions(spellings: dict[str, dict[str, str]], words: dict[str, str]) -> list[str]:
    """Each alias that is another word of the notation, or means two actions."""
    bad, seen = [], {}
    for language, mine in spellings.items():
        for spelling, action in mine.items():
            key = fold(spelling)
            # The same as the English word it names (Forum, Trajan), or no notation word at all.
            if key != action and key in words:
                bad.append(f"{language} {spelling!r} is {words[key]}")
            before = seen.setdefault(key, (language, action))
            if before[1] != action:
                bad.append(f"{language} {spelling!r} names {action}, {before[0]} {before[1]}")
    return bad


def test_no_alias_is_another_word_of_the_notation_in_any_language() -> None:
    words = _notation_words()
    assert {"seaport", "fish", "discard1", "britannia", "sow", "tiles", "plus2"} <= set(words)
    assert sum(len(s) for s in alias_spellings().values()) >= 18
    assert _collisions(alias_spellings(), words) == []


def test_the_collision_check_finds_a_colliding_alias() -> None:
    words = _notation_words()
    made_up = {"de": {"Fisch": "seaport", "Sow": "senate", "Hafen": "seaport"}, "fr": {"hafen": "forum"}}
    assert _collisions(made_up, words) == [
        "de 'Sow' is the word 'sow' of sow", "fr 'hafen' names forum, de seaport"]


def test_an_english_word_is_unchanged_and_a_non_alias_is_not_an_action() -> None:
    for word in ("seaport", "forum", "fish", "britannia", "germania_inferior", "plus2", "discard1"):
        assert norm(word) == word.replace("_", "")
    assert norm("Hafn") == "hafn" and norm("porte") == "porte"
