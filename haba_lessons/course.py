"""The one setup every notebook runs first: chart renderer, seed, display options."""

from __future__ import annotations

import altair as alt
import numpy as np

from .simulation import COURSE_SEED, make_rng


def setup(seed: int = COURSE_SEED) -> np.random.Generator:
    """Prepare a notebook and return its random generator.

    Charts use Altair's ``mimetype`` renderer: the chart travels inside the notebook as a
    Vega-Lite spec, renders offline in JupyterLab, and is byte-identical on every run (the
    html renderer would load Vega from the internet and use a random element id).
    """
    alt.renderers.enable("mimetype")
    alt.data_transformers.disable_max_rows()
    return make_rng(seed)
