"""The translated editions: languages, catalogs, the built German notebooks against the English.

Oracles from outside the code under test: the English notebooks as stored (the numbers a
German notebook must repeat), the catalogs as a translator wrote them, hand-made broken
entries, and German's own rules (two plural forms, a decimal comma).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from haba_lessons import i18n
from haba_lessons.catalog import notebooks
from haba_lessons.course import setup
from haba_lessons.editions import build, catalogs, code, documents, library, markdown
from haba_lessons.editions import notebooks as nb_edition
from haba_lessons.editions.shipped import edition
from haba_lessons.errors import InvalidArgumentError

ROOT = Path(__file__).resolve().parents[1]
GERMAN = edition("de", ROOT)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language(None)


# --- choosing a language -------------------------------------------------------------------

def test_an_unknown_language_is_refused_with_the_languages_there_are():
    with pytest.raises(InvalidArgumentError) as error:
        setup(lang="xx")
    message = str(error.value)
    assert "'xx'" in message and "de (Deutsch)" in message and "en (English)" in message
    assert i18n.language() == "en"                      # nothing changed


@pytest.mark.parametrize("code_", ["de", "de-DE", "de_DE", "DE"])
def test_the_ways_of_writing_german_all_mean_german(code_):
    assert i18n.check_language(code_) == "de"


def test_the_environment_chooses_when_no_code_did(monkeypatch):
    monkeypatch.setenv("HABA_LANG", "de")
    assert i18n.language() == "de"
    assert i18n._("right.") == "richtig."
    monkeypatch.setenv("HABA_LANG", "klingon")
    with pytest.raises(InvalidArgumentError, match="klingon"):
        i18n.language()


def test_english_is_the_fallback_for_an_untranslated_string():
    with i18n.using("de"):
        assert i18n._("a sentence no catalog has") == "a sentence no catalog has"


def test_german_has_two_plural_forms_and_a_decimal_comma():
    with i18n.using("de"):
        assert i18n.ngettext("After <b>{n}</b> roll:", "After <b>{n}</b> rolls:", 1) \
            == "Nach <b>{n}</b> Wurf:"
        assert i18n.ngettext("After <b>{n}</b> roll:", "After <b>{n}</b> rolls:", 2) \
            == "Nach <b>{n}</b> Würfen:"
        assert i18n.number(0.2712, ".3f") == "0,271"
        assert i18n.number(100_000, ",") == "100\u202f000"
        assert i18n.number("0.5 is text", "") == "0.5 is text"
        assert i18n.quoted("Pasch") == "„Pasch“"
        assert (i18n.number(True), i18n.number(False)) == ("ja", "nein")   # in a sentence
    assert i18n.number(0.2712, ".3f") == "0.271"
    assert (i18n.number(True), i18n.number(1)) == ("True", "1")


def test_a_count_is_grouped_from_five_digits_in_german_and_always_in_english():
    # DIN 5008 (locale/README.md): 1000 without a space, 100 000 with a narrow one
    with i18n.using("de"):
        assert [i18n.grouped(n) for n in (999, 2000, 9999, 10_000, 100_000)] == \
            ["999", "2000", "9999", "10\u202f000", "100\u202f000"]
    assert [i18n.grouped(n) for n in (999, 2000, 100_000)] == ["999", "2,000", "100,000"]


# --- catalogs ------------------------------------------------------------------------------

def test_every_markdown_cell_cuts_into_units_that_join_back_exactly():
    for entry in notebooks():
        notebook = nbformat.read(ROOT / "notebooks" / entry.file, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "markdown":
                pieces = markdown.units(cell.source)
                assert markdown.join(pieces, [p.text for p in pieces]) == cell.source


def test_a_broken_entry_is_named_by_file_and_line(tmp_path):
    po = tmp_path / "01.po"
    wanted = [catalogs.Wanted("roll $6 \\times 6 = 36$ [x](a.ipynb)", None, ("cell 3",)),
              catalogs.Wanted("{n} rolls: {k / n:.3f}", code.CODE, ("cell 4",))]
    catalogs.update(po, wanted, "de", "01.ipynb")
    catalog = catalogs.read(po)
    catalog.get(wanted[0].text).string = "wirf $6 \\times 6 = 35$ [x](a.ipynb)"
    catalog.get(wanted[1].text, context=code.CODE).string = "Würfe: {k / n:.3f}"
    catalogs.write(catalog, po)
    problems = catalogs.problems(po, catalogs.read(po), wanted)
    assert not problems.pending
    lines = [n for n, text in enumerate(po.read_text("utf-8").splitlines(), start=1)
             if text.startswith("msgid") and ("roll $6" in text or "rolls:" in text)]
    assert [line.split(" '")[0] for line in problems.broken] == [
        f"{po}:{lines[0]}: the formula", f"{po}:{lines[0]}: the formula",
        f"{po}:{lines[1]}: the field {{n}} is missing (cell 4)"]
    assert "6\\\\times6=35" in problems.broken[1] and "(cell 3)" in problems.broken[1]


def test_a_changed_english_unit_is_fuzzy_and_named_by_its_cell(tmp_path):
    po = tmp_path / "01.po"
    old = [catalogs.Wanted("Roll two dice and add them up, then guess the sum.", None,
                           ("cell 2",))]
    catalogs.update(po, old, "de", "01.ipynb")
    catalog = catalogs.read(po)
    catalog.get(old[0].text).string = "Wirf zwei Würfel, addiere und schätze die Summe."
    catalogs.write(catalog, po)
    new = [catalogs.Wanted("Roll two dice and add them up, then guess the total.", None,
                           ("cell 2",))]
    counts = catalogs.update(po, new, "de", "01.ipynb")
    assert counts["fuzzy"] == 1
    problems = catalogs.problems(po, catalogs.read(po), new)
    line = next(n for n, text in enumerate(po.read_text("utf-8").splitlines(), start=1)
                if text.startswith('msgid "Roll two dice'))
    assert problems.pending == [f"cell 2: the English changed (fuzzy, {po.name} line {line}): "
                                "'Roll two dice and add them up, then guess the total.'"]
    assert "Wirf zwei Würfel" in po.read_text("utf-8")     # the translator's work is kept


def test_the_markdown_checks_allow_german_numbers_and_words_in_formulas():
    assert not markdown.broken("$\\hat p \\pm 1.96\\,SE$ and $P(\\text{sum} \\ge 10)$",
                               "$\\hat p \\pm 1{,}96\\,SE$ und $P(\\text{Summe} \\ge 10)$")
    assert markdown.broken("see [02](02-best.ipynb)", "siehe [02](03-push.ipynb)")
    assert markdown.broken("use `P(event, space)`", "benutze `P(ereignis, raum)`")


@pytest.mark.parametrize("name", GERMAN.notebooks)
def test_every_entry_of_a_shipped_notebook_is_translated_and_none_is_fuzzy(name):
    problems, broken = build.check(ROOT, "de")
    assert problems[name].pending == [] and broken == []


def test_notebook_00s_generated_cells_are_translated_if_00_is_shipped():
    if "00-welcome.ipynb" not in GERMAN.notebooks:
        pytest.skip("notebook 00 is not shipped in German yet")
    problems, _ = build.check(ROOT, "de")
    assert problems["lessons"].pending == [] and problems["syllabus"].pending == []


def test_a_complete_catalog_is_shipped():
    problems, _ = build.check(ROOT, "de")
    complete = [name for name, found in problems.items()
                if name.endswith(".ipynb") and not found.pending]
    assert sorted(complete) == sorted(GERMAN.notebooks)


def test_the_shipped_lesson_plans_and_worksheets_are_complete():
    documents.build(ROOT, "de", write=False)             # raises naming what is missing


def test_the_library_catalog_is_complete_and_nothing_is_broken():
    pending, broken = library.problems(ROOT, "de")
    assert broken == [] and pending == []


def test_the_library_catalog_has_every_wrapped_string():
    template = library.extract(ROOT)
    catalog = catalogs.read(library.catalog_path(ROOT, "de"))
    missing = [message.id for message in template
               if message.id and catalog.get(message.id, context=message.context) is None]
    assert missing == [], "run: python scripts/translations.py update"


# --- the built German notebooks against the English ----------------------------------------

def _outputs(notebook: nbformat.NotebookNode) -> list[list[dict]]:
    return [cell.get("outputs", []) for cell in notebook.cells if cell.cell_type == "code"]


_EN_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
#: German numbers: "100 000", "0,271" (the course writes pairs with a space: "(6, 2)").
_DE_NUMBER = re.compile(r"\d{1,3}(?:[\u202f\u00a0]\d{3})+(?:,\d+)?|\d+,\d+|\d+(?:\.\d+)?")


def _numbers_in_text(text: str, language: str) -> list[str]:
    if language == "en":
        return [n.replace(",", "") for n in _EN_NUMBER.findall(text)]
    return [re.sub(r"[\u202f\u00a0]", "", n).replace(",", ".")
            for n in _DE_NUMBER.findall(text)]


#: A chart's layout: positions and widths a diagram computes from its labels' lengths (a
#: tree's columns), which differ with the words; its data's numbers are compared.
_LAYOUT = frozenset({"x", "x2", "width", "domain"})


def _numeric(value) -> bool:
    if isinstance(value, list):
        return bool(value) and all(_numeric(item) for item in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _numbers(value, language: str) -> list[str]:
    """Every number in an output: JSON numbers as they are, numbers in text by the
    language's way of writing them."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, float)):
        return [repr(value)]
    if isinstance(value, str):
        return _numbers_in_text(value, language)
    if isinstance(value, list):
        return [n for item in value for n in _numbers(item, language)]
    if isinstance(value, dict):          # a chart's schema address and number locale aside,
        return [n for key, item in value.items() if key not in ("$schema", "locale")
                and not (key in _LAYOUT and _numeric(item))   # and where its words sit
                for n in _numbers(item, language)]
    return []


