"""Handouts: from the course folder, every lesson's plan, worksheet and answer key, the unit
test and its mark scheme, and an index; self-contained pages; a bad source refused by name."""

from __future__ import annotations

import base64
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from haba_lessons.catalog import notebooks
from haba_lessons.errors import DataFileError
from haba_lessons.handouts import build_handouts, main
from haba_lessons.handouts.notebook_exercises import describe_key, read_exercises
from haba_lessons.handouts.page import formula_to_text, markdown_to_html
from haba_lessons.handouts.plans import plan_title, stated_minutes
from haba_lessons.handouts.sources import load_unit_test, load_worksheet

REPO = Path(__file__).resolve().parents[1]
LESSONS = [entry for entry in notebooks() if entry.kind == "lesson"]
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


class Resources(HTMLParser):
    """Collects what a page would fetch (src/href of img, script, link, ...), links, text."""

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


def text_of(html: str) -> str:
    return " ".join("".join(parse(html).text).split())


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    build_handouts(REPO, out)
    return out


@pytest.fixture
def course(tmp_path) -> Path:
    """A copy of the course's sources, to break one at a time."""
    for folder in ("notebooks", "lesson-plans", "worksheets"):
        shutil.copytree(REPO / folder, tmp_path / "course" / folder)
    return tmp_path / "course"


def expected_names() -> set[str]:
    names = {"index.html", "unit-test.html", "unit-test-mark-scheme.html"}
    for entry in notebooks():
        if entry.kind == "lesson":
            names |= {f"{entry.stem}{suffix}.html"
                      for suffix in ("", "-worksheet", "-answer-key")}
        elif (REPO / "lesson-plans" / f"{entry.stem}.md").is_file():
            names.add(f"{entry.stem}.html")
    catalog = {entry.number for entry in LESSONS}
    for source in REPO.glob("worksheets/[0-9][0-9].toml"):
        if source.stem not in catalog:
            names |= {f"{source.stem}-worksheet.html", f"{source.stem}-answer-key.html"}
    return names


# --- what is built -------------------------------------------------------------------------

def test_every_lesson_gets_a_plan_a_worksheet_and_an_answer_key_and_the_unit_test(built):
    assert {path.name for path in built.iterdir()} == expected_names()
    index = parse((built / "index.html").read_text())
    assert sorted(index.links) == sorted(expected_names() - {"index.html"})


def test_a_worksheet_has_the_notebooks_exercises_and_the_by_hand_questions(built):
    for entry in LESSONS:
        text = text_of((built / f"{entry.stem}-worksheet.html").read_text())
        exercises = read_exercises(REPO / "notebooks" / entry.file)
        for exercise in exercises:
            assert f"Exercise {exercise.number} " in text
            first_words = " ".join(text_of(markdown_to_html(exercise.statement)).split()[:6])
            assert first_words in text, (entry.number, exercise.number)
        for question in load_worksheet(REPO / "worksheets" / f"{entry.number}.toml").questions:
            assert " ".join(text_of(markdown_to_html(question.text)).split()[:6]) in text
        assert "Name" in text and "Answer:" not in text and "Self-check" not in text


def test_an_answer_key_has_every_solution_and_every_self_checks_key(built):
    for entry in LESSONS:
        page = (built / f"{entry.stem}-answer-key.html").read_text()
        text = text_of(page)
        for exercise in read_exercises(REPO / "notebooks" / entry.file):
            for solution in exercise.solutions:
                if solution.cell_type == "code":
                    first_line = " ".join(solution.source.strip().splitlines()[0].split())
                    assert first_line in text, exercise.id
            if exercise.key is not None:
                assert f'check("{exercise.check_id}", ...)' in text
                assert " ".join(describe_key(exercise.key, exercise.options).split()) in text
        for question in load_worksheet(REPO / "worksheets" / f"{entry.number}.toml").questions:
            assert f"Answer: {text_of(markdown_to_html(question.answer))}" in text


def test_the_unit_test_shows_marks_and_no_answers_and_the_mark_scheme_every_answer(built):
    test = load_unit_test(REPO / "worksheets" / "unit-test.toml")
    paper = text_of((built / "unit-test.html").read_text())
    scheme = text_of((built / "unit-test-mark-scheme.html").read_text())
    assert f"Time: {test.minutes} minutes · Total: {test.marks} marks." in paper
    assert "Answer:" not in paper
    for question in test.questions:
        assert f"Question {question.id} · {question.game} [{question.marks} marks]" in paper
        for part in question.parts:
            assert f"({part.id[-1]})" in paper
            assert f"Answer: {text_of(markdown_to_html(part.answer))}" in scheme
    for description in test.objectives.values():
        assert description in scheme


