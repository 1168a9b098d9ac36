"""Altair chart builders shared by the notebooks.

Every chart uses the colour-blind-safe Okabe-Ito palette, says in its title what it shows,
and carries a one-line text description (``chart.description``) for screen readers.

Charts are displayed by the ``haba`` renderer (enabled by :func:`haba_lessons.course.setup`):
each output holds the interactive Vega-Lite spec *and* a static SVG of the same chart, so
JupyterLab draws the interactive chart while GitHub, nbviewer and PDF exports show the image.
The SVG is made by ``vl-convert-python`` where it is installed (the course's own install and
Binder); without it (a browser-only Python such as JupyterLite's, which has no vl-convert)
the library works the same and charts are interactive only, with a one-line note.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import altair as alt
from altair.vegalite.v5.display import mimetype_renderer

from . import i18n
from .i18n import N_, _, number, pgettext
from .distribution import Distribution
from .errors import InvalidArgumentError
from .shown import shown

#: Okabe & Ito's palette, distinguishable with every common colour-vision deficiency.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
             "#000000"]

WIDTH = 420
HEIGHT = 220

#: Name of the course's Altair renderer (interactive spec plus static SVG).
RENDERER = "haba"
#: The Vega-Lite release Altair 5 writes its specs for (``v5.20.1`` -> ``5.20``).
VEGALITE_VERSION = ".".join(alt.SCHEMA_VERSION.lstrip("v").split(".")[:2])
#: Fonts of the static image. Liberation Sans ships inside vl-convert, so text is measured
#: with the same font on every machine and the SVG is byte-identical everywhere (nbval);
#: viewers draw it with Liberation Sans or its metric twins Arial / Helvetica.
STATIC_FONT = "Liberation Sans, Arial, Helvetica, sans-serif"


#: Printed once, the first time a chart is shown without vl-convert.
NO_STATIC_NOTE = N_("Note: charts are interactive only here (vl-convert-python is not installed), "
                  "so no static picture is stored for GitHub, print or the course website.")


def static_svg_available() -> bool:
    """Whether ``vl-convert-python`` is installed, so charts can carry a static SVG."""
    try:
        import vl_convert  # noqa: F401
    except ImportError:
        return False
    return True


def chart_svg(spec: dict[str, Any]) -> str:
    """A Vega-Lite spec drawn as a static SVG, offline and deterministically (needs
    ``vl-convert-python``: see :func:`static_svg_available`)."""
    import vl_convert  # imported here: the rest of the library works without it

    return vl_convert.vegalite_to_svg(spec, vl_version=VEGALITE_VERSION,
                                      config={"font": STATIC_FONT})


#: Significant digits kept of every float in a chart's spec. numpy's vectorised exp and log
#: differ in the last bit between processors (AVX2 against AVX-512), so a density computed
#: on one machine and compared on another would fail nbval; ten digits are far more than a
#: chart can show.
SIGNIFICANT_DIGITS = 10


def rounded_floats(value: Any) -> Any:
    """``value`` (a chart spec) with every float rounded to :data:`SIGNIFICANT_DIGITS`."""
    if isinstance(value, float):
        return float(f"{value:.{SIGNIFICANT_DIGITS}g}")
    if isinstance(value, dict):
        return {key: rounded_floats(item) for key, item in value.items()}
    if isinstance(value, list):
        return [rounded_floats(item) for item in value]
    return value


def with_number_locale(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with the language's way of writing numbers on its axes and in its tooltips
    (Vega-Lite's ``config.locale``; English: unchanged): a decimal comma in German."""
    language = i18n.language()
    if language == i18n.SOURCE:
        return spec
    locale = {"number": {"decimal": i18n.DECIMAL[language],
                         "thousands": i18n.THOUSANDS[language], "grouping": [3],
                         "currency": ["", "\u00a0€"]}}
    return {**spec, "config": {**spec.get("config", {}), "locale": locale}}


