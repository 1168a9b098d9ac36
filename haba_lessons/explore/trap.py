"""The trap-reliability explorer: move r and see the exact chance that a mouse on the Cheese
Wheel is caught within 1, 2, ... k cranks, 1 - (1 - r)^k.

    from haba_lessons.explore.trap import TrapExplorer
    TrapExplorer()                 # starts at r = 3/4 (the board file's assumption), k up to 5

The slider moves r in steps of 1/20; the text box takes any exact r ("2/3", "0.9"). A value
outside 0..1, or not a number, is refused with a message and the table stays as it was.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import altair as alt
import ipywidgets as widgets

from .._checks import require_int, require_probability
from ..charts import HEIGHT, OKABE_ITO, WIDTH
from ..games.mouse_trap.analysis import catch_within
from ..i18n import _, number
from ..widget_guard import guarded

STEPS = 20                          # the slider's r moves in steps of 1/STEPS
BAR = "var(--jp-brand-color1, #0072B2)"


def catch_table_html(r: Fraction, cranks: int) -> str:
    """An HTML table: k, the exact P(caught within k cranks), its decimal and a bar."""
    rows = []
    for k in range(1, cranks + 1):
        p = catch_within(r, k)
        rows.append(
            f"<tr><td>{k}</td><td>{p}</td><td>{number(float(p), '.4f')}</td>"
            f"<td><div style='background:{BAR};height:10px;width:{200 * float(p):.0f}px'>"
            f"</div></td></tr>")
    cranks_k, caught = _("cranks k"), _("P(caught within k)")
    return (f"<table><tr><th>{cranks_k}</th><th>{caught} = 1 − (1 − r)<sup>k</sup></th>"
            f"<th>≈</th><th></th></tr>{''.join(rows)}</table>")


def catch_chart(cranks: tuple[int, ...] = (1, 2, 3, 4)) -> alt.Chart:
    """The exact P(caught within k cranks) against r, one line per k (r in steps of 1/20)."""
    labels = [f"k = {k}" for k in cranks]
    rows = [{"r": i / STEPS, "P": float(catch_within(Fraction(i, STEPS), k)), "k": f"k = {k}"}
            for k in cranks for i in range(STEPS + 1)]
    return alt.Chart(alt.Data(values=rows)).mark_line(point=True).encode(
        x=alt.X("r:Q", title=_("trap reliability r (chance one crank works)")),
        y=alt.Y("P:Q", title=_("P(caught within k cranks)")),
        color=alt.Color("k:N", sort=labels, title=None,
                        scale=alt.Scale(domain=labels, range=OKABE_ITO[:len(labels)])),
        tooltip=["k:N", "r:Q", alt.Tooltip("P:Q", format=".4f")],
    ).properties(title=_("Chance that a mouse is caught within k cranks: 1 − (1 − r)^k"),
                 width=WIDTH, height=HEIGHT,
                 description=_("Lines rising from 0 at r = 0 to 1 at r = 1; the more cranks k, "
                               "the faster the line rises."))


class TrapExplorer(widgets.VBox):
    """A slider and a text box for r, a slider for k, and the exact catch chances."""

    def __init__(self, r: object = "3/4", cranks: int = 5) -> None:
        self.r = require_probability(r, "r")
        cranks = require_int(cranks, _("cranks"), minimum=1, maximum=12)
        self.slider = widgets.FloatSlider(value=float(self.r), min=0, max=1, step=1 / STEPS,
                                          description=_("r (slider)"), readout_format=".2f")
        self.text = widgets.Text(value=str(self.r), description=_("r (exact)"),
                                 continuous_update=False)
        self.cranks = widgets.IntSlider(value=cranks, min=1, max=12, description=_("cranks k"))
        self.message = widgets.HTML("")
        self.table = widgets.HTML(catch_table_html(self.r, cranks))
        super().__init__([self.slider, self.text, self.cranks, self.message, self.table])
        self.slider.observe(self._slid, names="value")
        self.text.observe(self._typed, names="value")
        self.cranks.observe(self._cranked, names="value")

    @guarded
    def _slid(self, change: dict) -> None:
        r = Fraction(round(change["new"] * STEPS), STEPS)
        if r != self.r:
            self.text.value = str(r)                     # recomputes through _typed

    @guarded
    def _typed(self, change: dict) -> None:
        r = require_probability(change["new"], "r")
        self.r = r
        self._show()

    @guarded
    def _cranked(self, change: dict) -> None:
        self._show()

    def _show(self) -> None:
        self.message.value = ""
        self.redraw()

    def redraw(self) -> None:
        """The table for the r and the k shown."""
        self.table.value = catch_table_html(self.r, self.cranks.value)

    def show_problem(self, message: str) -> None:
        still = _("The table still shows r = {r}.").format(r=self.r)
        self.message.value = (f"<span style='color:var(--jp-warn-color1, #9a6700)'>"
                              f"{escape(message)} {escape(still)}</span>")
