"""A lesson's exercises, read from its notebook: the statement, the solution cells and the key.

An exercise starts at a markdown cell with ``**Exercise k ★★ (kind)**``; the cells after it,
up to the next exercise or the next heading, are its own: the cells tagged ``solution`` are its
worked solution, and a cell ``check("NN.k", ...)`` names its self-check, whose key is
``haba_lessons.answer_keys.nbNN.KEYS["NN.k"]``. An exercise explained in words has a markdown
solution and no self-check.
"""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import nbformat

from ..errors import DataFileError
from ..exercises import normal_words
from ..i18n import _, number, pgettext, quoted
from ..student_copies import is_check, is_solution

_START = r"\*\*{word}\s+(\d+)\b([^*]*)\*\*"
_CHECK = re.compile(r"""check\(\s*["'](\d\dx?\.\d+)["']""")
_KIND = re.compile(r"\(([^()]*)\)\s*$")


@dataclass(frozen=True)
class Solution:
    """One solution cell: ``markdown`` (worked in words) or ``code``, and its source."""

    cell_type: str
    source: str
    student_prompt: str


@dataclass(frozen=True)
class Exercise:
    """One exercise of a notebook, with everything its worksheet and answer key show."""

    notebook: Path
    number: int
    stars: str
    kind: str
    statement: str
    solutions: tuple[Solution, ...]
    check_id: str | None
    cell: int

    @property
    def id(self) -> str:
        """``NN.k``: notebook NN's exercise k, as the self-checks name it (``NNx.k`` in an
        extension)."""
        return f"{self.notebook.name.split('-', 1)[0]}.{self.number}"

    @property
    def key(self) -> Callable[[Any], tuple[bool, str]] | None:
        """The self-check's key, or None for an exercise answered in words."""
        return answer_key(self.check_id) if self.check_id else None

    @property
    def options(self) -> tuple[str, ...]:
        """The quoted choices its answer cell offers (``"space 1" or "space 6"``), if any."""
        prompts = " ".join(s.student_prompt.partition("#")[2] for s in self.solutions)
        return tuple(re.findall(r'"([^"]+)"', prompts))


def answer_key(check_id: str) -> Callable[[Any], tuple[bool, str]]:
    """The key of self-check ``NN.k`` from ``haba_lessons.answer_keys.nbNN``."""
    module_name = f"haba_lessons.answer_keys.nb{check_id.split('.')[0]}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        raise DataFileError(f"check(\"{check_id}\") has no answer key: "
                            f"{module_name.replace('.', '/')}.py is missing.") from None
    if check_id not in module.KEYS:
        raise DataFileError(f"check(\"{check_id}\") has no answer key: add \"{check_id}\" to "
                            f"KEYS in {module_name.replace('.', '/')}.py.")
    return module.KEYS[check_id]


def exercise_word() -> str:
    """The word that heads an exercise in the language in use ("Exercise", "Aufgabe"): a
    translated notebook heads its exercises as the library's catalog says."""
    return pgettext("exercise heading", "Exercise")


def read_exercises(path: Path) -> list[Exercise]:
    """Every exercise of the notebook at ``path``, in order, each checked to have a key;
    the notebook is in the language in use (its exercises headed by :func:`exercise_word`).

    A problem raises ``DataFileError`` naming the notebook and the exercise.
    """
    start_pattern = re.compile(_START.format(word=re.escape(exercise_word())))
    try:
        notebook = nbformat.read(path, as_version=4)
    except (OSError, ValueError) as error:
        raise DataFileError(f"{path}: not a notebook that can be read ({error}).") from None
    found: list[dict] = []
    for index, cell in enumerate(notebook.cells):
        start = start_pattern.search(cell.source) if cell.cell_type == "markdown" else None
        if start and not is_solution(cell):
            statement = cell.source[start.end():].split("\n#", 1)[0].strip()
            label = start.group(2).strip()
            kind = _KIND.search(label)
            found.append({"number": int(start.group(1)), "cell": index, "statement": statement,
                          "stars": label.split("(")[0].strip(),
                          "kind": kind.group(1).strip() if kind else "", "solutions": [],
                          "checks": []})
        elif found and cell.cell_type == "markdown" and cell.source.lstrip().startswith("#"):
            found.append(None)                              # a heading ends the exercise
        elif found and found[-1] is not None:
            if is_solution(cell):
                found[-1]["solutions"].append(Solution(
                    cell.cell_type, cell.source, cell.metadata.get("student_prompt", "")))
            elif is_check(cell) or _CHECK.search(cell.source):
                found[-1]["checks"] += _CHECK.findall(cell.source)
    exercises = [entry for entry in found if entry is not None]
    return [_checked(path, entry) for entry in exercises]


