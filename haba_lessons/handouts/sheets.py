"""The worksheet, the answer key, the unit test and its mark scheme, as HTML pages.

A student's page (worksheet, unit test) shows the questions and space to write, never an
answer; the teacher's page (answer key, mark scheme) repeats each question with its answer
and its working.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..i18n import N_, _, ngettext
from .notebook_exercises import Exercise, describe_key, exercise_word
from .page import h2, markdown_to_html, nav, page
from .sources import Question, UnitTest, Worksheet


def name_fields() -> str:
    """The lines a student writes their name, class and date on."""
    return ('<div class="fields">'
            + "".join(f"<span>{html.escape(word)}</span>"
                      for word in (_("Name"), _("Class"), _("Date")))
            + "</div>\n")


#: Lines of writing space for a notebook exercise, by the kind its heading names (the
#: kinds are matched in the language in use: a translated notebook names them translated).
SPACE_BY_KIND = {N_("by hand"): 6, N_("explain in words"): 5, N_("write code"): 5,
                 N_("predict, then check"): 4, "predict-then-check": 4}
DEFAULT_SPACE = 5
WORKSHEET_INTRO = N_(
    "Write your answers in the boxes. Give probabilities as exact fractions unless a "
    "question asks for a decimal, and show your working. An exercise marked *write code* or "
    "*check* is finished in the notebook: write your plan, your prediction or your result "
    "here.")


def _space(lines: int) -> str:
    return (f'<div class="space">{"<div></div>" * lines}</div>\n') if lines else ""


def _space_for(exercise: Exercise) -> int:
    kind = exercise.kind.lower()
    return next((lines for name, lines in SPACE_BY_KIND.items()
                 if kind.startswith(_(name).lower())), DEFAULT_SPACE)


def exercise_label(exercise: Exercise) -> str:
    """``Exercise 3 ★★ (write code)``, as the notebook heads it."""
    kind = f" ({exercise.kind})" if exercise.kind else ""
    return f"{exercise_word()} {exercise.number} {exercise.stars}".rstrip() + kind


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
    body = [_heading(_("Worksheet"), number, title, sheet.topic), name_fields(),
            markdown_to_html(_(WORKSHEET_INTRO))]
    if note:
        body.append(f"<p><em>{html.escape(note)}</em></p>\n")
    if exercises:
        body.append(h2(_("Exercises from the notebook")))
        for exercise in exercises:
            body.append(_item(_statement(exercise_label(exercise), exercise.statement),
                              _space(_space_for(exercise))))
    body.append(h2(_("By hand")))
    for question in sheet.questions:
        body.append(_item(_statement(f"{question.id[-1]}.", question.text),
                          _space(question.lines)))
    return page(_("Worksheet {number} · {title}").format(number=number, title=title),
                "".join(body), nav=nav(),
                footer=html.escape(_("haba_lessons · worksheet {number} (no answers) · source "
                                     "{source}").format(number=number,
                                                        source=sheet.source.name)))


def _solution_html(exercise: Exercise) -> str:
    parts = []
    for solution in exercise.solutions:
        if solution.cell_type == "markdown":
            parts.append(markdown_to_html(solution.source))
        else:
            parts.append(f"<pre><code>{html.escape(solution.source.rstrip())}</code></pre>\n")
    if exercise.key is not None:
        accepts = html.escape(describe_key(exercise.key, exercise.options))
        parts.append('<p class="key">' + html.escape(_("Self-check {check} accepts {what}"))
                     .format(check=f'<code>check("{exercise.check_id}", ...)</code>',
                             what=accepts) + "</p>\n")
    else:
        parts.append('<p class="key">' + html.escape(_(
            "Answered in words: no self-check; the solution above is a model answer.")) +
            "</p>\n")
    return "".join(parts)


def _answer_html(question: Question) -> str:
    answer = _("Answer:")
    return (f'<div class="answer">{markdown_to_html(f"**{answer}** {question.answer}")}'
            f"{markdown_to_html(question.working)}</div>\n")


def answer_key_page(number: str, title: str, sheet: Worksheet,
                    exercises: Sequence[Exercise]) -> str:
    """The teacher's key to the worksheet: worked solutions and the self-checks' keys."""
    body = [_heading(_("Answer key"), number, title, sheet.topic),
            '<p class="teacher">' + html.escape(_(
                "For the teacher: the answers to worksheet {number}. Do not hand this page "
                "out.").format(number=number)) + "</p>\n"]
    if exercises:
        body.append(h2(_("Exercises from the notebook")))
        for exercise in exercises:
            body.append(_item(_statement(exercise_label(exercise), exercise.statement),
                              f'<div class="answer">{_solution_html(exercise)}</div>\n'))
    body.append(h2(_("By hand")))
    for question in sheet.questions:
        body.append(_item(_statement(f"{question.id[-1]}.", question.text),
                          _answer_html(question)))
    return page(_("Answer key {number} · {title}").format(number=number, title=title),
                "".join(body), nav=nav(),
                footer=html.escape(_("haba_lessons · answer key {number} (for the teacher) · "
                                     "source {source}").format(number=number,
                                                               source=sheet.source.name)))


def _part_label(part: Question) -> str:
    return f"({part.id[-1]})"


def _marks(marks: int) -> str:
    words = ngettext("{n} mark", "{n} marks", marks).format(n=marks)
    return f'<span class="marks">[{html.escape(words)}]</span>'


def unit_test_page(test: UnitTest) -> str:
    """The end-of-unit test as the students get it: questions, marks, space; no answers."""
    time = _("Time: {minutes} minutes · Total: {marks} marks.").format(
        minutes=test.minutes, marks=test.marks)
    body = [f"<h1>{html.escape(test.title)}</h1>\n", name_fields(),
            f"<p><strong>{html.escape(time)}</strong> </p>\n",
            markdown_to_html(test.instructions)]
    for question in test.questions:
        body.append(_question_heading(question))
        body.append(markdown_to_html(question.text))
        for part in question.parts:
            body.append(_item(f'<div class="question">{_marks(part.marks)}'
                              f'{markdown_to_html(f"**{_part_label(part)}** {part.text}")}'
                              "</div>\n", _space(part.lines)))
    return page(test.title, "".join(body), nav=nav(),
                footer=html.escape(_("haba_lessons · unit test ({minutes} minutes, {marks} "
                                     "marks) · source {source}").format(
                    minutes=test.minutes, marks=test.marks, source=test.source.name)))


def _question_heading(question) -> str:
    heading = _("Question {id} · {game}").format(id=question.id, game=question.game)
    return f"<h2>{html.escape(heading)} {_marks(question.marks)}</h2>\n"


def mark_scheme_page(test: UnitTest) -> str:
    """The mark scheme: for every part its answer, its marks and how they are earned."""
    rows = "".join(
        f"<tr><td>{html.escape(text)}</td><td>"
        + ", ".join(q.id for q in test.questions if name in q.objectives) + "</td></tr>\n"
        for name, text in test.objectives.items())
    title = _("Mark scheme · {title}").format(title=test.title)
    marks = _("{minutes} minutes, {marks} marks. M: a method mark, for a correct method even "
              "with a slip; A: an accuracy mark, for the right answer after a correct method; "
              "B: a mark for a correct statement or value on its own. Follow through a wrong "
              "earlier answer used correctly.").format(minutes=test.minutes, marks=test.marks)
    body = [f"<h1>{html.escape(title)}</h1>\n",
            '<p class="teacher">' + html.escape(_(
                "For the teacher: answers and marks. Do not hand this page out.")) + "</p>\n",
            f"<p>{html.escape(marks)}</p>\n",
            h2(_("What each question tests")),
            "<table><tr><th>" + html.escape(_("objective")) + "</th><th>"
            + html.escape(_("questions")) + f"</th></tr>\n{rows}</table>\n"]
    for question in test.questions:
        body.append(_question_heading(question))
        body.append(f'<div class="key">{markdown_to_html(question.text)}</div>\n')
        for part in question.parts:
            body.append(_item(f'<div class="question">{_marks(part.marks)}'
                              f'{markdown_to_html(f"**{_part_label(part)}** {part.text}")}'
                              "</div>\n", _answer_html(part)))
    return page(title, "".join(body), nav=nav(),
                footer=html.escape(_("haba_lessons · mark scheme (for the teacher) · source "
                                     "{source}").format(source=test.source.name)))
