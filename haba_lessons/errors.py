"""The package's exceptions: one base class, so a notebook can catch every mistake at once.

Every message is written for the student who made the mistake: it says what was wrong and
what to do instead.
"""

from __future__ import annotations


class HabaLessonsError(Exception):
    """Base class of every error the course raises on purpose."""


class InvalidArgumentError(HabaLessonsError, ValueError):
    """A function was called with a value it cannot use (wrong type or out of range)."""


class IllegalActionError(HabaLessonsError):
    """A move the rules do not allow in the current state. The state is left unchanged."""


class DataFileError(HabaLessonsError, ValueError):
    """A game data file is missing, malformed, or has a value that breaks a rule."""
