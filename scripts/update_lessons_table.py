"""Regenerate the lessons table in README.md and notebook 00 from haba_lessons/data/lessons.toml.

    python scripts/update_lessons_table.py           rewrite them
    python scripts/update_lessons_table.py --check   exit 1 if they are out of date

Run it after changing an entry of the catalog (a title, a level, the minutes, a new notebook).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generated_block import run, welcome_cell  # noqa: E402

from haba_lessons.lessons_table import (  # noqa: E402
    README_END,
    README_START,
    WELCOME_CELL_ID,
    readme_block,
    welcome_cell_source,
)


def main(argv: list[str] | None = None) -> int:
    return run(argv, description=__doc__.splitlines()[0], what="lessons table",
               markers=(README_START.split(" (")[0], README_END), readme_block=readme_block(),
               cell_source=welcome_cell_source(),
               find_cell=lambda notebook: welcome_cell(notebook, WELCOME_CELL_ID))


if __name__ == "__main__":
    raise SystemExit(main())