def _comparable(output: dict) -> dict[str, object]:
    """The parts of an output whose numbers must agree: streams, text, HTML tables and the
    charts' specs (not their SVG pictures, whose layout follows the words' widths: of an SVG
    drawn in HTML, a game's board, only the words it writes count)."""
    if output.get("output_type") == "stream":
        return {"stream": output["text"]}
    data = output.get("data", {})
    table = "<table" in "".join(data.get("text/html", ""))
    widget = "application/vnd.jupyter.widget-view+json" in data
    return {kind: _svg_words(value) if kind == "text/html" else value
            for kind, value in data.items()
            if kind in ("text/plain", "text/html", "application/vnd.vegalite.v5+json")
            and not (kind == "text/html" and "haba-widget-notice" in "".join(value))
            # a table's plain text wraps its columns by the words' widths, repeating the row
            # numbers in each block; its HTML holds every number once, and is compared. A
            # widget's plain text is its repr cut at 100 characters, wherever the words end.
            and not (kind == "text/plain" and (table or widget))}


def _svg_words(html) -> str:
    """HTML with each SVG picture replaced by the words it writes (its coordinates, such as
    ``points="30,180 300,14"``, are layout, and read as German would be decimal commas)."""
    html = "".join(html) if isinstance(html, list) else html
    return re.sub(r"<svg\b.*?</svg>", lambda svg: re.sub(r"<[^>]*>", " ", svg.group(0)),
                  html, flags=re.S)


