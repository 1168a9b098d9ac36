"""The explorers speak German: every text each explorer of ``haba_lessons.explore`` shows
(built, moved and refused a bad value under ``i18n.using("de")``) is German wherever the
library's catalog has German, and the English run shows the English.

The oracle is the translators' catalog (``haba_lessons.po``), as in
``tests/test_games_in_german.py``, whose helpers read the widgets' visible text.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from haba_lessons import i18n
from haba_lessons.charts import convergence
from haba_lessons.explore.best_two import BestOfDiceExplorer
from haba_lessons.explore.board_editor import board_editor
from haba_lessons.explore.intervals import IntervalWidthExplorer
from haba_lessons.explore.reward_table import RewardTableExplorer
from haba_lessons.explore.trap import TrapExplorer, catch_chart
from tests.test_games_in_german import german, translated_english, visible


def best_two() -> list[str]:
    """Built, m moved past t (t follows), then an impossible target asked for."""
    explorer = BestOfDiceExplorer()
    seen = visible(explorer.widget)
    explorer.sliders["keep"].value = 4
    seen += visible(explorer.widget)
    explorer.ask(4, 2, 30)
    seen += visible(explorer.widget)
    explorer.ask(3, 4, 10)
    return seen + visible(explorer.widget)


def reward_table() -> list[str]:
    """Built, a cell changed, then a cell that is not a number."""
    explorer = RewardTableExplorer()
    seen = visible(explorer.widget)
    explorer.cells[0][0].value = "3"
    seen += visible(explorer.widget)
    explorer.cells[1][2].value = "lots"
    return seen + visible(explorer.widget)


def trap() -> list[str]:
    """Built, r typed, then an r above 1; the chart's words too."""
    explorer = TrapExplorer()
    seen = visible(explorer)
    explorer.text.value = "2/3"
    seen += visible(explorer)
    explorer.text.value = "3/2"
    return seen + visible(explorer) + chart_words(catch_chart())


def board() -> list[str]:
    """Built, a coin chosen, then a jump that cannot be read and too few spaces."""
    editor = board_editor()
    seen = visible(editor)
    editor.die.value = "a coin: 1 or 2"
    seen += visible(editor)
    editor.jumps.value = "3-11"
    seen += visible(editor)
    editor.jumps.value = "3:11, 3:5"
    seen += visible(editor)
    editor.spaces.value = 2
    return seen + visible(editor)


def intervals() -> list[str]:
    """Built, a small n (the interval reaches past 0), then an n too large."""
    explorer = IntervalWidthExplorer()
    seen = visible(explorer.widget)
    explorer.set_trials(10)
    seen += visible(explorer.widget)
    explorer.set_trials(10**6)
    return seen + visible(explorer.widget)


def chart_words(chart) -> list[str]:
    """A chart's title, description and axis titles, as a pupil reads them."""
    spec = chart.to_dict()
    found: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("title", "description") and isinstance(value, str):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(spec)
    return found


EXPLORERS: dict[str, Callable[[], list[str]]] = {
    "best two": best_two, "reward table": reward_table, "trap": trap, "board editor": board,
    "intervals": intervals}


@pytest.mark.parametrize("name", EXPLORERS)
def test_no_english_of_the_catalog_is_left_in_the_german_explorer(name):
    with i18n.using("de"):
        text = "\n".join(EXPLORERS[name]())
    left = sorted(english for english, pattern in translated_english().items()
                  if pattern.search(text))
    assert not left, f"English left in the German {name} explorer: {left}"


def test_the_german_explorers_show_the_catalogs_german():
    with i18n.using("de"):
        seen = {name: "\n".join(run()) for name, run in EXPLORERS.items()}
    assert german("dice n") in seen["best two"]
    assert german("reaching") in seen["reward table"]
    assert german("cranks k") in seen["trap"] and german("r (exact)") in seen["trap"]
    assert german("P(caught within k cranks)") in seen["trap"]
    assert german("spaces (0 .. n-1):") in seen["board editor"]
    assert german("a coin: 1 or 2") in seen["board editor"]
    assert german("trials n") in seen["intervals"]
    assert "0,0" in seen["intervals"]                     # decimal commas in the sentence


def test_the_english_explorers_show_english():
    with i18n.using("en"):
        seen = {name: "\n".join(run()) for name, run in EXPLORERS.items()}
    assert "dice n" in seen["best two"] and "Still showing n = 4" in seen["best two"]
    assert "reaching" in seen["reward table"]
    assert "cranks k" in seen["trap"] and "The table still shows r = 2/3." in seen["trap"]
    assert "spaces (0 .. n-1):" in seen["board editor"] and "Not changed: " in \
        seen["board editor"]
    assert "trials n" in seen["intervals"] and "still showing n = 10." in seen["intervals"]


def test_the_board_editors_choices_keep_their_english_values_in_german():
    with i18n.using("de"):
        editor = board_editor()
        editor.die.value = "a coin: 1 or 2"       # the value the code looks up stays English
        labels = list(editor.die._options_labels)
    assert german("a coin: 1 or 2") in labels and "a coin: 1 or 2" not in labels
    assert editor.board is not None and sorted(editor.board.die.support()) == [1, 2]


@pytest.mark.parametrize("counted, word", [("rolls", "Würfe"), ("turns", "Züge"),
                                           ("deals", "Durchgänge")])
def test_a_convergence_chart_names_what_it_counts_in_german(counted, word):
    points = [{"trials": 10, "estimate": 0.5}]
    with i18n.using("de"):
        axis = json.dumps(convergence(points, 0.5, title="t", counted=counted).to_dict(),
                          ensure_ascii=False)
    with i18n.using("en"):
        english = json.dumps(convergence(points, 0.5, title="t", counted=counted).to_dict())
        plain = json.dumps(convergence(points, 0.5, title="t").to_dict())
    assert word in axis and "Versuche" not in axis
    assert english == plain                  # English says "trials" whatever is counted


def test_a_convergence_chart_refuses_an_unknown_count_naming_the_choices():
    from haba_lessons.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="'rolls', 'turns', 'deals'.*'throws'"):
        convergence([{"trials": 10, "estimate": 0.5}], 0.5, title="t", counted="throws")
