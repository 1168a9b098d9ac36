"""Printable handouts from the lesson plans: one self-contained HTML page per plan, and an index.

Each ``lesson-plans/NN-title.md`` becomes ``NN-title.html`` with large readable type and print
styles (A4, no navigation, link addresses printed). A page needs nothing from the internet:
the styles are inline, local images are embedded, and raw HTML in a plan is shown as text.

    python -m haba_lessons.handouts lesson-plans build/handouts
"""

from __future__ import annotations

import argparse
import base64
import html
import mimetypes
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import mistune

PLAN_PATTERN = "[0-9][0-9]-*.md"
#: Printed on every handout (see LICENSE-CONTENT.md and NOTICE.md).
LICENCE_LINE = ("© haba_lessons contributors · licensed under CC BY 4.0 "
                "(https://creativecommons.org/licenses/by/4.0/): share and adapt it, "
                "crediting \"haba_lessons contributors\".")
TRADEMARK_NOTICE = ("An independent course, not made or endorsed by the games' publishers: "
                    "Spookies, Quiet as a Mouse and Cat & Co. Meow Meow are games of HABA, "
                    "Mouse Trap a game of Hasbro; they own those names and trademarks. "
                    "No rulebook text or artwork is reproduced.")

CSS = """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif;
       font-size: 19px; line-height: 1.5; color: #111; background: #fff;
       max-width: 46em; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.9em; line-height: 1.2; margin: 0 0 0.6em; }
h2 { font-size: 1.4em; margin: 1.4em 0 0.4em; border-bottom: 2px solid #0072B2; }
h3 { font-size: 1.15em; margin: 1.2em 0 0.3em; }
table { border-collapse: collapse; width: 100%; margin: 0.8em 0; }
th, td { border: 1px solid #555; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
th { background: #e8eef4; }
code { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 0.92em;
       background: #f1f1f1; padding: 0 0.15em; }
pre { background: #f1f1f1; padding: 0.6em; overflow-x: auto; white-space: pre-wrap; }
pre code { background: none; padding: 0; }
blockquote { border-left: 4px solid #E69F00; margin: 1em 0; padding: 0.1em 1em; }
a { color: #0055aa; }
.missing-image { border: 1px dashed #555; padding: 0.2em 0.4em; font-style: italic; }
nav, footer { font-size: 0.8em; color: #444; }
footer { margin-top: 3em; border-top: 1px solid #999; padding-top: 0.5em; }
footer p { margin: 0.3em 0; }
@page { size: A4; margin: 16mm 15mm; }
@media print {
  body { font-size: 13pt; max-width: none; margin: 0; padding: 0; }
  nav { display: none; }
  a { color: #000; text-decoration: none; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.85em; }
  h1, h2, h3 { break-after: avoid; }
  tr, li, blockquote, pre { break-inside: avoid; }
}
"""


@dataclass(frozen=True)
class Handout:
    """One rendered lesson plan: its file names and title."""

    source: Path
    target: Path
    title: str


class _HandoutRenderer(mistune.HTMLRenderer):
    """Markdown to HTML with images embedded (local) or replaced by their text (remote)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(escape=True)
        self.folder = folder

    def image(self, text: str, url: str, title: str | None = None) -> str:
        path = (self.folder / url).resolve()
        if "://" in url or url.startswith("//") or not path.is_file():
            return (f'<span class="missing-image">[picture: {html.escape(text or url)} — not '
                    "included in the handout]</span>")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        return f'<img src="data:{mime};base64,{data}" alt="{html.escape(text)}">'


def markdown_to_html(text: str, folder: Path) -> str:
    """The body HTML of a plan; ``folder`` is where its local images are looked up."""
    render = mistune.create_markdown(renderer=_HandoutRenderer(folder),
                                     plugins=["table", "strikethrough", "footnotes",
                                              "task_lists"])
    return render(text)


def plan_title(text: str, fallback: str) -> str:
    """The text of the plan's first ``# `` heading, without markdown emphasis."""
    match = re.search(r"^#\s+(.+?)\s*#*\s*$", text, flags=re.MULTILINE)
    return re.sub(r"[*_`]", "", match.group(1)) if match else fallback


def legal_footer() -> str:
    """The licence line and the publishers' notice, as the last lines of a page's footer."""
    return (f'<p class="licence">{html.escape(LICENCE_LINE)}</p>\n'
            f'<p class="notice">{html.escape(TRADEMARK_NOTICE)}</p>')


def page(title: str, body: str, *, nav: str = "", footer: str = "") -> str:
    """A complete, self-contained HTML page, ending with the licence and the notice."""
    footer = (f"<p>{footer}</p>\n" if footer else "") + legal_footer()
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + (f"<nav>{nav}</nav>\n" if nav else "")
        + f"<main>\n{body}</main>\n"
        + f"<footer>{footer}</footer>\n"
        + "</body>\n</html>\n"
    )


def render_plan(source: Path, target_folder: Path) -> Handout:
    """Write the handout of one lesson plan; return what was written."""
    text = source.read_text(encoding="utf-8")
    title = plan_title(text, fallback=source.stem)
    target = target_folder / f"{source.stem}.html"
    target.write_text(page(
        title, markdown_to_html(text, source.parent),
        nav='<a href="index.html">All lesson plans</a>',
        footer=f"haba_lessons · lesson plan {html.escape(source.name)} · print with Ctrl+P",
    ), encoding="utf-8")
    return Handout(source, target, title)


def render_all(source_folder: Path, target_folder: Path) -> list[Handout]:
    """Render every ``NN-title.md`` of ``source_folder`` and write ``index.html`` beside them."""
    target_folder.mkdir(parents=True, exist_ok=True)
    handouts = [render_plan(path, target_folder)
                for path in sorted(source_folder.glob(PLAN_PATTERN))]
    items = "\n".join(f'<li><a href="{html.escape(h.target.name)}">{html.escape(h.title)}</a>'
                      "</li>" for h in handouts)
    (target_folder / "index.html").write_text(page(
        "Lesson plans — haba_lessons",
        "<h1>Lesson plans</h1>\n<p>One page per lesson: goals, a 45-minute plan, questions "
        "to ask the class and the misconceptions it addresses. Open one and print it "
        "(Ctrl+P).</p>\n" f"<ol>\n{items}\n</ol>\n",
    ), encoding="utf-8")
    return handouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="folder of lesson plans (NN-title.md)")
    parser.add_argument("target", type=Path, help="folder for the HTML handouts")
    args = parser.parse_args(argv)
    if not args.source.is_dir():
        print(f"{args.source} is not a folder: give the folder of lesson plans, "
              "e.g. lesson-plans", file=sys.stderr)
        return 2
    if not any(args.source.glob(PLAN_PATTERN)):
        print(f"No lesson plans named like 00-title.md in {args.source}.", file=sys.stderr)
        return 2
    for handout in render_all(args.source, args.target):
        print(f"{handout.target}  {handout.title}")
    print(f"{args.target / 'index.html'}  (index)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
