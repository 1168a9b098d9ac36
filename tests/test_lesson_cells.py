"""Small things a class meets in the restructured notebooks: a self-check cell works on its own
(run before the setup cell, it gives a verdict, not a bare NameError), and notebook 04's
chart of the castle filling up has one legend."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
import vl_convert

from haba_lessons.catalog import notebooks
from haba_lessons.games.quiet_as_a_mouse import analysis, charts, load_layout

REPO = Path(__file__).resolve().parents[1]
CHECK_CELLS = [(entry.file, cell.source) for entry in notebooks()
               for cell in nbformat.read(REPO / "notebooks" / entry.file, as_version=4).cells
               if "check" in cell.get("metadata", {}).get("tags", [])]


def test_there_are_self_check_cells_to_test():
    assert len(CHECK_CELLS) >= 30


@pytest.mark.parametrize("name, source", CHECK_CELLS, ids=[f"{n}:{i}" for i, (n, _) in enumerate(CHECK_CELLS)])
def test_a_self_check_cell_runs_on_its_own(name, source):
    answer = re.search(r'check\("[^"]+", (answer_\d+)\)', source)[1]
    namespace = {answer: ...}               # a fresh kernel with only the student's prompt run
    exec(compile(source, name, "exec"), namespace)   # no NameError for `check`
    assert "not answered yet" in namespace["check"](re.search(r'"([^"]+)"', source)[1]).message


def test_the_castle_chart_has_one_legend_for_colour_and_dash():
    layout = load_layout()
    curves = {s: analysis.blocked_as_castle_fills(s, layout) for s in analysis.STRATEGIES}
    spec = vl_convert.vegalite_to_vega(charts.blocked_curve_chart(curves).to_json())
    assert len(spec["legends"]) == 1
