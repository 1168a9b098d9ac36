#!/usr/bin/env bash
# Set up the course with its test tools (first time only) and run every test: unit and
# property tests, nbval (strict) on every notebook, nbval on the generated student copies,
# the browser tests (JupyterLab and app mode in Debian's Chromium; skipped with the reason
# where /usr/bin/chromium is missing, except in CI) and the Binder check (a fresh
# environment from binder/ alone runs every notebook).
set -euo pipefail
cd "$(dirname "$0")"
HABA_EXTRA=test source scripts/setup-env.sh
# JupyterHub's web proxy for the class server's test, once, where npm is installed (without
# it that test is skipped with the reason, except in CI)
if [ ! -x deploy/class-server/node_modules/.bin/configurable-http-proxy ] \
    && command -v npm >/dev/null 2>&1; then
  npm ci --prefix deploy/class-server --no-audit --no-fund --loglevel=error
fi
rm -rf build/student-notebooks
.venv/bin/haba-lessons student-copies notebooks build/student-notebooks
# the German edition's shipped notebooks (notebooks/de, collected by nbval with notebooks/)
.venv/bin/haba-lessons student-copies notebooks/de build/student-notebooks/de
# On every logical core (PYTEST_XDIST_AUTO_NUM_WORKERS=N sets another number; an added -n 0
# runs in one process). --dist loadscope keeps each test module and each notebook (nbval: its
# cells share one kernel) on one worker; in collection order, so the long single tests (the
# browser tests, the Binder check) start first and the short notebooks fill the end.
exec .venv/bin/python -m pytest tests notebooks build/student-notebooks \
  --nbval --nbval-current-env -rs \
  --numprocesses logical --dist loadscope --no-loadscope-reorder "$@"
