#!/usr/bin/env bash
# Set up the course (first time only) and open it in JupyterLab.
#   ./course.sh            open the course
#   ./course.sh --student  open the student copies (exercises without solutions)
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup-env.sh
folder=notebooks
if [ "${1:-}" = "--student" ]; then
  .venv/bin/python -m haba_lessons.student_copies notebooks student-notebooks >/dev/null
  folder=student-notebooks
fi
if [ "$(id -u)" = 0 ]; then
  # Containers and classroom images often run as root, which JupyterLab refuses by default.
  exec .venv/bin/jupyter lab --allow-root "$folder/00-welcome.ipynb"
fi
exec .venv/bin/jupyter lab "$folder/00-welcome.ipynb"
