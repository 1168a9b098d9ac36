"""Time one update of notebook 01's interval-width slider, and the exact miss chance it cites.

    PYTHONPATH=. .venv/bin/python benchmarks/explore_intervals.py
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

from haba_lessons.explore.intervals import IntervalWidthExplorer, miss_chance


def main() -> None:
    explorer = IntervalWidthExplorer()
    times = []
    for n in (10, 100, 1_000, 10_000, 100_000) * 20:
        start = time.perf_counter()
        explorer.slider.value = n
        times.append(time.perf_counter() - start)
    print(f"slider update: median {statistics.median(times) * 1000:.2f} ms, "
          f"max {max(times) * 1000:.2f} ms over {len(times)} moves")
    for rolls in (1_000, 10_000, 100_000):    # 1,000 is notebook 01's; students may try more
        start = time.perf_counter()
        miss_chance(Fraction(1, 6), rolls)
        print(f"exact miss chance for {rolls:,} rolls: {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
