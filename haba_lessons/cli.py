"""The ``haba-lessons`` command (also ``python -m haba_lessons``): the same on Linux, macOS
and Windows, with or without bash.

    haba-lessons open [--student [--force]] [--lang de]  the course (or the student copies)
    haba-lessons app GAME [--windowed] [--lang de]       one game's widget full screen
    haba-lessons app --list                  the games and whether each app is ready
    haba-lessons student-copies SRC DST      copies of the notebooks with solutions blanked
                                             (existing copies are kept; --force replaces)
    haba-lessons handouts SRC DST [--pdf] [--lang de]  plans, worksheets, keys, unit test
    haba-lessons pdf ...                     notebooks and student copies as PDF files
    haba-lessons reset NN [--student]        a notebook back as shipped, your version kept
    haba-lessons site OUT                    the course as a website that works offline
    haba-lessons class-server --class-data DIR   JupyterHub for a class, one shared folder
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

from . import app_mode, i18n
from .checkout import course_root
from .errors import HabaLessonsError
from .text_files import read_text

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


def _language(args: argparse.Namespace) -> str:
    """The ``--lang`` of a command (checked: an unknown code lists the languages), set as
    ``HABA_LANG`` for everything this command starts (the kernels, Voilà)."""
    language = i18n.check_language(args.lang) if args.lang else i18n.language()
    os.environ[i18n.ENVIRONMENT] = language
    return language


def _edition_folder(root: Path, language: str) -> Path:
    """The notebooks of ``language``: ``notebooks/<language>`` when it ships notebook 00."""
    if language == i18n.SOURCE:
        return root / "notebooks"
    folder = root / "notebooks" / language
    if not (folder / "00-welcome.ipynb").is_file():
        raise HabaLessonsError(f"The course has no notebooks in {language!r} yet "
                               f"(notebooks/{language}/ is missing): build them with "
                               f"python scripts/translations.py build.")
    return folder


def open_course(args: argparse.Namespace) -> int:
    from .lab import lab_command
    from .student_copies import make_student_copies, summary
    from .trust import trust_course

    root = course_root()
    language = _language(args)
    source = _edition_folder(root, language)
    folder = source
    if args.student:
        folder = root / STUDENT_FOLDER
        if language != i18n.SOURCE:
            folder = folder / language
        copies = make_student_copies(source, folder, force=args.force)
        for copy in copies:
            if copy.status != "kept":
                print(copy)
        print(f"Student copies in {folder}: {summary(copies)}.", flush=True)
    elif args.force:
        print("--force goes with --student (it replaces student copies).", file=sys.stderr)
        return 2
    trust_course(folder)        # stored widgets draw before Run All (haba_lessons.trust)
    welcome = (folder / "00-welcome.ipynb").relative_to(root).as_posix()
    return _run(lab_command(root, welcome, port=args.port, open_browser=not args.no_browser,
                            language=language), root)


def app(args: argparse.Namespace) -> int:
    root = course_root()
    _language(args)
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

    return module.main([str(args.source), str(args.target)] + (["--force"] if args.force else []))


def handouts(args: argparse.Namespace) -> int:
    from . import handouts as module

    try:
        return module.main([str(args.source), str(args.target), *(["--pdf"] if args.pdf else []),
                            *(["--lang", args.lang] if args.lang else [])])
    except UnicodeDecodeError:
        source = Path(args.source)
        for plan in sorted([*source.glob("[0-9][0-9]*.md"),
                            *source.glob("lesson-plans/[0-9][0-9]*.md")]):
            read_text(plan)                   # raises naming the plan that is not UTF-8
        raise
    except OSError as error:
        raise _cannot(error, "write the handouts") from None


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
    try:
        return module.main(arguments)
    except OSError as error:
        raise _cannot(error, "write the PDF files") from None


def _cannot(error: OSError, what: str) -> HabaLessonsError:
    """A disk's refusal (a read-only folder, a file where a folder belongs) as one line."""
    where = error.filename or "the output folder"
    reason = ("a file is in the way where a folder is needed"
              if isinstance(error, (FileExistsError, NotADirectoryError))
              else error.strerror or str(error))
    return HabaLessonsError(f"Could not {what}: {where}: {reason}. Choose a folder you may "
                            f"write to.")


def add_reset_command(commands: argparse._SubParsersAction) -> None:
    """``haba-lessons reset NN``: a notebook back as shipped, the student's version kept."""
    from . import reset

    fresh = commands.add_parser("reset", help="a notebook back as shipped (your version kept)",
                                description=reset.__doc__.splitlines()[0])
    reset.add_arguments(fresh)
    fresh.set_defaults(run=reset.run)


