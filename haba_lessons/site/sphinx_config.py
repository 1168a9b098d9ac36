"""The Sphinx configuration of the website, written as the ``conf.py`` of a build.

Sphinx with MyST-NB renders the stored notebooks (nothing is executed) and the Markdown
pages; sphinx-book-theme draws the navigation and the search box (Sphinx's own search, which
works offline). Every file a page loads is served by the site itself: the theme's files, and
the vendored widget manager, RequireJS and MathJax (``haba_lessons/vendor``), set through
MyST-NB's ``nb_ipywidgets_js`` and Sphinx's ``mathjax_path`` in place of their CDN defaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: Where the vendored files are copied inside ``_static``.
VENDOR = "vendor"


def settings(texts: dict[str, Any], language: str) -> dict[str, Any]:
    """Every configuration value of the build."""
    return {
        "project": texts["site_title"],
        "author": "haba_lessons contributors",
        "copyright": texts["copyright"],
        "language": language,
        "extensions": ["myst_nb", "sphinx.ext.githubpages"],   # githubpages: .nojekyll
        "root_doc": "index",
        "exclude_patterns": ["_extra", "_static"],
        "suppress_warnings": [],
        # notebooks: shown as stored, never executed
        "nb_execution_mode": "off",
        "nb_ipywidgets_js": {
            f"{VENDOR}/requirejs/require.js": {},
            f"{VENDOR}/widgets-offline.js": {},
            f"{VENDOR}/html-manager/embed-amd.js": {},
        },
        "nb_code_prompt_show": texts["show_solution"],
        "nb_code_prompt_hide": texts["hide_solution"],
        "myst_enable_extensions": ["dollarmath", "amsmath"],
        "myst_heading_anchors": 6,
        "myst_heading_slug_func": "haba_lessons.site.slugs.jupyterlab_slug",
        "mathjax_path": f"{VENDOR}/mathjax/tex-chtml.js",
        "mathjax3_config": {},
        # pages
        "html_theme": "sphinx_book_theme",
        "html_title": texts["site_title"],
        "html_static_path": ["_static"],
        "html_extra_path": ["_extra"],
        "html_css_files": ["haba-site.css"],
        "html_copy_source": False,
        "html_show_sourcelink": False,
        "html_last_updated_fmt": None,
        "html_use_index": False,             # no index terms: an empty page otherwise
        "html_context": {"default_mode": "light"},
        # the theme's sidebar without its second search box (the header has one)
        "html_sidebars": {"**": ["navbar-logo.html", "sbt-sidebar-nav.html"]},
        "html_theme_options": {
            "use_download_button": False,     # each notebook page has its own download links
            "use_fullscreen_button": False,
            "show_navbar_depth": 1,
            "show_toc_level": 2,
        },
    }


def write_conf(folder: Path, values: dict[str, Any]) -> Path:
    """``folder/conf.py`` assigning every value (``repr`` of plain Python data)."""
    lines = ['"""Written by haba_lessons.site for one build of the website."""', ""]
    lines += [f"{name} = {value!r}" for name, value in values.items()]
    path = folder / "conf.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
