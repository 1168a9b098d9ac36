"""The library imports and computes without vl-convert-python (as in a browser-only Python such
as JupyterLite's, which has no vl-convert): charts are then Vega-Lite only, with a one-line
note printed once.

Each check runs in a fresh Python in which ``import vl_convert`` fails, as it does where the
package is not installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: Makes ``import vl_convert`` raise ImportError, as on a machine without the package.
NO_VL_CONVERT = "import sys; sys.modules['vl_convert'] = None\n"


def run_without_vl_convert(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", NO_VL_CONVERT + textwrap.dedent(code)],
                          capture_output=True, text=True, cwd=REPO, timeout=300)


def test_every_module_of_the_library_imports_without_vl_convert():
    result = run_without_vl_convert("""
        import importlib, pkgutil, haba_lessons
        names = [m.name for m in pkgutil.walk_packages(haba_lessons.__path__, 'haba_lessons.')
                 if not m.name.endswith(('__main__', 'jupyterhub_config'))]
        # (__main__ runs the command line; jupyterhub_config is JupyterHub's config file)
        for name in names:
            importlib.import_module(name)
        print(len(names))
    """)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[-1]) > 40      # the whole package was walked


def test_charts_are_vega_lite_only_with_one_note_and_exact_answers_are_unchanged():
    result = run_without_vl_convert("""
        import json
        from fractions import Fraction
        from haba_lessons.course import setup
        from haba_lessons import charts, dice
        setup()
        two_dice = dice.sum_of_dice(2, 6)
        assert two_dice[7] == Fraction(1, 6)
        assert dice.keep_highest(4, 2)[12] == Fraction(19, 144)
        bundles = [charts.distribution_bars(two_dice, title=f"Two dice {i}")._repr_mimebundle_()
                   for i in range(2)]
        print(json.dumps([sorted(b[0] if isinstance(b, tuple) else b) for b in bundles]))
        print("available:", charts.static_svg_available())
    """)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    from haba_lessons.charts import NO_STATIC_NOTE
    assert lines.count(NO_STATIC_NOTE) == 1                 # once, not once per chart
    mimes = json.loads(lines[-2])
    assert mimes == [["application/vnd.vegalite.v5+json", "text/plain"]] * 2
    assert lines[-1] == "available: False"


def test_with_vl_convert_the_bundle_still_carries_the_svg():
    from haba_lessons.charts import distribution_bars, static_svg_available
    from haba_lessons.course import setup
    from haba_lessons.dice import sum_of_dice

    setup()
    assert static_svg_available()
    bundle = distribution_bars(sum_of_dice(2, 6), title="Two dice")._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/svg+xml"].startswith("<svg")
