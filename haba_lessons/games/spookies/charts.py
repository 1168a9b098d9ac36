"""Altair charts for the Spookies lessons (Okabe-Ito colours, a title and a description)."""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from ...charts import HEIGHT, OKABE_ITO, WIDTH
from ...i18n import _


def one_roll_chart(table: pd.DataFrame, *, title: str) -> alt.Chart:
    """Value of one more roll by space and dice count (from ``one_more_roll_table``)."""
    dice = _("{n} dice")
    rows = [{"figure on": r["figure on"], "dice": dice.format(n=r["dice"]), "value": r["≈"],
             "exact": r["value of one roll"]} for r in table.to_dict("records")]
    order = list(dict.fromkeys(table["figure on"]))
    labels = [dice.format(n=n) for n in (2, 3, 4)]
    chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(
        x=alt.X("figure on:N", sort=order, title=_("the figure stands on"),
                axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("dice:N", sort=labels),
        y=alt.Y("value:Q", title=_("expected chips from one roll (net of fines)")),
        color=alt.Color("dice:N", sort=labels, title=None,
                        scale=alt.Scale(domain=labels, range=OKABE_ITO[:3])),
        tooltip=["figure on:N", "dice:N", alt.Tooltip("exact:N", title=_("exact"))],
    )
    return chart.properties(title=title, width=WIDTH, height=HEIGHT,
                            description=_("Grouped bar chart: {title}. Bars below zero mean "
                                          "the roll loses chips on average.").format(
                                              title=title))


def running_mean_points(values: np.ndarray, points: int = 60) -> list[dict[str, float]]:
    """The running mean of ``values`` at about ``points`` sample sizes on a log scale."""
    values = np.asarray(values, dtype=float)
    cumulative = np.cumsum(values)
    sizes = np.unique(np.geomspace(1, values.size, num=points).round().astype(int))
    return [{"trials": int(n), "estimate": float(cumulative[n - 1] / n)} for n in sizes]


def win_rate_chart(table: pd.DataFrame, *, title: str) -> alt.LayerChart:
    """Win rates of a tournament (from ``tournament``) with their 95% Wilson intervals."""
    rows = table.to_dict("records")
    base = alt.Chart(alt.Data(values=rows))
    bars = base.mark_rule(size=3, color=OKABE_ITO[0]).encode(
        y=alt.Y("strategy:N", sort=None, title=None),
        x=alt.X("95% CI low:Q", title=_("share of games won (95% interval)"),
                scale=alt.Scale(domain=[0, 1])),
        x2="95% CI high:Q",
    )
    dots = base.mark_point(filled=True, size=120, color=OKABE_ITO[5], shape="diamond").encode(
        y=alt.Y("strategy:N", sort=None), x="win rate:Q",
        tooltip=["strategy:N", "wins:Q", "games:Q", "win rate:Q", "95% CI low:Q",
                 "95% CI high:Q"],
    )
    return (bars + dots).properties(
        title=title, width=WIDTH, height=30 * len(rows),
        description=_("{title}: for each strategy a diamond at its share of games won and a "
                      "line across its 95% confidence interval.").format(title=title))
