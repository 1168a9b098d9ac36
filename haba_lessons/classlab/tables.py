"""The pooled records as the counts the statistics need, one function per question."""

from __future__ import annotations

from collections import Counter

import pandas as pd

from .._checks import require_int
from ..errors import InvalidArgumentError
from ..i18n import _, ngettext
from ..games.mouse_trap.analysis import landing_rows
from ..games.mouse_trap.board import Board
from ..simulation import wilson_interval
from .inference import BetaPosterior, beta_posterior


def _events(records: pd.DataFrame, event: str) -> pd.DataFrame:
    return records[records["event"] == event]


def die_faces(records: pd.DataFrame) -> dict[int, int]:
    """How often each face 1-6 came up, over every die of every Spookies roll."""
    faces = Counter(int(f) for v in _events(records, "roll")["value"] for f in v.split())
    return {face: faces.get(face, 0) for face in range(1, 7)}


def first_dice(records: pd.DataFrame, count: int, prefer: str = "owls") -> tuple[str, list[int]]:
    """(group, its first ``count`` dice in the order rolled): group ``prefer`` if it rolled,
    otherwise the first group that did. Fewer dice if the group rolled fewer."""
    count = require_int(count, "count", minimum=1)
    rolls = _events(records, "roll")
    if rolls.empty:
        raise InvalidArgumentError(_("no Spookies rolls recorded yet."))
    group = prefer if prefer in set(rolls["group"]) else str(rolls["group"].iloc[0])
    faces = [int(f) for v in rolls[rolls["group"] == group]["value"] for f in v.split()]
    return group, faces[:count]


def best_two_results(records: pd.DataFrame, dice: int) -> dict[int, int]:
    """How often each best-two result came up in the Spookies rolls of ``dice`` dice."""
    results: Counter[int] = Counter()
    rolled: Counter[int] = Counter()
    for value in _events(records, "roll")["value"]:
        faces = sorted(int(f) for f in value.split())
        rolled[len(faces)] += 1
        if len(faces) == dice:
            results[faces[-1] + faces[-2]] += 1
    if not results:
        seen = ", ".join(ngettext("{n} roll of {d} dice", "{n} rolls of {d} dice", n)
                         .format(n=n, d=d) for d, n in sorted(rolled.items()))
        raise InvalidArgumentError(
            _("no roll of {dice} dice recorded (the records hold {seen}): set dice to one of "
              "those.").format(dice=dice, seen=seen) if seen else
            _("no roll of {dice} dice recorded yet.").format(dice=dice))
    return dict(sorted(results.items()))


def steadiness(records: pd.DataFrame) -> pd.DataFrame:
    """Per group and seat: silent / alarm / slid-out attempts and the Beta posterior."""
    attempts = _events(records, "attempt")
    rows = []
    for (group, player), rows_of in attempts.groupby(["group", "player"], sort=True):
        told = Counter(rows_of["value"])
        post = beta_posterior(told["silent"], told["alarm"] + told["slid_out"])
        low, high = post.interval()
        rows.append({"group": group, "player": player, "silent": told["silent"],
                     "alarm": told["alarm"], "slid out": told["slid_out"],
                     "attempts": len(rows_of), "posterior": f"Beta({post.a}, {post.b})",
                     "mean": round(float(post.mean), 3), "95% from": round(low, 3),
                     "95% to": round(high, 3)})
    return pd.DataFrame(rows, columns=["group", "player", "silent", "alarm", "slid out",
                                       "attempts", "posterior", "mean", "95% from", "95% to"])


def posteriors(records: pd.DataFrame, group: str) -> list[BetaPosterior]:
    """The Beta posteriors of one group's seats, in seat order."""
    table = steadiness(records)
    mine = table[table["group"] == group]
    if mine.empty:
        raise InvalidArgumentError(_("no Quiet as a Mouse attempts of group {group}; the "
                                     "groups are {groups}.").format(
            group=repr(group), groups=sorted(set(table["group"]))))
    return [beta_posterior(int(row["silent"]), int(row["alarm"] + row["slid out"]))
            for _, row in mine.sort_values("player").iterrows()]


