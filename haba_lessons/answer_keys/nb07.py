"""Answer keys for notebook 07 · Two-way tables, Venn diagrams and independence (assumed
colour dice: 6 colours, one face each)."""

from fractions import Fraction

from ..exercises import exact

KEYS = {
    # seat 1's 104 wins: 56 when it started, so the rest when seat 2 started
    "07.1": exact(104 - 56),
    # sum 8 and first die 6: only (6, 2), 1/36; P(sum 8) P(first 6) = 5/36 · 1/6 = 5/216
    "07.2": exact(Fraction(1, 36) - Fraction(5, 216)),
    # at least one red (11 rolls) or a double (6), red-red counted in both: 11 + 6 - 1
    "07.3": exact(Fraction(11 + 6 - 1, 36)),
}
