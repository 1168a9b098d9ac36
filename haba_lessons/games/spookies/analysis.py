"""Exact analysis of one Spookies turn: the value of one more roll and the optimal policy.

**What is optimized.** The change in the number of chips the player holds over the turn:
chips taken (reward table and penalty chips) minus chips paid as fines. Chips are counted,
not points: their values are face down and every chip is worth 165/75 = 2.2 points on
average, so more chips means more expected points. The stockpile is assumed large enough
for every reward (near the end of a game it is not).

**Fines.** A failure costs 1 chip per space fallen, paid from *all* the chips the player
holds: those held before the turn and those banked earlier in the same turn are paid in
exactly the same way (face down, at random), and a player who holds fewer chips than the
fall pays only what they have. So a chip banked this turn is at risk like any other, and a
poor player is bolder. The largest possible fall is 7 spaces (attic to start), so the
dynamic programme only needs to know the chips available for a fine up to 7.

**The state of the dynamic programme** is (figure position, chips available for a fine =
chips held before the turn + chips gained so far this turn, capped at 7, whether the attic's
penalty chips are still there). Penalty chips on the other spaces are parameters: a figure
passes each space at most once per turn, so a space's penalty chips are collected at most
once (with 2 dice) — only the attic can be reached again and again.

``held=None`` means "enough chips for any fine" (7 or more), the usual case in mid-game; then
the best choice depends on the position only. The recursion is exact (Fractions). In the
attic the figure can stay forever, so there the value solves ``V = max(0, max_k Q_k(V))``:
a roll that keeps the state unchanged after a 12 gives the stationary value
``(q*r - L) / (1 - q)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import pandas as pd

from ..._checks import require_int
from ...dice import best_two
from ...distribution import Distribution
from ...errors import InvalidArgumentError
from ...engine import ranked_choices
from ...i18n import N_, _
from .board import DICE_CHOICES, SPACE_COUNT
from .rules import ATTIC, START, Action, Rules, resolve_roll

MAX_FALL = ATTIC - START
NO_PENALTIES = (0,) * SPACE_COUNT


@lru_cache(maxsize=None)
def result_distribution(dice: int) -> Distribution:
    """The distribution of a roll's result: the sum of the two highest of ``dice`` dice."""
    return best_two(dice)


@lru_cache(maxsize=1024)
def checked_roll(position: object, dice: object) -> tuple[int, int]:
    """``position`` and ``dice`` if they are a space (0 = start .. 7 = attic) and 2, 3 or 4
    dice, else a refusal naming which one is wrong."""
    return (require_int(position, N_("position (0 = start .. 7 = attic)"), minimum=START,
                        maximum=ATTIC),
            require_int(dice, "dice", minimum=min(DICE_CHOICES), maximum=max(DICE_CHOICES)))


def success_probability(position: int, dice: int, rules: Rules) -> Fraction:
    """P(success) for a figure at ``position`` (0 = start .. 7 = attic) rolling ``dice`` dice."""
    position, dice = checked_roll(position, dice)
    return result_distribution(dice).probability(
        lambda r: resolve_roll(position, r, rules).kind == "success")


def expected_fine(position: int, dice: int, rules: Rules, chips: int | None = None) -> Fraction:
    """The expected number of chips paid as a fine on this roll (``chips`` = what you hold)."""
    position, dice = checked_roll(position, dice)
    cap = MAX_FALL if chips is None else chips
    return sum((p * min(o.fallen, cap) for r, p in result_distribution(dice).items()
                for o in [resolve_roll(position, r, rules)] if o.kind == "failure"),
               Fraction(0))


def one_roll_value(position: int, dice: int, rules: Rules, *, chips: int | None = None,
                   penalties: Sequence[int] = NO_PENALTIES) -> Fraction:
    """Expected chips from exactly one more roll and then stopping, net of the fine."""
    position, dice = checked_roll(position, dice)
    target = min(position + 1, ATTIC)
    reward = rules.reward_table.reward(target, dice)
    if dice == 2 and (position != ATTIC or rules.attic_two_dice_collects_penalties):
        reward += penalties[target - 1]
    return (success_probability(position, dice, rules) * reward
            - expected_fine(position, dice, rules, chips))


