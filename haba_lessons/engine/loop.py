"""The one play loop, the one random bot and the one record of a finished game.

Every driver of a game goes through :func:`play`: a simulation study, a tournament, a
widget's bot turns. Chance is drawn with one seeded generator and each seat's bot decides;
a seat whose bot is ``None`` is a person, and the loop stops when that seat must decide::

    from haba_lessons.games.spookies import new_game
    from haba_lessons.engine import play, random_bot
    game = play(new_game(3, seed=1), [random_bot] * 3, seed=1)
    game.winners
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._checks import require_int
from ..errors import IllegalActionError, InvalidArgumentError
from ..i18n import _, grouped, ngettext
from ..simulation import COURSE_SEED, make_rng
from .protocol import OVER, Bot, GameState
from .state import State

#: A game still going after this many steps was most likely set up so that it never ends.
MAX_STEPS = 100_000


def random_bot(state: GameState, rng: np.random.Generator) -> Any:
    """Any legal action, all equally likely."""
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]


def bot_name(bot: object) -> str:
    """A bot's name: its ``name``, else its function name."""
    function = getattr(bot, "__name__", None)
    return str(getattr(bot, "name", _("a bot") if function is None else function))


def play(state: GameState, bots: Sequence[Bot | None], *, seed: int | None = COURSE_SEED,
         rng: np.random.Generator | None = None, max_steps: int = MAX_STEPS,
         max_turns: int | None = None, stop_at_limit: bool = False,
         until: Callable[[GameState], bool] | None = None, hint: str = "") -> GameState:
    """Play ``state`` on (changing it) and return it: ``bots[i]`` decides for player ``i``,
    chance is drawn with ``rng`` (default: a generator made from ``seed``).

    The loop returns when the game is over, when a seat whose bot is ``None`` (a person)
    must decide, or when ``until(state)`` is true. A game not over after ``max_steps`` steps
    or ``max_turns`` of the game's turns is refused (``hint`` says what may be wrong), or
    with ``stop_at_limit`` returned as it is (a called-off game). A bot that returns an
    action the rules do not allow gets the game's IllegalActionError, naming the bot.
    """
    rng = make_rng(seed) if rng is None else rng
    if not isinstance(rng, np.random.Generator):
        raise InvalidArgumentError(_("rng must be a numpy random generator (make_rng(seed))."))
    if type(max_steps) is not int or max_steps < 1:
        max_steps = require_int(max_steps, "max_steps", minimum=1)
    if max_turns is not None and (type(max_turns) is not int or max_turns < 1):
        max_turns = require_int(max_turns, "max_turns", minimum=1)
    if isinstance(state, State):
        finished = _run_state(state, bots, rng, max_steps, max_turns, until)
    else:
        finished = _run_protocol(state, bots, rng, max_steps, max_turns, until)
    if finished:
        return state
    if stop_at_limit:
        return state
    limit = ngettext("{n} turn", "{n} turns", max_turns).format(n=max_turns) \
        if max_turns is not None and state.turns >= max_turns \
        else ngettext("{n} step", "{n} steps", max_steps).format(n=grouped(max_steps))
    raise InvalidArgumentError(_("the game did not end within {limit}: {hint}").format(
        limit=limit, hint=hint or _("do the bots or the settings let it end?")))


def _decide(state: GameState, bots: Sequence[Bot | None], rng: np.random.Generator,
            player: int) -> bool:
    """Player ``player``'s bot decides and the action is applied; False for a person's seat
    (nobody to decide for them: the loop stops)."""
    if not 0 <= player < len(bots):
        raise InvalidArgumentError(ngettext(
            "give one bot per player: player {player} has none ({n} bot given).",
            "give one bot per player: player {player} has none ({n} bots given).",
            len(bots)).format(player=player + 1, n=len(bots)))
    bot = bots[player]
    if bot is None:
        return False
    action = bot(state, rng)
    try:
        state.apply(action)
    except IllegalActionError as error:
        raise IllegalActionError(_("the bot {bot} of player {player}: {error}").format(
            bot=repr(bot_name(bot)), player=player + 1, error=error)) from None
    return True


