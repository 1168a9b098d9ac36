"""The website's own pages, written as MyST Markdown for Sphinx: the home page (the lessons in
teaching order, and the navigation), the handouts, the assumptions and the licence.

Every word comes from the edition's texts (:mod:`.texts`); the lists come from the course's
catalog, its data files and what the handouts builder wrote.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..catalog import Notebook
from .slugs import jupyterlab_slug


@dataclass(frozen=True)
class Lesson:
    """A notebook of the catalog as the site shows it (``plan``: it has a lesson plan)."""

    entry: Notebook
    plan: bool


def cell(text: object) -> str:
    """Text for a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def toctree(caption: str, documents: Sequence[str]) -> str:
    """A hidden table of contents: the sidebar's navigation, in this order."""
    body = "\n".join(documents)
    return f"```{{toctree}}\n:hidden:\n:caption: {caption}\n\n{body}\n```\n"


def home(texts: dict[str, Any], lessons: Sequence[Lesson], *, placeholder_binder: bool) -> str:
    """``index.md``: the course's lessons in teaching order, and every page in the sidebar."""
    rows = [f"| {' | '.join(texts['lessons_columns'])} |",
            "|" + "---|" * len(texts["lessons_columns"])]
    for lesson in lessons:
        entry = lesson.entry
        plan = (f"[{texts['plan_link']}](lesson-plans/{entry.stem}.md)" if lesson.plan
                else "—")
        rows.append(f"| {entry.number} | [{cell(entry.title)}](notebooks/{entry.file}) | "
                    f"{cell(entry.game)} | {cell(entry.question)} | "
                    f"{texts['minutes'].format(minutes=entry.minutes)} | {plan} |")
    links = {"handouts": "handouts.md", "assumptions": "assumptions.md",
             "licence": "licence.md"}
    teachers = "\n".join(f"* {item.format(**links)}" for item in texts["teachers_items"])
    note = f"\n> {texts['binder_placeholder'].strip()}\n" if placeholder_binder else ""
    return "\n".join([
        f"# {texts['site_title']}\n", texts["home_intro"].strip(), note,
        f"## {texts['lessons_heading']}\n", *rows, "",
        f"## {texts['teachers_heading']}\n", teachers, "",
        toctree(texts["toc_lessons"], [f"notebooks/{lesson.entry.stem}" for lesson in lessons]),
        toctree(texts["toc_plans"], [f"lesson-plans/{lesson.entry.stem}" for lesson in lessons
                                      if lesson.plan]),
        toctree(texts["toc_about"], ["handouts", "assumptions", "licence"]),
    ])


def plan(text: str, entry: Notebook, texts: dict[str, Any]) -> str:
    """A lesson plan's page: the plan as written, with a link to its notebook under the title."""
    link = f"[{texts['the_notebook']}: {entry.number} · {cell(entry.title)}]" \
           f"(../notebooks/{entry.file})\n"
    title = re.search(r"^# .*$", text, flags=re.MULTILINE)
    if not title:
        return link + "\n" + text
    return text[:title.end()] + "\n\n" + link + text[title.end():]


def handouts(texts: dict[str, Any], pages: Sequence[tuple[str, str]]) -> str:
    """``handouts.md``: a link to every page the handouts builder wrote (href, title)."""
    items = "\n".join(f'<li><a href="{html.escape(href)}">{html.escape(title)}</a></li>'
                      for href, title in pages)
    return (f"# {texts['handouts_title']}\n\n{texts['handouts_intro'].strip()}\n\n"
            f"<ul class=\"haba-handouts\">\n{items}\n</ul>\n")


def assumptions(texts: dict[str, Any], games: Sequence[Any]) -> str:
    """``assumptions.md``: every value of every game's data file with its provenance."""
    welcome = f"notebooks/00-welcome.ipynb#{jupyterlab_slug(texts['welcome_section'])}"
    parts = [f"# {texts['assumptions_title']}\n",
             texts["assumptions_intro"].strip().format(welcome=welcome), ""]
    for data in games:
        title = texts["game_titles"].get(data.game, data.title)
        parts += [f"## {title}\n", texts["assumptions_file"].format(origin=data.origin),
                  "", f"| {' | '.join(texts['assumptions_columns'])} |", "|---|---|---|"]
        for row in data.provenance_rows():
            kind = texts["provenance"].get(row["provenance"], row["provenance"])
            kind = f"**{kind}**" if row["provenance"] == "assumption" else kind
            parts.append(f"| `{row['field']}` | {kind} | {cell(row['source'])} |")
        parts.append("")
    return "\n".join(parts)


def licence(texts: dict[str, Any], root: Path, vendored: str) -> str:
    """``licence.md``: the course content's and the code's licences, the publishers' notice,
    and every other project's files the site serves (``vendored``: the vendor README's table)."""
    def body(name: str) -> str:
        """The file's text without its title, its headings one level down (under ours)."""
        text = re.sub(r"^# .*\n+", "", (root / name).read_text(encoding="utf-8"), count=1)
        lines, fenced = [], False
        for line in text.splitlines():
            fenced ^= line.startswith("```")
            lines.append("#" + line if line.startswith("#") and not fenced else line)
        return "\n".join(lines)

    table = "\n".join(line for line in vendored.splitlines() if line.startswith("|"))
    others = "\n".join(f"* {item}" for item in texts["third_party"])
    return "\n".join([
        f"# {texts['licence_title']}\n", texts["licence_intro"].strip(), "",
        f"## {texts['licence_content']}\n", body("LICENSE-CONTENT.md"), "",
        f"## {texts['licence_code']}\n", "```text", (root / "LICENSE").read_text("utf-8").strip(),
        "```", "",
        f"## {texts['licence_games']}\n", body("NOTICE.md"), "",
        f"## {texts['licence_third_party']}\n", texts["third_party_intro"], "", table, "",
        others, "",
    ])