def two_seats(records: pd.DataFrame, prefer: str = "owls") -> tuple[str, list[BetaPosterior]]:
    """(group, posteriors of its seats 1 and 2): group ``prefer`` if both its seats made
    attempts, otherwise the first group whose seats 1 and 2 both did."""
    table = steadiness(records)
    if table.empty:
        raise InvalidArgumentError(_("no Quiet as a Mouse attempts recorded yet."))
    both = [g for g, seats in table.groupby("group")["player"]
            if {"1", "2"} <= {str(s) for s in seats}]
    if not both:
        raise InvalidArgumentError(_("no group recorded attempts of both seat 1 and seat 2 "
                                     "yet; record a two-player game of Quiet as a Mouse."))
    group = prefer if prefer in both else both[0]
    return group, posteriors(records, group)[:2]


def journeys(records: pd.DataFrame) -> list[set[int]]:
    """For every mouse of every game (group, round, seat): the spaces its moves landed on."""
    landed = _events(records, "landed")
    return [set(int(v) for v in rows_of["value"])
            for _, rows_of in landed.groupby(["group", "round", "player"], sort=True)]


def landing_table(records: pd.DataFrame, board: Board) -> pd.DataFrame:
    """Per space of the path: share of mice that landed there against the exact chance."""
    paths = journeys(records)
    if not paths:
        raise InvalidArgumentError(_("no Mouse Trap landings recorded yet."))
    rows = []
    for row in landing_rows(board):
        landed = sum(row["space"] in path for path in paths)
        rows.append({"space": row["space"], "says": row["says"], "mice": len(paths),
                     "landed": landed, "observed share": round(landed / len(paths), 3),
                     "exact P(lands)": row["P(lands)"],
                     "≈": round(float(row["P(lands)"]), 3)})
    return pd.DataFrame(rows)



def landing_intervals(records: pd.DataFrame, board: Board) -> pd.DataFrame:
    """``landing_table`` for the spaces a move can land on (space 0 is the start), with each
    observed share's 95% (Wilson) interval and the exact chance as a decimal beside it."""
    table = landing_table(records, board)
    table = table[table["space"] > 0].reset_index(drop=True)
    bounds = [wilson_interval(k, m) for k, m in zip(table["landed"], table["mice"])]
    table["95% from"], table["95% to"] = [low for low, _ in bounds], [high for _, high in bounds]
    table["exact"] = table["exact P(lands)"].astype(float)
    return table

def crank_counts(records: pd.DataFrame) -> tuple[int, int]:
    """(cranks that worked, cranks)."""
    cranks = _events(records, "crank")["value"]
    if cranks.empty:
        raise InvalidArgumentError(_("no crank of the trap recorded yet."))
    return int((cranks == "works").sum()), len(cranks)


def could_play(records: pd.DataFrame) -> tuple[int, int]:
    """(deals where the first child could play at once, deals)."""
    answers = _events(records, "first_could_play")["value"]
    if answers.empty:
        raise InvalidArgumentError(_("no Meow Meow deal recorded yet (could the first child "
                                     "play?)."))
    return int((answers == "yes").sum()), len(answers)


def starter_wins(records: pd.DataFrame) -> pd.DataFrame:
    """One row per Meow Meow round that has a winner: its group, round, the seat that played
    first (``starter``), the winner's seat and whether the starter won (rounds of a file that
    does not say who started are left out)."""
    won = _events(records, "round_won")
    won = won[won["starter"].fillna("") != ""]
    rows = [{"group": row["group"], "round": int(row["round"]), "starter": int(row["starter"]),
             "winner": int(row["player"]), "starter won": row["player"] == row["starter"]}
            for _, row in won.iterrows()]
    return pd.DataFrame(rows, columns=["group", "round", "starter", "winner", "starter won"])