def test_the_key_says_what_each_kind_of_self_check_accepts():
    from fractions import Fraction

    from haba_lessons.exercises import approx, choice, exact, function, holds
    assert describe_key(exact(Fraction(5, 18))) == "exactly 5/18 ≈ 0.2778."
    assert describe_key(exact(27)) == "exactly 27."
    assert describe_key(approx(0.5, 0.01)) == ("any number within 0.01 of 0.5 (a simulated "
                                               "estimate).")
    assert "“space 6”, “6”" in describe_key(choice("space 6 | 6"))
    assert describe_key(choice("space 6 | 6"), ("space 1", "Space-6")).startswith(
        "the words “Space-6”, “6” (")             # the option as offered, then the others
    assert "(7, 2)" in describe_key(function(lambda a, b: a, [(7, 2)]))
    assert "round up" in describe_key(holds(lambda n: n > 3, "round up."))


def test_every_page_is_self_contained_and_carries_the_licence_and_the_notice(built):
    for path in sorted(built.glob("*.html")):
        html = path.read_text()
        assert [url for url in parse(html).fetched if not url.startswith("data:")] == [], \
            path.name
        assert "<script" not in html and "@import" not in html and "url(" not in html
        footer = text_of(html.split("<footer>", 1)[1])
        assert "CC BY 4.0" in footer and "creativecommons.org/licenses/by/4.0/" in footer, \
            path.name
        assert "HABA" in footer and "Hasbro" in footer, path.name
    assert "Attribution 4.0 International" in (REPO / "LICENSE-CONTENT.md").read_text()


def test_no_formula_is_printed_as_latex(built):
    for path in sorted(built.glob("*-worksheet.html")) + sorted(built.glob("*answer-key.html")):
        prose = re.sub(r"<pre>.*?</pre>|<code>.*?</code>", "", path.read_text(), flags=re.S)
        assert re.findall(r"\\[A-Za-z]+|\$", text_of(prose)) == [], path.name


# --- pieces ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("latex", "text"), [
    (r"\frac{5}{18}", "5/18"), (r"\tfrac12", "1/2"), (r"1-(1-r)^k", "1-(1-r)ᵏ"),
    (r"\binom{48}{5}/\binom{52}{5}", "C(48, 5)/C(52, 5)"), (r"E_{n-1} = 0", "Eₙ₋₁ = 0"),
    (r"P(\text{sum} \ge 10)", "P(sum ≥ 10)"), (r"2 \times 1.96 \times \sqrt{p(1-p)/n}",
                                               "2 × 1.96 × √(p(1-p)/n)"),
    (r"\frac{x + 1}{2}", "(x + 1)/2"), (r"6^{\text{dice}}", "6^(dice)"), (r"3\sqrt{2}", "3√2"),
    (r"\hat p \pm 1.96", "p\u0302 ± 1.96"),
])
def test_a_formula_prints_as_plain_text(latex, text):
    assert formula_to_text(latex) == text


def test_markdown_renders_tables_images_and_escapes_raw_html(tmp_path):
    (tmp_path / "dice.png").write_bytes(PNG_1X1)
    html = markdown_to_html("| a | b |\n|---|---|\n| 1 | 2 |\n\n**bold** <script>x</script> "
                            "![two dice](dice.png) ![far](https://example.org/x.png) "
                            "$\\frac{1}{6}$ and `$kept$`", tmp_path)
    assert "<table>" in html and "<strong>bold</strong>" in html
    assert "<script" not in html and "&lt;script&gt;" in html
    assert 'src="data:image/png;base64,' in html and "picture: far" in html
    assert "1/6" in html and "$kept$" in html


def test_a_plans_title_and_its_stated_duration():
    assert plan_title("intro\n# Lesson *one*\n## Goals\n", "x") == "Lesson one"
    assert plan_title("no heading here\n", "02-plan") == "02-plan"
    assert stated_minutes("# P\n*One 45-minute period.*\n## Plan\n| 0-5 min |") == [45]
    assert stated_minutes("# P\nNotebook · 90 minutes\n") == [90]
    assert stated_minutes("# P\n## Goals\nA 45-minute period\n") == []   # not in the opening


# --- bad sources: one clear message, nothing written ------------------------------------------

def refused(course: Path, out: Path) -> str:
    with pytest.raises(DataFileError) as error:
        build_handouts(course, out)
    assert not out.exists(), "a refused build must write nothing"
    return str(error.value)


def test_a_question_without_its_answer_is_refused_by_file_and_question(course, tmp_path):
    source = course / "worksheets" / "03.toml"
    source.write_text(source.read_text().replace('answer = "13"\n', "", 1))
    message = refused(course, tmp_path / "out")
    assert str(source) in message and "03.B" in message and "missing answer" in message


def test_a_notebook_exercise_without_a_solution_is_refused_by_notebook_and_exercise(course,
                                                                                     tmp_path):
    path = course / "notebooks" / "04-quiet-as-a-mouse.ipynb"
    notebook = json.loads(path.read_text())
    for cell in notebook["cells"]:
        if "solution" in cell["metadata"].get("tags", []) and "answer_2" in "".join(
                cell["source"]):
            cell["metadata"]["tags"].remove("solution")
    path.write_text(json.dumps(notebook))
    message = refused(course, tmp_path / "out")
    assert str(path) in message and "exercise 2 has no key" in message


