"""Explore the best m of n dice live: the exact ``keep_highest`` bar chart and P(result ≥ t) (notebook 02).

Every change of a slider recomputes the exact distribution (``dice.keep_highest`` never lists
the 6ⁿ rolls, so 20 dice take milliseconds). The target slider runs over the possible results
only, m to 6·m for m dice kept, and follows m when it moves. A combination that makes no sense
— keeping more dice than are rolled, a target asked for through :meth:`ask` outside the
possible results — is refused with a message; the control springs back and the answer shown
stays as it was.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from .._checks import require_int
from ..charts import OKABE_ITO
from ..dice import keep_highest
from ..distribution import Distribution
from ..errors import HabaLessonsError, InvalidArgumentError
from ..i18n import _, ngettext, number
from ..widget_guard import guarded

MIN_DICE, MAX_DICE = 2, 20
SIDES = 6


def bars_svg(distribution: Distribution, dice: int, keep: int, target: int) -> str:
    """The exact distribution as an SVG bar chart, the results that reach ``target`` in blue.

    Drawn as plain SVG inside the widget (not a Vega chart), so it redraws in a few milliseconds
    and needs nothing from the network. Each bar carries its exact probability as a tooltip.
    """
    width, height, base, left = 440, 170, 150, 14   # left: room for the first label
    results = distribution.support()
    step = width / len(results)
    tallest = float(max(distribution.values()))
    every = max(1, round(len(results) / 12))
    title = _("The sum of the best {keep} of {dice} dice: exact probabilities; results of at "
              "least {target} in blue, the others in orange").format(keep=keep, dice=dice,
                                                                      target=target)
    axis = _("result (blue: at least {target}; orange: below)").format(target=target)
    parts = [f"<svg role='img' aria-label='{escape(title)}' width='{width + 2 * left}' height='{height + 20}' "
             f"style='font-size:11px'><title>{escape(title)}</title>"]
    for i, result in enumerate(results):
        p = distribution[result]
        bar = (base - 10) * float(p) / tallest
        colour = OKABE_ITO[0] if result >= target else OKABE_ITO[1]
        parts.append(f"<rect data-result='{result}' data-exact='{p}' x='{left + i * step + 1:.1f}' "
                     f"y='{base - bar:.1f}' width='{max(step - 2, 1):.1f}' height='{bar:.1f}' "
                     f"fill='{colour}'><title>{result}: {p}</title></rect>")
        if i % every == 0:
            parts.append(f"<text x='{left + (i + 0.5) * step:.1f}' y='{base + 14}' text-anchor='middle' "
                         f"fill='var(--jp-ui-font-color1, #222)'>{result}</text>")
    parts.append(f"<text x='0' y='{base + 32}' fill='var(--jp-ui-font-color1, #222)'>"
                 f"{escape(axis)}</text></svg>")
    return "".join(parts)


def possible_results(keep: int) -> tuple[int, int]:
    """The smallest and largest sum of ``keep`` dice kept: every die a 1, every die a 6."""
    return keep, SIDES * keep


def check_question(dice: object, keep: object, target: object) -> tuple[int, int, int]:
    """``(dice, keep, target)`` as whole numbers that make sense, else an error saying what to change."""
    dice = require_int(dice, _("the number of dice n"), minimum=MIN_DICE, maximum=MAX_DICE)
    keep = require_int(keep, _("the number of dice kept m"), minimum=1)
    target = require_int(target, _("the target t"))
    if keep > dice:
        raise InvalidArgumentError(
            _("you cannot keep {keep} of {dice} dice: keep m at most n (lower m first, or raise "
              "n).").format(keep=keep, dice=dice))
    if not keep <= target <= SIDES * keep:
        raise InvalidArgumentError(
            ngettext("with {n} die kept the result runs from {low} to {high}, so {target} is not "
                     "a possible result: choose a target t from {low} to {high}.",
                     "with {n} dice kept the result runs from {low} to {high}, so {target} is not "
                     "a possible result: choose a target t from {low} to {high}.", keep).format(
                n=keep, low=keep, high=SIDES * keep, target=target))
    return dice, keep, target


class BestOfDiceExplorer:
    """Sliders for dice n (2-20), keep m and target t; the exact chart and P(best m of n ≥ t) follow."""

    def __init__(self, dice: int = 4, keep: int = 2, target: int = 10) -> None:
        self.dice, self.keep, self.target = check_question(dice, keep, target)
        style, layout = {"description_width": "initial"}, widgets.Layout(width="24em")
        self.sliders = {
            "dice": widgets.IntSlider(value=self.dice, min=MIN_DICE, max=MAX_DICE, description=_("dice n"),
                                      style=style, layout=layout),
            "keep": widgets.IntSlider(value=self.keep, min=1, max=MAX_DICE, description=_("keep m"),
                                      style=style, layout=layout),
            "target": widgets.IntSlider(value=self.target, min=self.keep, max=SIDES * self.keep,
                                        description=_("target t"), style=style, layout=layout),
        }
        self.answer = widgets.HTML()
        self.message = widgets.HTML()
        self.chart = widgets.HTML()
        self._syncing = False
        for slider in self.sliders.values():
            slider.observe(self._moved, names="value")
        self.widget = widgets.VBox([*self.sliders.values(), self.message, self.answer, self.chart])
        self._show()

    @property
    def probability(self) -> Fraction:
        """P(the best ``keep`` of ``dice`` dice add up to at least ``target``), as shown."""
        return self.distribution.at_least(self.target)

    def ask(self, dice: object, keep: object, target: object) -> None:
        """Show the answer for (dice, keep, target); refuse with a message and change nothing if it makes no sense."""
        try:
            self.dice, self.keep, self.target = check_question(dice, keep, target)
        except HabaLessonsError as error:
            still = _("Still showing n = {dice}, m = {keep}, t = {target}.").format(
                dice=self.dice, keep=self.keep, target=self.target)
            self.message.value = _warning(f"{error} {still}")
        else:
            self.message.value = ""
            self._show()
        self._sync_sliders()

    @guarded
    def _moved(self, change: dict) -> None:
        if self._syncing:
            return
        wanted = {name: slider.value for name, slider in self.sliders.items()}
        keep, target = wanted["keep"], wanted["target"]
        # Moving m is a request for m: a target it makes impossible follows into m..6m (else
        # going from m = 3 to m = 20 would take a staircase of alternating moves).
        follows = change["owner"] is self.sliders["keep"] and not keep <= target <= SIDES * keep
        if follows:
            wanted["target"] = min(max(target, keep), SIDES * keep)
        self.ask(wanted["dice"], keep, wanted["target"])
        if follows and (self.keep, self.target) == (keep, wanted["target"]):
            self.message.value = _warning(ngettext(
                "t moved from {old} to {new}: with {n} die kept the result runs from {low} to "
                "{high}.",
                "t moved from {old} to {new}: with {n} dice kept the result runs from {low} to "
                "{high}.", keep).format(old=target, new=self.target, n=keep, low=keep,
                                        high=SIDES * keep))

    def redraw(self) -> None:
        """The chart and the answer for the question shown, and the sliders on it."""
        self._show()
        self._sync_sliders()

    def show_problem(self, message: str) -> None:
        self.message.value = _warning(message)

    def _sync_sliders(self) -> None:
        """The sliders on the question shown; the target's track on its possible results."""
        self._syncing = True
        try:
            target = self.sliders["target"]
            low, high = possible_results(self.keep)
            if low > target.max:          # never min > max, even for a moment
                target.max, target.min = high, low
            else:
                target.min, target.max = low, high
            for name, slider in self.sliders.items():
                slider.value = getattr(self, name)
        finally:
            self._syncing = False

    def _show(self) -> None:
        self.distribution = keep_highest(self.dice, self.keep, SIDES)
        p = self.probability
        event = _("best {keep} of {dice} dice ≥ {target}").format(
            keep=self.keep, dice=self.dice, target=self.target)
        self.answer.value = (
            f"<div style='font-size:1.15em;color:var(--jp-ui-font-color1, inherit)'>"
            f"P({event}) = <b>{p}</b> ≈ {_decimal(p)}"
            f"</div>")
        self.chart.value = bars_svg(self.distribution, self.dice, self.keep, self.target)


def _decimal(p: Fraction) -> str:
    """4 decimals, or powers of ten for a chance too small to show in 4 (never "0.0000")."""
    return number(float(p), ".4f" if p == 0 or p >= Fraction(1, 20_000) else ".1e")


def _warning(text: str) -> str:
    """A refusal message, readable in the light and the dark theme."""
    return (f"<div style='border-left:4px solid var(--jp-warn-color1, #9a6700);padding:2px 8px;"
            f"color:var(--jp-ui-font-color1, inherit)'>{escape(text)}</div>")
