# Sourced by course.sh and run-tests.sh: create .venv once and install the course into it,
# with the versions pinned for Binder so every classroom runs the same stack.
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.haba-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ binder/requirements.txt -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -c binder/requirements.txt -e ".[test]"
  touch "$stamp"
fi
