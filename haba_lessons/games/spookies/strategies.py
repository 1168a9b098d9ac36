"""Named Spookies bots. A strategy is a bot ``strategy(game, rng)``, called when the game waits
for the current player's decision, returning one of ``game.legal_actions()``;
:data:`STRATEGIES` holds them by name and :func:`named` finds one (also "stop after N").

- ``random``: any legal choice, uniformly at random.
- ``cautious``: moves the lowest figure, always rolls 4 dice, stops after the first success.
- ``greedy``: moves the highest figure not yet in the attic, rolls the dice count with the
  largest expected reward of the next roll (fines ignored), and never stops on purpose.
- ``stop after N``: moves the lowest figure, rolls 4 dice (or a chosen count), stops after
  N successes.
- ``optimal``: the exact optimal single-turn policy (see :mod:`.analysis`) for the chips it
  holds and the penalty chips on the board; on "?" it takes the figure whose turn is worth
  most. It maximizes chips gained in this turn, not the chance of winning the game.
"""

from __future__ import annotations

import numpy as np

from ..._checks import require_int
from ...engine import Strategies, Strategy
from ...i18n import N_, _, ngettext
from .analysis import solve_turn, success_probability
from .board import DICE_CHOICES
from .rules import ATTIC, CHOOSE_FIGURE, Action, SpookiesGame


def _lowest_figure(game: SpookiesGame) -> Action:
    positions = game.positions
    return Action("figure", game.rules.figures[positions.index(min(positions))])


def _random(game: SpookiesGame, rng: np.random.Generator) -> Action:
    actions = game.legal_actions()
    return actions[int(rng.integers(len(actions)))]


def _cautious(game: SpookiesGame, rng: np.random.Generator) -> Action:
    if game.phase == CHOOSE_FIGURE:
        return _lowest_figure(game)
    return Action("roll", 4) if game.must_roll else Action("stop")


def _greedy(game: SpookiesGame, rng: np.random.Generator) -> Action:
    if game.phase == CHOOSE_FIGURE:
        below = [p for p in game.positions if p < ATTIC] or game.positions
        return Action("figure", game.rules.figures[game.positions.index(max(below))])
    position = game.positions[game.figure]
    target = min(position + 1, ATTIC)
    table = game.rules.reward_table
    dice = max(DICE_CHOICES, key=lambda d: (success_probability(position, d, game.rules)
                                            * table.reward(target, d), -d))
    return Action("roll", dice)


def stop_after(successes: int, dice: int = 4) -> Strategy:
    """A bot that rolls ``dice`` dice with the lowest figure and stops after N successes."""
    successes = require_int(successes, "successes", minimum=1)
    dice = require_int(dice, "dice", minimum=2, maximum=4)

    def choose(game: SpookiesGame, rng: np.random.Generator) -> Action:
        if game.phase == CHOOSE_FIGURE:
            return _lowest_figure(game)
        return Action("stop") if game.successes >= successes else Action("roll", dice)

    choose.rule = (successes, dice)      # what description() says in the language in use
    return Strategy(f"stop after {successes}", _stop_after_text(successes, dice), choose)


def _stop_after_text(successes: int, dice: int) -> str:
    return ngettext("lowest figure, {dice} dice, stops after {n} success",
                    "lowest figure, {dice} dice, stops after {n} successes",
                    successes).format(dice=dice, n=successes)


def _optimal(game: SpookiesGame, rng: np.random.Generator) -> Action:
    chips = game.chip_counts()[game.current]
    penalties = game.penalty_counts()
    if game.phase == CHOOSE_FIGURE:
        policy = solve_turn(game.rules, penalties=penalties)
        values = [policy.value(p, chips, first_roll=True) for p in game.positions]
        return Action("figure", game.rules.figures[values.index(max(values))])
    position = game.positions[game.figure]
    # spaces at or below the figure cannot be reached again this turn (the attic can):
    # leaving their penalty chips out gives the same decision and more cache hits
    reachable = tuple(n if space > position or space == ATTIC else 0
                      for space, n in enumerate(penalties, start=1))
    policy = solve_turn(game.rules, penalties=reachable)
    return policy.best_action(position, chips, first_roll=game.must_roll)


RANDOM = Strategy("random", N_("any legal choice at random"), _random)
CAUTIOUS = Strategy("cautious", N_("lowest figure, 4 dice, stops after the first success"),
                    _cautious)
GREEDY = Strategy("greedy", N_("highest figure, largest expected reward, never stops"),
                  _greedy)
OPTIMAL = Strategy("optimal", N_("exact optimal single-turn policy (most chips this turn)"),
                   _optimal)


def description(strategy: Strategy) -> str:
    """A bot's one-line description in the language in use (the ``Strategy`` keeps the
    English it was made with)."""
    rule = getattr(strategy.choose, "rule", None)
    return _stop_after_text(*rule) if rule else _(strategy.description)


def _stop_after_n(name: str) -> Strategy | None:
    """"stop after N" for any whole N >= 1."""
    count = name.removeprefix("stop after ").strip() if name.startswith("stop after ") else ""
    return stop_after(int(count)) if count.isdigit() and int(count) >= 1 else None


STRATEGIES = Strategies("Spookies", [RANDOM, CAUTIOUS, GREEDY, stop_after(2), stop_after(3),
                                     OPTIMAL], family=_stop_after_n,
                        family_hint="'stop after N'")
named = STRATEGIES.named
#: The first name of :func:`named`.
get_strategy = named
