"""The rules engine of Cat & Co. Meow Meow: one round, and the kitten race over many rounds.

A :class:`RoundState` is either waiting for a child's decision (``legal_actions()`` /
``apply_action(action)``) or for chance (``chance_outcomes()`` / ``apply_chance(outcome)``),
in the style of OpenSpiel. Chance is explicit and exact:

* A shuffled pile is a pile whose order nobody knows, so every card drawn from it (dealing,
  turning the starting card, drawing) is a chance node: each card still hidden in the pile
  with probability 1/(cards hidden), as a ``Fraction``. Special cards turned at the start go
  *under* the pile: their place is known, and they come out only when the hidden cards above
  them are used up. Reshuffling the discard pile (all but its top card) makes those cards
  hidden again.
* In the "Meow!" variant each call is a chance node: forgotten with the chance from the data
  file (forgetting costs one card from the draw pile).

Drivers sample chance nodes with a seeded generator (:func:`resolve_chance`) or enumerate
them exactly. Every illegal action raises :class:`IllegalActionError` and changes nothing.
A round implements :class:`haba_lessons.games.protocol.GameState` (``apply_action`` is the
older name of ``apply``); :func:`new_game` deals one, :func:`position` sets one up.

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
from fractions import Fraction
from typing import NamedTuple, Union

import numpy as np

from ..._checks import require_int, require_probability
from ...errors import IllegalActionError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng
from ..protocol import OVER, TurnState, clone_generator
from .deck import SPECIALS, Card, Settings, default_settings

DRAW = "draw"
KEEP = "keep"
CALLED = "called"
FORGOT = "forgot"


class Play(NamedTuple):
    """Play ``card`` from the hand; a parrot also names ``colour``."""

    card: Card
    colour: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f", naming {self.colour}" if self.colour else "")


Action = Union[Play, str]

# Phases of a round (and OVER, shared by every game).
DEAL, START, TURN, DRAWING, DRAWN, MEOW = "deal", "start", "turn", "drawing", "drawn", "meow"
CHANCE_PHASES = (DEAL, START, DRAWING, MEOW)


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

    @property
    def colours(self) -> tuple[str, ...]:
        return self.settings.colours

    @property
    def deck_size(self) -> int:
        return len(self.deck)


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
    for name, flag in (("face_up", face_up), ("meow", meow)):
        if not isinstance(flag, bool):
            raise InvalidArgumentError(f"{name} must be True or False, not {flag!r}.")
    chance = (settings.meow_forget_chance if forget_chance is None
              else require_probability(forget_chance, "forget_chance"))
    may_draw = (settings.may_draw_instead_of_playing if may_draw_instead_of_playing is None
                else may_draw_instead_of_playing)
    if not isinstance(may_draw, bool):
        raise InvalidArgumentError(f"may_draw_instead_of_playing must be True or False, "
                                   f"not {may_draw!r}.")
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


class RoundState(TurnState):
    """One round of Meow Meow, from the deal to the child who plays their last card."""

    def __init__(self, rules: Rules, first_player: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise InvalidArgumentError("rules must come from make_rules(...).")
        self.rules = rules
        self.first_player = require_int(first_player, "first_player", minimum=0,
                                        maximum=rules.players - 1)
        n = rules.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        # Draw pile: pile[:bottom] lie under the pile in a known order (pile[0] at the very
        # bottom); pile[bottom:] are hidden, in no known order (drawn uniformly at random).
        self.pile: list[Card] = list(rules.deck)
        self.bottom = 0
        self.discard: list[Card] = []
        self.colour: str | None = None
        self.current = self.first_player
        self.direction = 1
        self.pending = 0              # fox penalty waiting for the current child
        self.phase = DEAL
        self.draw_left = rules.settings.hand_size * n   # cards still to deal or draw
        self.after = ""               # what happens when the drawing is done
        self.drawn: Card | None = None  # the card just drawn (may be played at once)
        self.meow_last = False        # the Meow call being resolved is "Meow-Meow!"
        self.winner: int | None = None
        self.turns = 0
        self.card_actions = 0         # cards played or drawn by the children
        self.reshuffles = 0
        self.forgotten_calls = 0
        self.largest_penalty = 0      # the largest fox penalty of the round so far
        self.rng: np.random.Generator | None = None   # for sample_chance(None)
        #: what the children did, in words (filled only when ``keep_log`` is on, for speed)
        self.log: list[str] = []
        self.keep_log = False
        self.counted = False          # counted by a Race (a round counts once)

    # ---- what a child can see ---------------------------------------------------------
    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def players(self) -> int:
        return self.rules.players

    def hand(self, player: int) -> list[Card]:
        return list(self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def card_count(self) -> int:
        """Cards in hands + draw pile + discard pile: always the deck size."""
        return sum(map(len, self.hands)) + len(self.pile) + len(self.discard)

    @property
    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    @property
    def winners(self) -> tuple[int, ...]:
        """The child who played their last card, once the round is over (else empty)."""
        return () if self.winner is None else (self.winner,)

    def search_key(self) -> tuple:
        """What decides the round's future, for an exact search to solve each state once (the
        hidden part of the draw pile has no order, so it is sorted)."""
        return (self.phase, tuple(map(tuple, self.hands)), tuple(self.pile[:self.bottom]),
                tuple(sorted(self.pile[self.bottom:])), tuple(self.discard), self.colour,
                self.current, self.direction, self.pending, self.draw_left, self.after,
                self.drawn, self.meow_last, self.winner)

    def copy(self) -> RoundState:
        """An independent copy (rules shared: they never change)."""
        other = object.__new__(RoundState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.pile, other.discard, other.log = list(self.pile), list(self.discard), list(self.log)
        if self.rng is not None:
            other.rng = clone_generator(self.rng)
        return other

    def next_player(self, steps: int = 1) -> int:
        return (self.current + self.direction * steps) % self.rules.players

    def can_play(self, card: Card) -> bool:
        """Does ``card`` fit the discard pile now (ignoring whose turn it is)?"""
        top = self.top
        if top is None:
            return False
        if self.pending:
            return card.animal == "fox"
        return matches(card, top, self.colour)

    def playable_cards(self, player: int | None = None) -> list[Card]:
        """The cards of ``player``'s hand (default: the current child) that fit now."""
        hand = self.hands[self.current if player is None else player]
        top = self.top
        if top is None:
            return []
        if self.pending:
            return [c for c in hand if c.animal == "fox"]
        colour, animal = self.colour, top.animal
        if animal == "parrot":                  # same as matches(), written out for speed
            return [c for c in hand if c.colour == colour and c.animal != "parrot"]
        return [c for c in hand if c.colour == colour or c.animal == animal
                or c.animal == "parrot"]

    # ---- decisions --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The current child's choices (empty at a chance node or when the round is over)."""
        if self.phase == TURN:
            playable = self.playable_cards()
            actions: list[Action] = self._plays(dict.fromkeys(playable))
            if self.pending or not playable or self.rules.may_draw_instead_of_playing:
                actions.append(DRAW)
            return actions
        if self.phase == DRAWN:
            return self._plays([self.drawn]) + [KEEP]
        return []

    def _plays(self, cards) -> list[Action]:
        return [Play(c, colour) if c.animal == "parrot" else Play(c)
                for c in cards for colour in (self.rules.colours if c.animal == "parrot"
                                              else (None,))]

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, in words for the child; None if it is allowed."""
        if self.phase == OVER:
            return "The round is over: start a new round."
        if self.phase in CHANCE_PHASES:
            return "Wait: cards are being dealt or drawn (a chance step comes first)."
        who = f"child {self.current + 1}"
        if action == KEEP:
            return None if self.phase == DRAWN else (
                "You can only keep a card you have just drawn.")
        if action == DRAW:
            if self.phase == DRAWN:
                return (f"You have already drawn the {self.drawn}: play it now or keep it.")
            if self.pending or self.rules.may_draw_instead_of_playing:
                return None
            if self.playable_cards():
                return ("You hold a card that fits, and at this table you must play it: "
                        "drawing is only for when no card fits.")
            return None
        if not isinstance(action, Play) or not isinstance(action.card, Card):
            return f"{action!r} is not an action: use Play(card), 'draw' or 'keep'."
        card, colour = action.card, action.colour
        if card not in self.hands[self.current]:
            return f"The {card} is not in the hand of {who}."
        if self.phase == DRAWN and card != self.drawn:
            return (f"You have just drawn the {self.drawn}: only that card may be played now "
                    f"(or keep it).")
        top = self.top
        if self.pending:
            if card.animal != "fox":
                return (f"A fox was played: draw {self.pending} cards, or answer with a fox "
                        f"(the {card} is not a fox).")
        elif card.animal == "parrot":
            if top.animal == "parrot":
                return "A parrot can never go on another parrot."
        elif not matches(card, top, self.colour):
            if top.animal == "parrot":
                return (f"The parrot asked for {self.colour}: the {card} is not {self.colour}.")
            return (f"The {card} does not match the {top}: play a {self.colour} card or "
                    f"a {top.animal}.")
        if card.animal == "parrot":
            if colour is None:
                return f"Name a colour for the parrot: one of {', '.join(self.rules.colours)}."
            if colour not in self.rules.colours:
                return (f"{colour!r} is not a colour of this game: name one of "
                        f"{', '.join(self.rules.colours)}.")
        elif colour is not None:
            return f"Only a parrot names a colour; play the {card} without one."
        return None

    def apply_action(self, action: Action) -> None:
        """Carry out the current child's ``action``; illegal actions raise and change nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        if self.keep_log:
            self.log.append(f"child {self.current + 1}: {action}")
        self._apply(action)

    apply = apply_action

    def _apply(self, action: Action) -> None:
        if action == KEEP:
            self.drawn = None
            self._end_turn(1)
        elif action == DRAW:
            if self.pending:
                self.draw_left, self.pending, self.after = self.pending, 0, TURN
            else:
                self.draw_left, self.after = 1, DRAWN
            self.phase = DRAWING
            self._settle()
        else:
            self._play(action.card, action.colour)

    def _play(self, card: Card, colour: str | None) -> None:
        hand = self.hands[self.current]
        hand.remove(card)
        self.discard.append(card)
        self.colour = colour if card.animal == "parrot" else card.colour
        self.drawn = None
        self.card_actions += 1
        if card.animal == "fox":
            self.pending += self.rules.settings.fox_draw
            self.largest_penalty = max(self.largest_penalty, self.pending)
        if len(hand) <= 1 and self.rules.meow:
            self.meow_last = not hand
            self.phase = MEOW
            if self.rules.forget_chance == 0:
                self._resolve_meow(CALLED)
        elif not hand:
            self._win()
        else:
            self._finish_play()

    def _finish_play(self) -> None:
        animal = self.discard[-1].animal
        if animal == "cat":
            self.direction = -self.direction
            self._end_turn(2 if self.rules.players == 2 else 1)
        elif animal == "owl":
            self._end_turn(2)
        else:
            self._end_turn(1)

    def _end_turn(self, steps: int) -> None:
        self.current = self.next_player(steps)
        self.turns += 1
        self.phase = TURN

    def _win(self) -> None:
        if self.keep_log:
            self.log.append(f"child {self.current + 1} played their last card and wins the "
                            f"round.")
        self.winner = self.current
        self.pending = 0
        self.turns += 1
        self.phase = OVER

    # ---- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """The outcomes of the chance node with exact probabilities (empty if none waits)."""
        if self.phase == MEOW:
            p = self.rules.forget_chance
            return [(o, q) for o, q in ((CALLED, 1 - p), (FORGOT, p)) if q]
        if self.phase not in CHANCE_PHASES:
            return []
        hidden = self.pile[self.bottom:]
        if not hidden:
            return [(self.pile[self.bottom - 1], Fraction(1))]
        counts = Counter(hidden)
        return [(card, Fraction(k, len(hidden))) for card, k in counts.items()]

    def apply_chance(self, outcome: object) -> None:
        """Resolve the chance node with ``outcome`` (a card drawn, or a Meow call)."""
        if self.phase == MEOW:
            if not any(outcome == o for o, _ in self.chance_outcomes()):
                raise IllegalActionError(f"{outcome!r} cannot happen at this Meow call: "
                                         f"use {CALLED!r} or {FORGOT!r}.")
            self._resolve_meow(outcome)
            return
        if self.phase not in CHANCE_PHASES:
            raise IllegalActionError("No chance step is waiting: it is a child's turn.")
        if self.bottom == len(self.pile):
            if outcome != self.pile[self.bottom - 1]:
                raise IllegalActionError(f"Only the {self.pile[self.bottom - 1]} can be drawn.")
            index = self.bottom - 1
        else:
            try:
                index = self.pile.index(outcome, self.bottom)
            except ValueError:
                raise IllegalActionError(
                    f"{outcome!r} is not hidden in the draw pile.") from None
        self._take(index)

    def sample_chance(self, rng: np.random.Generator | None = None) -> object:
        """Resolve the chance node at random: the same probabilities as ``chance_outcomes``.

        ``rng`` defaults to the round's own generator (set by :func:`new_game`). Returns the
        outcome: the call, the card drawn, or during the deal the tuple of every card dealt
        (the whole deal is one draw)."""
        if rng is None:
            if self.rng is None:
                raise InvalidArgumentError("this round has no generator of its own: pass "
                                           "rng=make_rng(seed).")
            rng = self.rng
        if self.phase == MEOW:
            forgot = rng.random() < self.rules.forget_chance
            outcome = FORGOT if forgot else CALLED
            self._resolve_meow(outcome)
            return outcome
        if self.phase not in CHANCE_PHASES:
            raise IllegalActionError("No chance step is waiting: it is a child's turn.")
        pile = self.pile
        if self.phase == DEAL:                  # the whole deal from one call to the rng
            dealt = []
            for u in rng.random(self.draw_left).tolist():
                index = int(u * len(pile))
                dealt.append(pile[index])
                self._take(index)
            return tuple(dealt)
        hidden = len(pile) - self.bottom
        index = self.bottom + int(rng.random() * hidden) if hidden else self.bottom - 1
        card = pile[index]
        self._take(index)
        return card

    def _take(self, index: int) -> None:
        pile = self.pile
        if index >= self.bottom:           # hidden cards have no order: swap-remove
            pile[index], pile[-1] = pile[-1], pile[index]
            card = pile.pop()
        else:
            card = pile.pop(index)
            self.bottom -= 1
        if self.phase == DEAL:
            self.draw_left -= 1
            self.hands[(self.first_player + self.draw_left) % self.rules.players].append(card)
            if not self.draw_left:
                self.phase = START
        elif self.phase == START:
            if card.special:               # put it under the pile; turn the next card
                pile.insert(0, card)
                self.bottom += 1
            else:
                self.discard.append(card)
                self.colour = card.colour
                self.phase = TURN
        else:
            self.hands[self.current].append(card)
            self.card_actions += 1
            self.draw_left -= 1
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
        if after == TURN:
            self.phase = TURN
        elif after == DRAWN:
            if self.drawn is not None and self.can_play(self.drawn):
                self.phase = DRAWN
            else:
                self.drawn = None
                self._end_turn(1)
        else:                               # a forgotten Meow call has been paid
            self._finish_play()

    def _resolve_meow(self, outcome: object) -> None:
        if outcome == CALLED:
            if self.meow_last:
                self._win()
            else:
                self._finish_play()
            return
        self.forgotten_calls += 1
        self.phase, self.draw_left, self.after = DRAWING, 1, "finish"
        self._settle()

    # ---- comparing and copying --------------------------------------------------------
    def snapshot(self) -> tuple:
        """Everything that defines the state, for comparisons (e.g. 'nothing changed')."""
        return (self.rules, self.first_player, tuple(map(tuple, self.hands)), tuple(self.pile),
                self.bottom, tuple(self.discard), self.colour, self.current, self.direction,
                self.pending, self.phase, self.draw_left, self.after, self.drawn,
                self.meow_last, self.winner, self.turns, self.card_actions, self.reshuffles,
                self.forgotten_calls, self.largest_penalty)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundState) and self.snapshot() == other.snapshot()

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return (f"RoundState(phase={self.phase!r}, current={self.current}, top={self.top}, "
                f"colour={self.colour!r}, hands={self.hand_sizes()}, pile={len(self.pile)}, "
                f"pending={self.pending})")

    @classmethod
    def scripted(cls, rules: Rules, hands: list[list[Card]], top: Card,
                 pile_bottom: list[Card] = (), *, current: int = 0, colour: str | None = None,
                 discard_below: list[Card] = ()) -> RoundState:
        """A round set up by hand (for lessons and tests): given hands and discard top.

        All other cards are hidden in the draw pile, except ``pile_bottom`` (lying under it,
        the first one at the very bottom). Every card of the deck must be used exactly once.
        """
        state = cls(rules, current)
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
        state.phase, state.draw_left = TURN, 0
        return state


