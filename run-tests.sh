#!/usr/bin/env bash
# Set up the course (first time only) and run every test: unit and property tests, nbval
# (strict) on every notebook, and nbval on the generated student copies.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup-env.sh
rm -rf build/student-notebooks
.venv/bin/python -m haba_lessons.student_copies notebooks build/student-notebooks
exec .venv/bin/python -m pytest tests notebooks build/student-notebooks \
  --nbval --nbval-current-env "$@"
