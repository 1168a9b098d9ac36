"""The shipped example class is exactly what its seeded script makes, and says it is simulated."""

from __future__ import annotations

from haba_lessons.classlab import pool_files, read_class_file
from haba_lessons.classlab.example import FOLDER, GROUPS, make_example_class
from haba_lessons.classlab.records import GAMES


def test_regenerating_the_example_class_gives_byte_identical_files(tmp_path):
    made = make_example_class(tmp_path)
    shipped = sorted(p.name for p in FOLDER.glob("*.csv"))
    assert sorted(p.name for p in made) == shipped
    assert len(shipped) == len(GAMES) * len(GROUPS)
    for path in made:
        assert path.read_bytes() == (FOLDER / path.name).read_bytes(), path.name


def test_every_example_file_is_labelled_simulated_and_reads_without_problems():
    for path in FOLDER.glob("*.csv"):
        found = read_class_file(path)
        assert found.problems == [] and found.records, path.name
        assert any(note.startswith("SIMULATED example data") for note in found.notes)


def test_the_example_pools_cleanly():
    for game in GAMES:
        pool = pool_files(sorted(FOLDER.glob(f"{game}-*.csv")), game)
        assert pool.problems == [] and pool.duplicates == []
        assert sorted(pool.records["group"].unique()) == sorted(GROUPS)
