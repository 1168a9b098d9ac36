#!/usr/bin/env bash
# App mode for the projector: one game's widget full screen in the browser, no code visible.
#   ./app.sh spookies      (./app.sh --list shows the games)
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup-env.sh
exec .venv/bin/python apps/launch.py "$@"
