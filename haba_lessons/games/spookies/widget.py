"""A Spookies table to play at the projector: hot-seat humans and bots, the house in SVG.

    from haba_lessons.games import spookies
    spookies.widget(["human", "human", "optimal"])     # the root widget; its controller,
                                                       # a SpookiesTable, is .spookies_table

A thin view over the rules engine: every click becomes an engine action, the bots' turns and
chance are played by the engine's play loop with the table's seeded generator; an action the
rules refuse shows the engine's message instead, in one line (a failure inside a click is a
message too, never a traceback; see ``widget_guard``). Buttons that cannot act now are
disabled. Beside the house: whose turn it is, what happened last (the turn being played, or
the one before it: "Bot 2 (optimal)'s turn: ..."), the buttons, and the current player's own
dice only. Points stay hidden (chips lie face down) until the stockpile is empty. "Teaching
mode" shows, under the board, the exact chance of success and the expected chips of each
dice choice. The layout comes from ``widget_style`` (the board scales to its width).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ...charts import OKABE_ITO
from ...colours import ALERT_STYLE, PAPER, action_style, ink_on
from ..._checks import require_bool, require_int
from ...engine import Strategy, play
from ...engine.arguments import rules_field, sequence_field
from ...errors import HabaLessonsError, InvalidArgumentError
from ...i18n import N_, _, ngettext, number
from ...simulation import COURSE_SEED, make_rng
from ...widget_guard import guarded
from ...widget_style import classed, style_widget
from .. import callable_widget_module
from .analysis import one_roll_value, solve_turn, success_probability
from .board import DICE_CHOICES
from .rules import (ANY_FIGURE, ATTIC, CHOOSE_DICE, CHOOSE_FIGURE, DICE, FRIEND, START, Rules,
                    SpookiesGame, new_game)
from .strategies import STRATEGIES, description, named

HUMAN = "human"
EMPTY = "(empty seat)"
SEAT_CHOICES = [EMPTY, HUMAN] + list(STRATEGIES)
#: A seat's choice as the dropdown shows it (the value stays the English name).
SEAT_LABELS = {EMPTY: N_("(empty seat)"), HUMAN: N_("human"), "random": N_("random"),
               "cautious": N_("cautious"), "greedy": N_("greedy"),
               "stop after 2": N_("stop after 2"), "stop after 3": N_("stop after 3"),
               "optimal": N_("optimal")}
FIGURE_COLOURS = [OKABE_ITO[i] for i in (0, 1, 2, 3, 5)]
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
#: The log's kinds of entry that report a roll of the number dice.
ROLL_EVENTS = ("success", "failure", "equal", "nothing")


# --- the words a player reads (one place, for the German edition) ----------------------------
ROLL_FRIEND = N_("Roll the friend die")
CHOOSE_FIRST = N_("Choose a figure first")
GAME_OVER = N_("Game over")
STOP = N_("Stop, keep the chips")
NO_DICE_YET = N_("{name}: no dice rolled yet this turn.")
LAST_TURN = N_("{name}'s turn")
NOTHING_YET = N_("Nothing has happened yet: the first player starts.")
OVER_MESSAGE = N_("The game is over: press New game to play again.")
BOT_TURN = N_("It is {name}'s turn: press '{button}' to let it play. ({doing})")
BEST = N_("★ best")
LOG_HEADING = N_("What happened")
SCORE_HEADS = (N_("player"), N_("chips"), N_("points"))
#: Where the teaching table's rewards come from, by the reward table's provenance.
REWARD_SOURCES = {"assumption": N_("the reward table (an assumption)"),
                  "rulebook": N_("the rulebook reward table"),
                  "interpretation": N_("the interpretation reward table")}
TEACHING_WAIT = N_("Teaching mode: the chances appear here when a figure is chosen and the "
                   "dice are to be rolled.")


def house_svg(game: SpookiesGame) -> str:
    """The board as the box shows it: the garden with the gate (start), five floors of the
    house and the attic under the roof, each with the number the two highest dice must reach,
    the figures standing on it (colour, initial and name), the penalty chips lying there and
    the chips for 2 / 3 / 4 dice (the reward table, labelled when it is an assumption).

    The picture scales to the width it is given (no fixed size): 760 units wide, its
    smallest text 14 units, so at least 18 px whenever it is shown 980 px wide or more."""
    rules, row, width = game.rules, 62, 760
    top = 118
    height = top + row * (ATTIC + 1) + 8
    table = rules.reward_table
    assumed = table.provenance == "assumption"
    described, title = _("The Spookies house"), _("Spookies house")
    chips_for, dice_counts, assumption = _("chips for"), _("2 / 3 / 4 dice"), _("assumed")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="100%" role="img" aria-label="{escape(described)}" font-family="sans-serif" '
             f'style="background:{PAPER}">',
             # the roof over the attic, a chimney and the moon
             '<rect x="470" y="24" width="34" height="70" fill="#4a3b58" stroke="#222"/>',
             f'<polygon points="30,{top + row} 300,14 570,{top + row}" fill="#5b4a6b" '
             f'stroke="#222" stroke-width="2"/>',
             '<circle cx="90" cy="44" r="24" fill="#F0E442" stroke="#8a7f00"/>',
             f'<text x="300" y="106" font-size="24" fill="white" text-anchor="middle" '
             f'font-weight="bold">{escape(title)}</text>',
             f'<text x="{width - 12}" y="34" font-size="16" text-anchor="end" '
             f'font-weight="bold">{escape(chips_for)}</text>',
             f'<text x="{width - 12}" y="56" font-size="16" text-anchor="end" '
             f'font-weight="bold">{escape(dice_counts)}</text>']
    if assumed:
        parts.append(f'<text x="{width - 12}" y="78" font-size="14" text-anchor="end" '
                     f'fill="#8a3b00">({escape(assumption)})</text>')
    for position in range(ATTIC, START - 1, -1):
        y = top + (ATTIC - position) * row
        parts += _storey(game, position, y, row, width)
    parts.append("</svg>")
    return "".join(parts)


def _storey(game: SpookiesGame, position: int, y: int, row: int, width: int) -> list[str]:
    """One row of the house: the attic, a floor, the garden or the gate."""
    rules, table = game.rules, game.rules.reward_table
    fill = {ATTIC: "#d9cce6", 1: "#cfe8cf", START: "#e8e8e8"}.get(position, "#f3ead8")
    name = {ATTIC: _("attic"), 1: _("garden"), START: _("gate")}.get(
        position, _("floor {n}").format(n=position - 1))
    inset = 60 if position == ATTIC else (0 if position <= 1 else 40)
    parts = [f'<rect x="{20 + inset}" y="{y}" width="{540 - 2 * inset}" height="{row - 3}" '
             f'fill="{fill}" stroke="#444" stroke-width="1.5"/>',
             f'<rect x="575" y="{y}" width="{width - 590}" height="{row - 3}" fill="#fafafa" '
             f'stroke="#bbb"/>']
    if position >= 2 and position != ATTIC:            # a lit window on every floor
        parts.append(f'<rect x="470" y="{y + 12}" width="26" height="30" fill="#F0E442" '
                     f'stroke="#444"/>')
    label = _("start") if position == START else rules.space_label(position)
    parts.append(f'<text x="{30 + inset}" y="{y + 30}" font-size="26" font-weight="bold">'
                 f'{escape(label)}</text><text x="{30 + inset}" y="{y + 51}" font-size="15" '
                 f'fill="#333">{escape(name)}</text>')
    if position != START:
        cells = " / ".join(str(table.reward(position, d)) for d in DICE_CHOICES)
        parts.append(f'<text x="{(575 + width - 15) / 2}" y="{y + 38}" font-size="22" '
                     f'text-anchor="middle">{cells}</text>')
        penalties, penalty = len(game.penalties[position]), _("penalty")
        if penalties:
            parts.append(f'<rect x="{506 - inset}" y="{y + 8}" width="30" height="28" rx="4" '
                         f'fill="#222"/><text x="{521 - inset}" y="{y + 28}" font-size="17" '
                         f'fill="white" text-anchor="middle">{penalties}</text>'
                         f'<text x="{521 - inset}" y="{y + 53}" font-size="14" '
                         f'text-anchor="middle">{escape(penalty)}</text>')
    here = [f for f in range(5) if game.positions[f] == position]
    for slot, figure in enumerate(here):
        parts.append(_figure(game, figure, 160 + slot * 74, y))
    return parts


def _figure(game: SpookiesGame, figure: int, x: int, y: int) -> str:
    """A figure: a ghost-shaped token in its colour with its initial, its name below."""
    colour, name = FIGURE_COLOURS[figure], game.rules.figures[figure]
    active = figure == game.figure
    ring = 'stroke="#000" stroke-width="4"' if active else 'stroke="#fff" stroke-width="1.5"'
    bold = ' font-weight="bold"' if active else ""
    return (f'<path d="M{x - 15},{y + 36} v-18 a15,15 0 0 1 30,0 v18 l-5,-5 l-5,5 l-5,-5 '
            f'l-5,5 l-5,-5 z" fill="{colour}" {ring}/>'
            f'<text x="{x}" y="{y + 28}" font-size="16" font-weight="bold" '
            f'fill="{ink_on(colour)}" text-anchor="middle">{escape(name[0])}</text>'
            f'<text x="{x}" y="{y + 54}" font-size="14" text-anchor="middle"{bold}>'
            f'{escape(name)}</text>')


def friend_die_html(game: SpookiesGame) -> str:
    """The turn and the friend die's face (a figure's initial, colour and name, or "?")."""
    face = game.friend_face
    who = escape(game.names[game.current])
    if game.is_over:
        over = _("The game is over.")
        return f'<div class="haba-big">{escape(over)}</div>'
    if face is None:               # the turn's line above says what to do
        return ""
    colour = "#777777" if face == ANY_FIGURE else FIGURE_COLOURS[game.rules.figures.index(face)]
    label = _("? (free choice)") if face == ANY_FIGURE else face
    friend = _("friend die")
    return (f'<div class="haba-big">{who} · {escape(friend)}: '
            f'<span style="display:inline-block;width:2.2em;height:2.2em;line-height:2.2em;'
            f'text-align:center;border-radius:0.4em;background:{colour};color:{ink_on(colour)};'
            f'font-weight:bold">{escape(face[0])}</span> <b>{escape(label)}</b></div>')


def dice_svg(faces: Sequence[int]) -> str:
    """Big dice with pips and numbers; the two highest (which count) are outlined."""
    if not faces:
        return ""
    size, gap = 76, 16
    counted = sorted(range(len(faces)), key=lambda i: -faces[i])[:2]
    dice = _("dice")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {len(faces) * (size + gap)} '
             f'{size + 30}" style="width:min(100%, {len(faces) * 5.5}rem);height:auto;'
             f'background:{PAPER}" role="img" aria-label="{escape(dice)}: '
             f'{" ".join(map(str, faces))}">']
    for i, face in enumerate(faces):
        x = i * (size + gap) + 4
        counts = i in counted
        parts.append(f'<rect x="{x}" y="4" width="{size}" height="{size}" rx="12" fill="white" '
                     f'stroke="{"#D55E00" if counts else "#888"}" '
                     f'stroke-width="{5 if counts else 2}"/>')
        for r, c in PIPS[face]:
            parts.append(f'<circle cx="{x + 18 + c * 20}" cy="{22 + r * 20}" r="7" '
                         f'fill="#222"/>')
        parts.append(f'<text x="{x + size / 2}" y="{size + 26}" font-size="20" '
                     f'text-anchor="middle">{face}{" ✓" if counts else ""}</text>')
    parts.append("</svg>")
    top = sorted(faces, reverse=True)[:2]
    result, counted_note = _("Result"), _("the two highest dice, marked ✓")
    return (f'{"".join(parts)}<div class="haba-big">{escape(result)}: {top[0]} + {top[1]} = '
            f'<b>{sum(top)}</b> ({escape(counted_note)})</div>')


def turns(game: SpookiesGame) -> tuple[list, list]:
    """The log split for the screen: (the events of the turn before the current one, the
    events of the current player's turn so far). A turn is a run of events of one player."""
    log = list(game.log)
    cut = len(log)
    while cut and log[cut - 1].player == game.current and not game.is_over:
        cut -= 1
    current = log[cut:]
    before = cut
    while before and log[before - 1].player == log[cut - 1].player:
        before -= 1
    return (log[before:cut] if cut else []), current


class SpookiesTable:
    """A full game at the table. ``table.widget`` is the root widget.

    ``seats``: 2-5 entries, each ``"human"`` or a strategy name (``"optimal"``,
    ``"cautious"``, ...). Tests drive it with ``table.roll_button.click()`` etc.
    """

    def __init__(self, seats: Sequence[str] = (HUMAN, "optimal"), *, seed: int = COURSE_SEED,
                 rules: Rules | None = None, free_choice: bool = False,
                 teaching: bool = False) -> None:
        seats = sequence_field(seats, "seats", what=N_("seats (\"human\" or a bot's name)"))
        if not 2 <= len(seats) <= 5:
            raise InvalidArgumentError(ngettext(
                "Spookies is for 2 to 5 players: give 2 to 5 seats, not {n}.",
                "Spookies is for 2 to 5 players: give 2 to 5 seats, not {n}.",
                len(seats)).format(n=len(seats)))
        for seat in seats:
            if seat != HUMAN:
                named(seat)
        require_bool(free_choice, "free_choice")
        require_bool(teaching, "teaching")
        self.rules = rules_field(rules, Rules, Rules.standard, N_("the rules of Rules.standard(...)"))
        # each new game adds one to the seed; None: a fresh seed, other dice on every run
        self.seed = (int(make_rng(None).integers(2**31)) if seed is None
                     else require_int(seed, "seed", minimum=0))
        self.games_started = 0
        self.last_failure: str | None = None
        self.seat_pickers = [widgets.Dropdown(options=[(seat_label(c), c) for c in SEAT_CHOICES],
                                              description=_("Seat {n}").format(n=i + 1),
                                              value=seats[i] if i < len(seats) else EMPTY)
                             for i in range(5)]
        self.free_choice = widgets.Checkbox(value=free_choice,
                                            description=_("free-choice variant"), indent=False)
        self.teaching = widgets.Checkbox(value=teaching, description=_("teaching mode"),
                                         indent=False)
        self.new_game_button = widgets.Button(description=_("New game"), icon="refresh")
        self.roll_button = widgets.Button(button_style="primary", style=action_style("primary"))
        self.roll_button.add_class("haba-roll")
        self.dice_choice = widgets.ToggleButtons(options=[(_("{n} dice").format(n=n), n)
                                                          for n in DICE_CHOICES], value=4)
        self.stop_button = widgets.Button(description=_(STOP))
        self.figure_buttons = [widgets.Button(description=name,
                                              style={"button_color": FIGURE_COLOURS[i],
                                                     "text_color": ink_on(FIGURE_COLOURS[i])})
                               for i, name in enumerate(self.rules.figures)]
        self.house = classed(widgets.HTML(), "haba-board")
        self.dice_view = classed(widgets.HTML(), "haba-dice")
        self.last_move = classed(widgets.HTML(), "haba-last")
        self.status = classed(widgets.HTML(), "haba-turn")
        self.message = classed(widgets.HTML(), "haba-problem")
        self.odds = widgets.HTML()
        self.scores = widgets.HTML()
        self.log = widgets.HTML()
        self.new_game_button.on_click(self._new_game_clicked)
        self.roll_button.on_click(self._roll_clicked)
        self.stop_button.on_click(self._stop_clicked)
        for i, button in enumerate(self.figure_buttons):
            button.on_click(lambda _button, i=i: self._figure_clicked(i))
        self.teaching.observe(self._option_changed, "value")
        self.dice_choice.observe(self._option_changed, "value")
        panel = classed(widgets.VBox([
            self.status, self.last_move, self.message,
            classed(widgets.HBox([self.roll_button, self.stop_button]), "haba-controls"),
            classed(widgets.HBox([self.dice_choice]), "haba-controls"),
            classed(widgets.HBox(self.figure_buttons), "haba-controls"),
            self.dice_view, self.scores,
        ]), "haba-panel")
        self.widget = classed(widgets.VBox([
            style_widget(),
            classed(widgets.HBox([self.house, panel]), "haba-game-main"),
            self.odds,                   # teaching mode's table, the full width under the board
            classed(widgets.HBox(self.seat_pickers + [self.free_choice, self.teaching,
                                                      self.new_game_button]), "haba-setup"),
            self.log,
        ]), "haba-game", "haba-spookies")
        self.new_game()

    # --- what a click does (each guarded: a failure is a message, never a traceback) -----------
    def show_problem(self, text: str) -> None:
        """Show one line of warning in the widget (a refused click, a fault)."""
        self.message.value = self._warning(text)

    def redraw(self) -> None:
        """Draw everything again from the game's state."""
        self._render()

    @guarded
    def _new_game_clicked(self, _button=None) -> None:
        self.new_game()

    @guarded
    def _roll_clicked(self, _button=None) -> None:
        self._act(self._roll)

    @guarded
    def _stop_clicked(self, _button=None) -> None:
        self._act(self._stop)

    @guarded
    def _figure_clicked(self, figure: int) -> None:
        self._act(lambda: self._choose(figure))

    @guarded
    def _option_changed(self, _change=None) -> None:
        self._render()

    # --- actions ------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a new game with the seats chosen in the dropdowns."""
        seats = [p.value for p in self.seat_pickers if p.value != EMPTY]
        if len(seats) < 2:
            raise _Refused(_("Choose at least 2 seats (human or bot), then press New game; "
                             "until then the game on the table goes on."))
        self.seats: list[Strategy | None] = [None if s == HUMAN else named(s) for s in seats]
        names = [_("Player {n}").format(n=i + 1) if seat == HUMAN
                 else _("Bot {n} ({strategy})").format(n=i + 1, strategy=seat_label(seat))
                 for i, seat in enumerate(seats)]
        seed = self.seed + self.games_started        # each new game gets new dice
        self.games_started += 1
        self.game = new_game(names, rules=self.rules, seed=seed,
                             free_choice=self.free_choice.value)
        self.rng = make_rng(seed)         # chance and the bots' choices
        self.message.value = ""
        self._render()

    def _act(self, action) -> None:
        """Do ``action``; a refusal raises (the guard shows it, the state is unchanged)."""
        action()
        self.message.value = ""
        self._render()

    def _human_turn(self, doing: str) -> None:
        game = self.game
        if game.is_over:
            raise _Refused(_(OVER_MESSAGE))
        if self.seats[game.current] is not None:
            raise _Refused(_(BOT_TURN).format(name=game.names[game.current],
                                              button=self.roll_button.description,
                                              doing=doing))

    def _roll(self) -> None:
        game = self.game
        if game.is_over:
            raise _Refused(_(OVER_MESSAGE))
        if self.seats[game.current] is not None:
            self._bot_turn()
        elif game.phase == FRIEND:
            game.sample_chance(self.rng)
        elif game.phase == CHOOSE_FIGURE:
            raise _Refused(_("First choose a figure with the coloured buttons."))
        else:
            game.roll(self.dice_choice.value)
            game.sample_chance(self.rng)
        self._settle()

    def _stop(self) -> None:
        self._human_turn(_("You cannot stop for a bot."))
        self.game.stop()

    def _choose(self, figure: int) -> None:
        self._human_turn(_("You cannot choose its figure."))
        self.game.choose_figure(figure)

    def _bot_turn(self) -> None:
        """The bot plays its whole turn through the engine's play loop."""
        player = self.game.current
        play(self.game, self.seats, rng=self.rng, until=lambda g: g.current != player)

    def _settle(self) -> None:
        """Chance that follows a roll (a fine, the chips turned over at the end) is drawn at
        once; the friend die waits for its button."""
        play(self.game, [None] * self.game.players, rng=self.rng,
             until=lambda g: g.phase in (FRIEND, DICE))

    # --- rendering ----------------------------------------------------------------------------
    @staticmethod
    def _warning(text: str) -> str:
        return f'<div style="{ALERT_STYLE}">⚠ {escape(text)}</div>'

    def _human_to_act(self) -> bool:
        return not self.game.is_over and self.seats[self.game.current] is None

    def _render(self) -> None:
        game = self.game
        before, now = turns(game)
        self.house.value = house_svg(game)
        own_roll = any(e.kind in ROLL_EVENTS for e in now)
        self.dice_view.value = friend_die_html(game) + (
            dice_svg(game.last_roll) if own_roll and not game.is_over else
            f'<div>{escape(_(NO_DICE_YET).format(name=game.names[game.current]))}</div>'
            if not game.is_over else "")
        self.last_move.value = self._last_move_html(now or before)
        self._render_controls()
        self.status.value = f'<div class="haba-big"><b>{escape(self._todo())}</b></div>'
        self.scores.value = self._score_html()
        lines = [escape(str(e)) for e in game.log[-6:]]
        self.log.value = (f'<div><b>{escape(_(LOG_HEADING))}</b><br>'
                          + "<br>".join(lines) + "</div>")
        self.odds.value = self._odds_html() if self.teaching.value else ""

    def _render_controls(self) -> None:
        """Label the buttons and disable those that cannot act now."""
        game, human = self.game, self._human_to_act()
        bot = None if game.is_over else self.seats[game.current]
        if game.is_over:
            self.roll_button.description = _(GAME_OVER)
        elif bot is not None:
            self.roll_button.description = _("Play {name}'s turn").format(
                name=game.names[game.current])
        elif game.phase == FRIEND:
            self.roll_button.description = _(ROLL_FRIEND)
        elif game.phase == CHOOSE_FIGURE:
            self.roll_button.description = _(CHOOSE_FIRST)
        else:
            self.roll_button.description = _("Roll {n} dice").format(n=self.dice_choice.value)
        self.roll_button.disabled = game.is_over or (human and game.phase == CHOOSE_FIGURE)
        choosing_dice = human and game.phase == CHOOSE_DICE
        self.stop_button.disabled = not (choosing_dice and not game.must_roll)
        self.dice_choice.disabled = not choosing_dice
        for button in self.figure_buttons:
            button.disabled = not (human and game.phase == CHOOSE_FIGURE)

    def _todo(self) -> str:
        game = self.game
        name = game.names[game.current]
        bot = None if game.is_over else self.seats[game.current]
        if game.is_over:
            return _("The stockpile is empty: the game is over.")
        if bot is not None:
            return _("{name} is a bot ({description}).").format(name=name,
                                                                description=description(bot))
        if game.phase == FRIEND:
            return _("{name}: roll the friend die.").format(name=name)
        if game.phase == CHOOSE_FIGURE:
            return _("{name}: choose a figure (the coloured buttons).").format(name=name)
        figure = game.rules.figures[game.figure]
        where = game.rules.space_label(game.positions[game.figure])
        todo = _("{name} moves {figure} (on {where}): choose 2, 3 or 4 dice and roll").format(
            name=name, figure=figure, where=where)
        if game.must_roll:
            return todo + "."
        return todo + ngettext(", or stop with {n} chip from this turn.",
                               ", or stop with {n} chips from this turn.",
                               game.gained).format(n=game.gained)

    def _last_move_html(self, events: list) -> str:
        """What happened last: the current turn so far, or the turn before it when this one
        has not started, with whose turn it was."""
        if not events:
            return f"<div>{escape(_(NOTHING_YET))}</div>"
        who = self.game.names[events[0].player]
        lines = "<br>".join(escape(str(e)) for e in events[-4:])
        return f'<div><b>{escape(_(LAST_TURN).format(name=who))}:</b><br>{lines}</div>'

    def _score_html(self) -> str:
        game = self.game
        rows = []
        winners = game.winners
        for p, name in enumerate(game.names):
            points = str(game.points()[p]) if game.is_over else _("hidden (face down)")
            mark = (" 🏆 " + _("winner")) if p in winners else (
                " ◀ " + _("to play") if p == game.current and not game.is_over else "")
            rows.append(f"<tr><td>{escape(name)}{mark}</td><td>{len(game.chips[p])}</td>"
                        f"<td>{escape(points)}</td></tr>")
        stock = ngettext("stockpile: {n} chip", "stockpile: {n} chips",
                         game.stockpile).format(n=game.stockpile)
        heads = "".join(f"<th>{escape(_(head))}</th>" for head in SCORE_HEADS)
        return f'<table><tr>{heads}</tr>{"".join(rows)}</table><div>{escape(stock)}</div>'

    def _odds_html(self) -> str:
        game = self.game
        if game.phase != CHOOSE_DICE or game.is_over:
            return f"<div>{escape(_(TEACHING_WAIT))}</div>"
        position = game.positions[game.figure]
        chips = len(game.chips[game.current])
        policy = solve_turn(game.rules, penalties=game.penalty_counts())
        best = policy.best_action(position, chips, first_roll=game.must_roll)
        rows, dice_label = [], _("{n} dice")
        for dice in DICE_CHOICES:
            p = success_probability(position, dice, game.rules)
            once = one_roll_value(position, dice, game.rules, chips=chips,
                                  penalties=game.penalty_counts())
            later = policy.roll_value(position, dice, chips)
            star = " " + _(BEST) if best.kind == "roll" and best.value == dice else ""
            rows.append(f"<tr><td>{escape(dice_label.format(n=dice))}{escape(star)}</td>"
                        f"<td>{p}&nbsp;≈&nbsp;{number(float(p), '.0%')}</td>"
                        f"<td>{number(float(once), '+.2f')}</td>"
                        f"<td>{number(float(later), '+.2f')}</td></tr>")
        if not game.must_roll:
            star = " " + _(BEST) if best.kind == "stop" else ""
            zero, stop = number(0.0, "+.2f"), _("stop")
            rows.append(f"<tr><td>{escape(stop)}{escape(star)}</td><td>—</td>"
                        f"<td>{zero}</td><td>{zero}</td></tr>")
        choice, chance, expected = _("choice"), _("chance of success"), _("expected chips")
        once_only, then_best = _("this roll only"), _("then best play")
        note = _("Expected chips are net of fines; the rewards come from {table}.").format(
            table=_(REWARD_SOURCES[game.rules.reward_table.provenance]))
        return (f'<table><tr><th rowspan="2">{escape(choice)}</th>'
                f'<th rowspan="2">{escape(chance)}</th>'
                f'<th colspan="2">{escape(expected)}</th>'
                f'</tr><tr><th>{escape(once_only)}</th><th>{escape(then_best)}</th></tr>'
                f'{"".join(rows)}</table><div style="font-size:0.9em">{escape(note)}</div>')


def seat_label(choice: str) -> str:
    """A seat's choice (``"human"``, a bot's name) in the language in use."""
    return _(SEAT_LABELS[choice]) if choice in SEAT_LABELS else choice


class _Refused(HabaLessonsError):
    """A click that makes no sense at the table now (shown as a message)."""


def widget(seats: Sequence[str] = (HUMAN, "optimal"), **options) -> widgets.VBox:
    """A Spookies table's root widget: ``spookies.widget(["human", "human", "greedy"])`` in a
    notebook cell (options as for :class:`SpookiesTable`). The controller stays reachable
    as the widget's ``spookies_table`` attribute."""
    table = SpookiesTable(seats, **options)
    table.widget.spookies_table = table
    return table.widget


callable_widget_module(__name__)
