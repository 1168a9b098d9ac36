"""A board editor: change a roll-and-move board and see its exact answers at once.

    from haba_lessons.explore.board_editor import board_editor
    board_editor()

Every change (spaces, die, finish rule, jumps, extra-turn and lost-turn spaces) rebuilds the
:class:`~haba_lessons.markov.RollAndMoveBoard` and recomputes, exactly, the expected number of
turns from space 0 to the final square and the chance of ever landing on each space (drawn
as bars). A value the board refuses is reported in the message line; the answer and the
chart shown stay those of the last good board.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ..dice import die
from ..distribution import Distribution
from ..errors import HabaLessonsError, InvalidArgumentError
from ..i18n import N_, _, number
from .._checks import shown
from ..markov import RollAndMoveBoard, expected_turns, landing_probabilities
from ..typed_numbers import parse_whole_number
from ..widget_guard import guarded

MIN_SPACES, MAX_SPACES = 4, 40  # up to 40 spaces every change is answered in well under 1 s

# A choice of die (two dice, move by either) is in the library but not offered here: its
# exact policy iteration takes over a second on a 40-space board (benchmarks/explore_board_editor.py).
# The names are the choices' keys (English, as the constructor takes them); a dropdown shows
# each in the language in use.
DICE = {
    N_("a die: 1-6"): die(6),
    N_("a coin: 1 or 2"): Distribution.uniform([1, 2]),
    N_("a spinner: 1, 2 or 3"): Distribution.uniform([1, 2, 3]),
}

FINISHES = {
    N_("reach or pass the end"): "reach",
    N_("exact roll to finish (else stay)"): "exact",
    N_("bounce back off the end"): "bounce",
}

BAR = "#0072B2"  # Okabe-Ito blue: readable on light and dark backgrounds


#: The most entries a list box takes (a board has at most MAX_SPACES spaces).
MAX_ENTRIES = 2 * MAX_SPACES


def _space_number(text: str, name: str, example: str) -> int:
    """One space number of a list box, read like every typed number (bounded, ASCII digits)."""
    try:
        return parse_whole_number(text, name, minimum=-MAX_SPACES, maximum=10 * MAX_SPACES)
    except InvalidArgumentError as error:
        raise InvalidArgumentError(_("{name}: could not read {text} ({error}); {example}.").format(
            name=name, text=shown(text), error=error, example=example)) from None


def _entries(text: str, name: str) -> list[str]:
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    if len(parts) > MAX_ENTRIES:
        raise InvalidArgumentError(_("{name}: {count} entries; a board of at most {spaces} "
                                     "spaces needs at most {most}.").format(
            name=name, count=number(len(parts), ","), spaces=MAX_SPACES, most=MAX_ENTRIES))
    return parts


def parse_jumps(text: str) -> dict[int, int]:
    """``"3:11, 8:2"`` -> ``{3: 11, 8: 2}``; an empty text is no jumps."""
    example = _("write each jump as from:to, separated by commas, for example 3:11, 17:5")
    # Translators: the name of the board editor's box of jumps, opening its error lines.
    name = _("jumps")
    jumps: dict[int, int] = {}
    for part in _entries(text, name):
        source, colon, target = part.partition(":")
        if not colon:
            raise InvalidArgumentError(_("{name}: could not read {text}; {example}.").format(
                name=name, text=shown(part), example=example))
        start, end = (_space_number(source, name, example),
                      _space_number(target, name, example))
        if start in jumps:
            raise InvalidArgumentError(_("{name}: space {space} has two jumps; keep one.").format(
                name=name, space=start))
        jumps[start] = end
    return jumps


def parse_spaces(text: str, name: str) -> frozenset[int]:
    """``"5, 9"`` -> ``{5, 9}``; an empty text is no spaces."""
    example = _("write space numbers separated by commas, for example 5, 9")
    return frozenset(_space_number(part, name, example) for part in _entries(text, name))


def landing_svg(chances: dict[int, Fraction], width: int = 620, height: int = 170) -> str:
    """A bar per space: the exact chance of ever landing there (in each bar's tooltip)."""
    n = len(chances)
    step = (width - 40) / n
    bars = []
    tip = _("space {space}: {p}")
    for space, p in chances.items():
        h = float(p) * (height - 40)
        x = 30 + space * step
        bars.append(
            f"<rect x='{x:.1f}' y='{height - 20 - h:.1f}' width='{step * 0.8:.1f}' "
            f"height='{h:.1f}' fill='{BAR}'><title>{tip.format(space=space, p=p)}</title></rect>")
        if n <= 30 or space % 5 == 0:
            bars.append(f"<text x='{x + step * 0.4:.1f}' y='{height - 6}' font-size='10' "
                        f"text-anchor='middle' fill='currentColor'>{space}</text>")
    axis = (f"<text x='2' y='24' font-size='10' fill='currentColor'>1</text>"
            f"<text x='2' y='{height - 20}' font-size='10' fill='currentColor'>0</text>"
            f"<line x1='28' y1='{height - 20}' x2='{width}' y2='{height - 20}' "
            f"stroke='currentColor' stroke-width='0.5'/>")
    title = _("Bar chart: the exact chance of ever landing on each space, from space 0.")
    return (f"<svg role='img' width='{width}' height='{height}' "
            f"style='color:var(--jp-ui-font-color1, #222)'>"
            f"<title>{escape(title)}</title>{axis}{''.join(bars)}</svg>")


class BoardEditor(widgets.VBox):
    """Inputs for a board; the exact expected turns and landing chances of the last good board."""

    def __init__(self, spaces: int = 25, die_name: str = "a die: 1-6",
                 finish: str = "exact", jumps: str = "3:11, 8:2, 13:19, 17:5, 22:14",
                 extra_turn: str = "", lost_turn: str = "") -> None:
        wide = {"style": {"description_width": "140px"}, "layout": widgets.Layout(width="460px")}
        self.spaces = widgets.IntText(value=spaces, description=_("spaces (0 .. n-1):"), **wide)
        # Each option shows its name in the language in use; the value is the English key.
        self.die = widgets.Dropdown(options=[(_(name), name) for name in DICE], value=die_name,
                                    description=_("die:"), **wide)
        self.finish = widgets.Dropdown(options=[(_(name), name) for name in FINISHES],
                                       description=_("finish:"), **wide,
                                       value=next(k for k, v in FINISHES.items() if v == finish))
        self.jumps = widgets.Text(value=jumps, description=_("jumps (from:to):"),
                                  continuous_update=False, **wide)
        self.extra_turn = widgets.Text(value=extra_turn, description=_("extra-turn spaces:"),
                                       continuous_update=False, **wide)
        self.lost_turn = widgets.Text(value=lost_turn, description=_("lost-turn spaces:"),
                                      continuous_update=False, **wide)
        self.message = widgets.HTML()
        self.answer = widgets.HTML()
        self.chart = widgets.HTML()
        self.board: RollAndMoveBoard | None = None
        self.expected: Fraction | None = None
        self.chances: dict[int, Fraction] = {}
        inputs = [self.spaces, self.die, self.finish, self.jumps, self.extra_turn, self.lost_turn]
        for control in inputs:
            control.observe(self._changed, names="value")
        super().__init__(inputs + [self.message, self.answer, self.chart])
        self.add_class("haba-board-editor")
        self.recompute()
        if self.board is None:
            raise InvalidArgumentError(_("the starting board is refused: {problem}").format(
                problem=self.message.value))

    def _read(self) -> RollAndMoveBoard:
        spaces = self.spaces.value
        if not MIN_SPACES <= spaces <= MAX_SPACES:
            raise InvalidArgumentError(
                _("spaces: choose a number from {low} to {high}, not {spaces}.").format(
                    low=MIN_SPACES, high=MAX_SPACES, spaces=spaces))
        return RollAndMoveBoard(spaces=spaces, die=DICE[self.die.value],
                                finish=FINISHES[self.finish.value],
                                jumps=parse_jumps(self.jumps.value),
                                # Translators: the keyword names of two boxes (error lines).
                                extra_turn=parse_spaces(self.extra_turn.value, _("extra_turn")),
                                lost_turn=parse_spaces(self.lost_turn.value, _("lost_turn")))

    @guarded
    def _changed(self, change: dict) -> None:
        self.recompute()

    def recompute(self) -> None:
        """Rebuild the board and its answers, or explain why not and keep the last ones."""
        try:
            board = self._read()
            expected = expected_turns(board, board.spaces - 1)
            chances = landing_probabilities(board)
        except HabaLessonsError as error:
            self.show_problem(str(error))
            return
        self.board, self.expected, self.chances = board, expected, chances
        self.message.value = ""
        self.redraw()

    def redraw(self) -> None:
        """The answer and the chart of the last good board."""
        if self.board is None:
            return
        heading = _("Expected turns from space 0 to space {last}:").format(
            last=self.board.spaces - 1)
        self.answer.value = (
            f"<div style='font-size:16px'>{heading} "
            f"<b>{self.expected}</b> ≈ {number(float(self.expected), '.3f')}</div>")
        self.chart.value = landing_svg(self.chances)

    def show_problem(self, message: str) -> None:
        problem = _("Not changed: {problem}").format(problem=escape(message))
        self.message.value = f"<div style='color:var(--jp-warn-color0, #9a6700)'>{problem}</div>"


def board_editor(**start: object) -> BoardEditor:
    """A :class:`BoardEditor` in its fixed starting state (or the given one)."""
    return BoardEditor(**start)
