"""The rules engine of Quiet as a Mouse: one object the widget, the simulations and the tests share.

A turn passes through three phases (exported constants), each an explicit step:

1. ``ROLL`` — waiting for the two colour dice (a chance node: :meth:`Game.chance_outcomes`
   lists every ordered pair of colours with its exact probability; :meth:`Game.apply_roll`).
   If no free hole pair fits the roll, the turn is lost at once (rulebook).
2. ``CHOOSE`` — the player picks a free pair of holes (front hole, back hole) in the rolled
   colours: :meth:`Game.legal_pairs`, :meth:`Game.choose_pair`.
3. ``ATTEMPT`` — the stick goes in; a chance node again. :meth:`Game.apply_attempt` takes
   ``"silent"``, ``"alarm"`` or ``("slid_out", front_hole)``.

The game ends in ``OVER``. Holes are numbered 1 to 12 along each wall, left to right, in
every argument, log line, widget and message.

The skill model (the library's, not a rule; the rules spec's terms): an attempt is silent
with chance ``p``; *another* stick slides out with chance ``q`` (only possible when the
castle holds a stick; which one is uniform among them); otherwise the bell rings. So
P(silent) = p, P(slide-out) = q, P(alarm) = 1 - p - q (1 - p with an empty castle), and
p + q may not exceed 1.

The state implements :class:`haba_lessons.games.protocol.GameState`: :func:`new_game` starts
a game, :func:`position` sets one up from sticks in the castle and in the hands.

Every method that is refused raises a :class:`~haba_lessons.errors.HabaLessonsError` before
touching the state, so a refused action changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..._checks import require_int, require_probability
from ...errors import IllegalActionError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng, outcome_at
from ..protocol import OVER, TurnState, restore_generator
from .layout import PLAYER_COUNTS, Layout, load_layout

Roll = tuple[str, str]
Pair = tuple[int, int]
SILENT, ALARM, SLID_OUT = "silent", "alarm", "slid_out"
#: The phases of a turn; ``OVER`` when the game has ended.
ROLL, CHOOSE, ATTEMPT = "roll", "choose", "attempt"


@dataclass(frozen=True)
class Skill:
    """A player's steadiness: ``p`` = chance an attempt is silent, ``q`` = chance another
    stick slides out during an attempt (p + q <= 1; the rest is the chance of an alarm).
    Exact fractions; floats from sliders are converted."""

    p: Fraction
    q: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "p", require_probability(self.p, "p (chance of a silent attempt)"))
        object.__setattr__(self, "q", require_probability(self.q, "q (chance a stick slides out)"))
        if self.p + self.q > 1:
            raise InvalidArgumentError(
                f"p + q = {float(self.p):.2f} + {float(self.q):.2f} is more than 1: p (silent) "
                f"and q (another stick slides out) are chances of two different outcomes of "
                f"one attempt, so together they can be at most 1. Lower p or q.")


def make_skills(players: int, p: object | Sequence[object] = Fraction(1, 2),
                q: object | Sequence[object] = 0) -> tuple[Skill, ...]:
    """One :class:`Skill` per player from a single ``p``/``q`` or one value per player."""
    def spread(value: object, name: str) -> list[object]:
        if isinstance(value, (list, tuple)):
            if len(value) != players:
                raise InvalidArgumentError(f"{name} has {len(value)} values, but there are "
                                           f"{players} players: give one value per player.")
            return list(value)
        return [value] * players
    return tuple(Skill(a, b) for a, b in zip(spread(p, "p"), spread(q, "q")))


@lru_cache(maxsize=None)
def _roll_outcomes(faces: tuple[str, ...]) -> tuple[tuple[Roll, Fraction], ...]:
    """Every ordered pair of colours two dice with these faces can show, with its chance."""
    weights: dict[Roll, Fraction] = {}
    for a in faces:
        for b in faces:
            weights[(a, b)] = weights.get((a, b), Fraction(0)) + Fraction(1, len(faces) ** 2)
    return tuple(weights.items())


class Game(TurnState):
    """The state of one game, changed only through the actions below."""

    def __init__(self, players: int, skills: Sequence[Skill] | None = None,
                 layout: Layout | None = None, seed: int | None = COURSE_SEED) -> None:
        players = require_int(players, "the number of players", minimum=min(PLAYER_COUNTS),
                              maximum=max(PLAYER_COUNTS))
        layout = layout or load_layout()
        skills = tuple(skills) if skills is not None else make_skills(players)
        if len(skills) != players or not all(isinstance(s, Skill) for s in skills):
            raise InvalidArgumentError(f"give one Skill per player ({players}), "
                                       f"e.g. make_skills({players}, p=0.8, q=0.05).")
        self.layout = layout
        self.players = players
        self.skills = skills
        self.hands = [layout.sticks_per_player[players]] * players
        self.box = layout.box(players)
        self.out_of_game = 0
        #: front hole -> back hole of every stick in the castle
        self.castle: dict[int, int] = {}
        self.current = 0
        self.phase = ROLL
        self._rng: np.random.Generator | None = make_rng(seed)
        self._rng_state: dict | None = None   # a copy's generator, made when first used
        self.roll: Roll | None = None
        self.pair: Pair | None = None
        self.turns = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.log: list[str] = []

    # --- reading the state ----------------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy (the layout and skills are shared: they never change)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands, other.castle, other.log = list(self.hands), dict(self.castle), list(self.log)
        other._rng = None
        other._rng_state = self._rng_state if self._rng is None else \
            self._rng.bit_generator.state
        return other

    @property
    def rng(self) -> np.random.Generator:
        """The game's own generator, for :meth:`sample_chance` without one."""
        if self._rng is None:
            self._rng = restore_generator(self._rng_state)
        return self._rng

    clone = copy

    def search_key(self) -> tuple:
        """What decides the game's future, for an exact search to solve each state once."""
        return (self.phase, self.current, tuple(self.hands), self.roll, self.pair,
                frozenset(self.castle.items()), self.out_of_game)

    @property
    def is_chance_node(self) -> bool:
        return self.phase in (ROLL, ATTEMPT)

    def snapshot(self) -> dict:
        """Everything that can change, for comparing a state before and after an action."""
        state = {k: copy.deepcopy(v) for k, v in vars(self).items()
                 if k not in ("layout", "_rng", "_rng_state")}
        state["rng"] = str(self.rng.bit_generator.state)
        return state

    def sticks_accounted(self) -> int:
        """Hands + castle + out of the game + box: always the box's 16 sticks."""
        return sum(self.hands) + len(self.castle) + self.out_of_game + self.box

    def free_holes(self, wall: str, colour: str) -> list[int]:
        """Free holes of ``colour`` on ``wall`` ("front"/"back"), left to right."""
        taken = set(self.castle) if wall == "front" else set(self.castle.values())
        return [i + 1 for i in self.layout.holes(wall, colour) if i + 1 not in taken]

    def free_counts(self) -> dict[str, tuple[int, int]]:
        """colour -> (free front holes, free back holes): all that matters for the next roll."""
        return {c: (len(self.free_holes("front", c)), len(self.free_holes("back", c)))
                for c in self.layout.colours}

    def pairs_for(self, roll: Roll) -> list[Pair]:
        """Every free (front hole, back hole) pair that fits ``roll``, sorted."""
        a, b = roll
        pairs = {(f, k) for x, y in ((a, b), (b, a))
                 for f in self.free_holes("front", x) for k in self.free_holes("back", y)}
        return sorted(pairs)

    def blocked_probability(self) -> Fraction:
        """The exact chance that the next roll fits no free pair of holes."""
        from .analysis import blocked_probability  # analysis imports this module
        return blocked_probability(self.free_counts(), self.layout)

    def legal_pairs(self) -> list[Pair]:
        """The hole pairs the current player may choose now (only in the "choose" phase)."""
        return self.pairs_for(self.roll) if self.phase == CHOOSE else []

    def legal_actions(self) -> list[Pair]:
        """The protocol's name for :meth:`legal_pairs`."""
        return self.legal_pairs()

    def attempt_outcomes(self, player: int | None = None) -> list[tuple[object, Fraction]]:
        """The chance outcomes of an attempt by ``player`` (default: the current one)."""
        skill = self.skills[self.current if player is None else player]
        sticks = sorted(self.castle)
        slide = skill.q if sticks else Fraction(0)
        outcomes: list[tuple[object, Fraction]] = [((SLID_OUT, f), slide / len(sticks))
                                                   for f in sticks] if slide else []
        outcomes += [(SILENT, skill.p), (ALARM, 1 - skill.p - slide)]
        return [(o, pr) for o, pr in outcomes if pr]

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """The outcomes of the chance node the game waits for, with exact probabilities."""
        if self.phase == ROLL:
            return list(_roll_outcomes(self.layout.die_faces))
        if self.phase == ATTEMPT:
            return self.attempt_outcomes()
        raise IllegalActionError(f"the game is not waiting for chance now (phase: {self.phase}).")

    # --- actions --------------------------------------------------------------------------
    def _require_phase(self, phase: str, action: str) -> None:
        if self.phase == OVER:
            raise IllegalActionError(f"the game is over ({self.end_reason}); start a new game.")
        if self.phase != phase:
            hint = {ROLL: "roll the dice first", CHOOSE: "choose a pair of holes first",
                    ATTEMPT: "record how the attempt went first (silent, alarm or a stick "
                               "slid out)"}[self.phase]
            raise IllegalActionError(f"cannot {action} now: {hint}.")

    def apply_roll(self, roll: Sequence[str]) -> None:
        """Record the two dice (any sequence of two colours). A roll with no free pair of
        holes loses the turn at once."""
        self._require_phase(ROLL, "roll the dice")
        if not (_is_sequence(roll) and len(roll) == 2
                and all(isinstance(c, str) and c in self.layout.die_faces for c in roll)):
            raise IllegalActionError(f"a roll is two dice colours out of "
                                     f"{', '.join(self.layout.colours)}; got {roll!r}.")
        roll = (roll[0], roll[1])
        self.roll, self.turns = roll, self.turns + 1
        if self.pairs_for(roll):
            self.phase = CHOOSE
            return
        self.log.append(f"Player {self.current + 1} rolled {roll[0]} + {roll[1]}: "
                        f"no free pair of holes, the turn is lost.")
        self._next_player()

    def choose_pair(self, pair: Sequence[int]) -> None:
        """Slide a stick into the free holes ``pair = (front hole, back hole)``, numbered 1-12
        (any sequence of two hole numbers)."""
        self._require_phase(CHOOSE, "choose holes")
        if _is_sequence(pair) and len(pair) == 2:
            pair = (pair[0], pair[1])
        if not self._fits(pair):
            raise IllegalActionError(self._why_not(pair))
        self.pair, self.phase = pair, ATTEMPT

    def apply(self, action: Sequence[int]) -> None:
        """The protocol's name for :meth:`choose_pair`."""
        self.choose_pair(action)

    def sample_chance(self, rng: np.random.Generator | None = None) -> object:
        """Draw the pending chance outcome with ``rng`` (default: the game's own), apply it."""
        # the outcomes add up to 1 by construction: skip sample_outcome's exact check
        outcome = outcome_at(self.chance_outcomes(), (self.rng if rng is None else rng).random())
        self.apply_chance(outcome)
        return outcome

    def _fits(self, pair: object) -> bool:
        """Is ``pair`` one of :meth:`pairs_for` the roll? (checked directly: it is faster)"""
        holes = len(self.layout.front_wall)
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(
                isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= holes
                for i in pair)):
            return False
        f, k = pair
        if f in self.castle or k in self.castle.values():
            return False
        colours = (self.layout.front_wall[f - 1], self.layout.back_wall[k - 1])
        return colours == self.roll or colours == self.roll[::-1]

    def _why_not(self, pair: object) -> str:
        a, b = self.roll
        wanted = f"one {a} hole and one {b} hole" if a != b else f"a {a} hole on both walls"
        holes = len(self.layout.front_wall)
        if not (isinstance(pair, tuple) and len(pair) == 2
                and all(isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= holes
                        for i in pair)):
            return (f"{pair!r} is not a pair of holes: give (front hole, back hole), numbered "
                    f"from 1 to {holes}.")
        f, k = pair
        if f in self.castle or k in self.castle.values():
            return f"hole pair {pair} is taken: a stick is already there. Choose {wanted}."
        return (f"front hole {f} is {self.layout.front_wall[f - 1]} and back hole {k} is "
                f"{self.layout.back_wall[k - 1]}, but the dice ask for {wanted}.")

    def apply_attempt(self, outcome: object) -> None:
        """Record the attempt: "silent", "alarm" or ("slid_out", front hole of that stick)."""
        if self.phase != ATTEMPT:
            if self.phase == OVER:
                self._require_phase(ATTEMPT, "record an attempt")
            raise IllegalActionError("no attempt is in progress: roll the dice and choose a "
                                     "pair of holes before recording silent, alarm or a "
                                     "stick that slid out.")
        player = self.current
        name = f"Player {player + 1}"
        if outcome == SILENT:
            front, back = self.pair
            self.castle[front] = back
            self.hands[player] -= 1
            self.log.append(f"{name}: silent! The stick stays ({self._describe(self.pair)}).")
            if self.hands[player] == 0:
                self._finish([player], f"{name} placed their last stick")
            elif len(self.castle) >= self.layout.sticks_to_end:
                fewest = min(self.hands)
                self._finish([i for i, h in enumerate(self.hands) if h == fewest],
                             f"stick number {self.layout.sticks_to_end} is in the castle")
            else:
                self._next_player()
        elif outcome == ALARM:
            self.log.append(f"{name}: Alarm! The stick goes back to {name}.")
            self._next_player()
        elif _is_sequence(outcome) and len(outcome) == 2 and outcome[0] == SLID_OUT:
            front = outcome[1]
            if isinstance(front, bool) or front not in self.castle:
                raise IllegalActionError(f"no stick sits in front hole {front!r}; a stick that "
                                         f"slid out must be one of the castle's sticks "
                                         f"(front holes {sorted(self.castle) or 'none'}).")
            back = self.castle.pop(front)
            self.out_of_game += 1
            self.log.append(f"{name}: the stick in {self._describe((front, back))} slid out and "
                            f"leaves the game; the turn is over, {name} keeps their stick.")
            self._next_player()
        else:
            raise IllegalActionError(f"an attempt ends 'silent', 'alarm' or "
                                     f"('slid_out', front hole); got {outcome!r}.")

    def apply_chance(self, outcome: object) -> None:
        """Apply an outcome of :meth:`chance_outcomes` (a roll or an attempt result)."""
        if self.phase == ROLL:
            self.apply_roll(outcome)
        else:
            self.apply_attempt(outcome)

    # --- helpers --------------------------------------------------------------------------
    def _describe(self, pair: Pair) -> str:
        f, k = pair
        return (f"front {self.layout.front_wall[f - 1]} hole {f}, "
                f"back {self.layout.back_wall[k - 1]} hole {k}")

    def _next_player(self) -> None:
        self.roll = self.pair = None
        self.phase = ROLL
        self.current = (self.current + 1) % self.players

    def _finish(self, winners: list[int], reason: str) -> None:
        self.roll = self.pair = None
        self.phase, self.winners, self.end_reason = OVER, tuple(winners), reason
        names = " and ".join(f"Player {w + 1}" for w in winners)
        self.log.append(f"Game over: {reason}. {names} win{'s' if len(winners) == 1 else ''}.")


