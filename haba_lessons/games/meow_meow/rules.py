"""The rules engine of Cat & Co. Meow Meow: one round, and the kitten race over many rounds.

A :class:`RoundState` is either waiting for a child's decision (``legal_actions()`` /
``apply(action)``) or for chance (``chance_outcomes()`` / ``apply_chance(outcome)``), in the
style of OpenSpiel. Chance is explicit and exact:

* A shuffled pile is a pile whose order nobody knows, so every card drawn from it (dealing,
  turning the starting card, drawing) is a chance node: each card still hidden in the pile
  with probability 1/(cards hidden), as a ``Fraction``. Special cards turned at the start go
  *under* the pile: their place is known, and they come out only when the hidden cards above
  them are used up. Reshuffling the discard pile (all but its top card) makes those cards
  hidden again.
* In the "Meow!" variant each call is a chance node: forgotten with the chance from the data
  file (forgetting costs one card from the draw pile).

Drivers sample chance nodes with a seeded generator (the engine's play loop,
:func:`resolve_chance`) or enumerate them exactly. A round is a
:class:`haba_lessons.engine.State`: this module writes the rules as its hooks (phases are the
constants of :class:`Phase`) and the engine refuses every illegal action with
:class:`IllegalActionError`, changing nothing. :func:`new_game` starts a round before the
deal, :func:`new_round` deals one, :func:`position` sets one up.

Rule readings (documented in the data file and the notebook):

* A child may draw even when they could play (``may_draw_instead_of_playing``, default yes).
* A pending fox penalty: the child either answers with a fox (the penalty grows by 2 and
  passes on) or draws the whole penalty, then takes a normal turn (play a card, or draw one).
  When the draw pile and the discard pile run out, the cards that cannot be drawn are
  forgiven ("nothing to reshuffle: no card drawn").
* In the "Meow!" variant a child who forgets "Meow-Meow!" on their last card draws one card
  and the round goes on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple, Union

import numpy as np

from ..._checks import require_bool, require_int, require_probability
from ...engine import State, play
from ...engine.state import hashable
from ...engine.arguments import checked_keywords, sequence_field
from ...engine.protocol import OVER
from ...engine.state import _MISSING, show
from ...errors import IllegalActionError, InvalidArgumentError
from ...i18n import N_, _
from ...simulation import COURSE_SEED
from .deck import SPECIALS, Card, Settings, default_settings
from .words import Said, animal_name, card_name, colour_name, play_name

DRAW = "draw"
KEEP = "keep"
CALLED = "called"
FORGOT = "forgot"
#: The log's sentences (translated when the log is read); a draw's by count (chosen when the
#: entry is made).
DRAWS_ONE = Said(N_("child {player} draws {0} card."))
DRAWS_MANY = Said(N_("child {player} draws {0} cards."))
PLAYED = Said(N_("child {player}: {0}."))
KEPT = Said(N_("child {player} keeps the drawn card."))
FORGOT_CALL = Said(N_("child {player} forgot to call Meow! and draws a card."))
WON = Said(N_("child {player} played their last card and wins the round."))


class Play(NamedTuple):
    """Play ``card`` from the hand; a parrot also names ``colour``."""

    card: Card
    colour: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f", naming {self.colour}" if self.colour else "")


Action = Union[Play, str]



class Phase(StrEnum):
    """The phases of a round; ``OVER`` when a child has played their last card."""

    DEAL = "deal"          # chance: a card dealt
    START = "start"        # chance: the starting card turned
    TURN = "turn"          # decision: play a card or draw
    DRAWING = "drawing"    # chance: a card drawn
    DRAWN = "drawn"        # decision: play the card just drawn, or keep it
    MEOW = "meow"          # chance: the "Meow!" call (variant)
    OVER = OVER


DEAL, START, TURN, DRAWING, DRAWN, MEOW = (Phase.DEAL, Phase.START, Phase.TURN, Phase.DRAWING,
                                           Phase.DRAWN, Phase.MEOW)
CHANCE_PHASES = frozenset({DEAL, START, DRAWING, MEOW})


@dataclass(frozen=True)
class Rules:
    """One table's rules: the settings from the data file plus the options chosen for play."""

    players: int
    settings: Settings
    without: tuple[str, ...] = ()
    face_up: bool = False
    meow: bool = False
    forget_chance: Fraction = Fraction(0)
    may_draw_instead_of_playing: bool = True
    deck: tuple[Card, ...] = field(default=(), compare=False)
    #: the cards of the deck that fit each (top card, colour to follow), made when first asked
    _fits: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    #: what playing each card does, read once per play: ``(fits, steps, fox, cat)``: the
    #: cards that fit on it (its own colour followed; None for a parrot, whose named colour
    #: decides), how many seats the turn moves on, and whether it is a fox or a cat
    effects: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    #: every play of the deck, made once: ``plays[card]``, ``plays[card, colour]`` (parrots)
    plays: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    #: how many seats the turn moves on after each animal (an owl skips a child; a cat turns
    #: the direction, and with two children the one who played it plays again)
    steps: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.steps.update({card.animal: 1 for card in self.deck})
        self.steps.update(owl=2, cat=2 if self.players == 2 else 1)
        for card in self.deck:
            if card.animal == "parrot":
                self.plays.update({(card, c): Play(card, c) for c in self.colours})
                for colour in self.colours:
                    self.fitting(card, colour)
            else:
                self.plays[card] = Play(card)
            self.effects[card] = (None if card.animal == "parrot"
                                  else self.fitting(card, card.colour),
                                  self.steps[card.animal], card.animal == "fox",
                                  card.animal == "cat")

    @property
    def colours(self) -> tuple[str, ...]:
        return self.settings.colours

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    def fitting(self, top: Card, colour: str) -> frozenset[Card]:
        """The cards of the deck that may go on ``top`` when ``colour`` is to be followed
        (:func:`matches` for every card, remembered: a round asks thousands of times)."""
        key = (top, colour)
        fits = self._fits.get(key)
        if fits is None:
            fits = self._fits[key] = frozenset(c for c in self.deck if matches(c, top, colour))
        return fits


