"""The catalogues, for developers: extract the marked strings, update each language's
``.po``, compile the ``.mo`` files the package ships (Babel's tools; the ``i18n`` extra).

    python -m adjudicator.i18n.catalogues          # extract, update, compile: after a wording change
    python -m adjudicator.i18n.catalogues compile  # after translating (editing a .po file)

The compiled ``.mo`` files are committed (see ``docs/incoming/languages.md``): ``pip
install .`` then needs no Babel and no build step of its own, offline from a clean clone;
``tests/test_i18n_catalogues.py`` fails when a ``.mo`` is not the compiled ``.po``, when
the template misses a marked string, or when a translation is missing, fuzzy or changes
the placeholders.  Run from the repository's root.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from adjudicator.i18n import DOMAIN, LANGUAGES, locale_name

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
MAPPING = (HERE / "babel").with_suffix(".cfg")  # babel.cfg
ROOT = HERE.parent.parent


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract() -> None:
    """The template (``trajan.pot``) from the marked strings of the package's source."""
    with contextlib.chdir(ROOT):  # the locations in the template: adjudicator/...
        _pybabel("extract", "-F", str(MAPPING), "-o", str(TEMPLATE), "--add-location=file", "--sort-by-file",
                 "-c", "Translators:", "--project=trajan", "--copyright-holder=the trajan authors",
                 "--no-wrap", "adjudicator")


def update() -> None:
    """Each shipped language's ``.po`` brought up to the template (new ones made)."""
    for language in LANGUAGES[1:]:
        po = LOCALE / locale_name(language) / "LC_MESSAGES" / f"{DOMAIN}.po"
        command = "update" if po.exists() else "init"
        extra = ["--ignore-obsolete", "--no-wrap"] if command == "update" else ["--no-wrap"]
        _pybabel(command, "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", locale_name(language),
                 *extra)


def compile_all() -> None:
    """Each ``.po`` compiled to the ``.mo`` the package reads (fuzzy entries left out)."""
    _pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")


def main(argv: list[str]) -> int:
    """Run the steps named by ``argv[0]`` (``all`` by default); the exit code."""
    steps = {"extract": [extract], "update": [update], "compile": [compile_all],
             "all": [extract, update, compile_all]}
    what = argv[0] if argv else "all"
    if what not in steps:
        print(f"usage: python -m adjudicator.i18n.catalogues [{'|'.join(steps)}]", file=sys.stderr)
        return 2
    for step in steps[what]:
        step()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
