"""What each translated edition ships (``locale/editions.toml`` in the course folder)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..checkout import course_root
from ..errors import DataFileError

KINDS = ("notebooks", "lesson-plans", "worksheets")


@dataclass(frozen=True)
class Edition:
    """One language's shipped documents, by kind (file names as in the English folders)."""

    language: str
    notebooks: tuple[str, ...]
    lesson_plans: tuple[str, ...]
    worksheets: tuple[str, ...]

    def ships(self, kind: str, name: str) -> bool:
        return name in getattr(self, kind.replace("-", "_"))


def editions_file(root: Path | None = None) -> Path:
    return (root or course_root()) / "locale" / "editions.toml"


def editions(root: Path | None = None) -> dict[str, Edition]:
    """Every translated edition the course folder describes (none if the file is absent)."""
    path = editions_file(root)
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise DataFileError(f"{path}: not valid TOML ({error}).") from None
    found = {}
    for language, entry in data.items():
        unknown = sorted(set(entry) - set(KINDS))
        if unknown:
            raise DataFileError(f"{path}: [{language}] has unknown keys {', '.join(unknown)} "
                                f"(allowed: {', '.join(KINDS)}).")
        lists = {}
        for kind in KINDS:
            names = entry.get(kind, [])
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise DataFileError(f"{path}: [{language}] {kind} must be a list of file names.")
            lists[kind.replace("-", "_")] = tuple(names)
        found[language] = Edition(language, **lists)
    return found


def edition(language: str, root: Path | None = None) -> Edition:
    """The edition of ``language`` (an empty one if nothing is shipped in it yet)."""
    return editions(root).get(language, Edition(language, (), (), ()))
