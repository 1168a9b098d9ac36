"""The library's own catalog: the strings its modules wrap in ``_()``, ``N_()``,
``ngettext()`` and ``pgettext()``, extracted with Babel into ``haba_lessons/locale/
haba_lessons.pot`` and merged into each language's ``haba_lessons/locale/<language>/
LC_MESSAGES/haba_lessons.po`` (fuzzy where the English changed). Every module of the package
is extracted.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from ..errors import DataFileError
from . import catalogs, markdown

KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2)}


def package(root: Path) -> Path:
    return root / "haba_lessons"


def template_path(root: Path) -> Path:
    return package(root) / "locale" / "haba_lessons.pot"


def catalog_path(root: Path, language: str) -> Path:
    return package(root) / "locale" / language / "LC_MESSAGES" / "haba_lessons.po"


def extract(root: Path) -> Catalog:
    """Every wrapped string of the package."""
    template = Catalog(project=catalogs.PROJECT, domain="haba_lessons", fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            package(root), method_map=method_map, keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        template.add(message, locations=[(f"haba_lessons/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def update(root: Path, language: str) -> str:
    """Write the template and bring the language's catalog up to date with it."""
    template = extract(root)
    catalogs.write(template, template_path(root))
    path = catalog_path(root, language)
    if path.exists():
        catalog = catalogs.read(path)
        catalog.update(template, no_fuzzy_matching=False, update_header_comment=False,
                       keep_user_comments=True, update_creation_date=False)
    else:
        catalog = Catalog(locale=language, project=catalogs.PROJECT, domain="haba_lessons",
                          fuzzy=False)
        catalog.update(template)
    catalogs.write(catalog, path)
    counts = catalogs.counts(catalog)
    return (f"{path.relative_to(root)}: {counts['translated']} translated, {counts['fuzzy']} "
            f"fuzzy, {counts['untranslated']} untranslated, {counts['obsolete']} obsolete")


def problems(root: Path, language: str) -> tuple[list[str], list[str]]:
    """(entries a translator must still do, broken entries) of the language's catalog."""
    path = catalog_path(root, language)
    catalog = catalogs.read(path)
    pending, broken = [], []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        where = f"{path.relative_to(root)} line {getattr(message, 'lineno', '?')}"
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if not all(strings):
            pending.append(f"{where}: untranslated: {english[:60]!r}")
        elif message.fuzzy:
            pending.append(f"{where}: the English changed (fuzzy): {english[:60]!r}")
        else:
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            for translation in strings:
                if markdown.placeholders(ids[-1]) != markdown.placeholders(translation) and \
                        markdown.placeholders(ids[0]) != markdown.placeholders(translation):
                    broken.append(f"{path}:{getattr(message, 'lineno', '?')}: the placeholders "
                                  f"of {english[:50]!r} are "
                                  f"{sorted(markdown.placeholders(ids[0]))}, the translation "
                                  f"has {sorted(markdown.placeholders(translation))}")
    return pending, broken


def check(root: Path, language: str) -> None:
    """Refuse a broken library catalog (naming file and line); untranslated or fuzzy entries
    only mean English is shown for them, so a build goes on and they are reported."""
    path = catalog_path(root, language)
    if not path.is_file():
        return
    _, broken = problems(root, language)
    if broken:
        raise DataFileError("The library's catalog has broken entries:\n"
                            + "\n".join(f"  {line}" for line in broken))
