"""Build the course's website: ``haba-lessons site OUT``.

The steps: check the notebooks (every notebook of the catalog, run, with its charts' pictures);
write a Sphinx source folder in a temporary folder (the notebooks' page copies, the lesson
plans, the generated pages, the vendored files, the original notebooks and their student
copies as downloads, the handouts as the handouts builder writes them); run Sphinx into a
folder beside OUT; check every link inside the result; then put it in OUT's place.

OUT must be a new or empty folder, or a site this command built before (it holds the file
``.haba-site``), which is then replaced whole. Anything else is refused, so no folder a
person made is ever overwritten. A failed build leaves OUT as it was.
"""

from __future__ import annotations

import contextlib
import html
import importlib
import io
import os
import pkgutil
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path

import nbformat

from .. import catalog, i18n, links
from ..checkout import course_root
from ..errors import DataFileError, InvalidArgumentError
from ..editions import catalogs, generated
from ..i18n import ngettext
from . import linkcheck, notebooks, pages, sphinx_config
from .texts import load_texts

MARKER = ".haba-site"
HERE = Path(__file__).resolve().parent
VENDOR = HERE.parent / "vendor"
SPHINX_TIMEOUT_S = 900


@dataclass(frozen=True)
class Site:
    """A built website: where it is, what it holds, how long it took, what was checked."""

    folder: Path
    pages: int
    notebooks: int
    plans: int
    handouts: int
    size_bytes: int
    seconds: float
    links_checked: int
    external_links: int
    notes: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.folder}: {self.pages} pages ({self.notebooks} notebooks, {self.plans} "
                f"lesson plans, {self.handouts} handouts), {self.size_bytes / 1e6:.1f} MB, "
                f"built in {self.seconds:.1f} s; {self.links_checked} internal links checked, "
                f"none broken ({self.external_links} links to other websites, not followed)."
                + "".join(f"\nNote: {note}" for note in self.notes))