def _run_state(state: State, bots, rng, max_steps, max_turns, until) -> bool:
    """The play loop over a state of the engine's base class, reading its phase directly (the
    same steps as :func:`_run_protocol`, faster: a study runs millions of them). True when
    the loop stopped for the game's end, a person's seat or ``until``; False at a limit."""
    chance_phases = type(state).CHANCE_PHASES
    sample, try_ = state._sample, state._try
    turns = max_turns if max_turns is not None else sys.maxsize
    if len(bots) < state.players:
        raise InvalidArgumentError(_("give one bot per player ({players}), not {n}: a "
                                     "person's seat is None.").format(players=state.players,
                                                                      n=len(bots)))
    stops = chance_phases | {OVER}
    if until is None:
        return _run_free(state, bots, rng, max_steps, turns, stops)
    for _step in range(max_steps):
        if until(state):
            return True
        phase = state.phase
        if state.turns >= turns:
            return phase == OVER
        if phase in stops:
            if phase == OVER:
                return True
            sample(rng)
            continue
        bot = bots[state.current]
        if bot is None:                                  # a person's seat
            return True
        action = bot(state, rng)
        if not try_(action):               # apply(action), after the phase checks just made
            _refused(state, bot, action)
    return False


def _run_free(state: State, bots, rng, max_steps, turns, stops) -> bool:
    """:func:`_run_state` with no ``until``: each run of chance nodes sampled at once (the
    loop a study runs millions of steps of)."""
    sample_run, try_ = state._sample_run, state._try
    for _step in range(max_steps):
        phase = state.phase
        if phase in stops:
            if phase == OVER:
                return True
            if state.turns >= turns:
                return False
            sample_run(rng, turns)         # every chance node up to the next decision
            continue
        if state.turns >= turns:
            return False
        bot = bots[state.current]
        if bot is None:                                  # a person's seat
            return True
        action = bot(state, rng)
        if not try_(action):               # apply(action), after the phase checks just made
            _refused(state, bot, action)
    return False


def _refused(state: State, bot: Bot, action: Any) -> None:
    """Raise the state's refusal of ``action``, naming the bot that chose it."""
    try:
        state._refuse(action)
    except IllegalActionError as error:
        raise IllegalActionError(_("the bot {bot} of player {player}: {error}").format(
            bot=repr(bot_name(bot)), player=state.current + 1, error=error)) from None


def _run_protocol(state: GameState, bots, rng, max_steps, max_turns, until) -> bool:
    """The play loop over any object with the protocol's properties."""
    for _step in range(max_steps):
        if state.is_over or (until is not None and until(state)):
            return True
        if max_turns is not None and state.turns >= max_turns:
            return False
        if state.is_chance_node:
            state.sample_chance(rng)
        elif not _decide(state, bots, rng, state.current_player):
            return True
    return False


@dataclass(frozen=True)
class Result:
    """How one game ended, the same record for every game.

    ``winners`` (ties: several; empty for a game called off before its end), ``turns`` (the
    game's own count), ``finished``, the ``strategies`` that played each seat, and the
    game's own ``facts`` (points, cards drawn, cranks ...), also readable as attributes:
    ``result.points``.
    """

    players: int
    winners: tuple[int, ...]
    turns: int
    finished: bool
    strategies: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def winner(self) -> int | None:
        """The winner when there is exactly one, else None."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __getattr__(self, name: str) -> Any:
        facts = self.__dict__.get("facts", {})
        if name in facts:
            return facts[name]
        raise AttributeError(_("a result has no {name}: it has players, winners, turns, "
                               "finished, strategies and {facts}.").format(
            name=repr(name), facts=", ".join(facts) or _("no facts")))


def result(state: GameState, strategies: Sequence[str] = ()) -> Result:
    """The record of ``state`` (finished or called off), with the game's own facts."""
    facts = state.facts() if hasattr(state, "facts") else {}
    return Result(state.players, tuple(state.winners), state.turns, state.is_over,
                  tuple(strategies), dict(facts))
