"""A notebook's translated edition: its catalog's entries, and the notebook built from them.

The English notebook ``notebooks/NN-....ipynb`` is the source. Its catalog
``notebooks/locale/<language>/NN-....po`` holds its markdown units, the strings its code
cells show (context ``code``) and the labels in its data (context ``label``). The translated
notebook ``notebooks/<language>/NN-....ipynb`` has the same cells with the same ids: each
markdown cell is its units translated, each code cell the English one with ``setup()`` made
``setup(lang="<language>")``, and the generated cells of notebook 00 (the lessons table, the
syllabus map) are generated in the language (:mod:`.generated`). Relative links to a
notebook that this edition does not ship yet point to the English one (``../``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import nbformat

from . import catalogs, code, markdown
from .catalogs import Wanted

#: Notebook 00's cells that are generated (their words come from their own catalogs).
GENERATED_CELLS = ("lessons-table", "syllabus-map")
_SETUP = re.compile(r"\bsetup\(")
_LINK = re.compile(r"(\]\()([^)\s#]+)(#[^)\s]*)?(\))")


def catalog_path(root: Path, language: str, notebook: str) -> Path:
    return root / "notebooks" / "locale" / language / (Path(notebook).stem + ".po")


def edition_path(root: Path, language: str, notebook: str) -> Path:
    return root / "notebooks" / language / notebook


def wanted(notebook: nbformat.NotebookNode) -> list[Wanted]:
    """Every English text of ``notebook`` a translator translates, with its cell."""
    found = []
    for number, cell in enumerate(notebook.cells, start=1):
        place = f"cell {number}"
        if cell.cell_type == "markdown" and cell.get("id") not in GENERATED_CELLS:
            found += [Wanted(unit.text, None, (place,))
                      for unit in markdown.units(cell.source) if not unit.fixed and unit.text]
        elif cell.cell_type == "code":
            tree = _parse(cell.source)
            if tree is None:
                continue
            found += [Wanted(item.text, code.CODE, (place,))
                      for item in code.shown_strings(tree)]
            found += [Wanted(text, code.LABEL, (place,)) for text in code.label_strings(tree)]
    return catalogs.merge(found)


def _parse(source: str) -> ast.AST | None:
    try:
        return ast.parse(source)
    except SyntaxError:            # IPython magics: nothing of theirs is translated
        return None


def with_language(source: str, language: str) -> str:
    """A code cell's source with every ``setup(...)`` call given the language, as the last
    argument (``setup(SEED)`` becomes ``setup(SEED, lang="de")``: a keyword may not come
    before a positional argument)."""
    pieces, start = [], 0
    for match in _SETUP.finditer(source):
        if match.start() < start:                  # inside a call already rewritten
            continue
        close = _closing_parenthesis(source, match.end())
        if close is None:                          # unbalanced: leave the rest as it is
            break
        arguments = source[match.end():close]
        keyword = f'lang="{language}"'
        pieces += [source[start:match.end()],
                   f"{arguments}, {keyword}" if arguments.strip() else keyword, ")"]
        start = close + 1
    return "".join(pieces) + source[start:]


def _closing_parenthesis(source: str, after: int) -> int | None:
    """The index of the ``)`` that closes the parenthesis opened just before ``after``."""
    depth = 1
    for index in range(after, len(source)):
        depth += {"(": 1, ")": -1}.get(source[index], 0)
        if depth == 0:
            return index
    return None


def translated(notebook: nbformat.NotebookNode, texts: dict, language: str,
               shipped: Callable[[str], bool],
               generated: Callable[[str], str]) -> nbformat.NotebookNode:
    """The translated notebook (not executed): ``texts`` maps (English, context) to the
    translation, ``shipped(name)`` says whether a notebook is in this edition, and
    ``generated(cell_id)`` writes a generated cell in the language."""
    result = nbformat.reads(nbformat.writes(notebook), as_version=4)     # a deep copy
    for cell in result.cells:
        if cell.cell_type == "markdown":
            if cell.get("id") in GENERATED_CELLS:
                cell.source = generated(cell.id)
                continue
            pieces = markdown.units(cell.source)
            cell.source = _relinked(markdown.join(
                pieces, [piece.text if piece.fixed or not piece.text
                         else texts[(piece.text, None)] for piece in pieces]), shipped)
        elif cell.cell_type == "code":
            cell.source = with_language(cell.source, language)
            cell.outputs = []
            cell.execution_count = None
    result.metadata.setdefault("haba_lessons", {})["language"] = language
    return result


def _relinked(text: str, shipped: Callable[[str], bool]) -> str:
    """Relative links to files beside the English notebook, pointed at them from the
    edition's folder (a notebook the edition ships is linked in the edition)."""
    def relink(match: re.Match) -> str:
        target = match.group(2)
        if re.match(r"^[a-z]+:", target) or target.startswith(("/", "#")):
            return match.group(0)
        if target.endswith(".ipynb") and "/" not in target and shipped(target):
            return match.group(0)
        return f"{match.group(1)}../{target}{match.group(3) or ''}{match.group(4)}"
    return _LINK.sub(relink, text)
