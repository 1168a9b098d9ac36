"""``haba-lessons site OUT``: the course as an offline website.

One site is built for the module (about 20 s). The expectations come from outside the site
builder: the catalog, the notebook files themselves, what ``haba-lessons handouts`` and
``haba-lessons student-copies`` write on their own, the data files read with ``tomllib``.
That the pages load nothing from another host, and that widgets, charts, formulas and the
search work, is checked in a browser (tests/browser/test_site_in_browser.py).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from haba_lessons.catalog import notebooks
from haba_lessons.errors import DataFileError, InvalidArgumentError
from haba_lessons.site import build_site
from haba_lessons.site.build import MARKER, check_output_folder, move_into_place
from haba_lessons.site.linkcheck import check_site
from haba_lessons.site.texts import load_texts
from haba_lessons.student_copies import make_student_copies

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"


def site_for_session(tmp_path_factory) -> Path:
    """The site, built once per test session (the browser test reuses it)."""
    folder = tmp_path_factory.getbasetemp() / "course-site"
    if not (folder / MARKER).is_file():
        build_site(folder)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return site_for_session(tmp_path_factory)


class Links(HTMLParser):
    """Every element's tag and attributes, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def elements(page: Path) -> list[tuple[str, dict]]:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.elements


def test_every_notebook_of_the_catalog_is_a_page_in_teaching_order(site):
    nav = [attrs["href"] for tag, attrs in elements(site / "index.html")
           if tag == "a" and "reference internal" in attrs.get("class", "")
           and attrs.get("href", "").startswith("notebooks/")]
    in_order = list(dict.fromkeys(href.split("#")[0] for href in nav))
    assert in_order == [f"notebooks/{entry.stem}.html" for entry in notebooks()]
    for entry in notebooks():
        assert (site / "notebooks" / f"{entry.stem}.html").is_file()


def test_each_notebook_page_offers_the_notebook_its_student_copy_and_binder(site, tmp_path):
    make_student_copies(NOTEBOOKS, tmp_path / "students")          # the oracle
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    repository = pyproject["project"]["urls"]["Repository"].removeprefix("https://github.com/")
    for entry in notebooks():
        page = site / "notebooks" / f"{entry.stem}.html"
        anchors = [attrs for tag, attrs in elements(page) if tag == "a"]
        downloads = [a["href"] for a in anchors if "download" in a]
        assert downloads == [entry.file, f"{entry.stem}-student.ipynb"], entry.file
        assert (site / "notebooks" / entry.file).read_bytes() == (NOTEBOOKS / entry.file)\
            .read_bytes()
        assert (site / "notebooks" / f"{entry.stem}-student.ipynb").read_bytes() == \
            (tmp_path / "students" / entry.file).read_bytes()
        binder = f"https://mybinder.org/v2/gh/{repository}/main?urlpath=lab/tree/notebooks/" \
                 f"{entry.file}"
        assert binder in [a.get("href") for a in anchors], entry.file


def test_the_pages_name_no_other_host_for_anything_they_load(site):
    loaded = []
    for page in site.rglob("*.html"):
        if "_static" in page.parts:
            continue
        for tag, attrs in elements(page):
            address = attrs.get("src") if tag in ("script", "img", "iframe", "source") else \
                attrs.get("href") if tag == "link" else None
            if address and re.match(r"^(https?:)?//", address):
                loaded.append(f"{page.relative_to(site)}: <{tag}> {address}")
    assert loaded == []


def test_stored_widgets_charts_and_formulas_are_on_the_pages(site):
    page = (site / "notebooks" / "04-quiet-as-a-mouse.html").read_text(encoding="utf-8")
    stored = nbformat.read(NOTEBOOKS / "04-quiet-as-a-mouse.ipynb", as_version=4)
    state = stored.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    assert 'type="application/vnd.jupyter.widget-state+json"' in page
    assert all(model_id in page for model_id in list(state)[:20])   # the stored state itself
    assert "vendor/html-manager/embed-amd.js" in page and "vendor/requirejs/require.js" in page
    assert "vendor/mathjax/tex-chtml.js" in page
    charts = sum(1 for cell in stored.cells if cell.cell_type == "code"
                 for output in cell.get("outputs", []) if "image/svg+xml" in output.get("data", {}))
    images = [attrs["src"] for tag, attrs in elements(site / "notebooks" /
                                                      "04-quiet-as-a-mouse.html")
              if tag == "img" and attrs.get("src", "").endswith(".svg")]
    assert len(images) == charts > 0
    assert all((site / "notebooks" / src).resolve().is_file() for src in images)
    maths = (site / "notebooks" / "01-dice-and-sample-spaces.html").read_text(encoding="utf-8")
    assert maths.count('class="math') >= 5


