"""The rules engine of Quiet as a Mouse: one object the widget, the simulations and the tests share.

A turn passes through three phases, each an explicit step:

1. ``"roll"`` — waiting for the two colour dice (a chance node: :meth:`Game.chance_outcomes`
   lists every ordered pair of colours with its exact probability; :meth:`Game.apply_roll`).
   If no free hole pair fits the roll, the turn is lost at once (rulebook).
2. ``"choose"`` — the player picks a free pair of holes (front hole, back hole) in the rolled
   colours: :meth:`Game.legal_pairs`, :meth:`Game.choose_pair`.
3. ``"attempt"`` — the stick goes in; a chance node again. :meth:`Game.apply_attempt` takes
   ``"silent"``, ``"alarm"`` or ``("slid_out", front_hole)``.

The skill model (the library's, not a rule): for the attempt, first *another* stick slides
out with chance ``q`` (only possible when the castle holds a stick; which one is uniform
among them); otherwise the attempt is silent with chance ``p``; otherwise the bell rings.
So P(slide-out) = q, P(silent) = (1 - q) p, P(alarm) = (1 - q)(1 - p).

Every method that is refused raises a :class:`~haba_lessons.errors.HabaLessonsError` before
touching the state, so a refused action changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..._checks import require_int, require_probability
from ...errors import IllegalActionError, InvalidArgumentError
from .layout import PLAYER_COUNTS, Layout, load_layout

Roll = tuple[str, str]
Pair = tuple[int, int]
SILENT, ALARM, SLID_OUT = "silent", "alarm", "slid_out"


@dataclass(frozen=True)
class Skill:
    """A player's steadiness: ``p`` = chance an attempt is silent, ``q`` = chance another
    stick slides out during an attempt. Exact fractions; floats from sliders are converted."""

    p: Fraction
    q: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "p", require_probability(self.p, "p (chance of a silent attempt)"))
        object.__setattr__(self, "q", require_probability(self.q, "q (chance a stick slides out)"))


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


class Game:
    """The state of one game, changed only through the actions below."""

    def __init__(self, players: int, skills: Sequence[Skill] | None = None,
                 layout: Layout | None = None) -> None:
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
        self.phase = "roll"
        self.roll: Roll | None = None
        self.pair: Pair | None = None
        self.turns = 0
        self.winners: list[int] = []
        self.end_reason = ""
        self.log: list[str] = []

    # --- reading the state ----------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy (the layout is shared: it never changes)."""
        return copy.deepcopy(self, {id(self.layout): self.layout})

    def snapshot(self) -> dict:
        """Everything that can change, for comparing a state before and after an action."""
        return {k: copy.deepcopy(v) for k, v in vars(self).items() if k != "layout"}

    def sticks_accounted(self) -> int:
        """Hands + castle + out of the game + box: always the box's 16 sticks."""
        return sum(self.hands) + len(self.castle) + self.out_of_game + self.box

    def free_holes(self, wall: str, colour: str) -> list[int]:
        """Free holes of ``colour`` on ``wall`` ("front"/"back"), left to right."""
        taken = set(self.castle) if wall == "front" else set(self.castle.values())
        return [i for i in self.layout.holes(wall, colour) if i not in taken]

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
        return self.pairs_for(self.roll) if self.phase == "choose" else []

    def attempt_outcomes(self, player: int | None = None) -> list[tuple[object, Fraction]]:
        """The chance outcomes of an attempt by ``player`` (default: the current one)."""
        skill = self.skills[self.current if player is None else player]
        sticks = sorted(self.castle)
        slide = skill.q if sticks else Fraction(0)
        outcomes: list[tuple[object, Fraction]] = [((SLID_OUT, f), slide / len(sticks))
                                                   for f in sticks] if slide else []
        outcomes += [(SILENT, (1 - slide) * skill.p), (ALARM, (1 - slide) * (1 - skill.p))]
        return [(o, pr) for o, pr in outcomes if pr]

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """The outcomes of the chance node the game waits for, with exact probabilities."""
        if self.phase == "roll":
            return list(_roll_outcomes(self.layout.die_faces))
        if self.phase == "attempt":
            return self.attempt_outcomes()
        raise IllegalActionError(f"the game is not waiting for chance now (phase: {self.phase}).")

    # --- actions --------------------------------------------------------------------------
    def _require_phase(self, phase: str, action: str) -> None:
        if self.phase == "over":
            raise IllegalActionError(f"the game is over ({self.end_reason}); start a new game.")
        if self.phase != phase:
            hint = {"roll": "roll the dice first", "choose": "choose a pair of holes first",
                    "attempt": "record how the attempt went first (silent, alarm or a stick "
                               "slid out)"}[self.phase]
            raise IllegalActionError(f"cannot {action} now: {hint}.")

    def apply_roll(self, roll: Roll) -> None:
        """Record the two dice. A roll with no free pair of holes loses the turn at once."""
        self._require_phase("roll", "roll the dice")
        if not (isinstance(roll, tuple) and len(roll) == 2
                and all(c in self.layout.die_faces for c in roll)):
            raise InvalidArgumentError(f"a roll is two dice colours out of "
                                       f"{', '.join(self.layout.colours)}; got {roll!r}.")
        self.roll, self.turns = roll, self.turns + 1
        if self.pairs_for(roll):
            self.phase = "choose"
            return
        self.log.append(f"Player {self.current + 1} rolled {roll[0]} + {roll[1]}: "
                        f"no free pair of holes, the turn is lost.")
        self._next_player()

    def choose_pair(self, pair: Pair) -> None:
        """Slide a stick into the free holes ``pair = (front hole, back hole)``."""
        self._require_phase("choose", "choose holes")
        if pair not in self.pairs_for(self.roll):
            raise IllegalActionError(self._why_not(pair))
        self.pair, self.phase = pair, "attempt"

    def _why_not(self, pair: object) -> str:
        a, b = self.roll
        wanted = f"one {a} hole and one {b} hole" if a != b else f"a {a} hole on both walls"
        if not (isinstance(pair, tuple) and len(pair) == 2
                and all(isinstance(i, int) and 0 <= i < len(self.layout.front_wall)
                        for i in pair)):
            return (f"{pair!r} is not a pair of holes: give (front hole, back hole), numbered "
                    f"from 0 to {len(self.layout.front_wall) - 1}.")
        f, k = pair
        if f in self.castle or k in self.castle.values():
            return f"hole pair {pair} is taken: a stick is already there. Choose {wanted}."
        return (f"front hole {f} is {self.layout.front_wall[f]} and back hole {k} is "
                f"{self.layout.back_wall[k]}, but the dice ask for {wanted}.")

    def apply_attempt(self, outcome: object) -> None:
        """Record the attempt: "silent", "alarm" or ("slid_out", front hole of that stick)."""
        if self.phase != "attempt":
            if self.phase == "over":
                self._require_phase("attempt", "record an attempt")
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
        elif isinstance(outcome, tuple) and len(outcome) == 2 and outcome[0] == SLID_OUT:
            front = outcome[1]
            if front not in self.castle:
                raise IllegalActionError(f"no stick sits in front hole {front!r}; a stick that "
                                         f"slid out must be one of the castle's sticks "
                                         f"(front holes {sorted(self.castle) or 'none'}).")
            back = self.castle.pop(front)
            self.out_of_game += 1
            self.log.append(f"{name}: the stick in {self._describe((front, back))} slid out and "
                            f"leaves the game; the turn is over, {name} keeps their stick.")
            self._next_player()
        else:
            raise InvalidArgumentError(f"an attempt ends 'silent', 'alarm' or "
                                       f"('slid_out', front hole); got {outcome!r}.")

    def apply_chance(self, outcome: object) -> None:
        """Apply an outcome of :meth:`chance_outcomes` (a roll or an attempt result)."""
        if self.phase == "roll":
            self.apply_roll(outcome)
        else:
            self.apply_attempt(outcome)

    # --- helpers --------------------------------------------------------------------------
    def _describe(self, pair: Pair) -> str:
        f, k = pair
        return f"front {self.layout.front_wall[f]} hole {f + 1}, back {self.layout.back_wall[k]} hole {k + 1}"

    def _next_player(self) -> None:
        self.roll = self.pair = None
        self.phase = "roll"
        self.current = (self.current + 1) % self.players

    def _finish(self, winners: list[int], reason: str) -> None:
        self.roll = self.pair = None
        self.phase, self.winners, self.end_reason = "over", winners, reason
        names = " and ".join(f"Player {w + 1}" for w in winners)
        self.log.append(f"Game over: {reason}. {names} win{'s' if len(winners) == 1 else ''}.")
