"""Answer keys for notebook 06 · Conditional probability and tree diagrams (assumed deck:
9 animals × 4 colours, 16 special cards; colour dice with one face of each of 6 colours)."""

from fractions import Fraction

from ..exercises import exact

KEYS = {
    # two foxes: 4 of 52, then 3 of the 51 left
    "06.1": exact(Fraction(4 * 3, 52 * 51)),
    # an animal card first: the same animal in its 3 other colours, of the 51 cards left
    "06.2": exact(Fraction(3, 51)),
    # not both red: 35 rolls are left, 5 of them doubles (every double but red + red)
    "06.3": exact(Fraction(5, 35)),
}
