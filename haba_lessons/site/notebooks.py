"""The notebooks as the website shows them: checked first, then shown from a prepared copy
(the course's own files are never changed).

* A notebook must have been run: the site shows the stored outputs, as they were last run.
* Every chart must carry its stored SVG (the site draws charts as pictures, offline): a
  notebook run without vl-convert-python has only the interactive spec.
* In the copy, the interactive chart specs are left out (the SVG beside each is shown),
  solution cells are folded behind a "Show the solution" button, and a line of links
  (download, the student copy, Binder, the lesson plan) follows the notebook's title.
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

from ..i18n import ngettext

#: Outputs the site does not show: the interactive chart specs (their SVG is shown).
VEGA_PREFIX = "application/vnd.vegalite."
SVG = "image/svg+xml"
SOLUTION_TAG = "solution"
#: MyST-NB's tag for a code cell folded behind a button (the label is set in the site's
#: configuration: only solutions are folded, so it says "Show the solution").
FOLDED = "hide-cell"


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def has_run(notebook: nbformat.NotebookNode) -> bool:
    """Whether the notebook was saved after running: a code cell has an output or a count."""
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    return not code or any(cell.get("outputs") or cell.get("execution_count") for cell in code)


def charts_without_picture(notebook: nbformat.NotebookNode) -> list[int]:
    """The numbers (from 1) of the cells with a chart that has no stored SVG."""
    found = []
    for number, cell in enumerate(notebook.cells, start=1):
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = output.get("data", {})
            if any(mime.startswith(VEGA_PREFIX) for mime in data) and SVG not in data:
                found.append(number)
                break
    return found


def problems(path: Path, shown_as: str, execute_hint: str) -> list[str]:
    """What keeps ``path`` off the site, each in one sentence (``shown_as``: its name for
    the reader, ``execute_hint``: the command that runs it)."""
    notebook = read(path)
    if not has_run(notebook):
        return [f"{shown_as} has no stored outputs (it was saved without being run), and the "
                f"website shows each notebook as it was last run: run it first, with "
                f"{execute_hint}"]
    cells = charts_without_picture(notebook)
    if cells:
        charts = ngettext("the chart in cell {cells} has no stored picture",
                          "the charts in cells {cells} have no stored picture",
                          len(cells)).format(cells=", ".join(map(str, cells)))
        return [f"{shown_as}: {charts} (it was run without vl-convert-python), and the website "
                f"draws charts from their pictures: install vl-convert-python and run it "
                f"again, with {execute_hint}"]
    return []


def page_copy(notebook: nbformat.NotebookNode, links_html: str, *,
              show: str) -> nbformat.NotebookNode:
    """The copy the site renders (see the module docstring)."""
    page = copy.deepcopy(notebook)
    for cell in page.cells:
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                if "data" in output:
                    output["data"] = {mime: value for mime, value in output["data"].items()
                                      if not mime.startswith(VEGA_PREFIX)}
        if SOLUTION_TAG in cell.get("metadata", {}).get("tags", []):
            fold(cell, show=show)
    page.cells[:1] = under_title(page.cells[:1], nbformat.v4.new_markdown_cell(links_html))
    return page


def under_title(first: list[nbformat.NotebookNode],
                links: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The first cell with ``links`` right under its title (the cell split after its first
    line when that line is the title), or before it when it has no title."""
    if not first or first[0].cell_type != "markdown" or not first[0].source.startswith("# "):
        return [links, *first]
    title, _, rest = first[0].source.partition("\n")
    cells = [nbformat.v4.new_markdown_cell(title), links]
    if rest.strip():
        body = copy.deepcopy(first[0])
        body.source = rest.lstrip("\n")
        cells.append(body)
    return cells


def fold(cell: nbformat.NotebookNode, *, show: str) -> None:
    """Fold a solution cell: a code cell by MyST-NB's tag, a text cell in ``<details>``."""
    if cell.cell_type == "code":
        cell.metadata["tags"] = [*cell.metadata.get("tags", []), FOLDED]
    else:
        cell.source = (f'<details class="haba-solution">\n<summary>{show}</summary>\n\n'
                       f"{cell.source}\n\n</details>")
