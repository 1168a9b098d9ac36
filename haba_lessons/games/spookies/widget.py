"""A Spookies table to play at the projector: hot-seat humans and bots, the house in SVG.

    from haba_lessons.games import spookies
    spookies.widget(["human", "human", "optimal"])     # the root widget; its controller,
                                                       # a SpookiesTable, is .spookies_table

A thin view over the rules engine: every click becomes an engine action, the bots' turns and
chance are played by the engine's play loop with the table's seeded generator; an action the
rules refuse shows the engine's message instead. Points stay hidden (chips lie face down)
until the stockpile is empty. "Teaching mode" shows, beside each dice choice, the exact
chance of success and the expected chips of rolling.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ...charts import OKABE_ITO
from ...colours import PAPER, action_style, ink_on
from ...engine import Strategy, play
from ...errors import HabaLessonsError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng
from .. import callable_widget_module
from .analysis import one_roll_value, solve_turn, success_probability
from .board import DICE_CHOICES
from .rules import (ATTIC, CHOOSE_DICE, CHOOSE_FIGURE, DICE, FRIEND, START, Rules, SpookiesGame,
                    new_game)
from .strategies import STRATEGIES, named

HUMAN = "human"
EMPTY = "(empty seat)"
SEAT_CHOICES = [EMPTY, HUMAN] + list(STRATEGIES)
FIGURE_COLOURS = [OKABE_ITO[i] for i in (0, 1, 2, 3, 5)]
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def house_svg(game: SpookiesGame, display_width: int = 560) -> str:
    """The board: start area, garden, five floors and the attic, with the figures (colour
    and name), the penalty chips on each space and the reward table beside each space.
    Drawn on a 720-wide canvas and shown ``display_width`` pixels wide."""
    rules, row, width = game.rules, 56, 720
    top = 70
    height = top + row * (ATTIC + 1) + 10
    table = rules.reward_table
    shown = round(height * display_width / width)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{display_width}" '
             f'height="{shown}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="The Spookies house" style="background:{PAPER}">',
             f'<polygon points="20,{top} 300,8 580,{top}" fill="#5b4a6b" stroke="#222"/>',
             f'<text x="300" y="{top - 14}" font-size="20" fill="white" '
             f'text-anchor="middle">Spookies house</text>',
             f'<text x="580" y="{top - 24}" font-size="13">chips for</text>',
             f'<text x="580" y="{top - 8}" font-size="13">2 / 3 / 4 dice'
             f'{" (assumed)" if table.provenance == "assumption" else ""}</text>']
    for position in range(ATTIC, START - 1, -1):
        y = top + (ATTIC - position) * row
        fill = {ATTIC: "#d9cce6", 1: "#cfe8cf", START: "#eeeeee"}.get(position, "#f3ead8")
        name = {ATTIC: "attic", 1: "garden", START: "start (gate)"}.get(position, "floor")
        parts.append(f'<rect x="20" y="{y}" width="680" height="{row - 2}" fill="{fill}" '
                     f'stroke="#444"/>')
        label = "start" if position == START else rules.space_label(position)
        parts.append(f'<text x="30" y="{y + 33}" font-size="26" font-weight="bold">'
                     f'{escape(label)}</text><text x="30" y="{y + 50}" font-size="12" '
                     f'fill="#333">{name}</text>')
        if position != START:
            cells = " / ".join(str(table.reward(position, d)) for d in DICE_CHOICES)
            parts.append(f'<text x="580" y="{y + 35}" font-size="20">{cells}</text>')
            penalties = len(game.penalties[position])
            if penalties:
                parts.append(f'<rect x="440" y="{y + 12}" width="28" height="28" rx="4" '
                             f'fill="#222"/><text x="454" y="{y + 32}" font-size="16" '
                             f'fill="white" text-anchor="middle">{penalties}</text>'
                             f'<text x="472" y="{y + 32}" font-size="13">penalty</text>')
        here = [f for f in range(5) if game.positions[f] == position]
        for slot, figure in enumerate(here):
            x = 135 + slot * 60
            active = figure == game.figure
            bold = ' font-weight="bold"' if active else ""
            parts.append(f'<circle cx="{x}" cy="{y + 20}" r="14" fill="{FIGURE_COLOURS[figure]}" '
                         f'stroke="{"#000" if active else "#fff"}" '
                         f'stroke-width="{4 if active else 1}"/>'
                         f'<text x="{x}" y="{y + 26}" font-size="16" '
                         f'fill="{ink_on(FIGURE_COLOURS[figure])}" '
                         f'text-anchor="middle" font-weight="bold">{rules.figures[figure][0]}'
                         f'</text><text x="{x}" y="{y + 48}" font-size="12" '
                         f'text-anchor="middle"{bold}>'
                         f'{escape(rules.figures[figure])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def friend_die_html(game: SpookiesGame) -> str:
    """The turn and the friend die's face (a figure's initial, colour and name, or "?")."""
    face = game.friend_face
    who = escape(game.names[game.current])
    if game.is_over:
        return '<div style="font-size:22px">The game is over.</div>'
    if face is None:
        text = ("free-choice variant: choose a figure" if game.rules.free_choice
                else "the friend die is still to be rolled")
        return f'<div style="font-size:22px">Turn {game.turn} · {who}: {text}.</div>'
    colour = "#777" if face == "?" else FIGURE_COLOURS[game.rules.figures.index(face)]
    label = "? (free choice)" if face == "?" else face
    return (f'<div style="font-size:22px">Turn {game.turn} · {who} · friend die: '
            f'<span style="display:inline-block;width:44px;height:44px;line-height:44px;'
            f'text-align:center;border-radius:8px;background:{colour};color:{ink_on(colour)};'
            f'font-weight:bold">{escape(face[0])}</span> <b>{escape(label)}</b></div>')


def dice_svg(faces: Sequence[int]) -> str:
    """Big dice with pips and numbers; the two highest (which count) are outlined."""
    if not faces:
        return '<div style="font-size:20px">No number dice rolled yet.</div>'
    size, gap = 76, 16
    counted = sorted(range(len(faces)), key=lambda i: -faces[i])[:2]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(faces) * (size + gap)}" '
             f'height="{size + 30}" role="img" aria-label="dice: '
             f'{" ".join(map(str, faces))}" style="background:{PAPER}">']
    for i, face in enumerate(faces):
        x = i * (size + gap) + 4
        counts = i in counted
        parts.append(f'<rect x="{x}" y="4" width="{size}" height="{size}" rx="12" fill="white" '
                     f'stroke="{"#D55E00" if counts else "#888"}" '
                     f'stroke-width="{5 if counts else 2}"/>')
        for r, c in PIPS[face]:
            parts.append(f'<circle cx="{x + 18 + c * 20}" cy="{22 + r * 20}" r="7" '
                         f'fill="#222"/>')
        parts.append(f'<text x="{x + size / 2}" y="{size + 26}" font-size="18" '
                     f'text-anchor="middle">{face}{" ✓" if counts else ""}</text>')
    parts.append("</svg>")
    top = sorted(faces, reverse=True)[:2]
    return (f'{"".join(parts)}<div style="font-size:22px">Result: {top[0]} + {top[1]} = '
            f'<b>{sum(top)}</b> (the two highest dice, marked ✓)</div>')


class SpookiesTable:
    """A full game at the table. ``table.widget`` is the root widget.

    ``seats``: 2-5 entries, each ``"human"`` or a strategy name (``"optimal"``,
    ``"cautious"``, ...). Tests drive it with ``table.roll_button.click()`` etc.
    """

    def __init__(self, seats: Sequence[str] = (HUMAN, "optimal"), *, seed: int = COURSE_SEED,
                 rules: Rules | None = None, free_choice: bool = False,
                 teaching: bool = False) -> None:
        seats = list(seats)
        if not 2 <= len(seats) <= 5:
            raise InvalidArgumentError(f"Spookies is for 2 to 5 players; got {len(seats)} "
                                       f"seats.")
        for seat in seats:
            if seat != HUMAN:
                named(seat)
        self.rules = rules or Rules.standard()
        self.seed = seed
        self.games_started = 0
        self.seat_pickers = [widgets.Dropdown(options=SEAT_CHOICES, description=f"Seat {i + 1}",
                                              value=seats[i] if i < len(seats) else EMPTY,
                                              layout=widgets.Layout(width="230px"))
                             for i in range(5)]
        self.free_choice = widgets.Checkbox(value=free_choice, description="free-choice variant")
        self.teaching = widgets.Checkbox(value=teaching, description="teaching mode")
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.roll_button = widgets.Button(button_style="primary", style=action_style("primary"),
                                          layout=widgets.Layout(width="230px", height="48px"))
        self.roll_button.add_class("haba-roll")
        self.dice_choice = widgets.ToggleButtons(options=[("2 dice", 2), ("3 dice", 3),
                                                          ("4 dice", 4)], value=4,
                                                 description="Dice:",
                                                 style={"button_width": "90px"})
        self.stop_button = widgets.Button(description="Stop, keep the chips",
                                          layout=widgets.Layout(width="190px", height="48px"))
        self.figure_buttons = [widgets.Button(description=name,
                                              style={"button_color": FIGURE_COLOURS[i],
                                                     "text_color": ink_on(FIGURE_COLOURS[i])},
                                              layout=widgets.Layout(width="84px"))
                               for i, name in enumerate(self.rules.figures)]
        self.house = widgets.HTML()
        self.dice_view = widgets.HTML()
        self.dice_view.add_class("haba-dice")
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.odds = widgets.HTML()
        self.scores = widgets.HTML()
        self.log = widgets.HTML()
        self.new_game_button.on_click(lambda _: self.new_game())
        self.roll_button.on_click(lambda _: self._act(self._roll))
        self.stop_button.on_click(lambda _: self._act(self._stop))
        for i, button in enumerate(self.figure_buttons):
            button.on_click(lambda _, i=i: self._act(lambda: self._choose(i)))
        self.teaching.observe(lambda _: self._render(), "value")
        self.dice_choice.observe(lambda _: self._render(), "value")
        wrap = widgets.Layout(flex_flow="row wrap")
        controls = widgets.VBox([
            self.status, self.message, widgets.HBox([self.roll_button, self.stop_button],
                                                    layout=wrap),
            self.dice_choice, widgets.HBox(self.figure_buttons, layout=wrap), self.dice_view,
            self.odds, self.scores,
        ], layout=widgets.Layout(width="440px"))
        self.widget = widgets.VBox([
            widgets.HBox(self.seat_pickers[:3], layout=wrap),
            widgets.HBox(self.seat_pickers[3:] + [self.free_choice, self.teaching,
                                                  self.new_game_button], layout=wrap),
            widgets.HBox([self.house, controls], layout=wrap),
            self.log,
        ])
        self.widget.add_class("haba-spookies")
        self.new_game()

    # --- actions ------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a new game with the seats chosen in the dropdowns."""
        seats = [p.value for p in self.seat_pickers if p.value != EMPTY]
        if len(seats) < 2:
            self.message.value = self._warning("Choose at least 2 seats (human or bot), "
                                               "then press New game.")
            return
        self.seats: list[Strategy | None] = [None if s == HUMAN else named(s) for s in seats]
        names = [f"Player {i + 1}" if seat == HUMAN else f"Bot {i + 1} ({seat})"
                 for i, seat in enumerate(seats)]
        seed = self.seed + self.games_started        # each new game gets new dice
        self.games_started += 1
        self.game = new_game(names, rules=self.rules, seed=seed,
                             free_choice=self.free_choice.value)
        self.rng = make_rng(seed)         # chance and the bots' choices
        self.message.value = ""
        self._render()

    def _act(self, action) -> None:
        try:
            action()
            self.message.value = ""
        except HabaLessonsError as error:
            self.message.value = self._warning(str(error))
        self._render()

    def _human_turn(self, doing: str) -> None:
        game = self.game
        if game.is_over:
            raise _Refused("The game is over: press New game to play again.")
        if self.seats[game.current] is not None:
            raise _Refused(f"It is {game.names[game.current]}'s turn: press "
                           f"'{self.roll_button.description}' to let it play. ({doing})")

    def _roll(self) -> None:
        game = self.game
        if game.is_over:
            raise _Refused("The game is over: press New game to play again.")
        if self.seats[game.current] is not None:
            self._bot_turn()
        elif game.phase == FRIEND:
            game.sample_chance(self.rng)
        elif game.phase == CHOOSE_FIGURE:
            raise _Refused("First choose a figure with the coloured buttons.")
        else:
            game.roll(self.dice_choice.value)
            game.sample_chance(self.rng)
        self._settle()

    def _stop(self) -> None:
        self._human_turn("You cannot stop for a bot.")
        self.game.stop()

    def _choose(self, figure: int) -> None:
        self._human_turn("You cannot choose its figure.")
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
        return (f'<div style="font-size:18px;color:#8a3b00;background:#FFF4E5;'
                f'border:2px solid #D55E00;'
                f'padding:6px">⚠ {escape(text)}</div>')

    def _render(self) -> None:
        game = self.game
        self.house.value = house_svg(game)
        self.dice_view.value = friend_die_html(game) + dice_svg(game.last_roll)
        name = game.names[game.current]
        bot = None if game.is_over else self.seats[game.current]
        if game.is_over:
            self.roll_button.description = "Game over"
            todo = "The stockpile is empty: the game is over."
        elif bot is not None:
            self.roll_button.description = f"Play {name}'s turn"
            todo = f"{name} is a bot ({bot.description})."
        elif game.phase == FRIEND:
            self.roll_button.description = "Roll the friend die"
            todo = f"{name}: roll the friend die."
        elif game.phase == CHOOSE_FIGURE:
            self.roll_button.description = "Choose a figure first"
            todo = f"{name}: choose a figure (buttons below)."
        else:
            self.roll_button.description = f"Roll {self.dice_choice.value} dice"
            figure = game.rules.figures[game.figure]
            where = game.rules.space_label(game.positions[game.figure])
            todo = (f"{name} moves {figure} (on {where}): choose 2, 3 or 4 dice and roll"
                    + ("." if game.must_roll else f", or stop with {game.gained} chip(s) "
                       f"from this turn."))
        self.status.value = f'<div style="font-size:22px">{escape(todo)}</div>'
        self.scores.value = self._score_html()
        lines = [escape(str(e)) for e in game.log[-6:]]
        self.log.value = ('<div style="font-size:15px"><b>What happened</b><br>'
                          + "<br>".join(lines) + "</div>")
        self.odds.value = self._odds_html() if self.teaching.value else ""

    def _score_html(self) -> str:
        game = self.game
        rows = []
        winners = game.winners
        for p, name in enumerate(game.names):
            points = str(game.points()[p]) if game.is_over else "hidden (face down)"
            mark = " 🏆 winner" if p in winners else (" ◀ to play" if p == game.current
                                                    and not game.is_over else "")
            rows.append(f"<tr><td>{escape(name)}{mark}</td><td>{len(game.chips[p])}</td>"
                        f"<td>{points}</td></tr>")
        return ('<table style="font-size:17px"><tr><th>player</th><th>chips</th>'
                f'<th>points</th></tr>{"".join(rows)}</table>'
                f'<div>stockpile: {game.stockpile} chips</div>')

    def _odds_html(self) -> str:
        game = self.game
        if game.phase != CHOOSE_DICE or game.is_over:
            return ('<div style="font-size:16px">Teaching mode: the chances appear here when '
                    'a figure is chosen and the dice are to be rolled.</div>')
        position = game.positions[game.figure]
        chips = len(game.chips[game.current])
        policy = solve_turn(game.rules, penalties=game.penalty_counts())
        best = policy.best_action(position, chips, first_roll=game.must_roll)
        rows = []
        for dice in DICE_CHOICES:
            p = success_probability(position, dice, game.rules)
            once = one_roll_value(position, dice, game.rules, chips=chips,
                                  penalties=game.penalty_counts())
            later = policy.roll_value(position, dice, chips)
            star = " ★ best" if best.kind == "roll" and best.value == dice else ""
            rows.append(f"<tr><td>{dice} dice{star}</td><td>{p} ≈ {float(p):.0%}</td>"
                        f"<td>{float(once):+.2f}</td><td>{float(later):+.2f}</td></tr>")
        if not game.must_roll:
            star = " ★ best" if best.kind == "stop" else ""
            rows.append(f"<tr><td>stop{star}</td><td>—</td><td>+0.00</td><td>+0.00</td></tr>")
        return ('<table style="font-size:17px"><tr><th rowspan="2">choice</th>'
                '<th rowspan="2">chance of success</th><th colspan="2">expected chips</th>'
                '</tr><tr><th>this roll only</th><th>then best play</th></tr>'
                f'{"".join(rows)}</table><div style="font-size:13px">Expected chips are net '
                f'of fines; the rewards come from the {game.rules.reward_table.provenance} '
                f'reward table.</div>')


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
