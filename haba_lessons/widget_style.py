"""One stylesheet for the game widgets, made for the projector: the board fills the width it
is given and scales down on a small screen, the controls sit beside it (or below it, when
the space is too narrow), and nothing has a fixed pixel width.

A game widget is built from ipywidgets boxes carrying these classes (and puts
:func:`style_widget` first among its children, so the rules travel with it into a notebook's
stored state, an app and a printed page):

``haba-game``        the root ``VBox``;
``haba-game-main``   the row holding the board and the panel (wraps when narrow);
``haba-board``       the ``HTML`` widget holding the board's SVG (scaled to its width);
``haba-panel``       the ``VBox`` beside the board: whose turn, what happened last, controls;
``haba-last``        what happened last ("Green's roll: 6"), kept apart from the controls;
``haba-turn``        whose turn it is and what they can do now;
``haba-problem``     a one-line message (a refused click), empty when there is none;
``haba-controls``    a row of buttons that wraps;
``haba-setup``       the row of choices for a new game (seats, variants), below the board;
``haba-big``         text read from the back of the room (an element inside an ``HTML``).

The board takes four fifths of the row, the panel (at least 20rem) the rest, side by side down
to a 1024-px laptop, so board and buttons are on one screen; narrower than 28rem + 20rem the
panel wraps below the board, which then takes the whole width. Sizes are relative (``%``,
``vh``, ``rem`` and multiples of ipywidgets' own font size, which app mode sets larger for
the projector), so the page decides them, not the widget.
"""

from __future__ import annotations

import ipywidgets as widgets

STYLE_CLASS = "haba-game-style"

#: The rules (kept small: colours come from the widgets and ``colours.py``).
STYLESHEET = """\
/* haba_lessons.widget_style: game widgets laid out for the space they have */
.haba-game { width: 100%; max-width: 100%; box-sizing: border-box; }
.haba-game .widget-html-content { line-height: 1.35; white-space: normal; }
.haba-game-main { display: flex; flex-flow: row wrap; gap: 0.75rem; width: 100%;
  align-items: flex-start; }
.haba-game .haba-board { flex: 4 1 28rem; min-width: 0; max-width: 100%; margin: 0; }
.haba-game .haba-board svg { display: block; width: 100%; height: auto;
  max-height: calc(100vh - 9rem); }
.haba-game .haba-panel { flex: 1 1 20rem; min-width: min(20rem, 100%); max-width: 100%;
  gap: 0.4rem; }
.haba-game .haba-panel .widget-html { margin: 0; }
.haba-game .haba-last, .haba-game .haba-turn, .haba-game .haba-problem { width: 100%;
  font-size: calc(var(--haba-font) * 1.15); }
.haba-game { --haba-font: var(--jp-widgets-font-size, 13px); }
.haba-game .haba-big { font-size: calc(var(--haba-font) * 1.3); }
.haba-game .haba-last .widget-html-content { border-left: 0.35rem solid #56B4E9;
  padding: 0.2rem 0.5rem; background: rgba(86, 180, 233, 0.12); }
.haba-game .haba-controls { display: flex; flex-flow: row wrap; gap: 0.4rem; width: 100%; }
.haba-game .haba-controls .widget-button, .haba-game .haba-controls .widget-toggle-button {
  width: auto; min-width: 6rem; height: auto; min-height: 2.6rem;
  font-size: calc(var(--haba-font) * 1.15);
  white-space: normal; padding: 0.2rem 0.8rem; margin: 0; }
.haba-game .haba-controls .widget-dropdown { width: auto; max-width: 100%; }
.haba-game .haba-controls .widget-dropdown > select { font-size: var(--haba-font); }
.haba-game .haba-setup { display: flex; flex-flow: row wrap; gap: 0.4rem; width: 100%; }
.haba-game .haba-setup > .widget-dropdown { width: auto; min-width: 12rem; }
.haba-game .haba-setup > .widget-checkbox { width: auto; }
.haba-game table { border-collapse: collapse; font-size: calc(var(--haba-font) * 1.1); }
.haba-game td, .haba-game th { padding: 0.1rem 0.5rem; text-align: left; }
"""


def style_html() -> str:
    """The stylesheet as the HTML a widget carries."""
    return f'<style class="{STYLE_CLASS}">\n{STYLESHEET}</style>'


def style_widget() -> widgets.HTML:
    """An invisible ``HTML`` widget carrying the stylesheet: the first child of a game."""
    carrier = widgets.HTML(style_html(), layout=widgets.Layout(display="none"))
    carrier.add_class(STYLE_CLASS)
    return carrier


def classed(widget: widgets.DOMWidget, *classes: str) -> widgets.DOMWidget:
    """``widget`` with the CSS ``classes`` added (returned, to build layouts in one line)."""
    for name in classes:
        widget.add_class(name)
    return widget