def add_site_command(commands: argparse._SubParsersAction) -> None:
    """``haba-lessons site OUT``: the course as a website that works offline."""
    site = commands.add_parser(
        "site", help="the course as a website that works offline",
        description="Build the course as a static website (every notebook with its stored "
                    "outputs, the lesson plans, the handouts) that needs no internet.")
    site.add_argument("out", type=Path, help="a new or empty folder (or a site built before)")
    site.add_argument("--notebooks", type=Path, default=None,
                      help="the folder of notebooks (default: notebooks/)")
    site.add_argument("--lesson-plans", type=Path, default=None,
                      help="the folder of lesson plans (default: lesson-plans/)")
    site.add_argument("--lang", "--language", dest="lang", default="en", metavar="CODE",
                      help="the edition: its notebooks and lesson plans (notebooks/CODE/, "
                           "lesson-plans/CODE/ unless given) and the site's own words "
                           "(default: en)")
    site.set_defaults(run=build_site)


def build_site(args: argparse.Namespace) -> int:
    from .site import build_site as build

    print(build(args.out, notebooks_folder=args.notebooks, plans_folder=args.lesson_plans,
                language=args.lang))
    return 0


def add_class_server_command(commands: argparse._SubParsersAction) -> None:
    """``haba-lessons class-server --class-data DIR``: JupyterHub for a whole class."""
    from .class_server import launch

    server = commands.add_parser(
        "class-server", help="JupyterHub for a class: one login per group, one class-data "
                             "folder",
        description="JupyterHub for a whole class: one login per group (its nickname and "
                    "the class password), every group's class-data/ in one shared folder. "
                    "Ctrl+C stops everything.")
    launch.add_arguments(server)
    server.set_defaults(run=class_server)


def class_server(args: argparse.Namespace) -> int:
    from .class_server import launch

    return launch.run(args)


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(
        prog="haba-lessons", description="The haba_lessons probability course.",
        epilog="Each command has its own --help. Same as: python -m haba_lessons ...")
    commands = main_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    opener = commands.add_parser("open", help="open the course in JupyterLab")
    opener.add_argument("--student", action="store_true",
                        help=f"write the student copies ({STUDENT_FOLDER}/) and open those")
    opener.add_argument("--force", action="store_true",
                        help="with --student: replace existing student copies (each old one "
                             "is kept beside it under a timestamped name)")
    opener.add_argument("--no-browser", action="store_true", help="only start the server")
    opener.add_argument("--port", type=int, default=None,
                        help="the port to serve on (default: 8888, or the next free one)")
    opener.add_argument("--lang", default=None, metavar="CODE",
                        help="the course's language: en or de (default: HABA_LANG, else en)")
    opener.set_defaults(run=open_course)

    player = commands.add_parser("app", help="one game's widget full screen, no code (Voilà)")
    player.add_argument("game", nargs="?", help="the game to show (see --list)")
    player.add_argument("--list", action="store_true", help="list the games and their status")
    player.add_argument("--windowed", action="store_true",
                        help="open in the default browser, not full screen")
    player.add_argument("--port", type=int, default=app_mode.DEFAULT_PORT)
    player.add_argument("--lang", default=None, metavar="CODE",
                        help="the app's language: en or de (default: HABA_LANG, else en)")
    player.add_argument("--no-browser", action="store_true", help="only start the server")
    player.add_argument("--write-notebooks", action="store_true",
                        help="regenerate apps/<game>.ipynb from apps/games.toml")
    player.set_defaults(run=app)

    copies = commands.add_parser("student-copies",
                                 help="copy the notebooks with the solutions blanked")
    copies.add_argument("source", type=Path, help="folder of teacher notebooks, e.g. notebooks")
    copies.add_argument("target", type=Path, help="folder for the copies")
    copies.add_argument("--force", action="store_true",
                        help="replace existing copies (each old one is kept beside it under a "
                             "timestamped name); without it they are never overwritten")
    copies.set_defaults(run=student_copies)

    pages = commands.add_parser("handouts", help="printable lesson plans, worksheets, answer "
                                                 "keys, unit test and mark scheme")
    pages.add_argument("source", type=Path, help="the course folder (holding notebooks/, "
                                                 "lesson-plans/, worksheets/), e.g. .")
    pages.add_argument("target", type=Path, help="folder for the HTML pages")
    pages.add_argument("--pdf", action="store_true", help="also print each page to PDF")
    pages.add_argument("--lang", default=None, metavar="CODE",
                       help="the handouts' language: en or de (default: HABA_LANG, else en)")
    pages.set_defaults(run=handouts)

    add_reset_command(commands)
    add_site_command(commands)
    add_class_server_command(commands)

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
