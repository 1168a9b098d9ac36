"""The Spookies rules engine: one game state, its legal actions and its chance outcomes.

Positions: 0 is the start area in front of the gate, 1..7 the spaces >=5 .. >=11 (7 is the
attic). Figures belong to nobody; a turn moves the one figure the friend die names.

The state alternates between *decision* phases (a player acts) and *chance* phases
(``chance_outcomes()`` lists exact probabilities; ``apply_chance`` applies one,
``sample_chance`` draws one with a seeded generator)::

    FRIEND         chance: the friend die (5 figures and "?", 1/6 each)
    CHOOSE_FIGURE  decision: after "?" (or every turn in the free-choice variant)
    CHOOSE_DICE    decision: roll 2, 3 or 4 dice, or stop (only after a success)
    DICE           chance: the dice, as sorted multisets with multinomial probabilities
    OVER           the stockpile is empty

The state implements :class:`haba_lessons.games.protocol.GameState`; :func:`position` sets
up a position a teacher describes.

Two smaller chance events use the state's own seeded generator: which chips are in play
(shuffled face down at set-up, so drawing from the top of the stockpile is a random draw)
and which of a player's face-down chips pay a fine.

Every action checks everything first and only then changes the state, so an illegal action
raises :class:`IllegalActionError` and leaves the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import factorial

import numpy as np

from ..._checks import require_int
from ...errors import IllegalActionError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng, sample_outcome
from ..protocol import OVER, TurnState, clone_generator
from .board import DICE_CHOICES, PLAYER_COUNTS, SPACE_COUNT, RewardTable, load_data

ANY_FIGURE = "?"
START = 0
ATTIC = SPACE_COUNT
#: The phases of a turn (see the module docstring); ``OVER`` when the stockpile is empty.
FRIEND, CHOOSE_FIGURE, CHOOSE_DICE, DICE = "friend", "choose_figure", "choose_dice", "dice"
PHASES = (FRIEND, CHOOSE_FIGURE, CHOOSE_DICE, DICE, OVER)


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

    def space_label(self, position: int) -> str:
        return "start" if position == START else f"≥{self.spaces[position - 1]}"


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
        if self.kind == "roll":
            return f"roll {self.value} dice"
        if self.kind == "figure":
            return f"move {self.value}"
        return "stop"


@dataclass(frozen=True)
class Event:
    """One line of the game's log, for widgets and for reading a game back."""

    player: int
    kind: str
    text: str
    dice: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass
