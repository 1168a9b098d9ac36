"""Answer keys for notebook 05x (Meow Meow further), assumed deck: 9 animals x 4 colours."""

from fractions import Fraction
from math import comb

from ..exercises import function

KEYS = {
    # hypergeometric: C(other, hand) / C(fit + other, hand)
    "05x.1": function(lambda fit, other, hand: Fraction(comb(other, hand), comb(fit + other, hand)),
                      [(18, 33, 5), (19, 36, 5), (14, 33, 5), (4, 48, 5), (1, 1, 1)]),
}
