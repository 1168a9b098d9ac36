"""Time haba_lessons.dice.keep_highest: warm calls for n = 4..20 dice keeping 2, and cold
calls (each in a fresh Python, after the imports) for 4d6 keep 2 up to 40d6 keep 20, beside
icepool's ``d6.highest(n, keep)`` on the same cold terms.

    .venv/bin/python benchmarks/keep_highest.py

icepool is optional (``pip install icepool``; never a dependency of the library): without
it the cold table has our column only. Times are CPU time of the call (``time.process_time``):
other programs on a shared machine do not inflate them; each cold figure is the best of 3
fresh processes.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import timeit

from haba_lessons.dice import keep_highest

COLD = {
    "haba_lessons": ("from haba_lessons.dice import keep_highest", "keep_highest({n}, {k})"),
    "icepool": ("import icepool", "icepool.d6.highest({n}, {k})"),
}
SIZES = [(n, n // 2) for n in range(4, 41, 4)]


def cold_seconds(library: str, n: int, k: int) -> float:
    """The CPU time of one first call in a fresh process (best of three processes)."""
    setup, call = COLD[library]
    code = (f"{setup}\nimport time\nstart = time.process_time()\n{call.format(n=n, k=k)}\n"
            f"print(time.process_time() - start)")
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(3)]
    return min(runs)


def main() -> None:
    print(f"{'n':>3} {'rolls enumerated by brute force':>32} {'time per call (warm)':>21}")
    for n in (4, 8, 12, 20):
        repeats = 20
        seconds = min(timeit.repeat(lambda: keep_highest(n, 2), number=repeats, repeat=3))
        print(f"{n:>3} {6 ** n:>32,} {seconds / repeats * 1000:>18.2f} ms")
    libraries = ["haba_lessons"] + (["icepool"] if importlib.util.find_spec("icepool") else [])
    if len(libraries) == 1:
        print("icepool is not installed (pip install icepool): no comparison.")
    print("\nCold call, a fresh process each (CPU ms, best of 3):")
    print("  ndk " + "".join(f"{name:>14}" for name in libraries)
          + ("   ours / icepool" if len(libraries) == 2 else ""))
    worst = 0.0
    for n, k in SIZES:
        times = [cold_seconds(name, n, k) * 1000 for name in libraries]
        ratio = f"{times[0] / times[1]:>17.2f}" if len(times) == 2 else ""
        worst = max(worst, times[0] / times[1]) if len(times) == 2 else worst
        print(f"  {f'{n}d6k{k}':<7}" + "".join(f"{t:>12.2f} " for t in times) + ratio)
    if len(libraries) == 2:
        print(f"worst case: keep_highest takes {worst:.2f} x icepool's time")


if __name__ == "__main__":
    main()
