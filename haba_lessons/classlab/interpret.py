"""Notebook 12's interpreting sentences, computed from the data in use.

A sentence such as "this is a false alarm" or "seat 1 is probably the favourite" is only true
for one data set. Here each is written from the numbers of the data in use, so notebook 12
stays true when a class loads its own records; what only the simulation's true values can
say (a false alarm, a miss) appears only when those values are known (:mod:`.simulated`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pandas as pd

from ..errors import InvalidArgumentError
from ..i18n import ngettext
from ..games.meow_meow.analysis import first_hand_fits
from ..games.meow_meow.rules import make_rules
from ..simulation import wilson_interval
from . import tables
from .favourite import FavouriteRow, win_chances
from .pool import Pool
from .simulated import ClassTruth, truth_of

LEVEL = 0.05


@dataclass(frozen=True)
class Decision:
    """A test's p-value (with its 95% interval when simulated) and what the 5% level says."""

    p_value: float
    low: float
    high: float
    simulated: bool
    level: float = LEVEL

    @property
    def rejected(self) -> bool | None:
        """True: reject the null hypothesis; False: do not; None: a simulated p-value whose
        interval straddles the level, so more samples are needed before deciding."""
        if self.high < self.level:
            return True
        if self.low >= self.level:
            return False
        return None

    def shown(self) -> str:
        if not self.simulated:
            return f"p = {self.p_value:.3f} (exact)"
        return f"p ≈ {self.p_value:.3f} (95% interval {self.low:.3f} to {self.high:.3f})"


def decide(p_value: float | Fraction, interval: tuple[float, float] | None = None,
           level: float = LEVEL) -> Decision:
    """The decision for an exact p-value, or a simulated one with its interval."""
    value = float(p_value)
    if interval is None:
        return Decision(value, value, value, False, level)
    low, high = (float(v) for v in interval)
    return Decision(value, low, high, True, level)


def decision_sentence(decision: Decision, null: str, alternative: str) -> str:
    """What the test says at the 5% level, in the words of a hypothesis test."""
    shown, level = decision.shown(), f"{decision.level:g}"
    if decision.rejected:
        ends = " even at the ends of its interval" if decision.simulated else ""
        return (f"{shown}: below {level}{ends}. At the 5% level we reject the null "
                f"hypothesis ({null}) in favour of the alternative ({alternative}).")
    if decision.rejected is False:
        return (f"{shown}: not below {level}. We do not reject the null hypothesis ({null}): "
                f"data like ours are not unusual if it is true — which does not prove it true.")
    return (f"{shown}: the interval straddles {level}, so we cannot decide yet; simulate "
            f"more samples before deciding.")


def truth_sentence(decision: Decision, null_is_true: bool | None, made_with: str) -> str:
    """For a simulated class, whether the decision was right; for real data, that nobody knows."""
    if null_is_true is None:
        return ("Real data: nobody knows whether the null hypothesis is true — that is why "
                "we test.")
    said = (f"These data were simulated with {made_with}, so the null hypothesis is "
            f"{'true' if null_is_true else 'false'}")
    if decision.rejected is None:
        return said + "; the test has not decided yet."
    if decision.rejected and null_is_true:
        return (said + ": this rejection is a false alarm (a type I error), which the 5% level "
                "lets through about 1 time in 20 when the null hypothesis is true.")
    if decision.rejected:
        return said + ": rejecting it was right."
    if null_is_true:
        return said + ": not rejecting it was right."
    return (said + ": not rejecting it is a miss (a type II error) — data this few could "
            "not show the difference.")


def known_truths(folder: str | Path, pools: Mapping[str, Pool],
                 fallback: str | Path) -> dict[str, ClassTruth | None]:
    """For each game, the true values behind the records in use: the fallback's for a game
    whose records stand in from it, the folder's own (None for a real class) otherwise."""
    own, stand_in = truth_of(folder), truth_of(fallback)
    return {game: (stand_in if pool.stand_in else own) for game, pool in pools.items()}


def data_sentence(folder: str | Path, truths: Mapping[str, ClassTruth | None]) -> str:
    """Which records are in use: a simulated class (its true values are known) or a real one."""
    own = truth_of(folder)
    if own is not None:
        return (f"The records in use are SIMULATED ({own.note}): their true values are "
                "known, and section 7 reveals them.")
    borrowed = sorted(game for game, truth in truths.items() if truth is not None)
    sentence = (f"The records in use are your class's, from the folder {Path(folder).name!r}: "
                "nobody knows their true values.")
    if borrowed:
        sentence += (f" The simulated example class stands in for {', '.join(borrowed)}; "
                     "section 7 reveals its true values.")
    return sentence


