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
from ..i18n import N_, _, grouped, label, ngettext, number, pgettext
from ..games.meow_meow.analysis import first_hand_fits
from ..games.meow_meow.rules import make_rules
from ..games.mouse_trap.board import default_board
from ..simulation import wilson_interval
from . import example, tables
from .favourite import FavouriteRow, win_chances
from .pool import Pool
from .simulated import ClassTruth, truth_of

LEVEL = 0.05
#: An exact p-value is shown to 3 decimals; below half of this it reads "p < 0.001".
SMALLEST_SHOWN = 0.001


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
            if 0 < self.p_value < SMALLEST_SHOWN / 2:   # 3 decimals would round it to 0.000
                return _("p < {p} (exact)").format(p=number(SMALLEST_SHOWN, ".3f"))
            return _("p = {p} (exact)").format(p=number(self.p_value, ".3f"))
        return _("p ≈ {p} (95% interval {low} to {high})").format(
            p=number(self.p_value, ".3f"), low=number(self.low, ".3f"),
            high=number(self.high, ".3f"))


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
    shown, level = decision.shown(), number(decision.level, "g")
    null, alternative = label(null), label(alternative)
    if decision.rejected:
        text = _("{shown}: below {level} even at the ends of its interval. At the 5% level we "
                 "reject the null hypothesis ({null}) in favour of the alternative "
                 "({alternative}).") if decision.simulated else \
            _("{shown}: below {level}. At the 5% level we reject the null hypothesis ({null}) "
              "in favour of the alternative ({alternative}).")
        return text.format(shown=shown, level=level, null=null, alternative=alternative)
    if decision.rejected is False:
        return _("{shown}: not below {level}. We do not reject the null hypothesis ({null}): "
                 "data like ours are not unusual if it is true — which does not prove it "
                 "true.").format(shown=shown, level=level, null=null)
    return _("{shown}: the interval straddles {level}, so we cannot decide yet; simulate more "
             "samples before deciding.").format(shown=shown, level=level)


def truth_sentence(decision: Decision, null_is_true: bool | None, made_with: str) -> str:
    """For a simulated class, whether the decision was right; for real data, that nobody knows."""
    if null_is_true is None:
        return _("Real data: nobody knows whether the null hypothesis is true — that is why "
                 "we test.")
    said = (_("These data were simulated with {made_with}, so the null hypothesis is true")
            if null_is_true else
            _("These data were simulated with {made_with}, so the null hypothesis is false")
            ).format(made_with=label(made_with))
    if decision.rejected is None:
        return said + _("; the test has not decided yet.")
    if decision.rejected and null_is_true:
        return said + _(": this rejection is a false alarm (a type I error), which the 5% "
                        "level lets through about 1 time in 20 when the null hypothesis is "
                        "true.")
    if decision.rejected:
        return said + _(": rejecting it was right.")
    if null_is_true:
        return said + _(": not rejecting it was right.")
    return said + _(": not rejecting it is a miss (a type II error) — data this few could not "
                    "show the difference.")


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
        return _("The records in use are SIMULATED ({note}): their true values are known, and "
                 "section 7 reveals them.").format(
            note=_(example.NOTE_TEXT).format(seed=example.SEED) if own.note == example.NOTE
            else own.note)
    borrowed = sorted(game for game, truth in truths.items() if truth is not None)
    sentence = _("The records in use are your class's, from the folder {folder}: nobody "
                 "knows their true values.").format(folder=repr(Path(folder).name))
    if borrowed:
        sentence += " " + _("The simulated example class stands in for {games}; section 7 "
                            "reveals its true values.").format(games=", ".join(borrowed))
    return sentence


def die_text(die: Mapping[int, Fraction]) -> str:
    """A die's true chances in words: "a fair die" or the chance of each face."""
    if all(p == Fraction(1, 6) for p in die.values()):
        return _("a fair die")
    groups: dict[Fraction, list[int]] = {}
    for face, p in sorted(die.items()):
        groups.setdefault(p, []).append(face)
    parts = [_("face {face}: {p}").format(face=faces[0], p=p) if len(faces) == 1
             else _("faces {faces}: {p} each").format(faces=", ".join(map(str, faces)), p=p)
             for p, faces in groups.items()]
    return _("a loaded die ({faces})").format(faces="; ".join(parts))


#: What notebook 12 computes from each game's records, section by section: records that one
#: of these refuses cannot serve the lesson yet, and ``pool_folder(..., needs=SECTIONS)``
#: lets the example class stand in for them.
SECTIONS = {
    "spookies": lambda records: (tables.first_dice(records, 12),
                                 tables.best_two_results(records, most_rolled_dice(records))),
    "quiet_as_a_mouse": tables.two_seats,
    "mouse_trap": lambda records: (tables.landing_intervals(records, default_board()),
                                   tables.crank_counts(records)),
    "meow_meow": tables.could_play,
}


