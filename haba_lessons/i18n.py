"""The course's language: which one is chosen, and the library's words in it.

English is the source and the fallback: a string without a translation is shown in English.
Another language is a gettext catalog shipped in the package,
``haba_lessons/locale/<code>/LC_MESSAGES/haba_lessons.po`` (edited with Babel's tools, see
``locale/README.md``); it is compiled in memory the first time it is needed (fuzzy entries
left out, as gettext does), so no compiled ``.mo`` file can fall behind its ``.po``.

The language is chosen, strongest first, by :func:`set_language` (``setup(lang="de")`` in a
notebook calls it), then the environment variable ``HABA_LANG`` (``haba-lessons open --lang
de`` sets it for every kernel of the course), else English.

    from haba_lessons.i18n import _, ngettext, number
    _("right.")                                   # "richtig." in German
    ngettext("{n} roll", "{n} rolls", n).format(n=n)
    number(0.2712, ".3f")                         # "0,271" in German, "0.271" in English

Module-level texts are marked with :func:`N_` (found by the extractor, translated where they
are shown, with ``_(TEXT)``), so a change of language applies to them too.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import os
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import InvalidArgumentError

#: The source language, always available and the fallback for anything untranslated.
SOURCE = "en"
#: The environment variable that chooses the language when no code did.
ENVIRONMENT = "HABA_LANG"
DOMAIN = "haba_lessons"
LOCALE = Path(__file__).resolve().parent / "locale"

_chosen: str | None = None
_CODE = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z]{2})?$")


def available() -> list[str]:
    """The languages there are: English and every language with a catalog in the package."""
    shipped = sorted(folder.name for folder in LOCALE.iterdir()
                     if (folder / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()) \
        if LOCALE.is_dir() else []
    return [SOURCE, *[code for code in shipped if code != SOURCE]]


def check_language(code: Any) -> str:
    """``code`` as the course's short code ("de" for "de", "de-DE", "de_DE" or "DE"), or a
    one-line error listing the languages there are."""
    match = _CODE.match(code.strip()) if isinstance(code, str) else None
    short = match.group(1).lower() if match else None
    if short not in available():
        there = ", ".join(f"{name} ({LANGUAGE_NAMES.get(name, name)})" for name in available())
        raise InvalidArgumentError(f"There is no language {code!r} in this course: choose one of "
                                   f"{there}.")
    return short


#: Each language's name in itself (for messages and the website's language switch).
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


def set_language(code: str | None) -> str:
    """Choose the language for everything the library shows from now on (``None``: back to
    ``HABA_LANG`` or English); returns the language in use. A bad code changes nothing."""
    global _chosen
    _chosen = None if code is None else check_language(code)
    return language()


def language() -> str:
    """The language in use: the one chosen by :func:`set_language`, else ``HABA_LANG``, else
    English (a ``HABA_LANG`` the course does not know is refused with the list)."""
    if _chosen is not None:
        return _chosen
    wanted = _environment_value().strip()
    return _environment_language(wanted) if wanted else SOURCE


def _environment_value() -> str:
    """``HABA_LANG`` as it is set now. Every sentence a game logs asks for the language, and
    ``os.environ.get`` takes microseconds (four Python calls), so the value is read from
    ``os.environ``'s own mapping, as ``os.environ.get`` reads it, when that can be done."""
    if os.environ is _ENVIRON and _RAW is not None:
        raw = _RAW.get(_RAW_KEY)
        return "" if raw is None else _ENVIRON.decodevalue(raw)
    return os.environ.get(ENVIRONMENT, "")


try:                                    # CPython's os.environ: a mapping of encoded strings
    _ENVIRON, _RAW = os.environ, os.environ._data  # type: ignore[attr-defined]
    _RAW_KEY = os.environ.encodekey(ENVIRONMENT)    # type: ignore[attr-defined]
except AttributeError:                  # another os.environ: read it the ordinary way
    _ENVIRON, _RAW, _RAW_KEY = os.environ, None, None


@lru_cache(maxsize=16)
def _environment_language(wanted: str) -> str:
    """:func:`check_language` of a ``HABA_LANG`` value, remembered (a bad one is refused
    each time it is asked for, with the list)."""
    return check_language(wanted)


@contextlib.contextmanager
def using(code: str) -> Iterator[str]:
    """Everything inside the ``with`` block speaks ``code``; the choice before is restored."""
    global _chosen
    before = _chosen
    set_language(code)
    try:
        yield _chosen or SOURCE
    finally:
        _chosen = before


