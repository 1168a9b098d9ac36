"""The course's chart renderer: interactive Vega-Lite spec plus a static SVG, deterministic."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import altair as alt
from altair.vegalite.v5.display import mimetype_renderer

from haba_lessons.charts import (RENDERER, chart_svg, distribution_bars,
                                 interactive_and_static_renderer, rounded_floats)
from haba_lessons.course import setup
from haba_lessons.distribution import Distribution

VEGALITE = "application/vnd.vegalite.v5+json"
SVG = "image/svg+xml"
REPO = Path(__file__).resolve().parent.parent


def two_dice() -> Distribution:
    """Written out by hand (ways out of 36), not taken from the library's dice code."""
    ways = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    return Distribution({total: Fraction(n, 36) for total, n in ways.items()})


def spec() -> dict:
    return distribution_bars(two_dice(), title="Two dice", x_title="sum").to_dict()


def test_floats_that_differ_in_the_last_bit_give_the_same_output():
    # 1/36 as two processors may compute it: the nearest double and its neighbour.
    one_36 = 1 / 36
    neighbour = math.nextafter(one_36, 1)
    assert one_36 != neighbour
    specs = [{"data": {"values": [{"p": value, "label": "x", "n": 3}]}}
             for value in (one_36, neighbour)]
    assert rounded_floats(specs[0]) == rounded_floats(specs[1])
    assert rounded_floats(specs[0])["data"]["values"][0] == {"p": 0.02777777778, "label": "x",
                                                             "n": 3}


def test_the_bundle_is_altairs_mimetype_bundle_plus_an_svg():
    bundle, metadata = interactive_and_static_renderer(spec())
    plain, plain_metadata = mimetype_renderer(rounded_floats(spec()))
    assert {key: value for key, value in bundle.items() if key != SVG} == plain
    assert metadata == plain_metadata
    assert bundle[SVG].startswith("<svg") and bundle[SVG].rstrip().endswith("</svg>")


def test_the_svg_draws_the_chart():
    svg = chart_svg(spec())
    bars = re.findall(r'aria-label="sum: (\d+); probability: [0-9.]+; exact: ([0-9/]+)"', svg)
    assert bars == [("2", "1/36"), ("3", "1/18"), ("4", "1/12"), ("5", "1/9"), ("6", "5/36"),
                    ("7", "1/6"), ("8", "5/36"), ("9", "1/9"), ("10", "1/12"), ("11", "1/18"),
                    ("12", "1/36")]
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert "Two dice" in texts and "sum" in texts and "probability" in texts
    assert "http" not in svg.replace("http://www.w3.org/", "")   # nothing fetched when shown


def test_the_svg_is_identical_in_a_fresh_python():
    """nbval compares image/svg+xml byte for byte, so a re-run must give the same bytes."""
    code = ("import sys; sys.path.insert(0, '.'); "
            "from tests.test_charts_renderer import spec; from haba_lessons.charts import chart_svg;"
            "sys.stdout.write(chart_svg(spec()))")
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=REPO).stdout
    assert fresh == chart_svg(spec()) == chart_svg(spec())


def test_setup_enables_the_renderer_for_every_chart():
    previous = alt.renderers.active
    try:
        setup()
        assert alt.renderers.active == RENDERER
        bundle = distribution_bars(two_dice(), title="Two dice", x_title="sum")._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert VEGALITE in data and SVG in data and "text/plain" in data
    finally:
        alt.renderers.enable(previous)
