"""Regenerate the Binder links in README.md and notebook 00 from the one repository address.

    python scripts/update_links.py           rewrite them
    python scripts/update_links.py --check   exit 1 if they are out of date

The address is ``[project.urls] Repository`` in pyproject.toml. A school hosting its own fork
changes that line and runs this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generated_block import run, welcome_cell  # noqa: E402

from haba_lessons.links import (  # noqa: E402
    README_END,
    README_START,
    WELCOME_CELL_ID,
    readme_block,
    welcome_cell_source,
)


def main(argv: list[str] | None = None) -> int:
    return run(argv, description=__doc__.splitlines()[0], what="links",
               markers=(README_START.split(" (")[0], README_END),
               readme_block=readme_block(ROOT), cell_source=welcome_cell_source(ROOT),
               find_cell=lambda notebook: welcome_cell(notebook, WELCOME_CELL_ID))


if __name__ == "__main__":
    raise SystemExit(main())
