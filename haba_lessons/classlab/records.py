"""The class data format: one plain CSV file per group and game, version 2.

A file starts with three header lines, then a line of column names, then one record a line::

    # game: spookies
    # group: owls
    # format: 2
    record,round,player,event,value,starter
    1,1,2,roll,3 5 6,2

``record`` numbers the records of the file 1, 2, 3, ...; ``round`` is the game (or deal) the
group is playing; ``player`` is a seat number or a nickname (no personal data is needed);
``event`` and ``value`` say what happened, in the words of :data:`EVENTS`; ``starter`` is the
seat that played first in that round (every record of a round carries it, so "does going
first help?" is a question the pooled records answer). Further ``# note:`` lines may follow
the header (the shipped example files say there that they are simulated).

Version 1 files (the same without ``starter``) are still read, with an empty starter, and a
file is continued in its own version.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .._checks import shown
from ..errors import DataFileError, InvalidArgumentError
from ..games.quiet_as_a_mouse.layout import COLOUR_RULE, check_colour_name
from ..i18n import N_, _
from ..typed_numbers import parse_whole_number

FORMAT_VERSION = 2
#: The column names of each format version the course reads.
COLUMNS_OF = {1: ("record", "round", "player", "event", "value"),
              2: ("record", "round", "player", "event", "value", "starter")}
COLUMNS = COLUMNS_OF[FORMAT_VERSION]
GAMES = ("spookies", "quiet_as_a_mouse", "meow_meow", "mouse_trap")
#: Every game's events and what their value may be.
EVENTS = {
    "spookies": {"roll": N_("the faces of 2, 3 or 4 dice, each 1-6, separated by spaces")},
    "quiet_as_a_mouse": {"roll": N_("the two colours rolled, joined by ' + ' (written 'red + "
                                    "blue'; a file of single-word colours may say 'red "
                                    "blue')"),
                         "attempt": N_("silent, alarm or slid_out")},
    "meow_meow": {"first_could_play": N_("yes or no"), "round_won": N_("yes")},
    "mouse_trap": {"die": N_("the die face, 1-6"), "landed": N_("the space number, 0-99"),
                   "crank": N_("works or fails")},
}
#: The longest nickname or player label, in characters (after composing accents).
NAME_LENGTH = 20
NAME_RULE = N_("1-20 letters (any alphabet), digits, spaces, - or _ (a seat number or a "
             "nickname, never a real name)")
#: The most a record number or round may be (a class records a few thousand at most).
MAX_NUMBER = 10 ** 9
#: The separator of the two colours of a Quiet as a Mouse roll.
COLOURS_JOINED = " + "


@dataclass(frozen=True)
class Record:
    """One thing that happened at a group's table."""

    record: int
    round: int
    player: str
    event: str
    value: str
    starter: str = ""     # the seat that played first in this round ("" in a version 1 file)

    def row(self, version: int = FORMAT_VERSION) -> list[str]:
        """The record's fields as written in a file of format ``version``."""
        fields = [str(self.record), str(self.round), self.player, self.event, self.value]
        return fields + [self.starter] if version >= 2 else fields


def check_folder(folder: object, field: str = "folder") -> Path:
    """``folder`` as a Path if it names a folder (text or a path), else a refusal that says
    how to write one (``CLASS_DATA = None`` once gave a TypeError from inside)."""
    if isinstance(folder, (str, os.PathLike)):
        return Path(folder)
    raise InvalidArgumentError(_("{field}: give a folder's name in quotes, like "
                                 "\"class-data\", not {value}.").format(field=field,
                                                                      value=shown(folder)))


def check_game(game: object) -> str:
    if not isinstance(game, str) or game not in GAMES:
        raise DataFileError(_("unknown game {game}: use one of {games}.").format(
            game=shown(game), games=", ".join(GAMES)))
    return game  # type: ignore[return-value]


def check_name(name: object, what: str) -> str:
    """A group nickname or a player label, or a DataFileError saying what is allowed.

    A letter or digit of any alphabet first, then letters (with their accents and vowel
    signs: Devanagari, Thai, ...), digits, spaces, ``-`` or ``_``; "ä" typed as a + two dots
    is the same nickname as "ä" (NFC)."""
    if isinstance(name, str):
        name = unicodedata.normalize("NFC", name.strip())
    if not isinstance(name, str) or not _is_name(name):
        raise DataFileError(_("{what} {name} is not allowed: use {rule}.").format(
            what=_(what), name=shown(name), rule=_(NAME_RULE)))
    return name


def _is_name(name: str) -> bool:
    if not 1 <= len(name) <= NAME_LENGTH or unicodedata.category(name[0])[0] not in "LN":
        return False
    return all(unicodedata.category(c)[0] in "LMN" or c in " -_" for c in name)