def one_more_roll_table(rules: Rules, *, chips: int | None = None) -> pd.DataFrame:
    """For every space and dice count: P(success), reward, expected fine, value of one roll."""
    rows = []
    for position in range(START, ATTIC + 1):
        for dice in DICE_CHOICES:
            target = min(position + 1, ATTIC)
            value = one_roll_value(position, dice, rules, chips=chips)
            rows.append({
                "figure on": rules.space_label(position), "dice": dice,
                "reaching": rules.space_label(target),
                "P(success)": str(success_probability(position, dice, rules)),
                "reward": rules.reward_table.reward(target, dice),
                "expected fine": str(expected_fine(position, dice, rules, chips)),
                "value of one roll": str(value), "≈": round(float(value), 3),
            })
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class TurnPolicy:
    """The optimal single-turn policy for given penalty chips and chips held.

    States are solved when first asked for (and remembered): ``values[(position, chips,
    attic)]`` is the expected net chip gain from there with optimal play when stopping is
    allowed; ``q[(position, chips, attic, dice)]`` that of rolling ``dice`` dice now and
    playing optimally afterwards.
    """

    rules: Rules
    penalties: tuple[int, ...]
    held: int | None
    values: dict
    q: dict
    solve: Callable[[int, int, bool], Fraction]

    def _key(self, position: int, chips: int | None, attic: bool | None) -> tuple:
        position = require_int(position, "position", minimum=START, maximum=ATTIC)
        if chips is None:
            chips = MAX_FALL if self.held is None else self.held
        chips = min(require_int(chips, "chips", minimum=0), MAX_FALL)
        key = position, chips, self.penalties[-1] > 0 if attic is None else bool(attic)
        self.solve(*key)
        return key

    def roll_value(self, position: int, dice: int, chips: int | None = None,
                   attic: bool | None = None) -> Fraction:
        """Expected net chips of rolling ``dice`` dice now, then playing optimally."""
        return self.q[self._key(position, chips, attic) + (dice,)]

    def value(self, position: int, chips: int | None = None, *, first_roll: bool = False,
              attic: bool | None = None) -> Fraction:
        """Expected net chips from here with optimal play (no stopping on the first roll)."""
        key = self._key(position, chips, attic)
        if first_roll:
            return max(self.q[key + (d,)] for d in DICE_CHOICES)
        return self.values[key]

    def best_action(self, position: int, chips: int | None = None, *,
                    first_roll: bool = False, attic: bool | None = None) -> Action:
        """The optimal choice; ties go to the safer choice (stop, then more dice)."""
        key = self._key(position, chips, attic)
        best = Action("stop") if not first_roll else None
        best_value = Fraction(0) if not first_roll else None
        for dice in (4, 3, 2):
            value = self.q[key + (dice,)]
            if best_value is None or value > best_value:
                best, best_value = Action("roll", dice), value
        return best


def solve_turn(rules: Rules, *, penalties: Sequence[int] = NO_PENALTIES,
               held: int | None = None) -> TurnPolicy:
    """Compute the optimal single-turn policy exactly (see the module notes).

    ``penalties``: penalty chips lying on >=5 .. >=11; ``held``: chips held before the turn
    (``None`` = enough for any fine).
    """
    penalties = tuple(require_int(p, "penalty chips", minimum=0) for p in penalties)
    if len(penalties) != SPACE_COUNT:
        raise InvalidArgumentError(f"penalties must list the chips on the {SPACE_COUNT} "
                                   f"spaces >=5 .. >=11, not {len(penalties)} numbers.")
    if held is not None:
        held = require_int(held, "held (chips held before the turn)", minimum=0)
    return TurnPolicy(rules, penalties, held, *_solver(rules, penalties))


@lru_cache(maxsize=16)
def _roll_terms(rules: Rules) -> dict:
    """P(success) and the expected fine for each (position, dice, chips held up to 7)."""
    terms = {}
    for position in range(START, ATTIC + 1):
        for dice in DICE_CHOICES:
            outcomes = [(resolve_roll(position, r, rules), p)
                        for r, p in result_distribution(dice).items()]
            success = sum((p for o, p in outcomes if o.kind == "success"), Fraction(0))
            for chips in range(MAX_FALL + 1):
                fine = sum((p * min(o.fallen, chips) for o, p in outcomes
                            if o.kind == "failure"), Fraction(0))
                terms[position, dice, chips] = (success, fine)
    return terms


@lru_cache(maxsize=256)
def _solver(rules: Rules, penalties: tuple[int, ...]) -> tuple[dict, dict, Callable]:
    """The memo tables and the recursive solver for one reward table and penalty layout."""
    values: dict = {}
    q: dict = {}
    terms = _roll_terms(rules)

    def reward(position: int, target: int, dice: int, attic: bool) -> tuple[int, bool]:
        chips = rules.reward_table.reward(target, dice)
        if dice == 2 and target < ATTIC:
            chips += penalties[target - 1]
        elif dice == 2 and attic and (position < ATTIC or rules.attic_two_dice_collects_penalties):
            return chips + penalties[-1], False
        return chips, attic

    def solve(position: int, chips: int, attic: bool) -> Fraction:
        key = (position, chips, attic)
        if key in values:
            return values[key]
        best = Fraction(0)
        loops = {}
        for dice in DICE_CHOICES:
            success, fine = terms[position, dice, chips]
            target = min(position + 1, ATTIC)
            gain, attic_after = reward(position, target, dice, attic)
            after = (target, min(MAX_FALL, chips + gain), attic_after)
            if after == key:      # the attic again, nothing changed: a stationary loop
                loops[dice] = (success, gain, fine)
                if success < 1:
                    best = max(best, (success * gain - fine) / (1 - success))
            else:
                q[key + (dice,)] = success * (gain + solve(*after)) - fine
                best = max(best, q[key + (dice,)])
        values[key] = best
        for dice, (success, gain, fine) in loops.items():
            q[key + (dice,)] = success * (gain + best) - fine
        return best

    return values, q, solve