def test_a_self_check_without_an_answer_key_is_refused(course, tmp_path):
    path = course / "notebooks" / "04-quiet-as-a-mouse.ipynb"
    path.write_text(path.read_text().replace('check(\\"04.3\\", answer_3)',
                                             'check(\\"04.9\\", answer_3)'))
    message = refused(course, tmp_path / "out")
    assert str(path) in message and "exercise 3" in message and "04.9" in message


def test_a_catalog_lesson_without_a_worksheet_source_is_refused(course, tmp_path):
    (course / "worksheets" / "05.toml").unlink()
    message = refused(course, tmp_path / "out")
    assert "worksheets/05.toml" in message and "05-meow-meow.ipynb" in message


def with_opening(plan: Path, edit) -> None:
    """Edit a plan's opening lines (before its first ## section)."""
    opening, rest = plan.read_text().split("\n## ", 1)
    plan.write_text(edit(opening) + "\n## " + rest)


def test_a_plan_without_a_stated_duration_is_refused(course, tmp_path):
    plan = course / "lesson-plans" / "02-best-two-of-k.md"
    with_opening(plan, lambda text: re.sub(r"\d+[ -]minutes?", "one-period", text))
    message = refused(course, tmp_path / "out")
    assert str(plan) in message and "states no duration" in message and "45" in message


def test_a_plan_whose_duration_is_not_the_catalogs_is_refused(course, tmp_path):
    plan = course / "lesson-plans" / "02-best-two-of-k.md"
    with_opening(plan, lambda text: re.sub(r"45([ -]minutes?)", r"50\1", text))
    message = refused(course, tmp_path / "out")
    assert str(plan) in message and "states 50 minutes" in message


@pytest.mark.parametrize(("edit", "words"), [
    (lambda t: t.replace('title = "End', 'title = End', 1), "not valid TOML"),
    (lambda t: t.replace("marks = 1\n", "marks = 1\ncolour = \"red\"\n", 1),
     "unknown field colour"),
    (lambda t: t.replace('objectives = ["bayes"]', 'objectives = ["probability"]'),
     "unknown objective probability"),
    (lambda t: t.replace('objectives = ["bayes"]', 'objectives = ["binomial"]'),
     "no question tests the objective bayes"),
    (lambda t: t.replace("marks = 3\n", "marks = 0\n", 1), "marks must be 1 to 10"),
])
def test_a_broken_unit_test_is_refused_with_what_is_wrong(course, tmp_path, edit, words):
    source = course / "worksheets" / "unit-test.toml"
    source.write_text(edit(source.read_text()))
    message = refused(course, tmp_path / "out")
    assert str(source) in message and words in message


def test_a_folder_that_is_not_the_course_is_refused(tmp_path):
    assert "is not a folder" in refused(tmp_path / "missing", tmp_path / "out")
    (tmp_path / "empty").mkdir()
    assert "no notebooks/ folder" in refused(tmp_path / "empty", tmp_path / "out")


def test_the_lesson_plans_folder_names_its_course(tmp_path):
    written = build_handouts(REPO / "lesson-plans", tmp_path / "out")
    assert {path.name for path in written} == expected_names()


def test_the_command_prints_what_it_wrote_or_one_sentence(tmp_path, capsys):
    assert main([str(REPO), str(tmp_path / "out")]) == 0
    printed = capsys.readouterr().out.split()
    assert {Path(line).name for line in printed} == expected_names()
    assert main([str(tmp_path / "nope"), str(tmp_path / "out2")]) == 2
    error = capsys.readouterr().err.strip()
    assert "is not a folder" in error and "\n" not in error
    assert not (tmp_path / "out2").exists()


def test_a_coming_lesson_gets_its_notebooks_exercises_once_it_is_in_the_catalog(
        course, tmp_path, monkeypatch):
    import nbformat

    from haba_lessons.catalog import Notebook
    from haba_lessons.handouts import build

    lesson = Notebook("06", "06-conditional-probability.ipynb", "lesson", "Conditional "
                      "probability", "Meow Meow", "?", "P(A | B)", "Y10-11", 45)
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 06 · Conditional probability"),
        nbformat.v4.new_markdown_cell("**Exercise 1 ★ (explain in words)** Why is "
                                      "P(A | B) not P(B | A) here?"),
        nbformat.v4.new_markdown_cell("*Solution.* Because the zebra condition differs.",
                                      metadata={"tags": ["solution"]})])
    nbformat.write(notebook, course / "notebooks" / lesson.file)
    (course / "lesson-plans" / f"{lesson.stem}.md").write_text(
        "# Lesson plan 06\n\nOne 45-minute period.\n\n## Goals\n")
    monkeypatch.setattr(build, "notebooks", lambda: (*notebooks(), lesson))
    build_handouts(course, tmp_path / "out")
    worksheet = text_of((tmp_path / "out" / f"{lesson.stem}-worksheet.html").read_text())
    key = text_of((tmp_path / "out" / f"{lesson.stem}-answer-key.html").read_text())
    assert "Why is P(A | B) not P(B | A) here?" in worksheet and "zebra" not in worksheet
    assert "zebra condition" in key
    assert "Tree diagram" in worksheet or "tree diagram" in worksheet   # the by-hand questions
    assert not (tmp_path / "out" / "06-worksheet.html").exists()
