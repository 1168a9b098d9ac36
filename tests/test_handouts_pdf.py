"""The handouts as PDFs, printed by Debian's Chromium and read back with pypdf: one per page,
the licence line at the foot of every printed page, and each lesson plan no longer than the
README promises.

Without /usr/bin/chromium these tests skip with the reason; with CI=true they fail.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pytest

from haba_lessons.catalog import notebooks
from haba_lessons.handouts import build_handouts
from haba_lessons.handouts.plans import pages_promised
from haba_lessons.pdf_export import CHROMIUM

pypdf = pytest.importorskip("pypdf")
pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> Path:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} not found: install Debian's chromium package to print PDFs"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {reason}", pytrace=False)
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("printed")
    build_handouts(REPO, out, pdf=True)
    return out


def page_texts(path: Path) -> list[str]:
    return [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split())
            for page in pypdf.PdfReader(path).pages]


def test_every_handout_page_has_its_pdf_and_the_index_links_them(printed):
    pages = {p.stem for p in printed.glob("*.html")} - {"index"}
    assert {p.stem for p in printed.glob("*.pdf")} == pages
    index = (printed / "index.html").read_text()
    assert all(f'href="{name}.pdf"' in index for name in pages)


def test_every_printed_page_carries_the_licence_line_and_its_number(printed):
    for path in sorted(printed.glob("*.pdf")):
        texts = page_texts(path)
        for number, text in enumerate(texts, start=1):
            assert "CC BY 4.0" in text and "creativecommons.org/licenses/by/4.0" in text, \
                f"{path.name}, page {number}"
            assert f"page {number} of {len(texts)}" in text, f"{path.name}, page {number}"


def test_a_worksheet_prints_its_questions_and_the_mark_scheme_its_answers(printed):
    worksheet = " ".join(page_texts(printed / "04-quiet-as-a-mouse-worksheet.pdf"))
    assert "Exercise 1" in worksheet and "different colours" in worksheet
    assert "Answer:" not in worksheet
    scheme = " ".join(page_texts(printed / "unit-test-mark-scheme.pdf"))
    assert "Answer: 43/216" in scheme and "Answer: 35673/54145 ≈ 0.659" in scheme


PLANS = [entry for entry in notebooks() if (REPO / "lesson-plans" / f"{entry.stem}.md").is_file()]


@pytest.mark.parametrize("entry", PLANS, ids=[entry.number for entry in PLANS])
def test_a_lesson_plan_prints_to_no_more_pages_than_the_readme_promises(printed, entry):
    pages = len(pypdf.PdfReader(printed / f"{entry.stem}.pdf").pages)
    assert pages <= pages_promised(README, entry.minutes), f"{entry.stem}: {pages} pages"


def test_the_readme_promise_is_read_as_written():
    assert pages_promised(README, 45) == 1 and pages_promised(README, 90) == 2
    assert pages_promised(README, 15) == 1
