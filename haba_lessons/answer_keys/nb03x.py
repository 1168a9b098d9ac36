"""Answer keys for notebook 03x (Push your luck further, Spookies), fair-odds reward table."""

from ..exercises import function
from ..games.spookies import Rules
from ..games.spookies.analysis import policy_array_value
from ..games.spookies.simulate import stop_after_array

RULES = Rules.standard()

KEYS = {
    # "roll 4 dice, stop after n successes" from the start, exactly
    "03x.1": function(lambda n: policy_array_value(stop_after_array(n), 0, RULES),
                      [(1,), (2,), (3,), (9,)]),
}
