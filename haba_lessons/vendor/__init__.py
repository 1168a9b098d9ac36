"""JavaScript the course serves itself (see README.md beside this file): where it is.

A page without a kernel draws a notebook's stored widgets by loading, in this order,
:data:`REQUIRE_JS`, :data:`WIDGET_PATHS_JS` and :data:`EMBED_AMD_JS`, served from one folder
laid out as this one (``requirejs/``, ``widget-paths.js``, ``html-manager/`` with its fonts).
The PDF export opens its pages as files and needs no ``WIDGET_PATHS_JS``: it answers the font
requests itself (:mod:`haba_lessons.pdf_export`).
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent
#: RequireJS: the AMD loader the html-manager needs, loaded first.
REQUIRE_JS = HERE / "requirejs" / "require.js"
#: Points RequireJS at ``html-manager/embed-amd.js`` beside it, so the html-manager finds its
#: icon fonts (by default it looks for them beside the page).
WIDGET_PATHS_JS = HERE / "widget-paths.js"
#: @jupyter-widgets/html-manager: renders every ``application/vnd.jupyter.widget-view+json``
#: script of the page from the page's ``application/vnd.jupyter.widget-state+json`` script.
EMBED_AMD_JS = HERE / "html-manager" / "embed-amd.js"