def die_text(die: Mapping[int, Fraction]) -> str:
    """A die's true chances in words: "a fair die" or the chance of each face."""
    if all(p == Fraction(1, 6) for p in die.values()):
        return "a fair die"
    groups: dict[Fraction, list[int]] = {}
    for face, p in sorted(die.items()):
        groups.setdefault(p, []).append(face)
    parts = [f"face {faces[0]}: {p}" if len(faces) == 1
             else f"faces {', '.join(map(str, faces))}: {p} each" for p, faces in groups.items()]
    return "a loaded die (" + "; ".join(parts) + ")"


def most_rolled_dice(records: pd.DataFrame) -> int:
    """The number of dice the class rolled most often in Spookies (3 on a tie with 3)."""
    rolled = Counter(len(v.split()) for v in records[records["event"] == "roll"]["value"])
    if not rolled:
        raise InvalidArgumentError("no Spookies rolls recorded yet.")
    return max(sorted(rolled), key=lambda dice: (rolled[dice], dice == 3))


def share_words(share: float) -> str:
    """A share as words a class reads at a glance: "about 77%", or "fewer than 1%"."""
    return f"about {share:.0%}" if share >= 0.005 else "fewer than 1%"


def spread_sentence(counts: Mapping[int, int], decision: Decision) -> str:
    """Back to the opening guess, with the class's own counts."""
    n = sum(counts.values())
    return (f"Back to your guess: in our {n} dice the faces came up between "
            f"{min(counts.values())} and {max(counts.values())} times. A fair die spreads its "
            f"counts at least this much in {share_words(decision.p_value)} of samples of {n}.")


def agreement_sentence(exact: float, simulated: Decision) -> str:
    """Does an exact p-value lie inside the simulated estimate's interval?"""
    inside = simulated.low <= exact <= simulated.high
    return (f"The exact p-value, {exact:.4f}, lies {'inside' if inside else 'outside'} the "
            f"simulated estimate's interval ({simulated.low:.3f} to {simulated.high:.3f})"
            + ("." if inside else ": an interval misses about 1 time in 20."))


def favourite_sentences(rows: Sequence[FavouriteRow], steadier: float, draws: int) -> list[str]:
    """Who is the favourite, how sure, and the honest answer, from the posterior draws."""
    first, second = rows[0], rows[1]
    best = max(rows, key=lambda row: row.favourite)
    give = 1.96 * (best.favourite * (1 - best.favourite) / draws) ** 0.5
    lines = [f"Averaged over what we know, seat 1 wins with chance {first.win:.3f} and seat 2 "
             f"with {second.win:.3f} (a tie counts as a win for both, so the two can add up "
             f"to more than 1). Seat 1's 95% interval runs from {first.low:.3f} to "
             f"{first.high:.3f}, seat 2's from {second.low:.3f} to {second.high:.3f}.",
             f"In {best.favourite:.1%} of the {draws:,} draws seat {best.seat} has the better "
             f"chance: the posterior probability that seat {best.seat} is the favourite"
             + (f" (give or take about {give:.2f})." if give >= 0.005 else ".")]
    how = ("about as often as" if abs(first.favourite - steadier) < 0.01 else
           "more often than" if first.favourite > steadier else "less often than")
    lines.append(f"Seat 1 is the favourite {how} it is the steadier child "
                 f"({first.favourite:.3f} against {steadier:.3f}). Seat 1 also starts: the "
                 "next line measures what starting is worth.")
    overlap = first.low <= second.high and second.low <= first.high
    if overlap:
        lines.append(f"The honest answer: seat {best.seat}, probably (about "
                     f"{round(10 * best.favourite)} chances in 10) — but the data cannot pin "
                     "down either child's chance of winning; play more games.")
    else:
        lines.append(f"Seat {best.seat}'s win chance lies above the other's whole interval: "
                     "these attempts point to a clear favourite.")
    return lines


def landing_model_sentence(truth: ClassTruth | None) -> str:
    """What the class's Mouse Trap landings can and cannot test."""
    if truth is not None:
        return ("These simulated mice move only by the die, exactly as the model of notebook "
                "08 assumes.")
    return ("In a real game mice are also moved with cheese, which the model of notebook 08 "
            "leaves out: many more misses than about 1 in 20 may point to that — a good thing "
            "to discuss.")


