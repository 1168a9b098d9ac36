"""Trusting the course notebooks (``haba_lessons.trust``), the step that lets JupyterLab draw
their stored widgets before Run All (the browser proof is in
``tests/browser/test_stored_widgets.py``).

Trust is read back with nbformat's own notary, pointed at a throwaway Jupyter data folder
(``JUPYTER_DATA_DIR``), so nothing is signed in the real one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from haba_lessons import cli
from haba_lessons.catalog import notebook_paths, notebooks
from haba_lessons.trust import main, trust_course, trust_notebooks

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(folder))
    return folder


def trusted(path: Path, data_dir: Path) -> bool:
    if not data_dir.is_dir():                    # nothing was ever signed there
        return False
    with NotebookNotary(data_dir=str(data_dir)) as notary:
        return notary.check_signature(nbformat.read(path, as_version=4))


def course_copy(root: Path) -> Path:
    """A course folder with the catalog's notebooks and a notebook of a student's own."""
    shutil.copytree(REPO / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    own = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    nbformat.write(own, root / "notebooks" / "my-own-work.ipynb")
    return root / "notebooks"


def test_the_course_notebooks_are_trusted_and_nothing_else(tmp_path, data_dir):
    folder = course_copy(tmp_path)
    assert not any(trusted(path, data_dir) for path in folder.glob("*.ipynb"))
    signed = trust_course(folder)
    assert signed == notebook_paths(folder) and len(signed) == len(notebooks())
    assert all(trusted(path, data_dir) for path in signed)
    assert not trusted(folder / "my-own-work.ipynb", data_dir)


def test_a_new_computer_without_a_jupyter_data_folder_keeps_the_trust(tmp_path, data_dir):
    folder = course_copy(tmp_path)
    assert not data_dir.exists()
    trust_course(folder)
    assert (data_dir / "nbsignatures.db").is_file()
    assert all(trusted(path, data_dir) for path in notebook_paths(folder))


def test_a_notebook_changed_after_trusting_is_trusted_again_by_the_next_open(tmp_path, data_dir):
    folder = course_copy(tmp_path)
    path = folder / "02-best-two-of-k.ipynb"
    trust_notebooks([path])
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[0].source += "\n\nA line a teacher added."
    nbformat.write(notebook, path)
    assert not trusted(path, data_dir)          # a signature covers the content
    trust_course(folder)
    assert trusted(path, data_dir)


def test_an_unreadable_notebook_is_named_in_one_line_and_the_others_are_trusted(tmp_path,
                                                                                data_dir):
    folder = course_copy(tmp_path)
    broken = folder / "03-push-your-luck.ipynb"
    broken.write_text("{ not a notebook" + "x" * 100_000)
    signed, problems = trust_notebooks(notebook_paths(folder))
    assert broken not in signed and len(signed) == len(notebooks()) - 1
    assert len(problems) == 1 and "\n" not in problems[0] and len(problems[0]) < 400
    assert f"'{broken}' is not a notebook" in problems[0]
    assert trusted(folder / "02-best-two-of-k.ipynb", data_dir)


def test_the_command_trusts_each_folder_and_refuses_a_missing_one(tmp_path, data_dir, capsys):
    folder = course_copy(tmp_path)
    assert main([str(folder)]) == 0
    assert f"trusted {len(notebooks())} notebooks in {folder}" in capsys.readouterr().out
    assert main([str(tmp_path / "nowhere")]) == 2
    message = capsys.readouterr().err.strip()
    assert "nowhere" in message and "\n" not in message


@pytest.mark.parametrize("student", [False, True], ids=["teacher", "student"])
def test_open_trusts_the_notebooks_it_opens_before_jupyterlab_starts(tmp_path, data_dir,
                                                                     monkeypatch, student):
    course_copy(tmp_path)
    folder = tmp_path / (cli.STUDENT_FOLDER if student else "notebooks")
    started = []

    def fake_run(command, cwd):
        started.append((command, all(trusted(path, data_dir)
                                     for path in notebook_paths(folder))))
        return 0

    monkeypatch.setattr(cli, "course_root", lambda: tmp_path)
    monkeypatch.setattr(cli, "_run", fake_run)
    assert cli.main(["open", "--no-browser", *(["--student"] if student else [])]) == 0
    (command, all_trusted), = started
    assert command[1:3] == ["-m", "haba_lessons.lab"]
    assert any(f"{folder.name}/00-welcome.ipynb" in argument for argument in command)
    assert len(notebook_paths(folder)) == len(notebooks()) and all_trusted
