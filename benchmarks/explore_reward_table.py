"""How fast the reward-table explorer of notebook 03 answers an edit.

Each edit re-solves the optimal turn for a reward table it has not seen before (new Rules,
so no cached answer), as when a student types a new number.

    .venv/bin/python benchmarks/explore_reward_table.py
"""

from __future__ import annotations

import statistics
import time

from haba_lessons.explore.reward_table import RewardTableExplorer


def main() -> None:
    explorer = RewardTableExplorer()
    times = []
    for value in range(13, 63):              # 50 different tables: row >=11, 2 dice = 13 .. 62
        start = time.perf_counter()
        explorer.cells[6][0].value = str(value)
        times.append(time.perf_counter() - start)
    assert explorer.rows[6][0] == 62 and explorer.message.value == ""
    print(f"reward-table explorer, one edit (re-solve + redraw), {len(times)} new tables: "
          f"median {statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
