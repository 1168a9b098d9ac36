#!/usr/bin/env bash
# App mode for the projector: one game's widget full screen in the browser, no code visible.
#   ./app.sh spookies      (./app.sh --list shows the games)
# Without bash (Windows, macOS): see the README; this is `haba-lessons app`.
set -euo pipefail
cd "$(dirname "$0")"
HABA_EXTRA=course source scripts/setup-env.sh
exec .venv/bin/haba-lessons app "$@"