def make_rules(players: int = 4, *, without: tuple[str, ...] | list[str] = (),
               face_up: bool = False, meow: bool = False,
               forget_chance: float | Fraction | str | None = None,
               may_draw_instead_of_playing: bool | None = None,
               settings: Settings | None = None) -> Rules:
    """The rules for ``players`` children (2-4), optionally easier or with the "Meow!" variant.

    ``without`` leaves out special card types (the rulebook's easier play), ``face_up`` plays
    with open hands, ``meow`` turns on the variant; ``forget_chance`` (default: data file) is
    the chance a child forgets a call. Unset options come from the data file.
    """
    settings = settings or default_settings()
    players = require_int(players, "players", minimum=settings.min_players,
                          maximum=settings.max_players)
    if isinstance(without, str):
        without = (without,)
    without = tuple(without)
    for name in without:
        if name not in SPECIALS:
            raise InvalidArgumentError(f"without: {name!r} is not a special card type; "
                                       f"choose from {', '.join(SPECIALS)}.")
    if len(set(without)) != len(without):
        raise InvalidArgumentError(f"without: each special type once, not {list(without)}.")
    require_bool(face_up, "face_up")
    require_bool(meow, "meow")
    chance = (settings.meow_forget_chance if forget_chance is None
              else require_probability(forget_chance, "forget_chance"))
    may_draw = (settings.may_draw_instead_of_playing if may_draw_instead_of_playing is None
                else require_bool(may_draw_instead_of_playing, "may_draw_instead_of_playing"))
    order = tuple(name for name in SPECIALS if name in without)
    return Rules(players, settings, order, face_up, meow, chance, may_draw,
                 settings.deck(order))


def matches(card: Card, top: Card, colour: str) -> bool:
    """Can ``card`` go on ``top`` when ``colour`` is the colour to follow? (rulebook)

    Same colour or same animal; a parrot goes on anything except a parrot; after a parrot
    only its named colour counts (no card shares the parrot's animal except a parrot).
    """
    if card.animal == "parrot":
        return top.animal != "parrot"
    return card.colour == colour or (card.animal == top.animal and top.animal != "parrot")


