"""haba_lessons: a probability course built on four children's games.

The exact-probability core (``distribution``, ``dice``, ``draws``, ``symbolic``), seeded
simulation (``simulation``), charts (``charts``), game data files (``data``) and one rules
engine per game (``games``).
"""

from .distribution import Distribution
from .errors import DataFileError, HabaLessonsError, IllegalActionError, InvalidArgumentError

__version__ = "0.1.0"

__all__ = ["Distribution", "HabaLessonsError", "IllegalActionError", "InvalidArgumentError",
           "DataFileError", "__version__"]
