"""The catalogues are complete and the compiled ones are current (issue 31).

The marked strings are extracted from the source here with Babel's extractor (not with
``adjudicator.i18n.catalogues``, the tool under test), and every shipped language's
``.po`` is read with Babel's reader: every marked string has a translation there, not
fuzzy, with every plural form; no translation drops, adds or changes a placeholder;
each committed ``.mo`` holds exactly the ``.po``'s translations; the plural rule is the
language's (CLDR); and a sentence naming one of the game's components uses the
edition's printed term for it (the terms table's ``pattern``).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

pytest.importorskip("babel", reason="the i18n extra (Babel) is needed to read the catalogues")

from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import read_mo  # noqa: E402
from babel.messages.plurals import get_plural  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from adjudicator.i18n import LANGUAGES, catalogue_path, locale_name, translator  # noqa: E402
from adjudicator.i18n.terms import table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "adjudicator" / "i18n" / "locale"
SHIPPED = [lang for lang in LANGUAGES if lang != "en"]
Key = tuple[str | None, str]
# A str.format field: its name, and the conversion and format spec that must stay the same.
FIELD = re.compile(r"\{(\w*)([!:][^{}]*)?\}")


def _source_messages() -> dict[Key, str | None]:
    """Every string the source marks, and every meaning of a problem a player meets, as the
    extraction configuration (``babel.cfg``) says: (context, msgid) -> its plural msgid."""
    with open(ROOT / "adjudicator" / "i18n" / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    assert [m for _, m in method_map] == ["python", "adjudicator.i18n.extract.problem_meanings"]
    found: dict[Key, str | None] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "adjudicator"), method_map=method_map, options_map=options_map, keywords=DEFAULT_KEYWORDS):
        singular, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        found[(context, singular)] = plural
    return found


SOURCE = _source_messages()


def _po(language: str) -> Catalog:
    with open(LOCALE / locale_name(language) / "LC_MESSAGES" / "trajan.po", "rb") as f:  # type: ignore[arg-type]
        return read_po(f)


def _key(m: Message) -> Key:
    return (m.context, m.id[0] if isinstance(m.id, (tuple, list)) else m.id)


def _messages(catalogue: Catalog) -> dict[Key, Message]:
    return {_key(m): m for m in catalogue if m.id}


def _forms(m: Message) -> tuple[str, ...]:
    return tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)


def _fields(text: str) -> list[str]:
    return sorted(f"{name}{spec or ''}" for name, spec in FIELD.findall(text))


def test_the_source_marks_strings_and_the_template_has_them_all() -> None:
    assert len(SOURCE) > 300
    assert (None, "The tray chosen is empty; a turn begins with a tray holding at least one marker.") in SOURCE
    with open(LOCALE / "trajan.pot", "rb") as f:
        template = _messages(read_po(f))
    assert set(template) == set(SOURCE), "run: python -m adjudicator.i18n.catalogues"


@pytest.mark.parametrize("language", SHIPPED)
def test_every_marked_string_is_translated(language: str) -> None:
    mine = _messages(_po(language))
    missing = [key for key in SOURCE if key not in mine]
    assert not missing, f"{language}: not in the catalogue (run the catalogue update): {missing[:5]}"
    stale = [key for key in mine if key not in SOURCE]
    assert not stale, f"{language}: no longer in the source: {stale[:5]}"
    untranslated = [key for key, m in mine.items()
                    if m.fuzzy or not all(_forms(m))]
    assert not untranslated, f"{language}: untranslated or fuzzy: {untranslated[:5]}"
    for key, m in mine.items():
        plural = SOURCE[key]
        assert isinstance(m.id, tuple) == (plural is not None), key
        if plural is not None:
            assert isinstance(m.string, tuple) and len(m.string) == get_plural(locale_name(language)).num_plurals


@pytest.mark.parametrize("language", SHIPPED)
def test_no_translation_drops_adds_or_changes_a_placeholder(language: str) -> None:
    wrong = []
    for key, m in _messages(_po(language)).items():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        wanted = _fields(ids[0])
        assert all(_fields(i) == wanted for i in ids), key  # the English forms agree
        for form in _forms(m):
            if _fields(form) != wanted:
                wrong.append((key, form))
            else:
                form.format(**{name: "x" for name in (f.split(":")[0].split("!")[0] for f in wanted)})
    assert not wrong, f"{language}: {wrong[:3]}"


def test_the_placeholder_check_sees_a_dropped_or_changed_field() -> None:
    assert _fields("{player} took {card}") != _fields("{player} nahm")
    assert _fields("  {stack:<13} {top}") != _fields("  {stack} {top}")
    assert _fields("{a} {b}") == _fields("{b} ... {a}")


@pytest.mark.parametrize("language", SHIPPED)
def test_the_compiled_catalogue_is_the_po_file(language: str) -> None:
    translated = {key: _forms(m) for key, m in _messages(_po(language)).items() if not m.fuzzy}
    compiled = _messages(read_mo(io.BytesIO(catalogue_path(language).read_bytes())))
    assert {key: _forms(m) for key, m in compiled.items()} == translated, \
        "run: python -m adjudicator.i18n.catalogues compile"


@pytest.mark.parametrize("language", SHIPPED)
def test_plural_forms_follow_the_languages_rule(language: str) -> None:
    rule = get_plural(locale_name(language))
    assert _po(language).plural_forms == rule.plural_forms
    tr = translator(language)
    forms = [tr.ngettext("{n} commodity card in hand", "{n} commodity cards in hand", n) for n in (0, 1, 2, 5)]
    singular, *_many, plural = _forms(_messages(_po(language))[(None, "{n} commodity card in hand")])
    # Portuguese (Brazil) and French say 0 in the singular, German in the plural.
    zero = singular if language in ("pt-BR", "fr") else plural
    assert forms == [zero, singular, plural, plural]


def _said(entry_word: str, msgid: str) -> bool:
    """Whether ``msgid`` names the component (not in a placeholder or a quoted notation word)."""
    prose = re.sub(r"\{[^{}]*\}|'[^']*'", " ", msgid)
    return re.search(rf"(?<![\w-]){re.escape(entry_word)}s?(?![\w-])", prose, re.IGNORECASE) is not None


@pytest.mark.parametrize("language", SHIPPED)
def test_sentences_use_the_editions_terms(language: str) -> None:
    checked, wrong = 0, []
    terms = [(e.word, e.translations[language].pattern) for e in table().terms
             if e.kind == "game" and language in e.translations and e.translations[language].pattern]
    assert len(terms) >= 8
    for m in _messages(_po(language)).values():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        for word, pattern in terms:
            if _said(word, ids[0]):
                checked += 1
                for form in _forms(m):
                    if not re.search(pattern or "", form, re.IGNORECASE):
                        wrong.append((word, ids[0], form))
    assert checked > 40
    assert not wrong, f"{language}: {wrong[:3]}"