#: Library sentences a German notebook still prints in English, numbers and all ("n = 10,000"),
#: until their module is wrapped in ``_()``: a line of a German output holding one is read
#: the English way. Each must still be found, so an entry ends when its sentence is translated.
STILL_ENGLISH: dict[str, list[str]] = {}   # none left: markov's estimate speaks German now


def _german_numbers(value, still_english: list[str], found: set[str]) -> list[str]:
    if not isinstance(value, str) or not still_english:
        return _numbers(value, "de")
    numbers = []
    for line in value.splitlines():
        english = [sentence for sentence in still_english if sentence in line]
        found.update(english)
        numbers += _numbers(line, "en" if english else "de")
    return numbers


_CELL = re.compile(r"(<td>)(.*?)(</td>)", re.S)


def _untruncated(en: str, de: str) -> tuple[str, str]:
    """Two editions of an HTML table with each pair of cells emptied where pandas cut either
    short ("...", at ``display.max_colwidth``): where it cuts depends on the words' lengths,
    so the numbers left in a cut cell differ; every whole cell is compared."""
    cells_en, cells_de = _CELL.findall(en), _CELL.findall(de)
    if len(cells_en) != len(cells_de):
        return en, de
    cut = [a[1].endswith("...") or b[1].endswith("...") for a, b in zip(cells_en, cells_de)]

    def emptied(html: str) -> str:
        flags = iter(cut)
        return _CELL.sub(lambda m: m.group(1) + m.group(3) if next(flags) else m.group(0), html)

    return emptied(en), emptied(de)


