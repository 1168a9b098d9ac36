"""Printable handouts for the course, built from one source, the course folder: a lesson plan,
a student worksheet (no answers) and a teacher's answer key per lesson, the end-of-unit test
and its mark scheme, with an index; optionally each printed to A4 PDF. Every page is
self-contained (nothing from the internet) and carries the course's licence line.

    haba-lessons handouts . build/handouts          # HTML pages and index.html
    haba-lessons handouts . build/handouts --pdf    # and a PDF beside each page
    haba-lessons handouts . build/handouts-de --lang de   # the German edition's handouts

The one entry point for other tools (the website) is ``build_handouts(source, out)``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import HabaLessonsError
from .build import build_handouts, make_handouts, write_handouts

__all__ = ["build_handouts", "main", "make_handouts", "write_handouts"]


def main(argv: list[str] | None = None) -> int:
    """The ``haba-lessons handouts`` command: print what was written (and, on stderr, a line
    for each document a translated edition leaves out), or one clear message."""
    parser = argparse.ArgumentParser(
        prog="haba-lessons handouts",
        description="Lesson plans, worksheets, answer keys, the unit test and its mark scheme "
                    "as printable pages, with an index.")
    parser.add_argument("source", type=Path,
                        help="the course folder (holding notebooks/, lesson-plans/, "
                             "worksheets/), or its lesson-plans folder")
    parser.add_argument("target", type=Path, help="folder for the handouts")
    parser.add_argument("--pdf", action="store_true",
                        help="also print every page to PDF (Debian's Chromium, offline)")
    parser.add_argument("--lang", default=None, metavar="CODE",
                        help="the handouts' language: en or de (default: HABA_LANG, else en); "
                             "a translated edition holds the documents it ships")
    args = parser.parse_args(argv)
    try:
        made, index = make_handouts(args.source, args.lang, pdf=args.pdf)
        written = write_handouts(made, index, args.target, pdf=args.pdf, language=args.lang)
    except HabaLessonsError as error:
        print(error, file=sys.stderr)
        return 2
    for line in made.left_out:
        print(line, file=sys.stderr)
    for path in written:
        print(path)
    return 0
