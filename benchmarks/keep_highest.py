"""Time haba_lessons.dice.keep_highest(n, 2) for n = 4, 8, 12, 20 (exact, no enumeration).

    .venv/bin/python benchmarks/keep_highest.py
"""

from __future__ import annotations

import timeit

from haba_lessons.dice import keep_highest


def main() -> None:
    print(f"{'n':>3} {'rolls enumerated by brute force':>32} {'time per call':>14}")
    for n in (4, 8, 12, 20):
        repeats = 20
        seconds = min(timeit.repeat(lambda: keep_highest(n, 2), number=repeats, repeat=3))
        print(f"{n:>3} {6 ** n:>32,} {seconds / repeats * 1000:>11.2f} ms")


if __name__ == "__main__":
    main()
