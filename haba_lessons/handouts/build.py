"""Build every handout of the course from one source, the course folder:

* ``lesson-plans/<stem>.md``       → ``<stem>.html``, the lesson plan of each notebook;
* ``notebooks/<stem>.ipynb`` and ``worksheets/NN.toml``
                                    → ``<stem>-worksheet.html`` (students, no answers) and
                                      ``<stem>-answer-key.html`` (teacher), for each lesson;
* ``worksheets/unit-test.toml``    → ``unit-test.html`` and ``unit-test-mark-scheme.html``;
* an ``index.html`` listing them all, and with ``pdf=True`` a PDF beside every page.

The course's list of notebooks is the catalog (``haba_lessons.catalog``). Every page is made
before anything is written, so a bad source leaves the output folder as it was.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from ..catalog import Notebook, notebooks
from ..errors import DataFileError
from .notebook_exercises import read_exercises
from .page import LICENCE_LINE, page
from .plans import plan_page
from .sheets import answer_key_page, mark_scheme_page, unit_test_page, worksheet_page
from .sources import UNIT_TEST_FILE, load_unit_test, load_worksheet

PLANS, NOTEBOOKS, WORKSHEETS = "lesson-plans", "notebooks", "worksheets"
_WORKSHEET_FILE = re.compile(r"^\d\d\.toml$")


@dataclass(frozen=True)
class Handout:
    """One page to write: its file name, title, the lesson it belongs to (its number and
    how the index names it), and what it is."""

    name: str
    title: str
    html: str
    lesson: str
    kind: str
    lesson_label: str = ""


def course_folder(source: Path) -> Path:
    """The course folder ``source`` names: itself, or the parent of its ``lesson-plans``."""
    if (source / NOTEBOOKS).is_dir():
        return source
    if source.name == PLANS and (source.parent / NOTEBOOKS).is_dir():
        return source.parent
    if not source.is_dir():
        raise DataFileError(f"{source} is not a folder: give the course folder (the one "
                            "holding notebooks/, lesson-plans/ and worksheets/), e.g. .")
    raise DataFileError(f"{source} is not the course folder: it has no {NOTEBOOKS}/ folder; "
                        "give the folder holding notebooks/, lesson-plans/ and worksheets/.")


def lesson_handouts(course: Path, entry: Notebook) -> list[Handout]:
    """The plan, worksheet and answer key of one catalog lesson."""
    source = course / WORKSHEETS / f"{entry.number}.toml"
    if not source.is_file():
        raise DataFileError(f"{source}: missing: lesson {entry.number} ({entry.file}) is in "
                            "the catalog and needs its worksheet source (by-hand questions "
                            f"with answers; see {WORKSHEETS}/README.md).")
    notebook = course / NOTEBOOKS / entry.file
    if not notebook.is_file():
        raise DataFileError(f"{notebook}: missing: the catalog lists it as lesson "
                            f"{entry.number}.")
    sheet, exercises = load_worksheet(source), read_exercises(notebook)
    if not exercises:
        raise DataFileError(f"{notebook}: a lesson with no exercises (a markdown cell "
                            "starting **Exercise 1 ★ (by hand)**, a solution cell, a check).")
    title, plan = plan_page(course / PLANS / f"{entry.stem}.md", entry)
    label = f"{entry.number} · {entry.title}"
    return [Handout(f"{entry.stem}.html", title, plan, entry.number, "lesson plan", label),
            Handout(f"{entry.stem}-worksheet.html", f"Worksheet {entry.number}",
                    worksheet_page(entry.number, entry.title, sheet, exercises),
                    entry.number, "worksheet", label),
            Handout(f"{entry.stem}-answer-key.html", f"Answer key {entry.number}",
                    answer_key_page(entry.number, entry.title, sheet, exercises),
                    entry.number, "answer key", label)]


def other_handouts(course: Path, entry: Notebook) -> list[Handout]:
    """The plan of a guide or an extension, if it has one."""
    path = course / PLANS / f"{entry.stem}.md"
    if not path.is_file():
        return []
    title, plan = plan_page(path, entry)
    return [Handout(f"{entry.stem}.html", title, plan, entry.number, "lesson plan",
                    f"{entry.number} · {entry.title}")]


def coming_lessons(course: Path, catalog_numbers: set[str]) -> list[Handout]:
    """By-hand worksheets of lessons whose notebooks are not in the catalog yet."""
    handouts = []
    for source in sorted((course / WORKSHEETS).glob("*.toml")):
        if not _WORKSHEET_FILE.match(source.name) or source.stem in catalog_numbers:
            continue
        sheet = load_worksheet(source)
        note = (f"By-hand questions only: lesson {sheet.lesson}'s notebook is not in the "
                "course yet; its exercises are added when it is.")
        label = f"{sheet.lesson} · {sheet.topic} (by-hand questions only: notebook to come)"
        handouts += [
            Handout(f"{sheet.lesson}-worksheet.html", f"Worksheet {sheet.lesson}",
                    worksheet_page(sheet.lesson, sheet.topic, sheet, [], note), sheet.lesson,
                    "worksheet", label),
            Handout(f"{sheet.lesson}-answer-key.html", f"Answer key {sheet.lesson}",
                    answer_key_page(sheet.lesson, sheet.topic, sheet, []), sheet.lesson,
                    "answer key", label)]
    return handouts


def course_handouts(course: Path) -> list[Handout]:
    """Every handout of the course folder, in teaching order, then the unit test."""
    handouts: list[Handout] = []
    catalog = notebooks()
    for entry in catalog:
        handouts += (lesson_handouts(course, entry) if entry.kind == "lesson"
                     else other_handouts(course, entry))
    handouts += coming_lessons(course, {entry.number for entry in catalog
                                        if entry.kind == "lesson"})
    test = load_unit_test(course / WORKSHEETS / UNIT_TEST_FILE)
    handouts += [Handout("unit-test.html", test.title, unit_test_page(test), "", "unit test"),
                 Handout("unit-test-mark-scheme.html", f"Mark scheme · {test.title}",
                         mark_scheme_page(test), "", "mark scheme")]
    return handouts


KINDS = ("lesson plan", "worksheet", "answer key")


def index_page(handouts: list[Handout], with_pdf: bool) -> str:
    """A table of every handout: a row per lesson, then the unit test and its mark scheme."""
    def link(handout: Handout) -> str:
        pdf = (f' · <a href="{html.escape(Path(handout.name).with_suffix(".pdf").name)}">'
               "PDF</a>") if with_pdf else ""
        text = handout.kind.capitalize() if handout.lesson else handout.title
        return f'<a href="{html.escape(handout.name)}">{html.escape(text)}</a>{pdf}'

    lessons = list(dict.fromkeys(h.lesson for h in handouts if h.lesson))
    rows = []
    for lesson in sorted(lessons, key=lambda n: (n[:2], n)):
        own = [h for h in handouts if h.lesson == lesson]
        cells = {h.kind: link(h) for h in own}
        rows.append(f"<tr><td>{html.escape(own[0].lesson_label)}</td>"
                    + "".join(f"<td>{cells.get(kind, '—')}</td>" for kind in KINDS) + "</tr>")
    tests = "".join(f"<li>{link(h)} ({h.kind})</li>\n" for h in handouts if not h.lesson)
    body = ("<h1>Handouts</h1>\n<p>For each lesson: the plan (teacher), the worksheet "
            "(students: exercises and by-hand questions, no answers) and its answer key "
            "(teacher). For the whole course: the end-of-unit test and its mark scheme. Open "
            "a page and print it (Ctrl+P), or print its PDF.</p>\n"
            "<table><tr><th>lesson</th><th>lesson plan</th><th>worksheet</th>"
            f"<th>answer key</th></tr>\n{''.join(rows)}\n</table>\n"
            f"<h2>End of the unit</h2>\n<ul>\n{tests}</ul>\n")
    return page("Handouts — haba_lessons", body)


def build_handouts(source: Path, out: Path, *, pdf: bool = False) -> list[Path]:
    """Write every handout of the course folder ``source`` into ``out``; return the files.

    ``source`` may also be its ``lesson-plans`` folder. With ``pdf``, every page is also
    printed to A4 PDF by Debian's Chromium, the licence line at the foot of every page.
    """
    course = course_folder(Path(source))
    handouts = course_handouts(course)
    index = index_page(handouts, with_pdf=pdf)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in [*((h.name, h.html) for h in handouts), ("index.html", index)]:
        target = out / name
        partial = target.with_name(f".{name}.partial")
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)                          # a reader never sees half a page
        written.append(target)
    if pdf:
        from ..pdf_export import print_to_pdf

        written += print_to_pdf([(out / Path(h.name).with_suffix(".pdf").name, h.html)
                                for h in handouts], out, footer_text=LICENCE_LINE)
    return written