def _is_sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def new_game(players: int = 4, *, seed: int | None = COURSE_SEED, rules: Layout | None = None,
             p: object | Sequence[object] = Fraction(1, 2),
             q: object | Sequence[object] = 0) -> Game:
    """A new game for 2-4 players: ``rules`` is the castle layout (default: the data file),
    ``p``/``q`` the skill model (one value, or one per player), ``seed`` the game's own
    generator for :meth:`Game.sample_chance`."""
    players = require_int(players, "the number of players", minimum=min(PLAYER_COUNTS),
                          maximum=max(PLAYER_COUNTS))
    return Game(players, make_skills(players, p, q), rules, seed)


def position(players: int = 4, *, castle: Sequence[Sequence[int]] = (),
             hands: Sequence[int] | None = None, current: int = 0,
             p: object | Sequence[object] = Fraction(1, 2), q: object | Sequence[object] = 0,
             rules: Layout | None = None, seed: int | None = COURSE_SEED) -> Game:
    """A legal position from a short description, checked field by field.

    ``castle``: the sticks in the castle as (front hole, back hole) pairs, holes 1-12;
    ``hands``: sticks in front of each player (default: as dealt); ``current``: whose turn it
    is (the position waits for their roll). Sticks dealt but neither in a hand nor in the
    castle have slid out of the game. One stick each, only the purple holes free: how
    likely is Ana (player 1, to roll) to win? ::

        >>> from haba_lessons.games.quiet_as_a_mouse import position
        >>> from haba_lessons.play import expectimax
        >>> game = position(2, castle=[(f, f) for f in range(1, 11)], hands=[1, 1], p=1)
        >>> best = expectimax(game, horizon=300, cutoff=lambda s: (0, 0))
        >>> round(float(best.values[0]), 3)                    # 36/71 exactly
        0.507
    """
    game = new_game(players, seed=seed, rules=rules, p=p, q=q)
    layout, holes = game.layout, len(game.layout.front_wall)
    dealt = layout.sticks_per_player[game.players]
    hands = [dealt] * game.players if hands is None else list(hands)
    if len(hands) != game.players:
        raise InvalidArgumentError(f"hands: give the sticks of each of the {game.players} "
                                   f"players, not {len(hands)} numbers.")
    hands = [require_int(h, f"hands (a player who placed every stick has won; 1 to {dealt})",
                         minimum=1, maximum=dealt) for h in hands]
    sticks: dict[int, int] = {}
    for stick in castle:
        if not (_is_sequence(stick) and len(stick) == 2 and all(
                isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= holes
                for i in stick)):
            raise InvalidArgumentError(f"castle: {stick!r} is not a stick: give (front hole, "
                                       f"back hole), numbered from 1 to {holes}.")
        front, back = stick
        if front in sticks or back in sticks.values():
            raise InvalidArgumentError(f"castle: the stick {tuple(stick)} uses a hole that "
                                       f"another stick already fills.")
        sticks[front] = back
    if len(sticks) >= layout.sticks_to_end:
        raise InvalidArgumentError(f"castle: {len(sticks)} sticks, but the game ends when "
                                   f"stick number {layout.sticks_to_end} goes in.")
    out = game.players * dealt - sum(hands) - len(sticks)
    if out < 0:
        raise InvalidArgumentError(f"castle and hands hold {sum(hands) + len(sticks)} sticks, "
                                   f"but only {game.players * dealt} were dealt.")
    game.current = require_int(current, "current (whose turn it is)", minimum=0,
                               maximum=game.players - 1)
    game.hands, game.castle, game.out_of_game = hands, sticks, out
    return game
