"""What the static chart images cost: the SVG for one chart, and each notebook's run time.

Executes every notebook twice from a clean kernel (nothing is written back): with Altair's
plain ``mimetype`` renderer and with the course's renderer (spec plus SVG). Then draws each
chart again outside the kernel (engine already started) to time the SVG step alone. On a
busy machine the two run times vary by a second or more; the per-chart times are steadier.
A kernel pays the engine start once, for its first chart, on top of the per-chart times.

    .venv/bin/python benchmarks/charts.py [NOTEBOOK ...]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import altair as alt
import nbformat
from nbclient import NotebookClient

from haba_lessons.charts import RENDERER, chart_svg

VEGALITE = "application/vnd.vegalite.v5+json"
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cold_start_seconds() -> float:
    """The first SVG in a fresh Python: vl-convert starts its JavaScript engine once per kernel."""
    code = ("import time, altair as alt; from haba_lessons.charts import RENDERER, chart_svg;"
            "spec = alt.Chart(alt.Data(values=[{'x': 1}])).mark_bar().encode(x='x:Q').to_dict();"
            "t = time.perf_counter(); chart_svg(spec); print(time.perf_counter() - t)")
    return float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                text=True).stdout)


def run_notebook(path: Path, renderer: str) -> tuple[float, list[dict]]:
    """Wall time of a clean execution (kernel start included) with ``renderer`` switched on
    right after the notebook's ``setup()``, and the chart specs it displayed."""
    notebook = nbformat.read(path, as_version=4)
    at = next((i for i, cell in enumerate(notebook.cells)
               if cell.cell_type == "code" and "setup(" in cell.source), 0)
    notebook.cells.insert(at + 1, nbformat.v4.new_code_cell(
        f"import altair, haba_lessons.charts; altair.renderers.enable({renderer!r})"))
    start = time.perf_counter()
    NotebookClient(notebook, timeout=600, resources={"metadata": {"path": str(path.parent)}}
                   ).execute()
    seconds = time.perf_counter() - start
    specs = [output["data"][VEGALITE] for cell in notebook.cells
             for output in cell.get("outputs", []) if VEGALITE in output.get("data", {})]
    return seconds, specs


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    print(f"first chart in a fresh kernel (engine start + drawing): {cold_start_seconds():.2f} s")
    all_ms: list[float] = []
    chart_svg(alt.Chart(alt.Data(values=[{"x": 1}])).mark_bar().encode(x="x:Q").to_dict())
    for path in paths:
        plain, _ = run_notebook(path, "mimetype")
        seconds, specs = run_notebook(path, RENDERER)
        chart_ms = []
        for spec in specs:
            start = time.perf_counter()
            chart_svg(spec)
            chart_ms.append((time.perf_counter() - start) * 1000)
        all_ms += chart_ms
        print(f"{path.name}: {seconds:.1f} s to execute with the SVGs, {plain:.1f} s without; "
              f"{len(specs)} charts, their SVGs {sum(chart_ms):.0f} ms in all")
    if all_ms:
        print(f"one chart's SVG (warm): median {statistics.median(all_ms):.0f} ms, "
              f"max {max(all_ms):.0f} ms over {len(all_ms)} charts")


if __name__ == "__main__":
    main(sys.argv[1:])
