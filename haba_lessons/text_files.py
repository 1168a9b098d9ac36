"""Reading a person's text files: UTF-8 with or without a byte-order mark, and a clear message
for anything else.

Spreadsheets (Excel's "CSV UTF-8"), Notepad and many editors put a byte-order mark at the
start of a UTF-8 file; it is dropped. A file in another encoding (Latin-1, Windows' "ANSI")
is refused with a message that says how to save it again, never read as garbage.
"""

from __future__ import annotations

import os
from pathlib import Path

from ._checks import shown
from .errors import DataFileError
from .i18n import N_, _

#: What to do with a file that is not UTF-8, said the same way everywhere.
SAVE_AS_UTF8 = N_("it may have been saved as Latin-1 or Windows 'ANSI' text: open it and save it "
                   "again as UTF-8 (in a spreadsheet: 'CSV UTF-8')")


def as_path(path: object, what: str = "path") -> Path:
    """``path`` (text or a ``Path``) as a Path, or DataFileError saying what a path is."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise DataFileError(f"{what} must be a file name written as text, like "
                            f"\"my-board.toml\", not {shown(path)}.")
    text = os.fspath(path)
    if not isinstance(text, str) or not text.strip() or "\0" in text:
        raise DataFileError(f"{what} {shown(text)} is not a file name: give the name of a file, "
                            f"like \"my-board.toml\".")
    return Path(text)


def decode(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped), or DataFileError naming
    ``name`` and the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise DataFileError(_("{name}: line {line} is not UTF-8 text; {how}.").format(
            name=name, line=line, how=_(SAVE_AS_UTF8))) from None


def read_text(path: object, what: str = "file") -> str:
    """The text of the file ``path``, or DataFileError: no such file, not readable, not UTF-8."""
    path = as_path(path, what)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such file. Check the name and the folder.") from None
    except IsADirectoryError:
        raise DataFileError(f"{path}: is a folder, not a file.") from None
    except OSError as error:
        raise DataFileError(f"{path}: cannot be read ({error.strerror or error}).") from None
    return decode(data, str(path))
