"""Every notebook that invites a seed change runs without a cell error for 12 other seeds.

The course convention (BRIEF, "Seed convention"): such a notebook has exactly one code cell
tagged ``seed`` whose source is one assignment ``SEED = <int>``, and all its random work
derives from ``SEED``. A student who changes it must never meet an error — for example an
``assert`` that a random estimate lies inside its 95% interval, which fails 1 run in 20.

Speed: one kernel per notebook (nbclient). The cells above the seed cell run once (they cannot
depend on the seed); then, for each other seed, the cells from the seed cell onward. Widget
cells are re-run too: nothing is skipped. The stored seed is not run again here: nbval runs
every notebook with it, comparing every output. The time per notebook is printed.

Notebooks are found in ``notebooks/``; set ``HABA_SEED_NOTEBOOKS`` to another folder (for
example the student copies made by ``python -m haba_lessons.student_copies``) to check those.
Student copies differ only in solution and check cells, which do not use the seed, so CI runs
the solution notebooks here and nbval covers the copies with the stored seed.
"""

from __future__ import annotations

import ast
import os
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbformat.v4 import new_code_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(os.environ.get("HABA_SEED_NOTEBOOKS", ROOT / "notebooks"))
SEED_TAG = "seed"
#: Twelve seeds other than the course's stored seed (2015): every lesson and extension with
#: a seed, 12 times each, is about 5 minutes of CI on two cores (20 seeds took 9).
OTHER_SEEDS = tuple(range(1, 13))


def seed_cells(notebook: nbformat.NotebookNode) -> list[int]:
    """Indices of the cells tagged ``seed``."""
    return [i for i, cell in enumerate(notebook.cells)
            if SEED_TAG in cell.get("metadata", {}).get("tags", [])]


def is_seed_assignment(source: str) -> bool:
    """True for a single statement ``SEED = <int literal>`` (comments allowed)."""
    body = ast.parse(source).body
    return (len(body) == 1 and isinstance(body[0], ast.Assign)
            and [getattr(t, "id", None) for t in body[0].targets] == ["SEED"]
            and isinstance(body[0].value, ast.Constant) and type(body[0].value.value) is int)


def notebooks_with_seed(folder: Path) -> list[Path]:
    """The course notebooks ``NN-*.ipynb`` and extensions ``NNx-*.ipynb`` in ``folder`` that
    have a seed-tagged cell."""
    lessons = [*folder.glob("[0-9][0-9]-*.ipynb"), *folder.glob("[0-9][0-9]x-*.ipynb")]
    return [path for path in sorted(lessons) if seed_cells(nbformat.read(path, as_version=4))]


def run_with_seeds(notebook: nbformat.NotebookNode, folder: Path, seeds: tuple[int, ...]) -> list[str]:
    """Run ``notebook``'s cells above its seed cell once, then the cells from the seed cell on
    with each seed; return the failures."""
    start = seed_cells(notebook)[0]
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})
    failures = []
    with client.setup_kernel():
        for index in range(start):
            client.execute_cell(notebook.cells[index], index)
        for seed in seeds:
            notebook.cells[start].source = f"SEED = {seed}"
            for index in range(start, len(notebook.cells)):
                try:
                    client.execute_cell(notebook.cells[index], index)
                except CellExecutionError as error:
                    failures.append(f"SEED = {seed}: cell {index} failed: {str(error).splitlines()[-1]}")
                    break
    return failures


def test_at_least_one_notebook_invites_a_seed_change():
    assert notebooks_with_seed(FOLDER), (
        f"no notebook in {FOLDER} has a cell tagged '{SEED_TAG}': the seed-robustness check "
        "would test nothing.")


@pytest.mark.parametrize("path", notebooks_with_seed(FOLDER), ids=lambda p: p.name)
def test_a_seed_cell_follows_the_convention(path):
    notebook = nbformat.read(path, as_version=4)
    cells = seed_cells(notebook)
    assert len(cells) == 1, f"{path.name} has {len(cells)} seed cells; the convention is one."
    cell = notebook.cells[cells[0]]
    assert cell.cell_type == "code" and is_seed_assignment(cell.source), (
        f"{path.name}: the seed cell must be one assignment SEED = <whole number>, not {cell.source!r}.")


@pytest.mark.parametrize("path", notebooks_with_seed(FOLDER), ids=lambda p: p.name)
def test_notebook_runs_with_other_seeds(path, capsys):
    started = time.perf_counter()
    failures = run_with_seeds(nbformat.read(path, as_version=4), path.parent, OTHER_SEEDS)
    with capsys.disabled():
        print(f"\n{path.name}: {len(OTHER_SEEDS)} other seeds in {time.perf_counter() - started:.1f} s")
    assert not failures, "\n".join(failures)


def test_the_runner_reports_a_cell_that_fails_for_one_seed(tmp_path):
    notebook = new_notebook(cells=[new_code_cell("import math"),
                                   new_code_cell("SEED = 2015", metadata={"tags": [SEED_TAG]}),
                                   new_code_cell("assert SEED != 7, 'seven'"),
                                   new_code_cell("print(SEED)")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    failures = run_with_seeds(notebook, tmp_path, (6, 7, 8))
    assert len(failures) == 1 and failures[0].startswith("SEED = 7: cell 2 failed")


@pytest.mark.parametrize("source, ok", [("SEED = 3  # change me", True), ("SEED = 3.5", False),
                                        ("SEED = 3\nrng = 1", False), ("seed = 3", False)])
def test_only_a_single_whole_number_assignment_is_a_seed_cell(source, ok):
    assert is_seed_assignment(source) is ok