class RoundState(State):
    """One round of Meow Meow, from the deal to the child who plays their last card."""

    GAME = "Meow Meow"
    CHANCE_PHASES = CHANCE_PHASES
    DRAWS_AHEAD = True          # its chance and its bots draw with rng.random() alone
    _LISTS = ("pile", "discard")
    _NESTED = ("hands",)

    def __init__(self, rules: Rules, first_player: int = 0,
                 seed: int | None = COURSE_SEED) -> None:
        if not isinstance(rules, Rules):
            raise InvalidArgumentError("rules must come from make_rules(...).")
        first_player = require_int(first_player, "first_player", minimum=0,
                                   maximum=rules.players - 1)
        self._start(rules.players, DEAL, seed)
        self.rules = rules
        self.first_player = self.current = first_player
        n = rules.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        # Draw pile: pile[:bottom] lie under the pile in a known order (pile[0] at the very
        # bottom); pile[bottom:] are hidden, in no known order (drawn uniformly at random).
        self.pile: list[Card] = list(rules.deck)
        self.bottom = 0
        self.discard: list[Card] = []
        self.colour: str | None = None
        #: the cards that fit on the top card now, with no fox penalty waiting
        self.fits: frozenset[Card] = frozenset()
        self.direction = 1
        self.pending = 0              # fox penalty waiting for the current child
        self.draw_left = rules.settings.hand_size * n   # cards still to deal or draw
        self.drawing = 0              # cards drawn so far in the drawing under way
        self.after = ""               # what happens when the drawing is done
        self.drawn: Card | None = None  # the card just drawn (may be played at once)
        self.meow_last = False        # the Meow call being resolved is "Meow-Meow!"
        self.card_actions = 0         # cards played or drawn by the children
        self.reshuffles = 0
        self.forgotten_calls = 0
        self.largest_penalty = 0      # the largest fox penalty of the round so far
        self.counted = False          # counted by a Race (a round counts once)

    # ---- what a child can see ---------------------------------------------------------
    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def winner(self) -> int | None:
        """The child who played their last card, once the round is over (else None)."""
        return self.winners[0] if self.winners else None

    def hand(self, player: int) -> list[Card]:
        return list(self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def card_count(self) -> int:
        """Cards in hands + draw pile + discard pile: always the deck size."""
        return sum(map(len, self.hands)) + len(self.pile) + len(self.discard)

    def facts(self) -> dict[str, Any]:
        return {"card_actions": self.card_actions, "reshuffles": self.reshuffles,
                "forgotten_calls": self.forgotten_calls,
                "largest_fox_penalty": self.largest_penalty}

    def _future(self) -> tuple:
        """The hidden part of the draw pile has no order, so it is sorted."""
        return (tuple(map(tuple, self.hands)), tuple(self.pile[:self.bottom]),
                tuple(sorted(self.pile[self.bottom:])), tuple(self.discard), self.colour,
                self.direction, self.pending, self.draw_left, self.after, self.drawn,
                self.meow_last)

    def next_player(self, steps: int = 1) -> int:
        return (self.current + self.direction * steps) % self.rules.players

    def can_play(self, card: Card) -> bool:
        """Does ``card`` fit the discard pile now (ignoring whose turn it is)?"""
        if self.pending:
            return card.animal == "fox"
        return card in self.fits

    def playable_cards(self, player: int | None = None) -> list[Card]:
        """The cards of ``player``'s hand (default: the current child) that fit now."""
        hand = self.hands[self.current if player is None else player]
        if self.pending:
            return [c for c in hand if c.animal == "fox"]
        fits = self.fits
        return [c for c in hand if c in fits]

    # ---- decisions --------------------------------------------------------------------
    def _actions(self) -> list[Action]:
        if self.phase == TURN:
            playable = self.playable_cards()
            actions: list[Action] = self._plays(dict.fromkeys(playable))
            if self.pending or not playable or self.rules.may_draw_instead_of_playing:
                actions.append(DRAW)
            return actions
        return self._plays([self.drawn]) + [KEEP]

    def _plays(self, cards) -> list[Action]:
        return [Play(c, colour) if c.animal == "parrot" else Play(c)
                for c in cards for colour in (self.rules.colours if c.animal == "parrot"
                                              else (None,))]

    def _try(self, action: object) -> bool:
        """The commonest actions checked and played at once: a card of the hand played on a
        turn with no fox penalty waiting (the rule of :func:`matches`, through
        :attr:`fits`) or just drawn, and a draw; every other action through
        :meth:`_broken_rule` and :meth:`_act` (which say no to any other value, an array
        too)."""
        if type(action) is Play and type(card := action.card) is Card:
            colour, phase = action.colour, self.phase
            try:
                fits = ((phase == TURN and not self.pending and card in self.fits)
                        or (phase == DRAWN and card == self.drawn and hashable(card)))
            except (TypeError, ValueError):     # a card made of arrays or lists
                return False
            if fits and (colour is None if card.animal != "parrot"
                         else type(colour) is str and colour in self.rules.colours):
                hand = self.hands[self.current]
                try:
                    hand.remove(card)           # the check "in the hand" and the play in one
                except ValueError:
                    return False                # not in the hand: nothing has changed
                self._entries.append((self.current, "play", PLAYED, (action,)))
                self._played(hand, card, colour)
                return True
        elif action is DRAW and self.phase == TURN:
            if self.pending:
                self.draw_left, self.pending, self.after = self.pending, 0, TURN
            elif self.rules.may_draw_instead_of_playing:
                self.draw_left, self.after = 1, DRAWN
            else:
                return self._checked(action)
            self.drawing = 0                    # _draw(), written out: the commonest action
            self.phase = DRAWING
            if not self.pile:
                self._settle()                  # an empty pile: reshuffle first
            return True
        return hashable(action) and self._checked(action)

    def _checked(self, action: object) -> bool:
        """Apply ``action`` through :meth:`_act` if it breaks no rule, and say so."""
        if self._broken_rule(action) is not None:
            return False
        self._act(action)
        return True

    def _in_words(self, action: object) -> str:
        """An action as a refusal names it: "play the blue pig", "draw a card"."""
        if isinstance(action, Play) and isinstance(action.card, Card):
            return _("play the {card}").format(card=play_name(action.card, action.colour))
        if action == DRAW:
            return _("draw a card")
        return _("keep the drawn card") if action == KEEP else str(action)

    def _why_not(self, action: object) -> str:
        return (self.why_illegal(action) or "").rstrip(".")

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, in words for the child; None if it is allowed."""
        if self.phase == OVER:
            return _("The round is over: start a new round.")
        if self.phase in CHANCE_PHASES:
            return _("Wait: cards are being dealt or drawn (a chance step comes first).")
        return self._broken_rule(action)

    def _broken_rule(self, action: Action) -> str | None:
        """Why ``action`` breaks a rule at this decision; None if it does not."""
        if type(action) is not Play:
            try:
                hash(action)
            except TypeError:
                return _not_an_action(action)
            if action == KEEP:
                return None if self.phase == DRAWN else (
                    _("You can only keep a card you have just drawn."))
            if action == DRAW:
                if self.phase == DRAWN:
                    return _("You have already drawn the {card}: play it now or keep "
                             "it.").format(card=card_name(self.drawn))
                if self.pending or self.rules.may_draw_instead_of_playing:
                    return None
                if self.playable_cards():
                    return _("You hold a card that fits, and at this table you must play it: "
                             "drawing is only for when no card fits.")
                return None
            if not isinstance(action, Play):
                return _not_an_action(action)
        card, colour = action
        if not isinstance(card, Card) or not (colour is None or isinstance(colour, str)):
            return _not_an_action(action)
        if card not in self.hands[self.current]:
            return _("The {card} is not in the hand of child {n}.").format(
                card=card_name(card), n=self.current + 1)
        if self.phase == DRAWN and card != self.drawn:
            return _("You have just drawn the {card}: only that card may be played now (or "
                     "keep it).").format(card=card_name(self.drawn))
        top = self.top
        if self.pending:
            if card.animal != "fox":
                return _("A fox was played: draw {n} cards, or answer with a fox (the {card} "
                         "is not a fox).").format(n=self.pending, card=card_name(card))
        elif card.animal == "parrot":
            if top.animal == "parrot":
                return _("A parrot can never go on another parrot.")
        elif not matches(card, top, self.colour):
            if top.animal == "parrot":
                return _("The parrot asked for {colour}: the {card} is not {colour}.").format(
                    colour=colour_name(self.colour), card=card_name(card))
            return _("The {card} does not match the {top}: play a {colour} card or a "
                     "{animal}.").format(card=card_name(card), top=card_name(top),
                                         colour=colour_name(self.colour),
                                         animal=animal_name(top.animal))
        if card.animal == "parrot":
            if colour is None or colour not in self.rules.colours:
                colours = ", ".join(map(colour_name, self.rules.colours))
                if colour is None:
                    return _("Name a colour for the parrot: one of {colours}.").format(
                        colours=colours)
                return _("{colour} is not a colour of this game: name one of "
                         "{colours}.").format(colour=show(colour), colours=colours)
        elif colour is not None:
            return _("Only a parrot names a colour; play the {card} without one.").format(
                card=card_name(card))
        return None

    def _act(self, action: Action) -> None:
        if isinstance(action, Play):
            self._note("play", PLAYED, action)
            self._play(action.card, action.colour)
        elif action == KEEP:
            self._note("keep", KEPT)
            self.drawn = None
            self._end_turn(1)
        else:
            self._draw()

    def _draw(self) -> None:
        """Draw the fox penalty, or one card (noted when the drawing is done, with the cards
        drawn)."""
        if self.pending:
            self.draw_left, self.pending, self.after = self.pending, 0, TURN
        else:
            self.draw_left, self.after = 1, DRAWN
        self.drawing = 0
        self.phase = DRAWING
        if not self.pile:
            self._settle()                  # an empty pile: reshuffle first

    def _play(self, card: Card, colour: str | None) -> None:
        hand = self.hands[self.current]
        hand.remove(card)
        self._played(hand, card, colour)

    def _played(self, hand: list[Card], card: Card, colour: str | None) -> None:
        """``card`` has left ``hand`` (naming ``colour`` if a parrot): its effect, and the
        next turn, the Meow call or the win."""
        self.discard.append(card)
        rules = self.rules
        fits, steps, fox, cat = rules.effects[card]
        if fits is None:                    # a parrot: its named colour is followed
            self.colour, self.fits = colour, rules.fitting(card, colour)
        else:
            self.colour, self.fits = card.colour, fits
        self.drawn = None
        self.card_actions += 1
        if fox:
            self.pending += rules.settings.fox_draw
            if self.pending > self.largest_penalty:
                self.largest_penalty = self.pending
        if len(hand) <= 1 and rules.meow:
            self.meow_last = not hand
            self.phase = MEOW
            if rules.forget_chance == 0:
                self._resolve_meow(CALLED)
        elif not hand:
            self._win()
        else:                               # _finish_play(), written out: the commonest play
            if cat:
                self.direction = -self.direction
            self.current = (self.current + self.direction * steps) % self.players
            self.turns += 1
            self.phase = TURN

    def _finish_play(self) -> None:
        """The played card's effect, and the next child's turn."""
        animal = self.discard[-1].animal
        if animal == "cat":
            self.direction = -self.direction
        self._end_turn(self.rules.steps[animal])

    def _end_turn(self, steps: int) -> None:
        self.current = (self.current + self.direction * steps) % self.players
        self.turns += 1
        self.phase = TURN

    def _win(self) -> None:
        self._note("won", WON)
        self.pending = 0
        self.turns += 1
        self._end([self.current])

    # ---- chance -----------------------------------------------------------------------
    def _outcomes(self) -> list[tuple[object, Fraction]]:
        if self.phase == MEOW:
            p = self.rules.forget_chance
            return [(o, q) for o, q in ((CALLED, 1 - p), (FORGOT, p)) if q]
        hidden = self.pile[self.bottom:]
        if not hidden:
            return [(self.pile[self.bottom - 1], Fraction(1))]
        counts = Counter(hidden)
        return [(card, Fraction(k, len(hidden))) for card, k in counts.items()]

    def _possible(self, outcome: object) -> object:
        if self.phase == MEOW:
            return super()._possible(outcome)
        if not isinstance(outcome, Card):
            return _MISSING
        if self.bottom == len(self.pile):
            return self.pile[-1] if outcome == self.pile[-1] else _MISSING
        try:
            return self.pile[self.pile.index(outcome, self.bottom)]
        except ValueError:
            return _MISSING

    def _why_impossible(self, outcome: object) -> str:
        if self.phase == MEOW:
            return _("at a Meow call the child calls ({called}) or forgets ({forgot})").format(
                called=repr(CALLED), forgot=repr(FORGOT))
        if self.bottom == len(self.pile):
            return _("only the {card} can be drawn").format(card=card_name(self.pile[-1]))
        return _("that card is not hidden in the draw pile")

    def _waiting(self) -> str:
        phase, n = self.phase, self.current + 1
        if phase == DRAWN:
            return _("child {n} plays the drawn {card} or keeps it").format(
                n=n, card=card_name(self.drawn))
        return {DEAL: _("the cards are being dealt"),
                START: _("the starting card is being turned"),
                DRAWING: _("child {n} is drawing"), MEOW: _("child {n}'s Meow! call"),
                TURN: _("child {n} plays a card or draws"),
                OVER: _("the round is over")}[phase].format(n=n)

    def _happen(self, outcome: object) -> None:
        if self.phase == MEOW:
            self._resolve_meow(outcome)
        elif self.bottom == len(self.pile):
            self._take(self.bottom - 1)
        else:
            self._take(self.pile.index(outcome, self.bottom))

    def _sample(self, rng: np.random.Generator) -> object:
        """A card uniformly from the hidden cards (nothing drawn when only the known card
        under the pile is left); a Meow call is forgotten when a uniform number falls below
        the forget chance."""
        if self.phase == MEOW:
            outcome = FORGOT if rng.random() < self.rules.forget_chance else CALLED
            self._resolve_meow(outcome)
            return outcome
        pile, bottom = self.pile, self.bottom
        hidden = len(pile) - bottom
        index = bottom + int(rng.random() * hidden) if hidden else bottom - 1
        card = pile[index]
        self._take(index)
        return card

    def _sample_run(self, rng: np.random.Generator, turns: int) -> None:
        """The deal's cards all at once, one number each from one call to ``rng`` (the same
        numbers, in the same order, as card by card), then chance as usual."""
        if self.phase == DEAL:                      # nothing is known yet: all are hidden
            pile, players, left = self.pile, self.players, self.draw_left
            dealt, n = [], len(pile)
            for u in rng.random(left).tolist():     # as _take: swap with the last, remove
                index = int(u * n)
                n -= 1
                dealt.append(pile[index])
                pile[index] = pile[n]
            del pile[n:]
            for k in range(min(players, left)):     # card k goes to the child _take gives it
                self.hands[(self.first_player + left - 1 - k) % players] += dealt[k::players]
            self.draw_left, self.phase = 0, START
        sample, random, hand = self._sample, rng.random, self.hands[self.current]
        while self.phase in CHANCE_PHASES and self.turns < turns:    # as the engine does
            pile = self.pile
            hidden = len(pile) - self.bottom
            if self.phase != DRAWING or not hidden:
                sample(rng)
                continue
            index = self.bottom + int(random() * hidden)       # _sample and _take, written
            pile[index], pile[-1] = pile[-1], pile[index]      # out for the commonest draw
            card = pile.pop()
            hand.append(card)
            self.card_actions += 1
            left = self.draw_left = self.draw_left - 1
            self.drawing += 1
            after = self.after
            if after == DRAWN:
                self.drawn = card
            if left:                    # more to draw (a fox penalty): reshuffle if need be
                if not pile:
                    self._settle()
                continue
            if after != DRAWN:
                self._settle()
                continue
            # _settle(), written out for the commonest end of a drawing: one card drawn,
            # which the child may play at once if it fits
            self._entries.append((self.current, "draw", DRAWS_ONE if self.drawing == 1
                                  else DRAWS_MANY, (self.drawing,)))
            if card.animal == "fox" if self.pending else card in self.fits:
                self.phase = DRAWN
            else:
                self.drawn = None
                self._end_turn(1)
            return

    def _take(self, index: int) -> None:
        pile = self.pile
        if index >= self.bottom:           # hidden cards have no order: swap-remove
            pile[index], pile[-1] = pile[-1], pile[index]
            card = pile.pop()
        else:
            card = pile.pop(index)
            self.bottom -= 1
        phase = self.phase
        if phase == DEAL:
            left = self.draw_left = self.draw_left - 1
            self.hands[(self.first_player + left) % self.players].append(card)
            if not left:
                self.phase = START
        elif phase == START:
            if card.special:               # put it under the pile; turn the next card
                pile.insert(0, card)
                self.bottom += 1
            else:
                self.discard.append(card)
                self.colour = card.colour
                self.fits = self.rules.effects[card][0]
                self.phase = TURN
        else:
            self.hands[self.current].append(card)
            self.card_actions += 1
            self.draw_left -= 1
            self.drawing += 1
            if self.after == DRAWN:
                self.drawn = card
            self._settle()

    def _settle(self) -> None:
        """Reshuffle or finish a drawing step; stop at the next chance node or decision."""
        if self.draw_left and not self.pile:
            if len(self.discard) > 1:
                self.pile = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.bottom = 0
                self.reshuffles += 1
            else:
                self.draw_left = 0          # nothing to reshuffle: no card is drawn
        if self.draw_left:
            return
        after = self.after
        if after == "finish":               # a forgotten Meow call has been paid
            self._finish_play()
            return
        self._entries.append((self.current, "draw", DRAWS_ONE if self.drawing == 1
                              else DRAWS_MANY, (self.drawing,)))
        if after == TURN:
            self.phase = TURN
        elif self.drawn is not None and self.can_play(self.drawn):
            self.phase = DRAWN
        else:
            self.drawn = None
            self._end_turn(1)

    def _resolve_meow(self, outcome: object) -> None:
        if outcome == CALLED:
            if self.meow_last:
                self._win()
            else:
                self._finish_play()
            return
        self.forgotten_calls += 1
        self._note("forgot", FORGOT_CALL)
        self.phase, self.draw_left, self.after, self.drawing = DRAWING, 1, "finish", 0
        self._settle()

    # ---- comparing ----------------------------------------------------------------------
    def __repr__(self) -> str:
        return (f"RoundState(phase={self.phase!r}, current={self.current}, top={self.top}, "
                f"colour={self.colour!r}, hands={self.hand_sizes()}, pile={len(self.pile)}, "
                f"pending={self.pending})")

    @classmethod
    def scripted(cls, rules: Rules, hands: list[list[Card]], top: Card,
                 pile_bottom: list[Card] = (), *, current: int = 0, colour: str | None = None,
                 discard_below: list[Card] = (), seed: int | None = COURSE_SEED) -> RoundState:
        """A round set up by hand (for lessons and tests): given hands and discard top.

        All other cards are hidden in the draw pile, except ``pile_bottom`` (lying under it,
        the first one at the very bottom). Every card of the deck must be used exactly once.
        """
        state = cls(rules, current, seed)
        used = Counter(c for h in hands for c in h) + Counter([top]) + Counter(pile_bottom) \
            + Counter(discard_below)
        missing = used - Counter(rules.deck)
        if len(hands) != rules.players:
            raise InvalidArgumentError(f"give {rules.players} hands, not {len(hands)}.")
        if missing:
            raise InvalidArgumentError(f"not in the deck (or used twice): "
                                       f"{', '.join(map(str, missing))}.")
        if colour is not None and colour not in rules.colours:
            raise InvalidArgumentError(f"colour {colour!r} is not one of {rules.colours}.")
        hidden = list((Counter(rules.deck) - used).elements())
        state.hands = [list(h) for h in hands]
        state.pile = list(pile_bottom) + hidden
        state.bottom = len(pile_bottom)
        state.discard = list(discard_below) + [top]
        state.colour = colour or top.colour
        state.fits = rules.fitting(top, state.colour)
        state.phase, state.draw_left = TURN, 0
        return state


def _not_an_action(action: object) -> str:
    return _("{action} is not an action: use Play(card), 'draw' or 'keep'.").format(
        action=show(action))


def resolve_chance(state: RoundState, rng: np.random.Generator) -> None:
    """Let chance act with ``rng`` until a child must decide or the round is over (the
    engine's play loop with no bot in any seat)."""
    play(state, [None] * state.players, rng=rng)


def new_round(rules: Rules, rng: np.random.Generator, first_player: int = 0) -> RoundState:
    """A round shuffled and dealt with ``rng``, waiting for the first child."""
    state = RoundState(rules, first_player)
    resolve_chance(state, rng)
    return state


class Race:
    """The kitten race: round after round, the round's winner moves one step to the basket."""

    def __init__(self, rules: Rules, first_player: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise InvalidArgumentError("rules must come from make_rules(...).")
        self.rules = rules
        self.steps = rules.settings.steps_to_basket
        self.kittens = [0] * rules.players
        self.starter = require_int(first_player, "first_player", minimum=0,
                                   maximum=rules.players - 1)
        self.rounds = 0
        self.winner: int | None = None

    def start_round(self, rng: np.random.Generator) -> RoundState:
        """Shuffle all cards and deal a new round (a race that is over has no more rounds)."""
        if self.winner is not None:
            raise IllegalActionError(self._race_over())
        return new_round(self.rules, rng, self.starter)

    def finish_round(self, state: RoundState) -> None:
        """Move the round winner's kitten one step; decide who starts the next round.

        A round counts once, and a race that is won takes no more rounds: both are refused
        with :class:`IllegalActionError`, changing nothing."""
        if self.winner is not None:
            raise IllegalActionError(self._race_over())
        if state.winner is None:
            raise IllegalActionError(_("This round is not over yet: play it to the end "
                                       "first."))
        if state.counted:
            raise IllegalActionError(_("This round has already been counted: its winner's "
                                       "kitten has moved. Start a new round."))
        state.counted = True
        self.count_winner(state.winner)

    def _race_over(self) -> str:
        return _("The race is over: child {n}'s kitten is in the basket.").format(
            n=self.winner + 1)

    def count_winner(self, winner: int) -> None:
        """Count a round won by child ``winner`` (checked by :meth:`finish_round`; the fast
        simulation, which keeps no round state, calls it directly)."""
        self.rounds += 1
        self.kittens[winner] += 1
        if self.kittens[winner] >= self.steps:
            self.winner = winner
        elif self.rules.settings.round_starter == "winner":
            self.starter = winner
        else:
            self.starter = (self.starter + 1) % self.rules.players


def _rules_for(players: int | None, rules: Rules | None) -> Rules:
    if rules is None:
        return make_rules(4 if players is None else players)
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules: give the rules of make_rules(...), not "
                                   f"{show(rules)}.")
    if players is not None and players != rules.players:
        raise InvalidArgumentError(f"players is {show(players)} but the rules are for "
                                   f"{rules.players} children: leave players out or match them.")
    return rules


@checked_keywords
def new_game(players: int | None = None, *, seed: int | None = COURSE_SEED,
             rules: Rules | None = None, first_player: int = 0) -> RoundState:
    """A round for ``players`` children (default 4, or the rules' count) before the deal:
    dealing is chance, card by card (drive it with ``sample_chance`` or the engine's play
    loop; :func:`new_round` deals at once). ``seed`` is the round's own generator."""
    return RoundState(_rules_for(players, rules), first_player, seed)


@checked_keywords
def position(players: int | None = None, *, hands: list[list[Card]], top: Card,
             colour: str | None = None, direction: int = 1, pending: int = 0,
             current: int = 0, pile_bottom: list[Card] = (), discard_below: list[Card] = (),
             rules: Rules | None = None, seed: int | None = COURSE_SEED) -> RoundState:
    """A legal round from a short description, checked field by field.

    ``hands``: each child's cards; ``top``: the discard pile's top card (``colour``: the
    colour to follow, needed after a parrot); ``direction``: 1 or -1; ``pending``: a fox
    penalty waiting for the ``current`` child (a multiple of the fox draw, only on a fox).
    Every other card is hidden in the draw pile. What should Ana (child 1) play? ::

        >>> from haba_lessons.games.meow_meow import Card, position
        >>> from haba_lessons.engine import expectimax
        >>> ana = [Card("red", "cow"), Card("red", "owl")]
        >>> state = position(2, hands=[ana, [Card("red", "pig")]], top=Card("red", "hen"))
        >>> best = expectimax(state, horizon=4, cutoff=lambda s: (0, 0))
        >>> str(best.action), best.values                     # the owl: Ben misses a turn
        ('play red owl', (Fraction(1, 1), Fraction(0, 1)))
    """
    rules = _rules_for(players, rules)
    hands = sequence_field(hands, "hands", length=rules.players,
                           what="hands (lists of cards), one for each child")
    for i, hand in enumerate(hands):
        hand = sequence_field(hand, f"hands (child {i + 1})", what="cards")
        if not hand:
            raise InvalidArgumentError(f"hands: child {i + 1} needs at least one card (a child "
                                       f"with no card left has won the round).")
        bad = [c for c in hand if not isinstance(c, Card)]
        if bad:
            raise InvalidArgumentError(f"hands: {show(bad[0])} is not a Card; write "
                                       f"Card('red', 'cow').")
        hands[i] = hand
    pile_bottom = sequence_field(pile_bottom, "pile_bottom", what="cards")
    discard_below = sequence_field(discard_below, "discard_below", what="cards")
    for name, cards in (("pile_bottom", pile_bottom), ("discard_below", discard_below)):
        bad = [c for c in cards if not isinstance(c, Card)]
        if bad:
            raise InvalidArgumentError(f"{name}: {show(bad[0])} is not a Card; write "
                                       f"Card('red', 'cow').")
    if not isinstance(top, Card):
        raise InvalidArgumentError(f"top: {show(top)} is not a Card; write Card('red', 'cow').")
    if colour is not None and not isinstance(colour, str):
        raise InvalidArgumentError(f"colour: name a colour, such as 'red', not {show(colour)}.")
    if isinstance(direction, bool) or not isinstance(direction, int) or direction not in (1, -1):
        raise InvalidArgumentError(f"direction: 1 (clockwise) or -1, not {show(direction)}.")
    fox = rules.settings.fox_draw
    pending = require_int(pending, "pending (the fox penalty waiting)", minimum=0)
    if pending and (top.animal != "fox" or pending % fox):
        raise InvalidArgumentError(f"pending: a fox penalty of {pending} needs a fox on top "
                                   f"and a multiple of {fox} (each fox adds {fox}).")
    if top.animal == "parrot" and colour is None:
        raise InvalidArgumentError("colour: after a parrot, name the colour it asked for.")
    if top.animal != "parrot" and colour not in (None, top.colour):
        raise InvalidArgumentError(f"colour: only a parrot changes the colour; on the {top} "
                                   f"the colour is {top.colour}.")
    current = require_int(current, "current (whose turn it is)", minimum=0,
                          maximum=rules.players - 1)
    try:
        state = RoundState.scripted(rules, hands, top, pile_bottom, current=current,
                                    colour=colour, discard_below=discard_below, seed=seed)
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"hands/top/pile: {error} Each card of the deck is used "
                                   f"at most once.") from None
    state.direction, state.pending = direction, pending
    state.largest_penalty = pending
    return state
