"""haba_lessons: a probability course built on four children's games.

The exact-probability core (``distribution``, ``dice``, ``draws``, ``symbolic``), seeded
simulation (``simulation``), charts (``charts``), game data files (``data``) and one rules
engine per game (``games``).
"""

import sys

# Altair validates charts with jsonschema, which on import builds a parser for the "iri"
# format (rfc3987_syntax: 1-2 s). Vega-Lite's schema has no "iri" field, so no chart ever
# uses it: marking that optional module absent before Altair loads saves a second or two
# and changes no check. It is done here, in the package, so that it comes first whichever
# module a notebook imports first (``haba_lessons.charts`` loads Altair before
# ``haba_lessons.course`` is reached). Set only if nothing has imported it yet.
sys.modules.setdefault("rfc3987_syntax", None)

from .distribution import Distribution  # noqa: E402
from .errors import (DataFileError, HabaLessonsError, IllegalActionError,  # noqa: E402
                     InvalidArgumentError)

__version__ = "0.1.0"

__all__ = ["Distribution", "HabaLessonsError", "IllegalActionError", "InvalidArgumentError",
           "DataFileError", "__version__"]
