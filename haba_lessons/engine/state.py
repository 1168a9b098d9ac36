"""The base class of every game's state: the protocol's common work, written once.

A game subclasses :class:`State` and writes only hooks and data, as OpenSpiel's Python games
do (``_legal_actions``, ``_apply_action``, ...):

====================  ==========================================================
``CHANCE_PHASES``     the phases at which chance acts (a set of the game's constants)
``_actions()``        the decisions open to the current player
``_outcomes()``       the chance node's outcomes with exact probabilities, all above 0
``_act(action)``      what a legal action does
``_happen(outcome)``  what a possible outcome does
``_future()``         what else decides the future, for ``search_key``
``_waiting()``        what the state waits for, in words (for messages)
====================  ==========================================================

with ``_why_not(action)``, ``_why_impossible(outcome)`` and ``_in_words(action)`` for the
game's own words on a refusal, and, where a check or a draw can be faster than going through the lists,
``_allowed`` (or ``_try``, check and act in one), ``_possible``, ``_sample`` and
``_sample_run`` (with the same meaning: they must agree with the lists, which
``tests/test_engine_properties.py`` checks for every game). The base class does the rest
once: refusing anything that is not listed (another game's action, an outcome that cannot
happen or has probability 0, an action at a chance node, anything after the end, an
unhashable value such as a numpy array) with one :class:`IllegalActionError` naming what was
given and what is allowed, before anything changes; sampling chance with a seeded generator;
``copy``; the log (always kept, cheaply: an entry is formatted only when read); ``winners``,
``is_over``, ``search_key``, ``snapshot`` and the result record of a finished game.
"""

from __future__ import annotations

import copy as _copy
import dataclasses
import numbers
import reprlib
from collections.abc import Callable, Hashable, Iterator, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from .._checks import require_int
from ..errors import IllegalActionError, InvalidArgumentError
from ..i18n import _
from ..simulation import COURSE_SEED, make_rng, outcome_at
from .chance import clone_generator, restore_generator
from .protocol import OVER

#: A value's description in a message is cut to this many characters.
SHOWN = 80
#: A message lists at most this many of the allowed actions or outcomes.
LISTED = 8

_MISSING = object()
_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = SHOWN
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 6


def show(value: object) -> str:
    """``value`` as a message shows it: its repr, on one line, at most ``SHOWN`` characters."""
    try:
        text = " ".join(_repr.repr(value).split())
    except Exception:                                   # a repr that fails says nothing
        text = f"a {type(value).__name__}"
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def listing(options: Sequence[object], words: Callable[[object], str] = str) -> str:
    """The first few ``options`` in words (``words(option)``), and how many there are in
    all."""
    shown = ", ".join(words(o) for o in options[:LISTED])
    more = ", … " + _("({n} in all)").format(n=len(options)) if len(options) > LISTED else ""
    return shown + more


def same(option: object, value: object) -> bool:
    """Is ``value`` the listed ``option``? Equal, and a whole number where the option has one
    (not True, not 2.0), a text where it has a text, element by element in tuples and in the
    fields of dataclasses; a comparison that raises or gives no plain answer is "no"."""
    if option is value:
        return True
    if isinstance(option, bool) or isinstance(value, bool):
        return type(option) is type(value) and option == value
    if isinstance(option, tuple):
        return (isinstance(value, tuple) and len(value) == len(option)
                and all(same(a, b) for a, b in zip(option, value)))
    if dataclasses.is_dataclass(option) and not isinstance(option, type):
        return type(value) is type(option) and all(
            same(getattr(option, f.name), getattr(value, f.name))
            for f in dataclasses.fields(option))
    if isinstance(option, numbers.Integral):
        return isinstance(value, numbers.Integral) and int(value) == int(option)
    if isinstance(option, str):
        return isinstance(value, str) and value == option
    try:
        return (option == value) is True
    except Exception:
        return False


