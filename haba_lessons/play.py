"""Tools written once for every game, under their first name: this module re-exports them
from :mod:`haba_lessons.engine`, where they live (the play loop, the random bot, the seeded
tournament and the exact expectimax)::

    from haba_lessons.games.spookies import new_game
    from haba_lessons.play import play, random_bot
    game = play(new_game(3, seed=1), [random_bot] * 3, seed=1)
    game.winners
"""

from .engine import (Bot, Result, Solution, Values, expectimax, play, random_bot,
                     ranked_choices, tournament, win_payoff)

__all__ = ["Bot", "Result", "Solution", "Values", "expectimax", "play", "random_bot",
           "ranked_choices", "tournament", "win_payoff"]
