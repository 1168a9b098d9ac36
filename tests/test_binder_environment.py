"""What this proves: a fresh environment built from ``binder/`` alone runs every notebook.

As repo2docker does: a fresh virtual environment, ``pip install -r binder/requirements.txt``,
then ``binder/postBuild`` run from the repository root (a temporary copy of it, so nothing
here is touched). Then every course notebook and every app notebook is executed in that
environment's own kernel with nbclient, and must finish without an error; the environment
holds no test tools (pytest, nbval, Playwright), postBuild's install put the app template
where Jupyter looks for it, and postBuild trusted every course notebook (so JupyterLab draws
their stored widgets before Run All). What it does not prove: that mybinder.org builds or serves the
repository (it is never contacted), that the launch links open (tests/test_links.py checks
their form), or that the widgets display in a browser (tests/browser/). The package index is
needed only for what pip's cache does not already hold.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.binder

REPO = Path(__file__).resolve().parents[1]
NOT_IN_A_CLONE = shutil.ignore_patterns(".git", ".venv", "build", "screenshots", "__pycache__",
                                        "*.egg-info", ".hypothesis", ".pytest_cache",
                                        ".ipynb_checkpoints", "student-notebooks")

#: What pip prints when it cannot reach the package index.
OFFLINE_SIGNS = re.compile(r"NewConnectionError|Failed to establish a new connection|"
                           r"Temporary failure in name resolution|Network is unreachable|"
                           r"ConnectTimeoutError|ProxyError")

RUNNER = textwrap.dedent('''
    """Execute notebooks with nbclient in this environment; print a JSON report."""
    import json, sys, time
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    import nbformat
    from nbclient import NotebookClient

    def run(path):
        started = time.monotonic()
        nb = nbformat.read(path, as_version=4)
        try:
            NotebookClient(nb, timeout=300, kernel_name="python3",
                           resources={"metadata": {"path": str(Path(path).parent)}}).execute()
            error = None
        except Exception as exc:  # the report names the notebook and the error
            error = f"{type(exc).__name__}: {str(exc)[-2000:]}"
        return {"notebook": path, "error": error, "seconds": round(time.monotonic() - started, 1)}

    probe = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import sys, haba_lessons; print(sys.prefix); print(haba_lessons.__file__)")])
    NotebookClient(probe, kernel_name="python3").execute()
    kernel = probe.cells[0].outputs[0]["text"].split()
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, sys.argv[1:]))
    print(json.dumps({"kernel_prefix": kernel[0], "package": kernel[1], "results": results}))
''')


def run(command: list[str], *, cwd: Path, env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, (f"{' '.join(command)} failed ({done.returncode}):\n"
                                  f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def untrusted_course_notebooks(folder: Path, data_dir: Path) -> list[str]:
    """The catalog's notebooks in ``folder`` whose signature the notary in ``data_dir`` lacks."""
    import nbformat
    from nbformat.sign import NotebookNotary

    from haba_lessons.catalog import notebook_paths

    with NotebookNotary(data_dir=str(data_dir)) as notary:
        return [path.name for path in notebook_paths(folder)
                if not notary.check_signature(nbformat.read(path, as_version=4))]


def test_fresh_binder_environment_runs_every_notebook(tmp_path):
    started = time.monotonic()
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, ignore=NOT_IN_A_CLONE)
    venv = tmp_path / "binder-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "JUPYTER_PATH"}}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               VIRTUAL_ENV=str(venv),
               JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
               PIP_DISABLE_PIP_VERSION_CHECK="1")
    python = str(venv / "bin" / "python")

    install = subprocess.run([python, "-m", "pip", "install", "--quiet", "--retries", "1",
                              "--timeout", "20", "-r", "binder/requirements.txt"],
                             cwd=repo, env=env, capture_output=True, text=True, timeout=900)
    if install.returncode != 0 and OFFLINE_SIGNS.search(install.stdout + install.stderr) and (
            os.environ.get("CI") != "true"):
        pytest.skip("the package index cannot be reached (offline?) and pip's cache does not "
                    "hold every pinned package: the Binder check needs the network once")
    assert install.returncode == 0, f"pip install -r binder/requirements.txt failed:\n" \
                                    f"{install.stdout[-3000:]}\n{install.stderr[-3000:]}"
    run(["bash", "binder/postBuild"], cwd=repo, env=env, timeout=300)
    installed = time.monotonic() - started

    notebooks = sorted(str(p) for p in (repo / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    notebooks += sorted(str(p) for p in (repo / "apps").glob("*.ipynb"))
    assert notebooks, "no notebooks/NN-*.ipynb or apps/*.ipynb found: nothing to run"
    (tmp_path / "runner.py").write_text(RUNNER)
    report = json.loads(run([python, str(tmp_path / "runner.py"), *notebooks],
                            cwd=tmp_path, env=env, timeout=900).splitlines()[-1])

    # the kernel is the Binder environment's, with the package postBuild installed in it
    assert Path(report["kernel_prefix"]).resolve() == venv.resolve()
    assert Path(report["package"]).resolve().is_relative_to(venv.resolve())
    # Binder's environment holds the course, not CI's test tools
    listed = run([python, "-m", "pip", "list", "--format=freeze"], cwd=repo, env=env, timeout=120)
    installed_names = {line.split("==")[0].lower() for line in listed.splitlines()}
    assert not installed_names & {"pytest", "nbval", "playwright", "hypothesis"}
    assert (venv / "share" / "jupyter" / "voila" / "templates" / "haba" / "index.html.j2").is_file()
    assert untrusted_course_notebooks(repo / "notebooks", tmp_path / "jupyter-data") == []
    failures = [f"{Path(r['notebook']).name}: {r['error']}" for r in report["results"]
                if r["error"]]
    timings = ", ".join(f"{Path(r['notebook']).name} {r['seconds']} s"
                        for r in report["results"])
    print(f"binder environment built in {installed:.0f} s; notebooks: {timings}")
    assert not failures, "\n\n".join(failures)
    assert len(report["results"]) == len(notebooks)