def group_key(group: str) -> str:
    """What makes two nicknames the same group: their letters, whatever the case ("Owls" is
    "owls", as it must be on the case-insensitive disks of Windows and macOS)."""
    return unicodedata.normalize("NFC", check_name(group, N_("group nickname")).casefold())


def roll_colours(value: str) -> list[str]:
    """The two colours of a Quiet as a Mouse roll value ('dark red + blue', or 'red blue')."""
    parts = value.split("+") if "+" in value else value.split()
    return [part.strip() for part in parts]


def check_value(game: str, event: str, value: str) -> str:
    """The value if it is valid for ``event`` in ``game``; else a DataFileError saying why."""
    events = EVENTS[game]
    if event not in events:
        raise DataFileError(_("unknown event {event} for {game}: use {events}.").format(
            event=shown(event), game=game, events=", ".join(events)))
    ok = {
        ("spookies", "roll"): lambda v: 2 <= len(v.split()) <= 4 and all(
            f in "123456" and len(f) == 1 for f in v.split()),
        ("quiet_as_a_mouse", "roll"): lambda v: len(roll_colours(v)) == 2 and all(
            _is_colour(c) for c in roll_colours(v)),
        ("quiet_as_a_mouse", "attempt"): lambda v: v in ("silent", "alarm", "slid_out"),
        ("meow_meow", "first_could_play"): lambda v: v in ("yes", "no"),
        ("meow_meow", "round_won"): lambda v: v == "yes",
        ("mouse_trap", "die"): lambda v: v in ("1", "2", "3", "4", "5", "6"),
        ("mouse_trap", "landed"): lambda v: v.isascii() and v.isdigit() and len(v) <= 2,
        ("mouse_trap", "crank"): lambda v: v in ("works", "fails"),
    }[game, event]
    if not ok(value):
        rule = f" ({COLOUR_RULE})" if game == "quiet_as_a_mouse" and event == "roll" else ""
        raise DataFileError(_("{event} value {value} is not valid: it must be "
                              "{rule}.").format(event=event, value=shown(value),
                                                rule=_(events[event]) + rule))
    return value


def _is_colour(name: str) -> bool:
    try:
        check_colour_name(name, "colour")
    except DataFileError:
        return False
    return True


def check_starter(starter: object) -> str:
    """The seat that played first: a seat number from 1, as the recorders show seats."""
    text = str(starter).strip()
    if not (text.isascii() and text.isdigit() and 1 <= len(text) <= 2 and int(text) >= 1):
        raise DataFileError(_("starter must be the seat number (1, 2, ...) of the player who "
                              "played first in the round, not {value}.").format(
            value=shown(starter)))
    return str(int(text))


def make_record(game: str, record: object, round_: object, player: object, event: object,
                value: object, starter: object = None) -> Record:
    """A validated Record from raw fields (strings from a file or values from a widget).

    ``starter`` None: a record of a version 1 file, which does not say who started."""
    numbers = []
    for name, raw in (("record", record), ("round", round_)):
        try:
            numbers.append(parse_whole_number(str(raw), name, minimum=1, maximum=MAX_NUMBER))
        except InvalidArgumentError as error:
            raise DataFileError(_("{error} ({name} numbers count from 1.)").format(
                error=error, name=name)) from None
    player = check_name(str(player), N_("player"))
    event = str(event).strip()
    value = check_value(game, event, str(value).strip())
    starter = "" if starter is None else check_starter(starter)
    return Record(numbers[0], numbers[1], player, event, value, starter)


def header_lines(game: str, group: str, notes: tuple[str, ...] = (),
                 version: int = FORMAT_VERSION) -> list[str]:
    """The header of a file of format ``version``, without line ends."""
    lines = [f"# game: {check_game(game)}", f"# group: {check_name(group, 'group nickname')}",
             f"# format: {version}"]
    lines += [f"# note: {note}" for note in notes]
    return lines + [",".join(COLUMNS_OF[version])]


def file_name(game: str, group: str) -> str:
    """``spookies-owls.csv``, ``spookies-лисы.csv``: one file per group and game.

    The nickname is kept as it is (in lower case: see :func:`group_key`), letters of every
    alphabet included, so two different nicknames never share a file ("лисы" and "совы",
    "Füchse" and "Fächse", "group 1" and "group-1" each have their own), and a Latin one
    reads as itself. Every character a nickname may hold is allowed in file names on
    Windows, macOS and Linux, and the game's name (which has no ``-``) comes first."""
    return f"{check_game(game)}-{group_key(group)}.csv"
