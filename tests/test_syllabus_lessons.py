"""The syllabus lessons (06, 07, 09, 11) as stored: every self-check says "right" for the
teacher's solution (a key that disagrees with the solution is caught here)."""

from __future__ import annotations

import nbformat
import pytest
from tests.stored_outputs import NOTEBOOKS


LESSONS = ["06-conditional-probability.ipynb", "07-independence.ipynb", "09-binomial.ipynb",
           "11-bayes.ipynb"]


@pytest.mark.parametrize("name", LESSONS)
def test_every_stored_check_of_the_solutions_is_right(name):
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    checks = [cell for cell in notebook.cells if "check" in cell.metadata.get("tags", [])]
    assert checks, f"{name} has no self-check"
    for cell in checks:
        verdict = "".join(output["data"]["text/plain"] for output in cell.outputs)
        assert verdict.startswith("✓"), f"{name}: {cell.source} gave {verdict!r}"
