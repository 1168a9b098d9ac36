"""Build the course's website into a temporary folder and print how long it took (wall clock
and CPU of this process and Sphinx's), its page count and its size (the README's figures).

    .venv/bin/python benchmarks/site.py
"""

from __future__ import annotations

import resource
import tempfile
import time
from pathlib import Path

from haba_lessons.site import build_site


def cpu_seconds() -> float:
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        started, cpu = time.perf_counter(), cpu_seconds()
        site = build_site(Path(folder) / "site")
        print(f"{site.pages} pages, {site.size_bytes / 1e6:.1f} MB: "
              f"{time.perf_counter() - started:.1f} s wall clock, "
              f"{cpu_seconds() - cpu:.1f} s of CPU")


if __name__ == "__main__":
    main()
