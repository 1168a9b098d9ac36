"""A document's catalog: its English units as gettext messages, updated and checked with Babel.

:func:`update` brings a ``.po`` file up to date with the English it translates: new units come
in untranslated, a unit whose English changed is matched to its old entry and marked fuzzy
(Babel's fuzzy matching, the old English kept as ``#| msgid``), a unit that is gone becomes
obsolete (``#~``), kept for a translator who may want it back. Nothing a translator wrote is
lost, and the file is rewritten atomically.

:func:`problems` says, for what a build needs, which entries are untranslated or fuzzy
(a translator's work, named by the document's place: "cell 12") and which are broken (a
formula, link, inline code, ``{placeholder}`` or f-string field changed: named by the
catalog's file and line).
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from ..errors import DataFileError
from . import code, markdown

PROJECT = "haba_lessons"
#: The catalogs' line width (Babel's wrapping; 0 would never wrap).
WIDTH = 96


@dataclass(frozen=True)
class Wanted:
    """One English text a document needs translated: its text, context and places."""

    text: str
    context: str | None
    places: tuple[str, ...]          # "cell 3", "line 12", "title of 01", ...

    @property
    def key(self) -> str | tuple[str, str]:
        return (self.text, self.context) if self.context else self.text


def merge(wanted: Iterable[Wanted]) -> list[Wanted]:
    """One entry per (text, context), its places gathered, in the order first met."""
    found: dict = {}
    for item in wanted:
        if item.key in found:
            old = found[item.key]
            found[item.key] = Wanted(old.text, old.context, old.places + item.places)
        else:
            found[item.key] = item
    return list(found.values())


def template(wanted: Iterable[Wanted], language: str, title: str) -> Catalog:
    """The catalog a document's English makes (empty translations)."""
    catalog = Catalog(locale=language, project=PROJECT, domain=title, fuzzy=False,
                      header_comment=f"# {title}: the translation of its English, unit by "
                                     f"unit (see locale/README.md).")
    for item in merge(wanted):
        catalog.add(item.text, context=item.context,
                    locations=[_location(title, place) for place in item.places])
    return catalog


def _location(document: str, place: str) -> tuple[str, int | None]:
    """A place as a gettext location: ``01-dice.ipynb:12`` for "cell 12" (a cell's number,
    or a line's), else the place itself with its spaces joined."""
    kind, _, number = place.rpartition(" ")
    if kind in ("cell", "line") and number.isdigit():
        return document, int(number)
    return place.replace(" ", "_"), None


def read(path: Path) -> Catalog:
    """A ``.po`` file as a Catalog (each message knows its line); a file that is not a
    catalog is refused naming it and the line."""
    try:
        with path.open("rb") as file:
            return read_po(file, abort_invalid=True)
    except Exception as error:  # Babel raises PoFileError or a bare ValueError
        raise DataFileError(f"{path}: not a valid catalog: {error}") from None


def write(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` to ``path`` atomically (a new file, then rename)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, sort_output=False, include_previous=True,
             omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(buffer.getvalue())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def update(path: Path, wanted: Iterable[Wanted], language: str, title: str) -> dict[str, int]:
    """Bring ``path`` up to date with ``wanted`` (creating it if needed); returns counts of
    the entries: translated, fuzzy, untranslated, obsolete."""
    new = template(wanted, language, title)
    if path.exists():
        catalog = read(path)
        catalog.update(new, no_fuzzy_matching=False, update_header_comment=False,
                       keep_user_comments=True, update_creation_date=False)
    else:
        catalog = new
    write(catalog, path)
    return counts(catalog)


def counts(catalog: Catalog) -> dict[str, int]:
    messages = [m for m in catalog if m.id]
    fuzzy = sum(1 for m in messages if m.fuzzy)
    translated = sum(1 for m in messages if m.string and not m.fuzzy)
    return {"translated": translated, "fuzzy": fuzzy,
            "untranslated": len(messages) - translated - fuzzy,
            "obsolete": len(catalog.obsolete)}


@dataclass(frozen=True)
class Problems:
    """What stands between a catalog and a build: work for a translator, broken entries."""

    pending: list[str]
    broken: list[str]

    def __bool__(self) -> bool:
        return bool(self.pending or self.broken)


def problems(path: Path, catalog: Catalog, wanted: Iterable[Wanted]) -> Problems:
    """Check the entries ``wanted`` needs in ``catalog`` (read from ``path``)."""
    pending, broken = [], []
    for item in merge(wanted):
        message = catalog.get(item.text, context=item.context)
        where = ", ".join(item.places)
        first = " ".join(item.text.split())[:60]
        if message is None or not message.string:
            pending.append(f"{where}: untranslated: {first!r}")
            continue
        if message.fuzzy:
            pending.append(f"{where}: the English changed (fuzzy, {path.name} line "
                           f"{_line(message)}): {first!r}")
            continue
        for problem in entry_problems(item.text, message.string, item.context):
            broken.append(f"{path}:{_line(message)}: {problem} ({where})")
    return Problems(pending, broken)


def entry_problems(english: str, translation: str, context: str | None) -> list[str]:
    """What ``translation`` broke of ``english`` (empty if nothing)."""
    if context in (code.CODE, code.LABEL):
        want, got = sorted(code.fields(english)), sorted(code.fields(translation))
        if want == got:
            return []
        missing = [field for field in want if field not in got]
        extra = [field for field in got if field not in want]
        return ([f"the field {field} is missing" for field in missing]
                + [f"the field {field} is not in the English" for field in extra])
    return markdown.broken(english, translation, with_placeholders=context == "format")


def _line(message: Message) -> int | str:
    return getattr(message, "lineno", None) or "?"


def translations(catalog: Catalog) -> dict:
    """The usable translations: (text, context) -> translation, fuzzy and empty left out."""
    return {(m.id, m.context): m.string for m in catalog
            if m.id and m.string and not m.fuzzy and isinstance(m.id, str)}
