"""Two recorders of one group in two processes (two kernels) appending and undoing on one
file at the same moment: every record of both is kept, no record number twice (issue 16)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

from haba_lessons.classlab import read_class_file

ROUNDS = 120          # appends per process; every third is undone again
RECORDER = textwrap.dedent("""
    import json, sys, time
    from pathlib import Path
    from haba_lessons.classlab import ClassDataFile

    folder, seat, rounds, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    while not start.exists():              # both processes begin at the same moment
        time.sleep(0.001)
    file = ClassDataFile(folder, "spookies", "owls")
    kept = []
    for i in range(rounds):
        faces = " ".join(str(1 + (i // 6 ** k) % 6) for k in range(4))   # a roll unique to i
        kept.append(file.append(1, seat, "roll", faces).value)
        if i % 3 == 2:
            assert file.undo().value == kept.pop()
    print(json.dumps(kept))
""")


def test_two_processes_appending_and_undoing_keep_every_record_of_both(tmp_path):
    script, start = tmp_path / "recorder.py", tmp_path / "start"
    script.write_text(RECORDER)
    folder = tmp_path / "class-data"
    processes = [subprocess.Popen([sys.executable, str(script), str(folder), seat, str(ROUNDS),
                                   str(start)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True) for seat in ("1", "2")]
    try:
        time.sleep(1.0)                    # both have imported the library and are waiting
        start.touch()
        outputs = [p.communicate(timeout=300) for p in processes]
    finally:
        for p in processes:
            if p.poll() is None:
                p.kill()
    for process, (out, err) in zip(processes, outputs):
        assert process.returncode == 0, err
    kept = {seat: json.loads(out) for seat, (out, _) in zip(("1", "2"), outputs)}
    found = read_class_file(folder / "spookies-owls.csv")
    assert found.problems == []
    numbers = [r.record for r in found.records]
    assert len(numbers) == len(set(numbers))                     # no number twice
    for seat in ("1", "2"):
        on_disk = [r.value for r in found.records if r.player == seat]
        assert on_disk == kept[seat]                              # every record, in order
        assert len(on_disk) == ROUNDS - ROUNDS // 3
    assert sorted(p.name for p in folder.iterdir()) == [".spookies-owls.csv.lock",
                                                       "spookies-owls.csv"]