def interactive_and_static_renderer(spec: dict[str, Any], **metadata: Any
                                    ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Altair's mimetype bundle plus ``image/svg+xml``.

    JupyterLab shows the richest type it knows, the interactive Vega-Lite chart; GitHub,
    nbviewer and nbconvert know no Vega-Lite and show the SVG instead of "<VegaLite 5 object>".
    Floats are rounded first (:func:`rounded_floats`), so the output is the same on every
    processor. Without vl-convert the bundle is Altair's alone and :data:`NO_STATIC_NOTE` is
    printed once.
    """
    spec = with_number_locale(rounded_floats(spec))
    bundle, bundle_metadata = mimetype_renderer(spec, **metadata)
    if static_svg_available():
        bundle["image/svg+xml"] = chart_svg(spec)
    else:
        _print_note_once()
    return bundle, bundle_metadata


@cache
def _print_note_once() -> None:
    print(_(NO_STATIC_NOTE))


alt.renderers.register(RENDERER, interactive_and_static_renderer)


def _outcome_axis(outcomes: Sequence[Any]) -> alt.Axis:
    """Upright labels for short outcomes (dice sums); slanted ones for long names, so they never overlap."""
    if all(len(str(outcome)) <= 3 for outcome in outcomes):
        return alt.Axis(labelAngle=0)
    return alt.Axis(labelAngle=-40, labelLimit=160)


def _probability_rows(distribution: Distribution, label: str) -> list[dict[str, Any]]:
    return [{"outcome": outcome, "probability": float(p), "exact": str(p), "series": label}
            for outcome, p in distribution.items()]


def distribution_bars(distribution: Distribution, *, title: str, x_title: str = N_("outcome"),
                      description: str | None = None) -> alt.Chart:
    """An exact distribution as bars; the tooltip shows each probability as a fraction."""
    x_title = _(x_title)
    chart = alt.Chart(alt.Data(values=_probability_rows(distribution, title))).mark_bar(
        color=OKABE_ITO[0]
    ).encode(
        x=alt.X("outcome:O", title=x_title, axis=_outcome_axis(distribution.support())),
        y=alt.Y("probability:Q", title=_("probability")),
        tooltip=[alt.Tooltip("outcome:O", title=x_title),
                 alt.Tooltip("exact:N", title=_("exact"))],
    )
    return chart.properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or _("Bar chart: {title}. Each bar is the exact probability "
                                     "of one {x_title}.").format(title=title, x_title=x_title),
    )


def compare_distributions(distributions: Mapping[str, Distribution], *, title: str,
                          x_title: str = N_("outcome"), description: str | None = None
                          ) -> alt.Chart:
    """Several exact distributions side by side, one colour each."""
    x_title = _(x_title)
    rows = [row for label, dist in distributions.items()
            for row in _probability_rows(dist, label)]
    labels = list(distributions)
    outcomes = [row["outcome"] for row in rows]
    chart = alt.Chart(alt.Data(values=rows)).mark_bar().encode(
        x=alt.X("outcome:O", title=x_title, axis=_outcome_axis(outcomes)),
        xOffset=alt.XOffset("series:N", sort=labels),
        y=alt.Y("probability:Q", title=_("probability")),
        color=alt.Color("series:N", sort=labels, title=None,
                        scale=alt.Scale(domain=labels, range=OKABE_ITO[:len(labels)])),
        tooltip=[alt.Tooltip("series:N", title=_("series")), alt.Tooltip("outcome:O", title=x_title),
                 alt.Tooltip("exact:N", title=_("exact"))],
    )
    return chart.properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or _("Grouped bar chart: {title}; one colour per "
                                     "{labels}.").format(title=title, labels=", ".join(labels)),
    )


#: What a convergence chart's trials are, where a language has a better word for them than
#: "trials" (German: Würfe, Züge, Durchgänge): (the x axis's title, the tooltip's word).
#: English says "trials" for each.
TRIAL_WORDS = {
    None: lambda: (_("number of trials (log scale)"), _("trials")),
    "rolls": lambda: (pgettext("rolls", "number of trials (log scale)"),
                      pgettext("rolls", "trials")),
    "turns": lambda: (pgettext("turns", "number of trials (log scale)"),
                      pgettext("turns", "trials")),
    "deals": lambda: (pgettext("deals", "number of trials (log scale)"),
                      pgettext("deals", "trials")),
}


def convergence(points: Sequence[Mapping[str, float]], exact: Fraction | float, *, title: str,
                y_title: str = N_("simulated estimate"), counted: str | None = None,
                description: str | None = None) -> alt.LayerChart:
    """A simulated estimate against the number of trials (log scale), with the exact value as a rule.

    ``counted`` says what a trial is ("rolls", "turns", "deals"; see :data:`TRIAL_WORDS`), so
    the axis can name it in a language that has a better word than "trials" for it.
    """
    if counted not in TRIAL_WORDS:
        raise InvalidArgumentError(
            _("counted must be one of {choices}, not {value}.").format(
                choices=", ".join(repr(key) for key in TRIAL_WORDS), value=shown(counted)))
    x_title, trials = TRIAL_WORDS[counted]()
    line = alt.Chart(alt.Data(values=list(points))).mark_line(
        color=OKABE_ITO[0], point=alt.OverlayMarkDef(size=12, color=OKABE_ITO[0])
    ).encode(
        x=alt.X("trials:Q", scale=alt.Scale(type="log"), title=x_title,
                axis=alt.Axis(format="~s", labelSeparation=8)),  # 1k, 10k: labels never touch
        y=alt.Y("estimate:Q", title=_(y_title)),
        tooltip=[alt.Tooltip("trials:Q", title=trials),
                 alt.Tooltip("estimate:Q", title=_("estimate"), format=".4f")],
    )
    exact_label = str(exact) if isinstance(exact, Fraction) else number(exact, ".4f")
    rule = alt.Chart(alt.Data(values=[{"exact": float(exact),
                                       "label": _("exact: {value}").format(value=exact_label)}])
                     ).mark_rule(color=OKABE_ITO[5], strokeDash=[6, 4], size=2).encode(
        y="exact:Q", tooltip=[alt.Tooltip("label:N", title=_("exact"))]
    )
    return (line + rule).properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or _("Line chart: {title}. The estimate wanders, then settles "
                                     "on the dashed line at the exact value {exact}.").format(
                                         title=title, exact=exact_label),
    )


def histogram_vs_exact(counts: Mapping[Any, int], distribution: Distribution, *, title: str,
                       x_title: str = N_("outcome"),
                       description: str | None = None) -> alt.LayerChart:
    """Simulated relative frequencies (bars) against exact probabilities (ticks)."""
    x_title = _(x_title)
    trials = sum(counts.values())
    if trials == 0:
        raise InvalidArgumentError(_("no simulated outcomes to show: simulate at least one "
                                     "(rolls, deals, games) and draw the chart again."))
    rows = [{"outcome": o, "frequency": counts.get(o, 0) / trials}
            for o in distribution.support()]
    bars = alt.Chart(alt.Data(values=rows)).mark_bar(color=OKABE_ITO[4]).encode(
        x=alt.X("outcome:O", title=x_title, axis=_outcome_axis(distribution.support())),
        y=alt.Y("frequency:Q", title=_("probability / frequency")),
        tooltip=[alt.Tooltip("outcome:O", title=x_title),
                 alt.Tooltip("frequency:Q", title=_("frequency"), format=".4f")],
    )
    ticks = alt.Chart(alt.Data(values=_probability_rows(distribution, "exact"))).mark_tick(
        color=OKABE_ITO[5], thickness=3, size=26
    ).encode(x="outcome:O", y="probability:Q",
             tooltip=[alt.Tooltip("exact:N", title=_("exact"))])
    return (bars + ticks).properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or _("{title}: light bars are simulated frequencies from "
                                     "{trials} trials; dark ticks are the exact "
                                     "probabilities.").format(title=title, trials=trials),
    )