def build_site(out: str | Path, *, notebooks_folder: str | Path | None = None,
               plans_folder: str | Path | None = None, language: str = "en") -> Site:
    """Build the website of the notebooks in ``notebooks_folder`` and the plans in
    ``plans_folder``, in ``language``: the site's own words from
    ``haba_lessons/site/texts/<language>.toml``, the lessons' titles and questions from the
    edition's ``notebooks/locale/<language>/lessons.po``. The folders default to the
    edition's: ``notebooks/`` and ``lesson-plans/`` in English, ``notebooks/de/`` and
    ``lesson-plans/de/`` in German."""
    started = time.monotonic()
    root = course_root()
    texts = load_texts(language)
    edition = "" if language == i18n.SOURCE else language
    notebooks_folder = Path(notebooks_folder or root / "notebooks" / edition)
    plans_folder = Path(plans_folder or root / "lesson-plans" / edition)
    out = Path(out)
    entries = check_notebooks(root, notebooks_folder, lesson_texts(root, language))
    check_output_folder(out)
    repository = links.repository(root / "pyproject.toml")
    notes = []
    if repository.is_placeholder:
        notes.append("the Binder links use the placeholder owner OWNER: set [project.urls] "
                     "Repository in pyproject.toml and build again.")
    lessons = [pages.Lesson(entry, (plans_folder / f"{entry.stem}.md").is_file())
               for entry in entries]
    notes += [f"no lesson plan {entry.stem}.md in {plans_folder}" for entry in entries
              if not (plans_folder / f"{entry.stem}.md").is_file()]
    staging = out.parent / f".{out.name}.building-{os.getpid()}"
    try:
        with tempfile.TemporaryDirectory(prefix="haba-site-") as work:
            source = Path(work) / "source"
            handouts = write_sources(source, root, texts, language, lessons, notebooks_folder,
                                     plans_folder, repository)
            run_sphinx(source, staging, Path(work) / "doctrees")
        report = linkcheck.check_site(staging)
        if report.broken:
            raise DataFileError(ngettext("the built website has {n} broken link: ",
                                         "the built website has {n} broken links: ",
                                         len(report.broken)).format(n=len(report.broken))
                                + "; ".join(report.broken[:20]))
        (staging / MARKER).write_text(
            f"Built by haba-lessons site on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC. "
            "Building again replaces this whole folder.\n", encoding="utf-8")
        move_into_place(staging, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    html_pages = [path for path in out.rglob("*.html") if "_static" not in path.parts]
    return Site(out, len(html_pages), len(lessons), sum(lesson.plan for lesson in lessons),
                handouts, sum(path.stat().st_size for path in out.rglob("*") if path.is_file()),
                time.monotonic() - started, report.checked, len(report.external), notes)


# --- checks before anything is written ------------------------------------------------------

def lesson_texts(root: Path, language: str) -> dict:
    """The usable translations of the lessons' catalog fields (none for English)."""
    path = root / "notebooks" / "locale" / language / "lessons.po"
    if language == i18n.SOURCE or not path.is_file():
        return {}
    return catalogs.translations(catalogs.read(path))


def check_notebooks(root: Path, folder: Path, texts: dict | None = None) -> list[catalog.Notebook]:
    """The catalog's notebooks (their fields translated by ``texts``), each in ``folder``, run,
    with its charts' pictures."""
    if not folder.is_dir():
        raise InvalidArgumentError(f"{folder} is not a folder of notebooks.")
    entries = generated.translated_notebooks(texts or {})
    missing = [entry.file for entry in entries if not (folder / entry.file).is_file()]
    if missing:
        raise DataFileError(f"{folder} lacks {', '.join(missing)}, which the course's catalog "
                            "(haba_lessons/data/lessons.toml) lists: the website shows every "
                            "notebook of the catalog.")
    found = []
    for entry in entries:
        path = folder / entry.file
        shown = _shown(path, root)
        found += notebooks.problems(path, shown,
                                    f"python scripts/execute_notebooks.py {shown}")
    if found:
        raise DataFileError(" ".join(found))
    return entries


def _shown(path: Path, root: Path) -> str:
    """``path`` as a person in the course folder would type it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def check_output_folder(out: Path) -> None:
    """Refuse an OUT that holds anything but a site this command built."""
    if out.exists() and not out.is_dir():
        raise InvalidArgumentError(f"{out} is a file: give a folder for the website.")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InvalidArgumentError(
            f"{out} already holds files that are not a website built by haba-lessons site; "
            "nothing was changed. Give a new or empty folder.")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=out.parent, prefix=".haba-site-probe-")
        probe.close()
    except OSError as error:
        raise InvalidArgumentError(f"Cannot write beside {out} ({error.strerror}): choose a "
                                   "folder you can write to.") from None


# --- the Sphinx source folder ---------------------------------------------------------------

def write_sources(source: Path, root: Path, texts: dict, language: str,
                  lessons: list[pages.Lesson], notebooks_folder: Path, plans_folder: Path,
                  repository: links.Repository) -> int:
    """Write the Sphinx project into ``source``; return how many handout pages it holds."""
    from ..reset import student_copy_bytes

    (source / "notebooks").mkdir(parents=True)
    (source / "lesson-plans").mkdir()
    downloads = source / "_extra" / "notebooks"
    downloads.mkdir(parents=True)
    in_repository = _shown(notebooks_folder, root)
    for lesson in lessons:
        entry, path = lesson.entry, notebooks_folder / lesson.entry.file
        shutil.copyfile(path, downloads / entry.file)
        (downloads / f"{entry.stem}-student.ipynb").write_bytes(student_copy_bytes(path))
        page = notebooks.page_copy(notebooks.read(path), links_line(
            entry, texts, repository.binder(f"lab/tree/{in_repository}/{entry.file}"),
            lesson.plan), show=texts["show_solution"])
        nbformat.write(page, source / "notebooks" / entry.file)
        if lesson.plan:
            text = (plans_folder / f"{entry.stem}.md").read_text(encoding="utf-8")
            (source / "lesson-plans" / f"{entry.stem}.md").write_text(
                pages.plan(text, entry, texts), encoding="utf-8")
    # a translated edition's handouts are made from the course folder, which holds each
    # document's catalog (the handouts command finds the edition's lesson plans there)
    handouts = build_handouts(plans_folder if language == i18n.SOURCE else root,
                              source / "_extra" / "handouts", language)
    write_page(source, "index.md", pages.home(texts, lessons,
                                              placeholder_binder=repository.is_placeholder))
    write_page(source, "handouts.md", pages.handouts(texts, handouts))
    write_page(source, "assumptions.md", pages.assumptions(texts, game_data()))
    write_page(source, "licence.md", pages.licence(
        texts, root, (VENDOR / "README.md").read_text(encoding="utf-8")))
    copy_static(source / "_static")
    sphinx_config.write_conf(source, sphinx_config.settings(texts, language))
    return len(handouts)


def links_line(entry: catalog.Notebook, texts: dict, binder: str, plan: bool) -> str:
    """The line of links under a notebook's first cell (raw HTML: the downloads are files,
    not pages, so they must not become Sphinx references)."""
    escape = html.escape
    parts = [f'<a href="{escape(entry.file)}" download>{escape(texts["download_notebook"])}'
             '</a>',
             f'<a href="{escape(entry.stem)}-student.ipynb" download>'
             f'{escape(texts["download_student"])}</a>',
             f'<a href="{escape(binder)}">{escape(texts["binder"])}</a>']
    if plan:
        parts.append(f'<a href="../lesson-plans/{escape(entry.stem)}.html">'
                     f'{escape(texts["lesson_plan"])}</a>')
    return f'<p class="haba-page-links">{" · ".join(parts)}</p>'


def write_page(source: Path, name: str, text: str) -> None:
    (source / name).write_text(text, encoding="utf-8")


def build_handouts(plans: Path, target: Path, language: str = "en") -> list[tuple[str, str]]:
    """Whatever ``haba-lessons handouts PLANS TARGET --lang LANGUAGE`` writes, as (address,
    title) pairs, the index first: the site goes through the command itself, so new kinds of
    handout appear on the site as the handouts builder adds them."""
    from ..handouts import main as command

    printed, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
        status = command([str(plans), str(target), "--lang", language])
    if status != 0:
        raise DataFileError(f"the handouts could not be made: {errors.getvalue().strip()}")
    found = []
    for path in sorted(target.rglob("*.html"), key=lambda p: (p.name != "index.html", p)):
        title = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8",
                                                                  errors="replace"), re.S)
        found.append((f"handouts/{path.relative_to(target).as_posix()}",
                      html.unescape(title.group(1).strip()) if title else path.stem))
    return found


def game_data() -> list:
    """Every game's data file (each game package registers its file's checks on import)."""
    from .. import games
    from ..data import load_game_data

    found = []
    for module in pkgutil.iter_modules(games.__path__):
        has_file = resources.files("haba_lessons.data").joinpath(f"{module.name}.toml")
        if module.ispkg and has_file.is_file():
            importlib.import_module(f"haba_lessons.games.{module.name}")
            found.append(load_game_data(module.name))
    return found


def copy_static(static: Path) -> None:
    """The site's style sheet, and the vendored JavaScript with the script that keeps the
    widget manager's fonts on this site."""
    vendor = static / sphinx_config.VENDOR
    for name in ("html-manager", "requirejs", "mathjax"):
        shutil.copytree(VENDOR / name, vendor / name)
    shutil.copyfile(HERE / "static" / "widgets-offline.js", vendor / "widgets-offline.js")
    shutil.copyfile(HERE / "static" / "haba-site.css", static / "haba-site.css")


