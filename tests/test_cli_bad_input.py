"""The command line never prints a traceback for a classroom's mistakes, and never writes over
a student's copy (issue 16)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from haba_lessons import cli, student_copies
from haba_lessons.pdf_export import INSTALL_HINT, PdfExportError, read_notebook

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def course(tmp_path):
    """A course folder of two lessons, one with a solution."""
    (tmp_path / "notebooks").mkdir()
    lesson = new_notebook(cells=[new_code_cell("answer = 42", metadata={"tags": ["solution"]}),
                                 new_code_cell("1 + 1")])
    nbformat.write(lesson, tmp_path / "notebooks" / "01-one.ipynb")
    nbformat.write(new_notebook(cells=[new_code_cell("2 + 2")]),
                   tmp_path / "notebooks" / "02-two.ipynb")
    return tmp_path


def student_answers(path: Path, text: str) -> None:
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[0].source = text
    nbformat.write(notebook, path)


def test_writing_the_copies_again_keeps_every_students_work(course, capsys):
    target = course / "student-notebooks"
    assert run(capsys, "student-copies", str(course / "notebooks"), str(target))[0] == 0
    student_answers(target / "01-one.ipynb", "answer = 41  # my own work")
    before = (target / "01-one.ipynb").read_bytes()
    code, out, _ = run(capsys, "student-copies", str(course / "notebooks"), str(target))
    assert code == 0 and (target / "01-one.ipynb").read_bytes() == before   # rewritten before
    assert "01-one.ipynb: kept as it is" in out and "2 kept as they were" in out


def test_a_missing_copy_is_written_and_the_others_are_kept(course, capsys):
    target = course / "student-notebooks"
    run(capsys, "student-copies", str(course / "notebooks"), str(target))
    (target / "02-two.ipynb").unlink()
    code, out, _ = run(capsys, "student-copies", str(course / "notebooks"), str(target))
    assert "02-two.ipynb: written" in out and "1 written, 1 kept" in out


def test_force_replaces_a_copy_after_keeping_the_old_one_beside_it(course, capsys):
    target = course / "student-notebooks"
    run(capsys, "student-copies", str(course / "notebooks"), str(target))
    student_answers(target / "01-one.ipynb", "answer = 41  # my own work")
    old = (target / "01-one.ipynb").read_bytes()
    code, out, _ = run(capsys, "student-copies", str(course / "notebooks"), str(target),
                       "--force")
    assert code == 0 and "replaced" in out
    kept = sorted(target.glob("01-one.kept-*.ipynb"))
    assert len(kept) == 1 and kept[0].read_bytes() == old
    assert re.fullmatch(r"01-one\.kept-\d{8}-\d{6}\.ipynb", kept[0].name)
    assert "my own work" not in (target / "01-one.ipynb").read_text()


def test_open_student_writes_only_what_is_missing(course, capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "course_root", lambda: course)
    monkeypatch.setattr(cli, "_run", lambda command, cwd: opened.append(command) or 0)
    assert run(capsys, "open", "--student", "--no-browser")[0] == 0
    student_answers(course / "student-notebooks" / "01-one.ipynb", "answer = 7  # mine")
    code, out, _ = run(capsys, "open", "--student", "--no-browser")   # ./course.sh --student
    assert code == 0 and "2 kept as they were" in out
    assert "answer = 7  # mine" in (course / "student-notebooks" / "01-one.ipynb").read_text()
    assert len(opened) == 2 and any("student-notebooks/00-welcome.ipynb" in argument
                                    for argument in opened[-1])


def test_course_sh_passes_the_student_option_to_the_same_command():
    assert 'haba-lessons open "$@"' in (REPO / "course.sh").read_text()


@pytest.mark.parametrize("content, words", [("not json {", "not a notebook file"),
                                            ('{"a": 1}', "not a valid notebook"),
                                            ("[1, 2]", "not a valid notebook")])
def test_a_notebook_that_is_not_json_or_not_a_notebook_is_skipped_with_a_message(
        course, capsys, content, words):
    (course / "notebooks" / "03-broken.ipynb").write_text(content)
    code, out, _ = run(capsys, "student-copies", str(course / "notebooks"),
                       str(course / "student"))
    assert code == 1 and f"03-broken.ipynb: skipped: it is {words}" in out
    assert sorted(p.name for p in (course / "student").iterdir()) == ["01-one.ipynb",
                                                                     "02-two.ipynb"]


def test_an_output_folder_that_is_a_file_is_one_line(course, capsys):
    (course / "out").write_text("")
    code, _, err = run(capsys, "student-copies", str(course / "notebooks"), str(course / "out"))
    assert code == 2 and "a file is in the way" in err
    code, _, err = run(capsys, "handouts", str(REPO / "lesson-plans"), str(course / "out"))
    assert code == 2 and "Could not write the handouts" in err


def test_a_read_only_output_folder_is_one_line(course, capsys, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(course / "student"))
    monkeypatch.setattr(student_copies.tempfile, "mkstemp", refused)   # as for a non-root user
    code, _, err = run(capsys, "student-copies", str(course / "notebooks"),
                       str(course / "student"))
    assert code == 2 and "Permission denied" in err and "choose a folder" in err


def test_a_lesson_plan_in_latin_1_is_named_in_one_line(tmp_path, capsys):
    course = tmp_path / "course"
    for folder in ("notebooks", "lesson-plans", "worksheets"):
        shutil.copytree(REPO / folder, course / folder)
    plan = course / "lesson-plans" / "02-best-two-of-k.md"
    plan.write_bytes("# Würfel\n\nA plan saved by an old editor.\n".encode("latin-1"))
    code, _, err = run(capsys, "handouts", str(course), str(tmp_path / "out"))
    assert code == 2 and "02-best-two-of-k.md" in err and "not UTF-8" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_the_pdf_export_names_a_notebook_that_is_not_a_notebook(tmp_path):
    for content in ("not json {", '{"a": 1}', "[1, 2]"):
        path = tmp_path / "x.ipynb"
        path.write_text(content)
        with pytest.raises(PdfExportError, match="is not a notebook that can be read"):
            read_notebook(path)


def test_the_pdf_install_hint_is_the_readmes_own_line():
    command = INSTALL_HINT.split("with: ")[1]
    assert command == '.venv/bin/python -m pip install -e ".[pdf]"'
    assert f"`{command}`" in (REPO / "README.md").read_text()


def test_a_notebook_saved_with_a_byte_order_mark_still_gets_its_copy(course, capsys):
    path = course / "notebooks" / "01-one.ipynb"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, out, _ = run(capsys, "student-copies", str(course / "notebooks"), str(course / "s"))
    assert code == 0 and "01-one.ipynb: written, 1 solution blanked" in out


def test_a_notebook_in_latin_1_is_skipped_with_a_message(course, capsys):
    (course / "notebooks" / "03-latin.ipynb").write_bytes('{"a": "Würfel"}'.encode("latin-1"))
    code, out, _ = run(capsys, "student-copies", str(course / "notebooks"), str(course / "s"))
    assert code == 1 and "03-latin.ipynb: skipped:" in out and "not UTF-8" in out
