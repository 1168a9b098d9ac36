"""Does every lesson fit its period? Words of prose, cells, exercises and stated minutes.

    python scripts/lesson_budget.py [folder]      # default: notebooks/

One line per notebook of the course (haba_lessons.catalog), in teaching order; how each
measure is counted is written in haba_lessons/budget.py. A lesson or extension over the
budget of its stated time (1,400 words, 40 cells, 5 exercises per 45 minutes), or one that
states no duration, is named under the table and the exit status is 1.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from haba_lessons.budget import count, no_duration_message  # noqa: E402
from haba_lessons.catalog import notebooks  # noqa: E402
from haba_lessons.errors import DataFileError  # noqa: E402

HEADER = f"{'notebook':<38} {'kind':<9} {'words':>6} {'cells':>5} {'exerc.':>6} {'minutes':>7}  verdict"


def row(path: Path, kind: str, planned: int) -> tuple[str, list[str]]:
    """One line of the table and the problems it shows (``planned``: the catalog's minutes,
    used to say how far a notebook that states no duration is from that budget)."""
    try:
        found = count(path)
    except DataFileError as error:
        return f"{path.name:<38} {kind:<9} {str(error)}", [str(error)]
    minutes = "—" if found.minutes is None else str(found.minutes)
    if kind == "guide":
        verdict, problems = "(the teacher's guide: no period budget)", []
    elif found.minutes is None:
        problems = [no_duration_message(path.name)]
        over = replace(found, minutes=planned).over()
        verdict = (f"no stated duration (against the catalog's {planned} minutes: "
                   f"{'over: ' + '; '.join(over) if over else 'within'})")
    else:
        over = found.over()
        words, cells, exercises = found.budget()
        verdict = (f"over: {'; '.join(over)}" if over
                   else f"within {words:,} / {cells} / {exercises}")
        problems = [f"{path.name}: over the budget of {found.minutes} minutes: "
                    f"{'; '.join(over)}"] if over else []
    return (f"{path.name:<38} {kind:<9} {found.words:>6,} {found.cells:>5} "
            f"{found.exercises:>6} {minutes:>7}  {verdict}"), problems


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else ROOT / "notebooks"
    print(HEADER)
    problems = []
    for entry in notebooks():
        path = folder / entry.file
        if not path.is_file():
            print(f"{entry.file:<38} {entry.kind:<9} (not in {folder})")
            continue
        line, found = row(path, entry.kind, entry.minutes)
        print(line)
        problems += found
    if problems:
        print("\n" + "\n".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
