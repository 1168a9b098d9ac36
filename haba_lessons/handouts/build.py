"""Build every handout of the course from one source, the course folder:

* ``lesson-plans/<stem>.md``       → ``<stem>.html``, the lesson plan of each notebook;
* ``notebooks/<stem>.ipynb`` and ``worksheets/NN.toml``
                                    → ``<stem>-worksheet.html`` (students, no answers) and
                                      ``<stem>-answer-key.html`` (teacher), for each lesson;
* ``worksheets/unit-test.toml``    → ``unit-test.html`` and ``unit-test-mark-scheme.html``;
* an ``index.html`` listing them all, and with ``pdf=True`` a PDF beside every page.

In another language (``language="de"``) the pages are the edition's: the documents
``locale/editions.toml`` ships, read where :mod:`.editions` says, the page's own words from
the library's catalog; a document not shipped is left out, with one line saying so.

The course's list of notebooks is the catalog (``haba_lessons.catalog``). Every page is made
before anything is written, so a bad source leaves the output folder as it was.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import i18n
from ..catalog import Notebook, notebooks
from ..errors import DataFileError
from ..i18n import N_, _
from .editions import Sources
from .notebook_exercises import Exercise, read_exercises
from .page import LICENCE_LINE, h2, page
from .plans import plan_page
from .sheets import answer_key_page, mark_scheme_page, unit_test_page, worksheet_page

PLANS, NOTEBOOKS, WORKSHEETS = "lesson-plans", "notebooks", "worksheets"
_WORKSHEET_FILE = re.compile(r"^\d\d\.toml$")
#: The kinds of handout, as the index names them.
KINDS = (N_("lesson plan"), N_("worksheet"), N_("answer key"))
UNIT_TEST, MARK_SCHEME = N_("unit test"), N_("mark scheme")


@dataclass(frozen=True)
class Handout:
    """One page to write: its file name, title, the lesson it belongs to (its number and
    how the index names it), and what it is (one of :data:`KINDS`, or the unit test's)."""

    name: str
    title: str
    html: str
    lesson: str
    kind: str
    lesson_label: str = ""


@dataclass
class Handouts:
    """The pages of one language and, for a translated edition, a line for each document
    it leaves out because it does not ship it."""

    pages: list[Handout] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)

    def __iadd__(self, other: "Handouts") -> "Handouts":
        self.pages += other.pages
        self.left_out += other.left_out
        return self


def _left_out(what: str, kinds: list[str]) -> str:
    return _("{what}: left out, not translated yet: {kinds}").format(
        what=what, kinds=", ".join(_(kind) for kind in kinds))


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


def _exercises(sources: Sources, entry: Notebook, notebook: Path) -> list[Exercise]:
    """The exercises the worksheet prints; in a translation, checked to be the English
    notebook's (same numbers, same self-checks), so no exercise is lost or doubled."""
    exercises = read_exercises(notebook)
    if not exercises:
        raise DataFileError(f"{notebook}: a lesson with no exercises (a markdown cell "
                            "starting **Exercise 1 ★ (by hand)**, a solution cell, a check).")
    if sources.translated:
        with i18n.using(i18n.SOURCE):
            english = read_exercises(sources.course / NOTEBOOKS / entry.file)
        ours = [(e.number, e.check_id) for e in exercises]
        if ours != [(e.number, e.check_id) for e in english]:
            raise DataFileError(f"{notebook}: its exercises {ours} are not the English "
                                f"notebook's; build it again: python scripts/translations.py "
                                "build")
    return exercises


