"""Answer keys for notebook 12, From play to data; exercise 5 is answered in words."""

from fractions import Fraction

from haba_lessons.exercises import exact, holds
from haba_lessons.i18n import N_


def _chi_square(counts, chances):
    n = sum(counts.values())
    return sum((counts[f] - n * chances[f]) ** 2 / (n * chances[f]) for f in chances)


_SIXTHS = {f: Fraction(1, 6) for f in range(1, 7)}
_CHI_INPUTS = [({1: 60, 2: 58, 3: 62, 4: 49, 5: 67, 6: 64}, _SIXTHS),
               ({1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 5}, _SIXTHS),
               ({"yes": 28, "no": 4}, {"yes": Fraction(9, 10), "no": Fraction(1, 10)})]


def _agrees(answer) -> bool:
    """The student's function matches Pearson's statistic on every input (to 9 decimals)."""
    return all(abs(float(answer(c, p)) - float(_chi_square(c, p))) < 1e-9
               for c, p in _CHI_INPUTS)


_PEARSON = holds(_agrees, N_("For each face take (observed - n * chance) ** 2 / (n * chance), "
                             "then add them up."))


def _pearson_function(answer) -> tuple[bool, str]:
    """A function is asked for: a number (the statistic of one table) is told so."""
    if answer is not Ellipsis and answer is not None and not callable(answer):
        return False, N_("give the function itself (its name, without brackets).")
    return _PEARSON(answer)


KEYS = {
    "12.1": exact(60),
    "12.2": exact(Fraction(1, 6)),
    "12.3": _pearson_function,
    "12.4": exact(Fraction(19, 10)),
    # a grid of five hypotheses with equal priors: weights p**3 (1 - p) = 0, 3, 16, 27, 0 (/256)
    "12.6": exact(Fraction(27, 46)),
}
