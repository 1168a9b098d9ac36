"""Altair charts for Quiet as a Mouse (Okabe-Ito colours, a title and a description each)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import altair as alt

from ...charts import HEIGHT, OKABE_ITO, WIDTH
from ...i18n import N_, _, label

#: The default title of :func:`blocked_curve_chart`, translated where it is drawn.
BLOCKED_TITLE = N_("The castle fills up: chance the next roll is blocked")


def blocked_curve_chart(curves: Mapping[str, Sequence[Fraction]], *,
                        title: str = BLOCKED_TITLE) -> alt.Chart:
    """One line per strategy: E[P(blocked)] against the number of sticks in the castle."""
    title = _(title)
    labels = [label(name) for name in curves]
    rows = [{"sticks": k, "blocked": float(p), "exact": str(p), "strategy": label(name)}
            for name, curve in curves.items() for k, p in enumerate(curve)]
    choice = _("hole choice")
    chart = alt.Chart(alt.Data(values=rows)).mark_line(point=True).encode(
        x=alt.X("sticks:Q", title=_("sticks already in the castle"), axis=alt.Axis(tickMinStep=1)),
        y=alt.Y("blocked:Q", title=_("chance the next roll is blocked"),
                scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("strategy:N", sort=labels, title=choice,
                        scale=alt.Scale(domain=labels, range=OKABE_ITO[:len(labels)])),
        strokeDash=alt.StrokeDash("strategy:N", sort=labels, title=choice,
                                  scale=alt.Scale(domain=labels)),  # one legend with color
        tooltip=["strategy:N", "sticks:Q", alt.Tooltip("exact:N", title=_("exact")),
                 alt.Tooltip("blocked:Q", format=".3f")],
    )
    return chart.properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=_("Line chart: {title}. The chance rises from 0 with an empty castle to "
                      "near 1 with 11 sticks; one line per hole choice ({choices}).").format(
            title=title, choices=", ".join(labels)))


def win_chance_chart(rows: Sequence[Mapping[str, object]], *, x: str, x_title: str,
                     title: str) -> alt.Chart:
    """Win chance per seat (lines) against a skill parameter ``x`` (rows: x, seat, win)."""
    seats = sorted({str(r["seat"]) for r in rows})
    data = [{**r, "seat": str(r["seat"]), "win": float(r["win"])} for r in rows]
    chart = alt.Chart(alt.Data(values=data)).mark_line(point=True).encode(
        x=alt.X(f"{x}:Q", title=x_title),
        y=alt.Y("win:Q", title=_("chance to be among the winners"),
                scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("seat:N", sort=seats, title=None,
                        scale=alt.Scale(domain=seats, range=OKABE_ITO[:len(seats)])),
        strokeDash=alt.StrokeDash("seat:N", sort=seats, title=None),
        tooltip=["seat:N", f"{x}:Q", alt.Tooltip("win:Q", format=".3f")],
    )
    return chart.properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=_("Line chart: {title}; one line per player ({players}).").format(
            title=title, players=", ".join(seats)))
