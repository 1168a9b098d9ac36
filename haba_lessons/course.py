"""The one setup every notebook runs first: chart renderer, seed, display options, the
language, mistakes shown as their message, and the line a widget shows when it is not running.

``setup`` is quick: it needs numpy, not Altair. Altair (a few tenths of a second to load, more
on a cold start) is configured the moment it is loaded: at once when a cell has already
imported it, otherwise when anything imports it later (``haba_lessons.charts``, a game's
charts, or ``import altair``), by a one-time hook on that import. Either way every chart is
drawn by the course's renderer, and a notebook pays for Altair in the cell that first needs it.

(The stand-in for jsonschema's optional IRI parser, which saves a second or two when Altair
loads, is set by the package itself: see ``haba_lessons/__init__.py``.)
"""

from __future__ import annotations

import importlib.abc
import sys
from typing import Any

import numpy as np

from . import i18n
from .errors import HabaLessonsError
from .simulation import COURSE_SEED, make_rng
from .widget_notice import show_stylesheet

#: The course renderer's name (``haba_lessons.charts.RENDERER``; a test checks they agree).
RENDERER = "haba"


def setup(seed: int = COURSE_SEED, lang: str | None = None) -> np.random.Generator:
    """Prepare a notebook and return its random generator.

    ``lang`` chooses the language of everything the library shows (``"de"``: German; see
    :mod:`haba_lessons.i18n`); without it, ``HABA_LANG`` decides, else English. In another
    language than English, the strings a code cell prints or titles are translated as the
    cell runs, from the notebooks' catalogs (:mod:`haba_lessons.editions.code`).

    Charts use the course's renderer (:mod:`haba_lessons.charts`): Altair's ``mimetype``
    bundle, so the chart travels inside the notebook as a Vega-Lite spec and renders offline
    in JupyterLab, plus a static SVG for GitHub, nbviewer and print. Both are byte-identical
    on every run (the html renderer would load Vega from the internet and use a random id).

    In a notebook it also shows an invisible output that makes every widget which is not
    running (not run yet, or its kernel gone) say how to make it playable
    (:mod:`haba_lessons.widget_notice`).
    """
    rng = make_rng(seed)          # checks the seed and the language before anything changes
    language = i18n.check_language(lang) if lang is not None else i18n.language()
    i18n.set_language(lang)
    from .editions.runtime import install
    install(language)
    _show_mistakes_plainly()
    show_stylesheet()
    altair = sys.modules.get("altair")
    if altair is not None:
        _configure(altair)
    elif not any(isinstance(finder, _WhenAltairLoads) for finder in sys.meta_path):
        sys.meta_path.insert(0, _WhenAltairLoads())
    return rng


def _show_mistakes_plainly() -> None:
    """In a notebook, a mistake the course catches (a :class:`HabaLessonsError`: an illegal
    move, a value out of range, a bad data file) shows as its message alone, which says what
    to do, instead of a traceback through the library's code. Other errors (a slip in the
    student's own code) keep their full traceback."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if shell is not None:
        shell.set_custom_exc((HabaLessonsError,), _message_only)


def _message_only(shell: Any, etype: type, value: BaseException, tb: Any,
                  tb_offset: int | None = None) -> list[str]:
    """IPython's handler for the course's errors: it must show the error itself (IPython
    ignores what a handler returns), as an error output whose traceback is one line, so the
    cell still fails and "Run All" still stops there."""
    lines = [f"{etype.__name__}: {value}"]
    shell._showtraceback(etype, value, lines)     # how IPython shows any traceback
    return lines


def _render(spec: dict[str, Any], **metadata: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The course renderer, looked up when a chart is shown (so that setting it up needs no
    import of :mod:`haba_lessons.charts`, which may itself be the module loading Altair)."""
    from .charts import interactive_and_static_renderer
    return interactive_and_static_renderer(spec, **metadata)


def _configure(altair: Any) -> None:
    if RENDERER not in altair.renderers.names():
        altair.renderers.register(RENDERER, _render)
    altair.renderers.enable(RENDERER)
    altair.data_transformers.disable_max_rows()


class _WhenAltairLoads(importlib.abc.MetaPathFinder):
    """Finds nothing itself; when ``altair`` is about to be loaded, it lets the other finders
    find it and wraps the loader so that :func:`_configure` runs right after Altair's own
    code. It then removes itself (one use)."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != "altair":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        for finder in sys.meta_path:
            find_spec = getattr(finder, "find_spec", None)
            spec = find_spec(fullname, path, target) if find_spec is not None else None
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _ConfiguringLoader(spec.loader)
        return spec


class _ConfiguringLoader(importlib.abc.Loader):
    """Altair's own loader, plus :func:`_configure` once the module has run."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._loader.exec_module(module)
        _configure(module)

    def __getattr__(self, name: str) -> Any:      # get_data, get_resource_reader, ...
        return getattr(self._loader, name)
