"""Update the catalogs from the English, and build a language's edition from them.

    from haba_lessons.editions.build import update, build
    update(root, "de")            # every catalog brought up to date (fuzzy where English changed)
    build(root, "de", execute)    # the shipped documents written; the others reported pending

What a build does with a catalog that is not ready (the choice, and why): a **shipped**
document whose catalog has an untranslated or fuzzy entry **fails the build**, naming each
cell (or line) that needs a translator; its translated file is left as it was, not rewritten.
Keeping the last good German silently would ship a German notebook whose prose no longer
matches its (new) code and numbers, which is worse than a red build; a stale file in git is
caught by the tests (every shipped entry translated and none fuzzy, the same numbers in both
editions). A **broken** entry (a formula, link, inline code or ``{field}`` changed) fails the
build naming the catalog's file and line, whether its document is shipped or pending. A
pending document is reported with how far its catalog is; nothing is written for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from ..catalog import notebooks
from ..errors import DataFileError
from . import catalogs, generated
from . import notebooks as nb_edition
from .shipped import edition

#: The generated cells' catalogs, beside the notebooks' own.
LESSONS, SYLLABUS = "lessons", "syllabus"


class BuildError(DataFileError):
    """A build that cannot ship: the lines say which entries need a translator or are broken."""


@dataclass
class Report:
    """What an update or a build did, one line per document."""

    lines: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _locale(root: Path, language: str) -> Path:
    return root / "notebooks" / "locale" / language


def generated_catalogs(root: Path, language: str) -> dict[str, tuple[Path, list]]:
    folder = _locale(root, language)
    return {LESSONS: (folder / f"{LESSONS}.po", generated.lessons_wanted()),
            SYLLABUS: (folder / f"{SYLLABUS}.po", generated.syllabus_wanted())}


def notebook_catalogs(root: Path, language: str) -> dict[str, tuple[Path, list]]:
    """Every course notebook's catalog path and the entries its English needs."""
    found = {}
    for entry in notebooks():
        english = nbformat.read(root / "notebooks" / entry.file, as_version=4)
        found[entry.file] = (nb_edition.catalog_path(root, language, entry.file),
                             nb_edition.wanted(english))
    return found


def update(root: Path, language: str) -> Report:
    """Bring every notebook catalog (and the generated cells' ones) up to date."""
    report = Report()
    everything = {**notebook_catalogs(root, language), **generated_catalogs(root, language)}
    for name, (path, wanted) in everything.items():
        counts = catalogs.update(path, wanted, language, name)
        report.lines.append(_counts_line(path, counts))
        report.written.append(path)
    return report


def _counts_line(path: Path, counts: dict[str, int]) -> str:
    total = counts["translated"] + counts["fuzzy"] + counts["untranslated"]
    return (f"{path.name}: {counts['translated']} of {total} translated, {counts['fuzzy']} "
            f"fuzzy, {counts['untranslated']} untranslated, {counts['obsolete']} obsolete")


def _usable(path: Path) -> dict:
    return catalogs.translations(catalogs.read(path)) if path.is_file() else {}


def check(root: Path, language: str) -> tuple[dict[str, catalogs.Problems], list[str]]:
    """Each notebook catalog's problems, and every broken entry of every catalog."""
    found, broken = {}, []
    everything = {**notebook_catalogs(root, language), **generated_catalogs(root, language)}
    for name, (path, wanted) in everything.items():
        catalog = catalogs.read(path) if path.is_file() else catalogs.template(wanted,
                                                                             language, name)
        problems = catalogs.problems(path, catalog, wanted)
        found[name] = problems
        broken += problems.broken
    return found, broken


def check_build(root: Path, language: str) -> None:
    """Refuse a build that cannot ship (see the module's docstring); nothing is written."""
    shipped = edition(language, root)
    problems, broken = check(root, language)
    failures = list(broken)
    for name in shipped.notebooks:
        if name not in problems:
            failures.append(f"locale/editions.toml: {name} is not a notebook of the course.")
            continue
        failures += [f"{name}: {line}" for line in problems[name].pending]
    if "00-welcome.ipynb" in shipped.notebooks:
        for name in (LESSONS, SYLLABUS):
            failures += [f"{name}.po (notebook 00's generated cell): {line}"
                         for line in problems[name].pending]
    if failures:
        raise BuildError(f"The {language} edition cannot be built; a translator is needed "
                         f"for:\n" + "\n".join(f"  {line}" for line in failures))


def build(root: Path, language: str,
          execute: Callable[[Path], nbformat.NotebookNode] | None) -> Report:
    """Write the shipped notebooks of ``language`` (executed with ``execute(path)``, which
    returns the notebook run from a clean kernel; None: stored without outputs)."""
    check_build(root, language)
    shipped = edition(language, root)
    report = Report()
    locale = _locale(root, language)
    generated_cells = {
        "lessons-table": lambda: generated.lessons_cell(_usable(locale / f"{LESSONS}.po"),
                                                        language),
        "syllabus-map": lambda: generated.syllabus_cell(
            _usable(locale / f"{SYLLABUS}.po"), language, root,
            lambda stem: _usable(locale / f"{stem}.po")),
    }
    for entry in notebooks():
        path = nb_edition.catalog_path(root, language, entry.file)
        if entry.file not in shipped.notebooks:
            counts = catalogs.counts(catalogs.read(path)) if path.is_file() else None
            report.lines.append(f"pending: {entry.file} ("
                                + (_counts_line(path, counts).split(": ", 1)[1]
                                   if counts else "no catalog yet") + ")")
            continue
        english = nbformat.read(root / "notebooks" / entry.file, as_version=4)
        german = nb_edition.translated(english, _usable(path), language,
                                       lambda name: name in shipped.notebooks,
                                       lambda cell_id: generated_cells[cell_id]())
        target = nb_edition.edition_path(root, language, entry.file)
        target.parent.mkdir(parents=True, exist_ok=True)
        if execute is not None:
            unrun = target.with_name(f".{target.name}.unrun.ipynb")
            nbformat.write(german, unrun)
            try:
                german = execute(unrun)
            finally:
                unrun.unlink(missing_ok=True)
        catalogs_write_notebook(german, target)
        report.lines.append(f"built: {target.relative_to(root)}")
        report.written.append(target)
    return report


def catalogs_write_notebook(notebook: nbformat.NotebookNode, target: Path) -> None:
    """Write a notebook atomically (a new file, then rename)."""
    import os
    import tempfile

    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    os.close(handle)
    try:
        nbformat.write(notebook, temporary)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def catalogs_write_text(text: str, target: Path) -> None:
    """Write a text file atomically (a new file, then rename)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)
