"""Accessibility of the stored charts: every Altair chart in every notebook output has a
one-line text description, and every colour it names is from the Okabe-Ito palette (or a
neutral grey); a colour legend never falls back on Vega's default categorical palette,
which is not colour-blind safe. Charts must be Vega-Lite outputs (they render offline).
The widgets' coloured fills each get an ink that reaches WCAG AA (4.5:1); the browser test
``tests/browser/test_dark_mode.py`` checks the rendered widgets in both themes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from haba_lessons import charts
from haba_lessons.colours import ACTION_FILLS, action_style, contrast, ink_on
from haba_lessons.games.meow_meow import widget as meow_widget
from haba_lessons.games.quiet_as_a_mouse import widget as quiet_widget
from haba_lessons.distribution import Distribution
from haba_lessons.catalog import notebook_paths

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = notebook_paths(REPO / "notebooks")   # the catalog's lessons and extensions
PALETTE = {c.lower() for c in charts.OKABE_ITO}
COLOUR_KEYS = ("color", "fill", "stroke")
NEUTRAL_NAMES = {"black", "white", "gray", "grey", "lightgray", "lightgrey", "darkgray",
                 "darkgrey", "silver", "gainsboro", "dimgray", "dimgrey", "whitesmoke",
                 "transparent", "none", "currentcolor"}
#: Sequential schemes that stay readable with colour-vision deficiencies.
SAFE_SCHEMES = {"viridis", "cividis", "magma", "inferno", "plasma", "blues", "greens", "greys",
                "oranges", "purples"}


def vega_lite_specs(notebook: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    nb = nbformat.read(notebook, as_version=4)
    for number, cell in enumerate(nb.cells, start=1):
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            for mime, spec in output.get("data", {}).items():
                if mime.startswith("application/vnd.vegalite"):
                    yield f"cell {number}", spec


def html_charts(notebook: Path) -> list[str]:
    """Cells whose charts are HTML with a script (they need the internet to draw)."""
    nb = nbformat.read(notebook, as_version=4)
    return [f"cell {number}" for number, cell in enumerate(nb.cells, start=1)
            if cell.cell_type == "code"
            for output in cell.get("outputs", [])
            if re.search(r"vegaEmbed|altair-viz", "".join(output.get("data", {})
                                                           .get("text/html", "")))]


def colour_problem(value: Any) -> str | None:
    """Why ``value`` is not an allowed colour, or None if it is."""
    if not isinstance(value, str):
        return None  # an expression or gradient: its parts are checked where they are
    colour = value.strip().lower()
    if colour in PALETTE or colour in NEUTRAL_NAMES:
        return None
    match = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", colour)
    if match:
        digits = match.group(1)
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        if f"#{digits}" in PALETTE or len({digits[0:2], digits[2:4], digits[4:6]}) == 1:
            return None  # Okabe-Ito, or a neutral grey
    return f"colour {value!r} is not in the Okabe-Ito palette"


def encoding_problems(channel: dict[str, Any]) -> list[str]:
    """Problems of one colour channel of an encoding (value, field with a scale, condition)."""
    problems = []
    if "value" in channel:
        problems.append(colour_problem(channel["value"]))
    if "field" in channel or "aggregate" in channel:
        scale = channel.get("scale") or {}
        colour_range = scale.get("range")
        if isinstance(colour_range, list):
            problems += [colour_problem(c) for c in colour_range]
        elif scale.get("scheme") is not None:
            scheme = scale["scheme"]
            name = scheme.get("name") if isinstance(scheme, dict) else scheme
            if str(name).lower() not in SAFE_SCHEMES:
                problems.append(f"colour scheme {name!r} is not colour-blind safe")
        elif channel.get("type") == "nominal":
            problems.append(f"field {channel['field']!r} is coloured with Vega's default "
                            "palette: give scale=alt.Scale(range=OKABE_ITO[...])")
    conditions = channel.get("condition", [])
    for condition in conditions if isinstance(conditions, list) else [conditions]:
        problems += encoding_problems(condition)
    return [p for p in problems if p]


def spec_problems(spec: Any) -> list[str]:
    """Every colour problem anywhere in a Vega-Lite spec (marks, encodings, layers, config)."""
    problems: list[str] = []
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in COLOUR_KEYS and isinstance(value, dict) and (
                    "field" in value or "value" in value or "condition" in value):
                problems += encoding_problems(value)
            elif key in COLOUR_KEYS:
                problems.append(colour_problem(value))
            if isinstance(value, (dict, list)):
                problems += spec_problems(value)
    elif isinstance(spec, list):
        for item in spec:
            problems += spec_problems(item)
    return [p for p in problems if p]


def chart_problems(spec: dict[str, Any]) -> list[str]:
    description = spec.get("description")
    problems = spec_problems(spec)
    if not isinstance(description, str) or not description.strip():
        problems.insert(0, "no text description (chart.properties(description=...))")
    elif "\n" in description.strip():
        problems.insert(0, "the description should be one line")
    return problems


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_stored_charts_are_described_and_colour_blind_safe(notebook):
    problems = [f"{where}: {problem}" for where, spec in vega_lite_specs(notebook)
                for problem in chart_problems(spec)]
    problems += [f"{where}: an HTML chart (needs the internet); use setup()'s mimetype renderer"
                 for where in html_charts(notebook)]
    assert not problems, f"{notebook.name}:\n" + "\n".join(problems)


def test_there_are_notebooks_to_check():
    # The course has notebooks now: an empty glob means they moved or the pattern broke,
    # which must fail rather than skip (a skip would silently check nothing).
    assert NOTEBOOKS, "no notebooks/NN-*.ipynb found: nothing to check"
    assert any(True for nb in NOTEBOOKS for _ in vega_lite_specs(nb)), "no chart found at all"


# --- the checker itself, on charts built here ------------------------------------------------

DICE = Distribution.uniform(range(1, 7))


def test_course_chart_builders_pass():
    for chart in [charts.distribution_bars(DICE, title="one die"),
                  charts.compare_distributions({"a": DICE, "b": DICE}, title="two"),
                  charts.convergence([{"trials": 10, "estimate": 0.5}], 0.5, title="c"),
                  charts.histogram_vs_exact({1: 3, 2: 3}, DICE, title="h")]:
        assert chart_problems(chart.to_dict()) == []


def test_missing_description_and_foreign_colours_are_caught():
    import altair as alt

    data = alt.Data(values=[{"x": "a", "y": 1}])
    red = alt.Chart(data).mark_bar(color="red").encode(x="x:N", y="y:Q").to_dict()
    problems = chart_problems(red)
    assert problems[0].startswith("no text description")
    assert "colour 'red' is not in the Okabe-Ito palette" in problems
    default = alt.Chart(data, description="d").mark_bar().encode(
        x="x:N", y="y:Q", color="x:N").to_dict()
    assert any("default palette" in p for p in chart_problems(default))
    rainbow = alt.Chart(data, description="d").mark_bar().encode(
        x="x:N", y="y:Q", color=alt.Color("y:Q", scale=alt.Scale(scheme="rainbow"))).to_dict()
    assert chart_problems(rainbow) == ["colour scheme 'rainbow' is not colour-blind safe"]
    off_palette = alt.Chart(data, description="d").mark_bar().encode(
        x="x:N", y="y:Q",
        color=alt.Color("x:N", scale=alt.Scale(range=["#0072B2", "#ff0000"]))).to_dict()
    assert chart_problems(off_palette) == ["colour '#ff0000' is not in the Okabe-Ito palette"]


def test_neutral_greys_and_short_hex_are_allowed():
    assert colour_problem("#000") is None
    assert colour_problem("#777777") is None
    assert colour_problem("lightgray") is None
    assert colour_problem("#0072b2") is None
    assert colour_problem("#123456") is not None


# ---- colour pairs of the widgets (haba_lessons.colours) -------------------------------------

def test_contrast_matches_published_wcag_ratios():
    # WebAIM's contrast checker: black/white 21:1, #777777 on white 4.48:1, #767676 4.54:1.
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.005)
    assert contrast("#FFFFFF", "#767676") == pytest.approx(4.54, abs=0.005)


@pytest.mark.parametrize("fill", sorted({*charts.OKABE_ITO, *ACTION_FILLS.values(),
                                         *(look[0] for look in meow_widget.COLOUR_LOOK.values()),
                                         *(look[0] for look in quiet_widget.LOOKS.values())}))
def test_every_coloured_fill_gets_ink_that_reaches_wcag_aa(fill):
    ink = ink_on(fill)
    assert ink in ("#000000", "#FFFFFF")
    assert contrast(fill, ink) >= 4.5, f"{ink} on {fill}"


def test_widget_looks_use_the_readable_ink():
    for fill, ink, _ in meow_widget.COLOUR_LOOK.values():
        assert contrast(fill, ink) >= 4.5
    for fill, ink in quiet_widget.LOOKS.values():
        assert contrast(fill, ink) >= 4.5
    for kind in ACTION_FILLS:
        style = action_style(kind)
        assert contrast(style["button_color"], style["text_color"]) >= 4.5
