"""The recording widgets in a real browser (Voilà, as in app mode): a click and a key press
each save one record to the group's file at once, and the download link carries the file.
"""

from __future__ import annotations

import base64

import nbformat
import pytest
from browser_support import SCREENSHOTS, full_page_screenshot, render_problems, voila_server

from haba_lessons.classlab import read_class_file
from haba_lessons.classlab.records import Record

pytestmark = pytest.mark.browser


def recorder_notebook(path, folder) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from haba_lessons.course import setup\n"
        "from haba_lessons.classlab.recorders import meow_meow_recorder\n\n"
        "_ = setup()\n"
        f"meow_meow_recorder(group='browser', folder={str(folder)!r})")]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def test_a_click_and_a_key_press_each_save_a_record_at_once(guarded_page, tmp_path):
    page, guard = guarded_page
    folder = tmp_path / "class-data"
    notebook = tmp_path / "apps" / "recorder.ipynb"
    recorder_notebook(notebook, folder)
    server = voila_server(notebook, tmp_path).start(ready_path="/")
    try:
        page.goto(server.url + "/")
        page.wait_for_selector(".haba-recorder", timeout=90_000)
        assert render_problems(page, "body") == []
        status = page.locator(".haba-recorder").get_by_text("Ready: nothing recorded yet")
        status.wait_for(timeout=30_000)

        page.locator("button", has_text="First child could play").click()
        page.get_by_text("Saved record 1").wait_for(timeout=30_000)
        file = folder / "meow_meow-browser.csv"
        assert read_class_file(file).records == [
            Record(1, 1, "1", "first_could_play", "yes", "1")]

        page.locator("button", has_text="Seat 2 won").focus()
        page.keyboard.press("Enter")                      # a keyboard user records too
        page.get_by_text("Saved record 2").wait_for(timeout=30_000)
        assert read_class_file(file).records[-1] == Record(2, 1, "2", "round_won", "yes", "1")

        href = page.locator("a.haba-download").get_attribute("href")
        assert href.startswith("data:text/csv;base64,")
        assert base64.b64decode(href.split(",", 1)[1]) == file.read_bytes()
        assert guard.problems() == []
    finally:
        full_page_screenshot(page, SCREENSHOTS / "recording-widget.png")
        server.stop()
