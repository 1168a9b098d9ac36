"""The ``haba-lessons`` command (also ``python -m haba_lessons``): the same on Linux, macOS
and Windows, with or without bash.

    haba-lessons open [--student]            open the course (or the student copies) in JupyterLab
    haba-lessons app GAME [--windowed]       one game's widget full screen for the projector
    haba-lessons app --list                  the games and whether each app is ready
    haba-lessons student-copies SRC DST      copies of the notebooks with solutions blanked
    haba-lessons handouts SRC DST            printable pages from the lesson plans
    haba-lessons pdf ...                     notebooks and student copies as PDF files
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

from . import app_mode
from .checkout import course_root
from .errors import HabaLessonsError

STUDENT_FOLDER = "student-notebooks"


def _run(command: list[str], cwd: Path) -> int:
    """Run a server in the foreground until it exits.

    Ctrl+C reaches the server too (same console), and JupyterLab asks to confirm before it
    stops, so this process waits for the server instead of leaving it running behind it.
    """
    server = subprocess.Popen(command, cwd=cwd)
    while True:
        try:
            return server.wait()
        except KeyboardInterrupt:
            continue


def open_course(args: argparse.Namespace) -> int:
    from .student_copies import make_student_copies
    from .trust import trust_course

    root = course_root()
    folder = root / "notebooks"
    if args.student:
        folder = root / STUDENT_FOLDER
        make_student_copies(root / "notebooks", folder)
        print(f"student copies written to {folder}", flush=True)
    trust_course(folder)        # stored widgets draw before Run All (haba_lessons.trust)
    command = [sys.executable, "-m", "jupyterlab", str(folder / "00-welcome.ipynb")]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Containers and classroom images often run as root, which JupyterLab refuses by default.
        command.append("--allow-root")
    if args.no_browser:
        command.append("--no-browser")
    return _run(command, root)


def app(args: argparse.Namespace) -> int:
    root = course_root()
    apps = app_mode.load_apps(app_mode.games_table(root))
    if args.write_notebooks:
        print("wrote:", ", ".join(app_mode.write_notebooks(apps)) or "nothing (no factory)")
        return 0
    if args.list or not args.game:
        for entry in apps.values():
            print(f"{entry.name:18} {app_mode.status(entry)}")
        if not args.list:
            print("Name a game, e.g. haba-lessons app spookies.", file=sys.stderr)
        return 0 if args.list else 2
    chosen = app_mode.find_app(apps, args.game)
    if app_mode.status(chosen) != "ready":
        print(f"{chosen.title}: {app_mode.status(chosen)}.", file=sys.stderr)
        return 2
    return app_mode.serve(chosen, root, args.port, windowed=args.windowed,
                          open_browser=not args.no_browser)


def student_copies(args: argparse.Namespace) -> int:
    from . import student_copies as module

    return module.main([str(args.source), str(args.target)])


def handouts(args: argparse.Namespace) -> int:
    from . import handouts as module

    return module.main([str(args.source), str(args.target)])


def pdf(arguments: list[str]) -> int:
    """Hand every argument to ``haba_lessons.pdf_export`` (its own options, its own --help)."""
    try:
        module = importlib.import_module("haba_lessons.pdf_export")
    except ModuleNotFoundError as error:
        if error.name != "haba_lessons.pdf_export":
            raise
        print("The PDF export is not part of this copy of the course "
              "(haba_lessons/pdf_export.py is missing): update the course folder.",
              file=sys.stderr)
        return 2
    return module.main(arguments)


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(
        prog="haba-lessons", description="The haba_lessons probability course.",
        epilog="Each command has its own --help. Same as: python -m haba_lessons ...")
    commands = main_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    opener = commands.add_parser("open", help="open the course in JupyterLab")
    opener.add_argument("--student", action="store_true",
                        help=f"write the student copies ({STUDENT_FOLDER}/) and open those")
    opener.add_argument("--no-browser", action="store_true", help="only start the server")
    opener.set_defaults(run=open_course)

    player = commands.add_parser("app", help="one game's widget full screen, no code (Voilà)")
    player.add_argument("game", nargs="?", help="the game to show (see --list)")
    player.add_argument("--list", action="store_true", help="list the games and their status")
    player.add_argument("--windowed", action="store_true",
                        help="open in the default browser, not full screen")
    player.add_argument("--port", type=int, default=app_mode.DEFAULT_PORT)
    player.add_argument("--no-browser", action="store_true", help="only start the server")
    player.add_argument("--write-notebooks", action="store_true",
                        help="regenerate apps/<game>.ipynb from apps/games.toml")
    player.set_defaults(run=app)

    copies = commands.add_parser("student-copies",
                                 help="copy the notebooks with the solutions blanked")
    copies.add_argument("source", type=Path, help="folder of teacher notebooks, e.g. notebooks")
    copies.add_argument("target", type=Path, help="folder for the copies")
    copies.set_defaults(run=student_copies)

    pages = commands.add_parser("handouts", help="printable pages from the lesson plans")
    pages.add_argument("source", type=Path, help="folder of lesson plans, e.g. lesson-plans")
    pages.add_argument("target", type=Path, help="folder for the HTML pages")
    pages.set_defaults(run=handouts)

    # Listed for --help only: main() hands everything after "pdf" to the PDF export itself.
    commands.add_parser("pdf", help="export notebooks and student copies to PDF "
                                    "(haba-lessons pdf --help)")
    return main_parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if argv[:1] == ["pdf"]:
            return pdf(argv[1:])
        args = parser().parse_args(argv)
        return args.run(args)
    except HabaLessonsError as error:
        print(error, file=sys.stderr)
        return 2
