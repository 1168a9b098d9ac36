"""The not-running line's stylesheet (``haba_lessons.widget_notice``). What a page shows with
it is checked in a real browser (``tests/browser/test_stored_widgets.py``); here: it is shown
only inside a notebook kernel, and each line is one short sentence the stylesheet quotes
intact."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from haba_lessons import widget_notice

REPO = Path(__file__).resolve().parent.parent


def test_outside_a_notebook_setup_shows_nothing():
    code = ("from haba_lessons.course import setup\nfrom haba_lessons.widget_notice import "
            "show_stylesheet\nsetup()\nprint(show_stylesheet())\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, check=True)
    assert done.stdout == "False\n" and done.stderr == ""


def test_each_line_is_one_short_sentence_quoted_intact_in_the_stylesheet():
    for line in (widget_notice.NOT_RUNNING, widget_notice.PICTURE,
                 widget_notice.APP_NOT_RUNNING):
        assert "\n" not in line and len(line) <= 70 and line.endswith(".")
        assert f'content: "{line}";' in widget_notice.stylesheet()
    assert widget_notice._css_string('say "hi" \\ now') == '"say \\"hi\\" \\\\ now"'
    html = widget_notice.stylesheet_html()
    assert html.startswith(f'<style class="{widget_notice.STYLE_CLASS}">')
    assert html.count("<style") == 1 and html.endswith("</style>")
