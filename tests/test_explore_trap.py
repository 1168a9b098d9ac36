"""The trap-reliability explorer, driven like a student drives it (``.value = ...``)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.explore.trap import TrapExplorer


def caught_within(r: Fraction, k: int) -> Fraction:
    """Independently: caught on crank j means j - 1 misses, then a catch; add j = 1..k."""
    return sum((r * (1 - r) ** (j - 1) for j in range(1, k + 1)), Fraction(0))


def shown(explorer: TrapExplorer) -> list[tuple[int, Fraction]]:
    rows = re.findall(r"<tr><td>(\d+)</td><td>([\d/]+)</td>", explorer.table.value)
    return [(int(k), Fraction(p)) for k, p in rows]


def test_starts_at_three_quarters_with_the_exact_chances():
    explorer = TrapExplorer()
    assert explorer.r == Fraction(3, 4)
    assert shown(explorer) == [(k, caught_within(Fraction(3, 4), k)) for k in range(1, 6)]
    assert shown(explorer)[1][1] == Fraction(15, 16)         # by hand: 1 - 1/16


@pytest.mark.parametrize("value, r", [(0.5, Fraction(1, 2)), (0.35, Fraction(7, 20)),
                                      (1.0, Fraction(1)), (0.0, Fraction(0))])
def test_the_slider_recomputes(value, r):
    explorer = TrapExplorer()
    explorer.slider.value = value
    assert explorer.r == r and explorer.text.value == str(r)
    assert shown(explorer) == [(k, caught_within(r, k)) for k in range(1, 6)]


def test_typed_exact_r_and_more_cranks():
    explorer = TrapExplorer()
    explorer.text.value = "2/3"
    explorer.cranks.value = 8
    assert shown(explorer) == [(k, caught_within(Fraction(2, 3), k)) for k in range(1, 9)]


@pytest.mark.parametrize("bad", ["1.2", "-1/4", "three quarters", ""])
def test_out_of_range_or_not_a_number_is_refused_and_nothing_changes(bad):
    explorer = TrapExplorer()
    explorer.text.value = "1/3"
    before = explorer.table.value
    explorer.text.value = bad
    assert explorer.r == Fraction(1, 3) and explorer.table.value == before
    assert "between 0 and 1" in explorer.message.value
    assert "still shows r = 1/3" in explorer.message.value
    explorer.text.value = "1/2"                                  # a good value clears it
    assert explorer.message.value == "" and explorer.r == Fraction(1, 2)


def test_bad_start_values():
    with pytest.raises(InvalidArgumentError):
        TrapExplorer(r=2)
    with pytest.raises(InvalidArgumentError):
        TrapExplorer(cranks=0)


def test_catch_chart_plots_the_exact_chances():
    from haba_lessons.explore.trap import catch_chart
    rows = catch_chart((1, 3)).to_dict()["data"]["values"]
    assert len(rows) == 2 * 21
    for row in rows:
        k = int(row["k"].split("= ")[1])
        assert row["P"] == pytest.approx(float(caught_within(Fraction(row["r"]).limit_denominator(20), k)))
