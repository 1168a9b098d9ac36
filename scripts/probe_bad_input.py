"""Try the classroom's bad inputs of issue 16 on the course that Python imports, and print a
table: area, input, and whether the course handled it (a result, or one short message) or
failed (a traceback, a hang, a lost or misread record, a message of unbounded length).

    python scripts/probe_bad_input.py              # the course installed in the venv
    PYTHONPATH=/path/to/an/older/checkout python scripts/probe_bad_input.py

It uses only what every version of the course offers (its recorders, pool, loaders, explorers,
check() and command line), so the same inputs can be tried on an older checkout to compare.
Each probe runs in a temporary folder and stops after 10 s (a hang counts as a failure).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from fractions import Fraction
from importlib import resources
from pathlib import Path

import haba_lessons
from haba_lessons.errors import HabaLessonsError

LONGEST_MESSAGE = 600
PROBES: list[tuple[str, str, Callable[[Path], bool], int]] = []


def probe(area: str, given: str, seconds: int = 10):
    """Register a probe: True when the course handled ``given``; ``seconds`` before a hang."""
    def register(function: Callable[[Path], bool]) -> Callable[[Path], bool]:
        PROBES.append((area, given, function, seconds))
        return function
    return register


def refused(function: Callable[[], object]) -> bool:
    """True if ``function`` raises one bounded HabaLessonsError (the right answer to bad input)."""
    try:
        function()
    except HabaLessonsError as error:
        return len(str(error)) <= LONGEST_MESSAGE
    return False


def header(version: int) -> str:
    columns = "record,round,player,event,value" + (",starter" if version == 2 else "")
    return f"# game: spookies\n# group: owls\n# format: {version}\n{columns}\n"


def version() -> int:
    from haba_lessons.classlab import records
    return records.FORMAT_VERSION


def rows(*values: str) -> str:
    suffix = ",1" if version() == 2 else ""
    return "".join(f"{n},1,1,roll,{v}{suffix}\n" for n, v in enumerate(values, start=1))


def pooled(*files: tuple[str, str | bytes]) -> list[str]:
    from haba_lessons.classlab import pool_files
    return list(pool_files(list(files), "spookies").records["value"])


# --- class data ------------------------------------------------------------------------------

@probe("class data: pooling", "one file with a field over 128 KB, one good file")
def _(tmp: Path) -> bool:
    big = header(version()) + rows("3 5 6", "6" * 200_000, "4 4")
    good = (header(version()) + rows("1 1")).replace("owls", "foxes")
    return pooled(("a.csv", big), ("b.csv", good)) == ["1 1", "3 5 6", "4 4"]


@probe("class data: pooling", "a record number written '²'")
def _(tmp: Path) -> bool:
    text = header(version()) + rows("3 5 6", "1 2").replace("2,1,1", "²,1,1")
    return pooled(("a.csv", text)) == ["3 5 6"]


@probe("class data: pooling", 'a stray " in a value')
def _(tmp: Path) -> bool:
    text = header(version()) + rows("3 5 6", '"1 2', "4 4", "2 2")
    return pooled(("a.csv", text)) == ["3 5 6", "4 4", "2 2"]


@probe("class data: pooling", "a UTF-8 byte-order mark")
def _(tmp: Path) -> bool:
    return pooled(("a.csv", b"\xef\xbb\xbf" + (header(version()) + rows("3 5 6")).encode())) \
        == ["3 5 6"]


@probe("class data: pooling", "Excel's CSV UTF-8 (BOM, CRLF, trailing ,,,,)")
def _(tmp: Path) -> bool:
    lines = (header(version()) + rows("3 5 6", "1 2")).splitlines()
    excel = "\r\n".join(line + (",,,," if line.startswith("#") else "") for line in lines)
    return pooled(("a.csv", b"\xef\xbb\xbf" + excel.encode() + b"\r\n")) == ["3 5 6", "1 2"]


@probe("class data: pooling", "a record cut short (6 6 4 from 6 6 4 1)")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import ClassDataFile
    file = ClassDataFile(tmp, "spookies", "owls")
    file.append(1, "1", "roll", "3 5 6")
    file.append(1, "2", "roll", "6 6 4 1")
    data = file.path.read_bytes()
    cut = data[:data.rindex(b"6 6 4 1") + len(b"6 6 4")]
    return pooled(("a.csv", cut)) == ["3 5 6"]


@probe("class data: pooling", "a quoted value over two lines: the next line's number")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import read_class_file
    text = header(version()) + rows("3 5 6", '"1', '2"', "9 9")
    found = read_class_file("a.csv", text)
    return any(p.line == 8 and "9 9" in p.message for p in found.problems)


@probe("class data: pooling", "two Latin-1 files: said to be not UTF-8, not duplicates")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import pool_files
    a = (header(version()) + rows("1 1")).replace("owls", "Füchse").encode("latin-1")
    b = (header(version()) + rows("2 2")).replace("owls", "Fächse").encode("latin-1")
    report = pool_files([("a.csv", a), ("b.csv", b)], "spookies").report()
    return "UTF-8" in report and "same content" not in report


@probe("class data: recording", "an editor stripped the file's last line end, then a record")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import ClassDataFile, read_class_file
    path = tmp / "spookies-owls.csv"
    path.write_text((header(version()) + rows("3 5 6", "1 2", "4 4"))[:-1])
    ClassDataFile(tmp, "spookies", "owls").append(1, "1", "roll", "6 5")
    found = read_class_file(path)
    return not found.problems and [r.value for r in found.records] == ["3 5 6", "1 2", "4 4",
                                                                        "6 5"]


@probe("class data: recording", "two recorders of one group (two tabs): record numbers")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import ClassDataFile
    tabs = [ClassDataFile(tmp, "spookies", "owls") for _ in range(2)]
    for i in range(3):
        for seat, tab in enumerate(tabs, start=1):
            tab.append(1, str(seat), "roll", f"{i + 1} {seat}")
    return len(pooled(("a.csv", tabs[0].path.read_bytes()))) == 6


@probe("class data: recording", "undo in one tab while another tab records")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import ClassDataFile, read_class_file
    one, two = ClassDataFile(tmp, "spookies", "owls"), ClassDataFile(tmp, "spookies", "owls")
    one.append(1, "1", "roll", "1 1")
    two.append(1, "2", "roll", "2 2")
    one.undo()
    return [r.value for r in read_class_file(one.path).records] == ["2 2"]


@probe("class data: recording", "two processes appending and undoing on one file", 120)
def _(tmp: Path) -> bool:
    script = tmp / "recorder.py"
    script.write_text(
        "import sys, time\nfrom pathlib import Path\nfrom haba_lessons.classlab import "
        "ClassDataFile\nwhile not Path(sys.argv[3]).exists(): time.sleep(0.001)\n"
        "f = ClassDataFile(sys.argv[1], 'spookies', 'owls')\nfor i in range(60):\n"
        "    f.append(1, sys.argv[2], 'roll', ' '.join(str(1 + (i // 6 ** k) % 6) "
        "for k in range(3)))\n    if i % 3 == 2: f.undo()\n")
    processes = [subprocess.Popen([sys.executable, str(script), str(tmp / "d"), seat,
                                   str(tmp / "go")], env=os.environ.copy(),
                                  stderr=subprocess.DEVNULL) for seat in "12"]
    import time
    time.sleep(0.8)
    (tmp / "go").touch()
    codes = [p.wait(timeout=60) for p in processes]
    from haba_lessons.classlab import read_class_file
    found = read_class_file(tmp / "d" / "spookies-owls.csv")
    numbers = [r.record for r in found.records]
    return codes == [0, 0] and len(numbers) == 80 and len(set(numbers)) == 80


@probe("class data: recording", "a refused nickname, then a roll")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab.recorders import spookies_recorder
    rec = spookies_recorder("foxes", tmp)
    rec.dice.value = "2"
    rec.face_buttons[0].click()
    rec.face_buttons[0].click()
    before = (tmp / "spookies-foxes.csv").read_bytes()
    rec.group_box.value = "jo@school.org"
    for face in (2, 3):
        rec.face_buttons[face - 1].click()
    return (tmp / "spookies-foxes.csv").read_bytes() == before


@probe("class data: nicknames", '"лисы" and "совы", "狐狸" and "猫头鹰", "Füchse" and "Fächse"')
def _(tmp: Path) -> bool:
    from haba_lessons.classlab.records import file_name
    return all(file_name("spookies", a) != file_name("spookies", b) for a, b in
               [("лисы", "совы"), ("狐狸", "猫头鹰"), ("Füchse", "Fächse")])


@probe("class data: nicknames", '"भालू" (Devanagari, with vowel signs)')
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import ClassDataFile
    ClassDataFile(tmp, "spookies", "भालू").append(1, "1", "roll", "1 1")
    return True


@probe("class data: recording", "Quiet as a Mouse with a castle file's colour 'dark red'")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import read_class_file
    from haba_lessons.classlab.recorders import QuietAsAMouseRecorder
    from haba_lessons.games.quiet_as_a_mouse import load_layout
    castle = tmp / "castle.toml"
    castle.write_text(resources.files("haba_lessons.data").joinpath("quiet_as_a_mouse.toml")
                      .read_text().replace('"red"', '"dark red"'))
    rec = QuietAsAMouseRecorder("owls", tmp / "d", seed=1, layout=load_layout(castle))
    for _ in range(12):
        rec.companion.roll_button.click()
        if rec.companion.game.phase == "choose":
            rec.companion.choose_button.click()
            rec.companion.silent_button.click()
    path = tmp / "d" / "quiet_as_a_mouse-owls.csv"
    rolls = [r for r in read_class_file(path).records if r.event == "roll"] \
        if path.exists() else []
    return len(rolls) == 12


@probe("class data: widgets", "a recorder whose file write raises (disk full)")
def _(tmp: Path) -> bool:
    from haba_lessons.classlab import writer
    from haba_lessons.classlab.recorders import meow_meow_recorder
    rec = meow_meow_recorder("owls", tmp)
    original = writer.make_record

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")
    writer.make_record = broken
    try:
        import logging
        logging.disable(logging.CRITICAL)
        rec.could.click()
    finally:
        writer.make_record = original
        logging.disable(logging.NOTSET)
    return "disk full" in rec.status.value


# --- typed numbers ---------------------------------------------------------------------------

for typed in ("²", "--5", "5" * 5000):
    @probe("typed numbers: reward-table explorer", repr(typed[:12]))
    def _(tmp: Path, typed=typed) -> bool:
        from haba_lessons.explore.reward_table import RewardTableExplorer
        explorer = RewardTableExplorer()
        before = explorer.answer.value
        explorer.cells[2][1].value = typed
        return explorer.answer.value == before and explorer.message.value != ""

    @probe("typed numbers: board editor", repr(typed[:12]))
    def _(tmp: Path, typed=typed) -> bool:
        from haba_lessons.explore.board_editor import board_editor
        editor = board_editor()
        before = editor.answer.value
        editor.extra_turn.value = typed
        return editor.answer.value == before and editor.message.value != ""

for typed in ("1e-5000", "1e-100000000"):
    @probe("typed numbers: trap explorer", typed)
    def _(tmp: Path, typed=typed) -> bool:
        from haba_lessons.explore.trap import TrapExplorer
        explorer = TrapExplorer()
        explorer.text.value = typed
        return explorer.r == Fraction(3, 4) and explorer.message.value != ""


@probe("typed numbers: data file", 'trap_reliability = "1e-100000000"')
def _(tmp: Path) -> bool:
    from haba_lessons.games.mouse_trap import load_board
    path = tmp / "b.toml"
    path.write_text(resources.files("haba_lessons.data").joinpath("mouse_trap.toml")
                    .read_text().replace('value = "3/4"', 'value = "1e-100000000"'))
    return refused(lambda: load_board(path))


# --- check() ---------------------------------------------------------------------------------

for label, answer in (("10**400", 10 ** 400), ("Fraction(10**400, 3)", Fraction(10 ** 400, 3))):
    @probe("check()", label)
    def _(tmp: Path, answer=answer) -> bool:
        from haba_lessons.exercises import check
        return not check("01.1", answer).ok


for label in ("numpy array", "pandas Series"):
    @probe("check()", f"a student function returning a {label}")
    def _(tmp: Path, label=label) -> bool:
        import numpy as np
        import pandas as pd
        from haba_lessons.exercises import check
        value = np.array([1, 2]) if label == "numpy array" else pd.Series([1, 2])
        return not check("01.3", lambda *args: value).ok


# --- data files ------------------------------------------------------------------------------

def spookies_copy(tmp: Path, old: str = "", new: str = "") -> Path:
    path = tmp / "board.toml"
    path.write_text(resources.files("haba_lessons.data").joinpath("spookies.toml").read_text()
                    .replace(old, new) if old else
                    resources.files("haba_lessons.data").joinpath("spookies.toml").read_text())
    return path


@probe("data files", "an unchanged copy of spookies.toml given to load_reward_table")
def _(tmp: Path) -> bool:
    from haba_lessons.games.spookies import default_reward_table, load_reward_table
    return load_reward_table(spookies_copy(tmp)).rows == default_reward_table().rows


@probe("data files", "a TOML array nested 600 deep")
def _(tmp: Path) -> bool:
    from haba_lessons.games.spookies.board import load_data
    path = spookies_copy(tmp, "value = [5, 6, 7, 8, 9, 10, 11]", "value = " + "[" * 600 +
                         "]" * 600)
    return refused(lambda: load_data(path))


for label, path in (("5", 5), ("b'x.toml'", b"x.toml"), ("None", None), ("'a\\0b'", "a\0b")):
    @probe("data files", f"load_reward_table({label})")
    def _(tmp: Path, path=path) -> bool:
        from haba_lessons.games.spookies import load_reward_table
        return refused(lambda: load_reward_table(path))


@probe("data files", "a board with a million-sided die")
def _(tmp: Path) -> bool:
    from haba_lessons.games.mouse_trap import load_board
    path = tmp / "b.toml"
    path.write_text(resources.files("haba_lessons.data").joinpath("mouse_trap.toml")
                    .read_text().replace("value = 6", "value = 1000000", 1))
    return refused(lambda: load_board(path))


@probe("data files", "a TOML file with a byte-order mark")
def _(tmp: Path) -> bool:
    from haba_lessons.games.spookies.board import load_data
    path = spookies_copy(tmp)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    return load_data(path) is not None


@probe("data files", "a 5 MB value: the message's length")
def _(tmp: Path) -> bool:
    from haba_lessons.games.spookies.board import load_data
    path = spookies_copy(tmp, '"Kracko"', '"' + "K" * 5_000_000 + '"')
    return refused(lambda: load_data(path))


# --- colours, command line, student copies ---------------------------------------------------

@probe("colours", 'ink_on("#777")')
def _(tmp: Path) -> bool:
    from haba_lessons.colours import ink_on
    return ink_on("#777") in ("#000000", "#FFFFFF")


def command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "haba_lessons", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60, env=os.environ.copy())


def notebook(path: Path, answer: str) -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook
    nbformat.write(new_notebook(cells=[new_code_cell(answer, metadata={"tags": ["solution"]})]),
                   path)


@probe("student copies", "student-copies run again after a student saved work")
def _(tmp: Path) -> bool:
    (tmp / "nb").mkdir()
    notebook(tmp / "nb" / "01-a.ipynb", "x = 1")
    command("student-copies", "nb", "out", cwd=tmp)
    notebook(tmp / "out" / "01-a.ipynb", "x = 'my work'")
    command("student-copies", "nb", "out", cwd=tmp)
    return "my work" in (tmp / "out" / "01-a.ipynb").read_text()


for label in ("an output folder that is a file", "a notebook that is not JSON",
              "a notebook that is JSON but not a notebook"):
    @probe("command line", f"student-copies: {label}")
    def _(tmp: Path, label=label) -> bool:
        (tmp / "nb").mkdir()
        notebook(tmp / "nb" / "01-a.ipynb", "x = 1")
        target = "out"
        if "file" in label:
            (tmp / "out").write_text("")
        else:
            (tmp / "nb" / "02-b.ipynb").write_text("{oops" if "not JSON" in label else '{"a": 1}')
        done = command("student-copies", "nb", target, cwd=tmp)
        return "Traceback" not in done.stderr


@probe("command line", "handouts: a lesson plan in Latin-1")
def _(tmp: Path) -> bool:
    (tmp / "plans").mkdir()
    (tmp / "plans" / "01-a.md").write_bytes("# Würfel\n".encode("latin-1"))
    done = command("handouts", "plans", "out", cwd=tmp)
    return "Traceback" not in done.stderr and "01-a.md" in done.stderr


@probe("command line", "pdf without its extra: the install line is the README's")
def _(tmp: Path) -> bool:
    from haba_lessons import pdf_export
    return '.venv/bin/python -m pip install -e ".[pdf]"' in pdf_export.INSTALL_HINT


def run(function: Callable[[Path], bool], seconds: int) -> str:
    def hang(*_args):
        raise TimeoutError
    signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        with tempfile.TemporaryDirectory() as folder:
            return "handled" if function(Path(folder)) else "FAILED (wrong result)"
    except TimeoutError:
        return "FAILED (hangs)"
    except Exception as error:      # noqa: BLE001 - the point is to see every kind of failure
        return f"FAILED ({type(error).__name__})"
    finally:
        signal.alarm(0)


def main() -> int:
    print(f"haba_lessons from {Path(haba_lessons.__file__).parent}")
    print("| area | input | outcome |\n|---|---|---|")
    failed = 0
    for area, given, function, seconds in PROBES:
        outcome = run(function, seconds)
        failed += outcome != "handled"
        print(f"| {area} | {given} | {outcome} |", flush=True)
    print(f"{len(PROBES) - failed} of {len(PROBES)} handled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
