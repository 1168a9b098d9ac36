"""The lesson plans' and worksheets' translated editions, made the way the notebooks' are.

- a lesson plan ``lesson-plans/<stem>.md`` has the catalog ``lesson-plans/locale/<language>/
  <stem>.po`` (its markdown units) and, once shipped, the translation
  ``lesson-plans/<language>/<stem>.md``, written by the build;
- a worksheet source ``worksheets/NN.toml`` (and the unit test, ``unit-test.toml``) has the
  catalog ``worksheets/locale/<language>/NN.po``: each of its texts (a question's text,
  answer and working; a topic, a title, the instructions, the objectives' names, a game's
  name), its place in the file as the context. The handouts read the English source and
  take its texts from the catalog (:func:`translated_toml`), so ids, marks and lines stay
  the source's by construction.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..catalog import notebooks
from ..handouts.sources import read_toml
from . import catalogs, markdown
from .build import BuildError, Report
from .catalogs import Wanted
from .shipped import edition

PLANS, WORKSHEETS = "lesson-plans", "worksheets"
#: The fields of a worksheet source that are text for its reader.
TEXT_FIELDS = frozenset({"topic", "text", "answer", "working", "title", "instructions", "game"})


def plan_catalog(root: Path, language: str, plan: str) -> Path:
    return root / PLANS / "locale" / language / (Path(plan).stem + ".po")


def plan_edition(root: Path, language: str, plan: str) -> Path:
    return root / PLANS / language / plan


def plan_wanted(text: str) -> list[Wanted]:
    found = []
    line = 1
    for unit in markdown.units(text):
        if unit.text and not unit.fixed:
            found.append(Wanted(unit.text, None, (f"line {line}",)))
        line += (unit.text + unit.after).count("\n")
    return catalogs.merge(found)


def worksheet_catalog(root: Path, language: str, source: str) -> Path:
    return root / WORKSHEETS / "locale" / language / (Path(source).stem + ".po")


def _texts(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(place, text) of every reader's text in a parsed worksheet source."""
    if isinstance(data, dict):
        for key, value in data.items():
            place = f"{path} {key}".strip()
            if key == "objectives" and isinstance(value, dict):      # the unit test's names
                yield from ((f"objectives {name}", text) for name, text in value.items()
                            if isinstance(text, str))
            elif key in TEXT_FIELDS and isinstance(value, str):
                yield place, value
            elif isinstance(value, (dict, list)):
                yield from _texts(value, place)
    elif isinstance(data, list):
        for item in data:
            name = item.get("id", "?") if isinstance(item, dict) else "?"
            yield from _texts(item, f"{path} {name}".strip())


def worksheet_wanted(data: dict) -> list[Wanted]:
    return catalogs.merge(Wanted(text, place, (place,)) for place, text in _texts(data))


def translated_toml(data: Any, texts: dict, path: str = "") -> Any:
    """A parsed worksheet source with every text replaced by its translation (a text
    without one stays English: the build refuses that for a shipped worksheet)."""
    if isinstance(data, dict):
        result = {}
        for key, value in data.items():
            place = f"{path} {key}".strip()
            if key == "objectives" and isinstance(value, dict):
                result[key] = {name: texts.get((text, f"objectives {name}"), text)
                               for name, text in value.items()}
            elif key in TEXT_FIELDS and isinstance(value, str):
                result[key] = texts.get((value, place), value)
            else:
                result[key] = translated_toml(value, texts, place)
        return result
    if isinstance(data, list):
        return [translated_toml(item, texts, f"{path} "
                                f"{item.get('id', '?') if isinstance(item, dict) else '?'}"
                                .strip()) for item in data]
    return data


def worksheet_texts(root: Path, language: str, source: str) -> dict:
    """The usable translations of a worksheet source's catalog."""
    path = worksheet_catalog(root, language, source)
    return catalogs.translations(catalogs.read(path)) if path.is_file() else {}