def most_rolled_dice(records: pd.DataFrame) -> int:
    """The number of dice the class rolled most often in Spookies (3 on a tie with 3)."""
    rolled = Counter(len(v.split()) for v in records[records["event"] == "roll"]["value"])
    if not rolled:
        raise InvalidArgumentError(_("no Spookies rolls recorded yet."))
    return max(sorted(rolled), key=lambda dice: (rolled[dice], dice == 3))


def share_words(share: float) -> str:
    """A share as words a class reads at a glance: "about 77%", or "fewer than 1%"."""
    return _("about {percent}%").format(percent=number(100 * share, ".0f")) \
        if share >= 0.005 else _("fewer than 1%")


def spread_sentence(counts: Mapping[int, int], decision: Decision) -> str:
    """Back to the opening guess, with the class's own counts."""
    n = sum(counts.values())
    return _("Back to your guess: in our {n} dice the faces came up between {low} and {high} "
             "times. A fair die's counts are at least this far from even, measured by the "
             "TVD, in {share} of samples of {n}.").format(
        n=n, low=min(counts.values()), high=max(counts.values()),
        share=share_words(decision.p_value))


def agreement_sentence(exact: float, simulated: Decision) -> str:
    """Does an exact p-value lie inside the simulated estimate's interval?"""
    inside = simulated.low <= exact <= simulated.high
    text = _("The exact p-value, {exact}, lies inside the simulated estimate's interval ({low} "
             "to {high}).") if inside else \
        _("The exact p-value, {exact}, lies outside the simulated estimate's interval ({low} "
          "to {high}): an interval misses about 1 time in 20.")
    return text.format(exact=number(exact, ".4f"), low=number(simulated.low, ".3f"),
                       high=number(simulated.high, ".3f"))


def favourite_sentences(rows: Sequence[FavouriteRow], steadier: float, draws: int) -> list[str]:
    """Who is the favourite, how sure, and the honest answer, from the posterior draws."""
    first, second = rows[0], rows[1]
    best = max(rows, key=lambda row: row.favourite)
    give = 1.96 * (best.favourite * (1 - best.favourite) / draws) ** 0.5
    three = {name: number(value, ".3f") for name, value in (
        ("win1", first.win), ("win2", second.win), ("low1", first.low), ("high1", first.high),
        ("low2", second.low), ("high2", second.high))}
    lines = [_("Averaged over what we know, seat 1 wins with chance {win1} and seat 2 with "
               "{win2} (a tie counts as a win for both, so the two can add up to more than 1). "
               "Seat 1's 95% interval runs from {low1} to {high1}, seat 2's from {low2} to "
               "{high2}.").format(**three),
             (_("In {percent}% of the {draws} draws seat {seat} has the better chance: the "
                "posterior probability that seat {seat} is the favourite (give or take about "
                "{give}).") if give >= 0.005 else
              _("In {percent}% of the {draws} draws seat {seat} has the better chance: the "
                "posterior probability that seat {seat} is the favourite.")).format(
                 percent=number(100 * best.favourite, ".1f"), draws=grouped(draws),
                 seat=best.seat, give=number(give, ".2f"))]
    how = (_("Seat 1 is the favourite about as often as it is the steadier child ({favourite} "
             "against {steadier}).") if abs(first.favourite - steadier) < 0.01 else
           _("Seat 1 is the favourite more often than it is the steadier child ({favourite} "
             "against {steadier}).") if first.favourite > steadier else
           _("Seat 1 is the favourite less often than it is the steadier child ({favourite} "
             "against {steadier})."))
    lines.append(how.format(favourite=number(first.favourite, ".3f"),
                            steadier=number(steadier, ".3f"))
                 + " " + _("Seat 1 also starts: the next line measures what starting is worth."))
    overlap = first.low <= second.high and second.low <= first.high
    if overlap:
        lines.append(_("The honest answer: seat {seat}, probably (about {chances} chances in "
                       "10) — but the data cannot pin down either child's chance of winning; "
                       "play more games.").format(seat=best.seat,
                                                  chances=round(10 * best.favourite)))
    else:
        lines.append(_("Seat {seat}'s win chance lies above the other's whole interval: these "
                       "attempts point to a clear favourite.").format(seat=best.seat))
    return lines


def landing_model_sentence(truth: ClassTruth | None) -> str:
    """What the class's Mouse Trap landings can and cannot test."""
    if truth is not None:
        return _("These simulated mice move only by the die, exactly as the model of notebook "
                 "08 assumes.")
    return _("In a real game mice are also moved with cheese, which the model of notebook 08 "
             "leaves out: many more misses than about 1 in 20 may point to that — a good "
             "thing to discuss.")


def _yes() -> str:
    return pgettext("reveal", "yes")


def _no(outside: bool = False) -> str:
    return pgettext("reveal", "no: outside the interval") if outside else \
        pgettext("reveal", "no")


def _verdict(decision: Decision, null_is_true: bool) -> tuple[str, str]:
    said = {True: _("rejected the null hypothesis ({decision})"),
            False: _("did not reject the null hypothesis ({decision})"),
            None: _("could not decide on the null hypothesis ({decision})")}
    agree = "—" if decision.rejected is None else (
        _yes() if decision.rejected != null_is_true else _no())
    return said[decision.rejected].format(decision=decision.shown()), agree


