"""The engine under every game: the state protocol, the base class that does its common
work, and the tools written once on top of it.

It sits below the games and imports none of them. Modules: ``protocol`` (what a state
offers, ``OVER``, the bot type), ``state`` (:class:`State`, the base class; a game writes
only hooks and data), ``chance`` (the chance sampler, generator copies), ``ahead`` (a generator's numbers
drawn ahead in blocks, the same numbers), ``loop`` (the one
play loop, :func:`random_bot`, the :class:`Result` record), ``tournament``, ``search``
(:func:`expectimax`), ``strategies`` (named bots and each game's registry), ``kernels``
(declared fast paths) and ``arguments`` (checks for ``new_game`` and ``position``).
"""

from .ahead import DrawnAhead
from .kernels import Kernel, kernel, kernels, register
from .loop import MAX_STEPS, Result, bot_name, play, random_bot, result
from .protocol import OVER, Bot, GameState
from .search import Solution, Values, expectimax, ranked_choices, win_payoff
from .state import Event, Log, State
from .strategies import Strategies, Strategy
from .tournament import tournament

__all__ = ["Bot", "DrawnAhead", "Event", "GameState", "Kernel", "Log", "MAX_STEPS", "OVER", "Result",
           "Solution", "State", "Strategies", "Strategy", "Values", "bot_name",
           "expectimax", "kernel", "kernels", "play", "random_bot", "ranked_choices",
           "register", "result", "tournament", "win_payoff"]
