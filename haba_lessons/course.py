"""The one setup every notebook runs first: chart renderer, seed, display options."""

from __future__ import annotations

import sys

# Altair validates charts with jsonschema, which on import builds a parser for the "iri"
# format (rfc3987_syntax, 1.1 s). Vega-Lite's schema has no "iri" field, so no chart ever
# uses it: marking that optional module absent before Altair loads saves a second per
# notebook and changes no check. (Set only if nothing has imported it yet.)
sys.modules.setdefault("rfc3987_syntax", None)

import altair as alt  # noqa: E402  (after the line above, on purpose)
import numpy as np  # noqa: E402

from . import charts  # noqa: E402
from .simulation import COURSE_SEED, make_rng  # noqa: E402


def setup(seed: int = COURSE_SEED) -> np.random.Generator:
    """Prepare a notebook and return its random generator.

    Charts use the course's renderer (:mod:`haba_lessons.charts`): Altair's ``mimetype``
    bundle, so the chart travels inside the notebook as a Vega-Lite spec and renders offline
    in JupyterLab, plus a static SVG for GitHub, nbviewer and print. Both are byte-identical
    on every run (the html renderer would load Vega from the internet and use a random id).
    """
    alt.renderers.enable(charts.RENDERER)
    alt.data_transformers.disable_max_rows()
    return make_rng(seed)
