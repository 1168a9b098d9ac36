"""How long "Run All" takes: execute every course notebook in a fresh kernel and print its
total time and its slowest cells.

    .venv/bin/python benchmarks/notebooks.py                      # every notebook
    .venv/bin/python benchmarks/notebooks.py notebooks/06-*.ipynb --slowest 5

Cell times come from the kernel's own messages (busy to idle), as nbclient records them;
"cells" is their sum and "wall" adds the kernel's start and the messaging between cells.
Nothing is written back: the notebooks are executed in memory.
"""

from __future__ import annotations

import argparse
import time
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _seconds(start: str, end: str) -> float:
    return (datetime.fromisoformat(end.replace("Z", "+00:00"))
            - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()


def cell_times(notebook: nbformat.NotebookNode) -> list[tuple[int, float, str]]:
    """(code cell number from 1, seconds, first source line) for every executed code cell."""
    times = []
    code_cells = [c for c in notebook.cells if c.cell_type == "code"]
    for number, cell in enumerate(code_cells, start=1):
        timing = cell.metadata.get("execution", {})
        if "iopub.status.busy" in timing and "iopub.status.idle" in timing:
            first = (cell.source.strip().splitlines() or [""])[0][:60]
            times.append((number, _seconds(timing["iopub.status.busy"],
                                           timing["iopub.status.idle"]), first))
    return times


def run(path: Path) -> tuple[float, list[tuple[int, float, str]]]:
    """Execute ``path`` in a fresh kernel; return wall seconds and the cell times."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start, cell_times(notebook)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to run (default: every NN-*.ipynb in notebooks/)")
    parser.add_argument("--slowest", type=int, default=3, help="slowest cells to list")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    summary = []
    for path in paths:
        wall, times = run(path)
        total = sum(t for _, t, _ in times)
        summary.append((path.name, wall, total, max((t for _, t, _ in times), default=0.0)))
        print(f"{path.name}: wall {wall:5.1f} s, cells {total:5.1f} s")
        for number, seconds, first in sorted(times, key=lambda x: -x[1])[:args.slowest]:
            print(f"    cell {number:2d}: {seconds:5.2f} s  {first}")
    print(f"\n{'notebook':<36} {'wall s':>7} {'cells s':>8} {'slowest cell s':>15}")
    for name, wall, total, slowest in summary:
        print(f"{name:<36} {wall:7.1f} {total:8.1f} {slowest:15.2f}")
    print(f"{'all':<36} {sum(s[1] for s in summary):7.1f} {sum(s[2] for s in summary):8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
