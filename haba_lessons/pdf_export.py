"""Print the course to PDF: every notebook, and the student copy of each, with its charts.

nbconvert turns a notebook into HTML (JupyterLab's look, charts as the static SVG stored
beside each interactive chart, formulas typeset by a MathJax copy installed with
``jupyter-server-mathjax``, widgets drawn from the notebook's stored widget state by the
course's own copy of the widget HTML manager, :mod:`haba_lessons.vendor`), and Debian's
Chromium prints it. Nothing is fetched from the network: Chromium may read local files only.

    python -m haba_lessons.pdf_export notebooks build/pdf
    python -m haba_lessons.pdf_export notebooks/02-best-two-of-k.ipynb build/pdf --teacher-only
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from html import escape as html_escape
from pathlib import Path

import nbformat

from .catalog import notebook_paths
from .errors import HabaLessonsError
from .student_copies import blank_solutions
from .vendor import EMBED_AMD_JS, REQUIRE_JS

CHROMIUM = Path("/usr/bin/chromium")
INSTALL_HINT = ('install the PDF tools, in the course folder, with: '
                '.venv/bin/python -m pip install -e ".[pdf]"')
#: Resolves once MathJax has typeset the page (at once if the page loaded no MathJax).
MATHJAX_DONE = """() => new Promise(done => {
    if (window.MathJax && window.MathJax.Hub) { window.MathJax.Hub.Queue(() => done(true)); }
    else { done(false); }
})"""
#: How many of the page's widget outputs the html-manager has not drawn yet: each output is a
#: ``widget-view`` script, and the manager draws the widget into a ``.widget-subarea`` it
#: puts just before the script.
WIDGETS_UNDRAWN = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].filter(script => {
        const drawn = script.previousElementSibling;
        return !(drawn && drawn.classList.contains('widget-subarea') && drawn.childElementCount);
    }).length"""
WIDGETS_TIMEOUT_S = 60
#: The html-manager's icon fonts by file name. It asks for them at a path it derives from its
#: own address, which a page opened as a file cannot give it (its origin is "null"), so the
#: page's requests for them are answered from the vendored copies.
WIDGET_FONTS = {path.name: path for path in EMBED_AMD_JS.parent.iterdir()
                if path.suffix in (".woff2", ".woff", ".ttf")}
#: On paper nothing scrolls: long code lines and outputs wrap instead of being cut off.
#: Widgets take JupyterLab's interface font, as on screen (the exported page's body has none).
PRINT_CSS = ("pre { white-space: pre-wrap !important; overflow-wrap: anywhere; }\n"
             ".jupyter-widgets { font-family: var(--jp-ui-font-family); }")
STUDENT_SUFFIX = "-student"


class PdfExportError(HabaLessonsError):
    """The notebooks or the browser needed for a PDF are not where they should be."""


def find_notebooks(paths: Sequence[Path]) -> list[Path]:
    """The notebooks named, or found directly inside the folders named (the course's in
    teaching order)."""
    notebooks: list[Path] = []
    for path in paths:
        if path.is_dir():
            # The course's notebooks in teaching order, then any others in the folder.
            found = notebook_paths(path)
            found += sorted(set(path.glob("*.ipynb")) - set(found))
            if not found:
                raise PdfExportError(f"The folder '{path}' holds no notebooks (.ipynb files): "
                                     "name a notebook or the folder 'notebooks'.")
            notebooks += found
        elif path.is_file() and path.suffix == ".ipynb":
            notebooks.append(path)
        else:
            raise PdfExportError(f"There is no notebook at '{path}': give the path of a .ipynb "
                                 "file or of a folder that holds notebooks.")
    return notebooks


def local_mathjax_url() -> str:
    """MathJax 2 from the ``jupyter-server-mathjax`` package, as a file URL (no CDN)."""
    try:
        import jupyter_server_mathjax
    except ImportError:
        raise PdfExportError(f"MathJax for the formulas is missing: {INSTALL_HINT}.") from None
    script = Path(jupyter_server_mathjax.__file__).parent / "static" / "MathJax.js"
    return f"{script.as_uri()}?config=TeX-AMS-MML_HTMLorMML-full,Safe"


def notebook_html(notebook: nbformat.NotebookNode) -> str:
    """The notebook as one self-contained HTML page in JupyterLab's light look."""
    try:
        from nbconvert import HTMLExporter
    except ImportError:
        raise PdfExportError(f"nbconvert turns notebooks into pages and is missing: "
                             f"{INSTALL_HINT}.") from None

    exporter = HTMLExporter(template_name="lab", mathjax_url=local_mathjax_url(),
                            require_js_url=REQUIRE_JS.as_uri(),
                            widget_renderer_url=EMBED_AMD_JS.as_uri())
    html, _ = exporter.from_notebook_node(notebook)
    return html


@contextmanager
def chromium_page() -> Iterator[object]:
    """A Playwright page in Debian's Chromium that can load local files and nothing else."""
    if not CHROMIUM.exists():
        raise PdfExportError(f"Chromium is needed to print PDFs and is not at {CHROMIUM}: "
                             "install it with 'sudo apt-get install chromium'.")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise PdfExportError(f"Playwright drives Chromium and is missing: {INSTALL_HINT}."
                             ) from None

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.route("**/*", _local_files_only)
            yield page
        finally:
            browser.close()


