"""The PDF export: real PDFs printed by Debian's Chromium, read back with pypdf.

Headings come from the notebook's own markdown; a chart counts as printed when the run of
words drawn *inside* its static image (tick labels, axis titles, title, in order) is in the
PDF's text: no cell source holds that run. A control prints a chart without its SVG and must
not show its words, so the check can fail.

Without /usr/bin/chromium these tests skip with the reason; with CI=true they fail.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from haba_lessons import Distribution
from haba_lessons.charts import distribution_bars, interactive_and_static_renderer
from haba_lessons.pdf_export import CHROMIUM, STUDENT_SUFFIX, main

pypdf = pytest.importorskip("pypdf")
pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parent.parent
NOTEBOOK = REPO / "notebooks" / "01-dice-and-sample-spaces.ipynb"
VEGALITE = "application/vnd.vegalite.v5+json"


@pytest.fixture(autouse=True)
def _chromium():
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} not found: install Debian's chromium package to print PDFs"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {reason}", pytrace=False)
        pytest.skip(reason)


def normalise(text: str) -> str:
    """Ligatures undone (ﬁ -> fi), every run of white space one space: lines wrap in a PDF."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def pdf_text(path: Path) -> str:
    return normalise(" ".join(page.extract_text() for page in pypdf.PdfReader(path).pages))


def headings(notebook: nbformat.NotebookNode) -> list[str]:
    """Markdown headings as printed: '#' marks, emphasis and code marks removed."""
    return [normalise(re.sub(r"[*_`]", "", line.lstrip("#")))
            for cell in notebook.cells if cell.cell_type == "markdown"
            for line in cell.source.splitlines() if line.startswith("#")]


def chart_words(svg: str) -> str:
    """Every word drawn in a chart (tick labels, axis titles, title), in order, spaces removed.

    Only a printed chart puts this whole run of words into a PDF: no cell source holds it.
    """
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    return re.sub(r"\s", "", normalise(html.unescape("".join(texts))))


def chart_notebook(with_svg: bool) -> nbformat.NotebookNode:
    """A heading and one chart whose words appear nowhere but in the chart's drawing."""
    dist = Distribution({"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
    chart = distribution_bars(dist, title="Zebra quokka chart", x_title="coin face wombat")
    bundle, metadata = interactive_and_static_renderer(chart.to_dict())
    if not with_svg:
        del bundle["image/svg+xml"]
    cell = nbformat.v4.new_code_cell("chart", outputs=[nbformat.v4.new_output(
        "execute_result", data=bundle, metadata=metadata, execution_count=1)])
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A printed chart"),
                                           cell])


def test_a_chart_is_printed_from_its_static_image_and_only_from_it(tmp_path):
    for name, with_svg in (("with-svg", True), ("spec-only", False)):
        nbformat.write(chart_notebook(with_svg), tmp_path / f"{name}.ipynb")
    assert main([str(tmp_path / "with-svg.ipynb"), str(tmp_path / "spec-only.ipynb"),
                 str(tmp_path / "pdf"), "--teacher-only"]) == 0
    printed = pdf_text(tmp_path / "pdf" / "with-svg.pdf")
    control = pdf_text(tmp_path / "pdf" / "spec-only.pdf")
    assert "A printed chart" in printed and "A printed chart" in control
    for words in ("Zebra quokka chart", "coin face wombat", "heads", "tails", "probability"):
        assert words in printed
        assert words not in control      # the spec alone prints no picture


def test_printing_works_where_an_asyncio_loop_runs(tmp_path):
    # A Jupyter kernel (or another Playwright session) runs an asyncio loop in its thread,
    # where Playwright's sync API refuses to start.
    nbformat.write(chart_notebook(with_svg=True), tmp_path / "chart.ipynb")

    async def print_inside_a_loop():
        return main([str(tmp_path / "chart.ipynb"), str(tmp_path / "pdf"), "--teacher-only"])

    with ThreadPoolExecutor(max_workers=1) as thread:    # a thread whose own loop runs
        assert thread.submit(asyncio.run, print_inside_a_loop()).result() == 0
    assert "A printed chart" in pdf_text(tmp_path / "pdf" / "chart.pdf")


def test_a_notebook_and_its_student_copy_print_with_headings_and_charts(tmp_path):
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    charts = [output["data"] for cell in notebook.cells for output in cell.get("outputs", [])
              if VEGALITE in output.get("data", {})]
    assert len(charts) >= 3 and all("image/svg+xml" in data for data in charts), \
        "notebook 01 must store its charts with their static SVG (re-execute it)"
    assert main([str(NOTEBOOK), str(tmp_path)]) == 0
    for suffix in ("", STUDENT_SUFFIX):
        text = pdf_text(tmp_path / f"{NOTEBOOK.stem}{suffix}.pdf")
        missing = [heading for heading in headings(notebook) if heading not in text]
        assert not missing, f"headings missing from the {suffix or 'teacher'} PDF: {missing}"
        squeezed = re.sub(r"\s", "", text)
        for data in charts:
            assert chart_words(data["image/svg+xml"]) in squeezed, \
                f"chart '{data[VEGALITE]['title']}' not printed"


def test_a_missing_notebook_gets_one_sentence_and_nothing_is_written(tmp_path, capsys):
    outdir = tmp_path / "pdf"
    assert main([str(tmp_path / "no-such-notebook.ipynb"), str(outdir)]) == 2
    message = capsys.readouterr().err.strip()
    assert message.count(".") <= 3 and "\n" not in message
    assert "no-such-notebook.ipynb" in message and "give the path" in message
    assert not outdir.exists()


