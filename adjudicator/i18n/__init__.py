"""Mail in the player's language (issue 31): a translator per language, passed explicitly.

The game file, the log's reports, the order files and the hash chain are canonical English
(``verify`` and the witnesses compare them byte for byte); only what is *mailed* to a
person is translated: the player's mail (rendered from the same events and view with
translated templates), receipts, refusals, reminders, and the game master's messages.

A :class:`Translator` is a value handed to the code that writes text (``tr`` parameters,
default :data:`ENGLISH`): there is no global locale, no ``gettext.install`` and no
``setlocale``, so a mail is the same bytes whatever the environment's locale.  English is
the identity (the ``msgid`` is the English text) and needs nothing installed; the other
languages read compiled catalogues (``locale/<ll_CC>/LC_MESSAGES/trajan.mo``, shipped in the
package) with the standard library's :mod:`gettext`.  Only dates need Babel
(:meth:`Translator.when`); without it a date is written in the RFC 2822 form.

Marking strings for extraction (``pybabel extract``, see :mod:`.catalogues`)::

    _ = tr.gettext
    line = _("{player} took {card} from {pile}.").format(player=..., card=..., pile=...)
    line = tr.ngettext("{n} card", "{n} cards", n).format(n=n)
    TITLE = N_("The turn")   # marked here, translated where it is shown: _(TITLE)

Placeholders are ``str.format`` names (``{player}``), never positional, so a translation
may reorder them; ``tests/test_i18n_catalogues.py`` checks every translation keeps them.
"""

from __future__ import annotations

import functools
from datetime import datetime
from typing import TYPE_CHECKING, get_args

from adjudicator.model.roster import Language

if TYPE_CHECKING:  # imported where a catalogue is read: English (every log's report) needs neither
    import gettext
    from importlib.resources.abc import Traversable

# The languages a player's mail may be in (the roster's ``language``, judge.toml's).
LANGUAGES: tuple[Language, ...] = get_args(Language)
DOMAIN = "trajan"


def locale_name(language: Language) -> str:
    """The gettext and Babel name of a language: ``pt-BR`` -> ``pt_BR``."""
    return language.replace("-", "_")


def N_(message: str) -> str:  # noqa: N802 (the gettext convention for "mark, translate later")
    """Mark ``message`` for extraction without translating it (translated where shown)."""
    return message


class Translator:
    """The text of one language: ``gettext``, ``ngettext``, ``pgettext`` and dates.

    English (no catalogue) returns every ``msgid`` as it is, so English text is exactly
    the marked source text, byte for byte."""

    def __init__(self, language: Language, catalogue: gettext.NullTranslations | None = None) -> None:
        self.language = language
        self._catalogue = catalogue

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def gettext(self, message: str) -> str:
        """``message`` in this language (itself where the catalogue has none: English)."""
        return message if self._catalogue is None else self._catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` (the language's plural rule)."""
        if self._catalogue is None:
            return singular if n == 1 else plural
        return self._catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` (a word that translates differently by where it stands)."""
        return message if self._catalogue is None else self._catalogue.pgettext(context, message)

    def action(self, action: str) -> str:
        """An action's (or tray's) name in prose: the edition's term (``Hafen``); English:
        the notation's word itself (``seaport``)."""
        if self._catalogue is None:
            return action
        from adjudicator.i18n.terms import action_terms

        return action_terms(self.language).get(action, action)

    def when(self, moment: datetime) -> str:
        """A date and time for a person (``moment`` already in the game's time zone)."""
        from adjudicator.i18n.dates import format_when

        return format_when(moment, self)


def catalogue_path(language: Language) -> Traversable:
    """Where the compiled catalogue of ``language`` is in the package."""
    from importlib import resources

    return (resources.files(__name__) / "locale" / locale_name(language) / "LC_MESSAGES"
            / f"{DOMAIN}.mo")


@functools.cache
def translator(language: Language) -> Translator:
    """The translator of ``language`` (its catalogue read once; English needs none)."""
    if language == "en":
        return ENGLISH
    import gettext
    import io

    data = catalogue_path(language).read_bytes()
    return Translator(language, gettext.GNUTranslations(io.BytesIO(data)))


ENGLISH = Translator("en")