def _local_files_only(route: object) -> None:
    """Let the page read local files (the widget fonts from the vendored copies), nothing else."""
    url = route.request.url
    font = WIDGET_FONTS.get(url.rsplit("/", 1)[-1])
    if font is not None and url.startswith("file:"):
        route.fulfill(path=font)
    elif url.startswith(("file:", "data:")):
        route.continue_()
    else:
        route.abort()


def read_notebook(path: Path) -> nbformat.NotebookNode:
    try:
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
    except (OSError, ValueError, KeyError, AttributeError, TypeError,
            nbformat.ValidationError) as error:  # unreadable, not JSON, or not a notebook
        raise PdfExportError(f"'{path}' is not a notebook that can be read "
                             f"({str(error).splitlines()[0][:200]}): open it in JupyterLab "
                             f"to check it.") from None
    return notebook


def export(notebooks: Sequence[Path], outdir: Path, *, student_copies: bool = True
           ) -> list[Path]:
    """Write ``NAME.pdf`` (and ``NAME-student.pdf``) into ``outdir`` for every notebook.

    Every page is made before anything is written, so a bad notebook leaves ``outdir`` as
    it was.
    """
    pages: list[tuple[Path, str]] = []
    for path in notebooks:
        notebook = read_notebook(path)
        pages.append((outdir / f"{path.stem}.pdf", notebook_html(notebook)))
        if student_copies:
            blank_solutions(notebook)
            pages.append((outdir / f"{path.stem}{STUDENT_SUFFIX}.pdf", notebook_html(notebook)))
    return print_to_pdf(pages, outdir)


def print_to_pdf(pages: Sequence[tuple[Path, str]], outdir: Path, *,
                 footer_text: str | None = None) -> list[Path]:
    """``print_pages``, also from a thread whose asyncio loop runs."""
    if _event_loop_running():
        # Playwright's sync API refuses a thread whose asyncio loop runs (a Jupyter kernel,
        # another Playwright session): print from a thread of our own.
        with ThreadPoolExecutor(max_workers=1) as worker:
            return worker.submit(print_pages, pages, outdir, footer_text=footer_text).result()
    return print_pages(pages, outdir, footer_text=footer_text)


def _event_loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


#: Page margins of a notebook's PDF, and of a handout's (whose foot holds the licence line).
NOTEBOOK_MARGIN = {"top": "15mm", "bottom": "15mm", "left": "12mm", "right": "12mm"}
HANDOUT_MARGIN = {"top": "12mm", "bottom": "17mm", "left": "13mm", "right": "13mm"}


def page_footer(text: str) -> str:
    """Chromium's footer template: ``text`` and "page n of m" at the foot of every page."""
    return ('<div style="width:100%; margin:0 13mm; font-size:6.5pt; color:#444; '
            'font-family:\'DejaVu Sans\', sans-serif; display:flex; gap:4mm; '
            f'justify-content:space-between"><span>{html_escape(text)}</span>'
            '<span style="white-space:nowrap">page <span class="pageNumber"></span> of '
            '<span class="totalPages"></span></span></div>')


def print_pages(pages: Sequence[tuple[Path, str]], outdir: Path, *,
                footer_text: str | None = None) -> list[Path]:
    """Print each (target PDF, HTML page) with Chromium into ``outdir``, A4.

    With ``footer_text``, every printed page carries it at its foot, with its page number.
    """
    written = []
    options: dict = {"margin": NOTEBOOK_MARGIN}
    if footer_text is not None:
        options = {"margin": HANDOUT_MARGIN, "display_header_footer": True,
                   "header_template": "<span></span>", "footer_template": page_footer(footer_text)}
    with chromium_page() as page, tempfile.TemporaryDirectory() as scratch:
        outdir.mkdir(parents=True, exist_ok=True)
        for target, html in pages:
            html_file = Path(scratch) / f"{target.stem}.html"
            html_file.write_text(html, encoding="utf-8")
            page.goto(html_file.as_uri(), wait_until="load")
            page.add_style_tag(content=PRINT_CSS)
            page.evaluate(MATHJAX_DONE)
            wait_for_widgets(page, target)
            page.emulate_media(media="print")
            page.pdf(path=str(target), print_background=True, format="A4", **options)
            written.append(target)
    return written


def wait_for_widgets(page: object, target: Path) -> None:
    """Wait until every stored widget of the page is drawn; say so if some never are (the
    PDF is still printed: those widgets print empty)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"() => ({WIDGETS_UNDRAWN})() === 0",
                               timeout=WIDGETS_TIMEOUT_S * 1000, polling=200)
    except PlaywrightTimeout:
        undrawn = page.evaluate(WIDGETS_UNDRAWN)
        widgets = "widget" if undrawn == 1 else "widgets"
        print(f"{target.name}: {undrawn} {widgets} could not be drawn from the notebook's "
              f"stored state within {WIDGETS_TIMEOUT_S} s and print empty; re-execute the "
              "notebook (scripts/execute_notebooks.py) to store its widgets again.",
              file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m haba_lessons.pdf_export",
        usage="%(prog)s [--teacher-only] NOTEBOOK_OR_DIR... OUTDIR",
        description="Print notebooks, and the student copy of each, to PDF with their charts.")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="notebooks or folders of notebooks, then the folder for the PDFs")
    parser.add_argument("--teacher-only", action="store_true",
                        help="skip the student copies (solutions blanked)")
    args = parser.parse_args(argv)
    if len(args.paths) < 2:
        parser.error("give at least one notebook or folder, then the folder for the PDFs")
    *sources, outdir = args.paths
    try:
        written = export(find_notebooks(sources), outdir, student_copies=not args.teacher_only)
    except PdfExportError as error:
        print(error, file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
