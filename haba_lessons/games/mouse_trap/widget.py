"""A playable Mouse Trap board (ipywidgets): you play some seats, bots play the others.

    from haba_lessons.games import mouse_trap
    mouse_trap.widget(players=3, humans=(0,), reliability=0.75)

The widget is a thin view over :class:`MouseTrapState`: buttons become engine actions,
the board is redrawn as SVG after every step, and anything the engine refuses (or any failure
inside a click, see ``widget_guard``) is shown as a one-line message in the widget. Buttons
that cannot act now are disabled. "What just happened" lists every die and crank since you
last acted, each with its mouse ("Green ▲'s roll: 6"), apart from your buttons. The layout
comes from ``widget_style`` (the board scales to its width). The bots' turns and chance (the
die, the crank) are played by the engine's play loop with a seeded generator, so the same
seed replays the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..._checks import require_int
from ...colours import ALERT_STYLE, action_style, ink_on
from ...engine import play
from ...engine.arguments import sequence_field
from ...errors import InvalidArgumentError
from ...i18n import N_, _
from ...simulation import COURSE_SEED, make_rng
from ...widget_guard import guarded
from ...widget_style import classed, style_widget
from .. import callable_widget_module
from .board import Board
from .drawing import MICE, board_svg, mouse_names, words
from .rules import (AT_CRANK, PUSH_ROLL, ROLL, SPLIT, Crank, EndTurn, SpendCheese, TakeCheese,
                    new_game)
from .simulate import MAX_TURNS
from .strategies import named

DIE_FACES = "⚀⚁⚂⚃⚄⚅"

# --- the words a player reads (one place, for the German edition) --------------------------------
TITLE = N_("Mouse Trap — {players} players, the trap works with chance r = {r}")
ROLL_BUTTON = N_("Roll the die")
CRANK_BUTTON = N_("Turn the crank")
END_BUTTON = N_("End turn")
SPEND_BUTTON = N_("Spend 1 cheese: roll for it")
TAKE_BUTTON = N_("Take cheese")
NEW_BUTTON = N_("New game")
LAST_HEADING = N_("What just happened")
LOG_HEADING = N_("The game so far")
TABLE_HEADS = (N_("mouse"), N_("cheese"), N_("space"))
WORKS_LINE = N_("Crank: the trap WORKS.")
FAILS_LINE = N_("Crank: the trap FAILS.")
NOTHING_YET = N_("Nothing yet: {name} starts.")
ROLL_LINE = N_("{name}'s roll: {steps}")
LANDS = N_("lands on {space}: {label}")
NOTHING_THERE = N_("nothing happens")
WHY_NOT_ROLL = N_("It is not time to roll: use one of the other buttons.")
WHY_NOT_MOVE = N_("There is no mouse you can move now.")
WHY_NOT_TAKE = N_("There is no cheese to share out now.")
NOT_YOUR_TURN = N_("It is not your turn: the game is over, or a bot is playing.")


class MouseTrapWidget(widgets.VBox):
    """The board, the mice's cheese, the trap's progress and the buttons of a game."""

    def __init__(self, players: int = 3, humans: Sequence[int] = (0,),
                 reliability: object | None = None, strategy: str = "reachable",
                 seed: int = COURSE_SEED, board: Board | None = None) -> None:
        names = list(mouse_names(require_int(players, "players", minimum=2, maximum=4)))
        humans = tuple(sequence_field(humans, "humans", what=N_("seat numbers (0 = Blue), "
                                                                "e.g. humans=[0]")))
        for seat in humans:
            require_int(seat, "human seat", minimum=0, maximum=players - 1)
        for seat in humans:
            names[seat] += " " + _("(you)")
        self._new_game = lambda: new_game(names, reliability=reliability, rules=board)
        self.state = self._new_game()
        self.humans = humans
        self.bot = named(strategy)
        self.rng = make_rng(seed)
        self.message = ""
        self.last_failure: str | None = None
        self._seen = 0               # the log's length when the human last acted

        title, board_word = _(TITLE).format(players=players, r=self.state.reliability), _("board")
        self.title = widgets.HTML(
            f"<div class='haba-big'><b>{escape(title)}</b> "
            f"<small>({escape(board_word)}: {escape(self.state.board.note)})</small></div>")
        self.board_view = classed(widgets.HTML(), "haba-board")
        self.dice = classed(widgets.HTML(), "haba-dice", "haba-last")
        self.table = widgets.HTML()
        self.status = classed(widgets.HTML(), "haba-turn")
        self.problem = classed(widgets.HTML(), "haba-problem")
        self.events = widgets.HTML()
        self.roll_button = widgets.Button(description=_(ROLL_BUTTON), button_style="primary",
                                          style=action_style("primary"), icon="dice")
        self.roll_button.add_class("haba-roll")
        self.crank_button = widgets.Button(description=_(CRANK_BUTTON), button_style="danger",
                                           style=action_style("danger"))
        self.end_button = widgets.Button(description=_(END_BUTTON))
        self.move_choice = widgets.Dropdown(description=_("Move mouse:"), options=[],
                                            style={"description_width": "initial"})
        self.spend_button = widgets.Button(description=_(SPEND_BUTTON), button_style="warning",
                                           style=action_style("warning"))
        self.split_choice = widgets.Dropdown(description=_("Take from:"), options=[],
                                             style={"description_width": "initial"})
        self.take_button = widgets.Button(description=_(TAKE_BUTTON), button_style="success",
                                          style=action_style("success"))
        self.new_button = widgets.Button(description=_(NEW_BUTTON))
        self.roll_button.on_click(self._roll_clicked)
        self.crank_button.on_click(self._crank_clicked)
        self.end_button.on_click(self._end_clicked)
        self.spend_button.on_click(self._spend_clicked)
        self.take_button.on_click(self._take_clicked)
        self.new_button.on_click(self._new_clicked)
        row = lambda *children: classed(widgets.HBox(list(children)), "haba-controls")  # noqa: E731
        panel = classed(widgets.VBox([
            self.status, self.dice, self.problem,
            row(self.roll_button, self.crank_button, self.end_button),
            row(self.move_choice, self.spend_button),
            row(self.split_choice, self.take_button),
            self.table,
        ]), "haba-panel")
        super().__init__([style_widget(), self.title,
                          classed(widgets.HBox([self.board_view, panel]), "haba-game-main"),
                          row(self.new_button), self.events])
        self.add_class("haba-game")
        self.add_class("haba-mouse-trap")
        self._advance()
        self._render()

    # --- what a click does (each guarded: a failure is a message, never a traceback) ---------
    def show_problem(self, text: str) -> None:
        """Show one line of warning in the widget (a refused click, a fault)."""
        self.message = text
        self.problem.value = self._problem_html()

    def redraw(self) -> None:
        """Draw everything again from the game's state."""
        self._render()

    @guarded
    def _roll_clicked(self, _button=None) -> None:
        self._human(self._roll)

    @guarded
    def _crank_clicked(self, _button=None) -> None:
        self._human(lambda: self._apply(Crank()))

    @guarded
    def _end_clicked(self, _button=None) -> None:
        self._human(lambda: self._apply(EndTurn()))

    @guarded
    def _spend_clicked(self, _button=None) -> None:
        self._human(self._spend)

    @guarded
    def _take_clicked(self, _button=None) -> None:
        self._human(self._take)

    @guarded
    def _new_clicked(self, _button=None) -> None:
        self._human(self._restart)

    # --- actions ---------------------------------------------------------------------------
    def _human(self, act) -> None:
        """Do ``act`` (a refusal raises before anything changed), then let chance and the
        bots play until a human has to act again."""
        self.message = ""
        before, seen = self.state, len(self.state.log)
        act()
        self._seen = seen if self.state is before else 0       # a new game: all of its log
        self._advance()
        self._render()

    def _apply(self, action) -> None:
        if self.state.is_over or self.state.current not in self.humans:
            raise InvalidArgumentError(_(NOT_YOUR_TURN))
        self.state.apply(action)

    def _roll(self) -> None:
        if self.state.phase != ROLL or self.state.current not in self.humans:
            raise InvalidArgumentError(_(WHY_NOT_ROLL))
        self.state.sample_chance(self.rng)

    def _restart(self) -> None:
        """A fresh game with the same players and r (the dice go on from the same seed)."""
        self.state = self._new_game()

    def _spend(self) -> None:
        if self.move_choice.value is None or self.move_choice.disabled:
            raise InvalidArgumentError(_(WHY_NOT_MOVE))
        self._apply(SpendCheese(self.move_choice.value))

    def _take(self) -> None:
        if self.split_choice.value is None or self.split_choice.disabled:
            raise InvalidArgumentError(_(WHY_NOT_TAKE))
        self._apply(self.split_choice.value)

    def _advance(self) -> None:
        """Let chance and the bots play (the engine's play loop) until a human has to decide
        or roll."""
        state = self.state
        bots = [None if seat in self.humans else self.bot for seat in range(state.players)]
        human_to_roll = lambda s: s.phase == ROLL and s.current in self.humans  # noqa: E731
        play(state, bots, rng=self.rng, max_turns=MAX_TURNS, stop_at_limit=True,
             until=human_to_roll)
        if not state.is_over and state.turns >= MAX_TURNS:
            self.message = _("Stopped after {n} turns: the trap (r = {r}) hardly ever works.") \
                .format(n=MAX_TURNS, r=state.reliability)

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
        self.dice.value = self._last_html()
        caught = _("caught")
        rows = "".join(
            f"<tr><td><span style='background:{MICE[s][2]};color:{ink_on(MICE[s][2])};"
            f"padding:0 0.3em;border-radius:0.2em'>{MICE[s][1]}</span> "
            f"{escape(state.names[s])}</td><td>{state.cheese[s]}</td>"
            f"<td>{escape(caught) if state.captured[s] else state.positions[s]}</td></tr>"
            for s in range(state.players))
        built = _("Trap: {built} of {parts} parts built.").format(built=state.parts,
                                                                parts=state.board.trap_parts)
        heads = "".join(f"<th>{escape(_(head))}</th>" for head in TABLE_HEADS)
        pile = _("Cheese in the pile: {n}.").format(n=state.pile)
        self.table.value = (f"<table><tr>{heads}</tr>{rows}</table>"
                            f"<div>{escape(pile)} {escape(built)}</div>")
        self.status.value = f"<div class='haba-big'><b>{escape(self._prompt())}</b></div>"
        self.problem.value = self._problem_html()
        recent = state.log[-8:]
        self.events.value = (f"<div><b>{escape(_(LOG_HEADING))}</b><br>"
                             + "<br>".join(self._line(e) for e in recent) + "</div>"
                             if recent else "")

    def _problem_html(self) -> str:
        return f"<div style='{ALERT_STYLE}'>⚠ {escape(self.message)}</div>" if self.message \
            else ""

    def _last_html(self) -> str:
        """What happened since the human last acted: each die and crank with whose it was
        ("Green ▲'s roll: 6"), kept apart from the buttons of the player to act now."""
        events = list(self.state.log)[self._seen:]
        if not events:
            name = self.state.names[self.state.current]
            return f"<div>{escape(_(NOTHING_YET).format(name=name))}</div>"
        lines = [self._line(event) for event in events if event.kind != "end"]
        return (f"<div><b>{escape(_(LAST_HEADING))}:</b><br>"
                + "<br>".join(lines[-6:]) + "</div>")

    def _line(self, event) -> str:
        """One event of the log as the screen shows it (HTML): a die or a crank in bold with
        whose it was, a space in the board's words."""
        if event.kind == "roll":
            name, steps = event.args[0], event.args[1]
            face = DIE_FACES[steps - 1] if 1 <= steps <= 6 else ""
            return (f"<b>{escape(_(ROLL_LINE).format(name=name, steps=steps))}</b> "
                    f"<span style='font-size:1.4em;line-height:1'>{face}</span> "
                    f"{escape(self._landing(event.args[2]))}")
        if event.kind == "crank":
            return f"<b>{escape(str(event))}</b>"
        if event.kind == "caught":
            return f"<b>{escape(_(WORKS_LINE))}</b> {escape(str(event))}"
        if event.kind == "safe":
            return f"<b>{escape(_(FAILS_LINE))}</b> {escape(str(event))}"
        return escape(str(event))

    def _landing(self, number: int) -> str:
        """Where a roll landed, in the board's own words ("lands on 11: Take 2")."""
        said = " ".join(words(self.state.board.spaces[number], self.state.players))
        return _(LANDS).format(space=number, label=said or _(NOTHING_THERE))

    def _describe(self, action: TakeCheese) -> str:
        return ", ".join(_("{n} from {name}").format(n=p, name=self.state.names[s])
                         for s, p in action.pieces)

    def _prompt(self) -> str:
        state = self.state
        if state.is_over:
            return _("{name} is the last mouse and wins!").format(name=state.names[state.winner])
        name = state.names[state.current]
        if state.phase == ROLL:
            return _("{name}: roll the die.").format(name=name)
        if state.phase == SPLIT:
            return _("{name}: the richest opponents are tied; choose whom to take cheese "
                     "from.").format(name=name)
        if state.phase == AT_CRANK:
            if Crank() in state.legal_actions():
                return _("{name}: a mouse is on the Cheese Wheel! Turn the crank (or move more "
                         "first).").format(name=name)
            return _("{name}: on Turn Crank. Spend cheese to move a mouse, or end your "
                     "turn.").format(name=name)
        if state.phase == PUSH_ROLL:
            return _("Rolling for the mouse being moved.")
        return _("The crank is turning...")


def widget(players: int = 3, humans: Sequence[int] = (0,),
           reliability: object | None = None, strategy: str = "reachable",
           seed: int = COURSE_SEED, board: Board | None = None) -> MouseTrapWidget:
    """A Mouse Trap game to play: ``humans`` are the seats you play (0 = Blue), bots play
    the rest with ``strategy`` (never, always, reachable). ``reliability`` is r."""
    return MouseTrapWidget(players, humans, reliability, strategy, seed, board)


#: The first name of :func:`widget`.
mouse_trap_widget = widget


callable_widget_module(__name__)
