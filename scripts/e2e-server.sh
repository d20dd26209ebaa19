#!/usr/bin/env bash
# Starts the production build for the browser tests on a fresh embedded database.
# Its data folder (database and outgoing mail as .eml files) is E2E_DATA_DIR, which the
# Playwright config sets to a known path with the port in its name, so tests can read the mail.
set -euo pipefail
cd "$(dirname "$0")/.."
export E2E_DATA_DIR="${E2E_DATA_DIR:-/tmp/agency-e2e-${PORT:-3123}}"
case "$E2E_DATA_DIR" in
  /tmp/agency-e2e-*) rm -rf "$E2E_DATA_DIR" ;;
  *) [ ! -e "$E2E_DATA_DIR" ] || { echo "E2E_DATA_DIR must be new or under /tmp/agency-e2e-*" >&2; exit 1; } ;;
esac
mkdir -p "$E2E_DATA_DIR"
export DATA_DIR="$E2E_DATA_DIR"
# The tests set what they need: a developer's .env is not read.
export ENV_FILE=
# The privacy jobs' clock, moved forward by tests/e2e/popia.spec.ts (decision 014). The server
# refuses this file anywhere but in E2E_DATA_DIR.
export TEST_CLOCK_FILE="$E2E_DATA_DIR/clock-offset-ms"
[ -f build/server/index.js ] || npm run build
export CLASS_CHECK=throw
# Notification mail is grouped for 2 seconds, not 5 minutes, so journeys can read it.
export NOTIFICATION_MAIL_GROUP_SECONDS="${NOTIFICATION_MAIL_GROUP_SECONDS:-2}"
exec node server.ts
