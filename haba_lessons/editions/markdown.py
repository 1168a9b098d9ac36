"""Markdown cut into translation units, and the parts of a unit a translation must keep.

A markdown cell (or a lesson plan) is cut at blank lines into blocks, a list into its
items and a table into its rows, so that a small English change marks one catalog entry, not a whole cell; a fenced
code block is one unit and is never translated. :func:`join` puts the translated units back
with the original separators, so the German text has the English text's layout.

:func:`kept_parts` lists what a translation must not change: formulas (``$...$``; decimal
points may become ``{,}`` and ``\\text{...}`` is free), link targets (their ``#anchor`` may
follow the translated heading), inline code, HTML comments and ``{placeholders}``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^(\d+\.|[*+-])\s")
_RULE = re.compile(r"^\s*\|[\s:|-]+\|?\s*$")


@dataclass(frozen=True)
class Unit:
    """One piece of a markdown text: ``text`` (translated unless ``fixed``) and the
    separator that follows it."""

    text: str
    after: str
    fixed: bool = False


def units(source: str) -> list[Unit]:
    """``source`` cut into blocks and list items; ``"".join`` of text+after gives it back."""
    spans: list[list] = []          # [start, end, fixed, is_list]
    offset, in_fence, open_block = 0, False, False
    for line in source.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        end = start + len(line.rstrip("\r\n"))
        if in_fence:
            spans[-1][1] = end
            in_fence = not _FENCE.match(line)
            open_block = in_fence
            continue
        if _FENCE.match(line):
            spans.append([start, end, True, False])
            in_fence, open_block = True, True
            continue
        if not line.strip():
            open_block = False
            continue
        if line.lstrip().startswith("|"):           # a table row is a unit of its own
            spans.append([start, end, bool(_RULE.match(line)), False])
            open_block = False
            continue
        if open_block and not spans[-1][2] and not (spans[-1][3] and _ITEM.match(line)):
            spans[-1][1] = end
            continue
        spans.append([start, end, False, bool(_ITEM.match(line))])
        open_block = True
    if not spans:
        return [Unit("", source, True)]
    pieces = []
    if spans[0][0] > 0:
        pieces.append(Unit("", source[:spans[0][0]], True))
    for index, (start, end, fixed, _) in enumerate(spans):
        following = spans[index + 1][0] if index + 1 < len(spans) else len(source)
        pieces.append(Unit(source[start:end], source[end:following], fixed))
    return pieces


def join(pieces: list[Unit], translated: list[str]) -> str:
    """The text again, each unit replaced by its translation."""
    return "".join(text + piece.after for piece, text in zip(pieces, translated))


# --- what a translation keeps -------------------------------------------------------------

_DISPLAY_MATH = re.compile(r"\$\$.+?\$\$", re.S)
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$", re.S)
_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_AUTOLINK = re.compile(r"<(https?://[^>]+)>")
_CODE = re.compile(r"(`+)(.+?)\1", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}(?!\})")


def _formula(text: str) -> str:
    """A formula as compared: ``\\text{...}`` emptied, a German ``{,}`` read as a point,
    spaces dropped."""
    text = re.sub(r"\\(?:text|mathrm|textrm)\{[^{}]*\}", r"\\text{}", text)
    text = re.sub(r"(?<=\d)\{,\}(?=\d)", ".", text)
    return re.sub(r"\s+", "", text)


def kept_parts(text: str) -> Counter:
    """The parts of ``text`` a translation must keep, as (kind, part) counts."""
    found: Counter = Counter()
    code_free = _CODE.sub(lambda m: found.update([("code", m.group(2).strip())]) or " ", text)
    for match in _DISPLAY_MATH.findall(code_free):
        found[("formula", _formula(match))] += 1
    code_free = _DISPLAY_MATH.sub(" ", code_free)
    for match in _INLINE_MATH.findall(code_free):
        found[("formula", _formula(match))] += 1
    for target in _LINK.findall(code_free):
        found[("link", target.split("#", 1)[0] or target)] += 1
    for target in _AUTOLINK.findall(code_free):
        found[("link", target)] += 1
    for comment in _COMMENT.findall(code_free):
        found[("comment", comment)] += 1
    return found


def placeholders(text: str) -> Counter:
    """The ``{name}`` placeholders of a text (``{{`` is a brace, not a placeholder)."""
    return Counter(match.group(1) for match in _PLACEHOLDER.finditer(text))


def broken(english: str, translation: str, *, with_placeholders: bool = False) -> list[str]:
    """What the translation changed that it must keep (empty if nothing)."""
    problems = []
    want, got = kept_parts(english), kept_parts(translation)
    for (kind, part), count in sorted((want - got).items()):
        problems.append(f"the {kind} {part!r} is missing or changed")
    for (kind, part), count in sorted((got - want).items()):
        problems.append(f"the {kind} {part!r} is not in the English")
    if with_placeholders and placeholders(english) != placeholders(translation):
        missing = sorted((placeholders(english) - placeholders(translation)).elements())
        extra = sorted((placeholders(translation) - placeholders(english)).elements())
        problems += [f"the placeholder {{{name}}} is missing" for name in missing]
        problems += [f"the placeholder {{{name}}} is not in the English" for name in extra]
    return problems
