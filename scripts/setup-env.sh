# Sourced by course.sh, app.sh and run-tests.sh after `cd` to the course folder:
#   HABA_EXTRA=course (the teacher's commands) or HABA_EXTRA=test (the test command).
# Checks Python first, (re)builds .venv when it is missing or half-made, and installs the
# course with the versions pinned in binder/requirements.txt (plus the test tools pinned in
# scripts/test-constraints.txt for the test command). Each problem gets one plain sentence.
PYTHON=${PYTHON:-python3}
HABA_EXTRA=${HABA_EXTRA:-course}
haba_fail() { printf 'haba_lessons: %s\n' "$*" >&2; exit 1; }

# 1. A Python that can run the course.
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  haba_fail "Python 3.11 or newer is needed, and '$PYTHON' was not found: install Python 3.11+ (https://www.python.org/downloads/; Debian/Ubuntu: sudo apt install python3 python3-venv) and run this again."
fi
haba_version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)
case "$haba_version" in
  3.1[1-9]|3.[2-9][0-9]) ;;
  *) haba_fail "Python 3.11 or newer is needed, but '$PYTHON' is Python ${haba_version:-of unknown version}: install Python 3.11+ and run this again (or name it: PYTHON=python3.12 $0)." ;;
esac

# 2. A complete .venv: its own python, the right version, and pip.
haba_venv_ok() {
  [ -x .venv/bin/python ] &&
    .venv/bin/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null &&
    .venv/bin/python -m pip --version >/dev/null 2>&1
}
if [ -e .venv ] && ! haba_venv_ok; then
  echo "haba_lessons: .venv is incomplete (no python or no pip in it): rebuilding it." >&2
  rm -rf .venv
fi
if [ ! -e .venv ]; then
  echo "haba_lessons: creating .venv with $PYTHON (Python $haba_version) ..."
  if ! "$PYTHON" -m venv .venv || ! haba_venv_ok; then
    rm -rf .venv
    haba_fail "Python's venv module could not make a virtual environment with pip: install it (Debian/Ubuntu: sudo apt install python3-venv, or python$haba_version-venv) and run this again."
  fi
fi

# 3. The course's packages, installed once and again only when the pins change.
haba_constraints=(-c binder/requirements.txt)
[ "$HABA_EXTRA" = test ] && haba_constraints+=(-c scripts/test-constraints.txt)
haba_stamp=.venv/.haba-installed-$HABA_EXTRA
haba_fresh() {  # is stamp $1 newer than everything that decides what is installed?
  [ -f "$1" ] && [ ! pyproject.toml -nt "$1" ] && [ ! binder/requirements.txt -nt "$1" ] &&
    [ ! scripts/test-constraints.txt -nt "$1" ]
}
if ! haba_fresh "$haba_stamp" && ! { [ "$HABA_EXTRA" = course ] && haba_fresh .venv/.haba-installed-test; }; then
  echo "haba_lessons: installing the course ($HABA_EXTRA) into .venv; the first time this downloads packages and takes a few minutes ..."
  haba_log=.venv/pip-install.log
  if ! .venv/bin/python -m pip install --disable-pip-version-check --progress-bar on \
      "${haba_constraints[@]}" -e ".[$HABA_EXTRA]" 2>&1 | tee "$haba_log"; then
    if grep -qE 'NewConnectionError|Failed to establish a new connection|Temporary failure in name resolution|Network is unreachable|ConnectTimeoutError|ProxyError|No matching distribution found' "$haba_log"; then
      haba_fail "the first install needs the internet once, to download the course's packages, and the package index could not be reached: connect to the internet and run this again."
    fi
    haba_fail "installing the course failed (pip's messages are above and in $haba_log); nothing was changed that a re-run will not repair."
  fi
  touch "$haba_stamp"
  echo "haba_lessons: installed. Later starts skip this step and need no internet."
fi
