"""Answer keys for notebook 04x (Quiet as a Mouse further), assumed castle: 6 colours."""

from ..exercises import function

KEYS = {
    # both dice must show one of the k free colours: 36 - k^2 blocked ordered rolls
    "04x.1": function(lambda k: 36 - k * k, [(k,) for k in range(7)]),
}
