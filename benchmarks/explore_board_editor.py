"""Time one change of the board editor (notebook 10): every change recomputes, exactly, the
expected turns and the landing chance of every space.

    .venv/bin/python benchmarks/explore_board_editor.py
"""

from __future__ import annotations

import statistics
import time

from haba_lessons.explore.board_editor import DICE, FINISHES, MAX_SPACES, board_editor


def timed(change) -> float:
    start = time.perf_counter()
    change()
    return time.perf_counter() - start


def main() -> None:
    w = board_editor()
    changes = {
        "finish rule": lambda: setattr(w.finish, "value", "bounce back off the end"),
        "remove a snake": lambda: setattr(w.jumps, "value", "3:11, 8:2, 13:19, 17:5"),
        "add a ladder": lambda: setattr(w.jumps, "value", "3:11, 8:2, 13:19, 17:5, 20:23"),
        "extra-turn space": lambda: setattr(w.extra_turn, "value", "6"),
        "lost-turn spaces": lambda: setattr(w.lost_turn, "value", "9, 15"),
        "refused value": lambda: setattr(w.lost_turn, "value", "99"),
    }
    print("one change on the starting 25-space board:")
    for name, change in changes.items():
        print(f"  {name:<20} {timed(change) * 1000:7.1f} ms")
    worst = []
    for die_name in DICE:
        for finish in FINISHES:
            w = board_editor(die_name=die_name, finish=FINISHES[finish], extra_turn="10",
                             lost_turn="6")
            worst.append(timed(lambda: setattr(w.spaces, "value", MAX_SPACES)))
    print(f"largest board ({MAX_SPACES} spaces, 5 jumps, an extra-turn and a lost-turn space), "
          f"{len(worst)} die x finish combinations:")
    print(f"  median {statistics.median(worst) * 1000:.0f} ms, slowest {max(worst) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
