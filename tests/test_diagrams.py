"""The syllabus pictures show the numbers of the objects they are drawn from."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from tests.test_accessibility import chart_problems

from haba_lessons.bayes import bernoulli_likelihood, grid, uniform_prior, update
from haba_lessons.classlab.inference import beta_posterior
from haba_lessons.diagrams import grid_posterior_chart, tree_diagram, venn_diagram
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.trees import probability_tree
from haba_lessons.two_way import TwoWayTable

DICE = set(product(range(1, 7), repeat=2))
SIX = ("roll", lambda path: [("six", Fraction(1, 6)), ("not six", Fraction(5, 6))])


def texts(chart) -> list[str]:
    spec = chart.to_dict()
    return [row["text"] for layer in spec["layer"] for row in layer["data"]["values"]
            if "text" in row]


def test_a_tree_diagram_shows_every_branch_and_path_product():
    tree = probability_tree(SIX, SIX)
    chart = tree_diagram(tree, title="two rolls", highlight=[("six", "six")])
    shown = texts(chart)
    assert shown.count("1/6") == 3 and shown.count("5/6") == 3      # 2 + 4 branches
    assert {"= 1/36", "= 5/36", "= 25/36"} <= set(shown)
    edges = chart.to_dict()["layer"][0]["data"]["values"]
    assert sorted(e["width"] for e in edges) == [1.5] * 4 + [4, 4]   # the marked path
    assert chart_problems(chart.to_dict()) == []


def test_a_tree_too_big_to_read_is_refused():
    with pytest.raises(InvalidArgumentError, match="at most 16"):
        tree_diagram(probability_tree(*[SIX] * 5), title="five rolls")


def test_a_venn_diagram_shows_the_four_regions():
    table = TwoWayTable.from_events(DICE, lambda r: r[0] == 6, lambda r: sum(r) >= 10,
                                    ("first six", "at least 10"))
    shown = texts(venn_diagram(table, title="two dice"))
    assert shown[:3] == ["3", "3", "3"] and "neither: 27" in shown and "all: 36" in shown
    assert "all: 1" in texts(venn_diagram(table, title="shares", shares=True))
    assert chart_problems(venn_diagram(table, title="two dice").to_dict()) == []
    with pytest.raises(InvalidArgumentError, match="two events"):
        venn_diagram(TwoWayTable.from_pairs([("a", "x"), ("b", "y"), ("c", "z")]), title="3")


def test_a_grid_posterior_is_drawn_as_densities_beside_its_beta():
    posterior = update(uniform_prior(grid(5)), bernoulli_likelihood(1, 1))
    chart = grid_posterior_chart(posterior, beta_posterior(1, 1), title="p")
    bars = chart.to_dict()["layer"][0]["data"]["values"]
    # p(1-p) on 1/4, 1/2, 3/4 is 3, 4, 3 (over 16): probabilities 3/10, 4/10, 3/10, each bar
    # 1/4 wide, so its height is 4 × its probability.
    assert [round(b["density"], 12) for b in bars] == [1.2, 1.6, 1.2]
    assert chart_problems(chart.to_dict()) == []
    json.dumps(chart.to_dict())        # the chart is plain data (it is stored in a notebook)
