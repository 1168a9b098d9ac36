"""The English a code cell shows the reader, translated as the cell runs, the code unchanged.

A translated notebook's code cells are the English ones, byte for byte (only ``setup()``
becomes ``setup(lang="de")``). What a cell prints and titles is translated at run time: the
IPython AST transformer that ``setup(lang=...)`` installs replaces exactly the strings that
a catalog lists, in exactly these places (:func:`shown_strings`):

- a string or f-string given to ``print(...)``, or either branch of a conditional
  ``"..." if ... else "..."`` given there;
- a string or f-string given as ``title=``, ``x_title=``, ``y_title=``, ``description=``,
  ``subtitle=`` or ``caption=`` (the charts' words);
- a string or f-string given to ``against(...)`` or ``compare(...)`` (:mod:`haba_lessons.claims`),
  which write it into the sentence they return (``"2,000 rounds"``).

Nothing else is touched, so a string the code compares, looks up or writes to a file keeps
its English value. An f-string's catalog entry is its template, written as in the source
(``n = {n:>7,}: estimate {k / n:.4f}``); the translation must keep every ``{...}`` field
(it may move them), and in German each field's number is written with a decimal comma.

Labels in a cell's data (a tree's branch names, ``"special" if card.special else
"animal"``) stay English in the data, where the code compares them, and are translated only
where the library draws them (:func:`haba_lessons.i18n.label`): the catalog lists them with
the context ``label`` (:func:`label_strings` finds them).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

#: Keyword arguments whose string is shown to the reader (a chart's or a widget's words).
SHOWN_KEYWORDS = frozenset({"title", "x_title", "y_title", "description", "subtitle", "caption"})
#: Functions whose string arguments are written into the sentence they return (the claims').
SHOWN_CALLS = frozenset({"against", "compare"})
#: The catalog contexts of a code cell's strings.
CODE, LABEL = "code", "label"
_LETTERS = re.compile(r"[^\W\d_]{2}")
_DIGIT_COMMA = re.compile(r"\d,\d")


@dataclass(frozen=True)
class Shown:
    """A string a cell shows: its catalog text, and where it is (node, its parent)."""

    text: str
    node: ast.expr


def template(node: ast.expr) -> str | None:
    """The catalog text of a string constant or f-string (None for anything else); a brace
    is written ``{{`` in either, so only an f-string's fields are ``{...}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _piece(node)             # its braces doubled, as an f-string writes them
    if isinstance(node, ast.JoinedStr):
        return "".join(_piece(value) for value in node.values)
    return None


def _piece(value: ast.expr) -> str:
    if isinstance(value, ast.Constant):
        return str(value.value).replace("{", "{{").replace("}", "}}")
    assert isinstance(value, ast.FormattedValue)
    text = "{" + ast.unparse(value.value)
    if value.conversion != -1:
        text += "!" + chr(value.conversion)
    if value.format_spec is not None:
        text += ":" + "".join(_piece(part) for part in value.format_spec.values)
    return text + "}"


def _worth_translating(node: ast.expr) -> bool:
    """Whether a translator must see the string ``node``: its literal text (an f-string's
    fields aside; braces in a plain string such as ``"P({3,4})"`` are text) has a word, or a
    comma between digits (``C(36,5)``, ``1,000``, ``{3,4}``), which German would read as a
    decimal comma."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        bare = node.value
    elif isinstance(node, ast.JoinedStr):
        bare = "".join(str(part.value) for part in node.values if isinstance(part, ast.Constant))
    else:
        return False
    return bool(_LETTERS.search(bare) or _DIGIT_COMMA.search(bare))


def shown_strings(tree: ast.AST, *, wordless: bool = False) -> Iterator[Shown]:
    """The strings of ``tree`` that a reader sees: print arguments and shown keywords
    (with ``wordless``, instead the f-strings among them with no word to translate, such as
    ``f"≈ {x:.4f}"``, whose numbers are still written the language's way)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        candidates: list[ast.expr] = []
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            candidates += node.args
        if _called(node) in SHOWN_CALLS:
            candidates += [argument for argument in node.args if template(argument) is not None]
        candidates += [keyword.value for keyword in node.keywords
                       if keyword.arg in SHOWN_KEYWORDS]
        for candidate in _branches(candidates):
            text = template(candidate)
            if text is None:
                continue
            if wordless and isinstance(candidate, ast.JoinedStr) and not _worth_translating(candidate):
                yield Shown(text, candidate)
            elif not wordless and _worth_translating(candidate):
                yield Shown(text, candidate)


def _called(node: ast.Call) -> str | None:
    """The name a call calls: ``against`` for ``against(...)`` and ``claims.against(...)``."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _branches(candidates: list[ast.expr]) -> Iterator[ast.expr]:
    """The candidates, a conditional ``a if c else b`` given as its branches (nested too):
    ``print("So:", "yes" if ok else "no")`` shows whichever branch is taken."""
    for candidate in candidates:
        if isinstance(candidate, ast.IfExp):
            yield from _branches([candidate.body, candidate.orelse])
        else:
            yield candidate


def label_strings(tree: ast.AST) -> Iterator[str]:
    """Strings that look like labels in a cell's data: the branches of ``a if c else b`` and
    the strings in tuples and lists given to a call, never one that is compared."""
    compared: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for part in ast.walk(node):
                compared.add(id(part))
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp):
            found += [node.body, node.orelse]
        elif isinstance(node, ast.Call):
            for argument in [*node.args, *(k.value for k in node.keywords)]:
                for part in ast.walk(argument):
                    if isinstance(part, (ast.Tuple, ast.List)):
                        found += part.elts
    shown = {id(item.node) for item in shown_strings(tree)}
    for node in found:
        if id(node) in compared or id(node) in shown:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and _worth_translating(node):
            yield node.value


# --- a template's fields -------------------------------------------------------------------

def fields(text: str) -> list[str]:
    """The ``{...}`` fields of an f-string template, as written (``{{`` is a brace)."""
    found, index, depth, start = [], 0, 0, 0
    while index < len(text):
        char = text[index]
        if depth == 0 and text.startswith(("{{", "}}"), index):
            index += 2
            continue
        if char == "{":
            if depth == 0:
                start = index
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                found.append(text[start:index + 1])
        index += 1
    return found


def _literal(text: str) -> str:
    return text.replace("{{", "{").replace("}}", "}")


def translated_fstring(node: ast.JoinedStr, translation: str, number_call: ast.expr | None
                       ) -> ast.JoinedStr:
    """``node`` with the literal text of ``translation`` and the same fields (each field
    found by its text); with ``number_call``, each field's value is written through it."""
    originals = {_piece(value): value for value in node.values
                 if isinstance(value, ast.FormattedValue)}
    values: list[ast.expr] = []
    position = 0
    for field in fields(translation):
        start = translation.index(field, position)
        if start > position:
            values.append(ast.Constant(_literal(translation[position:start])))
        values.append(_localized(originals[field], number_call))
        position = start + len(field)
    if position < len(translation):
        values.append(ast.Constant(_literal(translation[position:])))
    return ast.copy_location(ast.JoinedStr(values=values), node)


def _localized(value: ast.FormattedValue, number_call: ast.expr | None) -> ast.FormattedValue:
    if number_call is None or value.conversion != -1:
        return value
    spec = value.format_spec if value.format_spec is not None else ast.Constant("")
    call = ast.Call(func=number_call, args=[value.value, spec], keywords=[])
    return ast.FormattedValue(value=call, conversion=-1, format_spec=None)


class Translator(ast.NodeTransformer):
    """Replaces the shown strings of a cell that ``texts`` translates (English -> German);
    an f-string keeps its fields and writes their numbers the language's way."""

    def __init__(self, texts: Mapping[str, str], language: str) -> None:
        self.texts = dict(texts)
        self.language = language

    def _number_call(self) -> ast.expr:
        module = ast.Call(func=ast.Name("__import__", ast.Load()),
                          args=[ast.Constant("haba_lessons.i18n")],
                          keywords=[ast.keyword("fromlist", ast.List([ast.Constant("number")],
                                                                     ast.Load()))])
        return ast.Attribute(value=module, attr="number", ctx=ast.Load())

    def visit_Module(self, tree: ast.Module) -> ast.Module:
        replacements = {}
        for item in shown_strings(tree):
            translation = self.texts.get(item.text)
            if translation is None:
                continue
            if isinstance(item.node, ast.JoinedStr):
                if sorted(fields(translation)) != sorted(fields(item.text)):
                    continue            # a broken entry never reaches a cell (see catalogs)
                replacements[id(item.node)] = translated_fstring(item.node, translation,
                                                                 self._number_call())
            else:
                replacements[id(item.node)] = ast.copy_location(
                    ast.Constant(_literal(translation)), item.node)
        for item in shown_strings(tree, wordless=True):
            replacements[id(item.node)] = translated_fstring(item.node, item.text,
                                                             self._number_call())
        if replacements:
            tree = _Replace(replacements).visit(tree)
            ast.fix_missing_locations(tree)
        return tree


class _Replace(ast.NodeTransformer):
    def __init__(self, replacements: dict[int, ast.expr]) -> None:
        self.replacements = replacements

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if id(node) in self.replacements:
            return self.replacements[id(node)]
        return super().generic_visit(node)