@pytest.mark.parametrize("name", GERMAN.notebooks)
def test_every_number_is_the_same_in_both_editions(name):
    english = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    german = nbformat.read(ROOT / "notebooks" / "de" / name, as_version=4)
    still_english, found = STILL_ENGLISH.get(name, []), set()
    for number, (en, de) in enumerate(zip(_outputs(english), _outputs(german)), start=1):
        assert len(en) == len(de), f"code cell {number}: a different number of outputs"
        for a, b in zip(en, de):
            parts_en, parts_de = _comparable(a), _comparable(b)
            assert parts_en.keys() == parts_de.keys(), f"code cell {number}"
            for kind in parts_en:
                if kind == "text/html" and "<table" in parts_en[kind]:
                    parts_en[kind], parts_de[kind] = _untruncated(parts_en[kind],
                                                                  parts_de[kind])
                if parts_en[kind] == parts_de[kind]:
                    continue            # not translated (yet): the same text, the same numbers;
                                        # read as German, "(6,2)" would wrongly be one number 6.2
                assert Counter(_numbers(parts_en[kind], "en")) == \
                    Counter(_german_numbers(parts_de[kind], still_english, found)), \
                    f"code cell {number}, {kind}"
    assert found == set(still_english), \
        f"now translated, remove from STILL_ENGLISH: {sorted(set(still_english) - found)}"


@pytest.mark.parametrize("english, german", [
    ("rng = setup()", 'rng = setup(lang="de")'),
    ("rng = setup(SEED)", 'rng = setup(SEED, lang="de")'),       # a keyword after the seed
    ("rng = setup(int(s), quiet=True)", 'rng = setup(int(s), quiet=True, lang="de")'),
    ("x = 1", "x = 1"),
])
def test_the_language_is_given_to_setup_after_its_own_arguments(english, german):
    translated = nb_edition.with_language(english, "de")
    assert translated == german
    compile(translated, "<cell>", "exec")                            # still valid Python


@pytest.mark.parametrize("name", GERMAN.notebooks)
def test_code_cells_differ_only_in_the_language_setting(name):
    english = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    german = nbformat.read(ROOT / "notebooks" / "de" / name, as_version=4)
    assert [c.get("id") for c in english.cells] == [c.get("id") for c in german.cells]
    for en, de in zip(english.cells, german.cells):
        assert en.cell_type == de.cell_type
        if en.cell_type == "code":
            assert re.sub(r'(, ?)?lang="de"\)', ")", de.source) == en.source
            assert en.metadata.get("tags") == de.metadata.get("tags")


@pytest.mark.parametrize("english, german", [
    ("_ = setup()", '_ = setup(lang="de")'),
    ("rng = setup(SEED)", 'rng = setup(SEED, lang="de")'),
    ("rng = setup(seed=SEED,)", 'rng = setup(seed=SEED, lang="de")'),
    ("rng = course.setup(\n    SEED)", 'rng = course.setup(\n    SEED, lang="de")'),
    ("t = 'Käse'; rng = setup(SEED)", 't = \'Käse\'; rng = setup(SEED, lang="de")'),
    ("a = setup(1); b = setup()", 'a = setup(1, lang="de"); b = setup(lang="de")'),
    ("%time x = setup()", '%time x = setup(lang="de")'),
])
def test_the_language_is_given_to_setup_as_its_last_argument(english, german):
    """A keyword before a positional argument would not compile (``setup(lang="de", SEED)``)."""
    assert nb_edition.with_language(english, "de") == german


@pytest.mark.parametrize("name", GERMAN.notebooks)
def test_the_stored_german_notebook_is_what_the_catalog_builds(name):
    """The prose stored in notebooks/de is the catalog's (a build after the last change)."""
    english = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    german = nbformat.read(ROOT / "notebooks" / "de" / name, as_version=4)
    path = nb_edition.catalog_path(ROOT, "de", name)
    texts = catalogs.translations(catalogs.read(path))
    for en, de in zip(english.cells, german.cells):
        if en.cell_type == "markdown" and en.get("id") not in nb_edition.GENERATED_CELLS:
            units = [u for u in markdown.units(en.source) if u.text and not u.fixed]
            for unit in units:
                translated = texts[(unit.text, None)]
                body = re.sub(r"\]\(\.\./", "](", de.source)
                assert re.sub(r"\]\(\.\./", "](", translated) in body


def test_the_translator_replaces_only_the_listed_shown_strings():
    source = ('print("the sum", x)\nchart(title="A title", label="who")\n'
              'kind = "red" if c == "red" else "not red"\nprint(f"{n:,} rolls, {p:.2f}")\n')
    import ast

    tree = code.Translator({"the sum": "die Summe", "A title": "Ein Titel", "red": "rot",
                            "{n:,} rolls, {p:.2f}": "{p:.2f} bei {n:,} Würfen"},
                           "de").visit(ast.parse(source))
    text = ast.unparse(tree)
    assert "'die Summe'" in text and "'Ein Titel'" in text and "label='who'" in text
    assert text.count("'red'") == 2                   # a label and a comparison: untouched
    namespace = {"n": 100000, "p": 0.5}
    with i18n.using("de"):
        line = eval(compile(ast.Expression(tree.body[-1].value.args[0]), "<t>", "eval"),
                    namespace)
    assert line == "0,50 bei 100\u202f000 Würfen"


