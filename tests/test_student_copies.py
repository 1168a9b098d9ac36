"""Student copies: solution cells blanked, everything else exactly as in the original."""

from __future__ import annotations

import copy

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from haba_lessons.student_copies import (
    CODE_PROMPT,
    MARKDOWN_PROMPT,
    blank_solutions,
    main,
    make_student_copies,
)


def lesson() -> nbformat.NotebookNode:
    """A small lesson: setup, a question, a code solution, a markdown solution, a check."""
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    setup = new_code_cell("from haba_lessons.course import setup\nrng = setup()",
                          execution_count=1)
    question = new_markdown_cell("**Exercise.** What is P(sum = 7) for two dice?")
    solution = new_code_cell("from haba_lessons.dice import sum_of_dice\nsum_of_dice(2, 6)[7]",
                             execution_count=2,
                             metadata={"tags": ["solution", "keep-me"]},
                             outputs=[new_output("execute_result", {"text/plain": "1/6"},
                                                 execution_count=2)])
    written = new_markdown_cell("Six of the 36 ordered pairs add to 7, so 1/6.",
                                metadata={"tags": ["solution"]})
    check = new_code_cell("assert 2 + 2 == 4", execution_count=3,
                          outputs=[new_output("stream", name="stdout", text="ok\n")])
    nb.cells = [setup, question, solution, written, check]
    return nb


def test_solution_code_cell_is_blanked_with_outputs_and_count_cleared():
    nb = lesson()
    assert blank_solutions(nb) == 2
    code = nb.cells[2]
    assert code.source == CODE_PROMPT
    assert code.outputs == []
    assert code.execution_count is None
    assert "sum_of_dice" not in nbformat.writes(nb)  # the answer is gone from the file


def test_solution_markdown_cell_is_blanked():
    nb = lesson()
    blank_solutions(nb)
    assert nb.cells[3].source == MARKDOWN_PROMPT
    assert "36 ordered pairs" not in nbformat.writes(nb)


def test_solution_tag_becomes_answer_and_other_tags_stay():
    nb = lesson()
    blank_solutions(nb)
    assert nb.cells[2].metadata["tags"] == ["keep-me", "answer"]
    assert nb.cells[3].metadata["tags"] == ["answer"]


def test_cells_without_the_tag_are_untouched():
    original = lesson()
    nb = copy.deepcopy(original)
    blank_solutions(nb)
    for i in (0, 1, 4):
        assert nb.cells[i] == original.cells[i]
    assert len(nb.cells) == len(original.cells)
    assert nb.metadata == original.metadata


def test_blanking_twice_changes_nothing_more():
    nb = lesson()
    blank_solutions(nb)
    once = copy.deepcopy(nb)
    assert blank_solutions(nb) == 0
    assert nb == once


def test_copies_of_a_folder_keep_names_skip_other_files_and_leave_the_source(tmp_path):
    source, target = tmp_path / "notebooks", tmp_path / "student"
    source.mkdir()
    nbformat.write(lesson(), source / "01-dice.ipynb")
    nbformat.write(new_notebook(cells=[new_code_cell("1 + 1")]), source / "02-plain.ipynb")
    nbformat.write(lesson(), source / "scratch.ipynb")  # not an NN-title notebook
    before = (source / "01-dice.ipynb").read_bytes()

    report = make_student_copies(source, target)

    assert [(c.name, c.status, c.blanked) for c in report] == [
        ("01-dice.ipynb", "written", 2), ("02-plain.ipynb", "written", 0)]
    assert sorted(p.name for p in target.iterdir()) == ["01-dice.ipynb", "02-plain.ipynb"]
    assert (source / "01-dice.ipynb").read_bytes() == before
    copy_ = nbformat.read(target / "01-dice.ipynb", as_version=4)
    nbformat.validate(copy_)
    assert copy_.cells[2].source == CODE_PROMPT
    assert copy_.cells[4].outputs[0]["text"] == "ok\n"  # stored outputs kept for nbval


def test_command_line_reports_counts_and_refuses_a_missing_folder(tmp_path, capsys):
    (tmp_path / "nb").mkdir()
    nbformat.write(lesson(), tmp_path / "nb" / "03-x.ipynb")
    assert main([str(tmp_path / "nb"), str(tmp_path / "out")]) == 0
    assert "03-x.ipynb: written, 2 solutions blanked" in capsys.readouterr().out
    assert main([str(tmp_path / "missing"), str(tmp_path / "out")]) == 2
    assert "is not a folder of notebooks" in capsys.readouterr().err


def test_a_solution_with_a_student_prompt_gets_that_prompt():
    nb = lesson()
    nb.cells[2].metadata["student_prompt"] = "answer_1 = ...  # a Fraction"
    blank_solutions(nb)
    assert nb.cells[2].source == "answer_1 = ...  # a Fraction\n"
    assert "student_prompt" not in nb.cells[2].metadata


def test_a_check_cell_loses_its_verdict_and_is_not_compared_in_the_copy():
    nb = lesson()
    nb.cells[4].metadata["tags"] = ["check"]
    original_source = nb.cells[4].source
    blank_solutions(nb)
    check = nb.cells[4]
    assert check.source == original_source
    assert check.outputs == [] and check.execution_count is None
    assert check.metadata["tags"] == ["check", "nbval-ignore-output"]


def test_an_untagged_cell_after_a_solution_keeps_its_output():
    nb = lesson()
    blank_solutions(nb)
    assert nb.cells[4].outputs[0]["text"] == "ok\n"
    assert "tags" not in nb.cells[4].metadata
