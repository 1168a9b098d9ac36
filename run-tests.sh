#!/usr/bin/env bash
# Set up the course with its test tools (first time only) and run every test: unit and
# property tests, nbval (strict) on every notebook, nbval on the generated student copies,
# the browser tests (JupyterLab and app mode in Debian's Chromium; skipped with the reason
# where /usr/bin/chromium is missing, except in CI) and the Binder check (a fresh
# environment from binder/ alone runs every notebook).
set -euo pipefail
cd "$(dirname "$0")"
HABA_EXTRA=test source scripts/setup-env.sh
rm -rf build/student-notebooks
.venv/bin/haba-lessons student-copies notebooks build/student-notebooks
# the German edition's shipped notebooks (notebooks/de, collected by nbval with notebooks/)
.venv/bin/haba-lessons student-copies notebooks/de build/student-notebooks/de
exec .venv/bin/python -m pytest tests notebooks build/student-notebooks \
  --nbval --nbval-current-env -rs "$@"
