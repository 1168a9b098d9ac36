"""Where the handouts of one language come from.

English reads the course's sources. A translated edition ships only what
``locale/editions.toml`` lists for it, each document complete: the lesson plans written by the
translations' build (``lesson-plans/<language>/``), the notebooks' exercises from the built
notebooks (``notebooks/<language>/``), the worksheet sources and the unit test read through
their catalogs (``worksheets/locale/<language>/NN.po``, by the editions' own reader,
:mod:`haba_lessons.editions.documents`). A document it does not ship is left out (the build
says so in one line), never printed half in English.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .. import i18n
from ..catalog import Notebook
from ..editions import catalogs, documents
from ..editions.shipped import Edition, edition
from ..errors import DataFileError
from .sources import (UNIT_TEST_FILE, UnitTest, Worksheet, load_unit_test, load_worksheet,
                      read_toml, unit_test_from, worksheet_from)

PLANS, NOTEBOOKS, WORKSHEETS = "lesson-plans", "notebooks", "worksheets"
#: The catalog of the lessons table's fields (its titles are the handouts' titles).
LESSONS_CATALOG = "lessons.po"


@dataclass(frozen=True)
class Sources:
    """The course folder ``course`` as the handouts of ``language`` read it."""

    course: Path
    language: str

    @property
    def translated(self) -> bool:
        return self.language != i18n.SOURCE

    @cached_property
    def edition(self) -> Edition:
        return edition(self.language, self.course)

    @cached_property
    def _lesson_texts(self) -> dict:
        path = self.course / NOTEBOOKS / "locale" / self.language / LESSONS_CATALOG
        return catalogs.translations(catalogs.read(path)) if path.is_file() else {}

    def entry(self, entry: Notebook) -> Notebook:
        """The catalog entry with its title in the language (English if not translated)."""
        if not self.translated:
            return entry
        return dataclasses.replace(
            entry, title=self._lesson_texts.get((entry.title, "title"), entry.title))

    def plan(self, entry: Notebook) -> Path | None:
        """The lesson plan of ``entry`` in the language, or None if there is none (yet)."""
        english = self.course / PLANS / f"{entry.stem}.md"
        if not self.translated:
            return english if english.is_file() else None
        if not self.edition.ships(PLANS, english.name):
            return None
        return self._built(documents.plan_edition(self.course, self.language, english.name))

    def notebook(self, entry: Notebook) -> Path | None:
        """The notebook whose exercises the worksheet prints, or None if not in the language."""
        english = self.course / NOTEBOOKS / entry.file
        if not self.translated:
            return english
        if not self.edition.ships(NOTEBOOKS, entry.file):
            return None
        return self._built(self.course / NOTEBOOKS / self.language / entry.file)

    def _built(self, path: Path) -> Path:
        if not path.is_file():
            raise DataFileError(f"{path}: missing: locale/editions.toml ships it; build it "
                                "with: python scripts/translations.py build")
        return path

    def ships_worksheet(self, name: str) -> bool:
        return not self.translated or self.edition.ships(WORKSHEETS, name)

    def worksheet(self, path: Path) -> Worksheet | None:
        """The worksheet source at ``path`` in the language, or None if not shipped in it."""
        if not self.translated:
            return load_worksheet(path)
        contents = self._translated(path)
        return None if contents is None else worksheet_from(path, contents)

    def unit_test(self) -> UnitTest | None:
        """The unit test in the language, or None if not shipped in it."""
        path = self.course / WORKSHEETS / UNIT_TEST_FILE
        if not self.translated:
            return load_unit_test(path)
        contents = self._translated(path)
        return None if contents is None else unit_test_from(path, contents)

    def _translated(self, path: Path) -> dict | None:
        """A shipped worksheet source's contents with its texts from its catalog; refused,
        naming what a translator must do, if the catalog is not complete."""
        if not self.edition.ships(WORKSHEETS, path.name):
            return None
        contents = read_toml(path)
        catalog_path = documents.worksheet_catalog(self.course, self.language, path.name)
        if not catalog_path.is_file():
            raise DataFileError(f"{catalog_path}: missing: locale/editions.toml ships "
                                f"{WORKSHEETS}/{path.name} in {self.language!r}.")
        catalog = catalogs.read(catalog_path)
        found = catalogs.problems(catalog_path, catalog, documents.worksheet_wanted(contents))
        if found:
            raise DataFileError(f"{catalog_path}: locale/editions.toml ships it, but it is not "
                                "complete: " + "; ".join(found.broken + found.pending))
        return documents.translated_toml(contents, catalogs.translations(catalog))
