"""Handouts: each lesson plan becomes a self-contained printable page, plus an index."""

from __future__ import annotations

import base64
from html.parser import HTMLParser
from pathlib import Path

import pytest

from haba_lessons.handouts import main, plan_title, render_all

REPO = Path(__file__).resolve().parents[1]
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


class Resources(HTMLParser):
    """Collects what a page would fetch: src/href of img, script, link, iframe, media."""

    FETCHING = {"img", "script", "link", "iframe", "audio", "video", "source", "embed", "object"}

    def __init__(self) -> None:
        super().__init__()
        self.fetched: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.FETCHING:
            self.fetched += [attrs[a] for a in ("src", "href", "data") if attrs.get(a)]
        if tag == "a":
            self.links.append(attrs.get("href", ""))

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> Resources:
    parser = Resources()
    parser.feed(html)
    return parser


def external(resources: Resources) -> list[str]:
    return [url for url in resources.fetched if not url.startswith("data:")]


PLAN = """# Lesson plan 09 · *Testing* the handouts

## Goals

- read a **table**;
- see <script>alert("raw html")</script> as text.

| min | activity |
|---|---|
| 0-5 | roll two dice |

![two dice](dice.png) ![remote](https://example.org/x.png)

[the course](https://example.org/course)
"""


@pytest.fixture
def plans(tmp_path):
    folder = tmp_path / "lesson-plans"
    folder.mkdir()
    (folder / "09-testing.md").write_text(PLAN, encoding="utf-8")
    (folder / "dice.png").write_bytes(PNG_1X1)
    (folder / "01-first.md").write_text("# First plan\n\nHello.\n", encoding="utf-8")
    (folder / "notes.md").write_text("# not a lesson plan\n", encoding="utf-8")
    return folder


def test_each_plan_becomes_a_page_and_the_index_lists_them_in_order(plans, tmp_path):
    out = tmp_path / "handouts"
    handouts = render_all(plans, out)
    assert [h.target.name for h in handouts] == ["01-first.html", "09-testing.html"]
    assert sorted(p.name for p in out.iterdir()) == ["01-first.html", "09-testing.html",
                                                      "index.html"]
    index = parse((out / "index.html").read_text())
    assert index.links == ["01-first.html", "09-testing.html"]
    assert "Lesson plan 09 · Testing the handouts" in "".join(index.text)


def test_page_renders_markdown_and_is_printable(plans, tmp_path):
    render_all(plans, tmp_path / "out")
    page = (tmp_path / "out" / "09-testing.html").read_text()
    assert "<title>Lesson plan 09 · Testing the handouts</title>" in page
    assert "<table>" in page and "<th>min</th>" in page and "<td>roll two dice</td>" in page
    assert "<strong>table</strong>" in page
    assert "@media print" in page and "@page" in page
    assert 'a[href^="http"]::after' in page  # link addresses are printed on paper
    assert "font-size: 19px" in page  # large type on screen


def test_page_needs_nothing_from_the_internet(plans, tmp_path):
    render_all(plans, tmp_path / "out")
    page = (tmp_path / "out" / "09-testing.html").read_text()
    resources = parse(page)
    assert external(resources) == []
    assert any(url.startswith("data:image/png;base64,") for url in resources.fetched)
    assert "picture: remote" in page  # a remote picture is named, not fetched
    assert "<script" not in page  # raw HTML from a plan is shown as text
    assert "&lt;script&gt;" in page
    assert "@import" not in page and "url(" not in page


def test_title_comes_from_the_first_heading_else_the_file_name():
    assert plan_title("intro\n# Lesson *one*\n## Goals\n", "x") == "Lesson one"
    assert plan_title("no heading here\n", "02-plan") == "02-plan"


def test_command_line_writes_pages_and_refuses_bad_folders(plans, tmp_path, capsys):
    out = tmp_path / "cli"
    assert main([str(plans), str(out)]) == 0
    assert "09-testing.html" in capsys.readouterr().out
    assert (out / "index.html").exists()
    assert main([str(tmp_path / "missing"), str(out)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main([str(empty), str(out)]) == 2
    assert "No lesson plans" in capsys.readouterr().err


def test_the_course_lesson_plans_render_self_contained(tmp_path):
    folder = REPO / "lesson-plans"
    plans = sorted(folder.glob("[0-9][0-9]-*.md")) if folder.is_dir() else []
    # The course has lesson plans now: none found must fail, not skip silently.
    assert plans, "no lesson plans lesson-plans/NN-*.md found: nothing to render"
    handouts = render_all(folder, tmp_path)
    assert len(handouts) == len(plans)
    for handout in handouts:
        resources = parse(handout.target.read_text())
        assert external(resources) == [], handout.source.name
        assert handout.title != handout.source.stem, f"{handout.source.name} has no # title"


def test_every_handout_and_the_index_carry_the_licence_and_the_publishers_notice(tmp_path):
    render_all(REPO / "lesson-plans", tmp_path)
    pages = sorted(tmp_path.glob("*.html"))
    assert len(pages) >= 2
    for path in pages:
        footer = "".join(parse(path.read_text().split("<footer>", 1)[1]).text)
        assert "CC BY 4.0" in footer and "creativecommons.org/licenses/by/4.0/" in footer, \
            path.name
        assert "HABA" in footer and "Hasbro" in footer, path.name
        assert "No rulebook text or artwork is reproduced" in footer, path.name
    # the licence the handouts name is the one in the repository's content licence file
    assert "Attribution 4.0 International" in (REPO / "LICENSE-CONTENT.md").read_text()
