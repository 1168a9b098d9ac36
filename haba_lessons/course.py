"""The one setup every notebook runs first: chart renderer, seed, display options."""

from __future__ import annotations

import altair as alt
import numpy as np

from . import charts
from .simulation import COURSE_SEED, make_rng


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
