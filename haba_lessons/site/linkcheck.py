"""Check every link inside a built website: each page, script, style sheet, picture, font
and download it names exists in the site, and each ``#anchor`` exists in its page.

Links to other websites are counted, never followed (the check works offline); that no
page *loads* anything from another website is checked in a browser by the site's tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: Attributes that name another file or page.
LINK_ATTRIBUTES = {"href", "src"}
_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


@dataclass
class LinkReport:
    """What the check found: links checked, links to other websites, broken links."""

    checked: int = 0
    external: set[str] = field(default_factory=set)
    broken: list[str] = field(default_factory=list)


class _Page(HTMLParser):
    """The ids of a page and the addresses it names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and tag != "meta":
                self.ids.add(value)
            elif name in LINK_ATTRIBUTES and not (tag == "link" and _is_hint(attrs)):
                self.links.append(value)


def _is_hint(attrs: list[tuple[str, str | None]]) -> bool:
    """A ``<link rel=...>`` that is not loaded (e.g. ``canonical``) is not a file to check."""
    rel = dict(attrs).get("rel") or ""
    return rel in ("canonical", "alternate")


def check_site(folder: Path) -> LinkReport:
    """Check every HTML page and style sheet under ``folder``."""
    folder = folder.resolve()
    pages: dict[Path, _Page] = {}
    for path in sorted(folder.rglob("*.html")):
        if path.relative_to(folder).parts[0] == "_static":
            continue        # the theme's Jinja macros, shipped as files; never a page
        parsed = _Page()
        parsed.feed(path.read_text(encoding="utf-8", errors="replace"))
        pages[path] = parsed
    report = LinkReport()
    for path, parsed in pages.items():
        for link in parsed.links:
            _check(folder, path, link, pages, report)
    for sheet in sorted(folder.rglob("*.css")):
        for link in _CSS_URL.findall(sheet.read_text(encoding="utf-8", errors="replace")):
            _check(folder, sheet, link, pages, report)
    return report


def _check(folder: Path, page: Path, link: str, pages: dict[Path, _Page],
           report: LinkReport) -> None:
    parts = urlsplit(link)
    if parts.scheme in ("mailto", "javascript", "data", "blob", "about"):
        return
    if parts.scheme or link.startswith("//"):
        report.external.add(link)
        return
    report.checked += 1
    where = page.relative_to(folder).as_posix()
    if not parts.path:                                  # "#anchor" in the same page
        target = page
    elif parts.path.startswith("/"):
        report.broken.append(f"{where}: {link} (an address from the server's root works "
                             "only at the root of a website; the site must work in any folder)")
        return
    else:
        target = (page.parent / unquote(parts.path)).resolve()
    if not target.is_relative_to(folder):
        report.broken.append(f"{where}: {link} (outside the site)")
        return
    if target.is_dir():
        target = target / "index.html"
    if not target.is_file():
        report.broken.append(f"{where}: {link} (no such file)")
        return
    fragment = unquote(parts.fragment)
    if fragment and target in pages and fragment not in pages[target].ids:
        report.broken.append(f"{where}: {link} (no anchor #{fragment} in "
                             f"{target.relative_to(folder).as_posix()})")