class SpookiesGame(TurnState):
    """A game of Spookies in progress. Create with :func:`new_game`."""

    rules: Rules
    names: list[str]
    rng: np.random.Generator
    positions: list[int]
    chips: list[list[int]]
    stockpile: list[int]
    out_of_play: list[int]
    penalties: list[list[int]]
    current: int = 0
    phase: str = FRIEND
    figure: int | None = None
    dice: int | None = None
    successes: int = 0
    gained: int = 0
    last_roll: tuple[int, ...] = ()
    friend_face: str | None = None
    turn: int = 1
    log: list[Event] = field(default_factory=list)

    # --- reading the state ----------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def is_chance_node(self) -> bool:
        return self.phase in (FRIEND, DICE)

    @property
    def must_roll(self) -> bool:
        """True before the compulsory first roll of a turn (stopping is not allowed yet)."""
        return self.successes == 0

    def search_key(self) -> tuple:
        """What decides the game's future, for an exact search to solve each state once (the
        generator, which picks the chips paid as fines, is left out)."""
        return (self.phase, tuple(self.positions), tuple(tuple(sorted(c)) for c in self.chips),
                tuple(self.stockpile), tuple(map(tuple, self.penalties)), self.current,
                self.figure, self.dice, self.successes > 0)

    def chip_counts(self) -> list[int]:
        """How many chips each player holds (public: the values are face down)."""
        return [len(c) for c in self.chips]

    def points(self) -> list[int]:
        """Each player's points. The state knows them; a fair view shows them only at the end."""
        return [sum(c) for c in self.chips]

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the most points (ties share the win); empty until the game is over."""
        if not self.is_over:
            return ()
        points = self.points()
        return tuple(p for p, v in enumerate(points) if v == max(points))

    def copy(self) -> SpookiesGame:
        """An independent copy, its own generator included (the rules are shared)."""
        other = object.__new__(SpookiesGame)
        other.__dict__.update(self.__dict__)
        other.names, other.rng = list(self.names), clone_generator(self.rng)
        other.positions, other.log = list(self.positions), list(self.log)
        other.chips, other.penalties = [list(c) for c in self.chips], [list(p) for p in self.penalties]
        other.stockpile, other.out_of_play = list(self.stockpile), list(self.out_of_play)
        return other

    def chip_total(self) -> int:
        """Stockpile + players' chips + penalty chips + chips out of play: always all the
        chips in the box (``rules.total_chips``, 75)."""
        return (len(self.stockpile) + sum(map(len, self.chips)) + sum(map(len, self.penalties))
                + len(self.out_of_play))

    def penalty_counts(self) -> tuple[int, ...]:
        """Penalty chips lying on spaces 1..7 (>=5 .. >=11)."""
        return tuple(len(p) for p in self.penalties[1:])

    def snapshot(self) -> tuple:
        """Everything that makes up the state, as comparable values (for tests)."""
        return (self.names, self.positions, self.chips, self.stockpile, self.out_of_play,
                self.penalties, self.current, self.phase, self.figure, self.dice,
                self.successes, self.gained, self.last_roll, self.friend_face, self.turn,
                self.log,
                str(self.rng.bit_generator.state))

    # --- chance ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """The possible chance outcomes now, with exact probabilities adding up to 1."""
        if self.phase == FRIEND:
            faces = list(self.rules.figures) + [ANY_FIGURE]
            return [(face, Fraction(1, 6)) for face in faces]
        if self.phase == DICE:
            return list(dice_outcomes(self.dice))
        raise IllegalActionError(f"no chance event now: {self._what_to_do()}.")

    def apply_chance(self, outcome: object) -> None:
        """Apply a chance outcome: a friend-die face, or the dice rolled (any order)."""
        if self.phase == FRIEND:
            faces = list(self.rules.figures) + [ANY_FIGURE]
            if outcome not in faces:
                raise IllegalActionError(f"the friend die shows one of {', '.join(faces)}, "
                                         f"not {outcome!r}.")
            self.friend_face = outcome
            if outcome == ANY_FIGURE:
                self._log("friend", "The friend die shows ?: choose a figure.")
                self.phase = CHOOSE_FIGURE
            else:
                self._start_figure(self.rules.figures.index(outcome), "The friend die shows")
            return
        if self.phase != DICE:
            raise IllegalActionError(f"no chance event now: {self._what_to_do()}.")
        faces = self._check_dice(outcome)
        self._resolve(faces)

    def sample_chance(self, rng: np.random.Generator | None = None) -> object:
        """Draw the pending chance outcome with ``rng`` (default: the game's own), apply it."""
        rng = self.rng if rng is None else rng
        if self.phase == DICE:     # the same draw as sample_outcome, with a cached table
            outcomes, cumulative = _dice_table(self.dice)
            index = int(np.searchsorted(cumulative, rng.random(), side="right"))
            outcome = outcomes[min(index, len(outcomes) - 1)]
        else:
            outcome = sample_outcome(self.chance_outcomes(), rng)
        self.apply_chance(outcome)
        return outcome

    # --- decisions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The decisions the current player may take now (empty at chance nodes)."""
        if self.phase == CHOOSE_FIGURE:
            return [Action("figure", name) for name in self.rules.figures]
        if self.phase == CHOOSE_DICE:
            actions = [Action("roll", d) for d in DICE_CHOICES]
            return actions if self.must_roll else actions + [Action("stop")]
        return []

    def apply(self, action: Action, player: int | None = None) -> None:
        """Apply a decision (as listed by :meth:`legal_actions`)."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not a Spookies action: use "
                                     f"Action('figure', name), Action('roll', 2/3/4) or "
                                     f"Action('stop').")
        if action.kind == "figure":
            self.choose_figure(action.value, player=player)
        elif action.kind == "roll":
            self.roll(action.value, player=player)
        elif action.kind == "stop":
            self.stop(player=player)
        else:
            raise IllegalActionError(f"unknown action {action.kind!r}: use figure, roll or "
                                     f"stop.")

    def choose_figure(self, figure: str | int, player: int | None = None) -> None:
        """Choose the figure for this turn (after "?" or in the free-choice variant)."""
        self._check_player(player)
        if self.phase != CHOOSE_FIGURE:
            raise IllegalActionError(f"you cannot choose a figure now: {self._what_to_do()}.")
        self._start_figure(self._figure_index(figure), f"{self.names[self.current]} chooses")

    def roll(self, dice: int, player: int | None = None) -> None:
        """Declare a roll with 2, 3 or 4 dice; the dice are then a chance event."""
        if isinstance(dice, bool) or not isinstance(dice, (int, np.integer)) \
                or dice not in DICE_CHOICES:
            raise IllegalActionError(f"you roll 2, 3 or 4 dice, not {dice!r}.")
        dice = int(dice)
        self._check_player(player)
        if self.phase != CHOOSE_DICE:
            raise IllegalActionError(f"you cannot roll the number dice now: "
                                     f"{self._what_to_do()}.")
        self.dice = dice
        self.phase = DICE

    def stop(self, player: int | None = None) -> None:
        """Stop voluntarily after a success and keep every chip taken this turn."""
        self._check_player(player)
        if self.phase != CHOOSE_DICE:
            raise IllegalActionError(f"you cannot stop now: {self._what_to_do()}.")
        if self.must_roll:
            raise IllegalActionError("you must roll at least once before you may stop: "
                                     "choose 2, 3 or 4 dice.")
        self._log("stop", f"{self.names[self.current]} stops and keeps {self.gained} "
                          f"chip(s) from this turn.")
        self._end_turn()

    # --- internals --------------------------------------------------------------------------
    def _what_to_do(self) -> str:
        return {
            FRIEND: f"{self.names[self.current]} must roll the friend die",
            CHOOSE_FIGURE: f"{self.names[self.current]} must choose a figure",
            CHOOSE_DICE: f"{self.names[self.current]} must choose 2, 3 or 4 dice"
                           + ("" if self.must_roll else " or stop"),
            DICE: f"{self.names[self.current]}'s {self.dice} dice are waiting to be rolled",
            OVER: "the game is over",
        }[self.phase]

    def _check_player(self, player: int | None) -> None:
        if self.phase == OVER:
            raise IllegalActionError("the game is over: start a new game to play again.")
        if player is not None and player != self.current:
            name = self.names[player] if isinstance(player, int) and 0 <= player < \
                self.players else repr(player)
            raise IllegalActionError(f"it is not {name}'s turn: it is "
                                     f"{self.names[self.current]}'s turn.")

    def _figure_index(self, figure: str | int) -> int:
        figures = self.rules.figures
        if isinstance(figure, str) and figure in figures:
            return figures.index(figure)
        if isinstance(figure, int) and not isinstance(figure, bool) and 0 <= figure < 5:
            return figure
        raise IllegalActionError(f"there is no figure {figure!r}: choose one of "
                                 f"{', '.join(figures)}.")

    def _check_dice(self, outcome: object) -> tuple[int, ...]:
        if not isinstance(outcome, (tuple, list)) or len(outcome) != self.dice or any(
                isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 1 <= f <= 6
                for f in outcome):
            raise IllegalActionError(f"{self.dice} dice were rolled: the outcome must be "
                                     f"{self.dice} faces from 1 to 6, not {outcome!r}.")
        return tuple(sorted((int(f) for f in outcome), reverse=True))

    def _start_figure(self, index: int, how: str) -> None:
        self.figure = index
        self.phase = CHOOSE_DICE
        where = self.rules.space_label(self.positions[index])
        self._log("figure", f"{how} {self.rules.figures[index]} (on {where}).")

    def _resolve(self, faces: tuple[int, ...]) -> None:
        rules, name, dice = self.rules, self.names[self.current], self.dice
        result = best_two_sum(faces)
        start = self.positions[self.figure]
        outcome = resolve_roll(start, result, rules)
        self.last_roll = faces
        figure = rules.figures[self.figure]
        rolled = f"{name} rolls {' '.join(map(str, faces))} with {dice} dice: {result}."
        self.dice = None
        if outcome.kind == "success":
            self.positions[self.figure] = outcome.position
            self.successes += 1
            reward = rules.reward_table.reward(outcome.position, dice)
            taken = self.stockpile[:reward]
            del self.stockpile[:reward]
            self.chips[self.current].extend(taken)
            collected: list[int] = []
            if dice == 2 and (outcome.position != ATTIC or start != ATTIC
                              or rules.attic_two_dice_collects_penalties):
                collected = self.penalties[outcome.position]
                self.penalties[outcome.position] = []
                self.chips[self.current].extend(collected)
            self.gained += len(taken) + len(collected)
            extra = f" and {len(collected)} penalty chip(s)" if collected else ""
            self._log("success", f"{rolled} Success: {figure} is on "
                                 f"{rules.space_label(outcome.position)}; {name} takes "
                                 f"{len(taken)} chip(s){extra}.", faces)
            if not self.stockpile:
                self._log("over", "The stockpile is empty: the game is over.")
                self.phase = OVER
            else:
                self.phase = CHOOSE_DICE
            return
        if outcome.kind == "failure":
            self.positions[self.figure] = outcome.position
            own = self.chips[self.current]
            paid = min(outcome.fallen, len(own))
            picks = sorted(self.rng.choice(len(own), size=paid, replace=False).tolist(),
                           reverse=True) if paid else []
            for i in picks:
                self.penalties[start].append(own.pop(i))
            self._log("failure", f"{rolled} Failure: {figure} falls {outcome.fallen} "
                                 f"space(s) to {rules.space_label(outcome.position)}; {name} "
                                 f"puts {paid} penalty chip(s) on {rules.space_label(start)}.",
                      faces)
        elif outcome.kind == "equal":
            self._log("equal", f"{rolled} Equal: {figure} stays; the turn is over.", faces)
        else:
            self._log("nothing", f"{rolled} Below 5 from the start: nothing happens; the "
                                 f"turn is over.", faces)
        self._end_turn()

    def _end_turn(self) -> None:
        self.current = (self.current + 1) % self.players
        self.phase = CHOOSE_FIGURE if self.rules.free_choice else FRIEND
        self.figure = None
        self.friend_face = None
        self.dice = None
        self.successes = 0
        self.gained = 0
        self.turn += 1

    def _log(self, kind: str, text: str, dice: tuple[int, ...] = ()) -> None:
        self.log.append(Event(self.current, kind, text, dice))


@lru_cache(maxsize=1)
def _standard_rules() -> Rules:
    return Rules.standard()


def new_game(players: int | Sequence[str] = 4, *, rules: Rules | None = None,
             seed: int | None = COURSE_SEED, free_choice: bool | None = None) -> SpookiesGame:
    """Set up a game for 2-5 players (a number, or a list of names).

    The chips in play (50, 60 or 75 by player count) are drawn at random, face down, from
    the 75; the rest are out of play, unseen.
    """
    if isinstance(players, (list, tuple)):
        names = [str(n) for n in players]
        if not PLAYER_COUNTS[0] <= len(names) <= PLAYER_COUNTS[-1]:
            raise InvalidArgumentError(f"Spookies is for 2 to 5 players, but {len(names)} "
                                       f"names were given.")
    else:
        count = require_int(players, "the number of players", minimum=2, maximum=5)
        names = [f"Player {i + 1}" for i in range(count)]
    rules = rules or _standard_rules()
    if free_choice is not None:
        rules = dataclasses.replace(rules, free_choice=bool(free_choice))
    rng = make_rng(seed)
    all_chips = [value for value, count in rules.chips for _ in range(count)]
    rng.shuffle(all_chips)
    in_play = rules.chips_in_play[len(names) - 2]
    return SpookiesGame(
        rules=rules, names=names, rng=rng, positions=[START] * 5,
        chips=[[] for _ in names], stockpile=all_chips[:in_play],
        out_of_play=all_chips[in_play:], penalties=[[] for _ in range(SPACE_COUNT + 1)],
        phase=CHOOSE_FIGURE if rules.free_choice else FRIEND,
    )


def position(players: int | Sequence[str] = 4, *, figures: Sequence[int] | dict[str, int],
             stockpile: int, chips: Sequence[int] | None = None,
             penalties: Sequence[int] | None = None, current: int = 0,
             figure: str | int | None = None, rules: Rules | None = None,
             seed: int | None = COURSE_SEED) -> SpookiesGame:
    """A legal position from a short description, checked field by field.

    ``figures``: each figure's space (0 = start, 1..7 = >=5 .. >=11, 7 the attic), as five
    numbers or ``{name: space}`` (figures not named stay at the start); ``stockpile``: chips
    left in it; ``chips``: chips each player holds; ``penalties``: penalty chips on the
    spaces 1..7; ``current``: whose turn it is; ``figure``: the figure the friend die has
    just named (the position is then "choose 2, 3 or 4 dice"; else the turn starts with the
    friend die). Chip values are dealt at random (seeded) from the box; the rest of the box
    is out of play. What should Ana do with Hanja on >=9 and 10 chips? ::

        >>> from fractions import Fraction
        >>> from haba_lessons.games.spookies import position
        >>> from haba_lessons.play import expectimax
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
            raise InvalidArgumentError(f"figures: there is no figure {unknown[0]!r}; the "
                                       f"figures are {', '.join(rules.figures)}.")
        figures = [figures.get(name, START) for name in rules.figures]
    figures = list(figures)
    if len(figures) != len(rules.figures):
        raise InvalidArgumentError(f"figures: give the space of each of the "
                                   f"{len(rules.figures)} figures, not {len(figures)} numbers.")
    spaces = [require_int(f, "figures (a space from 0 = start to 7 = attic)", minimum=START,
                          maximum=ATTIC) for f in figures]
    chips = [0] * n if chips is None else list(chips)
    if len(chips) != n:
        raise InvalidArgumentError(f"chips: give the chips of each of the {n} players, "
                                   f"not {len(chips)} numbers.")
    held = [require_int(c, "chips (chips a player holds)", minimum=0) for c in chips]
    penalties = [0] * SPACE_COUNT if penalties is None else list(penalties)
    if len(penalties) != SPACE_COUNT:
        raise InvalidArgumentError(f"penalties: give the penalty chips on each of the "
                                   f"{SPACE_COUNT} spaces >=5 .. >=11, not {len(penalties)}.")
    lying = [require_int(p, "penalties (penalty chips on a space)", minimum=0)
             for p in penalties]
    pile = require_int(stockpile, "stockpile (chips left in it)", minimum=1)
    used = pile + sum(held) + sum(lying)
    if used > rules.total_chips:
        raise InvalidArgumentError(f"stockpile + chips + penalties = {used}, but the box has "
                                   f"only {rules.total_chips} chips.")
    current = require_int(current, "current (whose turn it is)", minimum=0, maximum=n - 1)
    box = game.stockpile + game.out_of_play          # all 75 chips, shuffled by the seed
    game.stockpile, box = box[:pile], box[pile:]
    for p, count in enumerate(held):
        game.chips[p], box = box[:count], box[count:]
    for space, count in enumerate(lying, start=1):
        game.penalties[space], box = box[:count], box[count:]
    game.out_of_play = box
    game.positions = spaces
    game.current = current
    if figure is not None:
        try:
            index = game._figure_index(figure)
        except IllegalActionError as error:
            raise InvalidArgumentError(f"figure: {error}") from None
        game._start_figure(index, "The position starts with")
    return game
