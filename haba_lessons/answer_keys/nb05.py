"""Answer keys for notebook 05 (Cat & Co. Meow Meow), assumed deck: 9 animals x 4 colours;
exercise 4 is answered in words."""

from fractions import Fraction
from math import comb

from ..exercises import approx, choice, exact
from ..i18n import N_

KEYS = {
    # all four parrots and one of the other 48 cards: 48 / C(52, 5)
    "05.1": exact(Fraction(48, comb(52, 5))),
    # a simulated share: within 0.025 of 1 - C(48,5)/C(52,5) = 18472/54145. With 5,000 deals
    # the standard error is 0.0067, so a correct loop is refused less than 1 time in 1,000.
    "05.2": approx(float(1 - Fraction(comb(48, 5), comb(52, 5))), 0.025),
    # without the parrot only 14 cards fit a starting animal instead of 18
    # Translators: the right answers, separated by |, in your language's words
    # (the English ones stay accepted)
    "05.3": choice(N_("less | less often | fewer | fewer times")),
}
