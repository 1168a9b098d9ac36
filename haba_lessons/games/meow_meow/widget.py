"""A Meow Meow table for the projector: you (child 1) against bots, round after round.

    from haba_lessons.games import meow_meow
    meow_meow.widget(players=3, bot="colour keeper")   # the root widget; its controller is
                                                       # its ``meow_meow_table`` attribute

A thin view over the rules engine: your hand is a row of buttons (colour as fill, word and
symbol; cards that fit are marked), a click becomes an engine action, and an action the
rules refuse shows the engine's reason. The bots play their turns at once (the engine's
play loop) and the log, read from the engine's, says what they did. After a parrot you name a colour with the colour buttons. When a round ends,
the winner's kitten moves one step on the track to the basket. In the "Meow!" variant, press
"Meow!" before playing your second-to-last and your last card; the bots forget their calls
with the chance from the data file.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...colours import ALERT_STYLE, TEXT, action_style, ink_on
from ...engine import Event, play
from ...errors import HabaLessonsError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng
from .. import callable_widget_module
from .deck import Card
from .rules import CALLED, DRAW, DRAWN, FORGOT, KEEP, MEOW, TURN, Play, Race, make_rules
from .strategies import STRATEGIES

YOU = 0
#: Fill colour (Okabe-Ito tones), text colour and symbol of each card colour. The text colour
#: is black or white, whichever contrasts more with the fill (WCAG AA on every card).
COLOUR_LOOK = {colour: (fill, ink_on(fill), symbol) for colour, fill, symbol in (
    ("red", "#D55E00", "●"), ("yellow", "#F0E442", "▲"), ("green", "#009E73", "■"),
    ("blue", "#0072B2", "◆"))}
OTHER_LOOK = ("#999999", ink_on("#999999"), "★")
#: A kitten drawn, not an emoji (many school computers have no emoji font): a cat's head.
KITTEN_SVG = ('<svg width="18" height="16" viewBox="0 0 18 16" role="img" aria-label="kitten" '
              'style="vertical-align:-2px"><path d="M2 15V2l4.5 4h5L16 2v13z" '
              'fill="currentColor"/></svg>')
#: The back of a face-down card, drawn (the playing-card character needs a rare font).
CARD_BACK = ('<span title="a face-down card" style="display:inline-block;width:12px;'
             'height:18px;margin:0 2px;vertical-align:middle;border-radius:2px;'
             'background:#5B4A6B;border:1px solid #1f1f1f"></span>')
#: The bots stop after this many steps in a row (a round nobody can finish).
MAX_BOT_STEPS = 5000


def look(colour: str) -> tuple[str, str, str]:
    return COLOUR_LOOK.get(colour, OTHER_LOOK)


def card_label(card: Card) -> str:
    """A card in words and symbols: '● red cow' (readable without seeing colour or emoji)."""
    return f"{look(card.colour)[2]} {card.colour} {card.animal}"


def card_html(card: Card, size: int = 20) -> str:
    fill, ink, _ = look(card.colour)
    return (f'<span style="display:inline-block;background:{fill};color:{ink};'
            f'border:2px solid #222;border-radius:8px;padding:6px 10px;margin:2px;'
            f'font-size:{size}px;font-weight:bold">{escape(card_label(card))}</span>')


class MeowMeowTable:
    """The controller: an engine race, the widgets, and the glue between them."""

    def __init__(self, players: int = 3, bot: str = "colour keeper", *, face_up: bool = False,
                 without: tuple[str, ...] = (), meow: bool = False,
                 seed: int = COURSE_SEED) -> None:
        if bot not in STRATEGIES:
            raise InvalidArgumentError(f"bot must be one of {', '.join(STRATEGIES)}, not "
                                       f"{bot!r}.")
        self.rules = make_rules(players, face_up=face_up, without=without, meow=meow)
        self.bot_name = bot
        self.rng = make_rng(seed)
        self.log: list[str] = []
        self.choosing: Card | None = None       # a parrot waiting for its colour
        self.table = widgets.HTML()
        self.table.add_class("haba-dice")
        self.message = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.draw_button = widgets.Button(description="Draw a card", button_style="primary",
                                          style=action_style("primary"),
                                          layout=widgets.Layout(width="220px", height="48px"))
        self.draw_button.add_class("haba-roll")
        self.draw_button.on_click(lambda _: self._act(DRAW))
        self.keep_button = widgets.Button(description="Keep the drawn card",
                                          layout=widgets.Layout(height="48px", width="220px"))
        self.keep_button.on_click(lambda _: self._act(KEEP))
        self.colour_buttons = []
        for colour in self.rules.colours:
            fill, ink, symbol = look(colour)
            button = widgets.Button(description=f"{symbol} {colour}",
                                    layout=widgets.Layout(height="48px", width="130px"))
            button.style.button_color = fill
            button.style.text_color = ink
            button.style.font_weight = "bold"
            button.on_click(lambda _, c=colour: self.name_colour(c))
            self.colour_buttons.append(button)
        self.colour_row = widgets.HBox([widgets.HTML("<b>The parrot names:</b>")]
                                       + self.colour_buttons)
        self.meow_toggle = widgets.ToggleButton(
            value=False, description="Meow!", tooltip="Call Meow! before you play your "
            "second-to-last card, and before your last card (Meow-Meow!)",
            layout=widgets.Layout(height="48px", width="140px",
                                  display=None if meow else "none"))
        self.next_button = widgets.Button(description="Next round", button_style="success",
                                          style=action_style("success"),
                                          layout=widgets.Layout(height="48px", width="220px"))
        self.next_button.on_click(lambda _: self.next_round())
        self.card_buttons: list[widgets.Button] = []
        self.widget = widgets.VBox([self.table, widgets.HTML("<b>Your hand</b> (✔ = fits)"),
                                    self.hand_box, self.colour_row,
                                    widgets.HBox([self.draw_button, self.keep_button,
                                                  self.meow_toggle, self.next_button]),
                                    self.message])
        self.widget.add_class("haba-meow-meow")
        self.new_race()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # ---- actions ----------------------------------------------------------------------
    def new_race(self) -> None:
        """Put every kitten back on the meadow and deal the first round."""
        self.race = Race(self.rules)
        self.log = ["A new race: every kitten is on the meadow."]
        self._deal()

    def next_round(self) -> None:
        """Deal the next round (or start a new race if a kitten is in the basket)."""
        if self.race.winner is not None:
            self.new_race()
            return
        if not self.state.is_over:
            self._say("Finish this round first.", error=True)
            return
        self._deal()

    def play(self, card: Card) -> None:
        """You click a card of your hand: play it (a parrot first asks for a colour)."""
        if card.animal == "parrot":
            reason = self.state.why_illegal(Play(card, self.rules.colours[0]))
            if reason is None:
                self.choosing = card
                self._say("Name a colour for the parrot with the colour buttons.")
                self._render()
                return
            self._say(reason, error=True)
            return
        self._act(Play(card))

    def name_colour(self, colour: str) -> None:
        """You click a colour button after choosing a parrot."""
        if self.choosing is None:
            self._say("Play a parrot first: only a parrot names a colour.", error=True)
            return
        parrot, self.choosing = self.choosing, None
        self._act(Play(parrot, colour))

    def _act(self, action) -> None:
        state = self.state
        if state.is_over:
            self._say("The round is over: click “Next round”.", error=True)
            return
        if state.current != YOU:
            self._say(f"It is child {state.current + 1}'s turn.", error=True)
            return
        seen = len(state.log)
        try:
            state.apply(action)
        except HabaLessonsError as error:
            self._say(f"Not allowed: {error}", error=True)
            return
        self.choosing = None
        if state.phase == MEOW:             # your own call: did you press "Meow!"?
            state.apply_chance(CALLED if self.meow_toggle.value else FORGOT)
            self.meow_toggle.value = False
        self._say("")
        self._bots(seen)
        if state.phase == DRAWN and state.current == YOU:
            self._say(f"You drew the {state.drawn}: it fits! Click it to play it now, "
                      f"or keep it.")

    # ---- the engine's side ------------------------------------------------------------
    def _deal(self) -> None:
        self.state = self.race.start_round(self.rng)
        self.choosing = None
        self.log.append(f"Round {self.race.rounds + 1}: child {self.state.current + 1} "
                        f"starts; the starting card is the {self.state.top}.")
        self._say("")
        self._bots(len(self.state.log))

    def _bots(self, seen: int) -> None:
        """Chance and the bots play (the engine's play loop) until you must decide; what
        happened since the engine's log entry ``seen`` is added to the table's log."""
        state, bot = self.state, STRATEGIES[self.bot_name]
        play(state, [None] + [bot] * (state.players - 1), rng=self.rng,
             max_steps=MAX_BOT_STEPS, stop_at_limit=True)
        self.log.extend(line for line in map(describe, state.log[seen:]) if line)
        if state.is_over:
            self.race.finish_round(state)
            who = "You" if state.winner == YOU else f"Child {state.winner + 1}"
            self.log.append(f"{who} played the last card: that kitten moves one step.")
            if self.race.winner is not None:
                self.log.append(f"{who} reached the basket and won the race!")
        self._render()

    def _say(self, text: str, error: bool = False) -> None:
        style = ALERT_STYLE if error else f"color:{TEXT}"
        self.message.value = (f'<div style="font-size:20px;min-height:28px">'
                              f'<span style="{style}">{escape(text)}</span></div>')

    # ---- drawing ----------------------------------------------------------------------
    def _render(self) -> None:
        state = self.state
        self.table.value = self._table_html()
        yours = state.current == YOU and not state.is_over
        buttons = []
        for card in state.hands[YOU]:
            fits = yours and state.can_play(card) and (state.phase == TURN
                                                        or card == state.drawn)
            fill, ink, _ = look(card.colour)
            button = widgets.Button(description=("✔ " if fits else "") + card_label(card),
                                    tooltip=f"{card} ({'fits' if fits else 'does not fit'})",
                                    layout=widgets.Layout(height="56px", width="190px",
                                                          border="5px solid #000" if fits
                                                          else "1px solid #888"))
            button.style.button_color = fill
            button.style.text_color = ink
            button.style.font_weight = "bold"
            button.on_click(lambda _, c=card: self.play(c))
            buttons.append(button)
        self.card_buttons = buttons
        self.hand_box.children = buttons
        self.colour_row.layout.display = None if self.choosing is not None else "none"
        drawing = yours and state.phase == TURN
        self.draw_button.disabled = not drawing or DRAW not in state.legal_actions()
        self.draw_button.description = (f"Draw {state.pending} cards (fox!)" if state.pending
                                        else "Draw a card")
        self.keep_button.layout.display = None if yours and state.phase == DRAWN else "none"
        self.next_button.layout.display = None if state.is_over else "none"
        self.next_button.description = ("New race" if self.race.winner is not None
                                        else "Next round")

    def _table_html(self) -> str:
        state, rules = self.state, self.rules
        top = state.top
        fill, ink, symbol = look(state.colour)
        arrow = "clockwise ↻" if state.direction == 1 else "anticlockwise ↺"
        rows = [f'<div style="font-size:20px;line-height:1.5;color:{TEXT}">',
                f'<div><b>Discard pile:</b> {card_html(top, 26)} '
                f'<span style="margin-left:12px"><b>colour to follow:</b> '
                f'<span style="background:{fill};color:{ink};padding:2px 8px;border-radius:6px">'
                f'{symbol} {escape(state.colour)}</span></span></div>',
                f'<div><b>Draw pile:</b> {len(state.pile)} cards &nbsp; <b>Direction:</b> '
                f'{arrow}</div>']
        if state.pending:
            rows.append(f'<div><b style="{ALERT_STYLE}">Fox penalty waiting: draw '
                        f'{state.pending} cards, or answer with a fox!</b></div>')
        turn = ("Round over" if state.is_over else
                "Your turn" if state.current == YOU else f"Child {state.current + 1}'s turn")
        rows.append(f'<div><b>{turn}</b></div><ul style="margin:4px 0">')
        for seat in range(1, rules.players):
            hand = state.hands[seat]
            shown = (" ".join(card_html(c, 15) for c in hand) if rules.face_up
                     else CARD_BACK * len(hand))
            rows.append(f'<li>Child {seat + 1} ({self.bot_name}): {len(hand)} '
                        f'card{"s" if len(hand) != 1 else ""} {shown}</li>')
        rows.append("</ul>")
        rows.append(self._track_html())
        rows.append(f'<div style="font-size:16px;color:{TEXT}"><b>What happened:</b><br>'
                    + "<br>".join(escape(line) for line in self.log[-6:]) + "</div></div>")
        return "".join(rows)

    def _track_html(self) -> str:
        steps = self.race.steps
        lines = [f'<div><b>Kitten race</b> (meadow → basket, {steps} steps'
                 f'{", assumed" if self.rules.settings.data.datum("steps_to_basket").provenance == "assumption" else ""}):</div>']
        for seat, position in enumerate(self.race.kittens):
            colour = self.rules.colours[seat % len(self.rules.colours)]
            fill, ink, symbol = look(colour)
            cells = []
            for step in range(steps + 1):
                here = step == position
                name = "meadow" if step == 0 else "basket" if step == steps else str(step)
                cells.append(f'<span style="display:inline-block;min-width:70px;text-align:center;'
                             f'border:1px solid #666;padding:2px;'
                             f'background:{fill if here else "#fff"};color:{ink if here else "#1f1f1f"}">'
                             f'{KITTEN_SVG + " " + symbol if here else name}</span>')
            who = "you" if seat == YOU else f"child {seat + 1}"
            lines.append(f'<div>{symbol} {colour} kitten ({who}): {"".join(cells)}</div>')
        return "".join(lines)


def describe(event: Event) -> str:
    """An engine log entry as the table's log says it ("You played the red cow."), or ""."""
    who = "You" if event.player == YOU else f"Child {event.player + 1}"
    if event.kind == "play":
        action = event.args[0]
        named = f", naming {action.colour}" if action.colour else ""
        return f"{who} played the {action.card}{named}."
    if event.kind == "keep":
        return f"{who} kept the drawn card."
    if event.kind == "forgot":
        return f"{who} forgot to call Meow and drew a card."
    if event.kind == "draw":
        drawn = event.args[0]
        return (f"{who} drew {drawn} card{'s' if drawn != 1 else ''}." if drawn
                else f"{who} could not draw: no cards left.")
    return ""


def meow_meow_table(players: int = 3, bot: str = "colour keeper", *, face_up: bool = False,
                    without: tuple[str, ...] = (), meow: bool = False,
                    seed: int = COURSE_SEED) -> MeowMeowTable:
    """A Meow Meow table: you are child 1, the others are ``bot`` (a name from ``BOTS``).

    ``face_up`` shows the bots' cards, ``without`` leaves special types out, ``meow`` plays
    the "Meow!" variant. Display the returned table (or its ``.widget``) in a notebook.
    """
    return MeowMeowTable(players, bot, face_up=face_up, without=without, meow=meow, seed=seed)


def widget(players: int = 3, bot: str = "colour keeper", *, face_up: bool = False,
           without: tuple[str, ...] = (), meow: bool = False,
           seed: int = COURSE_SEED) -> widgets.VBox:
    """The root widget of a :func:`meow_meow_table` (for app mode: callable with no arguments).

    The controller stays reachable as the widget's ``meow_meow_table`` attribute.
    """
    table = meow_meow_table(players, bot, face_up=face_up, without=without, meow=meow,
                            seed=seed)
    table.widget.meow_meow_table = table
    return table.widget


#: The first name of :func:`widget`.
meow_meow_widget = widget

callable_widget_module(__name__)
