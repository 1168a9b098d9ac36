"""The Spookies rules engine: one game state, its legal actions and its chance outcomes.

Positions: 0 is the start area in front of the gate, 1..7 the spaces >=5 .. >=11 (7 is the
attic). Figures belong to nobody; a turn moves the one figure the friend die names.

The state alternates between *decision* phases (a player acts) and *chance* phases
(``chance_outcomes()`` lists exact probabilities; ``apply_chance`` applies one,
``sample_chance`` draws one with a seeded generator), the constants of :class:`Phase`::

    FRIEND         chance: the friend die (5 figures and "?", 1/6 each)
    CHOOSE_FIGURE  decision: after "?" (or every turn in the free-choice variant)
    CHOOSE_DICE    decision: roll 2, 3 or 4 dice, or stop (only after a success)
    DICE           chance: the dice, as sorted multisets with multinomial probabilities
    FINE           chance: which of the player's chips, of known values, pay a fine
    REVEAL         chance: the values of a player's chips, turned over at the end
    OVER           the stockpile is empty and every player's chips are counted

All chance is explicit, so an exact search and a seed see all of it. The chips lie face
down and nobody sees their values until the end, so the engine does not decide them
earlier either: a chip taken from the stockpile is a face-down chip (``None`` in
:attr:`~SpookiesGame.chips`), and every face-down chip, wherever it lies, is one of the
chips nobody has seen (:attr:`~SpookiesGame.unseen`), all equally likely. When the stockpile
is empty, each player's face-down chips are turned over: one chance node per player, their
values drawn from the unseen chips with hypergeometric probabilities (the same distribution
as a stockpile shuffled at the start: nothing seen in between tells the chips apart). A fine
is paid with chips picked at random from the player's: a chance node when some of their
chips have known values (a position given with values), else every choice is alike.

The state is a :class:`haba_lessons.engine.State`: this module writes the rules as its hooks
and the engine refuses anything else, changing nothing. :func:`new_game` starts a game,
:func:`position` sets up one a teacher describes.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from typing import Any

import numpy as np

from ..._checks import require_int
from ...engine import State
from ...engine.arguments import checked_keywords, rules_field, sequence_field
from ...engine.protocol import OVER
from ...engine.state import _MISSING, show
from ...errors import IllegalActionError, InvalidArgumentError
from ...i18n import N_, _, ngettext
from ...simulation import COURSE_SEED
from .board import DICE_CHOICES, PLAYER_COUNTS, SPACE_COUNT, RewardTable, load_data

ANY_FIGURE = "?"
START = 0
ATTIC = SPACE_COUNT


class Phase(StrEnum):
    """The phases of a turn (see the module docstring); ``OVER`` when the stockpile is empty."""

    FRIEND = "friend"
    CHOOSE_FIGURE = "choose_figure"
    CHOOSE_DICE = "choose_dice"
    DICE = "dice"
    FINE = "fine"
    REVEAL = "reveal"
    OVER = OVER


FRIEND, CHOOSE_FIGURE, CHOOSE_DICE, DICE, FINE, REVEAL = (
    Phase.FRIEND, Phase.CHOOSE_FIGURE, Phase.CHOOSE_DICE, Phase.DICE, Phase.FINE,
    Phase.REVEAL)
#: A face-down chip: its value is drawn when it is turned over.
FACE_DOWN = None
PHASES = tuple(Phase)


@dataclass(frozen=True)
class Rules:
    """Everything that can differ between tables: board, chips, reward table, variants."""

    reward_table: RewardTable
    spaces: tuple[int, ...] = (5, 6, 7, 8, 9, 10, 11)
    attic_roll: int = 12
    figures: tuple[str, ...] = ("Kracko", "Schnuffer", "Hanja", "Duffy", "Poppy")
    chips: tuple[tuple[int, int], ...] = ((1, 30), (2, 20), (3, 15), (5, 10))
    chips_in_play: tuple[int, ...] = (50, 60, 75, 75)
    attic_two_dice_collects_penalties: bool = True
    free_choice: bool = False

    @classmethod
    def standard(cls, reward_table: RewardTable | None = None, *, free_choice: bool = False,
                 attic_two_dice_collects_penalties: bool | None = None) -> Rules:
        """The rules of the package's data file, optionally with another reward table."""
        data = load_data()
        table = reward_table
        if table is None:
            datum = data.datum("reward_table")
            table = RewardTable(datum.value, datum.provenance, datum.source)
        attic = data["attic_two_dice_collects_penalties"]
        if attic_two_dice_collects_penalties is not None:
            attic = bool(attic_two_dice_collects_penalties)
        return cls(reward_table=table, spaces=tuple(data["spaces"]),
                   attic_roll=data["attic_roll"], figures=tuple(data["figures"]),
                   chips=tuple(tuple(c) for c in data["chips"]),
                   chips_in_play=tuple(data["chips_in_play"]),
                   attic_two_dice_collects_penalties=attic, free_choice=bool(free_choice))

    @property
    def total_chips(self) -> int:
        return sum(count for _, count in self.chips)

    @property
    def chip_values(self) -> tuple[int, ...]:
        """The values chips can have (1, 2, 3, 5), in the order of ``chips``."""
        return tuple(value for value, _ in self.chips)

    def space_label(self, position: int) -> str:
        return _("start") if position == START else f"≥{self.spaces[position - 1]}"