def _checked(path: Path, entry: dict) -> Exercise:
    where = f"{path}: exercise {entry['number']}"
    if not entry["solutions"]:
        raise DataFileError(f"{where} has no key: no cell after it is tagged 'solution' "
                            "(the answer key shows that cell).")
    if len(entry["checks"]) > 1:
        raise DataFileError(f"{where} has {len(entry['checks'])} self-checks; give it one.")
    check_id = entry["checks"][0] if entry["checks"] else None
    expected = f"{path.name.split('-', 1)[0]}.{entry['number']}"
    if check_id and check_id != expected:
        raise DataFileError(f"{where}: its self-check is check(\"{check_id}\"), "
                            f"expected check(\"{expected}\").")
    if check_id:
        try:
            answer_key(check_id)
        except DataFileError as error:
            raise DataFileError(f"{where}: {error}") from None
    return Exercise(path, entry["number"], entry["stars"], entry["kind"], entry["statement"],
                    tuple(entry["solutions"]), check_id, entry["cell"])


# --- what a key accepts, for the teacher --------------------------------------------------

def key_kind(key: Callable) -> str:
    """``exact``, ``approx``, ``choice``, ``function`` or ``holds`` (the factory that made it)."""
    return key.__qualname__.split(".")[0]


def key_facts(key: Callable) -> dict[str, Any]:
    """The values a key was made with (``target``, ``value``, ``tolerance``, ``targets``, ...)."""
    return dict(inspect.getclosurevars(key).nonlocals)


def show_number(value: Any) -> str:
    """A number as a teacher writes it: ``5/18``, ``7``, ``0.1319`` (``0,1319`` in German)."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value}"
    if isinstance(value, float):
        return number(value, ".6g")
    return str(value)


def describe_key(key: Callable, options: tuple[str, ...] = ()) -> str:
    """What the self-check accepts, in one sentence (never shown to a student).

    ``options`` are the choices the exercise offers: a choice key names the right one as
    written there.
    """
    kind, facts = key_kind(key), key_facts(key)
    if kind == "exact":
        value = facts["target"]
        extra = f" ≈ {number(float(value), '.4g')}" if value.denominator != 1 else ""
        return _("exactly {value}.").format(value=show_number(value) + extra)
    if kind == "approx":
        return _("any number within {tolerance} of {value} (a simulated estimate).").format(
            tolerance=show_number(facts["tolerance"]), value=show_number(facts["value"]))
    if kind == "choice":
        right = [option for option in options if key(option)[0]]
        named = {normal_words(option) for option in right}
        others = [word for word in facts["words"]() if normal_words(word) not in named]
        words = ", ".join(quoted(word) for word in dict.fromkeys([*right, *others]))
        return _("the words {words} (case, spaces and hyphens ignored).").format(words=words)
    if kind == "function":
        inputs = "; ".join("(" + ", ".join(map(str, args)) + ")" for args in facts["inputs"])
        return _("a function that agrees with the key's own on the inputs {inputs}.").format(
            inputs=inputs)
    if kind == "holds":
        return _("any answer that passes the key's test (its hint: {hint})").format(
            hint=facts["hint"])
    return _("the self-check's own test.")
