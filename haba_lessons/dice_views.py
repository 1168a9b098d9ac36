"""Views for the first dice lessons: the 36-outcome grid as a chart, and a dice-rolling widget.

The widget is a thin view: it rolls with ``simulation.roll_dice`` (seeded) and compares the
tally with the exact ``dice.sum_of_dice``; it computes nothing of its own.
"""

from __future__ import annotations

from collections import Counter
from html import escape

import altair as alt
import ipywidgets as widgets
import numpy as np

from .i18n import N_, _, ngettext, number
from ._checks import require_int
from .colours import action_style
from .charts import OKABE_ITO
from .dice import sum_of_dice
from .simulation import roll_dice

#: Unicode die faces ⚀..⚅, shown beside the number so nobody has to count pips.
DIE_FACES = {1: "\u2680", 2: "\u2681", 3: "\u2682", 4: "\u2683", 5: "\u2684", 6: "\u2685"}

#: The choices of the "rolls per click" dropdown.
ROLLS_PER_CLICK = (1, 10, 100, 1000)


def two_dice_grid(*, highlight: int | None = None, sides: int = 6,
                  title: str = N_("All 36 ordered rolls of two dice, labelled with their sum")
                  ) -> alt.LayerChart:
    """The sample space of two dice as a grid: one square per ordered roll, showing its sum.

    The squares whose sum equals ``highlight`` are coloured (and marked with a star, for
    readers who do not see the colour).
    """
    sides = require_int(sides, "sides", minimum=2, maximum=12)
    if highlight is not None:
        highlight = require_int(highlight, "highlight", minimum=2, maximum=2 * sides)
    rows = [{"first die": first, "second die": second, "sum": first + second,
             "label": f"{first + second}{'*' if first + second == highlight else ''}",
             "marked": "yes" if first + second == highlight else "no"}
            for first in range(1, sides + 1) for second in range(1, sides + 1)]
    base = alt.Chart(alt.Data(values=rows)).encode(
        x=alt.X("second die:O", title=_("second die"), axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("first die:O", title=_("first die")),
    )
    squares = base.mark_rect(stroke="white", strokeWidth=2).encode(
        color=alt.Color("marked:N", legend=None,
                        scale=alt.Scale(domain=["no", "yes"], range=["#DDDDDD", OKABE_ITO[1]])),
        tooltip=[alt.Tooltip("first die:O", title=_("first die")),
                 alt.Tooltip("second die:O", title=_("second die")),
                 alt.Tooltip("sum:Q", title=_("sum"))],
    )
    labels = base.mark_text(fontSize=18, fontWeight="bold", color="black").encode(text="label:N")
    marked = "" if highlight is None else " " + _(
        "The {count} squares with sum {highlight} are coloured and starred.").format(
        count=sum(r['marked'] == 'yes' for r in rows), highlight=highlight)
    return (squares + labels).properties(
        title=_(title), width=360, height=360,
        description=_("A {sides} by {sides} grid: row = first die, column = second die, each "
                      "square shows the sum.").format(sides=sides) + marked,
    )


class DiceRoller:
    """Roll a few dice again and again, and watch the tally of sums approach the exact chances.

    ``roller.widget`` is the root widget; ``roller.roll_button.click()`` rolls (tests do this
    without a browser); ``roller.counts`` is the tally of sums so far.
    """

    def __init__(self, rng: np.random.Generator, dice: int = 2) -> None:
        self.dice = require_int(dice, "dice", minimum=1, maximum=4)
        self.rng = rng
        self.exact = sum_of_dice(self.dice)
        self.counts: Counter = Counter()
        self.last_roll: tuple[int, ...] = ()
        self.roll_button = widgets.Button(description=ngettext("Roll {n} die", "Roll {n} dice",
                                                               self.dice).format(n=self.dice),
                                          button_style="primary", style=action_style("primary"))
        self.roll_button.add_class("haba-roll")
        self.per_click = widgets.Dropdown(options=list(ROLLS_PER_CLICK), value=1,
                                          description=_("rolls per click"),
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="13em"))
        self.reset_button = widgets.Button(description=_("Start again"))
        self.view = widgets.HTML()
        self.view.add_class("haba-dice")
        self.roll_button.on_click(lambda _: self.roll(self.per_click.value))
        self.reset_button.on_click(lambda _: self.reset())
        self.widget = widgets.VBox([
            widgets.HBox([self.roll_button, self.per_click, self.reset_button]), self.view])
        self.widget.add_class("haba-dice-roller")
        self.render()

    @property
    def rolls(self) -> int:
        """How many times the dice have been rolled so far."""
        return sum(self.counts.values())

    def roll(self, times: int = 1) -> None:
        """Roll the dice ``times`` times, add the sums to the tally and show the last roll."""
        times = require_int(times, "times", minimum=1, maximum=100_000)
        faces = roll_dice(self.rng, times, self.dice)
        self.counts.update(int(total) for total in faces.sum(axis=1))
        self.last_roll = tuple(int(face) for face in faces[-1])
        self.render()

    def reset(self) -> None:
        """Forget every roll."""
        self.counts.clear()
        self.last_roll = ()
        self.render()

    def render(self) -> None:
        """Redraw the HTML: the last roll, then each sum's tally beside its exact chance."""
        self.view.value = self._last_roll_html() + self._tally_html()

    def _last_roll_html(self) -> str:
        if not self.last_roll:
            button = ngettext("Roll {n} die", "Roll {n} dice", self.dice).format(n=self.dice)
            return ('<div style="font-size:1.4em;margin:0.4em 0">'
                    + _("No roll yet: press <b>{button}</b>.").format(button=button) + '</div>')
        faces = " ".join(f'<span title="{f}">{DIE_FACES[f]}</span>' for f in self.last_roll)
        numbers = " + ".join(str(f) for f in self.last_roll)
        return (f'<div style="font-size:1.4em;margin:0.4em 0"><span style="font-size:2.4em;'
                f'vertical-align:middle">{faces}</span> &nbsp; {numbers} = '
                f'<b>{sum(self.last_roll)}</b></div>')

    def _tally_html(self) -> str:
        rolls = self.rolls
        rows = []
        largest = max(self.exact.values())
        for total, exact in self.exact.items():
            seen = self.counts.get(total, 0)
            share = seen / rolls if rolls else 0.0
            bar = min(share / float(largest), 1.3) * 12
            mark = float(exact / largest) * 12
            rows.append(
                f"<tr><td><b>{total}</b></td><td>{seen}</td><td>{number(share, '.3f')}</td>"
                f"<td>{escape(str(exact))} = {number(float(exact), '.3f')}</td>"
                f'<td><div style="position:relative;width:16em;height:1em">'
                f'<div style="background:{OKABE_ITO[4]};width:{bar:.2f}em;height:1em"></div>'
                f'<div style="position:absolute;left:{mark:.2f}em;top:-0.2em;width:3px;'
                f'height:1.4em;background:{OKABE_ITO[5]}"></div></div></td></tr>')
        header = "<tr>" + "".join(f"<th>{name}</th>" for name in (
            _("sum"), _("times seen"), _("share"), _("exact chance"),
            _("bar = share, line = exact"))) + "</tr>"
        return ("<div>" + ngettext("After <b>{n}</b> roll:", "After <b>{n}</b> rolls:", rolls)
                .format(n=rolls) + "</div>"
                f'<table style="font-size:1.1em;border-spacing:0.8em 0.1em">{header}{"".join(rows)}'
                f"</table>")


__all__ = ["DIE_FACES", "ROLLS_PER_CLICK", "two_dice_grid", "DiceRoller"]
