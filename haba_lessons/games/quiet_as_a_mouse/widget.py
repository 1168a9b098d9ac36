"""Quiet as a Mouse on the projector: a companion for the real box, and a simulator.

    from haba_lessons.games import quiet_as_a_mouse
    quiet_as_a_mouse.widget()                      # companion: the class plays the real game
    quiet_as_a_mouse.widget(mode="simulated")     # skill sliders, the computer plays it out

*Companion*: the big colour dice are rolled on screen (by the engine, seeded), the castle
drawing highlights the holes the roll allows, and three buttons record what happened at the
table ("Silent", "Alarm!", "A stick slid out"); the widget counts the sticks and shows the
live chance that the next roll is blocked. The people at the table decide how an attempt
went, so the companion's skill model (:data:`COMPANION_SKILL`) only has to give every
outcome a chance. *Simulated*: one p and q slider per player, then the computer plays games
with the same rules engine. Every colour is also written as a word.

What happened last ("Player 1's roll: red + blue", then the attempt) is shown in its own box,
apart from the current player's controls; the dice beside "Roll" are blank until that player
rolls. A message (a refused click, a player count out of range) appears right under the
controls. Projector first: panels are flex boxes in relative units (:data:`STYLE`), the castle
drawing scales to the width it is given (its height capped so that the controls stay on
screen). A failure inside a callback becomes a one-line message
(:mod:`haba_lessons.widget_guard`).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ...colours import ALERT_STYLE, PAPER, TEXT, action_style, ink_on
from ...engine import Event
from ...errors import HabaLessonsError, IllegalActionError, InvalidArgumentError
from ...i18n import N_, _, ngettext, number
from ...simulation import COURSE_SEED, make_rng
from ...widget_guard import guarded
from .. import callable_widget_module
from .layout import Layout, load_layout
from .rules import ALARM, ATTEMPT, CHOOSE, OVER, ROLL, SILENT, SLID_OUT, Game, Pair, Skill, \
    make_skills
from .simulate import play_game, simulate_games, win_counts
from .strategies import STRATEGIES, most_open_pair, strategy_name
from .words import colour_name

#: How each default colour is drawn: (fill, text colour: black or white, whichever contrasts
#: more). Unknown colours are drawn grey; the word is always written next to the colour.
LOOKS = {colour: (fill, ink_on(fill)) for colour, fill in (
    ("red", "#d7301f"), ("yellow", "#f6d32d"), ("green", "#1a9850"), ("blue", "#2166ac"),
    ("orange", "#f28e1c"), ("purple", "#762a83"))}
MODES = ("companion", "simulated")
#: Each mode as the toggle shows it (the value stays the English name).
MODE_LABELS = {"companion": N_("companion"), "simulated": N_("simulated")}
#: The companion's skill model: the table says how each attempt went, so every outcome
#: (silent, alarm, a stick sliding out) must be possible; the numbers are never used to draw.
COMPANION_SKILL = Skill(Fraction(1, 3), Fraction(1, 3))
#: Layout in relative units: controls and picture side by side on a wide screen, one above
#: the other on a narrow one; text never smaller than 18 px on the projector.
STYLE = """<style>
.haba-quiet-as-a-mouse { width: 100%; box-sizing: border-box;
  font-size: clamp(16px, 1.3vw, 28px); color: var(--jp-content-font-color1, #1f1f1f); }
.haba-quiet-as-a-mouse .widget-html, .haba-quiet-as-a-mouse .widget-html-content
  { font-size: inherit; }
.haba-quiet-as-a-mouse .haba-qm-columns { display: flex; flex-wrap: wrap; gap: 0.5em 1.5em;
  align-items: flex-start; width: 100%; }
.haba-quiet-as-a-mouse .haba-qm-controls { flex: 1 1 24em; min-width: 0; }
.haba-quiet-as-a-mouse .haba-qm-picture { flex: 2 1 30em; min-width: 0; }
.haba-quiet-as-a-mouse .haba-qm-row { display: flex; flex-wrap: wrap; gap: 0.3em;
  align-items: center; }
.haba-quiet-as-a-mouse .haba-qm-row .jupyter-button { font-size: max(1em, 18px);
  height: auto; min-height: 2.4em; width: auto; flex: 1 1 auto; white-space: normal; }
.haba-quiet-as-a-mouse .haba-qm-row .widget-dropdown { flex: 1 1 14em; width: auto; }
.haba-quiet-as-a-mouse svg.haba-qm-castle { width: 100%; height: auto; max-height: 40vh;
  display: block; }
.haba-quiet-as-a-mouse .haba-qm-die { display: inline-block; min-width: 3em; height: 2.8em;
  line-height: 2.8em; padding: 0 0.4em; margin: 0.15em; border: 0.15em solid #222;
  border-radius: 0.5em; font-weight: bold; text-align: center; }
.haba-quiet-as-a-mouse .haba-last-move { border-left: 0.3em solid var(--jp-brand-color1, #0072B2);
  padding: 0.2em 0.6em; margin: 0.3em 0; line-height: 1.4; }
.haba-quiet-as-a-mouse .haba-qm-message { min-height: 1.4em; margin: 0.2em 0; }
.haba-quiet-as-a-mouse .haba-qm-explain { line-height: 1.4; margin: 0.2em 0; }
.haba-quiet-as-a-mouse .haba-qm-sliders .widget-slider { width: 100%; }
.haba-quiet-as-a-mouse .haba-qm-sliders .widget-label { min-width: 11em; }
</style>"""
#: Sentences a reader sees, in one place (the German edition translates these).
WORDS = {
    "skill": N_("<b>p</b>: the chance that a player's stick goes in <b>silently</b> (no bell "
                "rings). <b>q</b>: the chance that, while a player pushes a stick in, "
                "<b>another stick slides out</b> of the castle. The rest, 1 − p − q, is the "
                "chance of an <b>alarm</b>. This skill model is the course's assumption, not a "
                "rule of the box: move the sliders to try other players."),
    "ties": N_("When the 12th stick goes in, the players with the fewest sticks left all win "
               "(the rulebook's tie), so a game can have two winners and the shares can add up "
               "to more than 100%."),
    "start": N_("Move the sliders, then press Play it out."),
    "last turn": N_("Last turn"),
    "nothing yet": N_("Nothing has happened yet: Player 1 rolls first."),
    "wall": N_("{wall} wall"),
    "castle": N_("the cheese castle: {sticks} sticks in, {free} free holes per wall"),
}
#: The castle's two walls, as the drawing names them.
WALLS = {"front": N_("front"), "back": N_("back")}


def look(colour: str) -> tuple[str, str]:
    return LOOKS.get(colour, ("#999999", ink_on("#999999")))


def dice_html(roll: tuple[str, str] | None) -> str:
    """Two big dice, each with its colour and its colour's name ("?" before the roll)."""
    faces = roll or ("?", "?")
    parts = []
    for colour in faces:
        fill, ink = look(colour) if roll else ("#ffffff", "#000000")
        parts.append(f"<div class='haba-qm-die' style='background:{fill};color:{ink}'>"
                     f"{escape(colour_name(colour) if roll else colour)}</div>")
    return "<div>" + "".join(parts) + "</div>"


def castle_svg(game: Game, preview: Pair | None = None) -> str:
    """The castle seen from above: front wall, back wall, sticks, holes the roll allows."""
    layout = game.layout
    n = len(layout.front_wall)
    step, left = 52, 40
    width = left + step * n
    rows = {"front": 70, "back": 190}
    allowed = {"front": {f for f, _ in game.legal_pairs()},
               "back": {b for _, b in game.legal_pairs()}}
    taken = {"front": set(game.castle), "back": set(game.castle.values())}
    described = escape(_(WORDS["castle"]).format(sticks=len(game.castle),
                                                 free=n - len(game.castle)))
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' class='haba-qm-castle' width='{width}' "
           f"height='250' viewBox='0 0 {width} 250' role='img' aria-label='{described}' "
           f"style='background:{PAPER}'>",
           f"<rect x='4' y='28' width='{width - 8}' height='200' rx='18' fill='#fff3c4' "
           f"stroke='#b58900' stroke-width='3'/>"]
    for wall, y in rows.items():
        out.append(f"<text x='8' y='{y - 24}' font-size='14' font-family='sans-serif'>"
                   f"{escape(_(WORDS['wall']).format(wall=_(WALLS[wall])))}</text>")
    for front, back in sorted(game.castle.items()):
        out.append(_stick(left, step, rows, front, back, "#8c510a", ""))
    if preview is not None:
        out.append(_stick(left, step, rows, *preview, "#444444", "stroke-dasharray='8 6'"))
    for wall, y in rows.items():
        colours = layout.front_wall if wall == "front" else layout.back_wall
        for i, colour in enumerate(colours):
            x = left + step * i + step // 2 - 20
            fill, ink = look(colour)
            ring = ("stroke='#000' stroke-width='5'" if i + 1 in allowed[wall]
                    else "stroke='#555' stroke-width='1.5'")
            out.append(f"<circle cx='{x}' cy='{y}' r='17' fill='{fill}' {ring}/>")
            if i + 1 in taken[wall]:
                out.append(f"<circle cx='{x}' cy='{y}' r='8' fill='#5a3a0a'/>")
            out.append(f"<text x='{x}' y='{y + 34}' font-size='12' text-anchor='middle' "
                       f"font-family='sans-serif'>{escape(colour_name(colour))}</text>")
            if i + 1 in allowed[wall]:
                out.append(f"<text x='{x}' y='{y + 5}' font-size='15' text-anchor='middle' "
                           f"font-weight='bold' fill='{ink}' font-family='sans-serif'>"
                           f"{i + 1}</text>")
    out.append("</svg>")
    return "".join(out)


def _stick(left: int, step: int, rows: dict[str, int], front: int, back: int, colour: str,
           extra: str) -> str:
    x1 = left + step * (front - 1) + step // 2 - 20      # holes are numbered from 1
    x2 = left + step * (back - 1) + step // 2 - 20
    return (f"<line x1='{x1}' y1='{rows['front']}' x2='{x2}' y2='{rows['back']}' "
            f"stroke='{colour}' stroke-width='7' stroke-linecap='round' {extra}/>")


def sticks_html(game: Game) -> str:
    """Sticks in front of each player, in the castle, out of the game and in the box."""
    turn = _(" (turn)")
    names = [_("Player {n}").format(n=i + 1) for i in range(game.players)]
    cells = "".join(
        f"<td style='padding:0.2em 0.6em;{'font-weight:bold;background:#e8f0ff;color:#1f1f1f' if i == game.current and not game.is_over else ''}'>"
        f"{escape(names[i])}{turn if i == game.current and not game.is_over else ''}"
        f"<br><span style='font-size:1.5em'>{h}</span> {_sticks_word(h)}</td>"
        for i, h in enumerate(game.hands))
    counts = _("castle {castle} · out of the game {out} · box {box} · total {total}").format(
        castle=len(game.castle), out=game.out_of_game, box=game.box,
        total=game.sticks_accounted())
    return (f"<table style='font-size:1em;border-collapse:collapse'><tr>{cells}</tr>"
            f"</table><div>{escape(counts)}</div>")


def _sticks_word(count: int) -> str:
    return ngettext("stick", "sticks", count)


def last_turn_html(game: Game) -> str:
    """The last finished turn (its roll, then the attempt), from the engine's log: the turn
    being played now is on the dice and the controls, not here."""
    events = list(game.log)
    starts = [i for i, e in enumerate(events) if e.kind in ("roll", "blocked")]
    if game.phase in (CHOOSE, ATTEMPT):
        starts, end = starts[:-1], starts[-1]
    else:
        end = len(events)
    if not starts:
        return f"<b>{escape(_(WORDS['last turn']))}:</b> {escape(_(WORDS['nothing yet']))}"
    lines = [_turn_line(event) for event in events[starts[-1]:end]]
    return (f"<b>{escape(_(WORDS['last turn']))}:</b> "
            + " ".join(escape(line, quote=False) for line in lines))


def _turn_line(event: Event) -> str:
    if event.kind in ("roll", "blocked"):
        player, a, b = event.args[:3]
        words = {"n": player, "a": colour_name(a), "b": colour_name(b)}
        return (_("Player {n}'s roll: {a} + {b}: no free pair of holes, the turn is lost.")
                if event.kind == "blocked" else _("Player {n}'s roll: {a} + {b}.")).format(**words)
    return str(event)


def pair_label(game: Game, pair: Pair) -> str:
    f, b = pair
    return _("front {front_colour} hole {front} → back {back_colour} hole {back}").format(
        front_colour=colour_name(game.layout.front_wall[f - 1]), front=f,
        back_colour=colour_name(game.layout.back_wall[b - 1]), back=b)


class CompanionPanel(widgets.VBox):
    """Record a real game: roll here, choose the holes, press what happened at the table."""

    def __init__(self, players: int, layout: Layout, seed: int) -> None:
        self.castle_layout = layout
        self.rng = make_rng(seed)
        self.game = self._game(players)
        self.message = ""
        self.last_failure = ""
        big = widgets.Layout(width="auto")
        self.players_box = widgets.IntText(value=players, description=_("Players (2-4):"),
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="11em"))
        self.new_button = widgets.Button(description=_("New game"), icon="refresh", layout=big)
        self.roll_button = widgets.Button(description=_("Roll the colour dice"), icon="cube",
                                          button_style="primary",
                                          style=action_style("primary"), layout=big)
        self.dice = widgets.HTML()
        self.pair_choice = widgets.Dropdown(description=_("Holes:"), options=[],
                                            style={"description_width": "initial"},
                                            layout=widgets.Layout(width="auto"))
        self.choose_button = widgets.Button(description=_("Slide the stick in"), layout=big,
                                            button_style="info", style=action_style("info"))
        self.silent_button = widgets.Button(description=_("Silent"), button_style="success",
                                            style=action_style("success"),
                                            layout=big)
        self.alarm_button = widgets.Button(description=_("Alarm!"), button_style="danger",
                                           style=action_style("danger"),
                                           layout=big)
        self.slid_choice = widgets.Dropdown(description=_("Which stick:"), options=[],
                                            style={"description_width": "initial"},
                                            layout=widgets.Layout(width="auto"))
        self.slid_button = widgets.Button(description=_("A stick slid out"), layout=big,
                                          button_style="warning", style=action_style("warning"))
        self.castle = widgets.HTML()
        self.status = widgets.HTML()
        self.note = widgets.HTML()
        self.note.add_class("haba-qm-message")
        self.last_move = widgets.HTML()
        self.last_move.add_class("haba-last-move")
        self.new_button.on_click(lambda _: self._act(self._new_game))
        self.roll_button.on_click(lambda _: self._act(self._roll))
        self.choose_button.on_click(lambda _: self._act(self._choose))
        self.silent_button.on_click(lambda _: self._act(lambda: self.game.apply_attempt(SILENT)))
        self.alarm_button.on_click(lambda _: self._act(lambda: self.game.apply_attempt(ALARM)))
        self.slid_button.on_click(lambda _: self._act(self._slid))
        self.pair_choice.observe(self._preview, names="value")
        super().__init__([_columns([_row(self.players_box, self.new_button),
                                    _row(self.roll_button, self.dice),
                                    _row(self.pair_choice, self.choose_button),
                                    _row(self.silent_button, self.alarm_button),
                                    _row(self.slid_choice, self.slid_button),
                                    self.note, self.last_move],
                                   [self.castle, self.status])],
                         layout=widgets.Layout(width="100%"))
        self._render()

    @guarded
    def _act(self, action) -> None:
        self.message = ""
        action()
        self._render()

    @guarded
    def _preview(self, _change: dict) -> None:
        """Another pair of holes chosen: draw its stick, dashed, in the castle."""
        self._render()

    def show_problem(self, message: str) -> None:
        self.message = message
        self._show_note()

    def redraw(self) -> None:
        self._render()

    def _show_note(self) -> None:
        self.note.value = (f"<span style='{ALERT_STYLE};font-weight:bold'>"
                           f"{escape(self.message)}</span>" if self.message else "")

    def _game(self, players: int) -> Game:
        """A new engine game for ``players`` with the companion's skill model."""
        return Game(players, [COMPANION_SKILL] * players, self.castle_layout)

    def _new_game(self) -> None:
        players = self.players_box.value
        if players not in self.castle_layout.sticks_per_player:
            raise InvalidArgumentError(_("Quiet as a Mouse is for 2 to 4 players, not {n}: "
                                         "type 2, 3 or 4 and press New game.").format(n=players))
        self.game = self._game(players)

    def _roll(self) -> None:
        if self.game.is_over:
            raise IllegalActionError(_("the game is over: press New game to play again."))
        if self.game.phase != ROLL:
            raise IllegalActionError(_("finish this turn first: choose the holes, then press "
                                       "Silent, Alarm! or A stick slid out."))
        self.game.sample_chance(self.rng)

    def _choose(self) -> None:
        if self.pair_choice.value is None:
            raise InvalidArgumentError(_("roll the dice first: there are no holes to choose "
                                         "yet."))
        self.game.choose_pair(self.pair_choice.value)

    def _slid(self) -> None:
        if self.game.phase == ATTEMPT and self.slid_choice.value is None:
            raise InvalidArgumentError(_("no other stick is in the castle, so none can slide "
                                         "out."))
        self.game.apply_attempt((SLID_OUT, self.slid_choice.value))

    def _render(self) -> None:
        game = self.game
        legal = game.legal_pairs()
        options = [(pair_label(game, p), p) for p in legal]
        if [v for _, v in self.pair_choice.options] != legal:
            suggested = most_open_pair(game) if legal else None
            self.pair_choice.options = options
            self.pair_choice.value = suggested
        sticks = sorted(game.castle.items())
        keep = self.slid_choice.value
        self.slid_choice.options = [(pair_label(game, s), s[0]) for s in sticks]
        self.slid_choice.value = keep if keep in game.castle else (sticks[0][0] if sticks else None)
        phase = game.phase
        self.roll_button.disabled = phase != ROLL
        self.choose_button.disabled = phase != CHOOSE
        for button in (self.silent_button, self.alarm_button):
            button.disabled = phase != ATTEMPT
        self.slid_button.disabled = phase != ATTEMPT or not sticks
        self.dice.value = dice_html(game.roll if phase in (CHOOSE, ATTEMPT) else None)
        preview = game.pair or (self.pair_choice.value if phase == CHOOSE else None)
        self.castle.value = castle_svg(game, preview)
        blocked = game.blocked_probability()
        prompt = {ROLL: _("Player {n}: roll the colour dice."),
                  CHOOSE: _("Player {n}: choose the holes (thick rings), then slide the stick "
                            "in."),
                  ATTEMPT: _("Did a bell ring? Press Silent, Alarm! or A stick slid out."),
                  OVER: _("Game over: {reason}.")}[phase].format(n=game.current + 1,
                                                                 reason=f"{game.end_reason}")
        chance = _("Chance the next roll is blocked:")
        self.status.value = (
            sticks_html(game)
            + f"<p style='font-size:1.1em;margin:0.3em 0'>{escape(prompt)}</p>"
            f"<p style='margin:0.2em 0'>{escape(chance)} "
            f"<b>{blocked}</b> ≈ {number(float(blocked), '.1%')}</p>")
        self.last_move.value = last_turn_html(game)
        self._show_note()


class SimulatedPanel(widgets.VBox):
    """Skill sliders per player; the computer plays one game, or many, with the same engine."""

    def __init__(self, players: int, layout: Layout, seed: int) -> None:
        self.castle_layout = layout
        self.rng = make_rng(seed)
        self.message = ""
        self.last_failure = ""
        self.last_game: Game | None = None
        big = widgets.Layout(width="auto")
        self.players_box = widgets.IntText(value=players, description=_("Players (2-4):"),
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="11em"))
        self.strategy = widgets.Dropdown(options=[(strategy_name(s), s) for s in STRATEGIES],
                                         value="most open", description=_("Holes:"))
        self.sliders = widgets.VBox()
        self.sliders.add_class("haba-qm-sliders")
        self.explain = widgets.HTML(f"<div class='haba-qm-explain'>{_(WORDS['skill'])}</div>")
        self.note = widgets.HTML()
        self.note.add_class("haba-qm-message")
        self.play_button = widgets.Button(description=_("Play it out"), icon="play",
                                          button_style="primary",
                                          style=action_style("primary"), layout=big)
        self.many_button = widgets.Button(description=_("Play 200 games"), layout=big)
        self.castle = widgets.HTML()
        self.result = widgets.HTML()
        self.players_box.observe(lambda _: self._act(self._make_sliders), names="value")
        self.play_button.on_click(lambda _: self._act(self._play_one))
        self.many_button.on_click(lambda _: self._act(self._play_many))
        super().__init__([_columns([_row(self.players_box, self.strategy), self.explain,
                                    self.sliders, _row(self.play_button, self.many_button),
                                    self.note],
                                   [self.castle, self.result])],
                         layout=widgets.Layout(width="100%"))
        self._make_sliders()
        self._show(_(WORDS["start"]))

    @guarded
    def _act(self, action) -> None:
        self.note.value = ""
        try:
            action()
        except HabaLessonsError:            # no result of other settings left on show
            self._show("")
            raise

    def show_problem(self, message: str) -> None:
        self.note.value = f"<span style='{ALERT_STYLE};font-weight:bold'>{escape(message)}</span>"

    def redraw(self) -> None:
        """The picture of the last game played (the sliders and the table keep their state)."""
        self.castle.value = castle_svg(self.last_game) if self.last_game else ""

    def _make_sliders(self) -> None:
        players = self.players_box.value
        if players not in self.castle_layout.sticks_per_player:
            raise InvalidArgumentError(_("Quiet as a Mouse is for 2 to 4 players, not {n}: "
                                         "type 2, 3 or 4.").format(n=players))
        rows = []
        for i in range(players):
            wide = {"description_width": "initial"}
            p = widgets.FloatSlider(value=0.7, min=0, max=1, step=0.05, style=wide,
                                    description=_("Player {n}: p (silent)").format(n=i + 1),
                                    readout_format=".2f")
            q = widgets.FloatSlider(value=0.05, min=0, max=0.3, step=0.01, style=wide,
                                    description=_("q (a stick slides out)"), readout_format=".2f")
            rows.append(_row(p, q))
        self.sliders.children = rows
        self._show(_(WORDS["start"]))

    def skills(self):
        rows = self.sliders.children
        return make_skills(len(rows), p=[r.children[0].value for r in rows],
                           q=[r.children[1].value for r in rows])

    def _play_one(self) -> None:
        skills = self.skills()
        game = Game(len(skills), skills, self.castle_layout)
        result = play_game(len(skills), skills, self.rng, self.strategy.value, game=game)
        self.last_game = game
        self.castle.value = castle_svg(game)
        names = _(" and ").join(_("Player {n}").format(n=w + 1) for w in result.winners)
        out = ngettext("{n} stick slid out", "{n} sticks slid out",
                       result.sticks_out).format(n=result.sticks_out)
        won = _("{names} won after {turns} turns ({reason}); {out}.").format(
            names=names, turns=result.turns, reason=f"{result.reason}", out=out)
        self._show(f"{escape(won)}<br>" + sticks_html(game))

    def _play_many(self) -> None:
        skills = self.skills()
        results = simulate_games(200, len(skills), skills, self.rng, self.strategy.value,
                                 self.castle_layout)
        wins = win_counts(results, len(skills))
        mean = sum(r.turns for r in results) / len(results)
        seats = [_("Player {n}").format(n=i + 1) for i in range(len(wins))]
        rows = "".join(f"<tr><td>{escape(seats[i])}</td><td>{w}</td>"
                       f"<td>{number(w / 2, '.1f')}%</td></tr>" for i, w in enumerate(wins))
        ties = sum(len(r.winners) > 1 for r in results)
        tied = ngettext("{n} of the 200 games ended in a tie", "{n} of the 200 games ended in "
                        "a tie", ties).format(n=ties)
        summary = _("200 games, {mean} turns on average. {tied}: each of its winners counts a "
                    "win.").format(mean=number(mean, ".1f"), tied=tied)
        heads = "".join(f"<th>{escape(_(head))}</th>" for head in SEATS_HEADS)
        self._show(f"{escape(summary)} {_(WORDS['ties'])}"
                   f"<table style='font-size:1em'><tr>{heads}</tr>{rows}</table>")

    def _show(self, text: str) -> None:
        self.result.value = f"<div style='color:{TEXT};line-height:1.4'>{text}</div>"


