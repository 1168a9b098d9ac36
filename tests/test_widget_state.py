"""Stored widget state that is the same on every run (``haba_lessons.widget_state``) and the
script that stores it (``scripts/execute_notebooks.py``).

The synthetic notebooks below are built by hand the way ipywidgets and nbclient store a
notebook (random uuid4 model ids, ``IPY_MODEL_`` references, an ``Output`` widget holding a
widget output of its own); the expected order and what is dropped are worked out by hand
from the module's rule. The last test runs a real notebook again and compares it with what
is committed.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import uuid
from pathlib import Path

import nbformat
import pytest

from haba_lessons.catalog import notebook_paths
from haba_lessons.widget_state import (
    REFERENCE,
    WIDGET_STATE,
    WIDGET_VIEW,
    deterministic_id,
    make_deterministic,
    stored_models,
)

REPO = Path(__file__).resolve().parent.parent


def model(name: str, **state) -> dict:
    return {"model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
            "model_name": name, "state": {"_model_name": name, **state}}


def view(model_id: str) -> dict:
    return {WIDGET_VIEW: {"model_id": model_id, "version_major": 2, "version_minor": 0},
            "text/plain": "VBox(...)"}


def synthetic_notebook() -> tuple[nbformat.NotebookNode, dict[str, str]]:
    """Two widget outputs over eight models, one of them unreachable; returns the notebook
    and the random id given to each role."""
    ids = {role: uuid.uuid4().hex for role in (
        "box", "box_layout", "button", "button_layout", "html", "output", "inner", "orphan")}
    ref = {role: REFERENCE + model_id for role, model_id in ids.items()}
    state = {
        ids["orphan"]: model("HTMLModel", value="never shown", layout=ref["box_layout"]),
        ids["inner"]: model("HTMLModel", value="inside the output widget"),
        ids["button"]: model("ButtonModel", layout=ref["button_layout"], description="Roll"),
        ids["output"]: model("OutputModel", outputs=[
            {"output_type": "display_data", "data": view(ids["inner"]), "metadata": {}}]),
        ids["box_layout"]: model("LayoutModel", width="50%"),
        ids["html"]: model("HTMLModel", value="<b>dice</b>", layout=ref["box_layout"]),
        ids["button_layout"]: model("LayoutModel"),
        ids["box"]: model("VBoxModel", children=[ref["button"], ref["html"]],
                          layout=ref["box_layout"]),
    }
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# A notebook", id="title"),
        nbformat.v4.new_code_cell("box", id="box", execution_count=1, outputs=[
            nbformat.v4.new_output("execute_result", data=view(ids["box"]), execution_count=1)]),
        nbformat.v4.new_code_cell("print('no widget')", id="print", execution_count=2, outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="no widget\n")]),
        nbformat.v4.new_code_cell("out", id="out", execution_count=3, outputs=[
            nbformat.v4.new_output("display_data", data=view(ids["output"]))]),
    ])
    notebook.metadata["widgets"] = {WIDGET_STATE: {"state": state, "version_major": 2,
                                                   "version_minor": 0}}
    return notebook, ids


def strings(value):
    """Every string inside ``value`` (nested lists and dicts)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def shown_ids(notebook) -> list[str]:
    return [output["data"][WIDGET_VIEW]["model_id"] for cell in notebook.cells
            if cell.cell_type == "code" for output in cell.outputs
            if WIDGET_VIEW in output.get("data", {})]


def test_models_are_numbered_in_the_order_the_outputs_reach_them():
    notebook, ids = synthetic_notebook()
    renamed = make_deterministic(notebook, "07-example.ipynb")
    # Depth first from the first output: the box, then what it refers to in sorted key order
    # (children: the button and its layout, the html and its layout, which is the box's;
    # the box's own layout is then numbered already), then the second output and the
    # output widget's child.
    order = ["box", "button", "button_layout", "html", "box_layout", "output", "inner"]
    assert renamed == {ids[role]: deterministic_id("07-example.ipynb", n)
                       for n, role in enumerate(order)}
    models = stored_models(notebook)
    assert list(models) == [deterministic_id("07-example.ipynb", n) for n in range(7)]
    assert shown_ids(notebook) == [renamed[ids["box"]], renamed[ids["output"]]]
    box = models[renamed[ids["box"]]]["state"]
    assert box["children"] == [REFERENCE + renamed[ids["button"]],
                               REFERENCE + renamed[ids["html"]]]
    inner_view = models[renamed[ids["output"]]]["state"]["outputs"][0]["data"][WIDGET_VIEW]
    assert inner_view["model_id"] == renamed[ids["inner"]]
    assert models[renamed[ids["html"]]]["state"]["value"] == "<b>dice</b>"


def test_a_model_no_output_shows_is_dropped_and_nothing_else_is():
    notebook, ids = synthetic_notebook()
    kept = set(make_deterministic(notebook, "x.ipynb"))
    assert kept == set(ids.values()) - {ids["orphan"]}
    text = json.dumps(notebook)
    assert ids["orphan"] not in text and "never shown" not in text
    for model_id in kept:                      # no old id is left anywhere
        assert model_id not in text


def test_two_runs_with_different_random_ids_store_the_same_notebook():
    first, _ = synthetic_notebook()
    second, _ = synthetic_notebook()          # same widgets, other uuid4s
    assert first != second
    # nbformat stores the state sorted by id, so the order differs between runs too
    state = second.metadata.widgets[WIDGET_STATE]
    state["state"] = dict(sorted(state["state"].items()))
    make_deterministic(first, "n.ipynb")
    make_deterministic(second, "n.ipynb")
    assert nbformat.writes(first) == nbformat.writes(second)


def test_renaming_twice_changes_nothing_more_and_names_depend_on_the_notebook():
    notebook, _ = synthetic_notebook()
    make_deterministic(notebook, "n.ipynb")
    once = copy.deepcopy(notebook)
    make_deterministic(notebook, "n.ipynb")
    assert notebook == once
    other, _ = synthetic_notebook()
    make_deterministic(other, "m.ipynb")
    assert not set(stored_models(other)) & set(stored_models(once))


def test_a_notebook_without_widgets_is_left_alone():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    before = copy.deepcopy(notebook)
    assert make_deterministic(notebook, "n.ipynb") == {}
    assert notebook == before


@pytest.mark.parametrize("path", notebook_paths(REPO / "notebooks"), ids=lambda p: p.name)
def test_every_course_notebook_is_stored_with_deterministic_complete_widget_state(path):
    notebook = nbformat.read(path, as_version=4)
    shown = shown_ids(notebook)
    models = stored_models(notebook)
    assert set(shown) <= set(models), f"{path.name}: an output's widget is not stored"
    for entry in models.values():
        for value in strings(entry["state"]):
            if value.startswith(REFERENCE):
                assert value[len(REFERENCE):] in models, f"{path.name}: dangling {value}"
    again = copy.deepcopy(notebook)
    make_deterministic(again, path.name)
    assert again == notebook, (f"{path.name} was not stored by scripts/execute_notebooks.py: "
                               "re-execute it with that script")


def test_executing_a_notebook_again_changes_nothing_that_is_stored():
    """Notebook 10 run again from a clean kernel: outputs and widget state as committed."""
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "execute_notebooks.py"), "--check",
         str(REPO / "notebooks" / "10-markov-chains.ipynb")],
        capture_output=True, text=True, cwd=REPO, timeout=600)
    assert result.returncode == 0 and "unchanged" in result.stdout, result.stdout
