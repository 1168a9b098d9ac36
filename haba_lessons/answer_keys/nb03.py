"""Answer keys for notebook 03 (Push your luck, Spookies), fair-odds reward table; exercise 3
is answered in words."""

from fractions import Fraction

from ..exercises import choice, exact
from ..i18n import N_

KEYS = {
    # >=9 with 3 dice: P(success) 77/216 x reward 3 - expected fine 31/27
    "03.1": exact(Fraction(-17, 216)),
    # break-even reward = expected fine / P(success) = (31/27) / (77/216)
    "03.2": exact(Fraction(248, 77)),
    # the steep table keeps rolling on >=10, where the fair-odds player stops
    # Translators: the right answers, separated by |, in your language's words
    # (the English ones stay accepted)
    "03.4": choice(N_("≥10 | >=10 | 10")),
}
