#!/usr/bin/env bash
# The browser journeys' server with two instances (issue 36, point 5): two production servers on
# one fresh PostgreSQL database (TEST_DATABASE_URL's server) behind scripts/round-robin-proxy.ts
# on PORT. Both share E2E_DATA_DIR, so the tests read every mail in one folder and see whether a
# mail was sent once. Used by playwright.config.ts when E2E_SCALE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:?the two-instance journeys need PostgreSQL (TEST_DATABASE_URL)}"
PORT="${PORT:?}"
export E2E_DATA_DIR="${E2E_DATA_DIR:-/tmp/agency-e2e-${PORT}}"
case "$E2E_DATA_DIR" in
  /tmp/agency-e2e-*) rm -rf "$E2E_DATA_DIR" ;;
  *) echo "E2E_DATA_DIR must be under /tmp/agency-e2e-*" >&2; exit 1 ;;
esac
mkdir -p "$E2E_DATA_DIR"
export DATA_DIR="$E2E_DATA_DIR" ENV_FILE= CLASS_CHECK=throw
export TEST_CLOCK_FILE="$E2E_DATA_DIR/clock-offset-ms"
export AUTH_SECRET="two-instance-journeys-secret-0000000001"
export TRUSTED_PROXIES=127.0.0.1
# Notification mail is grouped for 2 seconds, not 5 minutes, so journeys can read it.
export NOTIFICATION_MAIL_GROUP_SECONDS="${NOTIFICATION_MAIL_GROUP_SECONDS:-2}"
db="e2e_scale_${PORT}"
psql "$TEST_DATABASE_URL" -qc "drop database if exists ${db} with (force)" -c "create database ${db}"
export DATABASE_URL="${TEST_DATABASE_URL%/*}/${db}"
[ -f build/server/index.js ] || npm run build

pids=()
stop() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait; }
trap stop EXIT INT TERM
# One after the other: the first applies the migrations to the new database.
for n in 1 2; do
  PORT=$((PORT + n)) node server.ts &
  pids+=($!)
  until curl -sf "http://127.0.0.1:$((PORT + n))/readyz" >/dev/null; do
    kill -0 "${pids[$((n - 1))]}" 2>/dev/null || { echo "instance $n stopped" >&2; exit 1; }
    sleep 0.2
  done
done
node scripts/round-robin-proxy.ts "$PORT" $((PORT + 1)) $((PORT + 2)) &
pids+=($!)
wait -n
