"""Print every handout to PDF and count its A4 pages; a lesson plan beside what the README
promises (one page per 45 minutes of lesson).

    python scripts/handout_pages.py               # into a temporary folder
    python scripts/handout_pages.py build/handouts

Needs Debian's Chromium and the test tools (pypdf).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pypdf

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from haba_lessons.catalog import notebooks  # noqa: E402
from haba_lessons.handouts import build_handouts  # noqa: E402
from haba_lessons.handouts.plans import pages_promised  # noqa: E402


def main(out: Path) -> int:
    written = [path for path in build_handouts(ROOT, out, pdf=True) if path.suffix == ".pdf"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    plans = {f"{entry.stem}.pdf": entry.minutes for entry in notebooks()}
    over = 0
    print(f"{'handout':44} pages  promised")
    for path in written:
        pages = len(pypdf.PdfReader(path).pages)
        promise = pages_promised(readme, plans[path.name]) if path.name in plans else None
        over += promise is not None and pages > promise
        mark = "" if promise is None else f"  {promise}" + ("  OVER" if pages > promise else "")
        print(f"{path.name:44} {pages:5}{mark}")
    print(f"{over} lesson plan(s) print to more pages than the README promises.")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(main(Path(sys.argv[1])))
    with tempfile.TemporaryDirectory() as scratch:
        raise SystemExit(main(Path(scratch)))