def policy_table(policy: TurnPolicy, chips: int | None = None) -> pd.DataFrame:
    """The optimal policy by position: the value of each choice, the best choice, the value.

    "first roll" is the best choice when the friend die has just named the figure (stopping
    is not allowed); "after a success" is the best choice later in the turn.
    """
    rules = policy.rules
    rows = []
    for position in range(START, ATTIC + 1):
        row = {_("space"): space_words(rules, position)}
        for dice in DICE_CHOICES:
            row[action_words(Action("roll", dice))] = round(
                float(policy.roll_value(position, dice, chips)), 3)
        row[_("first roll")] = action_words(policy.best_action(position, chips, first_roll=True))
        row[_("after a success")] = action_words(policy.best_action(position, chips))
        value = policy.value(position, chips, first_roll=True)
        row[_("value of the turn")] = str(value)
        row["≈"] = round(float(value), 3)
        rows.append(row)
    return pd.DataFrame(rows)


def turn_value(positions: Sequence[int], policy: TurnPolicy, free_choice: bool = False,
               chips: int | None = None) -> Fraction:
    """Expected net chips of a whole turn before the friend die: each figure 1/6, "?" = best."""
    firsts = [policy.value(p, chips, first_roll=True) for p in positions]
    if free_choice:
        return max(firsts)
    return (sum(firsts, Fraction(0)) + max(firsts)) / 6


def reward_table_frame(rules: Rules) -> pd.DataFrame:
    """The reward table as a small frame: one row per space reached, one column per dice count."""
    frame = pd.DataFrame(rules.reward_table.rows, columns=[dice_words(d) for d in DICE_CHOICES],
                         index=[space_words(rules, s) for s in range(START + 1, ATTIC + 1)])
    provenance = rules.reward_table.provenance
    frame.index.name = _("reaching ({provenance})").format(
        provenance=_(PROVENANCE_WORDS.get(provenance, provenance)))
    return frame


def policy_array_value(policy: Sequence[Sequence[int]], start: int, rules: Rules) -> Fraction:
    """Exact expected net chips of one turn played by a policy array, enough chips for any fine.

    ``policy[position][column]`` is the dice count (0 = stop) with ``column`` = successes so
    far, the last column standing for "that many or more" (the arrays of ``simulate``). The
    first roll must not be a stop. In the attic a success can repeat the same state; then the
    value solves ``W = q (r + W) - fine``.
    """
    table = [[int(k) for k in row] for row in policy]
    last = len(table[0]) - 1

    @lru_cache(maxsize=None)
    def worth(position: int, column: int) -> Fraction:
        dice = table[position][column]
        if dice == 0:
            return Fraction(0)
        success = success_probability(position, dice, rules)
        fine = expected_fine(position, dice, rules)
        target = min(position + 1, ATTIC)
        reward = rules.reward_table.reward(target, dice)
        after = (target, min(column + 1, last))
        if after == (position, column):
            return (success * reward - fine) / (1 - success)
        return success * (reward + worth(*after)) - fine

    if table[start][0] == 0:
        raise InvalidArgumentError("the first roll of a turn cannot be a stop (0).")
    return worth(start, 0)


def choice_table(solution, player: int = 0, before: int = 0) -> pd.DataFrame:
    """Each choice of an exact search (:func:`haba_lessons.engine.expectimax` with the chips held
    as payoff) beside its value for ``player``: chips expected at the end of the turn minus
    ``before``, exactly and rounded; the best choice first, ties in the order listed."""
    scored = ranked_choices(solution, player, minus=before,
                            decision=N_("roll 2, 3 or 4 dice, or stop"))
    return pd.DataFrame([{_("choice"): _choice_words(c), _("expected chips gained"): str(v),
                          "≈": round(float(v), 3)} for c, v in scored])


#: The kinds of a rule or table (``haba_lessons.data.PROVENANCES``) as the tables name them.
PROVENANCE_WORDS = {"rulebook": N_("rulebook"), "interpretation": N_("interpretation"),
                    "assumption": N_("assumption")}


def dice_words(dice: int) -> str:
    """A dice count as the tables and charts name it ("4 dice"), in the language in use."""
    return _("{dice} dice").format(dice=dice)


def space_words(rules: Rules, position: int) -> str:
    """A space as the tables name it ("start", "≥8"), in the language in use."""
    return _("start") if position == START else rules.space_label(position)


def action_words(action: Action) -> str:
    """A turn's choice as the tables name it ("roll 4 dice", "stop"), in the language in use."""
    if action.kind == "roll":
        return _("roll {dice} dice").format(dice=action.value)
    return _("stop") if action.kind == "stop" else str(action)


def _choice_words(text: str) -> str:
    """A search's choice (``str(Action)``, "roll 4 dice") as :func:`action_words` names it."""
    choices = {str(action): action
               for action in (Action("stop"), *(Action("roll", dice) for dice in DICE_CHOICES))}
    return action_words(choices[text]) if text in choices else text
