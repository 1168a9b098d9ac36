"""The rules engine of Quiet as a Mouse: one object the widget, the simulations and the tests share.

A turn passes through three phases (the constants of :class:`Phase`), each an explicit step:

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

The state is a :class:`haba_lessons.engine.State`: this module writes the rules as its hooks,
and the engine refuses anything else (a roll that is not two dice colours, holes the roll does
not allow, an attempt outcome of probability 0 such as a stick sliding out when q = 0) with
:class:`~haba_lessons.errors.IllegalActionError`, changing nothing. :func:`new_game` starts a
game, :func:`position` sets one up from sticks in the castle and in the hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from ..._checks import require_int, require_probability
from ...engine import State
from ...engine.arguments import checked_keywords, rules_field, sequence_field
from ...engine.protocol import OVER
from ...engine.state import _MISSING, find, show
from ...errors import IllegalActionError, InvalidArgumentError
from ...i18n import N_, Phrase, _, number
from ...simulation import COURSE_SEED
from .counts import blocked_probability
from .layout import PLAYER_COUNTS, Layout, Rules, load_layout
from .words import Said, colour_name, holes, players

Roll = tuple[str, str]
Pair = tuple[int, int]
SILENT, ALARM, SLID_OUT = "silent", "alarm", "slid_out"
#: The log's sentences (translated when the log is read, its colours too).
ROLLED = Said(N_("Player {0} rolled {1} + {2}."))
BLOCKED = Said(N_("Player {0} rolled {1} + {2}: no free pair of holes, the turn is lost."))
STAYS = Said(N_("Player {0}: silent! The stick stays ({1})."))
RANG = Said(N_("Player {0}: Alarm! The stick goes back to Player {0}."))
SLID = Said(N_("Player {0}: the stick in {1} slid out and leaves the game; the turn is over, "
               "Player {0} keeps their stick."))
WINS = Said(N_("Game over: {0}. {1} wins."))
WIN = Said(N_("Game over: {0}. {1} win."))


class Phase(StrEnum):
    """The phases of a turn; ``OVER`` when the game has ended."""

    ROLL = "roll"
    CHOOSE = "choose"
    ATTEMPT = "attempt"
    OVER = OVER


ROLL, CHOOSE, ATTEMPT = Phase.ROLL, Phase.CHOOSE, Phase.ATTEMPT


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
            raise InvalidArgumentError(_(
                "p + q = {p} + {q} is more than 1: p (silent) and q (another stick slides out) "
                "are chances of two different outcomes of one attempt, so together they can be "
                "at most 1. Lower p or q.").format(p=number(float(self.p), ".2f"),
                                                   q=number(float(self.q), ".2f")))


def make_skills(players: int, p: object | Sequence[object] = Fraction(1, 2),
                q: object | Sequence[object] = 0) -> tuple[Skill, ...]:
    """One :class:`Skill` per player from a single ``p``/``q`` or one value per player."""
    players = require_int(players, N_("the number of players"), minimum=min(PLAYER_COUNTS),
                          maximum=max(PLAYER_COUNTS))

    def spread(value: object, name: str) -> list[object]:
        if isinstance(value, (list, tuple)):
            if len(value) != players:
                raise InvalidArgumentError(_("{name} has {n} values, but there are {players} "
                                             "players: give one value per player.").format(
                    name=name, n=len(value), players=players))
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


class Game(State):
    """The state of one game, changed only through the actions below."""

    GAME = "Quiet as a Mouse"
    CHANCE_PHASES = frozenset({ROLL, ATTEMPT})
    _LISTS = ("hands",)
    _DICTS = ("castle",)
    _SHARED = ("layout", "skills")

    def __init__(self, players: int, skills: Sequence[Skill] | None = None,
                 layout: Layout | None = None, seed: int | None = COURSE_SEED) -> None:
        players = require_int(players, N_("the number of players"), minimum=min(PLAYER_COUNTS),
                              maximum=max(PLAYER_COUNTS))
        layout = layout or load_layout()
        skills = tuple(skills) if skills is not None else make_skills(players)
        if len(skills) != players or not all(isinstance(s, Skill) for s in skills):
            raise InvalidArgumentError(_("give one Skill per player ({players}), e.g. "
                                         "make_skills({players}, p=0.8, q=0.05).").format(
                players=players))
        self._start(players, ROLL, seed)
        self.layout = layout
        self.skills = skills
        self.hands = [layout.sticks_per_player[players]] * players
        self.box = layout.box(players)
        self.out_of_game = 0
        #: front hole -> back hole of every stick in the castle
        self.castle: dict[int, int] = {}
        self.roll: Roll | None = None
        self.pair: Pair | None = None
        self.end_reason = ""

    # --- reading the state ----------------------------------------------------------------
    @property
    def rules(self) -> Layout:
        """The castle layout and stick counts (the rules object of this game)."""
        return self.layout

    def _future(self) -> tuple:
        return (tuple(self.hands), self.roll, self.pair, frozenset(self.castle.items()),
                self.out_of_game)

    def facts(self) -> dict[str, Any]:
        return {"reason": self.end_reason, "sticks_out": self.out_of_game}

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
        return blocked_probability(self.free_counts(), self.layout)

    def legal_pairs(self) -> list[Pair]:
        """The hole pairs the current player may choose now (only in the "choose" phase)."""
        return self.legal_actions()

    def attempt_outcomes(self, player: int | None = None) -> list[tuple[object, Fraction]]:
        """The chance outcomes of an attempt by ``player`` (default: the current one), each
        with a probability above 0."""
        skill = self.skills[self.current if player is None else player]
        sticks = sorted(self.castle)
        slide = skill.q if sticks else Fraction(0)
        outcomes: list[tuple[object, Fraction]] = [((SLID_OUT, f), slide / len(sticks))
                                                   for f in sticks] if slide else []
        outcomes += [(SILENT, skill.p), (ALARM, 1 - skill.p - slide)]
        return [(o, pr) for o, pr in outcomes if pr]

    # --- the friendly verbs (thin aliases of the protocol's) --------------------------------
    def apply_roll(self, roll: Sequence[str]) -> None:
        """Record the two dice (any sequence of two colours): ``apply_chance`` at the roll.
        A roll with no free pair of holes loses the turn at once."""
        self._require(ROLL, N_("roll the dice"))
        self.apply_chance(_as_tuple(roll))

    def choose_pair(self, pair: Sequence[int]) -> None:
        """Slide a stick into the free holes ``pair = (front hole, back hole)``, numbered 1-12
        (any sequence of two hole numbers): ``apply`` in the choose phase."""
        self._require(CHOOSE, N_("choose holes"))
        self.apply(_as_tuple(pair))

    def apply_attempt(self, outcome: object) -> None:
        """Record the attempt: "silent", "alarm" or ("slid_out", front hole of that stick):
        ``apply_chance`` at the attempt."""
        self._require(ATTEMPT, N_("record an attempt"))
        self.apply_chance(_as_tuple(outcome))

    def _require(self, phase: str, action: str) -> None:
        if self.phase == OVER or self.phase == phase:
            return                      # the engine says "the game is over" itself
        hint = {ROLL: _("roll the dice first"), CHOOSE: _("choose a pair of holes first"),
                ATTEMPT: _("record how the attempt went first (silent, alarm or a stick "
                           "slid out)")}[self.phase]
        if phase == ATTEMPT:
            hint = _("no attempt is in progress: roll the dice and choose a pair of holes "
                     "before recording silent, alarm or a stick that slid out")
        raise IllegalActionError(_("cannot {action} now: {hint}.").format(action=_(action),
                                                                          hint=hint))

    # --- the hooks of the engine ---------------------------------------------------------------
    def _actions(self) -> list[Pair]:
        return self.pairs_for(self.roll)

    def _allowed(self, action: object) -> object:
        """A pair that fits the roll (checked directly: faster than listing every pair)."""
        if _is_sequence(action) and len(action) == 2:
            action = (action[0], action[1])
        return action if self._fits(action) else _MISSING

    def _outcomes(self) -> list[tuple[object, Fraction]]:
        if self.phase == ROLL:
            return list(_roll_outcomes(self.layout.die_faces))
        return self.attempt_outcomes()

    def _possible(self, outcome: object) -> object:
        if _is_sequence(outcome) and len(outcome) == 2:
            outcome = (outcome[0], outcome[1])
        return find([o for o, _ in self._outcomes()], outcome)

    def _sample(self, rng: np.random.Generator) -> object:
        """The dice as two draws of a face each (``rng.integers``); an attempt by the
        inverse CDF, nothing drawn when only one outcome can happen."""
        if self.phase == ROLL:
            faces = self.layout.die_faces
            outcome: object = (faces[rng.integers(len(faces))], faces[rng.integers(len(faces))])
            self._happen(outcome)
            return outcome
        return super()._sample(rng)

    def _act(self, pair: Pair) -> None:
        self.pair, self.phase = pair, ATTEMPT

    def _happen(self, outcome: object) -> None:
        if self.phase == ROLL:
            self._rolled(outcome)
        else:
            self._attempted(outcome)

    def _rolled(self, roll: Roll) -> None:
        self.roll, self.turns = roll, self.turns + 1
        sticks = len(self.castle)
        if self.pairs_for(roll):
            self._note("roll", ROLLED, self.current + 1, *roll, sticks)
            self.phase = CHOOSE
            return
        self._note("blocked", BLOCKED, self.current + 1, *roll, sticks)
        self._next_player()

    def _attempted(self, outcome: object) -> None:
        player = self.current
        if outcome == SILENT:
            front, back = self.pair
            self.castle[front] = back
            self.hands[player] -= 1
            self._note("silent", STAYS, player + 1, self._describe(self.pair))
            if self.hands[player] == 0:
                self._finish([player], Phrase(N_("Player {n} placed their last stick"),
                                              n=player + 1))
            elif len(self.castle) >= self.layout.sticks_to_end:
                fewest = min(self.hands)
                self._finish([i for i, h in enumerate(self.hands) if h == fewest],
                             Phrase(N_("stick number {n} is in the castle"),
                                    n=self.layout.sticks_to_end))
            else:
                self._next_player()
        elif outcome == ALARM:
            self._note("alarm", RANG, player + 1)
            self._next_player()
        else:
            front = outcome[1]
            back = self.castle.pop(front)
            self.out_of_game += 1
            self._note("slid_out", SLID, player + 1, self._describe((front, back)))
            self._next_player()

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

    # --- messages ---------------------------------------------------------------------------
    def _waiting(self) -> str:
        n = self.current + 1
        return {ROLL: _("Player {n} must roll the dice"),
                CHOOSE: _("Player {n} must choose a pair of holes"),
                ATTEMPT: _("Player {n}'s stick is going in: silent, alarm or a stick slid out"),
                OVER: _("the game is over ({reason})")}[self.phase].format(
                    n=n, reason=self.end_reason)

    def _why_not(self, pair: object) -> str:
        if self.phase != CHOOSE:
            return super()._why_not(pair)
        a, b = colour_name(self.roll[0]), colour_name(self.roll[1])
        wanted = (_("one {a} hole and one {b} hole") if a != b
                  else _("a {a} hole on both walls")).format(a=a, b=b)
        holes = len(self.layout.front_wall)
        if _is_sequence(pair) and len(pair) == 2:
            pair = (pair[0], pair[1])
        if not (isinstance(pair, tuple) and len(pair) == 2
                and all(isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= holes
                        for i in pair)):
            return _("it is not a pair of holes: give (front hole, back hole), numbered "
                     "from 1 to {holes}").format(holes=holes)
        f, k = pair
        if f in self.castle or k in self.castle.values():
            return _("hole pair {pair} is taken: a stick is already there. Choose "
                     "{wanted}").format(pair=pair, wanted=wanted)
        return _("front hole {f} is {front} and back hole {k} is {back}, but the dice ask for "
                 "{wanted}").format(f=f, k=k, front=colour_name(self.layout.front_wall[f - 1]),
                                    back=colour_name(self.layout.back_wall[k - 1]),
                                    wanted=wanted)

    def _why_impossible(self, outcome: object) -> str:
        if self.phase == ROLL:
            return _("a roll is two dice colours out of {colours}").format(
                colours=", ".join(map(colour_name, self.layout.colours)))
        skill, n = self.skills[self.current], self.current + 1
        if _is_sequence(outcome) and len(outcome) == 2 and outcome[0] == SLID_OUT:
            if not skill.q:
                return _("with q = 0 for Player {n} no stick slides out (the skill model "
                         "gives it probability 0)").format(n=n)
            return _("no stick sits in front hole {hole}; a stick that slid out must be one "
                     "of the castle's sticks (front holes {holes})").format(
                         hole=show(outcome[1]), holes=sorted(self.castle) or _("none"))
        if outcome == ALARM:
            return _("with p + q = 1 for Player {n} the bell never rings (the skill model "
                     "gives an alarm probability 0)").format(n=n)
        if outcome == SILENT:
            return _("with p = 0 for Player {n} no attempt is silent (the skill model gives "
                     "it probability 0)").format(n=n)
        return _("an attempt ends 'silent', 'alarm' or ('slid_out', front hole)")

    # --- helpers --------------------------------------------------------------------------
    def _describe(self, pair: Pair) -> str:
        f, k = pair
        return holes(f, self.layout.front_wall[f - 1], k, self.layout.back_wall[k - 1])

    def _next_player(self) -> None:
        self.roll = self.pair = None
        self.phase = ROLL
        self.current = (self.current + 1) % self.players

    def _finish(self, winners: list[int], reason: str) -> None:
        self.roll = self.pair = None
        self.end_reason = reason
        self._note("over", WINS if len(winners) == 1 else WIN, reason, players(winners),
                   "s" if len(winners) == 1 else "")
        self._end(winners)


def _is_sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def _as_tuple(value: object) -> object:
    """A list (any sequence but a text) typed by a person, as the tuple the engine lists."""
    return tuple(value) if _is_sequence(value) and not isinstance(value, tuple) else value


@checked_keywords
def new_game(players: int = 4, *, seed: int | None = COURSE_SEED, rules: Layout | None = None,
             p: object | Sequence[object] = Fraction(1, 2),
             q: object | Sequence[object] = 0) -> Game:
    """A new game for 2-4 players: ``rules`` is the castle layout (default: the data file),
    ``p``/``q`` the skill model (one value, or one per player), ``seed`` the game's own
    generator for :meth:`Game.sample_chance`."""
    players = require_int(players, N_("the number of players"), minimum=min(PLAYER_COUNTS),
                          maximum=max(PLAYER_COUNTS))
    layout = rules_field(rules, Rules, load_layout, "a castle layout from load_layout()")
    return Game(players, make_skills(players, p, q), layout, seed)


@checked_keywords
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
        >>> from haba_lessons.engine import expectimax
        >>> game = position(2, castle=[(f, f) for f in range(1, 11)], hands=[1, 1], p=1)
        >>> best = expectimax(game, horizon=300, cutoff=lambda s: (0, 0))
        >>> round(float(best.values[0]), 3)                    # 36/71 exactly
        0.507
    """
    game = new_game(players, seed=seed, rules=rules, p=p, q=q)
    layout, holes = game.layout, len(game.layout.front_wall)
    dealt = layout.sticks_per_player[game.players]
    hands = [dealt] * game.players if hands is None else sequence_field(
        hands, "hands", length=game.players, what="stick counts, one for each player")
    hands = [require_int(h, f"hands (a player who placed every stick has won; 1 to {dealt})",
                         minimum=1, maximum=dealt) for h in hands]
    sticks: dict[int, int] = {}
    for stick in sequence_field(castle, "castle", what="sticks as (front hole, back hole)"):
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
