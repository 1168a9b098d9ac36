"""95% intervals for a proportion: the textbook interval, its exact miss chance, a coverage
chart, and a slider that shows the width shrinking like 1/√n (notebook 01).

The notebook builds ``estimate ± 1.96·SE`` itself in a few lines; this module holds the same
formula for the widget and the tests, and the bookkeeping (chart, exact miss chance) that
would clutter a lesson.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from math import comb

import altair as alt
import ipywidgets as widgets

from ..i18n import N_, _, label, number
from .._checks import require_int, require_probability
from ..charts import OKABE_ITO, WIDTH
from ..errors import HabaLessonsError
from ..widget_guard import guarded

#: The multiplier of a 95% interval: 95% of a normal distribution lies within 1.96 SDs.
Z95 = 1.96

#: The slider's range of the number of trials.
MIN_TRIALS, MAX_TRIALS = 10, 100_000

Interval = tuple[float, float]


def normal_interval(successes: int, trials: int) -> Interval:
    """The textbook 95% interval for a proportion: estimate ± 1.96 standard errors."""
    trials = require_int(trials, "trials", minimum=1)
    successes = require_int(successes, "successes", minimum=0, maximum=trials)
    estimate = successes / trials
    se = math.sqrt(estimate * (1 - estimate) / trials)
    return estimate - Z95 * se, estimate + Z95 * se


def width_at(probability: Fraction, trials: int) -> float:
    """The width of the 95% interval when the estimate lands exactly on ``probability``.

    ``2 · 1.96 · √(p(1 − p)/n)``: halve the width by rolling four times as often.
    """
    p = require_probability(probability, "probability")
    trials = require_int(trials, "trials", minimum=1)
    return 2 * Z95 * math.sqrt(p * (1 - p) / trials)


def miss_chance(probability: Fraction, trials: int,
                interval: Callable[[int, int], Interval] = normal_interval) -> Fraction:
    """The exact chance that ``interval`` built from ``trials`` trials misses ``probability``.

    Adds the binomial probabilities of every success count whose interval leaves out the
    true value: an exact answer to "how often does a 95% interval miss?".
    """
    p = require_probability(probability, "probability")
    trials = require_int(trials, "trials", minimum=1)
    covered = [k for k in range(trials + 1) if interval(k, trials)[0] <= p <= interval(k, trials)[1]]
    if not isinstance(p, (int, Fraction)) or not 0 < p < 1 or not covered:
        return sum((comb(trials, k) * p**k * (1 - p)**(trials - k)
                    for k in set(range(trials + 1)) - set(covered)), Fraction(0))
    # 1 − P(covered): the covered counts are few (about 4 standard deviations' worth), and with
    # p = a/b each binomial term is the whole number C(n, k)·a^k·(b − a)^(n − k) over b^n, the
    # next one from the last by × (n − k)·a / ((k + 1)(b − a)) — fast even for 100,000 trials.
    a, b = Fraction(p).numerator, Fraction(p).denominator
    wanted, total = set(covered), 0
    term = comb(trials, covered[0]) * a ** covered[0] * (b - a) ** (trials - covered[0])
    for k in range(covered[0], covered[-1] + 1):
        total += term if k in wanted else 0
        term = term * (trials - k) * a // ((k + 1) * (b - a))
    return 1 - Fraction(total, b ** trials)


def coverage_chart(intervals: Sequence[Interval], exact: Fraction, *, title: str) -> alt.LayerChart:
    """One horizontal line per interval, the misses in a second colour, the exact value as a rule."""
    contains, miss = _("contains the exact value"), _("misses")
    rows = [{"experiment": i + 1, "low": low, "high": high,
             "verdict": contains if low <= exact <= high else miss}
            for i, (low, high) in enumerate(intervals)]
    verdicts = [contains, miss]
    lines = alt.Chart(alt.Data(values=rows)).mark_rule(size=2).encode(
        x=alt.X("low:Q", title=_("95% interval"), scale=alt.Scale(zero=False)),
        x2="high:Q",
        y=alt.Y("experiment:O", title=_("experiment"),
                axis=alt.Axis(values=[1, 25, 50, 75, 100])),
        # the legend below the chart: on the right its longer label was clipped in print
        color=alt.Color("verdict:N", title=None, legend=alt.Legend(orient="bottom"),
                        scale=alt.Scale(domain=verdicts, range=[OKABE_ITO[0], OKABE_ITO[5]])),
        tooltip=[alt.Tooltip("experiment:O", title=_("experiment")),
                 alt.Tooltip("low:Q", title=_("from"), format=".3f"),
                 alt.Tooltip("high:Q", title=_("to"), format=".3f"),
                 alt.Tooltip("verdict:N", title=_("verdict"))],
    )
    rule = alt.Chart(alt.Data(values=[{"exact": float(exact),
                                       "label": _("exact: {value}").format(value=exact)}])
                     ).mark_rule(color="black", strokeDash=[6, 4]).encode(
        x="exact:Q", tooltip=[alt.Tooltip("label:N", title=_("exact"))])
    misses = sum(row["verdict"] == miss for row in rows)
    return (lines + rule).properties(
        title=title, width=WIDTH, height=360,
        description=_("{title}: {count} horizontal intervals; {misses} miss the dashed line "
                      "at the exact value {exact} and are drawn in orange.").format(
                          title=title, count=len(rows), misses=misses, exact=exact),
    )


class IntervalWidthExplorer:
    """A log-scale slider for the number of trials n, showing the 95% interval's width and width·√n.

    Everything shown is computed exactly from the formula, so moving the slider is instant.
    A typed n outside 10..100,000 is refused with a message; the shown answer stays as it was.
    """

    def __init__(self, probability: Fraction = Fraction(1, 6), trials: int = 100,
                 event: str = N_("a sum of 7 with two dice")) -> None:
        self.probability = require_probability(probability, "probability")
        self.event = event
        self.trials = self._valid(trials)
        self.slider = widgets.FloatLogSlider(
            value=self.trials, base=10, min=1, max=5, step=0.05, description=_("trials n"),
            readout_format=",.0f", style={"description_width": "initial"},
            layout=widgets.Layout(width="28em"))
        self.typed = widgets.IntText(value=self.trials, description=_("or type n"),
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="13em"))
        self.answer = widgets.HTML()
        self.message = widgets.HTML()
        self._syncing = False
        self.slider.observe(self._slid, names="value")
        self.typed.observe(self._typed, names="value")
        self.widget = widgets.VBox([widgets.HBox([self.slider, self.typed]), self.message, self.answer])
        self._show()

    @staticmethod
    def _valid(trials: object) -> int:
        return require_int(trials, _("n (the number of trials)"), minimum=MIN_TRIALS,
                           maximum=MAX_TRIALS)

    @property
    def width(self) -> float:
        return width_at(self.probability, self.trials)

    def set_trials(self, trials: object) -> None:
        """Show the interval for ``trials``; refuse (with a message, nothing changed) if out of range."""
        try:
            trials = self._valid(trials)
        except HabaLessonsError as error:
            advice = _("Try a whole number from {low} to {high}; still showing n = {n}.").format(
                low=MIN_TRIALS, high=number(MAX_TRIALS, ","), n=number(self.trials, ","))
            self.message.value = _warning(f"{error} {advice}")
            self._sync_controls()
            return
        self.trials = trials
        self.message.value = ""
        self._sync_controls()
        self._show()

    @guarded
    def _slid(self, change: dict) -> None:
        if not self._syncing:
            self.set_trials(round(change["new"]))

    @guarded
    def _typed(self, change: dict) -> None:
        if not self._syncing:
            self.set_trials(change["new"])

    def redraw(self) -> None:
        """The answer for the n shown, and the controls on it."""
        self._sync_controls()
        self._show()

    def show_problem(self, message: str) -> None:
        self.message.value = _warning(message)

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            self.typed.value = self.trials
            if round(self.slider.value) != self.trials:
                self.slider.value = self.trials
        finally:
            self._syncing = False

    def _show(self) -> None:
        p, n, width = self.probability, self.trials, self.width
        low, high = float(p) - width / 2, float(p) + width / 2
        scale = 40 / 0.5  # em per unit of probability on a 0..0.5 axis, clipped at the ends
        left, right = max(0.0, low) * scale, min(0.5, high) * scale
        legend = _("axis {low} to {high}; blue bar = the interval, orange line = the exact "
                   "chance {p}").format(low=0, high=number(0.5), p=p)
        bar = (f"<div style='position:relative;width:40em;height:1.2em;margin:0.3em 0;"
               f"border-bottom:1px solid var(--jp-ui-font-color2, #666)'>"
               f"<div style='position:absolute;left:{left:.2f}em;width:{right - left:.2f}em;height:1.2em;"
               f"background:{OKABE_ITO[0]}'></div>"
               f"<div style='position:absolute;left:{float(p) * scale:.2f}em;top:-0.2em;width:3px;"
               f"height:1.6em;background:{OKABE_ITO[5]}'></div></div>"
               f"<div style='font-size:0.85em'>{legend}</div>")
        sentence = _("<b>{n}</b> trials of {event} (chance {p}): a 95% interval around an "
                     "estimate of {estimate} runs from {low} to {high}.").format(
            n=number(n, ","), event=label(self.event), p=p, estimate=number(float(p), ".3f"),
            low=number(low, ".4f"), high=number(high, ".4f"))
        widths = _("width = <b>{width}</b> &nbsp; width·√n = <b>{scaled}</b> (the same for every "
                   "n: {formula})").format(width=number(width, ".4f"),
                                          scaled=number(width * math.sqrt(n), ".3f"),
                                          formula=f"2·{number(Z95)}·√(p(1−p))")
        self.answer.value = (
            f"<div style='color:var(--jp-ui-font-color1, inherit)'>"
            f"{sentence}{_past_the_ends(low, high)}<br>{widths}</div>{bar}")


def _past_the_ends(low: float, high: float) -> str:
    """A note when the ± 1.96 SE recipe reaches below 0 or above 1, where no chance can be."""
    if low >= 0 and high <= 1:
        return ""
    note = _("(The interval reaches past 0 or 1, where no chance can be: with so few trials "
             "the ± {z} SE recipe is crude; the Wilson interval stays inside.)").format(
        z=number(Z95))
    return f" <i>{note}</i>"


def _warning(text: str) -> str:
    """A refusal message, readable in the light and the dark theme."""
    return (f"<div style='border-left:4px solid var(--jp-warn-color1, #9a6700);padding:2px 8px;"
            f"color:var(--jp-ui-font-color1, inherit)'>{escape(text)}</div>")