@dataclass(frozen=True)
class RollOutcome:
    """What a result does to a figure: ``kind`` is success, equal, failure or nothing."""

    kind: str
    position: int
    fallen: int = 0


def resolve_roll(position: int, result: int, rules: Rules) -> RollOutcome:
    """Apply the movement rules 3a-3c and 4 to a figure at ``position`` and a dice result."""
    spaces = rules.spaces
    if position == ATTIC:
        if result >= rules.attic_roll:
            return RollOutcome("success", ATTIC)
    elif result >= spaces[position]:          # the number of the next space up
        return RollOutcome("success", position + 1)
    if position == START:
        return RollOutcome("nothing", START)   # below 5 from the start: nothing happens
    if result == spaces[position - 1]:
        return RollOutcome("equal", position)
    landing = max((i + 1 for i, s in enumerate(spaces) if s <= result), default=START)
    return RollOutcome("failure", landing, position - landing)


@lru_cache(maxsize=None)
def dice_outcomes(dice: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``dice`` dice as a sorted multiset (highest first) with its probability.

    A multiset with multiplicities m1, m2, ... arises in dice! / (m1! m2! ...) of the
    sides**dice equally likely ordered rolls.
    """
    outcomes = []
    for faces in itertools.combinations_with_replacement(range(sides, 0, -1), dice):
        ways = factorial(dice)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        outcomes.append((faces, Fraction(ways, sides ** dice)))
    return tuple(outcomes)


@lru_cache(maxsize=None)
def _dice_table(dice: int) -> tuple[list[tuple[int, ...]], np.ndarray]:
    outcomes = dice_outcomes(dice)
    return [o for o, _ in outcomes], np.cumsum([float(p) for _, p in outcomes])


def best_two_sum(faces: Sequence[int]) -> int:
    """The result of a roll: the sum of its two highest dice (3,1,1,1 -> 4)."""
    return sum(sorted(faces, reverse=True)[:2])


@dataclass(frozen=True)
class Action:
    """A player's decision: ``("figure", name)``, ``("roll", dice)`` or ``("stop", None)``."""

    kind: str
    value: object = None

    def __str__(self) -> str:
        # English in every language: code compares it (``str(action) == "stop"``)
        if self.kind == "roll":
            return f"roll {self.value} dice"
        if self.kind == "figure":
            return f"move {self.value}"
        return "stop" if self.kind == "stop" else f"Action({self.kind!r}, {self.value!r})"


@lru_cache(maxsize=4096)
def chip_draws(counts: tuple[int, ...], values: tuple[int, ...],
               k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every way ``k`` chips drawn at random from a pile holding ``counts[i]`` chips of value
    ``values[i]`` can come out, as the sorted values drawn (highest first), with its
    probability: C(n1, k1) C(n2, k2) ... / C(n, k) (multivariate hypergeometric)."""
    total = comb(sum(counts), k)
    outcomes = []
    for taken in _splits(k, counts):
        ways = 1
        for n, t in zip(counts, taken):
            ways *= comb(n, t)
        drawn = tuple(sorted((v for v, t in zip(values, taken) for _ in range(t)), reverse=True))
        outcomes.append((drawn, Fraction(ways, total)))
    return tuple(outcomes)


def _splits(k: int, counts: tuple[int, ...]):
    """Every (k1, k2, ...) with k1 + k2 + ... = k and 0 <= ki <= counts[i]."""
    if not counts:
        if k == 0:
            yield ()
        return
    for first in range(min(k, counts[0]), -1, -1):
        for rest in _splits(k - first, counts[1:]):
            yield (first, *rest)


def in_order(chips: Sequence[int | None]) -> tuple[int | None, ...]:
    """Chips as the engine lists them: known values highest first, then face-down chips."""
    return tuple(sorted(chips, key=lambda v: (v is FACE_DOWN, -(v or 0))))


def _pile(chips: list[int | None]) -> int | tuple:
    """A pile of chips as a search key: how many, when all are face down (the usual case,
    made fast); else the face-down count and the known values, sorted."""
    face_down = chips.count(FACE_DOWN)
    if face_down == len(chips):
        return face_down
    return face_down, tuple(sorted(v for v in chips if v is not FACE_DOWN))


class SpookiesGame(State):
    """A game of Spookies in progress. Create with :func:`new_game` or :func:`position`."""

    GAME = "Spookies"
    CHANCE_PHASES = frozenset({FRIEND, DICE, FINE, REVEAL})
    _LISTS = ("names", "positions")
    _NESTED = ("chips", "penalties")

    def __init__(self, rules: Rules, names: Sequence[str], seed: int | None = COURSE_SEED) -> None:
        self._start(len(names), CHOOSE_FIGURE if rules.free_choice else FRIEND, seed)
        self.rules = rules
        self.names = list(names)
        self.positions = [START] * len(rules.figures)
        #: each player's chips: a value once known, ``FACE_DOWN`` (None) until it is turned
        #: over (a fair view shows only how many)
        self.chips: list[list[int | None]] = [[] for _ in names]
        #: the chips nobody has seen, by value (the stockpile, the chips out of play and
        #: every face-down chip in a pile or on a space)
        self.unseen: tuple[int, ...] = tuple(count for _, count in rules.chips)
        #: how many chips are left in the stockpile
        self.stockpile = rules.chips_in_play[len(names) - 2]
        self.penalties: list[list[int | None]] = [[] for _ in range(SPACE_COUNT + 1)]
        self.figure: int | None = None
        self.dice: int | None = None
        self.successes = 0
        self.gained = 0
        self.last_roll: tuple[int, ...] = ()
        self.friend_face: str | None = None
        self.turn = 1
        self.fine = 0              # chips the fine at FINE pays
        self.fined_space = START   # where they go (the space the figure left)

    # --- reading the state ----------------------------------------------------------------
    @property
    def must_roll(self) -> bool:
        """True before the compulsory first roll of a turn (stopping is not allowed yet)."""
        return self.successes == 0

    def _future(self) -> tuple:
        return (tuple(self.positions), tuple(map(_pile, self.chips)), self.unseen,
                self.stockpile, tuple(map(_pile, self.penalties)), self.figure, self.dice,
                self.successes > 0, self.fine, self.fined_space)

    def chip_counts(self) -> list[int]:
        """How many chips each player holds (public: the values are face down)."""
        return [len(c) for c in self.chips]

    def points(self) -> list[int]:
        """Each player's points, once their chips are turned over at the end."""
        if any(v is FACE_DOWN for c in self.chips for v in c):
            raise IllegalActionError("the chips lie face down until the stockpile is empty: "
                                     "points are counted at the end (chip_counts() says how "
                                     "many chips each player holds).")
        return [sum(c) for c in self.chips]

    def facts(self) -> dict[str, Any]:
        face_down = any(v is FACE_DOWN for c in self.chips for v in c)
        return {"points": None if face_down else tuple(self.points()),
                "chips": tuple(self.chip_counts())}

    @property
    def out_of_play(self) -> int:
        """How many chips nobody has seen and nobody holds: the stockpile and, once it is
        empty, the chips that were never in play (face-down chips in piles and on spaces
        excluded)."""
        face_down = sum(v is FACE_DOWN for c in self.chips + self.penalties for v in c)
        return sum(self.unseen) - face_down

    def chip_total(self) -> int:
        """Players' chips + penalty chips + the chips nobody holds: always all the chips in
        the box (``rules.total_chips``, 75)."""
        return self.out_of_play + sum(map(len, self.chips)) + sum(map(len, self.penalties))

    def penalty_counts(self) -> tuple[int, ...]:
        """Penalty chips lying on spaces 1..7 (>=5 .. >=11)."""
        return tuple(len(p) for p in self.penalties[1:])

    # --- the friendly verbs (thin aliases of ``apply``, with a check of whose turn it is) --
    def choose_figure(self, figure: str | int, player: int | None = None) -> None:
        """Choose the figure for this turn (after "?" or in the free-choice variant), by
        name or number (0-4): ``apply(Action("figure", name))``."""
        self._check_player(player)
        if self.phase != CHOOSE_FIGURE:
            raise IllegalActionError(_("you cannot choose a figure now: {why}.").format(
                why=self._waiting()))
        self.apply(Action("figure", self.rules.figures[self._figure_index(figure)]))

    def roll(self, dice: int, player: int | None = None) -> None:
        """Declare a roll with 2, 3 or 4 dice (the dice are then a chance event):
        ``apply(Action("roll", dice))``."""
        self._check_player(player)
        if self.phase != CHOOSE_DICE:
            raise IllegalActionError(_("you cannot roll the number dice now: {why}.").format(
                why=self._waiting()))
        self.apply(Action("roll", dice))

    def stop(self, player: int | None = None) -> None:
        """Stop voluntarily after a success and keep every chip taken this turn:
        ``apply(Action("stop"))``."""
        self._check_player(player)
        if self.phase != CHOOSE_DICE:
            raise IllegalActionError(_("you cannot stop now: {why}.").format(why=self._waiting()))
        self.apply(Action("stop"))

    def _check_player(self, player: int | None) -> None:
        if self.phase == OVER:
            raise IllegalActionError(_("the game is over: start a new game to play again."))
        if player is not None and player != self.current:
            name = self.names[player] if isinstance(player, int) and 0 <= player < \
                self.players else show(player)
            raise IllegalActionError(_("it is not {name}'s turn: it is {current}'s "
                                       "turn.").format(name=name,
                                                       current=self.names[self.current]))

    def _figure_index(self, figure: object) -> int:
        figures = self.rules.figures
        if isinstance(figure, str) and figure in figures:
            return figures.index(figure)
        if isinstance(figure, int) and not isinstance(figure, bool) and 0 <= figure < 5:
            return figure
        raise IllegalActionError(_("there is no figure {figure}: choose one of "
                                   "{figures}.").format(figure=show(figure),
                                                        figures=", ".join(figures)))

    # --- the hooks of the engine -------------------------------------------------------------
    def _actions(self) -> list[Action]:
        if self.phase == CHOOSE_FIGURE:
            return [Action("figure", name) for name in self.rules.figures]
        actions = [Action("roll", d) for d in DICE_CHOICES]
        return actions if self.must_roll else actions + [Action("stop")]

    def _act(self, action: Action) -> None:
        if action.kind == "figure":
            self._start_figure(self.rules.figures.index(action.value),
                               _("{name} chooses").format(name=self.names[self.current]))
        elif action.kind == "roll":
            self.dice, self.phase = action.value, DICE
        else:
            self._note("stop", ngettext("{0} stops and keeps {1} chip from this turn.",
                                        "{0} stops and keeps {1} chips from this turn.",
                                        self.gained), self.names[self.current], self.gained)
            self._end_turn()

    def _outcomes(self) -> list[tuple[object, Fraction]]:
        phase = self.phase
        if phase == FRIEND:
            return [(face, Fraction(1, 6)) for face in self.rules.figures + (ANY_FIGURE,)]
        if phase == DICE:
            return list(dice_outcomes(self.dice))
        if phase == REVEAL:
            face_down = self.chips[self.current].count(FACE_DOWN)
            return list(chip_draws(self.unseen, self.rules.chip_values, face_down))
        return self._fines()

    def _fines(self) -> list[tuple[tuple[int | None, ...], Fraction]]:
        """The fine's chips: known values and face-down chips picked at random together."""
        own = self.chips[self.current]
        values = self.rules.chip_values + (FACE_DOWN,)
        counts = tuple(own.count(v) for v in values)
        return [(in_order(paid), p) for paid, p in chip_draws(counts, values, self.fine)]

    def _possible(self, outcome: object) -> object:
        if self.phase != FRIEND and isinstance(outcome, (tuple, list)):
            try:                                  # dice and chips in any order
                outcome = tuple(sorted(outcome, reverse=True)) if self.phase != FINE \
                    else in_order(outcome)
            except TypeError:
                return _MISSING
        return super()._possible(outcome)

    def _sample(self, rng: np.random.Generator) -> object:
        """The dice with a cached table (the same draw as the inverse CDF of the list); the
        chips turned over at the end one by one, each uniformly from the unseen chips (the
        same distribution as the list's, without listing thousands of outcomes); everything
        else as the engine draws it."""
        if self.phase == DICE:
            outcomes, cumulative = _dice_table(self.dice)
            index = int(np.searchsorted(cumulative, rng.random(), side="right"))
            outcome = outcomes[min(index, len(outcomes) - 1)]
        elif self.phase == REVEAL:
            left, values, drawn = list(self.unseen), self.rules.chip_values, []
            for _chip in range(self.chips[self.current].count(FACE_DOWN)):
                u, running = rng.random() * sum(left), 0
                for i, n in enumerate(left):
                    running += n
                    if u < running:
                        break
                left[i] -= 1
                drawn.append(values[i])
            outcome = tuple(sorted(drawn, reverse=True))
        else:
            return super()._sample(rng)
        self._happen(outcome)
        return outcome

    def _happen(self, outcome: object) -> None:
        phase = self.phase
        if phase == FRIEND:
            self.friend_face = outcome
            if outcome == ANY_FIGURE:
                self._note("friend", _("The friend die shows ?: choose a figure."))
                self.phase = CHOOSE_FIGURE
            else:
                self._start_figure(self.rules.figures.index(outcome), _("The friend die shows"))
        elif phase == DICE:
            self._resolve(outcome)
        elif phase == FINE:
            self._pay(outcome)
        else:
            self._turn_over(outcome)

    # --- messages ----------------------------------------------------------------------------
    def _waiting(self) -> str:
        name = self.names[self.current]
        return {
            FRIEND: _("{name} must roll the friend die").format(name=name),
            CHOOSE_FIGURE: _("{name} must choose a figure").format(name=name),
            CHOOSE_DICE: (_("{name} must choose 2, 3 or 4 dice") if self.must_roll
                          else _("{name} must choose 2, 3 or 4 dice or stop")).format(name=name),
            DICE: _("{name}'s {n} dice are waiting to be rolled").format(name=name,
                                                                         n=self.dice),
            FINE: ngettext("{name} pays {n} chip, picked at random",
                           "{name} pays {n} chips, picked at random",
                           self.fine).format(name=name, n=self.fine),
            REVEAL: _("{name}'s chips are turned over").format(name=name),
            OVER: _("the game is over"),
        }[self.phase]

    def _why_not(self, action: object) -> str:
        if isinstance(action, Action) and self.phase == CHOOSE_DICE:
            if action.kind == "roll":
                return _("you roll 2, 3 or 4 dice, not {value}").format(
                    value=show(action.value))
            if action.kind == "stop" and self.must_roll:
                return _("you must roll at least once before you may stop: choose 2, 3 or 4 "
                         "dice")
            if action.kind == "figure":
                return _("you cannot choose a figure now: {waiting}").format(
                    waiting=self._waiting())
        if isinstance(action, Action) and self.phase == CHOOSE_FIGURE and \
                action.kind == "figure":
            return (f"there is no figure {show(action.value)}: choose one of "
                    f"{', '.join(self.rules.figures)}")
        if not isinstance(action, Action):
            return ("it is not a Spookies action: use Action('figure', name), "
                    "Action('roll', 2/3/4) or Action('stop')")
        return super()._why_not(action)

    def _in_words(self, action: object) -> str:
        if isinstance(action, Action) and action.kind == "roll":
            return _("roll {dice} dice").format(dice=action.value)
        if isinstance(action, Action) and action.kind == "figure":
            return _("move {figure}").format(figure=action.value)
        return _("stop") if isinstance(action, Action) and action.kind == "stop" else str(action)

    def _why_impossible(self, outcome: object) -> str:
        if self.phase == FRIEND:
            return f"the friend die shows one of {', '.join(self.rules.figures)} or ?"
        if self.phase == DICE:
            return (f"{self.dice} dice were rolled: the outcome must be {self.dice} faces from "
                    f"1 to 6")
        if self.phase == FINE:
            return (f"{self.fine} of {self.names[self.current]}'s chips pay the fine: their "
                    f"values (None for a face-down chip)")
        return (f"{self.names[self.current]}'s face-down chips are turned over: their values, "
                f"chips nobody has seen")

    # --- the rules -----------------------------------------------------------------------------
    def _start_figure(self, index: int, how: str) -> None:
        self.figure = index
        self.phase = CHOOSE_DICE
        where = self.rules.space_label(self.positions[index])
        self._note("figure", _("{0} {1} (on {2})."), how, self.rules.figures[index], where)

    def _resolve(self, faces: tuple[int, ...]) -> None:
        rules, name, dice = self.rules, self.names[self.current], self.dice
        result = best_two_sum(faces)
        start = self.positions[self.figure]
        outcome = resolve_roll(start, result, rules)
        self.last_roll = faces
        figure = rules.figures[self.figure]
        rolled = _("{name} rolls {faces} with {dice} dice: {result}.").format(
            name=name, faces=" ".join(map(str, faces)), dice=dice, result=result)
        self.dice = None
        if outcome.kind == "success":
            self.positions[self.figure] = outcome.position
            self.successes += 1
            taken = min(rules.reward_table.reward(outcome.position, dice), self.stockpile)
            self.stockpile -= taken
            self.chips[self.current].extend([FACE_DOWN] * taken)
            collected: list[int | None] = []
            if dice == 2 and (outcome.position != ATTIC or start != ATTIC
                              or rules.attic_two_dice_collects_penalties):
                collected = self.penalties[outcome.position]
                self.penalties[outcome.position] = []
                self.chips[self.current].extend(collected)
            self.gained += taken + len(collected)
            extra = ngettext(" and {0} penalty chip", " and {0} penalty chips",
                             len(collected)).format(len(collected)) if collected else ""
            self._note("success", ngettext("{0} Success: {1} is on {2}; {3} takes {4} chip{5}.",
                                           "{0} Success: {1} is on {2}; {3} takes {4} chips{5}.",
                                           taken),
                       rolled, figure, rules.space_label(outcome.position), name, taken,
                       extra, faces)
            if self.stockpile:
                self.phase = CHOOSE_DICE
            else:
                self._note("over", _("The stockpile is empty: the game is over."))
                self.figure = None
                self._count_chips()
            return
        if outcome.kind == "failure":
            self.positions[self.figure] = outcome.position
            own = self.chips[self.current]
            paid = min(outcome.fallen, len(own))
            self._note("failure", ngettext("{0} Failure: {1} falls {2} space to {3}; ",
                                           "{0} Failure: {1} falls {2} spaces to {3}; ",
                                           outcome.fallen)
                       + ngettext("{4} puts {5} penalty chip on {6}.",
                                  "{4} puts {5} penalty chips on {6}.", paid),
                       rolled, figure, outcome.fallen,
                       rules.space_label(outcome.position), name, paid,
                       rules.space_label(start), faces)
            if any(v is not FACE_DOWN for v in own) and paid:
                self.fine, self.fined_space, self.phase = paid, start, FINE
                return
            del own[len(own) - paid:]               # all alike: face-down chips
            self.penalties[start].extend([FACE_DOWN] * paid)
        elif outcome.kind == "equal":
            self._note("equal", _("{0} Equal: {1} stays; the turn is over."), rolled, figure,
                       faces)
        else:
            self._note("nothing", _("{0} Below 5 from the start: nothing happens; the turn is "
                                    "over."), rolled, faces)
        self._end_turn()

    def _pay(self, paid: tuple[int | None, ...]) -> None:
        """The fine's chips, picked from the player's, go onto the space the figure left."""
        own = self.chips[self.current]
        for value in paid:
            own.remove(value)
        self.penalties[self.fined_space].extend(paid)
        self.fine, self.fined_space = 0, START
        self._end_turn()

    def _count_chips(self) -> None:
        """The end: turn over the face-down chips of the first player who has some (a
        chance node), or count the points."""
        face_down = [p for p, c in enumerate(self.chips) if FACE_DOWN in c]
        if face_down:
            self.current, self.phase = face_down[0], REVEAL
            return
        points = self.points()
        self._note("points", _("Points: {0}."), ", ".join(
            f"{name} {p}" for name, p in zip(self.names, points)))
        self._end([p for p, v in enumerate(points) if v == max(points)])

    def _turn_over(self, values: tuple[int, ...]) -> None:
        own = self.chips[self.current]
        self.chips[self.current] = [v for v in own if v is not FACE_DOWN] + list(values)
        self.unseen = tuple(n - values.count(v)
                            for v, n in zip(self.rules.chip_values, self.unseen))
        self._note("turned over", ngettext("{0} turns over {1} chip: {2}.",
                                           "{0} turns over {1} chips: {2}.", len(values)),
                   self.names[self.current],
                   len(values), " ".join(map(str, values)) or _("none"))
        self._count_chips()

    def _end_turn(self) -> None:
        self.current = (self.current + 1) % self.players
        self.phase = CHOOSE_FIGURE if self.rules.free_choice else FRIEND
        self.figure = None
        self.friend_face = None
        self.dice = None
        self.successes = 0
        self.gained = 0
        self.turn += 1
        self.turns += 1


@lru_cache(maxsize=1)
def _standard_rules() -> Rules:
    return Rules.standard()


def _names(players: int | Sequence[str]) -> list[str]:
    if isinstance(players, (list, tuple)):
        names = [str(n) for n in players]
        if not PLAYER_COUNTS[0] <= len(names) <= PLAYER_COUNTS[-1]:
            raise InvalidArgumentError(ngettext(
                "Spookies is for 2 to 5 players, but {n} name was given.",
                "Spookies is for 2 to 5 players, but {n} names were given.",
                len(names)).format(n=len(names)))
        return names
    count = require_int(players, "the number of players", minimum=2, maximum=5)
    return [_("Player {n}").format(n=i + 1) for i in range(count)]


@checked_keywords
def new_game(players: int | Sequence[str] = 4, *, seed: int | None = COURSE_SEED,
             rules: Rules | None = None, free_choice: bool | None = None) -> SpookiesGame:
    """Set up a game for 2-5 players (a number, or a list of names).

    The stockpile holds 50, 60 or 75 chips by player count, face down (their values are
    drawn when they are turned over at the end: chance nodes); ``free_choice`` plays the
    variant without the friend die.
    """
    names = _names(players)
    rules = rules_field(rules, Rules, _standard_rules, N_("the rules of Rules.standard(...)"))
    if free_choice is not None:
        rules = dataclasses.replace(rules, free_choice=bool(free_choice))
    return SpookiesGame(rules, names, seed)


@checked_keywords
def position(players: int | Sequence[str] = 4, *, figures: Sequence[int] | dict[str, int],
             stockpile: int, chips: Sequence[int | Sequence[int]] | None = None,
             penalties: Sequence[int] | None = None, current: int = 0,
             figure: str | int | None = None, rules: Rules | None = None,
             seed: int | None = COURSE_SEED) -> SpookiesGame:
    """A legal position from a short description, checked field by field.

    ``figures``: each figure's space (0 = start, 1..7 = >=5 .. >=11, 7 the attic), as five
    numbers or ``{name: space}`` (figures not named stay at the start); ``stockpile``: chips
    left in it; ``chips``: the chips each player holds, a count (face down, as in play) or the
    list of their values; ``penalties``: face-down penalty chips on the spaces 1..7;
    ``current``: whose turn it is; ``figure``: the figure the friend die has just named (the
    position is then "choose 2, 3 or 4 dice"; else the turn starts with the friend die). The
    rest of the box is unseen. What should Ana do with Hanja on >=9 and 10 chips? ::

        >>> from fractions import Fraction
        >>> from haba_lessons.games.spookies import position
        >>> from haba_lessons.engine import expectimax
        >>> game = position(["Ana", "Ben"], figures={"Hanja": 5}, stockpile=40,
        ...                 chips=[10, 10], figure="Hanja")
        >>> [str(a) for a in game.legal_actions()]
        ['roll 2 dice', 'roll 3 dice', 'roll 4 dice']
        >>> best = expectimax(game, payoff=lambda s: tuple(len(c) for c in s.chips),
        ...                   leaf=lambda s: s.current != 0, horizon=8)
        >>> str(best.action), best.values[0] - 10      # expected chips gained this turn
        ('roll 4 dice', Fraction(271, 648))
    """
    game = new_game(players, rules=rules, seed=seed)
    rules, n = game.rules, game.players
    if isinstance(figures, dict):
        unknown = [name for name in figures if name not in rules.figures]
        if unknown:
            raise InvalidArgumentError(f"figures: there is no figure {show(unknown[0])}; the "
                                       f"figures are {', '.join(rules.figures)}.")
        figures = [figures.get(name, START) for name in rules.figures]
    figures = sequence_field(figures, "figures", length=len(rules.figures),
                             what=N_("spaces, one for each figure (or {name: space})"))
    spaces = [require_int(f, "figures (a space from 0 = start to 7 = attic)", minimum=START,
                          maximum=ATTIC) for f in figures]
    held = [0] * n if chips is None else sequence_field(
        chips, "chips", length=n, what=N_("chip counts or lists of chip values, one per player"))
    lying = [0] * SPACE_COUNT if penalties is None else sequence_field(
        penalties, "penalties", length=SPACE_COUNT,
        what=N_("penalty chip counts, one for each space >=5 .. >=11"))
    lying = [require_int(p, "penalties (penalty chips on a space)", minimum=0) for p in lying]
    pile = require_int(stockpile, "stockpile (chips left in it)", minimum=1)
    box = Counter({value: count for value, count in rules.chips})
    given: list[list[int | None]] = []
    for h in held:
        if isinstance(h, (list, tuple)):
            values = [require_int(v, "chips (the values of a player's chips)", minimum=1)
                      for v in h]
            wrong = [v for v in values if v not in box]
            if wrong:
                raise InvalidArgumentError(f"chips: there is no chip worth {wrong[0]}; chips "
                                           f"are worth {', '.join(map(str, rules.chip_values))}.")
            given.append(values)
        else:
            count = require_int(h, "chips (chips a player holds, or their values)", minimum=0)
            given.append([FACE_DOWN] * count)
    named = Counter(v for g in given for v in g if v is not FACE_DOWN)
    if named - box:
        value = next(iter(named - box))
        raise InvalidArgumentError(f"chips: more chips worth {value} than the box holds "
                                   f"({box[value]}).")
    used = pile + sum(map(len, given)) + sum(lying)
    if used > rules.total_chips:
        raise InvalidArgumentError(f"stockpile + chips + penalties = {used}, but the box has "
                                   f"only {rules.total_chips} chips.")
    current = require_int(current, "current (whose turn it is)", minimum=0, maximum=n - 1)
    game.chips = given
    game.penalties = [[]] + [[FACE_DOWN] * count for count in lying]
    game.unseen = tuple(box[v] - named[v] for v in rules.chip_values)
    game.stockpile = pile
    game.positions = spaces
    game.current = current
    if figure is not None:
        try:
            index = game._figure_index(figure)
        except IllegalActionError as error:
            raise InvalidArgumentError(f"figure: {error}") from None
        game._start_figure(index, "The position starts with")
    return game
