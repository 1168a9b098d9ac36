"""A lock on a group's class data file that holds across processes (two tabs, two kernels).

Every change to a file (an append, an undo's rewrite) happens while its lock is held, so two
recorders of one group never interleave: record numbers never collide and an undo never
rewrites a file another recorder is appending to. The lock is the operating system's own,
taken on a small companion file ``.<file name>.lock`` beside the data file (never renamed or
removed, so every process locks the same file): ``fcntl.flock`` on Linux and macOS,
``msvcrt.locking`` on Windows. Either is released by the system if its process dies, so a
crashed kernel never leaves a group locked out.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import DataFileError
from ..i18n import _

try:
    import fcntl
except ImportError:               # Windows
    fcntl = None
    import msvcrt

#: How long a recorder waits for another one to finish (an append takes milliseconds).
WAIT_SECONDS = 30


def lock_path(path: Path) -> Path:
    """The companion file that carries the lock of ``path``."""
    return path.with_name(f".{path.name}.lock")


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock of the data file ``path`` (created with its folder if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path(path), "a+b") as handle:
        _acquire(handle.fileno(), path)
        try:
            yield
        finally:
            _release(handle.fileno())


def _acquire(descriptor: int, path: Path) -> None:
    if fcntl is not None:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        return
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        os.lseek(descriptor, 0, os.SEEK_SET)
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise DataFileError(_("{file} is busy: another recorder of the group has "
                                      "been writing it for {seconds} s. Try again.").format(
                    file=path.name, seconds=WAIT_SECONDS)) from None
            time.sleep(0.05)


def _release(descriptor: int) -> None:
    if fcntl is not None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
        return
    os.lseek(descriptor, 0, os.SEEK_SET)
    msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