def test_solutions_are_folded_and_not_lost(site):
    stored = nbformat.read(NOTEBOOKS / "04-quiet-as-a-mouse.ipynb", as_version=4)
    solutions = [cell for cell in stored.cells if "solution" in cell.metadata.get("tags", [])]
    page = (site / "notebooks" / "04-quiet-as-a-mouse.html").read_text(encoding="utf-8")
    folded = page.count('<details class="admonition hide') + page.count(
        '<details class="haba-solution"')
    assert folded == len(solutions) > 0


def site_holds_the_handouts(site: Path, arguments: list[str], tmp_path: Path) -> list[Path]:
    """The site's handouts are exactly what ``haba-lessons handouts ARGUMENTS`` writes on its
    own (the oracle); returns the files written."""
    done = subprocess.run([sys.executable, "-m", "haba_lessons", "handouts", arguments[0],
                           str(tmp_path / "handouts"), *arguments[1:]],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    written = sorted(p.relative_to(tmp_path / "handouts") for p in
                     (tmp_path / "handouts").rglob("*") if p.is_file())
    on_site = sorted(p.relative_to(site / "handouts") for p in (site / "handouts").rglob("*")
                     if p.is_file())
    assert on_site == written and written
    return written


def test_every_lesson_plan_and_every_handout_is_on_the_site(site, tmp_path):
    for entry in notebooks():
        plan = REPO / "lesson-plans" / f"{entry.stem}.md"
        if plan.is_file():
            page = (site / "lesson-plans" / f"{entry.stem}.html").read_text(encoding="utf-8")
            first_heading = re.search(r"^## (.+)$", plan.read_text(), re.M).group(1)
            assert first_heading.replace("-", "").split()[0] in page
    written = site_holds_the_handouts(site, [str(REPO / "lesson-plans")], tmp_path)
    listing = (site / "handouts.html").read_text(encoding="utf-8")
    assert all(f'href="handouts/{name.as_posix()}"' in listing for name in written
               if name.suffix == ".html")


def test_the_assumptions_page_shows_every_assumption_of_the_data_files(site):
    page = (site / "assumptions.html").read_text(encoding="utf-8")
    count = 0
    for name in ("spookies", "quiet_as_a_mouse", "meow_meow", "mouse_trap"):
        data = tomllib.loads((REPO / "haba_lessons" / "data" / f"{name}.toml").read_text())
        for field, entry in data.items():
            if isinstance(entry, dict) and entry.get("provenance") == "assumption":
                assert f"<code class=\"docutils literal notranslate\"><span class=\"pre\">" \
                       f"{field}</span></code>" in page, field
                count += 1
    assert count >= 8


def test_the_licence_page_names_every_licence(site):
    page = (site / "licence.html").read_text(encoding="utf-8")
    for words in ("CC BY 4.0", "Attribution 4.0 International", "MIT", "Permission is hereby "
                  "granted", "HABA", "Hasbro", "MathJax", "Apache-2.0", "RequireJS".lower(),
                  "html-manager", "BSD-3-Clause", "Font Awesome"):
        assert words in page, words


def test_the_site_works_from_any_folder_and_every_internal_link_resolves(site):
    report = check_site(site)
    assert report.broken == [] and report.checked > 1000
    for page in site.rglob("*.html"):
        if "_static" in page.parts:
            continue
        for tag, attrs in elements(page):
            for address in (attrs.get("href"), attrs.get("src")):
                assert not (address or "").startswith("/"), f"{page}: {address}"
    assert (site / ".nojekyll").is_file()                    # GitHub Pages serves _static/


def test_the_link_check_finds_what_is_broken(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="a/page.html#here">ok</a><a href="a/page.html#gone">no anchor</a>'
        '<a href="missing.html">no file</a><a href="/root.html">root</a>'
        '<img src="../outside.png"><a href="https://example.org/">other site</a>'
        '<link rel="stylesheet" href="style.css">')
    (tmp_path / "a" / "page.html").write_text('<h1 id="here">Here</h1><a href="#here">x</a>')
    (tmp_path / "style.css").write_text("@font-face { src: url('fonts/missing.woff2'); }")
    report = check_site(tmp_path)
    assert sorted(report.broken) == sorted([
        "index.html: a/page.html#gone (no anchor #gone in a/page.html)",
        "index.html: missing.html (no such file)",
        "index.html: /root.html (an address from the server's root works only at the root of "
        "a website; the site must work in any folder)",
        "index.html: ../outside.png (outside the site)",
        "style.css: fonts/missing.woff2 (no such file)"])
    assert report.external == {"https://example.org/"} and report.checked == 8


# --- bad input: a clear message, nothing written ----------------------------------------------

@pytest.fixture
def course_copy(tmp_path) -> Path:
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder)
    return folder