def resolve_chance(state: RoundState, rng: np.random.Generator) -> None:
    """Sample chance nodes with ``rng`` until a child must decide or the round is over."""
    while state.phase in CHANCE_PHASES:
        state.sample_chance(rng)


def new_round(rules: Rules, rng: np.random.Generator, first_player: int = 0) -> RoundState:
    """A shuffled and dealt round, waiting for the first child."""
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
            raise IllegalActionError(f"The race is over: child {self.winner + 1}'s kitten "
                                     f"is in the basket.")
        return new_round(self.rules, rng, self.starter)

    def finish_round(self, state: RoundState) -> None:
        """Move the round winner's kitten one step; decide who starts the next round.

        A round counts once, and a race that is won takes no more rounds: both are refused
        with :class:`IllegalActionError`, changing nothing."""
        if self.winner is not None:
            raise IllegalActionError(f"The race is over: child {self.winner + 1}'s kitten "
                                     f"is in the basket.")
        if state.winner is None:
            raise IllegalActionError("This round is not over yet: play it to the end first.")
        if state.counted:
            raise IllegalActionError("This round has already been counted: its winner's "
                                     "kitten has moved. Start a new round.")
        state.counted = True
        self.count_winner(state.winner)

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
        raise InvalidArgumentError("rules must come from make_rules(...).")
    if players is not None and players != rules.players:
        raise InvalidArgumentError(f"players is {players!r} but the rules are for "
                                   f"{rules.players} children: leave players out or match them.")
    return rules


