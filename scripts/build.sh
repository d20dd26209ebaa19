#!/usr/bin/env bash
# The production build: React Router (client, server, prerendered pages), then precompression.
# React Router gives each prerender request 10 s (not configurable in 8.4); on a machine busy
# with other work the first one can take longer, so a timed-out build is tried again.
set -uo pipefail
cd "$(dirname "$0")/.."
for attempt in 1 2 3; do
  if npx react-router build; then
    exec node scripts/compress-build.ts
  fi
  echo "Build attempt $attempt failed; trying again…" >&2
  sleep 5
done
exit 1
