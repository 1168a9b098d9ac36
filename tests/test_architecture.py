"""The package's layers, read from the source: the engine below the games, the games below
the course's tools, no import cycle, and phases never compared as literal strings.

Imports are read with ``ast`` from every module (at module level and inside functions, so an
import moved into a function to dodge a cycle is still seen).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "haba_lessons"
GAMES = ("spookies", "quiet_as_a_mouse", "meow_meow", "mouse_trap")
#: What builds on the games: nothing under haba_lessons.games (nor the engine) imports these.
HIGHER = ("answer_keys", "app_mode", "catalog", "classlab", "cli", "course", "exercises",
          "explore", "handouts", "links", "pdf_export", "play", "student_copies")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (ROOT / Path(*name.split(".")) / "__init__.py").exists()


def imports(path: Path) -> set[str]:
    """The package's modules that ``path`` imports, anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("haba_lessons")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("haba_lessons"):
                target = node.module
            else:
                continue
            for alias in node.names:                 # "from . import rules": a module
                sub = f"{target}.{alias.name}"
                found.add(sub if (ROOT / Path(*sub.split("."))).with_suffix(".py").exists()
                          or is_package(sub) else target)
    return found - {name}


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
GRAPH = {name: imports(path) for name, path in MODULES.items()}


def reaches_higher(name: str) -> list[str]:
    return sorted(m for m in GRAPH[name]
                  if any(m == f"haba_lessons.{h}" or m.startswith(f"haba_lessons.{h}.")
                         for h in HIGHER))


@pytest.mark.parametrize("game", GAMES)
def test_no_module_of_a_game_imports_a_higher_layer(game):
    prefix = f"haba_lessons.games.{game}"
    modules = [m for m in GRAPH if m == prefix or m.startswith(prefix + ".")]
    assert len(modules) >= 6
    offending = {m: reaches_higher(m) for m in modules if reaches_higher(m)}
    assert not offending, offending


def test_the_engine_imports_no_game_and_no_higher_layer():
    engine = [m for m in GRAPH if m.startswith("haba_lessons.engine")]
    assert len(engine) >= 8
    for m in engine:
        assert not any(i.startswith("haba_lessons.games") for i in GRAPH[m]), m
        assert not reaches_higher(m), m


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_cycle():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# --- phases are named constants ---------------------------------------------------------------

def is_phase(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "phase") or \
        (isinstance(node, ast.Name) and node.id == "phase")


def literal_strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in literal_strings(e)]
    return []


def phase_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of every comparison of a phase with a literal string in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(is_phase(s) for s in sides):
                found += [(node.lineno, text) for s in sides for text in literal_strings(s)]
        elif isinstance(node, ast.Subscript) and is_phase(node.slice) and \
                isinstance(node.value, ast.Dict):
            found += [(node.lineno, text) for k in node.value.keys if k is not None
                      for text in literal_strings(k)]
    return found


def sources():
    for path in sorted(list(PACKAGE.rglob("*.py")) + list((ROOT / "tests").rglob("*.py"))
                       + list((ROOT / "benchmarks").glob("*.py"))):
        yield path.relative_to(ROOT), path.read_text("utf-8")
    for path in sorted(list((ROOT / "notebooks").glob("*.ipynb"))
                       + list((ROOT / "apps").glob("*.ipynb"))):
        cells = json.loads(path.read_text("utf-8"))["cells"]
        for i, cell in enumerate(cells):
            if cell["cell_type"] == "code":
                code = "".join(cell["source"])
                lines = [ln for ln in code.splitlines() if not ln.lstrip().startswith(("%", "!"))]
                yield f"{path.relative_to(ROOT)} cell {i}", "\n".join(lines)


def test_no_phase_is_compared_with_a_literal_string():
    offending = [f"{where}:{line} {text!r}" for where, source in sources()
                 for line, text in phase_literals(source)]
    assert offending == []


def test_the_literal_finder_finds_them():
    code = ('if game.phase == "roll": pass\nx = phase in ("a", B)\n'
            'y = {"over": 1}[state.phase]\nz = state.phase == ROLL')
    assert phase_literals(code) == [(1, "roll"), (2, "a"), (3, "over")]


# --- the translation function is never shadowed ----------------------------------------------

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)


def shadowed_gettext(source: str) -> list[int]:
    """Lines of the functions (and comprehensions) that both assign ``_`` (``for _ in``,
    ``a, _ = ...``) and use it: the assignment makes ``_`` local to the whole function, so its
    ``_("...")`` raises UnboundLocalError, in a message's path that a test rarely takes."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, _SCOPES) or isinstance(function, ast.ClassDef):
            continue
        stores = loads = False
        pending = list(ast.iter_child_nodes(function))
        while pending:
            node = pending.pop()
            if isinstance(node, _SCOPES):
                continue                              # its own scope: checked on its own
            if isinstance(node, ast.Name) and node.id == "_":
                stores |= isinstance(node.ctx, ast.Store)
                loads |= isinstance(node.ctx, ast.Load)
            pending.extend(ast.iter_child_nodes(node))
        if stores and loads:
            found.append(function.lineno)
    return found


def test_no_function_of_the_package_shadows_the_translation_function():
    offending = [f"{path.relative_to(ROOT)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
                 for line in shadowed_gettext(path.read_text("utf-8"))]
    assert offending == []


def test_the_shadow_finder_finds_one():
    code = ("def f(n):\n    if n < 0:\n        raise ValueError(_('no'))\n"
            "    for _ in range(n):\n        pass\n\n"
            "def g(n):\n    return [_('x') for _ in range(n)]\n")
    assert shadowed_gettext(code) == [1, 8]
