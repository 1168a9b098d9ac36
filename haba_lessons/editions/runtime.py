"""In a kernel: the course's notebook catalogs of the language in use, and the translator
of code cells' shown strings that ``setup(lang=...)`` installs (:mod:`.code`)."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import code


def catalog_folder(language: str) -> Path | None:
    """``notebooks/locale/<language>`` of the course folder, if there is one."""
    from ..checkout import course_root
    from ..errors import InvalidArgumentError

    try:
        folder = course_root() / "notebooks" / "locale" / language
    except InvalidArgumentError:       # the package alone, no course folder around it
        return None
    return folder if folder.is_dir() else None


def course_texts(language: str) -> dict[tuple[str, str | None], str]:
    """Every usable translation of the notebooks' catalogs (code strings and labels), as
    (English, context) -> translation. Read again only when a catalog has changed."""
    folder = catalog_folder(language)
    if folder is None:
        return {}
    files = tuple(sorted((path, path.stat().st_mtime_ns) for path in folder.glob("*.po")))
    return _texts(files)


@lru_cache(maxsize=4)
def _texts(files: tuple[tuple[Path, int], ...]) -> dict[tuple[str, str | None], str]:
    from . import catalogs

    found: dict[tuple[str, str | None], str] = {}
    for path, _ in files:
        for (text, context), translation in catalogs.translations(catalogs.read(path)).items():
            if context in (code.CODE, code.LABEL):
                found.setdefault((text, context), translation)
    return found


def install(language: str) -> bool:
    """In IPython, translate the shown strings of every cell run from now on into
    ``language`` (English: remove the translator); returns whether one is installed."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if shell is None:
        return False
    shell.ast_transformers[:] = [t for t in shell.ast_transformers
                                 if not isinstance(t, code.Translator)]
    if language == "en":
        return False
    texts = {text: translation for (text, context), translation in
             course_texts(language).items() if context == code.CODE}
    shell.ast_transformers.append(code.Translator(texts, language))
    return True


def label(text: Any, language: str) -> Any:
    """A label from a notebook's data in ``language`` (unchanged if no catalog has it)."""
    if not isinstance(text, str) or language == "en":
        return text
    return course_texts(language).get((text, code.LABEL), text)
