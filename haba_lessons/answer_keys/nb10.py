"""Answer keys for notebook 10 (Markov chains), each derived by hand in the notebook's solution;
exercise 4 is answered in words."""

from fractions import Fraction

from ..exercises import choice, exact
from ..i18n import N_

KEYS = {
    "10.1": exact(7),               # E0 = 1 + E1/2 + E0/2, E1 = 1 + E0/2 + 1/2
    # Translators: the right answers, separated by |, in your language's words
    # (the English ones stay accepted)
    "10.2": choice(N_("the same | same")),
    "10.3": exact(Fraction(11, 4)),  # E0 = 1 + (1 + 3/2)/2 + 1/2
}
