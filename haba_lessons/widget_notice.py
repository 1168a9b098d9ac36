"""One line on every course widget that is not running, saying how to make it playable.

A widget drawn from the notebook's stored state (the notebook opened but not run yet, a
printed page, the course website) or whose kernel has gone (restarted or stopped mid-game)
is only a picture: its buttons do nothing. ipywidgets marks each view of such a widget with
the class ``jupyter-widgets-disconnected``, for which JupyterLab draws a small broken-link
icon on every button and label, with no hint. This stylesheet hides those icons and puts one
line at the top of each such widget instead (the outermost ``VBox``: every course widget is
one; a line put into a row or a grid would rearrange it):

- in JupyterLab and Notebook 7, "Not running: choose Run ▸ Run All Cells to play.";
- on a page without a kernel, where the html-manager draws the widget (PDF, website),
  "A picture: open the notebook and choose Run ▸ Run All Cells to play.";
- in app mode (Voilà, which has no Run menu), "Not running: reload the page to play again."

A live widget has no such class, so it shows nothing; the line comes back by itself when the
kernel goes. :func:`show_stylesheet` (called by ``setup()`` in every notebook's first cell)
displays the stylesheet as an invisible output, stored with the notebook, so it is on the
page wherever the notebook's widgets are, run or not.
"""

from __future__ import annotations

from typing import Any

from .i18n import N_, _

NOT_RUNNING = N_("Not running: choose Run ▸ Run All Cells to play.")
PICTURE = N_("A picture: open the notebook and choose Run ▸ Run All Cells to play.")
APP_NOT_RUNNING = N_("Not running: reload the page to play again.")
STYLE_CLASS = "haba-widget-notice"

#: The outermost disconnected VBox of an output (no disconnected view around it).
_OUTERMOST = ".jupyter-widgets-disconnected.widget-vbox:not(.jupyter-widgets-disconnected *)"


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def stylesheet() -> str:
    """The stylesheet, its lines in the language in use."""
    return (_STYLESHEET.replace("@NOT_RUNNING@", _css_string(_(NOT_RUNNING)))
            .replace("@PICTURE@", _css_string(_(PICTURE)))
            .replace("@APP_NOT_RUNNING@", _css_string(_(APP_NOT_RUNNING))))


_STYLESHEET = f"""\
/* haba_lessons.widget_notice: a widget that is not running says how to make it playable */
.jp-OutputArea-child:has(> .jp-OutputArea-output style.{STYLE_CLASS}) {{ display: none; }}
.jp-OutputArea-output .jupyter-widgets-disconnected::before {{ content: none; }}
{_OUTERMOST}::before {{
  content: @NOT_RUNNING@;
  display: block;
  align-self: stretch;
  margin: 0 0 4px 0;
  padding: 4px 8px;
  border-left: 4px solid var(--jp-warn-color0, #e65100);
  background: var(--jp-layout-color2, #eeeeee);
  color: var(--jp-ui-font-color1, #1f1f1f);
  font: 600 var(--jp-ui-font-size1, 13px) / 1.4 var(--jp-ui-font-family, sans-serif);
  white-space: normal;
}}
.widget-subarea > {_OUTERMOST}::before {{ content: @PICTURE@; }}
[data-voila] {_OUTERMOST}::before {{ content: @APP_NOT_RUNNING@; }}
"""


def stylesheet_html() -> str:
    """The stylesheet as the HTML output that carries it."""
    return f'<style class="{STYLE_CLASS}">\n{stylesheet()}</style>'


def show_stylesheet() -> bool:
    """Display the stylesheet as an output of the running cell, in a notebook kernel only
    (a script or a test shows nothing); returns whether it was shown."""
    shell = _notebook_shell()
    if shell is None:
        return False
    from IPython.display import display

    display({"text/html": stylesheet_html()}, raw=True)
    return True


def _notebook_shell() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    return shell if type(shell).__name__ == "ZMQInteractiveShell" else None
