#!/usr/bin/env bash
# Set up the course (first time only) and open it in JupyterLab.
#   ./course.sh            open the course
#   ./course.sh --student  open the student copies (exercises without solutions)
# Without bash (Windows, macOS): see the README; this is `haba-lessons open`.
set -euo pipefail
cd "$(dirname "$0")"
HABA_EXTRA=course source scripts/setup-env.sh
exec .venv/bin/haba-lessons open "$@"
