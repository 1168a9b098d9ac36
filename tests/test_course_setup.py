"""``haba_lessons.course.setup``: quick to import, and every chart still uses the course renderer.

Each case runs in a fresh Python (what a notebook kernel is), because what is being checked is
the order in which modules load. Timings are not tested here (``benchmarks/notebooks.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

REPORT = """
import json, sys
import altair as alt
bundle = alt.Chart(alt.Data(values=[{"x": 1}])).mark_point().encode(x="x:Q")._repr_mimebundle_()
print(json.dumps({
    "active": alt.renderers.active,
    "rfc3987_syntax": "absent" if sys.modules.get("rfc3987_syntax", 0) is None else "loaded",
    "max_rows": alt.data_transformers.options.get("max_rows"),
    "svg": "image/svg+xml" in (bundle[0] if isinstance(bundle, tuple) else bundle),
}))
"""


def fresh(code: str) -> dict:
    result = subprocess.run([sys.executable, "-c", code + REPORT], capture_output=True,
                            text=True, cwd=REPO, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_setup_loads_no_altair():
    code = ("import sys\nfrom haba_lessons.course import setup\nrng = setup(3)\n"
            "assert 'altair' not in sys.modules and 'haba_lessons.charts' not in sys.modules\n"
            "assert 'rfc3987_syntax' not in sys.modules or sys.modules['rfc3987_syntax'] is None\n"
            "import numpy as np\n"
            "assert rng.random() == np.random.default_rng(3).random()\n")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


@pytest.mark.parametrize("first", [
    "from haba_lessons.course import setup\nsetup()\nimport haba_lessons.charts\n",
    "from haba_lessons.course import setup\nsetup()\nimport altair\n",
    "from haba_lessons.course import setup\nsetup()\n"
    "from haba_lessons.games.meow_meow import charts\n",
    "import haba_lessons.charts\nfrom haba_lessons.course import setup\nsetup()\n",
    "import altair\nfrom haba_lessons.course import setup\nsetup()\n",
])
def test_every_import_order_draws_charts_with_the_course_renderer(first):
    report = fresh(first)
    assert report["active"] == "haba"
    assert report["max_rows"] is None            # disable_max_rows
    assert report["svg"]                         # the static image beside the spec


@pytest.mark.parametrize("first", ["import haba_lessons.charts\n",
                                   "from haba_lessons.course import setup\nsetup()\n"
                                   "import haba_lessons.charts\n"])
def test_altair_loads_without_the_iri_parser_whichever_module_comes_first(first):
    assert fresh(first)["rfc3987_syntax"] == "absent"


def test_without_setup_altair_keeps_its_own_renderer():
    assert fresh("import altair\n")["active"] == "default"


def test_setup_twice_hooks_once_and_a_bad_seed_changes_nothing():
    code = ("import sys\nfrom haba_lessons.course import setup\n"
            "from haba_lessons.errors import InvalidArgumentError\n"
            "before = list(sys.meta_path)\n"
            "try:\n    setup(-1)\nexcept InvalidArgumentError:\n    pass\n"
            "assert sys.meta_path == before\n"
            "setup(); setup()\n"
            "assert len(sys.meta_path) == len(before) + 1\n"
            "import altair\n"
            "assert not [f for f in sys.meta_path if type(f).__name__ == '_WhenAltairLoads']\n")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


def test_the_course_renderer_name_is_the_charts_one():
    from haba_lessons import charts, course
    assert course.RENDERER == charts.RENDERER


def test_in_a_notebook_a_mistake_the_course_catches_shows_its_message_alone():
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "from haba_lessons.course import setup\nrng = setup(1)",
        "from haba_lessons.dice import keep_highest\nkeep_highest(2, 3)",   # keep 3 of 2 dice
        "1 / 0",                                                         # the student's own slip
    )])
    NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(REPO)}}).execute()
    mistake, slip = (cell.outputs[0] for cell in notebook.cells[1:])
    assert mistake.output_type == "error" and mistake.ename == "InvalidArgumentError"
    assert mistake.traceback == [f"InvalidArgumentError: {mistake.evalue}"]
    assert "keep" in mistake.evalue
    assert slip.ename == "ZeroDivisionError" and len(slip.traceback) > 1   # a full traceback


def test_run_all_still_stops_at_a_mistake_the_course_catches():
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "from haba_lessons.course import setup\nrng = setup(1)",
        "from haba_lessons.dice import keep_highest\nkeep_highest(2, 3)",
        "reached = True",
    )])
    with pytest.raises(CellExecutionError, match="InvalidArgumentError"):
        NotebookClient(notebook, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(REPO)}}).execute()
    assert notebook.cells[2].execution_count is None              # never run
