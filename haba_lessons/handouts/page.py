"""One printable handout page: self-contained HTML (inline styles, embedded pictures), A4 print
styles, and the course's licence line and the publishers' notice at the end of every page.

Formulas written in a notebook's LaTeX (``$\\frac{5}{18}$``) are turned into plain text
(``5/18``) before the markdown is rendered, so a handout needs no MathJax and prints the same
everywhere, offline.
"""

from __future__ import annotations

import base64
import html
import mimetypes
import re
from pathlib import Path

import mistune

from ..i18n import N_, _, language

#: Printed on every handout page (see LICENSE-CONTENT.md and NOTICE.md), in the language of
#: the page: ``_(LICENCE_LINE)``.
LICENCE_LINE = N_("© haba_lessons contributors · licensed under CC BY 4.0 "
                   "(https://creativecommons.org/licenses/by/4.0/): share and adapt it, "
                   "crediting \"haba_lessons contributors\".")
TRADEMARK_NOTICE = N_("An independent course, not made or endorsed by the games' publishers: "
                      "Spookies, Quiet as a Mouse and Cat & Co. Meow Meow are games of HABA, "
                      "Mouse Trap a game of Hasbro; they own those names and trademarks. "
                      "No rulebook text or artwork is reproduced.")

# Large type on screen; compact on paper (a lesson plan should fit one A4 page): 10 pt text,
# tight headings and tables, the footer's notice small.
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
.fields { display: flex; gap: 2em; margin: 0 0 1em; }
.fields span { flex: 1; border-bottom: 1px solid #333; padding-bottom: 0.1em; }
.question { margin: 0.9em 0 0.3em; }
.item { break-inside: avoid; }
.question .label { font-weight: bold; }
.marks { float: right; font-weight: bold; margin-left: 1em; }
.space { border: 1px solid #888; border-radius: 3px; margin: 0.3em 0 0.9em;
         padding: 0 0.5em; break-inside: avoid; }
.space div { height: 2.1em; border-bottom: 1px solid #bbb; }
.space div:last-child { border-bottom: none; }
.answer { background: #eef6ee; border-left: 4px solid #009E73; padding: 0.2em 0.7em;
          margin: 0.3em 0 0.8em; }
.key { font-size: 0.9em; color: #333; }
.teacher { border: 2px solid #D55E00; padding: 0.2em 0.6em; font-weight: bold; }
.kind { color: #555; font-size: 0.85em; }
nav, footer { font-size: 0.8em; color: #444; }
footer { margin-top: 3em; border-top: 1px solid #999; padding-top: 0.5em; }
footer p { margin: 0.3em 0; }
@page { size: A4; margin: 12mm 13mm 14mm; }
@media print {
  body { font-size: 9.5pt; line-height: 1.28; max-width: none; margin: 0; padding: 0; }
  h1 { font-size: 14pt; margin: 0 0 0.35em; }
  h2 { font-size: 11.5pt; margin: 0.7em 0 0.25em; border-bottom-width: 1px; }
  h3 { font-size: 10.5pt; margin: 0.6em 0 0.2em; }
  p, ul, ol { margin: 0.3em 0; }
  ul, ol { padding-left: 1.4em; }
  li { margin: 0.05em 0; }
  table { margin: 0.35em 0; font-size: 9pt; }
  th, td { padding: 0.12em 0.35em; }
  pre { padding: 0.3em; font-size: 8.5pt; }
  nav { display: none; }
  a { color: #000; text-decoration: none; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.85em; }
  h1, h2, h3 { break-after: avoid; }
  tr, li, blockquote, pre, .answer { break-inside: avoid; }
  footer { margin-top: 0.8em; padding-top: 0.2em; font-size: 6.5pt; }
  footer p { margin: 0.1em 0; }
}
"""

# --- formulas -------------------------------------------------------------------------------

_SUPERSCRIPT = str.maketrans("0123456789+-−=()nki", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿᵏⁱ")
_SUBSCRIPT = str.maketrans("0123456789+-−=()aeoxhklmnpstijruv",
                           "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ")
_SYMBOLS = {
    "geq": "≥", "ge": "≥", "leq": "≤", "le": "≤", "neq": "≠", "ne": "≠", "times": "×",
    "cdot": "·", "approx": "≈", "dots": "…", "ldots": "…", "cdots": "⋯", "pi": "π",
    "infty": "∞", "mid": "|", "to": "→", "rightarrow": "→", "in": "∈", "cap": "∩",
    "cup": "∪", "emptyset": "∅", "alpha": "α", "beta": "β", "lambda": "λ", "mu": "μ",
    "sigma": "σ", "theta": "θ", "sum": "Σ", "pm": "±", "qquad": "  ", "quad": " ",
    "left": "", "right": "", "displaystyle": "", "bigl": "", "bigr": "", "Bigl": "",
    "Bigr": "", "%": "%", "{": "{", "}": "}", ",": " ", ";": " ", "!": "", " ": " ",
    "lvert": "|", "rvert": "|", "overline": "", "bar": "",
}
_BRACED = r"\{((?:[^{}]|\{[^{}]*\})*)\}"          # one group in braces (one level nested)
_ARG = rf"(?:{_BRACED}|\s*([0-9A-Za-z]))"          # {group} or a single character


def _group(match: re.Match, first: int) -> str:
    return match.group(first) if match.group(first) is not None else match.group(first + 1)


def _fraction(numerator: str, denominator: str) -> str:
    simple = re.compile(r"^[\w.·]+$")
    top = numerator if simple.match(numerator) else f"({numerator})"
    bottom = denominator if simple.match(denominator) else f"({denominator})"
    return f"{top}/{bottom}"


def _script(text: str, table: dict, mark: str) -> str:
    converted = text.translate(table)
    scripts = {chr(code) for code in table.values()}
    if converted and all(ch in scripts for ch in converted):
        return converted
    return f"{mark}({text})" if len(text) > 1 else f"{mark}{text}"


def formula_to_text(latex: str) -> str:
    """A LaTeX formula as readable plain text: ``\\frac{5}{18}`` → ``5/18``, ``x^2`` → ``x²``."""
    text = latex
    text = re.sub(r"\\(?:text|mathrm|mathit|mathbf|operatorname)\s*" + _BRACED,
                  lambda m: m.group(1), text)
    for _pass in range(3):                                   # nested fractions, inside out
        text = re.sub(r"\\[dt]?frac\s*" + _ARG + r"\s*" + _ARG,
                      lambda m: _fraction(_group(m, 1), _group(m, 3)), text)
        text = re.sub(r"\\binom\s*" + _ARG + r"\s*" + _ARG,
                      lambda m: f"C({_group(m, 1)}, {_group(m, 3)})", text)
        text = re.sub(r"\\(?:hat|widehat)\s*" + _ARG, lambda m: _group(m, 1) + "\u0302", text)
        text = re.sub(r"\\sqrt\s*" + _ARG,
                      lambda m: "√" + (_group(m, 1) if len(_group(m, 1)) == 1
                                       else f"({_group(m, 1)})"), text)
    text = re.sub(r"\\([A-Za-z]+|[%{},;! ])",
                  lambda m: _SYMBOLS.get(m.group(1), m.group(0)), text)
    text = re.sub(r"\^" + _ARG, lambda m: _script(_group(m, 1), _SUPERSCRIPT, "^"), text)
    text = re.sub(r"_" + _ARG, lambda m: _script(_group(m, 1), _SUBSCRIPT, "_"), text)
    text = text.replace("{", "").replace("}", "")
    return re.sub(r"\s+", " ", text).strip()


def formulas_to_text(markdown: str) -> str:
    """Every ``$...$`` and ``$$...$$`` of a markdown text replaced by its plain-text form.

    Code spans and code blocks are left as they are.
    """
    parts = re.split(r"(```.*?```|`[^`\n]*`)", markdown, flags=re.DOTALL)
    for index in range(0, len(parts), 2):                  # the text outside code
        parts[index] = re.sub(r"\$\$(.+?)\$\$|\$((?:[^$\n]|\n(?!\n))+?)\$",  # one line break
                              lambda m: _markdown_safe(formula_to_text(m.group(1) or m.group(2))),
                              parts[index], flags=re.DOTALL)
    return "".join(parts)


def _markdown_safe(text: str) -> str:
    return re.sub(r"([*_`\[\]<>])", r"\\\1", text)


# --- markdown -------------------------------------------------------------------------------

class _HandoutRenderer(mistune.HTMLRenderer):
    """Markdown to HTML with images embedded (local) or replaced by their text (remote)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(escape=True)
        self.folder = folder

    def image(self, text: str, url: str, title: str | None = None) -> str:
        path = (self.folder / url).resolve()
        if "://" in url or url.startswith("//") or not path.is_file():
            missing = _("[picture: {picture} — not included in the handout]")
            return (f'<span class="missing-image">'
                    f"{html.escape(missing.format(picture=text or url))}</span>")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        return f'<img src="data:{mime};base64,{data}" alt="{html.escape(text)}">'


def markdown_to_html(text: str, folder: Path | None = None) -> str:
    """Body HTML from markdown (formulas as text); ``folder`` is where local images are."""
    render = mistune.create_markdown(renderer=_HandoutRenderer(folder or Path(".")),
                                     plugins=["table", "strikethrough", "footnotes",
                                              "task_lists"])
    return render(formulas_to_text(text))


def nav() -> str:
    """The link back to the index of the handouts, in the language in use."""
    return '<a href="index.html">' + html.escape(_("All handouts")) + "</a>"


def h2(text: str) -> str:
    """A section heading of a page (``text`` is escaped)."""
    return "<h2>" + html.escape(text) + "</h2>\n"


def legal_footer() -> str:
    """The licence line and the publishers' notice, as the last lines of a page's footer."""
    return (f'<p class="licence">{html.escape(_(LICENCE_LINE))}</p>\n'
            f'<p class="notice">{html.escape(_(TRADEMARK_NOTICE))}</p>')


def page(title: str, body: str, *, nav: str = "", footer: str = "") -> str:
    """A complete, self-contained HTML page in the language in use (its ``lang``, its
    licence line and notice), ending with the licence and the notice."""
    footer = (f"<p>{footer}</p>\n" if footer else "") + legal_footer()
    return (
        f"<!DOCTYPE html>\n<html lang=\"{language()}\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + (f"<nav>{nav}</nav>\n" if nav else "")
        + f"<main>\n{body}</main>\n"
        + f"<footer>{footer}</footer>\n"
        + "</body>\n</html>\n"
    )