#: The columns of :func:`reveal`'s table, as shown.
REVEALED = (N_("what"), N_("true value"), N_("the class inferred"), N_("agree?"))


def reveal(truths: Mapping[str, ClassTruth | None], pools: Mapping[str, Pool],
           decisions: Mapping[str, Decision], group: str,
           favourite: Sequence[FavouriteRow]) -> pd.DataFrame:
    """The true values of the simulated records in use beside what the notebook inferred:
    one row per test, per child's steadiness, for the favourite and for two chances, in the
    language in use (columns, words and numbers: it is a table to show).

    ``decisions`` holds the tests of sections 1, 2, 4 and 5 under the keys "die",
    "best two", "crank" and "could play"; ``group`` and ``favourite`` are section 3's.
    """
    rows = []

    def add(what: str, true: str, inferred: str, agree: str) -> None:
        rows.append((what, true, inferred, agree))

    def three(value: float) -> str:
        return number(float(value), ".3f")

    spookies = truths.get("spookies")
    if spookies is not None:
        fair = spookies.die_is_fair
        add(_("the die is fair"), f"{_yes() if fair else _no()}: {die_text(spookies.die)}",
            *_verdict(decisions["die"], fair))
        add(_("best two of the dice follow the fair-dice distribution"),
            _yes() if fair else _no(), *_verdict(decisions["best two"], fair))
    quiet = truths.get("quiet_as_a_mouse")
    if quiet is not None:
        table = tables.steadiness(pools["quiet_as_a_mouse"].records)
        for row in table.to_dict("records"):
            true_p = quiet.steadiness.get(row["group"], (None, None))[int(row["player"]) - 1]
            if true_p is None:
                continue
            inside = row["95% from"] <= true_p <= row["95% to"]
            add(_("{group}, seat {seat}: steadiness p").format(group=row["group"],
                                                               seat=row["player"]),
                str(true_p),
                _("posterior mean {mean}, 95% from {low} to {high}").format(
                    mean=three(row["mean"]), low=three(row["95% from"]),
                    high=three(row["95% to"])),
                _yes() if inside else _no(outside=True))
        if group in quiet.steadiness:
            chances = win_chances(list(quiet.steadiness[group]))
            true_best = max(range(2), key=lambda seat: chances[seat]) + 1
            guess = max(favourite, key=lambda row: row.favourite)
            add(_("{group}: the favourite").format(group=group),
                _("seat {seat} (wins with {chance})").format(
                    seat=true_best, chance=three(chances[true_best - 1])),
                _("seat {seat}, with posterior probability {p}").format(
                    seat=guess.seat, p=three(guess.favourite)),
                _yes() if guess.seat == true_best else _no())
    trap = truths.get("mouse_trap")
    if trap is not None:
        works, cranks = tables.crank_counts(pools["mouse_trap"].records)
        low, high = wilson_interval(works, cranks)
        add(_("the trap works with chance r"), str(trap.trap_reliability),
            _("{works} of {cranks} cranks, 95% interval {low} to {high}").format(
                works=works, cranks=cranks, low=three(low), high=three(high)),
            _yes() if low <= trap.trap_reliability <= high else _no(outside=True))
    meow = truths.get("meow_meow")
    if meow is not None:
        exact = 1 - first_hand_fits(make_rules(4))[0]
        yes, deals = tables.could_play(pools["meow_meow"].records)
        low, high = wilson_interval(yes, deals)
        add(_("the first child can play at once"),
            _("{chance} (the rules, exactly)").format(chance=three(exact)),
            _("{yes} of {deals} deals, 95% interval {low} to {high}").format(
                yes=yes, deals=deals, low=three(low), high=three(high)),
            _yes() if low <= exact <= high else _no(outside=True))
    return pd.DataFrame(rows, columns=[_(column) for column in REVEALED])


def reveal_sentence(table: pd.DataFrame) -> str:
    """How many of the revealed values the class got right, read with the 1-in-20 in mind."""
    if table.empty:
        return _("The records in use are real: there are no true values to reveal. Only more "
                 "data can make the class surer.")
    agree = table.iloc[:, len(REVEALED) - 1]          # the column "agree?", in any language
    judged = agree[agree != "—"]
    wrong = int((~judged.str.startswith(_yes())).sum())
    return (_("{right} of {checks} checks agree with the true values. A test at the 5% level "
              "and a 95% interval are each wrong about 1 time in 20 when the model is right, "
              "and a test of few data often misses a real difference: ").format(
                right=len(judged) - wrong, checks=len(judged))
            + (_("no wrong answer this time.") if wrong == 0 else
               ngettext("{n} wrong answer among them is what chance alone can do",
                        "{n} wrong answers among them is what chance alone can do",
                        wrong).format(n=wrong)
               + _(" — collect more data before concluding.")))
