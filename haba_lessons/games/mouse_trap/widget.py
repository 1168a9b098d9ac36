"""A playable Mouse Trap board (ipywidgets): you play some seats, bots play the others.

    from haba_lessons.games import mouse_trap
    mouse_trap.widget(players=3, humans=(0,), reliability=0.75)

The widget is a thin view over :class:`MouseTrapState`: buttons become engine actions,
the board is redrawn as SVG after every step, and anything the engine refuses is shown as
a message in the widget. The bots' turns and chance (the die, the crank) are played by the
engine's play loop with a seeded generator, so the same seed replays the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..._checks import require_int
from ...colours import ALERT_STYLE, action_style, ink_on
from ...engine import play
from ...errors import HabaLessonsError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng
from .. import callable_widget_module
from .board import Board
from .drawing import MICE, board_svg, mouse_names
from .rules import (AT_CRANK, CRANK, FAILS, PUSH_ROLL, ROLL, SPLIT, WORKS, Crank, EndTurn,
                    SpendCheese, TakeCheese, new_game)
from .simulate import MAX_TURNS
from .strategies import named

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
#: The log's kinds of entry that report a die or a crank.
CHANCE_EVENTS = ("roll", "push", "caught", "safe")


class MouseTrapWidget(widgets.VBox):
    """The board, the mice's cheese, the trap's progress and the buttons of a game."""

    def __init__(self, players: int = 3, humans: Sequence[int] = (0,),
                 reliability: object | None = None, strategy: str = "reachable",
                 seed: int = COURSE_SEED, board: Board | None = None) -> None:
        names = list(mouse_names(require_int(players, "players", minimum=2, maximum=4)))
        humans = tuple(humans)
        for seat in humans:
            require_int(seat, "human seat", minimum=0, maximum=players - 1)
        for seat in humans:
            names[seat] += " (you)"
        self._new_game = lambda: new_game(names, reliability=reliability, rules=board)
        self.state = self._new_game()
        self.humans = humans
        self.bot = named(strategy)
        self.rng = make_rng(seed)
        self.message = ""

        self.title = widgets.HTML(
            f"<h3 style='margin:4px 0'>Mouse Trap — {players} players, trap works with "
            f"chance r = {self.state.reliability} "
            f"<small>(board: {escape(self.state.board.note)})</small></h3>")
        self.board_view = widgets.HTML()
        self.dice = widgets.HTML()
        self.dice.add_class("haba-dice")
        self.table = widgets.HTML()
        self.status = widgets.HTML()
        self.events = widgets.HTML()
        big = widgets.Layout(width="auto", height="44px")
        self.roll_button = widgets.Button(description="Roll the die", button_style="primary",
                                          style=action_style("primary"),
                                          icon="dice", layout=big)
        self.roll_button.add_class("haba-roll")
        self.crank_button = widgets.Button(description="Turn the crank", button_style="danger",
                                           style=action_style("danger"),
                                           layout=big)
        self.end_button = widgets.Button(description="End turn", layout=big)
        self.move_choice = widgets.Dropdown(description="Move mouse:", options=[],
                                            style={"description_width": "initial"})
        self.spend_button = widgets.Button(description="Spend 1 cheese: roll for it",
                                           button_style="warning",
                                           style=action_style("warning"), layout=big)
        self.split_choice = widgets.Dropdown(description="Take from:", options=[],
                                             style={"description_width": "initial"},
                                             layout=widgets.Layout(width="340px"))
        self.take_button = widgets.Button(description="Take cheese", button_style="success",
                                          style=action_style("success"),
                                          layout=big)
        self.new_button = widgets.Button(description="New game", layout=big)
        self.roll_button.on_click(lambda _: self._human(self._roll))
        self.crank_button.on_click(lambda _: self._human(lambda: self.state.apply(Crank())))
        self.end_button.on_click(lambda _: self._human(lambda: self.state.apply(EndTurn())))
        self.spend_button.on_click(lambda _: self._human(self._spend))
        self.take_button.on_click(lambda _: self._human(self._take))
        self.new_button.on_click(lambda _: self._human(self._restart))
        controls = widgets.VBox([
            widgets.HBox([self.roll_button, self.dice]),
            widgets.HBox([self.crank_button, self.end_button, self.new_button]),
            widgets.HBox([self.move_choice, self.spend_button]),
            widgets.HBox([self.split_choice, self.take_button]),
        ])
        super().__init__([self.title, self.board_view,
                          widgets.HBox([widgets.VBox([self.table, self.status]), controls]),
                          self.events])
        self.add_class("haba-mouse-trap")
        self._advance()
        self._render()

    # --- actions ---------------------------------------------------------------------------
    def _human(self, act) -> None:
        self.message = ""
        try:
            act()
        except HabaLessonsError as error:
            self.message = str(error)
        self._advance()
        self._render()

    def _roll(self) -> None:
        if self.state.phase != ROLL:
            raise InvalidArgumentError("it is not time to roll: choose one of the other buttons.")
        self._chance()

    def _restart(self) -> None:
        """A fresh game with the same players and r (the dice go on from the same seed)."""
        self.state = self._new_game()
        self.dice.value = ""

    def _spend(self) -> None:
        if self.move_choice.value is None:
            raise InvalidArgumentError("there is no mouse you can move now.")
        self.state.apply(SpendCheese(self.move_choice.value))

    def _take(self) -> None:
        if self.split_choice.value is None:
            raise InvalidArgumentError("there is no cheese to share out now.")
        self.state.apply(self.split_choice.value)

    def _chance(self) -> None:
        """The die (or the crank) for the human whose turn it is, drawn by the engine."""
        phase = self.state.phase
        who = self.state.names[self.state.pending[0] if phase == PUSH_ROLL
                               else self.state.current]
        self._show_chance(phase, who, self.state.sample_chance(self.rng))

    def _show_chance(self, phase: str, who: str, outcome: object) -> None:
        if phase == CRANK:
            word = "the trap WORKS" if outcome != FAILS else "the trap FAILS"
            self.dice.value = f"<div style='font-size:22px'>Crank: {word}</div>"
        else:
            self.dice.value = (f"<div style='font-size:22px'><span style='font-size:40px'>"
                               f"{DIE_FACES[outcome - 1] if outcome <= 6 else ''}</span> "
                               f"{escape(who)}: die shows {outcome}</div>")

    def _advance(self) -> None:
        """Let chance and the bots play (the engine's play loop) until a human has to decide
        or roll; the last die or crank of their play is shown."""
        state = self.state
        bots = [None if seat in self.humans else self.bot for seat in range(state.players)]
        human_to_roll = lambda s: s.phase == ROLL and s.current in self.humans  # noqa: E731
        seen = len(state.log)
        play(state, bots, rng=self.rng, max_turns=MAX_TURNS, stop_at_limit=True,
             until=human_to_roll)
        if not state.is_over and state.turns >= MAX_TURNS:
            self.message = f"stopped after {MAX_TURNS} turns: the trap (r = " \
                           f"{state.reliability}) hardly ever works."
        chance = [e for e in state.log[seen:] if e.kind in CHANCE_EVENTS]
        if chance:
            last = chance[-1]
            if last.kind in ("roll", "push"):
                self._show_chance(ROLL, last.args[0], last.args[1])
            else:
                self._show_chance(CRANK, "", WORKS if last.kind == "caught" else FAILS)

    # --- drawing ---------------------------------------------------------------------------
    def _render(self) -> None:
        state = self.state
        legal = state.legal_actions()
        you = state.current in self.humans and not state.is_over
        self.board_view.value = board_svg(state.board, state, names=state.names)
        self.roll_button.disabled = not (you and state.phase == ROLL)
        self.crank_button.disabled = not (you and Crank() in legal)
        self.end_button.disabled = not (you and EndTurn() in legal)
        movable = [a.seat for a in legal if isinstance(a, SpendCheese)] if you else []
        self.move_choice.options = [(state.names[s], s) for s in movable]
        if movable and self.move_choice.value is None:   # options set after none: nothing chosen
            self.move_choice.value = movable[0]
        self.move_choice.disabled = self.spend_button.disabled = not movable
        splits = [a for a in legal if isinstance(a, TakeCheese)] if you else []
        self.split_choice.options = [(self._describe(a), a) for a in splits]
        if splits and self.split_choice.value is None:
            self.split_choice.value = splits[0]
        self.split_choice.disabled = self.take_button.disabled = not splits
        rows = "".join(
            f"<tr><td><span style='background:{MICE[s][2]};color:{ink_on(MICE[s][2])};"
            f"font-size:22px;padding:0 5px;border-radius:4px'>{MICE[s][1]}</span> "
            f"{escape(state.names[s])}</td><td>{state.cheese[s]}</td>"
            f"<td>{'caught' if state.captured[s] else state.positions[s]}</td></tr>"
            for s in range(state.players))
        self.table.value = (
            "<table style='font-size:17px'><tr><th>mouse</th><th>cheese</th><th>space</th></tr>"
            f"{rows}</table><div style='font-size:17px'>Cheese in the pile: {state.pile}. "
            f"Trap: {state.parts} parts built of {state.board.trap_parts}.</div>")
        self.status.value = f"<div style='font-size:18px'><b>{escape(self._prompt())}</b></div>" \
            + (f"<div style='font-size:17px'><span style='{ALERT_STYLE}'>"
               f"{escape(self.message)}</span></div>"
               if self.message else "")
        recent = state.log[-8:]
        self.events.value = "<div style='font-size:15px'>" + "<br>".join(
            escape(str(line)) for line in recent) + "</div>"

    def _describe(self, action: TakeCheese) -> str:
        return ", ".join(f"{p} from {self.state.names[s]}" for s, p in action.pieces)

    def _prompt(self) -> str:
        state = self.state
        if state.is_over:
            return f"{state.names[state.winner]} is the last mouse and wins!"
        name = state.names[state.current]
        if state.phase == ROLL:
            return f"{name}: roll the die."
        if state.phase == SPLIT:
            return f"{name}: the richest opponents are tied; choose whom to take cheese from."
        if state.phase == AT_CRANK:
            if Crank() in state.legal_actions():
                return f"{name}: a mouse is on the Cheese Wheel! Turn the crank (or move more first)."
            return f"{name}: on Turn Crank. Spend cheese to move a mouse, or end your turn."
        if state.phase == PUSH_ROLL:
            return "Rolling for the mouse being moved."
        return "The crank is turning..."


def widget(players: int = 3, humans: Sequence[int] = (0,),
           reliability: object | None = None, strategy: str = "reachable",
           seed: int = COURSE_SEED, board: Board | None = None) -> MouseTrapWidget:
    """A Mouse Trap game to play: ``humans`` are the seats you play (0 = Blue), bots play
    the rest with ``strategy`` (never, always, reachable). ``reliability`` is r."""
    return MouseTrapWidget(players, humans, reliability, strategy, seed, board)


#: The first name of :func:`widget`.
mouse_trap_widget = widget


callable_widget_module(__name__)