@lru_cache(maxsize=None)
def translations(code: str, domain: str = DOMAIN,
                 folder: Path = LOCALE) -> _gettext.NullTranslations:
    """The compiled catalog of ``code`` (English, or no catalog: every string as it is)."""
    po = folder / code / "LC_MESSAGES" / f"{domain}.po"
    if code == SOURCE or not po.is_file():
        return _gettext.NullTranslations()
    return compile_po(po)


def compile_po(po: Path) -> _gettext.GNUTranslations:
    """Compile a ``.po`` file in memory with Babel (fuzzy and empty entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        catalog = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def gettext(message: str) -> str:
    """``message`` in the language in use (English if it has no translation)."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for the count ``n`` (German has two forms,
    as English; the catalog's ``Plural-Forms`` header decides)."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` (one English word, two German ones: "roll" the
    noun, "roll" the verb)."""
    return translations(language()).pgettext(context, message)


_ = gettext


def N_(message: str) -> str:
    """Mark a module-level text for translation; it is translated where it is shown."""
    return message


class Deferred(str):
    """A log sentence (a module-level text marked with :func:`N_`) translated when it is read:
    a game's log formats its text only then (``text.format(*args)``), so noting it costs no
    look-up, and the log speaks the language in use when it is shown. Its value is the
    English; a subclass may translate the arguments too (:meth:`shown`)."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if language() == SOURCE:
            return str.format(self, *args, **kwargs)
        return gettext(str(self)).format(*map(self.shown, args), **kwargs)

    @staticmethod
    def shown(value: Any) -> Any:
        """An argument as the sentence shows it (unchanged here)."""
        return value


class Phrase(str):
    """A sentence kept as data (a game's end reason): its value is the English, compared and
    stored as it is; written into a text (``f"{phrase}"``, ``format``) it is translated."""

    def __new__(cls, template: str, **values: Any) -> "Phrase":
        phrase = super().__new__(cls, template.format(**values) if values else template)
        phrase.template, phrase.values = template, values
        return phrase

    def __format__(self, spec: str) -> str:
        return format(gettext(self.template).format(**self.values), spec)


# --- numbers and quotes -------------------------------------------------------------------

#: German groups thousands with a narrow no-break space (DIN 5008, Duden): 100 000.
THOUSANDS = {"en": ",", "de": "\u202f"}
DECIMAL = {"en": ".", "de": ","}


#: How a truth value reads in a sentence ("contains 1/6: yes"); English prints True/False.
YES, NO = N_("yes"), N_("no")


def number(value: Any, spec: str = "", code: str | None = None) -> str:
    """``format(value, spec)`` written as the language writes numbers: a decimal comma and
    grouped thousands in German (``0,271``, ``100 000``). Fractions and integers without a
    grouping option come out unchanged; a truth value is a word in German (``ja``,
    ``nein``), where English keeps Python's ``True`` and ``False``."""
    text = format(value, spec)
    code = code or language()
    if code == SOURCE:
        return text
    if isinstance(value, bool) and not spec:
        return translations(code).gettext(YES if value else NO)
    if not _is_number(value):
        return text
    return text.translate(str.maketrans({",": THOUSANDS[code], "_": THOUSANDS[code],
                                         ".": DECIMAL[code]}))


def grouped(count: int, code: str | None = None) -> str:
    """A whole number with its thousands grouped as the language groups them: always in
    English (``2,000``), in German from five digits on (``2000``, ``10 000``; DIN 5008)."""
    code = code or language()
    if code != SOURCE and abs(count) < 10_000:
        return str(count)
    return number(count, ",", code)


def _is_number(value: Any) -> bool:
    from fractions import Fraction
    from numbers import Number

    return isinstance(value, Number) and not isinstance(value, (bool, Fraction))


def quoted(text: str, code: str | None = None) -> str:
    """``text`` in the language's quotation marks: “…” in English, „…“ in German."""
    return ("\u201e" + text + "\u201c") if (code or language()) == "de" else \
        ("\u201c" + text + "\u201d")


def label(text: Any) -> Any:
    """A label a notebook put in its data (a tree's branch, a table's row), in the language
    in use: from the notebooks' catalogs (context ``label``), else the library's catalog,
    else unchanged. Only the drawing is translated: the data keeps its English."""
    if not isinstance(text, str) or language() == SOURCE:
        return text
    from .editions.runtime import label as notebook_label

    found = notebook_label(text, language())
    return found if found != text else gettext(text)


def event_label(text: Any) -> Any:
    """An event's name as :func:`label` draws it; ``"not A"`` (the complement a two-way
    table names) is "not" in the language in use before A's own label."""
    if isinstance(text, str) and text.startswith("not ") and label(text) == text:
        return gettext("not {event}").format(event=label(text[4:]))
    return label(text)
