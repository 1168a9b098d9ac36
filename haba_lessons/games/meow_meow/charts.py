"""Altair charts for the Meow Meow studies (Okabe-Ito palette, a title and a description each)."""

from __future__ import annotations

from collections import Counter

import altair as alt
import numpy as np
import pandas as pd

from ...charts import HEIGHT, OKABE_ITO, WIDTH
from ...i18n import _, number


def rates_with_intervals(table: pd.DataFrame, *, label: str, value: str, low: str, high: str,
                         title: str, x_title: str, reference: float | None = None) -> alt.LayerChart:
    """One point per row with its 95% interval as a bar; optionally a dashed reference line."""
    rows = table[[label, value, low, high]].to_dict("records")
    order = list(table[label])
    base = alt.Chart(alt.Data(values=rows))
    y = alt.Y(f"{label}:N", sort=order, title=None)
    bars = base.mark_rule(color=OKABE_ITO[0], size=3).encode(
        y=y, x=alt.X(f"{low}:Q", title=x_title), x2=f"{high}:Q")
    points = base.mark_point(color=OKABE_ITO[5], filled=True, size=90).encode(
        y=y, x=f"{value}:Q", tooltip=[f"{label}:N", f"{value}:Q", f"{low}:Q", f"{high}:Q"])
    layers = [bars, points]
    if reference is not None:
        layers.append(alt.Chart(alt.Data(values=[{"reference": reference}])).mark_rule(
            color="black", strokeDash=[5, 4]).encode(x="reference:Q"))
    return alt.layer(*layers).properties(
        title=title, width=WIDTH, height=max(60, 34 * len(rows)),
        description=(_("{title}: one dot per row, the bar is its 95% confidence interval; the "
                       "dashed line marks {reference}.").format(
                           title=title, reference=number(reference, ".3f"))
                     if reference is not None else
                     _("{title}: one dot per row, the bar is its 95% confidence "
                       "interval.").format(title=title)))


def count_bars(values: np.ndarray, *, title: str, x_title: str) -> alt.Chart:
    """How often each whole-number value occurred, as a share of all runs."""
    counts = Counter(int(v) for v in values)
    rows = [{"value": v, "share": n / len(values), "runs": n} for v, n in sorted(counts.items())]
    return alt.Chart(alt.Data(values=rows)).mark_bar(color=OKABE_ITO[2]).encode(
        x=alt.X("value:Q", title=x_title, bin=False),
        y=alt.Y("share:Q", title=_("share of runs")),
        tooltip=["value:Q", "runs:Q", alt.Tooltip("share:Q", format=".3f")],
    ).properties(title=title, width=WIDTH, height=HEIGHT,
                 description=_("Bar chart: {title}. Each bar is the share of {runs} simulated "
                               "runs with that {axis}.").format(title=title, runs=len(values),
                                                               axis=x_title))
