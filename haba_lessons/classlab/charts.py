"""Charts of notebook 12: a simulated null distribution, Beta posteriors, win chances over
the posterior, observed vs exact.

Okabe-Ito colours (``haba_lessons.charts``), a title saying what is shown, and a one-line
text description on every chart for screen readers.
"""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import numpy as np
import pandas as pd

from ..charts import HEIGHT, OKABE_ITO, WIDTH
from ..i18n import N_, _, number
from .inference import BetaPosterior


def null_histogram(null: np.ndarray, observed: float, *, title: str,
                   statistic: str = N_("total variation distance")) -> alt.LayerChart:
    """The statistic's simulated distribution if the model is right, and the observed value."""
    statistic = _(statistic)
    counts, edges = np.histogram(null, bins=30)
    rows = [{"from": float(a), "to": float(b), "share": int(c) / len(null)}
            for a, b, c in zip(edges[:-1], edges[1:], counts)]
    bars = alt.Chart(alt.Data(values=rows)).mark_rect(color=OKABE_ITO[4]).encode(
        x=alt.X("from:Q", title=statistic), x2="to:Q",
        y=alt.Y("share:Q", title=_("share of simulated samples")))
    rule = alt.Chart(alt.Data(values=[{"observed": observed}])).mark_rule(
        color=OKABE_ITO[5], size=3).encode(x="observed:Q", tooltip=["observed:Q"])
    return (bars + rule).properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=_("Histogram: {title}. Light bars: the {statistic} of samples simulated "
                      "from the exact model; the dark line is our data's value, "
                      "{observed}.").format(title=title, statistic=statistic,
                                            observed=number(observed, ".4f")))


def posterior_curves(posteriors: Sequence[BetaPosterior], labels: Sequence[str], *,
                     title: str) -> alt.Chart:
    """Each child's Beta posterior density of p, one colour each."""
    x = np.linspace(0, 1, 201)
    rows = [{"p": float(xi), "density": float(d), "child": label}
            for post, label in zip(posteriors, labels) for xi, d in zip(x, post.density(x))]
    chart = alt.Chart(alt.Data(values=rows)).mark_line(size=3).encode(
        x=alt.X("p:Q", title=_("p = chance an attempt is silent")),
        y=alt.Y("density:Q", title=_("posterior density")),
        color=alt.Color("child:N", sort=list(labels), title=None,
                        scale=alt.Scale(domain=list(labels),
                                        range=OKABE_ITO[:len(labels)])),
        strokeDash=alt.StrokeDash("child:N", sort=list(labels), title=None))
    return chart.properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=_("Line chart: {title}. One curve per child ({labels}); the higher and "
                      "narrower a curve, the surer we are of that child's p.").format(
            title=title, labels=", ".join(labels)))


def win_chance_histograms(wins: np.ndarray, labels: Sequence[str], *,
                          title: str) -> alt.Chart:
    """Each seat's win chance over the posterior draws: one histogram per seat, overlaid."""
    bins = np.linspace(0, 1, 41)
    rows = [{"from": float(a), "to": float(b), "share": int(c) / len(row), "seat": label}
            for row, label in zip(wins, labels)
            for a, b, c in zip(bins[:-1], bins[1:], np.histogram(row, bins=bins)[0])]
    chart = alt.Chart(alt.Data(values=rows)).mark_rect(opacity=0.6).encode(
        x=alt.X("from:Q", title=_("chance of winning the game"), scale=alt.Scale(domain=[0, 1])),
        x2="to:Q", y=alt.Y("share:Q", title=_("share of posterior draws"), stack=None),
        color=alt.Color("seat:N", sort=list(labels), title=None,
                        scale=alt.Scale(domain=list(labels), range=OKABE_ITO[:len(labels)])))
    return chart.properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=_("Overlaid histograms: {title}. One colour per seat ({labels}); the "
                      "wider a seat's histogram, the less sure we are of its chance.").format(
            title=title, labels=", ".join(labels)))


def observed_vs_exact(table: pd.DataFrame, *, x: str, observed: str, low: str, high: str,
                      exact: str, title: str, x_title: str) -> alt.LayerChart:
    """Observed shares with their 95% intervals (bars) against exact chances (ticks)."""
    rows = table[[x, observed, low, high, exact]].to_dict("records")
    base = alt.Chart(alt.Data(values=rows))
    ranges = base.mark_rule(color=OKABE_ITO[0], size=2).encode(
        x=alt.X(f"{x}:O", title=x_title, axis=alt.Axis(labelAngle=0)),
        y=alt.Y(f"{low}:Q", title=_("share / chance")), y2=f"{high}:Q")
    points = base.mark_point(color=OKABE_ITO[0], filled=True, size=30).encode(
        x=f"{x}:O", y=f"{observed}:Q", tooltip=[f"{x}:O", f"{observed}:Q", f"{exact}:Q"])
    ticks = base.mark_tick(color=OKABE_ITO[5], thickness=3, size=14).encode(
        x=f"{x}:O", y=f"{exact}:Q")
    return (ranges + points + ticks).properties(
        title=title, width=WIDTH + 160, height=HEIGHT,
        description=_("{title}: blue dots with vertical lines are our observed shares and "
                      "their 95% intervals; dark ticks are the exact chances.").format(
            title=title))