def lesson_handouts(sources: Sources, entry: Notebook) -> Handouts:
    """The plan, worksheet and answer key of one catalog lesson (those in the language)."""
    course = sources.course
    source = course / WORKSHEETS / f"{entry.number}.toml"
    if not source.is_file():
        raise DataFileError(f"{source}: missing: lesson {entry.number} ({entry.file}) is in "
                            "the catalog and needs its worksheet source (by-hand questions "
                            f"with answers; see {WORKSHEETS}/README.md).")
    if not (course / NOTEBOOKS / entry.file).is_file():
        raise DataFileError(f"{course / NOTEBOOKS / entry.file}: missing: the catalog lists it "
                            f"as lesson {entry.number}.")
    entry = sources.entry(entry)
    label = f"{entry.number} · {entry.title}"
    made, missing = Handouts(), []
    plan = sources.plan(entry)
    if plan is not None:
        title, text = plan_page(plan, entry)
        made.pages.append(Handout(f"{entry.stem}.html", title, text, entry.number,
                                  KINDS[0], label))
    else:
        missing.append(KINDS[0])
    notebook = sources.notebook(entry)
    sheet = sources.worksheet(source) if notebook is not None else None
    if sheet is not None and notebook is not None:
        exercises = _exercises(sources, entry, notebook)
        made.pages += [
            Handout(f"{entry.stem}-worksheet.html",
                    _("Worksheet {number}").format(number=entry.number),
                    worksheet_page(entry.number, entry.title, sheet, exercises),
                    entry.number, KINDS[1], label),
            Handout(f"{entry.stem}-answer-key.html",
                    _("Answer key {number}").format(number=entry.number),
                    answer_key_page(entry.number, entry.title, sheet, exercises),
                    entry.number, KINDS[2], label)]
    else:
        missing += KINDS[1:]
    if missing:
        made.left_out.append(_left_out(label, missing))
    return made


def other_handouts(sources: Sources, entry: Notebook) -> Handouts:
    """The plan of a guide or an extension, if it has one (in the language)."""
    entry = sources.entry(entry)
    label = f"{entry.number} · {entry.title}"
    path = sources.plan(entry)
    if path is None or not path.is_file():
        english = sources.course / PLANS / f"{entry.stem}.md"
        return Handouts(left_out=[_left_out(label, [KINDS[0]])]
                        if path is None and english.is_file() else [])
    title, plan = plan_page(path, entry)
    return Handouts([Handout(f"{entry.stem}.html", title, plan, entry.number, KINDS[0],
                             label)])


def coming_lessons(sources: Sources, catalog_numbers: set[str]) -> Handouts:
    """By-hand worksheets of lessons whose notebooks are not in the catalog yet."""
    made = Handouts()
    for source in sorted((sources.course / WORKSHEETS).glob("*.toml")):
        if not _WORKSHEET_FILE.match(source.name) or source.stem in catalog_numbers:
            continue
        sheet = sources.worksheet(source)
        if sheet is None:
            made.left_out.append(_left_out(source.stem, list(KINDS[1:])))
            continue
        note = _("By-hand questions only: lesson {lesson}'s notebook is not in the course "
                 "yet; its exercises are added when it is.").format(lesson=sheet.lesson)
        label = _("{lesson} · {topic} (by-hand questions only: notebook to come)").format(
            lesson=sheet.lesson, topic=sheet.topic)
        made.pages += [
            Handout(f"{sheet.lesson}-worksheet.html",
                    _("Worksheet {number}").format(number=sheet.lesson),
                    worksheet_page(sheet.lesson, sheet.topic, sheet, [], note), sheet.lesson,
                    KINDS[1], label),
            Handout(f"{sheet.lesson}-answer-key.html",
                    _("Answer key {number}").format(number=sheet.lesson),
                    answer_key_page(sheet.lesson, sheet.topic, sheet, []), sheet.lesson,
                    KINDS[2], label)]
    return made


def unit_test_handouts(sources: Sources) -> Handouts:
    """The unit test and its mark scheme (in the language, if it ships them)."""
    test = sources.unit_test()
    if test is None:
        return Handouts(left_out=[_left_out(_("The end-of-unit test"),
                                            [UNIT_TEST, MARK_SCHEME])])
    return Handouts([
        Handout("unit-test.html", test.title, unit_test_page(test), "", UNIT_TEST),
        Handout("unit-test-mark-scheme.html",
                _("Mark scheme · {title}").format(title=test.title), mark_scheme_page(test),
                "", MARK_SCHEME)])


def course_handouts(course: Path, language: str = i18n.SOURCE) -> Handouts:
    """Every handout of the course folder in ``language``, in teaching order, then the unit
    test (call it with ``language`` in use: the pages' own words are in it)."""
    sources = Sources(course, language)
    made = Handouts()
    catalog = notebooks()
    for entry in catalog:
        made += (lesson_handouts(sources, entry) if entry.kind == "lesson"
                 else other_handouts(sources, entry))
    made += coming_lessons(sources, {entry.number for entry in catalog
                                     if entry.kind == "lesson"})
    made += unit_test_handouts(sources)
    return made


