"""Refresh the JavaScript the course serves itself (``haba_lessons/vendor/``) from the npm registry.

    python scripts/vendor_js.py

The files are committed, so nothing is fetched when the course runs, prints or builds its
website: a classroom without internet sees every stored widget. Run this only to move to
another release (change the versions below), then commit what it writes.

- ``@jupyter-widgets/html-manager`` (BSD-3-Clause): draws stored widget state in a page that
  has no kernel (the website, the PDFs); matches ipywidgets 8.
- ``requirejs`` (MIT): the AMD loader ``embed-amd.js`` needs.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

VENDOR = Path(__file__).resolve().parent.parent / "haba_lessons" / "vendor"
PACKAGES = {"@jupyter-widgets/html-manager": "1.0.15", "requirejs": "2.3.8"}
#: What each package contributes: paths inside its tarball -> folder under vendor/.
FILES = {
    "@jupyter-widgets/html-manager": ("html-manager", ["dist/embed-amd.js", "dist/embed.js.LICENSE.txt"],
                                      (".woff2", ".woff", ".ttf")),
    "requirejs": ("requirejs", ["require.js", "README.md"], ()),
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
            (target / "VERSION").write_text(f"{package} {version}\n")
            print(f"{package} {version} -> {target.relative_to(VENDOR.parent.parent)}")


if __name__ == "__main__":
    main()
