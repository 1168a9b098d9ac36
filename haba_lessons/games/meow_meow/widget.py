"""A Meow Meow table for the projector: you (child 1) against bots, round after round.

    from haba_lessons.games import meow_meow
    meow_meow.widget(players=3, bot="colour keeper")   # the root widget; its controller is
                                                       # its ``meow_meow_table`` attribute

A thin view over the rules engine: your hand is a row of buttons (colour as fill, word and
symbol; cards that fit are ringed and ticked), a click becomes an engine action, and an
action the rules refuse shows the engine's reason in one line, changing nothing. The bots
play their turns at once (the engine's play loop); what happened since your last move is
shown in its own box, apart from your hand and your buttons, and replaced when you move
again. After a parrot you name a colour with the colour buttons. When a round ends, the
winner's kitten moves one step on the track to the basket. In the "Meow!" variant, press
"Meow!" before playing your second-to-last and your last card; the bots forget their calls
with the chance from the data file.

Projector first: the table is a CSS grid in relative units (:data:`STYLE`) that fills the
width it is given and wraps on a narrow screen; its text is never smaller than 18 px. A
failure inside a callback becomes a one-line message (:mod:`haba_lessons.widget_guard`).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...colours import ALERT_STYLE, TEXT, action_style, ink_on
from ...engine import Event, play
from ...errors import HabaLessonsError, IllegalActionError, InvalidArgumentError
from ...i18n import N_, _, ngettext
from ...simulation import COURSE_SEED, make_rng
from ...widget_guard import guarded
from .. import callable_widget_module
from .deck import Card
from .rules import CALLED, DRAW, DRAWN, FORGOT, KEEP, MEOW, TURN, Play, Race, make_rules
from .strategies import STRATEGIES
from .words import animal_name, card_name, colour_name

YOU = 0
#: Fill colour, text colour and symbol of each card colour: the box's red, yellow, green and
#: blue (its "red" cards are red, not orange). The text colour is black or white, whichever
#: contrasts more with the fill (WCAG AA on every card).
COLOUR_LOOK = {colour: (fill, ink_on(fill), symbol) for colour, fill, symbol in (
    ("red", "#D7191C", "●"), ("yellow", "#F0E442", "▲"), ("green", "#009E73", "■"),
    ("blue", "#0072B2", "◆"))}
OTHER_LOOK = ("#999999", ink_on("#999999"), "★")
#: A kitten drawn, not an emoji (many school computers have no emoji font): a cat's head.
KITTEN_SVG = ('<svg width="1em" height="0.9em" viewBox="0 0 18 16" role="img" '
              'aria-label="kitten" style="vertical-align:-0.1em"><path '
              'd="M2 15V2l4.5 4h5L16 2v13z" fill="currentColor"/></svg>')
#: The back of a face-down card, drawn (the playing-card character needs a rare font): a
#: purple card with a white edge and a dark rim, visible on a light and on a dark page.
def card_back(width: float = 0.8, height: float = 1.2, place: str = "") -> str:
    """One face-down card, ``width`` x ``height`` em (``place``: more CSS, e.g. a position)."""
    return (f'<span class="haba-card-back" title="a face-down card" style="display:inline-block;'
            f'width:{width}em;height:{height}em;margin:0 0.12em;vertical-align:middle;'
            f'border-radius:0.15em;background:#5B4A6B;border:0.14em solid #FFFFFF;'
            f'outline:0.08em solid #1F1F1F;{place}"></span>')


CARD_BACK = card_back()
#: The bots stop after this many steps in a row (a round nobody can finish).
MAX_BOT_STEPS = 5000
#: The table's layout and the "this card fits" ring, in relative units. The ring is white
#: inside black, so it shows on every card colour and on a light or a dark page.
STYLE = """<style>
.haba-meow-meow { width: 100%; box-sizing: border-box; font-size: clamp(18px, 1.45vw, 30px);
  color: var(--jp-content-font-color1, #1f1f1f); }
.haba-meow-meow .widget-html, .haba-meow-meow .widget-html-content { font-size: inherit; }
.haba-meow-meow .haba-mm-board { display: grid; gap: 0.3em 1.5em; line-height: 1.45;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15em), 1fr)); align-items: start; }
.haba-meow-meow .haba-mm-card { display: inline-block; border-radius: 0.4em;
  border: 0.1em solid #222; padding: 0.25em 0.6em; margin: 0.1em; font-weight: bold; }
.haba-meow-meow .haba-mm-big { display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; min-width: 4.5em; min-height: 5.6em; padding: 0.3em 0.5em;
  vertical-align: middle; border-width: 0.12em; box-shadow: 0.25em 0.25em 0 #666; }
.haba-meow-meow .haba-mm-big .haba-mm-animal { font-size: 1.35em; }
.haba-meow-meow .haba-mm-pile { display: inline-block; position: relative; width: 3.2em;
  height: 4.4em; vertical-align: middle; margin: 0 0.4em; }

.haba-meow-meow .haba-mm-track { display: flex; gap: 0.15em; flex-wrap: wrap; }
.haba-meow-meow .haba-mm-step { flex: 1 1 3.5em; text-align: center; border: 1px solid #666;
  padding: 0.05em 0.2em; background: #fff; color: #1f1f1f; }
.haba-meow-meow .haba-last-move { border-left: 0.3em solid var(--jp-brand-color1, #0072B2);
  padding: 0.2em 0.6em; min-height: 1.5em; line-height: 1.45; }
.haba-meow-meow .haba-mm-hand { display: flex; flex-wrap: wrap; gap: 0.35em; }
.haba-meow-meow .haba-mm-hand .jupyter-button, .haba-meow-meow .haba-mm-controls .jupyter-button
  { font-size: inherit; height: auto; min-height: 2.4em; width: auto; padding: 0.2em 0.8em;
  white-space: normal; }
.haba-meow-meow .haba-mm-hand .jupyter-button { flex: 1 1 7.5em; max-width: 11em;
  border-radius: 0.4em; border: 1px solid #888; }
.haba-meow-meow .haba-mm-hand .jupyter-button.haba-fits { border: 0.22em solid #000 !important;
  outline: 0.18em solid #FFFFFF; outline-offset: 0; box-shadow: 0 0 0 0.32em #000; }
.haba-meow-meow .haba-mm-controls { display: flex; flex-wrap: wrap; gap: 0.4em; }
.haba-meow-meow .haba-mm-message { font-size: 1em; min-height: 1.5em; }
</style>"""
#: Every sentence the table shows, in one place (the German edition translates these).
WORDS = {
    "hand": N_("<b>Your hand</b> (✔ and a thick ring: this card fits)"),
    "parrot names": N_("<b>The parrot names:</b>"),
    "draw": N_("Draw a card"),
    "keep": N_("Keep the drawn card"),
    "next round": N_("Next round"),
    "new race": N_("New race"),
    "meow tip": N_("Call Meow! before you play your second-to-last card, and before your last "
                   "card (Meow-Meow!)"),
    "new race log": N_("A new race: every kitten is on the meadow."),
    "finish first": N_("Finish this round first: the “Next round” button comes when it is over."),
    "name colour": N_("Name a colour for the parrot with the colour buttons."),
    "parrot first": N_("Play a parrot first: only a parrot names a colour."),
    "round over": N_("The round is over: click “Next round”."),
    "not your turn": N_("It is child {n}'s turn."),
    "not allowed": N_("Not allowed: {reason}"),
    "drew fitting": N_("You drew the {card}: it fits! Click it to play it now, or keep it."),
    "no draw now": N_("You cannot draw now: play the drawn card or keep it."),
    "no keep now": N_("Nothing to keep: you have not drawn a card that fits."),
    "round start": N_("Round {n}: child {first} starts; the starting card is the {card}."),
    "you last card": N_("You played the last card: that kitten moves one step."),
    "last card": N_("Child {n} played the last card: that kitten moves one step."),
    "you won race": N_("You reached the basket and won the race!"),
    "won race": N_("Child {n} reached the basket and won the race!"),
    "fits": N_("{card} (fits)"),
    "does not fit": N_("{card} (does not fit)"),
    "clockwise": N_("clockwise ↻"),
    "anticlockwise": N_("anticlockwise ↺"),
    "discard pile": N_("Discard pile:"),
    "colour to follow": N_("colour to follow:"),
    "draw pile": N_("Draw pile:"),
    "direction": N_("Direction:"),
    "fox waiting": N_("Fox penalty waiting: draw {cards}, or answer with a fox!"),
    "bot seat": N_("Child {n} ({bot}): {cards}"),
    "race": N_("<b>Kitten race</b> (meadow → basket, {steps} steps):"),
    "race assumed": N_("<b>Kitten race</b> (meadow → basket, {steps} steps, assumed):"),
    "meadow": N_("meadow"),
    "basket": N_("basket"),
    "your kitten": N_("{symbol} {colour} kitten (you):"),
    "kitten": N_("{symbol} {colour} kitten (child {n}):"),
    "meow": N_("Meow!"),
    "since": N_("What happened since your last move"),
    "your turn": N_("Your turn"),
    "round over title": N_("Round over"),
    "child turn": N_("Child {n}'s turn"),
}


def say(key: str, **values: object) -> str:
    """One of the table's sentences (:data:`WORDS`), in the course's language, filled in."""
    return _(WORDS[key]).format(**values)


def look(colour: str) -> tuple[str, str, str]:
    return COLOUR_LOOK.get(colour, OTHER_LOOK)


def card_label(card: Card) -> str:
    """A card in words and symbols: '● red cow' (readable without seeing colour or emoji)."""
    return f"{look(card.colour)[2]} {card_name(card)}"


def card_html(card: Card, big: bool = False) -> str:
    """A card face: its colour as the fill, its symbol, colour and animal written on it
    (``big``: drawn upright like the card on the table, the animal in large letters)."""
    fill, ink, symbol = look(card.colour)
    if big:
        return (f'<span class="haba-mm-card haba-mm-big" style="background:{fill};color:{ink}" '
                f'title="{escape(card_name(card))}"><span>{symbol} '
                f'{escape(colour_name(card.colour))}</span>'
                f'<span class="haba-mm-animal">{escape(animal_name(card.animal))}</span>'
                f'<span>{symbol}</span></span>')
    return (f'<span class="haba-mm-card" style="background:{fill};color:{ink}">'
            f'{escape(card_label(card))}</span>')


def pile_html(count: int) -> str:
    """The draw pile: a small stack of face-down cards (as many as 3 drawn), and its count."""
    backs = "".join(card_back(2.4, 3.6, f"position:absolute;left:{0.25 * i}em;"
                                          f"top:{0.2 * i}em") for i in range(min(count, 3)))
    return f'<span class="haba-mm-pile" aria-hidden="true">{backs}</span>'



def cards(count: int) -> str:
    """'1 card', '2 cards'."""
    return ngettext("{n} card", "{n} cards", count).format(n=count)


class MeowMeowTable:
    """The controller: an engine race, the widgets, and the glue between them."""

    def __init__(self, players: int = 3, bot: str = "colour keeper", *, face_up: bool = False,
                 without: tuple[str, ...] = (), meow: bool = False,
                 seed: int = COURSE_SEED) -> None:
        if bot not in STRATEGIES:
            raise InvalidArgumentError(_("bot must be one of {bots}, not {bot}.").format(
                bots=", ".join(STRATEGIES), bot=repr(bot)))
        self.rules = make_rules(players, face_up=face_up, without=without, meow=meow)
        self.bot_name = bot
        self.rng = make_rng(seed)
        self.log: list[str] = []
        self.latest: list[str] = []             # what happened since your last move (HTML)
        self.choosing: Card | None = None       # a parrot waiting for its colour
        self.last_failure = ""
        self.table = widgets.HTML()
        self.table.add_class("haba-dice")
        self.last_move = widgets.HTML()
        self.last_move.add_class("haba-last-move")
        self.message = widgets.HTML()
        self.message.add_class("haba-mm-message")
        self.hand_box = widgets.Box()
        self.hand_box.add_class("haba-mm-hand")
        self.draw_button = widgets.Button(description=_(WORDS["draw"]), button_style="primary",
                                          style=action_style("primary"))
        self.draw_button.add_class("haba-roll")
        self.draw_button.on_click(lambda _b: self._act(DRAW))
        self.keep_button = widgets.Button(description=_(WORDS["keep"]))
        self.keep_button.on_click(lambda _b: self._act(KEEP))
        self.colour_buttons = []
        for colour in self.rules.colours:
            fill, ink, symbol = look(colour)
            button = widgets.Button(description=f"{symbol} {colour_name(colour)}")
            button.style.button_color = fill
            button.style.text_color = ink
            button.style.font_weight = "bold"
            button.on_click(lambda _b, c=colour: self.name_colour(c))
            self.colour_buttons.append(button)
        self.colour_row = widgets.Box([widgets.HTML(_(WORDS["parrot names"]))]
                                      + self.colour_buttons)
        self.colour_row.add_class("haba-mm-controls")
        self.meow_toggle = widgets.ToggleButton(
            value=False, description=_(WORDS["meow"]), tooltip=_(WORDS["meow tip"]),
            layout=widgets.Layout(display=None if meow else "none"))
        self.next_button = widgets.Button(description=_(WORDS["next round"]),
                                          button_style="success",
                                          style=action_style("success"))
        self.next_button.on_click(lambda _b: self.next_round())
        self.card_buttons: list[widgets.Button] = []
        controls = widgets.Box([self.draw_button, self.keep_button, self.meow_toggle,
                                self.next_button])
        controls.add_class("haba-mm-controls")
        self.widget = widgets.VBox([widgets.HTML(STYLE), self.table, self.last_move,
                                    widgets.HTML(_(WORDS["hand"])), self.hand_box,
                                    self.colour_row, controls, self.message],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("haba-meow-meow")
        self.new_race()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # ---- actions (the callbacks: a failure becomes the message line) --------------------
    def new_race(self) -> None:
        """Put every kitten back on the meadow and deal the first round."""
        self.race = Race(self.rules)
        self.log = [say("new race log")]
        self.latest = [escape(self.log[0])]
        self._deal()

    @guarded
    def next_round(self) -> None:
        """Deal the next round (or start a new race if a kitten is in the basket)."""
        if self.race.winner is not None:
            self.new_race()
            return
        if not self.state.is_over:
            raise IllegalActionError(say("finish first"))
        self.latest = []
        self._deal()

    @guarded
    def play(self, card: Card) -> None:
        """You click a card of your hand: play it (a parrot first asks for a colour)."""
        if card.animal == "parrot" and self._may_act():
            reason = self.state.why_illegal(Play(card, self.rules.colours[0]))
            if reason is not None:
                raise IllegalActionError(say("not allowed", reason=reason))
            self.choosing = card
            self._render()
            self._say(say("name colour"))
            return
        self._act(Play(card))

    @guarded
    def name_colour(self, colour: str) -> None:
        """You click a colour button after choosing a parrot."""
        if self.choosing is None:
            raise IllegalActionError(say("parrot first"))
        parrot, self.choosing = self.choosing, None
        self._act(Play(parrot, colour))

    @guarded
    def _act(self, action) -> None:
        if not self._may_act():
            return
        state = self.state
        if action == DRAW and state.phase == DRAWN:
            raise IllegalActionError(say("no draw now"))
        if action == KEEP and state.phase != DRAWN:
            raise IllegalActionError(say("no keep now"))
        seen = len(state.log)
        try:
            state.apply(action)
        except HabaLessonsError as error:       # the rule it breaks, said once, for a child
            reason = state.why_illegal(action) or error
            raise IllegalActionError(say("not allowed", reason=reason)) from None
        self.choosing = None
        self.latest = []
        if state.phase == MEOW:             # your own call: did you press "Meow!"?
            state.apply_chance(CALLED if self.meow_toggle.value else FORGOT)
            self.meow_toggle.value = False
        self._say("")
        self._bots(seen)
        if state.phase == DRAWN and state.current == YOU:
            self._say(say("drew fitting", card=card_name(state.drawn)))

    def _may_act(self) -> bool:
        """Is it your move? Else refuse in one line (IllegalActionError), changing nothing."""
        state = self.state
        if state.is_over:
            raise IllegalActionError(say("round over"))
        if state.current != YOU:
            raise IllegalActionError(say("not your turn", n=state.current + 1))
        return True

    # ---- widget_guard's two hooks ----------------------------------------------------------
    def show_problem(self, message: str) -> None:
        self._say(message, error=True)

    def redraw(self) -> None:
        """Draw everything from the engine's state (after a refusal or a fault too)."""
        self._render()

    # ---- the engine's side ------------------------------------------------------------
    def _deal(self) -> None:
        self.state = self.race.start_round(self.rng)
        self.choosing = None
        self._log(say("round start", n=self.race.rounds + 1, first=self.state.current + 1,
                      card=card_name(self.state.top)), card_html(self.state.top))
        self._say("")
        self._bots(len(self.state.log))

    def _bots(self, seen: int) -> None:
        """Chance and the bots play (the engine's play loop) until you must decide; what
        happened since the engine's log entry ``seen`` is added to the table's log."""
        state, bot = self.state, STRATEGIES[self.bot_name]
        try:
            play(state, [None] + [bot] * (state.players - 1), rng=self.rng,
                 max_steps=MAX_BOT_STEPS, stop_at_limit=True)
        finally:                            # what did happen is shown, even after a fault
            for event in state.log[seen:]:
                line = describe(event)
                if line:
                    self._log(line, picture(event))
        if state.is_over:
            self.race.finish_round(state)
            you, n = state.winner == YOU, state.winner + 1
            self._log(say("you last card") if you else say("last card", n=n))
            if self.race.winner is not None:
                self._log(say("you won race") if you else say("won race", n=n))
        self._render()

    def _log(self, line: str, drawn: str = "") -> None:
        """Keep ``line`` in the log, and show it (with a card drawn) in the last-move box."""
        self.log.append(line)
        self.latest.append(escape(line) + (f" {drawn}" if drawn else ""))

    def _say(self, text: str, error: bool = False) -> None:
        style = ALERT_STYLE if error else f"color:{TEXT}"
        self.message.value = f'<span style="{style}">{escape(text)}</span>' if text else ""

    # ---- drawing ----------------------------------------------------------------------
    def _render(self) -> None:
        state = self.state
        self.table.value = self._table_html()
        self.last_move.value = (f"<b>{escape(say('since'))}:</b><br>"
                                + "<br>".join(self.latest[-8:]))
        yours = state.current == YOU and not state.is_over
        buttons = []
        for card in state.hands[YOU]:
            fits = yours and state.can_play(card) and (state.phase == TURN
                                                        or card == state.drawn)
            fill, ink, _s = look(card.colour)
            button = widgets.Button(description=("✔ " if fits else "") + card_label(card),
                                    tooltip=say("fits" if fits else "does not fit",
                                                card=card_name(card)),
                                    disabled=not yours)
            if fits:
                button.add_class("haba-fits")
            button.add_class("haba-mm-card-button")
            button.style.button_color = fill
            button.style.text_color = ink
            button.style.font_weight = "bold"
            button.on_click(lambda _b, c=card: self.play(c))
            buttons.append(button)
        self.card_buttons = buttons
        self.hand_box.children = buttons
        self.colour_row.layout.display = None if self.choosing is not None else "none"
        drawing = yours and state.phase == TURN
        self.draw_button.disabled = not drawing or DRAW not in state.legal_actions()
        self.draw_button.description = (
            ngettext("Draw {n} card (fox!)", "Draw {n} cards (fox!)", state.pending)
            .format(n=state.pending) if state.pending else _(WORDS["draw"]))
        self.keep_button.layout.display = None if yours and state.phase == DRAWN else "none"
        self.next_button.layout.display = None if state.is_over else "none"
        self.next_button.description = _(WORDS["new race" if self.race.winner is not None
                                               else "next round"])

    def _table_html(self) -> str:
        state, rules = self.state, self.rules
        fill, ink, symbol = look(state.colour)
        arrow = say("clockwise" if state.direction == 1 else "anticlockwise")
        turn = (say("round over title") if state.is_over else
                say("your turn") if state.current == YOU else
                say("child turn", n=state.current + 1))
        heads = {key: escape(say(key)) for key in ("discard pile", "colour to follow",
                                                   "draw pile", "direction")}
        pile = [f'<div><b>{heads["discard pile"]}</b> {card_html(state.top, big=True)}</div>',
                f'<div><b>{heads["colour to follow"]}</b> <span class="haba-mm-card" '
                f'style="background:{fill};color:{ink}">{symbol} '
                f'{escape(colour_name(state.colour))}</span></div>',
                f'<div><b>{heads["draw pile"]}</b> {pile_html(len(state.pile))}'
                f'{cards(len(state.pile))}</div><div><b>{heads["direction"]}</b> {arrow}</div>']
        if state.pending:
            waiting = escape(say("fox waiting", cards=cards(state.pending)))
            pile.append(f'<div><b style="{ALERT_STYLE}">{waiting}</b></div>')
        others = [f'<div><b>{escape(turn)}</b></div>']
        for seat in range(1, rules.players):
            hand = state.hands[seat]
            shown = (" ".join(card_html(c) for c in hand) if rules.face_up
                     else CARD_BACK * len(hand))
            seen = escape(say("bot seat", n=seat + 1, bot=self.bot_name, cards=cards(len(hand))))
            others.append(f'<div>{seen} {shown}</div>')
        return (f'<div class="haba-mm-board"><div>{"".join(pile)}</div>'
                f'<div>{"".join(others)}</div><div>{self._track_html()}</div></div>')

    def _track_html(self) -> str:
        steps = self.race.steps
        assumed = self.rules.settings.data.datum("steps_to_basket").provenance == "assumption"
        lines = [f'<div>{say("race assumed" if assumed else "race", steps=steps)}</div>']
        meadow, basket = escape(say("meadow")), escape(say("basket"))
        for seat, position in enumerate(self.race.kittens):
            colour = self.rules.colours[seat % len(self.rules.colours)]
            fill, ink, symbol = look(colour)
            cells = []
            for step in range(steps + 1):
                here = step == position
                name = meadow if step == 0 else basket if step == steps else str(step)
                paint = f' style="background:{fill};color:{ink}"' if here else ""
                cells.append(f'<span class="haba-mm-step"{paint}>'
                             f'{KITTEN_SVG + " " + symbol if here else name}</span>')
            kitten = (say("your kitten", symbol=symbol, colour=colour_name(colour))
                      if seat == YOU else say("kitten", symbol=symbol,
                                              colour=colour_name(colour), n=seat + 1))
            lines.append(f'<div>{escape(kitten)}</div>'
                         f'<div class="haba-mm-track">{"".join(cells)}</div>')
        return "".join(lines)


def describe(event: Event) -> str:
    """An engine log entry as the table's log says it ("You played the red cow."), or ""."""
    you, n = event.player == YOU, event.player + 1
    if event.kind == "play":
        action = event.args[0]
        card = card_name(action.card)
        if action.colour:
            colour = colour_name(action.colour)
            return (_("You played the {card}, naming {colour}.") if you else
                    _("Child {n} played the {card}, naming {colour}.")).format(
                        card=card, colour=colour, n=n)
        return (_("You played the {card}.") if you else
                _("Child {n} played the {card}.")).format(card=card, n=n)
    if event.kind == "keep":
        return _("You kept the drawn card.") if you else \
            _("Child {n} kept the drawn card.").format(n=n)
    if event.kind == "forgot":
        return _("You forgot to call Meow and drew a card.") if you else \
            _("Child {n} forgot to call Meow and drew a card.").format(n=n)
    if event.kind == "draw":
        drawn = event.args[0]
        if not drawn:
            return _("You could not draw: no cards left.") if you else \
                _("Child {n} could not draw: no cards left.").format(n=n)
        if you:
            return ngettext("You drew {count} card.", "You drew {count} cards.",
                            drawn).format(count=drawn)
        return ngettext("Child {n} drew {count} card.", "Child {n} drew {count} cards.",
                        drawn).format(count=drawn, n=n)
    return ""


def picture(event: Event) -> str:
    """The card a log entry is about, drawn (a played card), or ""."""
    return card_html(event.args[0].card) if event.kind == "play" else ""


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
