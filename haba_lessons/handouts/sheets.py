"""The worksheet, the answer key, the unit test and its mark scheme, as HTML pages.

A student's page (worksheet, unit test) shows the questions and space to write, never an
answer; the teacher's page (answer key, mark scheme) repeats each question with its answer
and its working.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from .notebook_exercises import Exercise, describe_key
from .page import markdown_to_html, page
from .sources import Question, UnitTest, Worksheet

NAV = '<a href="index.html">All handouts</a>'
NAME_FIELDS = ('<div class="fields"><span>Name</span><span>Class</span><span>Date</span>'
               "</div>\n")
#: Lines of writing space for a notebook exercise, by the kind its heading names.
SPACE_BY_KIND = {"by hand": 6, "explain in words": 5, "write code": 5,
                 "predict, then check": 4, "predict-then-check": 4}
DEFAULT_SPACE = 5
WORKSHEET_INTRO = (
    "Write your answers in the boxes. Give probabilities as exact fractions unless a "
    "question asks for a decimal, and show your working. An exercise marked *write code* or "
    "*check* is finished in the notebook: write your plan, your prediction or your result "
    "here.")


def _space(lines: int) -> str:
    return (f'<div class="space">{"<div></div>" * lines}</div>\n') if lines else ""


def _space_for(exercise: Exercise) -> int:
    kind = exercise.kind.lower()
    return next((lines for name, lines in SPACE_BY_KIND.items() if kind.startswith(name)),
                DEFAULT_SPACE)


def exercise_label(exercise: Exercise) -> str:
    """``Exercise 3 ★★ (write code)``, as the notebook heads it."""
    kind = f" ({exercise.kind})" if exercise.kind else ""
    return f"Exercise {exercise.number} {exercise.stars}".rstrip() + kind


def _statement(label: str, markdown: str) -> str:
    return f'<div class="question">{markdown_to_html(f"**{label}** {markdown}")}</div>\n'


def _item(*parts: str) -> str:
    """A question kept on one page with its space or its answer."""
    return f'<div class="item">{"".join(parts)}</div>\n'


def _heading(kind: str, number: str, title: str, topic: str) -> str:
    subtitle = f'<p class="kind">{html.escape(topic)}</p>\n' if topic != title else ""
    return f"<h1>{kind} {html.escape(number)} · {html.escape(title)}</h1>\n{subtitle}"


def worksheet_page(number: str, title: str, sheet: Worksheet,
                   exercises: Sequence[Exercise], note: str = "") -> str:
    """A student's worksheet: the notebook's exercises, then the by-hand questions."""
    body = [_heading("Worksheet", number, title, sheet.topic), NAME_FIELDS,
            markdown_to_html(WORKSHEET_INTRO)]
    if note:
        body.append(f"<p><em>{html.escape(note)}</em></p>\n")
    if exercises:
        body.append("<h2>Exercises from the notebook</h2>\n")
        for exercise in exercises:
            body.append(_item(_statement(exercise_label(exercise), exercise.statement),
                              _space(_space_for(exercise))))
    body.append("<h2>By hand</h2>\n")
    for question in sheet.questions:
        body.append(_item(_statement(f"{question.id[-1]}.", question.text),
                          _space(question.lines)))
    return page(f"Worksheet {number} · {title}", "".join(body), nav=NAV,
                footer=f"haba_lessons · worksheet {html.escape(number)} (no answers) · "
                       f"source {html.escape(sheet.source.name)}")


def _solution_html(exercise: Exercise) -> str:
    parts = []
    for solution in exercise.solutions:
        if solution.cell_type == "markdown":
            parts.append(markdown_to_html(solution.source))
        else:
            parts.append(f"<pre><code>{html.escape(solution.source.rstrip())}</code></pre>\n")
    if exercise.key is not None:
        parts.append(f'<p class="key">Self-check <code>check("{exercise.check_id}", ...)'
                     f"</code> accepts {html.escape(describe_key(exercise.key, exercise.options))}</p>\n")
    else:
        parts.append('<p class="key">Answered in words: no self-check; the solution above '
                     "is a model answer.</p>\n")
    return "".join(parts)


def _answer_html(question: Question) -> str:
    return (f'<div class="answer">{markdown_to_html(f"**Answer:** {question.answer}")}'
            f"{markdown_to_html(question.working)}</div>\n")


def answer_key_page(number: str, title: str, sheet: Worksheet,
                    exercises: Sequence[Exercise]) -> str:
    """The teacher's key to the worksheet: worked solutions and the self-checks' keys."""
    body = [_heading("Answer key", number, title, sheet.topic),
            '<p class="teacher">For the teacher: the answers to worksheet '
            f"{html.escape(number)}. Do not hand this page out.</p>\n"]
    if exercises:
        body.append("<h2>Exercises from the notebook</h2>\n")
        for exercise in exercises:
            body.append(_item(_statement(exercise_label(exercise), exercise.statement),
                              f'<div class="answer">{_solution_html(exercise)}</div>\n'))
    body.append("<h2>By hand</h2>\n")
    for question in sheet.questions:
        body.append(_item(_statement(f"{question.id[-1]}.", question.text),
                          _answer_html(question)))
    return page(f"Answer key {number} · {title}", "".join(body), nav=NAV,
                footer=f"haba_lessons · answer key {html.escape(number)} (for the teacher) · "
                       f"source {html.escape(sheet.source.name)}")


def _part_label(part: Question) -> str:
    return f"({part.id[-1]})"


def _marks(marks: int) -> str:
    return f'<span class="marks">[{marks} mark{"s" if marks != 1 else ""}]</span>'


def unit_test_page(test: UnitTest) -> str:
    """The end-of-unit test as the students get it: questions, marks, space; no answers."""
    body = [f"<h1>{html.escape(test.title)}</h1>\n", NAME_FIELDS,
            f"<p><strong>Time: {test.minutes} minutes · Total: {test.marks} marks.</strong> "
            "</p>\n", markdown_to_html(test.instructions)]
    for question in test.questions:
        body.append(f"<h2>Question {html.escape(question.id)} · "
                    f"{html.escape(question.game)} {_marks(question.marks)}</h2>\n")
        body.append(markdown_to_html(question.text))
        for part in question.parts:
            body.append(_item(f'<div class="question">{_marks(part.marks)}'
                              f'{markdown_to_html(f"**{_part_label(part)}** {part.text}")}'
                              "</div>\n", _space(part.lines)))
    return page(test.title, "".join(body), nav=NAV,
                footer=f"haba_lessons · unit test ({test.minutes} minutes, {test.marks} "
                       f"marks) · source {html.escape(test.source.name)}")


def mark_scheme_page(test: UnitTest) -> str:
    """The mark scheme: for every part its answer, its marks and how they are earned."""
    rows = "".join(
        f"<tr><td>{html.escape(text)}</td><td>"
        + ", ".join(q.id for q in test.questions if name in q.objectives) + "</td></tr>\n"
        for name, text in test.objectives.items())
    body = [f"<h1>Mark scheme · {html.escape(test.title)}</h1>\n",
            '<p class="teacher">For the teacher: answers and marks. Do not hand this page '
            "out.</p>\n",
            f"<p>{test.minutes} minutes, {test.marks} marks. M: a method mark, for a correct "
            "method even with a slip; A: an accuracy mark, for the right answer after a "
            "correct method; B: a mark for a correct statement or value on its own. Follow "
            "through a wrong earlier answer used correctly.</p>\n",
            "<h2>What each question tests</h2>\n<table><tr><th>objective</th>"
            f"<th>questions</th></tr>\n{rows}</table>\n"]
    for question in test.questions:
        body.append(f"<h2>Question {html.escape(question.id)} · "
                    f"{html.escape(question.game)} {_marks(question.marks)}</h2>\n")
        body.append(f'<div class="key">{markdown_to_html(question.text)}</div>\n')
        for part in question.parts:
            body.append(_item(f'<div class="question">{_marks(part.marks)}'
                              f'{markdown_to_html(f"**{_part_label(part)}** {part.text}")}'
                              "</div>\n", _answer_html(part)))
    return page(f"Mark scheme · {test.title}", "".join(body), nav=NAV,
                footer=f"haba_lessons · mark scheme (for the teacher) · source "
                       f"{html.escape(test.source.name)}")
