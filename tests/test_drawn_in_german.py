"""Trees, two-way tables and Venn diagrams speak the language in use; their data does not.

The oracle is the translators' catalogs: the German a catalog gives for a label ("red",
"double") or a library word ("total", "not {event}") must be what the drawing shows.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from haba_lessons import i18n
from haba_lessons.diagrams import tree_diagram, venn_diagram
from haba_lessons.editions import catalogs
from haba_lessons.trees import probability_tree
from haba_lessons.two_way import TwoWayTable

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "haba_lessons" / "locale" / "de" / "LC_MESSAGES" / "haba_lessons.po"
NOTEBOOK_06 = ROOT / "notebooks" / "locale" / "de" / "06-conditional-probability.po"


def german(path: Path, message: str, context: str | None = None) -> str:
    entry = catalogs.read(path).get(message, context=context)
    assert entry is not None and entry.string, f"{path.name} has no German for {message!r}"
    return entry.string


def texts(chart) -> list[str]:
    """Every text a chart draws (its layers' inline data)."""
    spec = json.dumps(chart.to_dict())
    found = []
    for layer in json.loads(spec).get("layer", []):
        found += [row["text"] for row in layer.get("data", {}).get("values", []) if "text" in row]
    return found


def dice_table() -> TwoWayTable:
    rolls = {(a, b) for a in ("red", "blue") for b in ("red", "blue")}
    return TwoWayTable.from_events(rolls, lambda r: r[0] == "red", lambda r: r[0] == r[1],
                                   ("red", "double"))


def test_a_tree_draws_its_labels_in_german_and_keeps_its_data():
    tree = probability_tree(("first die", lambda path: [("red", Fraction(1, 6)),
                                                        ("not red", Fraction(5, 6))]))
    english = texts(tree_diagram(tree, title="t"))
    with i18n.using("de"):
        drawn = texts(tree_diagram(tree, title="t"))
    assert {"start", "red", "not red"} <= set(english)
    assert german(LIBRARY, "start") in drawn
    assert german(NOTEBOOK_06, "red", "label") in drawn
    assert german(NOTEBOOK_06, "not red", "label") in drawn
    assert "red" not in drawn
    assert [p.labels for p in tree.paths()] == [("red",), ("not red",)]


def test_a_two_way_table_names_its_rows_columns_and_totals_in_german():
    table = dice_table()
    with i18n.using("de"):
        frame = table.frame()
    red = german(NOTEBOOK_06, "red", "label")
    not_red = german(LIBRARY, "not {event}").format(event=red)
    assert list(frame.index) == [red, not_red, german(LIBRARY, "total")]
    assert frame.columns[-1] == german(LIBRARY, "total")
    assert table.rows == ("red", "not red")                  # the data keeps its English
    assert list(table.frame().index) == ["red", "not red", "total"]


def test_a_venn_diagram_writes_its_corner_words_in_german():
    with i18n.using("de"):
        drawn = texts(venn_diagram(dice_table(), title="t"))
    assert german(LIBRARY, "neither: {count}").format(count=1) in drawn
    assert german(LIBRARY, "all: {count}").format(count=4) in drawn
    assert not any(text.startswith(("neither", "all:")) for text in drawn)
