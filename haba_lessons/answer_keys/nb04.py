"""Answer keys for notebook 04 (Quiet as a Mouse), assumed castle: 6 colours, 2 holes each."""

from fractions import Fraction

from ..exercises import choice, exact, function

KEYS = {
    # 25 of the 36 ordered rolls show no red
    "04.1": exact(Fraction(11, 36)),
    # blocked when a die shows green or blue: 1 - (4/6)^2
    "04.2": exact(Fraction(5, 9)),
    # equal hands: the starting player wins more often (exact values of section 4)
    "04.3": choice("player 2", "2", "second", "player two", "the second player"),
    # both dice must show one of the k free colours: 36 - k^2 blocked ordered rolls
    "04.4": function(lambda k: 36 - k * k, [(k,) for k in range(7)]),
}
