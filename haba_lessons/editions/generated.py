"""Notebook 00's generated cells in another language: the lessons table and the syllabus map.

Their fixed words are the library's (``lessons_table``, ``syllabus``: the package catalog);
their data is translated through catalogs of their own, ``notebooks/locale/<language>/
lessons.po`` (each field of ``data/lessons.toml``, the field's name as context) and
``syllabus.po`` (the syllabi's descriptions and the objectives' places and notes; an
objective's own words are a quotation and stay in the document's language). A section named
by the map reads as the translated heading of its notebook's catalog.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import nbformat

from .. import i18n, lessons_table, syllabus
from ..catalog import Notebook, notebooks
from . import catalogs
from .catalogs import Wanted

LESSONS_FIELDS = ("title", "game", "question", "learn", "level")
SYLLABUS_FIELDS = ("title", "document", "scope", "checked")
OBJECTIVE_FIELDS = ("where", "note")


def lessons_wanted() -> list[Wanted]:
    return catalogs.merge(Wanted(getattr(entry, name), name, (f"{entry.number} {name}",))
                          for entry in notebooks() for name in LESSONS_FIELDS)


def syllabus_wanted() -> list[Wanted]:
    the_map = syllabus.load_map()
    found = [Wanted(getattr(s, name), name, (f"{s.id} {name}",))
             for s in the_map.syllabi for name in SYLLABUS_FIELDS]
    found += [Wanted(getattr(o, name), name, (f"{o.syllabus} {o.code or o.where} {name}",))
              for o in the_map.objectives for name in OBJECTIVE_FIELDS if getattr(o, name)]
    return catalogs.merge(found)


def _translate(value: str, field: str, texts: dict) -> str:
    return texts.get((value, field), value) if value else value


def translated_notebooks(texts: dict) -> list[Notebook]:
    """The course's catalog entries with their fields (title, game, question, ...) translated
    by ``texts``, the usable translations of ``lessons.po`` (English where one is missing)."""
    return [dataclasses.replace(entry, **{name: _translate(getattr(entry, name), name, texts)
                                          for name in LESSONS_FIELDS})
            for entry in notebooks()]


def lessons_cell(texts: dict, language: str) -> str:
    """The lessons table cell of notebook 00 in ``language``."""
    with i18n.using(language):
        return (f"{lessons_table.README_START}\n"
                f"{lessons_table.table(translated_notebooks(texts))}\n"
                f"{lessons_table.README_END}")


def syllabus_cell(texts: dict, language: str, root: Path, notebook_texts) -> str:
    """The syllabus map cell of notebook 00 in ``language``; ``notebook_texts(stem)`` gives
    a notebook's usable translations."""
    the_map = syllabus.load_map()
    translated = syllabus.SyllabusMap(
        tuple(dataclasses.replace(s, **{n: _translate(getattr(s, n), n, texts)
                                        for n in SYLLABUS_FIELDS}) for s in the_map.syllabi),
        tuple(dataclasses.replace(o, **{n: _translate(getattr(o, n), n, texts)
                                        for n in OBJECTIVE_FIELDS}) for o in the_map.objectives))

    def find(section: syllabus.Section, folder) -> str | None:
        return translated_section(section, root / "notebooks", notebook_texts)

    with i18n.using(language):
        return syllabus.welcome_cell_source(translated, root / "notebooks", find)


def translated_section(section: syllabus.Section, folder: Path, notebook_texts) -> str | None:
    """How ``section`` reads in the table, from its heading's translation (English if the
    heading is not translated yet)."""
    entry: Notebook | None = next((e for e in notebooks() if e.number == section.notebook),
                                  None)
    if entry is None or not (folder / entry.file).is_file():
        return None
    texts = notebook_texts(entry.stem)
    for cell in nbformat.read(folder / entry.file, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            match = syllabus._HEADING.match(line)
            if not match:
                continue
            numbered = syllabus._NUMBERED.match(match.group(1))
            number, title = (numbered.group(1), numbered.group(2)) if numbered \
                else (None, match.group(1))
            if number == section.label or \
                    syllabus._plain(title, short=False).startswith(section.label):
                german = syllabus._HEADING.match(texts.get((line, None), line))
                text = german.group(1) if german else match.group(1)
                numbered = syllabus._NUMBERED.match(text)
                if numbered:
                    return f"§{numbered.group(1)} {syllabus._plain(numbered.group(2), True)}"
                return syllabus._plain(text, short=False)
    return None