def _plans(root: Path) -> list[str]:
    return [f"{entry.stem}.md" for entry in notebooks()
            if (root / PLANS / f"{entry.stem}.md").is_file()]


def _worksheets(root: Path) -> list[str]:
    return sorted(path.name for path in (root / WORKSHEETS).glob("*.toml"))


def _all(root: Path, language: str) -> dict[str, tuple[str, Path, list[Wanted]]]:
    """Every document: (kind, its catalog, what it needs), by file name."""
    found = {}
    for plan in _plans(root):
        text = (root / PLANS / plan).read_text("utf-8")
        found[plan] = (PLANS, plan_catalog(root, language, plan), plan_wanted(text))
    for sheet in _worksheets(root):
        data = read_toml(root / WORKSHEETS / sheet)
        found[sheet] = (WORKSHEETS, worksheet_catalog(root, language, sheet),
                        worksheet_wanted(data))
    return found


def update(root: Path, language: str) -> Report:
    """Bring every lesson plan's and worksheet's catalog up to date."""
    report = Report()
    for name, (kind, path, wanted) in _all(root, language).items():
        counts = catalogs.update(path, wanted, language, f"{kind}/{name}")
        total = counts["translated"] + counts["fuzzy"] + counts["untranslated"]
        report.lines.append(f"{kind}/{name}: {counts['translated']} of {total} translated, "
                            f"{counts['fuzzy']} fuzzy, {counts['untranslated']} untranslated")
        report.written.append(path)
    return report


def _problems(root: Path, language: str) -> dict[str, tuple[str, catalogs.Problems]]:
    found = {}
    for name, (kind, path, wanted) in _all(root, language).items():
        catalog = catalogs.read(path) if path.is_file() else catalogs.template(wanted,
                                                                             language, name)
        found[name] = (kind, catalogs.problems(path, catalog, wanted))
    return found


def status(root: Path, language: str) -> str:
    shipped = edition(language, root)
    lines = []
    for name, (kind, problems) in _problems(root, language).items():
        state = "shipped" if shipped.ships(kind, name) else "pending"
        lines.append(f"{kind}/{name}: {state}, {len(problems.pending)} to translate")
    return "\n".join(lines)


def build(root: Path, language: str, *, write: bool) -> Report:
    """Check every lesson plan's and worksheet's catalog (broken entries anywhere, complete
    ones for what is shipped) and write the shipped lesson plans' translations."""
    shipped = edition(language, root)
    problems = _problems(root, language)
    failures = [line for _, found in problems.values() for line in found.broken]
    for kind in (PLANS, WORKSHEETS):
        for name in getattr(shipped, kind.replace("-", "_")):
            if name not in problems:
                failures.append(f"locale/editions.toml: {kind} {name} is not in the course.")
                continue
            failures += [f"{kind}/{name}: {line}" for line in problems[name][1].pending]
    if failures:
        raise BuildError(f"The {language} lesson plans and worksheets cannot be built; a "
                         "translator is needed for:\n" + "\n".join(f"  {line}"
                                                                   for line in failures))
    report = Report()
    for name, (kind, found) in problems.items():
        if not shipped.ships(kind, name):
            report.lines.append(f"pending: {kind}/{name}")
            continue
        if kind == PLANS and write:
            from .build import catalogs_write_text

            english = (root / PLANS / name).read_text("utf-8")
            texts = catalogs.translations(catalogs.read(plan_catalog(root, language, name)))
            pieces = markdown.units(english)
            text = markdown.join(pieces, [p.text if p.fixed or not p.text
                                          else texts[(p.text, None)] for p in pieces])
            target = plan_edition(root, language, name)
            catalogs_write_text(text, target)
            report.written.append(target)
            report.lines.append(f"built: {target.relative_to(root)}")
        else:
            report.lines.append(f"shipped: {kind}/{name} (read through its catalog)")
    return report
