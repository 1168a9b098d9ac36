"""Spookies' reward table, editable: the optimal turn and its value recomputed on every change.

The rulebook does not print the chips each space pays, so notebook 03 assumes a table. This
widget lets a student type another one (their own board's, or a what-if) and see at once the
optimal policy (:func:`haba_lessons.games.spookies.analysis.solve_turn`) and the exact value
of a turn. A cell that is not a whole number from 0 to ``MAX_REWARD`` is refused with a
message, and the answer shown stays the one for the last valid table.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as widgets

from ..errors import InvalidArgumentError
from ..games.spookies import Rules, reward_table_from_rows
from ..games.spookies.analysis import TurnPolicy, action_words, dice_words, solve_turn, space_words
from ..i18n import _, number
from ..games.spookies.board import default_reward_table
from ..typed_numbers import parse_whole_number
from ..widget_guard import guarded

DICE = (2, 3, 4)
SPACES = ("≥5", "≥6", "≥7", "≥8", "≥9", "≥10", "≥11")
MAX_REWARD = 75          # all the chips in a 4-player game


def parse_reward(text: str, where: str) -> int:
    """``text`` as a reward in chips, or InvalidArgumentError saying what to type instead
    (read by :func:`~haba_lessons.typed_numbers.parse_whole_number`, like every typed number)."""
    value = parse_whole_number(text, where)
    if value < 0:
        raise InvalidArgumentError(_("{where}: {value} is negative; a reward is 0 chips or "
                                     "more.").format(where=where, value=value))
    if value > MAX_REWARD:
        raise InvalidArgumentError(_("{where}: {value} is more than the {most} chips in the "
                                     "game; type a number from 0 to {most}.").format(
            where=where, value=number(value, ","), most=MAX_REWARD))
    return value


def optimal_policy(rows: Sequence[Sequence[int]]) -> TurnPolicy:
    """The optimal single-turn policy (enough chips for any fine) for a reward table."""
    table = reward_table_from_rows(rows, source="typed in the explorer", provenance="assumption")
    return solve_turn(Rules.standard(table))


def answer_html(policy: TurnPolicy) -> str:
    """The start value exactly, then the best choices and the value of a turn on every space."""
    start = policy.value(0, first_roll=True)
    rows = "".join(
        f"<tr><td>{html.escape(space_words(policy.rules, p))}</td>"
        f"<td>{action_words(policy.best_action(p, first_roll=True))}</td>"
        f"<td>{action_words(policy.best_action(p))}</td>"
        f"<td style='text-align:right'>{number(float(policy.value(p, first_roll=True)), '.3f')}"
        f"</td></tr>"
        for p in range(8))
    heading = _("A turn from the start, played optimally:")
    chips = _("{exact} ≈ {value} chips").format(exact=start, value=number(float(start), ".3f"))
    columns = (_("space"), _("first roll"), _("after a success"), _("value of the turn") + " ≈")
    head = "".join(f"<th>{column}</th>" for column in columns)
    return (f"<p><b>{heading}</b> {chips}</p><table><tr>{head}</tr>{rows}</table>")


class RewardTableExplorer:
    """An editable 7 x 3 reward table (rows ≥5 .. ≥11, columns 2, 3, 4 dice) and its answer.

    ``cells[row][column]`` are Text widgets; set ``.value`` to a string. ``rows`` is the last
    valid table, ``policy`` its optimal policy, ``answer`` and ``message`` the HTML shown.
    """

    def __init__(self, rows: Sequence[Sequence[int]] | None = None) -> None:
        start = [list(r) for r in (rows or default_reward_table().rows)]
        self.policy = optimal_policy(start)
        self.rows = [list(r) for r in self.policy.rules.reward_table.rows]
        self.cells = [[widgets.Text(value=str(v), continuous_update=False,
                                    layout=widgets.Layout(width="60px"))
                       for v in row] for row in self.rows]
        self.answer = widgets.HTML(answer_html(self.policy))
        self.message = widgets.HTML("")
        # Translators: the head of the column of spaces (≥5 … ≥11) a figure is to reach.
        reaching = _("reaching")
        header = [widgets.HTML(f"<b>{reaching}</b>")] + [
            widgets.HTML(f"<b>{dice_words(d)}</b>") for d in DICE]
        grid = header + [item for label, row in zip(SPACES, self.cells)
                         for item in [widgets.HTML(label), *row]]
        for row in self.cells:
            for cell in row:
                cell.observe(lambda change: self._update(), names="value")
        self.widget = widgets.VBox([
            widgets.GridBox(grid, layout=widgets.Layout(
                grid_template_columns="80px 70px 70px 70px", grid_gap="2px 4px")),
            self.message, self.answer])

    @guarded
    def _update(self) -> None:
        """Read every cell; recompute if all are valid, else name the first bad one."""
        rows = [[parse_reward(cell.value, _("row {space}, {dice}").format(
                     space=label, dice=dice_words(dice)))
                 for dice, cell in zip(DICE, row)] for label, row in zip(SPACES, self.cells)]
        self.policy = optimal_policy(rows)
        self.rows = rows
        self.redraw()
        self.message.value = ""

    def redraw(self) -> None:
        """The answer for the last valid table."""
        self.answer.value = answer_html(self.policy)

    def show_problem(self, message: str) -> None:
        still = _("The answer below is still for the last valid table.")
        self.message.value = (f"<p style='color:var(--jp-warn-color1, #9a6700)'>"
                              f"{html.escape(message)} {still}</p>")

    def start_value(self) -> Fraction:
        """The exact value of a turn from the start for the table shown."""
        return self.policy.value(0, first_roll=True)