def test_a_notebook_without_outputs_is_named_with_how_to_run_it(course_copy, tmp_path):
    path = course_copy / "04-quiet-as-a-mouse.ipynb"
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(notebook, path)
    out = tmp_path / "site"
    with pytest.raises(DataFileError) as refused:
        build_site(out, notebooks_folder=course_copy)
    message = str(refused.value)
    assert "04-quiet-as-a-mouse.ipynb has no stored outputs" in message
    assert "python scripts/execute_notebooks.py " in message and "\n" not in message
    assert not out.exists()


def test_a_chart_without_its_picture_is_named(course_copy, tmp_path):
    path = course_copy / "01-dice-and-sample-spaces.ipynb"
    notebook = nbformat.read(path, as_version=4)
    cells = []
    for number, cell in enumerate(notebook.cells, start=1):
        for output in cell.get("outputs", []):
            if output.get("data", {}).pop("image/svg+xml", None):
                cells.append(number)
    nbformat.write(notebook, path)
    with pytest.raises(DataFileError, match=f"cells {', '.join(map(str, cells))} have "
                                            "no stored picture"):
        build_site(tmp_path / "site", notebooks_folder=course_copy)


def test_a_catalog_notebook_missing_from_the_folder_is_named(course_copy, tmp_path):
    (course_copy / "10-markov-chains.ipynb").unlink()
    with pytest.raises(DataFileError, match="lacks 10-markov-chains.ipynb"):
        build_site(tmp_path / "site", notebooks_folder=course_copy)


def test_a_folder_of_other_files_is_never_overwritten(tmp_path):
    out = tmp_path / "my-folder"
    out.mkdir()
    (out / "my-notes.txt").write_text("mine")
    with pytest.raises(InvalidArgumentError, match="not a website built by haba-lessons"):
        build_site(out)
    assert [p.name for p in out.iterdir()] == ["my-notes.txt"]


def test_a_previous_site_is_replaced_whole(tmp_path):
    out, staging = tmp_path / "site", tmp_path / "new"
    out.mkdir()
    (out / MARKER).write_text("built before")
    (out / "old.html").write_text("old")
    staging.mkdir()
    (staging / "index.html").write_text("new")
    check_output_folder(out)                         # accepted: it is a site built before
    move_into_place(staging, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert [p.name for p in out.iterdir()] == ["index.html"]


def test_an_edition_without_texts_is_refused_naming_the_languages():
    with pytest.raises(InvalidArgumentError, match="No website texts for the language 'xx'"):
        load_texts("xx")


def test_an_edition_whose_texts_lack_a_key_is_told_which(monkeypatch):
    from haba_lessons.site import texts

    english = texts._read("en")
    german = {key: value for key, value in english.items() if key not in ("binder", "toc_about")}
    monkeypatch.setattr(texts, "available_languages", lambda: ["de", "en"])
    monkeypatch.setattr(texts, "_read", lambda language: german if language == "de" else english)
    with pytest.raises(DataFileError, match="de.toml lacks binder, toc_about"):
        texts.load_texts("de")
