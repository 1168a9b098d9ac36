"""The pictures of the syllabus lessons: a tree diagram, a Venn diagram and a grid posterior.

Each is drawn from the object the lesson's code built (a :class:`~haba_lessons.trees.Tree`,
a :class:`~haba_lessons.two_way.TwoWayTable`, a posterior on a grid), so the picture cannot
disagree with the numbers printed beside it. Colours come from the course's Okabe-Ito
palette, and every chart carries a one-line text description.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import altair as alt
import numpy as np

from .charts import HEIGHT, OKABE_ITO, WIDTH
from .classlab.inference import BetaPosterior
from .distribution import Distribution
from .errors import InvalidArgumentError
from .i18n import _, event_label, label
from .trees import Tree
from .two_way import TwoWayTable

#: A tree with more paths than this would be unreadable on a projector.
MAX_DRAWN_PATHS = 16
INK = "#000000"
#: The tree's layout: the width of a character of its 13-pixel labels, and of a branch.
CHAR_PX, BRANCH_PX = 7.5, 95


def tree_diagram(tree: Tree, *, title: str, highlight: Sequence[Sequence[str]] = (),
                 description: str | None = None) -> alt.LayerChart:
    """The tree as a picture: each branch labelled with its probability, each path ending
    in the product along it. Paths in ``highlight`` (lists of labels) are drawn thicker."""
    paths = tree.paths()
    if len(paths) > MAX_DRAWN_PATHS:
        raise InvalidArgumentError(_("the tree has {n} paths; a picture shows at most "
                                     "{most}: draw fewer stages.").format(n=len(paths),
                                                                         most=MAX_DRAWN_PATHS))
    marked = {tuple(path) for path in highlight}
    leaf_y = {path.labels: index for index, path in enumerate(paths)}

    def y_of(labels: tuple[str, ...]) -> float:
        below = [y for leaf, y in leaf_y.items() if leaf[:len(labels)] == labels]
        return float(np.mean(below))

    # x is in pixels: each stage's column is as wide as its longest label, and a branch runs
    # from the end of its parent's column to the start of its own, its probability beside
    # its middle; the products stand after the last column.
    # Only the drawing speaks the language in use; the tree's data keeps its labels.
    start = _("start")
    stages = len(tree.stages)
    widths = [len(start)] + [max(len(label(path.labels[d])) for path in paths)
                             for d in range(stages)]
    columns = [0.0]
    for d in range(stages):
        columns.append(columns[d] + widths[d] * CHAR_PX + BRANCH_PX)
    products_x = columns[-1] + widths[-1] * CHAR_PX + 14
    total_width = max(WIDTH, products_x + max(len(str(p.probability)) + 2 for p in paths)
                      * CHAR_PX + 8)
    lift = 0.3
    edges, texts = [], [{"x": 0, "y": y_of(()), "text": start, "align": "left"}]
    seen: set[tuple[str, ...]] = set()
    for path in paths:
        for depth in range(len(path.labels)):
            node = path.labels[:depth + 1]
            if node in seen:
                continue
            seen.add(node)
            parent, probability = node[:-1], path.branches[depth]
            on_marked = any(leaf[:len(node)] == node for leaf in marked)
            x0 = columns[depth] + widths[depth] * CHAR_PX + 6
            x1, y0, y1 = columns[depth + 1], y_of(parent), y_of(node)
            edges.append({"x": x0, "y": y0, "x2": x1 - 5, "y2": y1,
                          "width": 4 if on_marked else 1.5,
                          "branch": f"{label(node[-1])} | "
                                    f"{' → '.join(map(label, parent)) or start}",
                          "probability": str(probability)})
            outward = lift if y1 > y0 else -lift          # below a falling branch
            texts.append({"x": (x0 + x1) / 2, "y": (y0 + y1) / 2 + outward,
                          "text": str(probability), "align": "center"})
            texts.append({"x": x1, "y": y1, "text": label(node[-1]), "align": "left"})
        texts.append({"x": products_x, "y": leaf_y[path.labels],
                      "text": f"= {path.probability}", "align": "left"})
    x = alt.X("x:Q", axis=None, scale=alt.Scale(domain=[0, total_width]))
    y = alt.Y("y:Q", axis=None, scale=alt.Scale(domain=[len(paths) - 0.4, -0.6]))
    lines = alt.Chart(alt.Data(values=edges)).mark_rule(color=OKABE_ITO[0]).encode(
        x=x, y=y, x2="x2:Q", y2="y2:Q", strokeWidth=alt.StrokeWidth("width:Q", scale=None),
        tooltip=["branch:N", "probability:N"])
    words = [alt.Chart(alt.Data(values=[t for t in texts if t["align"] == align])).mark_text(
        fontSize=13, color=INK, align=align).encode(x=x, y=y, text="text:N")
        for align in ("left", "center", "right")]
    headers = alt.Chart(alt.Data(values=[{"x": columns[i + 1], "y": -0.6, "text": label(name)}
                                         for i, name in enumerate(tree.stages)])).mark_text(
        fontSize=12, fontStyle="italic", color=INK, baseline="top", align="left").encode(
        x=x, y=y, text="text:N")
    return alt.layer(lines, *words, headers).properties(
        title=title, width=round(total_width), height=max(HEIGHT, 34 * len(paths)),
        description=description or _(
            "Tree diagram: {title}. {stages} stages ({names}), {paths} paths; each branch "
            "shows its probability given the path to it, each path ends with the product "
            "along it.").format(title=title, stages=stages, paths=len(paths),
                                names=", ".join(map(label, tree.stages))))


def venn_diagram(table: TwoWayTable, *, title: str, shares: bool = False,
                 description: str | None = None) -> alt.LayerChart:
    """Two overlapping circles for the events of a 2 × 2 table made by
    :meth:`TwoWayTable.from_events`: the count (or, with ``shares``, the probability) in
    each region, and the outcomes in neither outside the circles."""
    if len(table.rows) != 2 or len(table.columns) != 2:
        raise InvalidArgumentError(_("a Venn diagram shows two events: give the 2 × 2 table "
                                     "of TwoWayTable.from_events."))
    a, not_a = table.rows
    b, not_b = table.columns
    scale = table.total if shares else Fraction(1)

    def show(value: Fraction) -> str:
        value = value / scale
        return str(int(value)) if value.denominator == 1 else str(value)

    shown_a, shown_b = event_label(a), event_label(b)     # the drawing's words only
    regions = [(-1.0, show(table.cell(a, not_b)), _("{a}, not {b}").format(a=shown_a, b=shown_b)),
               (0.0, show(table.cell(a, b)), _("{a} and {b}").format(a=shown_a, b=shown_b)),
               (1.0, show(table.cell(not_a, b)), _("{a}, not {b}").format(a=shown_b, b=shown_a))]
    x = alt.X("x:Q", axis=None, scale=alt.Scale(domain=[-2.4, 2.4]))
    y = alt.Y("y:Q", axis=None, scale=alt.Scale(domain=[-1.5, 1.5]))
    space = alt.Chart(alt.Data(values=[{"x": -2.35, "y": -1.45, "x2": 2.35, "y2": 1.45}])
                      ).mark_rect(fill=None, stroke="#808080", strokeWidth=1.5).encode(
        x=x, y=y, x2="x2:Q", y2="y2:Q")
    circles = alt.Chart(alt.Data(values=[{"x": -0.6, "y": 0, "event": shown_a},
                                         {"x": 0.6, "y": 0, "event": shown_b}])).mark_point(
        shape="circle", size=30_000, filled=True, opacity=0.3).encode(
        x=x, y=y, color=alt.Color("event:N", sort=[shown_a, shown_b], title=None,
                                  scale=alt.Scale(domain=[shown_a, shown_b],
                                                  range=OKABE_ITO[:2]),
                                  legend=alt.Legend(orient="bottom")))
    inside = [{"x": x0, "y": 0, "text": value, "region": name} for x0, value, name in regions]
    corners = [{"x": -2.25, "y": -1.28,
                "text": _("neither: {count}").format(count=show(table.cell(not_a, not_b))),
                "region": _("not {a}, not {b}").format(a=shown_a, b=shown_b)}]
    total = [{"x": 2.25, "y": 1.28, "text": _("all: {count}").format(count=show(table.total)),
              "region": _("the whole sample space")}]
    words = [alt.Chart(alt.Data(values=values)).mark_text(
        color=INK, fontSize=size, align=align).encode(x=x, y=y, text="text:N",
                                                      tooltip=["region:N", "text:N"])
        for values, size, align in ((inside, 20, "center"), (corners, 14, "left"),
                                    (total, 14, "right"))]
    return alt.layer(space, circles, *words).properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or _(
            "Venn diagram: {title}. Two circles, {a} and {b}; the overlap holds {both}, only "
            "{a} {only_a}, only {b} {only_b}, neither {neither}, of {total} in all.").format(
            title=title, a=shown_a, b=shown_b, both=regions[1][1], only_a=regions[0][1],
            only_b=regions[2][1], neither=show(table.cell(not_a, not_b)),
            total=show(table.total)))


def grid_posterior_chart(posterior: Distribution, beta: BetaPosterior, *, title: str,
                         x_title: str = "p", description: str | None = None) -> alt.LayerChart:
    """A posterior on an equally spaced grid as bars of the grid's spacing (each bar's area is
    that grid value's probability, so its height is a density), against the Beta density
    that the bars approach as the grid gets finer."""
    values = sorted(posterior)
    spacing = _spacing(values)
    bars = [{"from": float(v - spacing / 2), "to": float(v + spacing / 2), "p": float(v),
             "density": float(posterior[v] / spacing), "probability": float(posterior[v])}
            for v in values]
    x = np.linspace(0, 1, 201)
    curve = [{"p": float(xi), "density": float(d)} for xi, d in zip(x, beta.density(x))]
    columns = alt.Chart(alt.Data(values=bars)).mark_bar(
        color=OKABE_ITO[4], opacity=0.8, stroke="#ffffff", strokeWidth=0.5).encode(
        x=alt.X("from:Q", title=x_title, scale=alt.Scale(domain=[0, 1])), x2="to:Q",
        y=alt.Y("density:Q", title="posterior density"), y2=alt.datum(0),
        tooltip=[alt.Tooltip("p:Q", format=".3f"),
                 alt.Tooltip("probability:Q", title="posterior probability", format=".4f")])
    line = alt.Chart(alt.Data(values=curve)).mark_line(color=OKABE_ITO[5], size=2.5).encode(
        x="p:Q", y="density:Q")
    return (columns + line).properties(
        title=title, width=WIDTH, height=HEIGHT,
        description=description or (
            f"Bars and a line: {title}. Bars: the posterior on a grid of {len(values)} "
            f"values with positive probability (bar area = probability); line: the "
            f"Beta({beta.a}, {beta.b}) density."))


def _spacing(values: list) -> Fraction:
    if len(values) < 2:
        raise InvalidArgumentError(_("a grid posterior needs at least two grid values."))
    gaps = {Fraction(b) - Fraction(a) for a, b in zip(values, values[1:])}
    if len(gaps) != 1:
        raise InvalidArgumentError(_("the grid values must be equally spaced (use "
                                     "bayes.grid)."))
    return gaps.pop()


__all__ = ["tree_diagram", "venn_diagram", "grid_posterior_chart", "MAX_DRAWN_PATHS"]