# --- Sphinx, then into place ------------------------------------------------------------------

def run_sphinx(source: Path, target: Path, doctrees: Path) -> None:
    """Build the HTML with Sphinx in its own process; any warning is an error, named by file."""
    warnings = source.parent / "warnings.txt"
    try:
        done = subprocess.run(
            [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", "-d", str(doctrees),
             "-w", str(warnings), str(source), str(target)],
            capture_output=True, text=True, timeout=SPHINX_TIMEOUT_S)
    except FileNotFoundError:
        raise InvalidArgumentError("Python could not be started to run Sphinx.") from None
    if "No module named sphinx" in done.stderr:
        raise InvalidArgumentError(
            "Building the website needs Sphinx and MyST-NB: install the course with its site "
            "extra, python -m pip install -e \".[site]\" (see the README).")
    text = warnings.read_text(encoding="utf-8") if warnings.exists() else ""
    problems = [line.replace(f"{source}{os.sep}", "") for line in text.splitlines()
                if "WARNING" in line or "ERROR" in line]
    if done.returncode != 0 or problems:
        detail = "; ".join(problems[:20]) or done.stderr.strip()[-2000:]
        raise DataFileError(f"Sphinx could not build the website cleanly: {detail}")


def move_into_place(staging: Path, out: Path) -> None:
    """Put the new site at ``out``; a previous site there (it has the marker) is replaced."""
    previous = out.parent / f".{out.name}.previous-{os.getpid()}"
    if out.is_dir():
        out.rename(previous)
    staging.rename(out)
    shutil.rmtree(previous, ignore_errors=True)