#: The columns of the 200 games' table.
SEATS_HEADS = (N_("seat"), N_("wins"), N_("share of the 200 games"))


class QuietAsAMouseWidget(widgets.VBox):
    """Both modes under one title; a toggle switches between them."""

    def __init__(self, mode: str = "companion", players: int = 2, seed: int = COURSE_SEED,
                 layout: Layout | None = None) -> None:
        if mode not in MODES:
            raise InvalidArgumentError(_("mode must be 'companion' or 'simulated', not "
                                         "{mode}.").format(mode=repr(mode)))
        if players not in (2, 3, 4):
            raise InvalidArgumentError(_("Quiet as a Mouse is for 2 to 4 players, not "
                                         "{n}.").format(n=repr(players)))
        layout = layout or load_layout()
        self.companion = CompanionPanel(players, layout, seed)
        self.simulated = SimulatedPanel(players, layout, seed)
        self.mode = widgets.ToggleButtons(options=[(_(MODE_LABELS[m]), m) for m in MODES],
                                          value=mode)
        self.mode.observe(lambda _: self._switch(), names="value")
        name = _("Quiet as a Mouse")
        title = widgets.HTML(f"{STYLE}<h3 style='margin:0.2em 0'>{escape(name)}</h3>")
        super().__init__([title, self.mode, self.companion, self.simulated],
                         layout=widgets.Layout(width="100%"))
        self.add_class("haba-quiet-as-a-mouse")
        self._switch()

    def _switch(self) -> None:
        """Show one panel; its main button and its picture carry the browser-test classes."""
        panels = {"companion": (self.companion, self.companion.roll_button, self.companion.dice),
                  "simulated": (self.simulated, self.simulated.play_button,
                                self.simulated.castle)}
        for name, (panel, button, picture) in panels.items():
            active = name == self.mode.value
            panel.layout.display = "" if active else "none"
            (button.add_class if active else button.remove_class)("haba-roll")
            (picture.add_class if active else picture.remove_class)("haba-dice")


def _columns(controls: list, picture: list) -> widgets.Box:
    """The controls beside the castle (the stylesheet wraps them below it on a narrow
    screen)."""
    left, right = widgets.VBox(controls), widgets.VBox(picture)
    left.add_class("haba-qm-controls")
    right.add_class("haba-qm-picture")
    columns = widgets.Box([left, right])
    columns.add_class("haba-qm-columns")
    return columns


def _row(*children: widgets.Widget) -> widgets.Box:
    """Controls side by side, wrapping when the space runs out."""
    row = widgets.Box(list(children))
    row.add_class("haba-qm-row")
    return row


def widget(mode: str = "companion", players: int = 2, seed: int = COURSE_SEED,
           layout: Layout | None = None) -> QuietAsAMouseWidget:
    """The Quiet as a Mouse widget, opened in ``mode`` ("companion" or "simulated")."""
    return QuietAsAMouseWidget(mode, players, seed, layout)


#: The first name of :func:`widget`.
quiet_as_a_mouse_widget = widget

callable_widget_module(__name__)
