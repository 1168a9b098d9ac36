"""Refresh the JavaScript the course serves itself (``haba_lessons/vendor/``) from the npm registry.

    python scripts/vendor_js.py

The files are committed, so nothing is fetched when the course runs, prints or builds its
website: a classroom without internet sees every stored widget. Run this only to move to
another release (change the versions below), then commit what it writes.

- ``@jupyter-widgets/html-manager`` (BSD-3-Clause): draws stored widget state in a page that
  has no kernel (the website, the PDFs); matches ipywidgets 8.
- ``requirejs`` (MIT): the AMD loader ``embed-amd.js`` needs.
- ``mathjax`` 3 (Apache-2.0): the formulas of the website. Only what the site loads: the TeX
  to HTML component, its fonts and the TeX extensions it loads on demand, in MathJax's own
  folder layout (it finds them relative to its script).
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

VENDOR = Path(__file__).resolve().parent.parent / "haba_lessons" / "vendor"
PACKAGES = {"@jupyter-widgets/html-manager": "1.0.15", "requirejs": "2.3.8", "mathjax": "3.2.2"}
#: What each package contributes: paths inside its tarball -> folder under vendor/.
FILES = {
    "@jupyter-widgets/html-manager": ("html-manager", ["dist/embed-amd.js", "dist/embed.js.LICENSE.txt"],
                                      (".woff2", ".woff", ".ttf")),
    "requirejs": ("requirejs", ["require.js", "README.md"], ()),
    "mathjax": ("mathjax", ["LICENSE", "es5/tex-chtml.js"], ()),
}
#: Folders copied whole, keeping their layout: package path -> path under vendor/<folder>/.
TREES = {
    "mathjax": {"es5/output/chtml/fonts/woff-v2": "output/chtml/fonts/woff-v2",
                "es5/input/tex/extensions": "input/tex/extensions"},
}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for package, version in PACKAGES.items():
            folder, files, font_suffixes = FILES[package]
            out = subprocess.run(["npm", "pack", f"{package}@{version}", "--silent"], cwd=tmp,
                                 check=True, capture_output=True, text=True).stdout.split()[-1]
            unpacked = Path(tmp) / folder
            with tarfile.open(Path(tmp) / out) as tar:
                tar.extractall(unpacked, filter="data")
            source = unpacked / "package"
            target = VENDOR / folder
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            for name in files:
                if (source / name).is_file():
                    shutil.copy2(source / name, target / Path(name).name)
            for font in sorted((source / "dist").glob("*")) if font_suffixes else []:
                if font.suffix in font_suffixes:
                    shutil.copy2(font, target / font.name)
            for tree, destination in TREES.get(package, {}).items():
                shutil.copytree(source / tree, target / destination)
            (target / "VERSION").write_text(f"{package} {version}\n")
            print(f"{package} {version} -> {target.relative_to(VENDOR.parent.parent)}")


if __name__ == "__main__":
    main()