def new_game(players: int | None = None, *, seed: int | None = COURSE_SEED,
             rules: Rules | None = None, first_player: int = 0,
             keep_log: bool = False) -> RoundState:
    """A shuffled and dealt round for ``players`` children (default 4, or the rules' count),
    waiting for the first child; its own generator (``seed``) drives ``sample_chance()``."""
    rules = _rules_for(players, rules)
    rng = make_rng(seed)
    state = new_round(rules, rng, first_player)
    state.rng, state.keep_log = rng, bool(keep_log)
    return state


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
        >>> from haba_lessons.play import expectimax
        >>> ana = [Card("red", "cow"), Card("red", "owl")]
        >>> state = position(2, hands=[ana, [Card("red", "pig")]], top=Card("red", "hen"))
        >>> best = expectimax(state, horizon=4, cutoff=lambda s: (0, 0))
        >>> str(best.action), best.values                     # the owl: Ben misses a turn
        ('play red owl', (Fraction(1, 1), Fraction(0, 1)))
    """
    rules = _rules_for(players, rules)
    if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
        raise InvalidArgumentError(f"hands: give the cards of each of the {rules.players} "
                                   f"children.")
    for i, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or not hand:
            raise InvalidArgumentError(f"hands: child {i + 1} needs at least one card (a child "
                                       f"with no card left has won the round).")
        bad = [c for c in hand if not isinstance(c, Card)]
        if bad:
            raise InvalidArgumentError(f"hands: {bad[0]!r} is not a Card; write "
                                       f"Card('red', 'cow').")
    if not isinstance(top, Card):
        raise InvalidArgumentError(f"top: {top!r} is not a Card; write Card('red', 'cow').")
    if direction not in (1, -1) or isinstance(direction, bool):
        raise InvalidArgumentError(f"direction: 1 (clockwise) or -1, not {direction!r}.")
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
        state = RoundState.scripted(rules, [list(h) for h in hands], top, list(pile_bottom),
                                    current=current, colour=colour,
                                    discard_below=list(discard_below))
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"hands/top/pile: {error} Each card of the deck is used "
                                   f"at most once.") from None
    state.direction, state.pending = direction, pending
    state.largest_penalty = pending
    state.rng = make_rng(seed)
    return state
