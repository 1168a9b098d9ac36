"""Altair charts for the Mouse Trap and Markov-chain notebooks (Okabe-Ito, with descriptions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import altair as alt

from ...charts import HEIGHT, OKABE_ITO, WIDTH
from ...i18n import N_, _


def space_bars(values: Mapping[int, Fraction], *, title: str, y_title: str,
               labels: Mapping[int, str] | None = None, loop: Sequence[int] = (),
               description: str | None = None) -> alt.Chart:
    """One bar per space (exact value in the tooltip); Loop spaces in a second colour."""
    path, the_loop = _("the path"), _("the Loop")
    rows = [{"space": s, "value": float(v), "exact": str(v),
             "says": (labels or {}).get(s, str(s)),
             "part": the_loop if s in loop else path} for s, v in values.items()]
    parts = [path, the_loop] if loop else [path]
    chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(
        x=alt.X("space:O", title=_("space"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y("value:Q", title=y_title),
        color=alt.Color("part:N", title=None,
                        scale=alt.Scale(domain=parts, range=OKABE_ITO[:len(parts)])),
        tooltip=["space:O", "says:N", alt.Tooltip("exact:N", title=_("exact"))],
    )
    return chart.properties(
        title=title, width=WIDTH + 200, height=HEIGHT,
        description=description or _("Bar chart: {title}; one bar per space.").format(
            title=title))


def turn_bars(probabilities: Mapping[int, Fraction], *, title: str,
              x_title: str = N_("turn"), description: str | None = None) -> alt.Chart:
    """P(T = k) against k, for a first-passage distribution (exact values in the tooltip)."""
    x_title = _(x_title)
    rows = [{"k": k, "probability": float(p), "exact": str(p)} for k, p in probabilities.items()]
    chart = alt.Chart(alt.Data(values=rows)).mark_bar(color=OKABE_ITO[0]).encode(
        x=alt.X("k:O", title=x_title, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("probability:Q", title=_("probability")),
        tooltip=[alt.Tooltip("k:O", title=x_title), alt.Tooltip("exact:N", title=_("exact"))],
    )
    return chart.properties(title=title, width=WIDTH, height=HEIGHT,
                            description=description or _("Bar chart: {title}.").format(
                                title=title))


def histograms(values: Mapping[str, Sequence[int]], *, title: str, x_title: str,
               step: int = 10, description: str | None = None) -> alt.Chart:
    """Simulated values per group, binned in steps of ``step``, as grouped frequency bars."""
    labels = list(values)
    rows = []
    for label, series in values.items():
        bins: dict[int, int] = {}
        for v in series:
            bins[v // step * step] = bins.get(v // step * step, 0) + 1
        rows += [{"from": b, "share": n / len(series), "group": label}
                 for b, n in sorted(bins.items())]
    chart = alt.Chart(alt.Data(values=rows)).mark_bar(opacity=0.85).encode(
        x=alt.X("from:O", title=_("{axis} (bins of {step})").format(axis=x_title, step=step),
                axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("group:N", sort=labels),
        y=alt.Y("share:Q", title=_("share of games")),
        color=alt.Color("group:N", sort=labels, title=None,
                        scale=alt.Scale(domain=labels, range=OKABE_ITO[:len(labels)])),
        tooltip=["group:N", "from:O", alt.Tooltip("share:Q", format=".3f")],
    )
    return chart.properties(title=title, width=WIDTH + 120, height=HEIGHT,
                            description=description or _("Grouped histogram: {title}.").format(
                                title=title))


def estimate_lines(rows: Sequence[Mapping[str, object]], *, x: str, x_title: str, title: str,
                   y_title: str, description: str | None = None) -> alt.LayerChart:
    """Simulated proportions (rows with x, 'estimate', 'low', 'high', 'series') with 95% bars."""
    labels = list(dict.fromkeys(str(r["series"]) for r in rows))
    base = alt.Chart(alt.Data(values=list(rows))).encode(
        x=alt.X(f"{x}:Q", title=x_title),
        color=alt.Color("series:N", sort=labels, title=None,
                        scale=alt.Scale(domain=labels, range=OKABE_ITO[:len(labels)])),
    )
    lines = base.mark_line(point=True).encode(
        y=alt.Y("estimate:Q", title=y_title),
        tooltip=["series:N", f"{x}:Q", alt.Tooltip("estimate:Q", format=".3f")])
    bars = base.mark_errorbar().encode(y="low:Q", y2="high:Q")
    return (lines + bars).properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or _("Line chart with 95% intervals: {title}.").format(
            title=title))
