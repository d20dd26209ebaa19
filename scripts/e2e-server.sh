#!/usr/bin/env bash
# Starts the production build for the browser tests on a fresh embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d /tmp/agency-e2e-XXXXXX)}"
[ -f build/server/index.js ] || npm run build
exec node server.ts
