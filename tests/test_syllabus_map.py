"""The syllabus map: the data file is sound, every section it names exists, the must-cover
syllabi are covered, and notebook 00 and the README show exactly what the data say."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from haba_lessons.errors import DataFileError
from haba_lessons.syllabus import (README_END, README_START, WELCOME_CELL_ID, find_section,
                                   headings, load_map, parse_map, readme_block,
                                   welcome_cell_source)

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
MAP = load_map()


def test_every_section_the_map_names_is_a_heading_of_that_notebook():
    missing = [f"{objective.code or objective.where} ({objective.syllabus}): {section}"
               for objective in MAP.objectives for section in objective.taught_in
               if find_section(section, NOTEBOOKS) is None]
    assert not missing, "sections with no such heading:\n" + "\n".join(missing)


def test_every_objective_of_the_must_cover_syllabi_is_covered():
    must = {s.id for s in MAP.syllabi if s.must_cover}
    assert must == {"ks3", "gcse", "7sp", "hsscp", "kmk1"}
    open_ = [f"{o.syllabus} {o.code or o.where}: {o.coverage}" for o in MAP.objectives
             if o.syllabus in must and o.coverage != "covered"]
    assert not open_, open_


def test_each_syllabus_lists_its_objectives_once():
    for syllabus in MAP.syllabi:
        keys = [(o.code, o.where, o.text) for o in MAP.of(syllabus.id)]
        assert keys and len(set(keys)) == len(keys), syllabus.id
    codes = Counter(o.code for o in MAP.objectives if o.code)
    assert max(codes.values()) == 1


def summary_counts(text: str) -> dict[str, tuple[int, ...]]:
    """The rendered summary table: syllabus title -> (objectives, covered, partly, not)."""
    rows = re.findall(r"^\| ([^|]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", text, re.M)
    return {title: tuple(int(n) for n in numbers) for title, *numbers in rows}


def test_readme_and_notebook_00_show_the_map_with_the_counts_of_the_data():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert readme.count(README_START) == 1 and readme.count(README_END) == 1
    block = readme[readme.index(README_START):readme.index(README_END) + len(README_END)]
    welcome = nbformat.read(NOTEBOOKS / "00-welcome.ipynb", as_version=4)
    cell = next(c for c in welcome.cells if c.get("id") == WELCOME_CELL_ID)
    assert block == readme_block(MAP, NOTEBOOKS)
    assert cell.source == welcome_cell_source(MAP, NOTEBOOKS)
    expected = {s.title: (len(MAP.of(s.id)), *(sum(o.coverage == c for o in MAP.of(s.id))
                                               for c in ("covered", "partly", "not")))
                for s in MAP.syllabi}
    assert summary_counts(block) == expected == summary_counts(cell.source)
    for objective in MAP.objectives:                 # every objective has its row, in both
        assert objective.text.replace("|", "\\|") in block and objective.text.replace("|", "\\|") in cell.source


def test_the_update_script_reports_the_map_up_to_date():
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "update_syllabus_map.py"),
                           "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_section_is_found_by_its_heading_text_whatever_its_number():
    from haba_lessons.syllabus import Section
    assert find_section(Section("06", "A tree diagram"), NOTEBOOKS) == "§4 A tree diagram"
    assert find_section(Section("06", "4"), NOTEBOOKS) == "§4 A tree diagram"
    assert find_section(Section("01", "In class"), NOTEBOOKS) == "In class: a real die"
    assert find_section(Section("06", "A forest"), NOTEBOOKS) is None
    assert find_section(Section("99", "A tree diagram"), NOTEBOOKS) is None


def test_headings_are_found_with_their_numbers(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 99 · Title\n\n## 1. First part\n\ntext\n\n### 1a. A sub-part"),
        nbformat.v4.new_code_cell("## 2. not a heading: code"),
        nbformat.v4.new_markdown_cell("### In class: a real die\n## Exercises")])
    path = tmp_path / "99-x.ipynb"
    nbformat.write(notebook, path)
    assert headings(path) == [("1", "First part"), ("1a", "A sub-part"),
                              (None, "In class: a real die"), (None, "Exercises")]


SYLLABUS = {"id": "s", "title": "S", "document": "D", "scope": "all", "must_cover": True,
            "checked": "the document"}
GOOD = {"syllabus": "s", "code": "S.1", "text": "a text", "taught_in": ["06:A tree diagram"],
        "coverage": "covered"}


@pytest.mark.parametrize("change, words", [
    ({"syllabus": "t"}, "syllabus 't' is not one of"),
    ({"coverage": "mostly"}, "coverage must be one of"),
    ({"coverage": "partly"}, "say in `note` what is missing"),
    ({"coverage": "not", "note": "x"}, "names no section"),
    ({"taught_in": [], "note": "x", "coverage": "partly"}, "taught nowhere"),
    ({"taught_in": ["6:A tree diagram"]}, "is not like \"06:A tree diagram\""),
    ({"taught_in": ["06:"]}, "is not like"),
    ({"taught_in": "06:A tree diagram"}, "must be a list"),
    ({"code": ""}, "needs `where`"),
    ({"wording": "roughly"}, "wording must be one of"),
    ({"colour": "red"}, "unknown ['colour']"),
    ({"text": ""}, "text must be a non-empty text"),
])
def test_a_bad_objective_is_refused_naming_the_entry_and_field(change, words):
    entry = {**GOOD, **change}
    with pytest.raises(DataFileError, match=re.escape(words)) as refused:
        parse_map({"syllabus": [SYLLABUS], "objective": [entry]}, "my-map.toml")
    assert "my-map.toml, objective entry 1" in str(refused.value)


def test_a_bad_syllabus_and_an_empty_file_are_refused():
    with pytest.raises(DataFileError, match="missing \\['scope'\\]"):
        parse_map({"syllabus": [{k: v for k, v in SYLLABUS.items() if k != "scope"}],
                   "objective": [GOOD]}, "m.toml")
    with pytest.raises(DataFileError, match="no \\[\\[objective\\]\\] entries"):
        parse_map({"syllabus": [SYLLABUS]}, "m.toml")
    with pytest.raises(DataFileError, match="used twice"):
        parse_map({"syllabus": [SYLLABUS, SYLLABUS], "objective": [GOOD]}, "m.toml")


def test_a_file_that_is_not_toml_is_refused_by_name(tmp_path):
    bad = tmp_path / "map.toml"
    bad.write_text("[[syllabus]\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="map.toml: not valid TOML"):
        load_map(bad)
