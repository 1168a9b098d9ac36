"""Run benchmarks under two checkouts, interleaved, and print both figures and the ratio.

    .venv/bin/python benchmarks/compare.py OLD [NEW] [--rounds 3] [--only spookies.py ...]

``OLD`` and ``NEW`` (default: this checkout) are folders of the repository, e.g. a second
worktree of an older commit (``git worktree add /work/wt/bench-old c80b62c``). Each one's own
``benchmarks/*.py`` runs with its own ``.venv/bin/python`` (else this Python), in its folder,
with the folder first on ``PYTHONPATH`` (keep optional libraries such as RLCard on
``PYTHONPATH`` too: they are passed on). The two run in turn, old, new, old, new, ..., so a
machine shared with other work slows both alike, and each figure's best round is kept: the
highest rate, the lowest time. Times are this process's CPU time where the script times
itself in-process (``time.perf_counter`` is replaced by ``time.process_time`` before the
script starts), so other programs on the machine do not inflate them; the scripts that time
notebooks, kernels or Sphinx in other processes (``WALL_CLOCK``) keep the wall clock.

A figure is a number in a line of the script's output followed by a unit: a time (``ms``,
``s``) or a rate (``/s``, ``per second``); the other numbers of the line (sizes, counts)
name it. ``speed`` is new against old (above 1: faster), and a figure more than 10% slower
is marked ``SLOWER``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
#: Scripts that time work done in other processes: their wall clock is kept.
WALL_CLOCK = frozenset({"notebooks.py", "charts.py", "site.py"})
#: This script, never compared.
SELF = Path(__file__).name
#: A figure more than this much slower is marked.
TOLERANCE = 0.10

NUMBER = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)")
TIME_UNIT = re.compile(r"\s*(?:ms|s|seconds?)\b")
RATE_UNIT = re.compile(r"\s*(?:[\w ]*?/s\b|[\w ]*?per second)")
CPU_TIMER = ("import runpy, sys, time\n"
             "time.perf_counter = time.process_time\n"
             "sys.argv = sys.argv[1:]\n"
             "runpy.run_path(sys.argv[0], run_name='__main__')\n")


def python_of(checkout: Path) -> str:
    """The checkout's own interpreter, else this one."""
    own = checkout / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def run(checkout: Path, script: str, arguments: list[str]) -> str:
    """One run of ``benchmarks/script`` in ``checkout``: its output."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(checkout)] + [p for p in environment.get("PYTHONPATH", "").split(os.pathsep) if p])
    path = str(checkout / "benchmarks" / script)
    command = [python_of(checkout)] + (
        [path] if script in WALL_CLOCK else ["-c", CPU_TIMER, path]) + arguments
    done = subprocess.run(command, cwd=checkout, env=environment, capture_output=True,
                          text=True)
    if done.returncode:
        raise SystemExit(f"{script} failed in {checkout}:\n{done.stderr.strip()[-2000:]}")
    return done.stdout


def figures(output: str) -> dict[tuple[str, int], tuple[str, list[tuple[float, str]]]]:
    """Each line of ``output`` that has numbers, keyed by its text with the numbers blanked
    (and which occurrence of that text it is): the line, and its numbers, each with its kind
    (``time``, ``rate`` or ``other``)."""
    found: dict[tuple[str, int], tuple[str, list[tuple[float, str]]]] = {}
    seen: dict[str, int] = defaultdict(int)
    for line in output.splitlines():
        numbers = []
        for match in NUMBER.finditer(line):
            rest = line[match.end():]
            kind = ("rate" if RATE_UNIT.match(rest) else
                    "time" if TIME_UNIT.match(rest) else "other")
            numbers.append((float(match.group(1).replace(",", "")), kind))
        if not numbers:
            continue
        label = " ".join(NUMBER.sub("#", line).split())   # padding varies with width
        found[label, seen[label]] = (line.strip(), numbers)
        seen[label] += 1
    return found


def shown(line: str, position: int) -> str:
    """``line`` with its ``position``-th number as ``▮`` (the figure compared)."""
    matches = list(NUMBER.finditer(line))
    start, end = matches[position].span()
    return " ".join((line[:start] + "▮" + line[end:]).split())


def best(values: list[float], kind: str) -> float:
    """The best round: the highest rate, the lowest time (else the first value)."""
    return max(values) if kind == "rate" else min(values) if kind == "time" else values[0]


def compare(script: str, old: Path, new: Path, rounds: int, arguments: list[str]) -> int:
    """Run ``script`` under both checkouts in turn; print the figures; count those slower."""
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    for _ in range(rounds):
        for side, checkout in (("old", old), ("new", new)):
            runs[side].append(figures(run(checkout, script, arguments)))
    print(f"\n== {script} ({rounds} rounds each, "
          f"{'wall clock' if script in WALL_CLOCK else 'CPU time'}; old {old}, new {new})")
    slower = 0
    lines = list(dict.fromkeys(key for side in ("old", "new") for r in runs[side] for key in r))
    for key in lines:
        label = key[0]
        present = {side: [r[key][1] for r in runs[side] if key in r] for side in runs}
        line = next(r[key][0] for r in runs["new"] if key in r) if present["new"] else label
        if not present["old"] or not present["new"]:
            only = "new" if present["new"] else "old"
            print(f"  (only in {only}) {label}")
            continue
        width = min(len(r) for side in runs for r in present[side])
        for position in range(width):
            kind = present["new"][0][position][1]
            values = {side: [r[position][0] for r in present[side]] for side in runs}
            if kind == "other":
                continue
            was, now = best(values["old"], kind), best(values["new"], kind)
            speed = (now / was if kind == "rate" else was / now) if was and now else float("nan")
            mark = "  SLOWER" if speed < 1 - TOLERANCE else ""
            slower += bool(mark)
            print(f"  {shown(line, position)[:64]:<64} old {was:>10,.4g}  new {now:>10,.4g}  "
                  f"speed {speed:5.2f}x{mark}")
    return slower


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the older checkout")
    parser.add_argument("new", type=Path, nargs="?", default=HERE, help="default: this one")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, in turn")
    parser.add_argument("--only", nargs="+", default=None, help="these scripts only")
    parser.add_argument("--args", default="", help="arguments for the scripts")
    options = parser.parse_args()
    old, new = options.old.resolve(), options.new.resolve()
    scripts = options.only or sorted(p.name for p in (new / "benchmarks").glob("*.py")
                                     if p.name != SELF)
    slower = 0
    for script in scripts:
        if not (old / "benchmarks" / script).exists():
            print(f"\n== {script}: not in {old}, nothing to compare")
            continue
        slower += compare(script, old, new, options.rounds, options.args.split())
    print(f"\n{slower} figure(s) more than {TOLERANCE:.0%} slower in the new checkout.")


if __name__ == "__main__":
    main()
