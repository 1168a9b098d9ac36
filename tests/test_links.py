"""Binder links: built from the one repository address, well formed, the same in the README
and notebook 00; and the app template installed with the package where Jupyter finds it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import nbformat
import pytest

from haba_lessons import links
from haba_lessons.errors import InvalidArgumentError

REPO = Path(__file__).resolve().parents[1]
GAMES = ["spookies", "quiet-as-a-mouse", "meow-meow", "mouse-trap"]


def repository_url() -> str:
    with (REPO / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]["urls"]["Repository"]


def binder_urls(text: str) -> list[str]:
    return re.findall(r"https://mybinder\.org/v2/gh/[^\s)\]]+", text)


def test_the_repository_address_is_a_github_repository():
    owner, name = urlsplit(repository_url()).path.strip("/").split("/")
    assert links.repository() == links.Repository(owner, name)
    assert repository_url() == f"https://github.com/{owner}/{name}"


@pytest.mark.parametrize("url", ["https://gitlab.com/a/b", "github.com/a/b",
                                 "https://github.com/a", "https://github.com/a/b/c", ""])
def test_an_address_that_is_not_a_github_repository_is_refused(url):
    with pytest.raises(InvalidArgumentError, match="is not a GitHub repository address"):
        links.parse_repository(url)


def test_launch_links_are_well_formed():
    repo = links.Repository("a-school", "haba_lessons")
    course = urlsplit(repo.course_url())
    assert (course.scheme, course.netloc, course.path) == (
        "https", "mybinder.org", "/v2/gh/a-school/haba_lessons/main")
    assert parse_qs(course.query) == {"urlpath": ["lab/tree/notebooks/00-welcome.ipynb"]}
    app = urlsplit(repo.app_url("meow-meow"))
    urlpath = parse_qs(app.query)["urlpath"]
    assert urlpath == ["voila/render/apps/meow-meow.ipynb?template=haba&theme=light"]
    # the app's own options are encoded inside urlpath, not read as Binder's parameters
    assert set(parse_qs(app.query)) == {"urlpath"}


def test_readme_and_notebook_00_carry_the_links_built_from_the_address():
    readme = (REPO / "README.md").read_text()
    block = readme[readme.index("<!-- binder-links:start"):readme.index("<!-- binder-links:end")]
    welcome = nbformat.read(REPO / "notebooks" / "00-welcome.ipynb", as_version=4)
    pointer = next(c.source for c in welcome.cells if c.get("id") == links.WELCOME_CELL_ID)
    owner, name = urlsplit(repository_url()).path.strip("/").split("/")
    base = f"https://mybinder.org/v2/gh/{owner}/{name}/main?urlpath="
    expected = [base + "lab/tree/notebooks/00-welcome.ipynb"] + [
        base + f"voila/render/apps/{game}.ipynb%3Ftemplate%3Dhaba%26theme%3Dlight"
        for game in GAMES]
    for text in (block, pointer):
        assert [u for u in binder_urls(text) if "badge" not in u] == expected
    for url in expected[1:]:  # every app link opens an app notebook that exists
        path = unquote(parse_qs(urlsplit(url).query)["urlpath"][0]).split("?")[0]
        assert (REPO / path.removeprefix("voila/render/")).is_file(), path
    assert (REPO / "notebooks" / "00-welcome.ipynb").is_file()
    if owner == links.PLACEHOLDER_OWNER:  # a placeholder is said to be one, in both places
        assert "placeholder owner" in block and "placeholder owner" in pointer


def test_update_script_reports_the_generated_text_up_to_date():
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "update_links.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def installed_prefix(tmp_path_factory) -> Path:
    """The package built as a wheel (from a copy of the checkout, which stays untouched) and
    installed without dependencies into a fresh venv, as binder/postBuild installs it."""
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "screenshots", "student-notebooks", "*.egg-info",
        "__pycache__", ".hypothesis"))
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "JUPYTER_PATH"}}
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(tmp / "dist"), str(source)],
                           capture_output=True, text=True, timeout=600, env=env)
    if build.returncode != 0 and "No matching distribution" in build.stdout + build.stderr:
        pytest.skip("setuptools>=77 for the build is neither cached nor reachable")
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    wheel = next((tmp / "dist").glob("haba_lessons-*.whl"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                    str(wheel)], check=True, timeout=300, env=env)
    return venv


def test_the_wheel_carries_licences_template_and_typing_marker(installed_prefix):
    wheel = next((installed_prefix.parent / "dist").glob("haba_lessons-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    data = "haba_lessons-0.1.0.data/data/share/jupyter/voila/templates/haba/"
    assert {data + "conf.json", data + "index.html.j2", "haba_lessons/py.typed"} <= set(names)
    info = next(n for n in names if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(info).decode()
    assert "License-Expression: MIT" in metadata.splitlines()
    assert {"License-File: LICENSE", "License-File: NOTICE.md"} <= set(metadata.splitlines())
    # code only: no notebook or lesson plan (CC BY 4.0 content) travels in the package
    assert not [n for n in names if n.endswith(".ipynb") or n.startswith("lesson-plans")]
    assert f"Project-URL: Repository, {repository_url()}" in metadata
    assert "Requires-Python: >=3.11" in metadata


def test_jupyter_finds_the_installed_app_template(installed_prefix):
    probe = ("from jupyter_core.paths import jupyter_path\n"
             "import os\n"
             "found = [p for p in jupyter_path('voila', 'templates')"
             " if os.path.isfile(os.path.join(p, 'haba', 'index.html.j2'))]\n"
             "print(found[0])")
    # jupyter_core from this environment, the prefix of the fresh one; no JUPYTER_PATH
    env = {"PATH": "/usr/bin:/bin", "HOME": str(installed_prefix.parent),
           "PYTHONPATH": sysconfig.get_paths()["purelib"]}
    done = subprocess.run([str(installed_prefix / "bin" / "python"), "-c", probe], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    found = Path(done.stdout.strip())
    assert found == installed_prefix / "share" / "jupyter" / "voila" / "templates"
    assert (found / "haba" / "index.html.j2").read_text() == (
        REPO / "apps" / "jupyter" / "voila" / "templates" / "haba" / "index.html.j2").read_text()
