"""Time one update of notebook 02's best-m-of-n explorer: a slider moves, the exact
distribution, P(≥ t) and the SVG bar chart are recomputed.

    PYTHONPATH=. .venv/bin/python benchmarks/explore_best_two.py
"""

from __future__ import annotations

import statistics
import time

from haba_lessons.explore.best_two import BestOfDiceExplorer


def time_change(explorer: BestOfDiceExplorer, name: str, value: int) -> float:
    start = time.perf_counter()
    explorer.sliders[name].value = value
    return time.perf_counter() - start


def main() -> None:
    print(f"{'change':<34} {'median':>9} {'max':>9}   (7 repeats)")
    cases = [("n 4 -> 5 (m = 2, t = 10)", (4, 2, 10), "dice", 5),
             ("n 19 -> 20 (m = 2, t = 12)", (19, 2, 12), "dice", 20),
             ("n 19 -> 20 (m = 10, t = 40)", (19, 10, 40), "dice", 20),
             ("m 19 -> 20 (n = 20, t = 70)", (20, 19, 70), "keep", 20),
             ("t 69 -> 70 (n = 20, m = 20)", (20, 20, 69), "target", 70),
             ("refused: m 2 -> 5 (n = 4)", (4, 2, 10), "keep", 5)]
    for label, (dice, keep, target), name, value in cases:
        times = []
        for _ in range(7):
            explorer = BestOfDiceExplorer(dice, keep, target)
            times.append(time_change(explorer, name, value))
        print(f"{label:<34} {statistics.median(times) * 1000:>7.1f} ms {max(times) * 1000:>6.1f} ms")


if __name__ == "__main__":
    main()
