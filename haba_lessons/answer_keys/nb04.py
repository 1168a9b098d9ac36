"""Answer keys for notebook 04 (Quiet as a Mouse), assumed castle: 6 colours, 2 holes each;
exercise 4 is answered in words."""

from fractions import Fraction

from ..exercises import choice, exact
from ..i18n import N_

KEYS = {
    # 25 of the 36 ordered rolls show no red
    "04.1": exact(Fraction(11, 36)),
    # blocked when a die shows green, blue or purple: 1 - (3/6)^2
    "04.2": exact(Fraction(3, 4)),
    # p = 11/20 for player 2 against 1/2 for the starting player 1: player 2 wins more often
    # Translators: the right answers, separated by |, in your language's words
    # (the English ones stay accepted)
    "04.3": choice(N_("player 2 | 2 | second | player two | the second player")),
}