def test_the_words_a_claim_writes_into_its_sentence_are_shown_strings():
    """``against(row, 1/4, "1/4", "2,000 rounds")`` prints "... with 2,000 rounds": the runs
    are translated (German writes 2000), the wordless reference and the data are not."""
    import ast

    source = ('print(against(rows(t, "who", "win rate", "low", "high")[0], 1 / 4, "1/4", '
              '"2,000 rounds of two"))\nprint(claims.compare(a, b, "800 rounds each", digits=1))\n')
    assert sorted(s.text for s in code.shown_strings(ast.parse(source))) == [
        "2,000 rounds of two", "800 rounds each"]
    tree = code.Translator({"2,000 rounds of two": "2000 Runden zu zweit"},
                           "de").visit(ast.parse(source))
    assert "'2000 Runden zu zweit'" in ast.unparse(tree) and "'win rate'" in ast.unparse(tree)


def test_a_comma_between_digits_needs_a_translator():
    """German reads ``C(36,5)`` as 36.5: such a string goes to the catalog, words or not."""
    import ast

    source = 'print(f"C(36,5) = {p}")\nprint(f"≈ {p:.4f}")\nprint("1,000 runs")\n'
    assert sorted(s.text for s in code.shown_strings(ast.parse(source))) == [
        "1,000 runs", "C(36,5) = {p}"]
    assert [s.text for s in code.shown_strings(ast.parse(source), wordless=True)] == [
        "≈ {p:.4f}"]


def test_braces_in_a_plain_string_are_text_not_fields():
    """``print("P({3,3}) =", p)`` shows the set {3,3}, which German reads as 3.3: a plain
    string's braces are its text, written ``{{`` in the catalog as an f-string's are (so only
    an f-string's ``{...}`` are fields), and it goes to the catalog; ``f"{a},{b}"`` has no
    literal digits and stays out. The cell shows the translation's braces single."""
    import ast

    source = 'print("  P({3,3}) =", p)\nprint(f"{a},{b}")\nprint(f"{{3,4}}: {p}")\n'
    assert sorted(s.text for s in code.shown_strings(ast.parse(source))) == [
        "  P({{3,3}}) =", "{{3,4}}: {p}"]
    assert catalogs.entry_problems("  P({{3,3}}) =", "  P({{3; 3}}) =", code.CODE) == []
    tree = code.Translator({"  P({{3,3}}) =": "  P({{3; 3}}) ="}, "de").visit(ast.parse(source))
    assert "'  P({3; 3}) ='" in ast.unparse(tree)


def test_a_conditional_given_to_print_is_shown_in_either_branch():
    """``print("So:", "helps" if x else "no edge" if y else "hurts")`` shows a branch: each
    is a code string translated as the cell runs, not a label left English."""
    import ast

    source = 'print("So:", "helps" if low > 1 else "no edge" if high > 1 else "hurts")\n'
    tree = ast.parse(source)
    assert sorted(s.text for s in code.shown_strings(tree)) == ["So:", "helps", "hurts",
                                                                 "no edge"]
    assert list(code.label_strings(tree)) == []
    translated = code.Translator({"helps": "hilft", "hurts": "schadet", "no edge": "kein Vorteil"},
                                 "de").visit(ast.parse(source))
    call = translated.body[0].value
    assert [eval(compile(ast.Expression(call.args[1]), "<t>", "eval"), {"low": low, "high": high})
            for low, high in ((2, 2), (0, 2), (0, 0))] == ["hilft", "kein Vorteil", "schadet"]


def test_a_shown_fstring_without_words_still_writes_its_numbers_the_german_way():
    # No catalog lists "≈ {p:.4f}" (nothing in it to translate), yet German prose beside it
    # says "0,2494": the number must not keep its English point.
    import ast

    source = 'print("P =", x, f"≈ {p:.4f}")\nprint(f"{p!r}")\nprint(f"{{p}}")\n'
    tree = code.Translator({}, "de").visit(ast.parse(source))
    namespace = {"p": 0.24939}
    with i18n.using("de"):
        shown = [eval(compile(ast.Expression(statement.value.args[-1]), "<t>", "eval"),
                      namespace) for statement in tree.body]
    assert shown == ["≈ 0,2494", "0.24939", "{p}"]     # a repr and a brace stay as written
    assert "'P ='" in ast.unparse(tree)