def test_an_empty_folder_gets_one_sentence_and_nothing_is_written(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty"), str(tmp_path / "pdf")]) == 2
    assert "holds no notebooks" in capsys.readouterr().err
    assert not (tmp_path / "pdf").exists()


def test_an_unreadable_notebook_gets_one_sentence_and_nothing_is_written(tmp_path, capsys):
    good, bad = tmp_path / "good.ipynb", tmp_path / "bad.ipynb"
    nbformat.write(chart_notebook(with_svg=True), good)
    bad.write_text("{ this is not a notebook")
    assert main([str(good), str(bad), str(tmp_path / "pdf")]) == 2
    message = capsys.readouterr().err.strip()
    assert "'" + str(bad) + "' is not a notebook" in message and "\n" not in message
    assert not (tmp_path / "pdf").exists()      # not even the good notebook's PDF


def test_a_folder_prints_the_course_in_teaching_order_then_its_other_notebooks(tmp_path):
    from haba_lessons.catalog import notebooks
    from haba_lessons.pdf_export import find_notebooks

    for entry in reversed(notebooks()[:3]):
        (tmp_path / entry.file).write_text("{}")
    (tmp_path / "00-a-teachers-own.ipynb").write_text("{}")
    assert [p.name for p in find_notebooks([tmp_path])] == [
        *(entry.file for entry in notebooks()[:3]), "00-a-teachers-own.ipynb"]


# --- widgets, drawn from the notebook's stored state --------------------------------------

WIDGET_NOTEBOOK = REPO / "notebooks" / "02-best-two-of-k.ipynb"


def widget_words(notebook: nbformat.NotebookNode, model_id: str) -> list[str]:
    """The words a drawn widget shows (its HTML and labels, its buttons' captions), read from
    the stored state of the widget and every model under it."""
    from haba_lessons.widget_state import REFERENCE, stored_models

    models, seen, found, stack = stored_models(notebook), set(), [], [model_id]
    while stack:
        current = stack.pop()
        if current in seen or current not in models:
            continue
        seen.add(current)
        state = models[current]["state"]
        for key in ("value", "description"):
            if isinstance(state.get(key), str) and models[current]["model_name"] in (
                    "HTMLModel", "LabelModel", "ButtonModel"):
                found.append(normalise(html.unescape(re.sub(r"<[^>]+>", " ", state[key]))))
        for value in state.values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item.startswith(REFERENCE):
                    stack.append(item[len(REFERENCE):])
    return [words for words in found if words]


def only_in_the_drawing(notebook: nbformat.NotebookNode, words: list[str]) -> list[str]:
    """Those of ``words`` that no cell source and no text output holds."""
    elsewhere = normalise(" ".join(
        [cell.source for cell in notebook.cells]
        + [str(output.get("data", {}).get("text/plain", "")) + str(output.get("text", ""))
           for cell in notebook.cells for output in cell.get("outputs", [])]))
    return [w for w in words if len(w) > 12 and w not in elsewhere]


def test_a_widget_cell_prints_the_widget_drawn_from_its_stored_state(tmp_path):
    from haba_lessons.widget_notice import PICTURE
    from haba_lessons.widget_state import WIDGET_VIEW

    notebook = nbformat.read(WIDGET_NOTEBOOK, as_version=4)
    cell, output = next((cell, output) for cell in reversed(notebook.cells)
                        for output in cell.get("outputs", [])
                        if WIDGET_VIEW in output.get("data", {}))
    words = only_in_the_drawing(notebook, widget_words(
        notebook, output["data"][WIDGET_VIEW]["model_id"]))
    assert len(words) >= 3, f"too few words to recognise the widget by: {words}"
    control = nbformat.read(WIDGET_NOTEBOOK, as_version=4)
    del control.metadata["widgets"]          # no stored state: nothing can draw the widget
    nbformat.write(control, tmp_path / "no-state.ipynb")
    assert main([str(WIDGET_NOTEBOOK), str(tmp_path / "no-state.ipynb"), str(tmp_path / "pdf"),
                 "--teacher-only"]) == 0

    pages = [normalise(page.extract_text()) for page in
             pypdf.PdfReader(tmp_path / "pdf" / f"{WIDGET_NOTEBOOK.stem}.pdf").pages]
    first_line = normalise(cell.source.splitlines()[-1])
    at = next(i for i, text in enumerate(pages) if first_line in text)
    widget_pages = " ".join(pages[at:at + 2])     # the cell's page, and the next if it breaks
    missing = [w for w in words if w not in widget_pages]
    assert not missing, f"page {at + 1} of the PDF lacks the widget's words {missing}"
    assert normalise(PICTURE) in widget_pages
    printed_without_state = pdf_text(tmp_path / "pdf" / "no-state.pdf")
    assert not [w for w in words if w in printed_without_state]


def test_widgets_that_cannot_be_drawn_are_named_and_the_pdf_is_still_printed(
        tmp_path, monkeypatch, capsys):
    from haba_lessons import pdf_export

    monkeypatch.setattr(pdf_export, "EMBED_AMD_JS", tmp_path / "missing" / "embed-amd.js")
    monkeypatch.setattr(pdf_export, "WIDGETS_TIMEOUT_S", 2)
    assert main([str(WIDGET_NOTEBOOK), str(tmp_path / "pdf"), "--teacher-only"]) == 0
    assert (tmp_path / "pdf" / f"{WIDGET_NOTEBOOK.stem}.pdf").is_file()
    message = capsys.readouterr().err.strip()
    assert message == (f"{WIDGET_NOTEBOOK.stem}.pdf: 2 widgets could not be drawn from the "
                       "notebook's stored state within 2 s and print empty; re-execute the "
                       "notebook (scripts/execute_notebooks.py) to store its widgets again.")
