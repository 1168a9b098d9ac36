"""JavaScript the course serves itself (see README.md beside this file): where it is.

A page without a kernel (the PDFs, the course website) draws a notebook's stored widgets
by loading :data:`REQUIRE_JS`, then :data:`EMBED_AMD_JS`; the html-manager finds its fonts
beside itself.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent
#: RequireJS: the AMD loader the html-manager needs, loaded first.
REQUIRE_JS = HERE / "requirejs" / "require.js"
#: @jupyter-widgets/html-manager: renders every ``application/vnd.jupyter.widget-view+json``
#: script of the page from the page's ``application/vnd.jupyter.widget-state+json`` script.
EMBED_AMD_JS = HERE / "html-manager" / "embed-amd.js"
