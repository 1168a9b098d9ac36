"""A group's folder on the class server: its own student copies of the course, and a
``class-data`` folder that is the class's one shared folder.

    <state>/groups/<nickname>/notebooks/NN-....ipynb     student copies (solutions blanked)
    <state>/groups/<nickname>/notebooks/class-data  ->  the class's folder (a link)

The recorders write ``class-data/<game>-<nickname>.csv`` beside the notebook, so every
group's records land in the class's folder, where notebook 12 pools them
(``CLASS_DATA = "class-data"``) with no download or upload. A group's notebooks are written
once, at its first login; after that they are the group's own work and are never
overwritten (``haba-lessons reset`` gives a fresh start, keeping the group's version).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ..catalog import notebooks
from ..reset import student_copy_bytes

CLASS_DATA = "class-data"


def prepare_group_folder(home: Path, course: Path, class_data: Path) -> list[str]:
    """Give the group at ``home`` what is missing: the course's notebooks as student copies
    (from ``course/notebooks``) and the link to ``class_data``. Returns what was done, in
    words, for the server's log."""
    done = []
    folder = home / "notebooks"
    folder.mkdir(parents=True, exist_ok=True)
    for entry in notebooks():
        target = folder / entry.file
        source = course / "notebooks" / entry.file
        if not target.exists() and source.is_file():
            target.write_bytes(student_copy_bytes(source))
            done.append(f"wrote {entry.file}")
    done += link_class_data(folder / CLASS_DATA, class_data)
    return done


def link_class_data(link: Path, class_data: Path) -> list[str]:
    """Make ``link`` point at the class's folder. Anything else already there (a folder a
    group recorded into before the class server) is kept under a new name, never deleted."""
    done = []
    if link.is_symlink():
        if link.resolve() == class_data.resolve():
            return []
        link.unlink()                       # a link elsewhere: only the link goes, no file
    elif link.is_dir() and not any(link.iterdir()):
        link.rmdir()
    elif link.exists():
        kept = link.with_name(f"{link.name}-before-{datetime.now():%Y-%m-%d-%H%M%S}")
        link.rename(kept)
        done.append(f"kept the group's earlier {link.name} as {kept.name}")
    link.symlink_to(class_data, target_is_directory=True)
    return [*done, f"linked {link.name}/ to {class_data}"]