def index_page(handouts: list[Handout], with_pdf: bool,
               left_out: Sequence[str] = ()) -> str:
    """A table of every handout: a row per lesson, then the unit test and its mark scheme,
    then what a translated edition leaves out (call it with the handouts' language in use)."""
    def link(handout: Handout) -> str:
        pdf = (f' · <a href="{html.escape(Path(handout.name).with_suffix(".pdf").name)}">'
               "PDF</a>") if with_pdf else ""
        text = _(handout.kind).capitalize() if handout.lesson else handout.title
        return f'<a href="{html.escape(handout.name)}">{html.escape(text)}</a>{pdf}'

    lessons = list(dict.fromkeys(h.lesson for h in handouts if h.lesson))
    rows = []
    for lesson in sorted(lessons, key=lambda n: (n[:2], n)):
        own = [h for h in handouts if h.lesson == lesson]
        cells = {h.kind: link(h) for h in own}
        rows.append(f"<tr><td>{html.escape(own[0].lesson_label)}</td>"
                    + "".join(f"<td>{cells.get(kind, '—')}</td>" for kind in KINDS) + "</tr>")
    tests = "".join(f"<li>{link(h)} ({html.escape(_(h.kind))})</li>\n"
                    for h in handouts if not h.lesson)
    intro = _("For each lesson: the plan (teacher), the worksheet (students: exercises and "
              "by-hand questions, no answers) and its answer key (teacher). For the whole "
              "course: the end-of-unit test and its mark scheme. Open a page and print it "
              "(Ctrl+P), or print its PDF.")
    headings = "".join(f"<th>{html.escape(_(word))}</th>" for word in (N_("lesson"), *KINDS))
    body = ("<h1>" + html.escape(_("Handouts")) + f"</h1>\n<p>{html.escape(intro)}</p>\n"
            f"<table><tr>{headings}</tr>\n{''.join(rows)}\n</table>\n")
    if tests:
        body += h2(_("End of the unit")) + f"<ul>\n{tests}</ul>\n"
    if left_out:
        body += (h2(_("Not translated yet")) + "<ul>\n"
                 + "".join(f"<li>{html.escape(line)}</li>\n" for line in left_out) + "</ul>\n")
    return page(_("Handouts — haba_lessons"), body)


def make_handouts(source: Path, language: str | None = None, *,
                  pdf: bool = False) -> tuple[Handouts, str]:
    """Every page of the handouts of ``source`` in ``language`` (default: the language in
    use) and their index, made in memory; an unknown language is refused with the list."""
    course = course_folder(Path(source))
    code = i18n.check_language(language) if language is not None else i18n.language()
    with i18n.using(code):
        made = course_handouts(course, code)
        return made, index_page(made.pages, with_pdf=pdf, left_out=made.left_out)


def write_handouts(made: Handouts, index: str, out: Path, *, pdf: bool = False,
                   language: str | None = None) -> list[Path]:
    """Write the pages and the index into ``out`` (each page atomically); with ``pdf``, a
    PDF beside each page, the licence line in ``language`` at the foot of every page."""
    handouts = made.pages
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

        with i18n.using(language or i18n.language()):
            footer = _(LICENCE_LINE)
        written += print_to_pdf([(out / Path(h.name).with_suffix(".pdf").name, h.html)
                                for h in handouts], out, footer_text=footer)
    return written


def build_handouts(source: Path, out: Path, *, pdf: bool = False,
                   language: str | None = None) -> list[Path]:
    """Write every handout of the course folder ``source`` into ``out``; return the files.

    ``source`` may also be its ``lesson-plans`` folder. ``language`` (default: the language
    in use, ``HABA_LANG`` or English) chooses the edition: a translated one holds only the
    documents it ships (:func:`make_handouts` also says what it leaves out). With ``pdf``,
    every page is also printed to A4 PDF by Debian's Chromium, the licence line at the foot
    of every page.
    """
    made, index = make_handouts(source, language, pdf=pdf)
    return write_handouts(made, index, out, pdf=pdf, language=language)