def _verdict(decision: Decision, null_is_true: bool) -> tuple[str, str]:
    said = {True: "rejected", False: "did not reject", None: "could not decide on"}
    agree = "—" if decision.rejected is None else (
        "yes" if decision.rejected != null_is_true else "no")
    return f"{said[decision.rejected]} the null hypothesis ({decision.shown()})", agree


def reveal(truths: Mapping[str, ClassTruth | None], pools: Mapping[str, Pool],
           decisions: Mapping[str, Decision], group: str,
           favourite: Sequence[FavouriteRow]) -> pd.DataFrame:
    """The true values of the simulated records in use beside what the notebook inferred:
    one row per test, per child's steadiness, for the favourite and for two chances.

    ``decisions`` holds the tests of sections 1, 2, 4 and 5 under the keys "die",
    "best two", "crank" and "could play"; ``group`` and ``favourite`` are section 3's.
    """
    rows = []

    def add(what: str, true: str, inferred: str, agree: str) -> None:
        rows.append({"what": what, "true value": true, "the class inferred": inferred,
                     "agree?": agree})

    spookies = truths.get("spookies")
    if spookies is not None:
        fair = spookies.die_is_fair
        add("the die is fair", f"{'yes' if fair else 'no'}: {die_text(spookies.die)}",
            *_verdict(decisions["die"], fair))
        add("best two of the dice follow the fair-dice distribution", "yes" if fair else "no",
            *_verdict(decisions["best two"], fair))
    quiet = truths.get("quiet_as_a_mouse")
    if quiet is not None:
        table = tables.steadiness(pools["quiet_as_a_mouse"].records)
        for _, row in table.iterrows():
            true_p = quiet.steadiness.get(row["group"], (None, None))[int(row["player"]) - 1]
            if true_p is None:
                continue
            inside = row["95% from"] <= true_p <= row["95% to"]
            add(f"{row['group']}, seat {row['player']}: steadiness p", str(true_p),
                f"posterior mean {row['mean']:.3f}, 95% from {row['95% from']:.3f} to "
                f"{row['95% to']:.3f}", "yes" if inside else "no: outside the interval")
        if group in quiet.steadiness:
            chances = win_chances(list(quiet.steadiness[group]))
            true_best = max(range(2), key=lambda seat: chances[seat]) + 1
            guess = max(favourite, key=lambda row: row.favourite)
            add(f"{group}: the favourite", f"seat {true_best} (wins with "
                f"{float(chances[true_best - 1]):.3f})",
                f"seat {guess.seat}, with posterior probability {guess.favourite:.3f}",
                "yes" if guess.seat == true_best else "no")
    trap = truths.get("mouse_trap")
    if trap is not None:
        works, cranks = tables.crank_counts(pools["mouse_trap"].records)
        low, high = wilson_interval(works, cranks)
        add("the trap works with chance r", str(trap.trap_reliability),
            f"{works} of {cranks} cranks, 95% interval {low:.3f} to {high:.3f}",
            "yes" if low <= trap.trap_reliability <= high else "no: outside the interval")
    meow = truths.get("meow_meow")
    if meow is not None:
        exact = 1 - first_hand_fits(make_rules(4))[0]
        yes, deals = tables.could_play(pools["meow_meow"].records)
        low, high = wilson_interval(yes, deals)
        add("the first child can play at once", f"{float(exact):.3f} (the rules, exactly)",
            f"{yes} of {deals} deals, 95% interval {low:.3f} to {high:.3f}",
            "yes" if low <= exact <= high else "no: outside the interval")
    return pd.DataFrame(rows, columns=["what", "true value", "the class inferred", "agree?"])


def reveal_sentence(table: pd.DataFrame) -> str:
    """How many of the revealed values the class got right, read with the 1-in-20 in mind."""
    if table.empty:
        return ("The records in use are real: there are no true values to reveal. Only more "
                "data can make the class surer.")
    judged = table[table["agree?"] != "—"]
    wrong = int((~judged["agree?"].str.startswith("yes")).sum())
    return (f"{len(judged) - wrong} of {len(judged)} checks agree with the true values. A test "
            "at the 5% level and a 95% interval are each wrong about 1 time in 20 when the "
            "model is right, and a test of few data often misses a real difference: "
            + ("no wrong answer this time." if wrong == 0 else
               ngettext("{n} wrong answer among them is what chance alone can do",
                        "{n} wrong answers among them is what chance alone can do",
                        wrong).format(n=wrong)
               + " — collect more data before concluding."))