def hashable(value: object) -> bool:
    """Can ``value`` be hashed? Every action and outcome of every game can; a numpy array or
    a list cannot, and is never one (comparing it would give an array, not an answer)."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def find(options: Sequence[object], value: object) -> object:
    """The listed option that ``value`` is (see :func:`same`), or ``_MISSING``: the first
    option equal to it, if it is the same kind of value (found by ``list.index``: an exact
    search lists a chance node's outcomes and applies each, so this must be quick)."""
    if not hashable(value):
        return _MISSING
    options = options if isinstance(options, (list, tuple)) else list(options)
    try:
        option = options[options.index(value)]
    except Exception:                      # not listed, or a comparison that raised
        return _MISSING
    return option if same(option, value) else _MISSING


class Event:
    """One line of a game's log: who acted (a seat), what kind of thing happened, and the
    sentence, formatted only when read (``text.format(*args, player=seat + 1)``; a game may
    add more arguments at the end than the text uses, for tools that read the log)."""

    __slots__ = ("player", "kind", "text", "args")

    def __init__(self, player: int, kind: str, text: str, args: tuple = ()) -> None:
        self.player, self.kind, self.text, self.args = player, kind, text, args

    def __str__(self) -> str:
        return self.text.format(*self.args, player=self.player + 1)

    def __repr__(self) -> str:
        return f"Event({self.player}, {self.kind!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.player, self.kind, str(self)) == \
            (other.player, other.kind, str(other))

    __hash__ = None  # type: ignore[assignment]


class Log(Sequence):
    """A state's log as a read-only sequence of :class:`Event` (entries are stored as plain
    tuples, so keeping the log costs a tuple per step)."""

    __slots__ = ("_entries",)

    def __init__(self, entries: list[tuple]) -> None:
        self._entries = entries

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [Event(*entry) for entry in self._entries[index]]
        return Event(*self._entries[index])

    def __iter__(self) -> Iterator[Event]:
        return (Event(*entry) for entry in self._entries)

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Log({[str(e) for e in self]!r})"


class State:
    """A game in progress: the protocol of :mod:`haba_lessons.engine.protocol`, done once.

    A game's ``__init__`` calls :meth:`_start` first. Fields listed in ``_LISTS`` (lists),
    ``_NESTED`` (lists of lists) and ``_DICTS`` are copied by :meth:`copy`; every other
    field is shared, so it must never be changed in place (numbers, tuples, the rules).
    """

    #: The game's name, for messages ("Spookies").
    GAME: ClassVar[str] = "game"
    #: The phases at which chance acts.
    CHANCE_PHASES: ClassVar[frozenset] = frozenset()
    #: True when the game's chance and its bots draw with ``rng.random()`` alone: a
    #: tournament or study of many games then draws their numbers ahead in blocks
    #: (:mod:`haba_lessons.engine.ahead`), the same numbers, faster.
    DRAWS_AHEAD: ClassVar[bool] = False
    _LISTS: ClassVar[tuple[str, ...]] = ()
    _NESTED: ClassVar[tuple[str, ...]] = ()
    _DICTS: ClassVar[tuple[str, ...]] = ()
    #: Fields left out of :meth:`snapshot` (the rules, which never change).
    _SHARED: ClassVar[tuple[str, ...]] = ("rules",)

    phase: str
    current: int
    players: int
    turns: int

    def _start(self, players: int, phase: str, seed: int | None = COURSE_SEED) -> None:
        """Set the fields every game has: seats, the first phase, the state's own generator."""
        self.players = players
        self.phase = phase
        self.current = 0
        self.turns = 0
        self._winners: tuple[int, ...] = ()
        self._entries: list[tuple] = []
        if seed is not None:
            seed = require_int(seed, "seed", minimum=0)
        self._seed = seed          # the generator is made when first used (most never are)
        self._rng: np.random.Generator | None = None
        self._rng_state: dict | None = None

    # --- reading the state -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_chance_node(self) -> bool:
        return self.phase in self.CHANCE_PHASES

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over (ties: several), else ``()``."""
        return self._winners if self.phase == OVER else ()

    @property
    def log(self) -> Log:
        """What happened so far; ``str(entry)`` reads as a sentence."""
        return Log(self._entries)

    @property
    def rng(self) -> np.random.Generator:
        """The state's own generator, for :meth:`sample_chance` without one."""
        if self._rng is None:
            self._rng = make_rng(self._seed) if self._rng_state is None else \
                restore_generator(self._rng_state)
        return self._rng

    def legal_actions(self) -> list:
        """The current player's choices (empty at a chance node and at the end)."""
        if self.phase == OVER or self.phase in self.CHANCE_PHASES:
            return []
        return self._actions()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """What chance can do now, with exact probabilities adding up to 1, each above 0
        (empty at a decision and at the end)."""
        if self.phase in self.CHANCE_PHASES:
            return self._outcomes()
        return []

    def facts(self) -> dict[str, Any]:
        """The game's own figures for the record of a game (points, cards drawn, ...)."""
        return {}

    def search_key(self) -> Hashable:
        """What decides the game's future, for an exact search to solve each state once."""
        return (self.phase, self.current, self._future())

    # --- acting --------------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Apply one of :meth:`legal_actions`; anything else is refused and changes nothing."""
        phase = self.phase
        if phase != OVER and phase not in self.CHANCE_PHASES and self._try(action):
            return
        self._refuse(action)

    def _refuse(self, action: Any) -> None:
        """Raise why :meth:`apply` refuses ``action`` (called once it has been refused)."""
        if self.phase == OVER:
            raise IllegalActionError(_("{action} cannot be played: the game is over.").format(
                action=self._refused(action)))
        if not hashable(action):
            raise IllegalActionError(_("{action} is not an action of {game} (an action is a "
                                       "plain value, not an array or a list); {listed}.").format(
                action=show(action), game=_(self.GAME), listed=self._listed_now()))
        if self.phase in self.CHANCE_PHASES:
            raise IllegalActionError(_("{action} cannot be played now: {why}.").format(
                action=self._refused(action), why=self._why_not(action)))
        raise IllegalActionError(_("{action} is not allowed: {why}; the choices now: "
                                   "{choices}.").format(action=self._refused(action),
                                                        why=self._why_not(action),
                                                        choices=listing(self._actions(),
                                                                        self._in_words)))

    def apply_chance(self, outcome: Any) -> None:
        """Apply one of :meth:`chance_outcomes`; anything else is refused and changes nothing."""
        if self.phase not in self.CHANCE_PHASES:
            why = _("the game is over") if self.phase == OVER else \
                _("no chance event now ({waiting})").format(waiting=self._waiting())
            raise IllegalActionError(_("{outcome} cannot happen: {why}.").format(
                outcome=show(outcome), why=why))
        if not hashable(outcome):
            raise IllegalActionError(_("{outcome} is not an outcome of {game} (an outcome is "
                                       "a plain value, not an array or a list); "
                                       "{listed}.").format(outcome=show(outcome),
                                                           game=_(self.GAME),
                                                           listed=self._listed_now()))
        listed = self._possible(outcome)
        if listed is _MISSING:
            raise IllegalActionError(_("{outcome} cannot happen: {why}; chance gives one of "
                                       "{outcomes}.").format(
                outcome=show(outcome), why=self._why_impossible(outcome),
                outcomes=listing(self._listed_outcomes())))
        self._happen(listed)

    def _listed_now(self) -> str:
        if self.phase in self.CHANCE_PHASES:
            return _("chance gives one of {outcomes}").format(
                outcomes=listing(self._listed_outcomes()))
        return _("the choices now: {choices}").format(
            choices=listing(self._actions(), self._in_words))

    def _listed_outcomes(self) -> list:
        return [o for o, _ in self._outcomes()]

    def sample_chance(self, rng: np.random.Generator | None = None) -> Any:
        """Draw the pending chance outcome with ``rng`` (default: the state's own), apply it
        and return it."""
        if self.phase not in self.CHANCE_PHASES:
            why = _("the game is over") if self.phase == OVER else self._waiting()
            raise IllegalActionError(_("no chance event now: {why}.").format(why=why))
        if rng is None:
            rng = self.rng
        elif not isinstance(rng, np.random.Generator):
            raise InvalidArgumentError(_("rng must be a numpy random generator "
                                         "(make_rng(seed)), not {value}.").format(
                value=show(rng)))
        return self._sample(rng)

    # --- hooks with a default ------------------------------------------------------------------
    def _try(self, action: Any) -> bool:
        """Apply ``action`` if it is allowed (the listed action it is, through ``_act``) and
        say so; change nothing and say no if it is not. ``action`` may be any value at all
        (a bot's or a person's): a game that writes its own ``_try`` says no to an array or a
        list too, as :func:`find` does."""
        listed = self._allowed(action)
        if listed is _MISSING:
            return False
        self._act(listed)
        return True

    def _allowed(self, action: Any) -> Any:
        """The listed action ``action`` is, or ``_MISSING``."""
        return find(self._actions(), action)

    def _possible(self, outcome: Any) -> Any:
        """The listed outcome ``outcome`` is, or ``_MISSING``."""
        return find([o for o, _ in self._outcomes()], outcome)

    def _sample(self, rng: np.random.Generator) -> Any:
        """Draw an outcome with one number from ``rng`` (inverse CDF over ``_outcomes()``;
        nothing is drawn when only one outcome can happen), apply it, return it."""
        outcomes = self._outcomes()
        outcome = outcomes[0][0] if len(outcomes) == 1 else outcome_at(outcomes, rng.random())
        self._happen(outcome)
        return outcome

    def _sample_run(self, rng: np.random.Generator, turns: int) -> None:
        """Sample chance nodes one by one, each as :meth:`_sample` does, until a decision,
        the end, or ``turns`` turns (the play loop's way through a run of chance nodes; a
        game may draw a run's numbers at once, the same numbers in the same order)."""
        chance, sample = self.CHANCE_PHASES, self._sample
        while self.phase in chance and self.turns < turns:
            sample(rng)

    def _why_not(self, action: Any) -> str:
        """Why ``action`` is refused, in words (at a chance node: chance acts first)."""
        if self.phase in self.CHANCE_PHASES:
            return _("chance acts first ({waiting})").format(waiting=self._waiting())
        return _("it is not one of the choices ({waiting})").format(waiting=self._waiting())

    def _why_impossible(self, outcome: Any) -> str:
        """Why ``outcome`` cannot happen now, in words."""
        return self._waiting()

    def _refused(self, action: Any) -> str:
        """A refused action as its refusal names it: in the game's words where the game has
        them (:meth:`_in_words`), else its value."""
        if type(self)._in_words is State._in_words:
            return show(action)
        return show(self._in_words(action))

    def _in_words(self, action: Any) -> str:
        """A listed action as a refusal names it, in the language in use (``str(action)``
        unless the game says otherwise: its ``str`` may have to stay English for code that
        compares it)."""
        return str(action)

    def _waiting(self) -> str:
        """What the state waits for, in words."""
        return _("{game} waits for {phase}").format(game=_(self.GAME), phase=self.phase)

    # --- hooks every game writes ---------------------------------------------------------------
    def _actions(self) -> list:
        raise NotImplementedError

    def _outcomes(self) -> list[tuple[Any, Fraction]]:
        raise NotImplementedError

    def _act(self, action: Any) -> None:
        raise NotImplementedError

    def _happen(self, outcome: Any) -> None:
        raise NotImplementedError

    def _future(self) -> Hashable:
        raise NotImplementedError

    # --- for the games ---------------------------------------------------------------------------
    def _note(self, kind: str, text: str, *args: Any) -> None:
        """Add a line to the log (formatted only when read)."""
        self._entries.append((self.current, kind, text, args))

    def _end(self, winners: Sequence[int]) -> None:
        """The game is over: ``winners`` won (several when they tie)."""
        self._winners = tuple(winners)
        self.phase = OVER

    # --- copying and comparing -------------------------------------------------------------------
    def copy(self) -> State:
        """An independent copy with the same future (its generator copied when first used)."""
        other = object.__new__(type(self))
        fields = other.__dict__
        fields.update(self.__dict__)
        for name in self._LISTS:
            fields[name] = list(fields[name])
        for name in self._NESTED:
            fields[name] = [list(inner) for inner in fields[name]]
        for name in self._DICTS:
            fields[name] = dict(fields[name])
        fields["_entries"] = list(self._entries)
        if self._rng is not None:
            fields["_rng"] = None
            fields["_rng_state"] = self._rng.bit_generator.state
        return other

    def snapshot(self) -> dict:
        """Everything that makes up the state, as comparable values (for tests of "nothing
        changed"): every field but the rules, deep-copied, and the generator's state."""
        values = {name: _copy.deepcopy(value) for name, value in vars(self).items()
                  if name not in self._SHARED and name not in ("_rng", "_rng_state")}
        values["rng"] = str(self.rng.bit_generator.state)
        return values

    def __deepcopy__(self, memo: dict) -> State:
        other = self.copy()
        for name, value in vars(other).items():
            if name not in self._SHARED and name != "_rng":
                setattr(other, name, _copy.deepcopy(value, memo))
        if self._rng is not None:
            other._rng = clone_generator(self._rng)
        return other

